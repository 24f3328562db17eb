"""The explanation search's parts: square candidates, and evidence slips kept by content."""

from __future__ import annotations

import random

from bench.repair_runs import run_repair
from maerstanas_print.games.maerstanas.engine import SQUARES, Move, Position, square_name
from maerstanas_print.play.slip_model import character_chance, score_cost
from maerstanas_print.plugins.maerstanas.explain import square_changes
from maerstanas_print.plugins.maerstanas.repair import MAX_FIXES
from tests.copier import ISSUE_KINDS, copied_set
from tests.random_games import random_game


def test_square_candidates_are_the_squares_the_rules_allow() -> None:
    rng = random.Random(5)
    for _ in range(6):
        moves = random_game(rng, special_chance=0.15)
        position = Position.start()
        for move, _removed in moves[: rng.randrange(5, len(moves))]:
            position.push(move)
        for kind, square in (("place", 24), ("thunder", 0), ("woden", 48)):
            written = f"{'T ' if kind == 'thunder' else 'W ' if kind == 'woden' else ''}"
            written += square_name(square)
            listed = {m.square for m, *_ in square_changes(Move(kind, square), written, position)}
            allowed = {
                sq
                for sq in range(SQUARES)
                if sq != square and position.move_problem(Move(kind, sq)) is None
            }
            assert listed == allowed, (kind, str(position))


def test_square_candidates_say_where_the_square_is_written() -> None:
    _move, old, new, start, end = next(square_changes(Move.place(0), "T A7", Position.start()))
    assert (old, "T A7"[start:end]) == (square_name(0), "A7")
    assert new != old


def test_the_chances_of_a_wrong_character_and_score_line_add_up() -> None:
    for alphabet in ("ABCDEFG", "1234567"):
        for old in alphabet:
            assert abs(sum(character_chance(old, new) for new in alphabet) - 1) < 1e-9
    # one number off by one is likelier than by two, and than both numbers off
    assert score_cost((17, 16), (17, 18)) > score_cost((17, 17), (17, 18))
    assert score_cost((16, 17), (17, 18)) > score_cost((17, 16), (17, 18))


def test_a_swap_seen_only_in_a_miscopied_score_line_is_offered() -> None:
    # Light's 11th move and Dark's 12th swapped (both still replay), and the score
    # line miscopied as well: the score line alone, rewritten to what the moves as
    # written give, is one explanation; the swap with the score line rewritten to
    # what the swapped-back moves give is another, and the copied game. The old
    # search dropped it as a superset of the score line alone.
    copy = copied_set(2, 24, 2, (30, 45), ISSUE_KINDS)[23]
    assert "11. A6 G7 12. D2 F5" in copy.damaged
    run = run_repair(copy.damaged, copy.original)
    assert 1 <= run.rank <= 3 and not run.unique


def test_a_slip_before_a_row_left_out_is_explained_on_the_moves_before_it() -> None:
    # The sample with row 14 left out, and Light's A5 of row 3 copied as A6: the
    # slip shows at 13... B7 (four hinges on A7), before the gap. One error for
    # the slip, with fixes found on the moves before the gap alone (the score
    # line says nothing there), and one for the row left out; `--fix` applies none.
    from tests.test_repair import TEXT

    without_row = TEXT.replace("14. E6 E7 ", "")
    damaged = without_row.replace("3. B6 A5", "3. B6 A6")
    run = run_repair(damaged, without_row)
    errors = [d for d in run.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["M202", "M301"]
    assert "row 14 is missing" in errors[1].message
    assert 1 <= run.rank <= MAX_FIXES and not run.unique


def test_a_slip_after_a_wrong_removal_list_keeps_that_list_as_evidence() -> None:
    # A removal list miscopied, and the last row's two moves swapped (both still
    # replay; only the score line shows it). Replaying from the swap on once lost
    # the removal list before it: the swap alone looked like an explanation, and
    # the swap with the list rewritten (the copied game) was dropped as more.
    from tests.test_repair import TEXT

    damaged = TEXT.replace("T A6xA5/B6/A7", "T A6xA5/B5/A7").replace("18. A5 C7", "18. C7 A5")
    run = run_repair(damaged, TEXT)
    assert 1 <= run.rank <= 3 and not run.unique
