"""The movement games' score sheet: fields wide enough for the longest move and
capture list, worked examples that replay, the result and ending, `--from`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.draw.shapes import Group, Line, Rect, Shape
from maerstanas_print.games import game_named
from maerstanas_print.games.tafl.score_notation import (
    examples,
    longest_capture,
    longest_move,
)
from maerstanas_print.notation.parser import parse_game
from maerstanas_print.plugins.tafl.score_sheet import (
    CHAR_MM,
    MARGIN,
    TaflScoreSheetOptions,
    layout,
    score_sheet,
    split_move,
)
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import PAPERS, WRITING_LINE
from tests.pdf_tools import all_text, text_runs

SLUGS = ["cyngesheall", "hnefatafl1992"]
# The longest texts a reader can write by hand from the rules: on 19x19 a king's move
# between two-digit squares, and the king taken with two men, all on two-digit squares;
# on 7x7 the commander arriving diagonally takes four, the king and commander among them.
LONGEST = {"hnefatafl1992": ("KJ10-J12!", "xKJ10/I11/K11!"),
           "cyngesheall": ("KA5-A1!", "xKB3/CC4/D3/C2!")}
DOCS = Path(__file__).resolve().parents[1] / "docs" / "printables.md"


def _moves_groups(shapes: tuple[Shape, ...]) -> list[Group]:
    out = []
    for shape in shapes:
        if isinstance(shape, Group):
            if (shape.title or "").startswith("Moves "):
                out.append(shape)
            else:
                out += _moves_groups(shape.children)
    return out


def _fields(slug: str, paper: str = "a4") -> tuple[list[float], list[float]]:
    """The widths (mm) of every move box and every capture line on the sheet."""
    page = score_sheet(TaflScoreSheetOptions(game_named(slug), paper)).pages[0]
    boxes: list[float] = []
    lines: list[float] = []
    for group in _moves_groups(page.shapes):
        rules = [s for s in group.children if isinstance(s, Line) and s.y1 == s.y2
                 and s.stroke == WRITING_LINE]
        full = max(s.x2 - s.x1 for s in rules)
        lines += [s.x2 - s.x1 for s in rules if s.x2 - s.x1 < full / 2]
        boxes += [s.w for s in group.children if isinstance(s, Rect)]
    return boxes, lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("slug", SLUGS)
def test_fields_hold_the_longest_move_and_capture_by_hand(slug: str, paper: str) -> None:
    move, capture = LONGEST[slug]
    game = game_named(slug)
    assert len(longest_move(game)) >= len(move)
    assert len(longest_capture(game)) >= len(capture)
    boxes, lines = _fields(slug, paper)
    assert boxes and len(boxes) == len(lines)
    assert min(boxes) >= len(move) * CHAR_MM, (min(boxes), move)
    assert min(lines) >= len(capture) * CHAR_MM, (min(lines), capture)


@pytest.mark.parametrize("slug", SLUGS)
def test_worked_examples_are_real_moves_of_the_game(slug: str) -> None:
    """Each example replays without a word from the checker in its position; the
    capture takes what it says, and the king's capture ends the game with `!`."""
    game = game_named(slug)
    cases = examples(game)
    assert len(cases) == 4  # a move, a lettered move, a capture, the king taken
    for case in cases:
        first = "Light" if case.first else "Dark"
        record = (f'[Game "{game.tag}"]\n[Setup "{case.setup}"]\n[FirstPlayer "{first}"]\n\n'
                  f"{case.text} *\n")
        replayed = game.replay(parse_game(record))
        assert replayed.diagnostics == [], (case, replayed.diagnostics)
        (step,) = replayed.main.steps
        assert bool(step.removed) == ("x" in case.text), case
    plain, lettered, capture, king = (case.text for case in cases)
    assert plain[0] not in "KC" and lettered[0] in "KC"
    assert re.search(r"x[A-Z]\d+(/[A-Z]\d+)+$", capture)  # two taken, `/` between
    assert re.search(r"xK[A-Z]\d+!$", king)  # the king keeps his letter, `!` comes last


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_shows_examples_result_ending_and_sheet_number(tmp_path, slug: str) -> None:
    out = tmp_path / "s.pdf"
    assert main(["scoresheet", "--game", slug, "-o", str(out)]) == 0
    text = " ".join(all_text(out.read_bytes()).split())
    for case in examples(game_named(slug)):  # as a row holds it: move, then what it took
        move, taken = split_move(case.text)
        assert f"{move} {taken}".strip() in text, case
    dark, light = ("Black", "White") if slug == "hnefatafl1992" else ("Dark", "Light")
    for field in (f"1-0 ({dark} won)", f"0-1 ({light} won)", "1/2-1/2", "* (unfinished)",
                  "Ended by", "escape", "king captured", "no legal move", "repetition",
                  "agreed", "Sheet", "of"):
        assert field in text, field


