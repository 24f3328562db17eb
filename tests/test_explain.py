"""The explanation search's parts: square candidates, and evidence slips kept by content."""

from __future__ import annotations

import random

from bench.repair_runs import RepairRun, run_repair, shares
from maerstanas_print.games.maerstanas.engine import SQUARES, Move, Position, square_name
from maerstanas_print.play.slip_model import (
    character_chance,
    removals_cost,
    score_cost,
    score_off_chance,
)
from maerstanas_print.plugins.maerstanas.explain import square_changes
from maerstanas_print.plugins.maerstanas.repair import MAX_FIXES
from tests.copier import ISSUE_KINDS, TUNING_SETS, Copy, copied_set
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
    # the copier's score slips are off by one or two points about equally often
    # (fitted): both are likelier than three points off, and than both numbers off
    assert abs(sum(score_off_chance(off) for off in range(1, 60)) - 1) < 1e-9
    assert score_cost((17, 15), (17, 18)) > score_cost((17, 16), (17, 18))
    assert abs(score_cost((17, 16), (17, 18)) - score_cost((17, 17), (17, 18))) < 0.1
    assert score_cost((16, 17), (17, 18)) > score_cost((17, 16), (17, 18))


def test_a_removal_list_one_handwriting_confusion_off_is_the_likeliest_rewrite() -> None:
    # One square's character miscopied, as the copier does (a confusion likelier
    # than another character), or a square left out, outranks a whole square
    # wrong or one added; a longer list has more squares to slip in, so each is
    # less likely
    confused = removals_cost(("A7", "C1"), ("A7", "C7"))
    other_digit = removals_cost(("A7", "C3"), ("A7", "C7"))
    whole_square = removals_cost(("A7", "E1"), ("A7", "C7"))
    left_out = removals_cost(("A7",), ("A7", "C7"))
    added = removals_cost(("A7", "C7", "E1"), ("A7", "C7"))
    assert confused < other_digit < whole_square
    assert left_out < whole_square and left_out < added
    assert removals_cost(("C1",), ("C7",)) < confused


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


# --- slips that show out of the order they were made, two rows left out, ties ------


def _tuning_copy(name: str, number: int) -> Copy:
    spec = next(spec for spec in TUNING_SETS if spec.name == name)
    return spec.copies(number + 1)[number]


def _repaired(name: str, number: int, *written: str) -> RepairRun:
    """The repair of tuning copy `number` of set `name`, after checking that the copy
    holds each of `written` (the slips a test's comment describes)."""
    made = _tuning_copy(name, number)
    assert all(text in made.damaged for text in written), written
    return run_repair(made.damaged, made.original)


def test_an_earlier_slip_found_after_a_later_one_is_explained() -> None:
    # 4. F7 copied as B7... as F7 where B7 was played (ply 6), and 7... C2 as G2
    # (ply 13). G2 is occupied, so the replay stops there first; with C2 written back
    # it stops at ply 24, where F7 gives a stone four hinges: the earlier slip shows
    # after the later. The old search looked for a second slip only after the first.
    run = _repaired("two slips, every kind", 28)
    assert run.rank == 1 and not run.unique


def test_a_move_meant_for_a_square_an_earlier_slip_took_is_explained() -> None:
    # 9... B4 copied as E4, and 19. E4 as E1: E1 is occupied, and E4, what was
    # meant, is taken by the first slip, so no one change at 19. makes the move
    # legal; both change at once.
    run = _repaired("two slips", 28, "9. E5 E4", "19. E1")
    assert run.rank == 1 and not run.unique


def test_a_swap_at_the_stop_onto_a_square_an_earlier_slip_took_is_explained() -> None:
    # 3... F7 copied as E7, and 16. E7 W B2 as 16. W B2 E7: Dark's Woden-stone on its
    # own B2 stops the replay; swapping the row back puts E7 where the first slip
    # already stands, so neither slip alone gets the replay further: both at once.
    run = _repaired("two slips", 14, "3. A4 E7", "16. W B2 E7")
    assert run.rank == 1


def test_an_earlier_stone_one_character_from_a_woden_stones_target_is_moved() -> None:
    # 6... G3 copied as G7, and 12... A4 as D4 (D4 written twice). With D4 put right,
    # 17. W G3 finds G3 empty: the stone meant for it is G7, eleven plies back and out
    # of reach of G3's neighbours, one character from G3.
    run = _repaired("two slips, second set", 91, "6. C7 G7", "12. G6 D4", "17. W G3")
    assert run.rank in (1, 2)  # tied with D4 put right in the other row


def test_a_second_slip_seen_only_in_the_score_line_is_looked_for_after_the_first() -> None:
    # 3... D1 copied as D2 (D2 written twice), and 8. G7 F2 as 8. F2 G7. With D2
    # put right the moves replay and only the score line disagrees: the swap, 22
    # plies before the end, was outside the window the search looked in.
    run = _repaired("two slips", 39, "3. G5 D2", "8. F2 G7")
    assert 1 <= run.rank <= 3


