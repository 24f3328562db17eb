"""The one pipeline every command shares (`play.checking.check_games`) and the
walks of a record and of a replay (`RecordVisitor`, `ReplayVisitor`)."""

from __future__ import annotations

import pytest
from record_helpers import sample_text

from maerstanas_print.notation.parser import parse
from maerstanas_print.notation.record import (
    Comment,
    GameRecord,
    Line,
    PlyNode,
    RecordVisitor,
    Tag,
    Termination,
)
from maerstanas_print.play.checking import NO_FIX_SEARCH, FixBudget, check_games, fix_text
from maerstanas_print.play.replayed import ReplayedLine, ReplayVisitor, Step
from maerstanas_print.play.verify import replay

TEXT = sample_text()
SLIPPED = TEXT.replace("8. F3 F1", "8. F3 F7")  # one slip, later errors follow from it


def test_a_valid_game_is_replayed_and_never_searched() -> None:
    [game] = check_games(TEXT, "s.mrs")
    assert game.valid and game.repair is None and game.fixes == []
    assert game.diagnostics == game.replayed.diagnostics
    assert game.record.tag("Game") is None and game.replayed.score == (14, 16)


def test_an_invalid_game_carries_its_fixes_under_the_error_they_explain() -> None:
    checked = check_games(SLIPPED, "s.mrs")
    [game] = checked
    assert not game.valid and game.fixes[0].message == "write F1 for F7"
    explained = [d for d in game.diagnostics if game.explains(d)]
    assert len(explained) == 1 and explained[0].severity == "error"
    assert all(d.severity != "error" for d in game.diagnostics if d is not explained[0])
    lines = game.fix_lines(explained[0], checked.source)
    assert lines[0].startswith(("  fix: write F1 for F7 at ", "  fix 1: write F1 for F7 at "))
    assert all(
        game.fix_lines(d, checked.source) == [] for d in game.diagnostics if d is not explained[0]
    )


def test_the_budget_bounds_the_searches_and_is_shared() -> None:
    budget = FixBudget(1)
    first = list(check_games(SLIPPED + "\n" + SLIPPED, "two.mrs", budget=budget))
    assert [game.repair is not None for game in first] == [True, False]
    assert budget.left == 0
    again = list(check_games(SLIPPED, "more.mrs", budget=budget))  # the next piece
    assert again[0].repair is None and again[0].diagnostics == again[0].replayed.diagnostics
    [unsearched] = check_games(SLIPPED, "s.mrs", budget=NO_FIX_SEARCH)
    assert unsearched.repair is None and NO_FIX_SEARCH.left == 0


def test_problems_outside_any_game_and_placement_in_a_larger_file() -> None:
    checked = check_games(TEXT, "big.mrs", first_index=5, first_line=100)
    [game] = checked
    assert game.record.index == 5 and checked.source.first_line == 100
    assert checked.diagnostics == []


def test_fix_text_applies_a_sure_fix_or_the_one_chosen() -> None:
    # A square changed to fit may have a rival the search did not reach: left as is
    fixed, _source = fix_text(SLIPPED, "s.mrs")
    assert fixed.text == SLIPPED and not fixed.applied and fixed.unsure == 1
    fixed, _source = fix_text(SLIPPED, "s.mrs", choice=1)
    assert fixed.text == TEXT and len(fixed.applied) == 1 and fixed.unsure == 0
    # A removal list is one slip of evidence: applied alone
    listed = TEXT.replace("T A6xA5/B6/A7", "T A6xA5/B5/A7")
    fixed, _source = fix_text(listed, "s.mrs")
    assert fixed.text == TEXT and len(fixed.applied) == 1


class _Trace(RecordVisitor[list[str]]):
    def __init__(self) -> None:
        self.seen: list[str] = []

    def begin_game(self, record: GameRecord) -> None:
        self.seen.append("game")

    def visit_tag(self, tag: Tag) -> None:
        self.seen.append(f"[{tag.name}]")

    def visit_comment(self, comment: Comment) -> None:
        self.seen.append("{" + comment.text + "}")

    def visit_move(self, node: PlyNode) -> None:
        self.seen.append(str(node.move) + "".join(f"${nag}" for nag in node.nags))

    def begin_variation(self, line: Line) -> None:
        self.seen.append("(")

    def end_variation(self, line: Line) -> None:
        self.seen.append(")")

    def visit_termination(self, termination: Termination) -> None:
        self.seen.append("end")

    def end_game(self, record: GameRecord) -> None:
        self.seen.append("done")

    def result(self) -> list[str]:
        return self.seen


RECORD = '[Event "x"]\n\n{before} 1. E4 {e4} (1. D4 {d4} (1. C3) 2. A1) E5 $2 2. B2 * {after}\n'


def test_a_record_visitor_sees_everything_in_reading_order() -> None:
    record = parse(RECORD).games[0]
    assert record.accept(_Trace()) == [
        "game",
        "[Event]",
        "{before}",
        "E4",
        "{e4}",
        "(",
        "D4",
        "{d4}",
        "(",
        "C3",
        ")",
        "A1",
        ")",
        "E5$2",
        "B2",
        "end",
        "{after}",
        "done",
    ]


class _Steps(ReplayVisitor):
    def __init__(self) -> None:
        self.seen: list[str] = []

    def visit_step(self, step: Step) -> None:
        self.seen.append(f"{step.number}{'...' if step.second else '.'}{step.move}")

    def visit_comment(self, comment: Comment) -> None:
        self.seen.append("{" + comment.text + "}")

    def begin_variation(self, line: ReplayedLine) -> None:
        self.seen.append("(")

    def end_variation(self, line: ReplayedLine) -> None:
        self.seen.append(")")


def test_a_replay_visitor_sees_the_steps_with_their_numbers() -> None:
    game = replay(parse(RECORD).games[0], keep_positions=True)
    steps = _Steps()
    game.main.accept(steps)
    assert steps.seen == [
        "{before}",
        "1.E4",
        "{e4}",
        "(",
        "1.D4",
        "{d4}",
        "(",
        "1.C3",
        ")",
        "1...A1",
        ")",
        "1...E5",
        "2.B2",
    ]
    assert len(game.main.positions()) == len(game.main.steps) + 1
    assert game.main.positions()[-1] is game.main.steps[-1].after


def test_positions_need_a_replay_that_kept_them() -> None:
    game = replay(parse(RECORD).games[0])
    with pytest.raises(ValueError, match="keep_positions"):
        game.main.positions()