def _numbers(pdf: bytes) -> list[int]:
    return [int(run.text[:-1]) for run in text_runs(pdf) if re.fullmatch(r"\d+\.", run.text)]


@pytest.mark.parametrize("slug", SLUGS)
def test_from_numbers_a_following_sheet(tmp_path, slug: str) -> None:
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    assert main(["scoresheet", "--game", slug, "-o", str(first)]) == 0
    numbers = _numbers(first.read_bytes())
    assert numbers == list(range(1, len(numbers) + 1))
    following = numbers[-1] + 1
    # The foot names the next sheet's first move (a page is no place for a command).
    assert f"moves start at {following}" in all_text(first.read_bytes())
    assert main(["scoresheet", "--game", slug, "--from", str(following), "-o",
                 str(second)]) == 0
    more = _numbers(second.read_bytes())  # the slim head of a following sheet leaves more
    assert more == list(range(following, following + len(more))) and len(more) > len(numbers)


@pytest.mark.parametrize("value", ["0", "-3", "x", "1.5", "10000"])
def test_from_refuses_what_is_not_a_move_number(capsys, value: str) -> None:
    assert main(["scoresheet", "--game", "cyngesheall", f"--from={value}", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "--from" in err and "Traceback" not in err


def test_from_is_refused_for_a_sheet_that_holds_a_whole_game(capsys) -> None:
    assert main(["scoresheet", "--from", "5", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "one sheet" in err and "Traceback" not in err


def test_docs_give_what_the_sheet_holds() -> None:
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    for paper, name in (("a4", "A4"), ("letter", "Letter")):
        counts = {len(_fields(slug, paper)[0]) // 2 for slug in SLUGS}
        assert len(counts) == 1, counts  # the same for every movement game
        assert f"{next(iter(counts))} moves on {name}" in text
        if paper == "a4":  # the example command numbers the second A4 sheet
            assert f"--game hnefatafl1992 --from {next(iter(counts)) + 1}`" in text
    assert "one on A4 and Letter" in text
    sheet = SHEETS.of(game_named("hnefatafl1992")).score_sheet("a4", 1)
    following = SHEETS.of(game_named("hnefatafl1992")).score_sheet("a4", sheet.next_move)
    assert f"room for more rows ({following.next_move - sheet.next_move} moves on A4)" in text
    for slug in SLUGS:
        for paper in ("a4", "letter"):
            assert layout(game_named(slug), PAPERS[paper].width - 2 * MARGIN, 99)[0] == 1
    big, small = game_named("hnefatafl1992"), game_named("cyngesheall")
    assert (f"{len(longest_move(big))} characters for a move and "
            f"{len(longest_capture(big))} for a capture list in the 1992 game") in text
    assert f"{len(longest_move(small))} and {len(longest_capture(small))} in Cyngesheall" in text
    for move, capture in LONGEST.values():
        assert f"`{move}`" in text and f"`{capture}`" in text
    assert f"`{examples(big)[-1].text}` on the 1992 sheet" in text