def test_two_swaps_seen_only_in_the_score_line_are_offered() -> None:
    from maerstanas_print.notation.parser import RecordReader
    from maerstanas_print.plugins.maerstanas.explain import Explainer, start_position

    made = _tuning_copy("two slips", 13)
    game = next(iter(RecordReader(made.damaged)))
    start = start_position(game)
    assert start is not None
    found = Explainer(game, made.damaged, start).run()
    swaps = {frozenset(s.message for s in e.slips) for e in found if e.count == 2}
    assert frozenset({"swap B3 and F5", "swap B2 and G2"}) in swaps


def test_two_rows_left_out_are_two_errors_one_at_each_gap(capsys, tmp_path) -> None:
    from maerstanas_print.cli import main
    from tests.test_repair import TEXT

    damaged = tmp_path / "d.mrs"
    damaged.write_text(TEXT.replace("8. F3 F1 ", "").replace("14. E6 E7 ", ""), "utf-8")
    assert main(["check", str(damaged)]) == 1
    out = capsys.readouterr().out
    assert out.count(": error M") == 2
    assert "row 8 is missing" in out and "row 14 is missing" in out
    assert "`*`" not in out


def test_fixes_of_equal_cost_are_said_to_fit_equally_well() -> None:
    # E1 (row 11) copied as E4, which row 17 plays: E4 at 17 is occupied. Writing
    # E1 at row 11 or at row 17 gives two games that agree with all the evidence,
    # and the same slip: neither is likelier.
    from maerstanas_print.notation.parser import RecordReader
    from maerstanas_print.play.repair import fix_lines, repair_game
    from maerstanas_print.play.verify import replay

    made = _tuning_copy("one slip", 4)
    reader = RecordReader(made.damaged)
    game = next(iter(reader))
    repair = repair_game(game, replay(game), reader.source)
    assert repair.fixes[0].cost == repair.fixes[1].cost
    lines = fix_lines(repair, reader.source, game)
    assert any("fix 1 and fix 2 fit all the evidence equally well" in line for line in lines)
    run = run_repair(made.damaged, made.original)
    assert (run.rank, run.shared_first, run.shared_top3) == (2, 0.5, 1.0)


def test_a_tie_counts_as_its_share_of_the_places() -> None:
    assert shares([1.0, 2.0, 3.0], 1) == (1.0, 1.0)
    assert shares([1.0, 1.0, 2.0], 2) == (0.5, 1.0)
    assert shares([1.0, 2.0, 2.0, 2.0, 2.0], 3) == (0.0, 0.5)
    assert shares([1.0, 2.0], 0) == (0.0, 0.0)


def test_a_slip_that_first_shows_in_a_removal_list_is_taken_further() -> None:
    # 2. B2 copied as B3 (ply 2) shows first at 10... T A2xB2/A3, whose list names
    # B2, which is empty as written, and only then, with 16. G6 copied as A6, as an
    # illegal move at ply 30. B2 written back leaves the replay stopping at ply 30
    # as before, with the removal list now agreeing: the old search dropped it as
    # no progress and found no explanation with the copied game.
    run = _repaired("two slips", 81, "2. B3 A3", "10. C5 T A2xB2/A3")
    assert run.rank == 1 and not run.unique


def test_a_special_stone_played_twice_looks_for_the_swap_that_gave_it_away() -> None:
    # Dark's 6. T D5 and Light's 5... D3 swapped (Light now plays the
    # thunder-stone), and Light's 17... T E7 copied as T A7: at A7 Light has
    # already played its thunder-stone and A7 is occupied. Whose turn the earlier
    # thunder-stone was is the evidence: the swap and the square together explain it.
    run = _repaired("two slips", 113, "5. G4 T D5xC5 6. D3 B1", "T A7xE6/D7")
    assert run.rank == 1 and not run.unique


def test_an_earlier_slip_near_the_stopped_move_is_found_however_far_back() -> None:
    # 6... G5 copied as G6 (ply 11) and 9. G2 as G3 (ply 16): G3 played again at
    # ply 20 stops the replay; with G2 written back, it stops only at ply 39, where
    # a stone on F6 would have four hinges, one of them the G6 beside it. G6 is
    # 28 plies back: the old search looked only 24 plies back and found no
    # explanation with the copied game (now it ties with G2 written at ply 20).
    run = _repaired("two slips, every kind", 7, "6. D3 G6", "9. G3")
    assert 1 <= run.rank <= 2 and not run.unique


def test_a_woden_stone_on_its_own_side_looks_for_the_swap_that_changed_hands() -> None:
    # Light's 6... C6 and Dark's 7. F7 swapped (C6 is now Dark's), and 14. C5
    # copied as C2 (occupied). With C5 written back the replay stops at 18. W C6:
    # Dark's Woden-stone on Dark's own stone. Whose turn C6 was is the evidence:
    # the old search looked no further back than its first slip and found no
    # explanation with the copied game; now C6 given back to Light is found
    # (the swap with F7, or with G6 after it, explains it alike).
    run = _repaired("two slips, second set", 135, "6. E3 F7 7. C6 G6", "14. C2")
    assert 1 <= run.rank <= 2 and not run.unique
