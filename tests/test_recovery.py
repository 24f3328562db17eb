"""Issue 12, findings 1 and 3-6: a slip whose intent is clear is reported and read
as intended, so the rest of its game is still checked, and the hints speak to
what the copier wrote."""

from __future__ import annotations

import re

import pytest
from record_helpers import diagnostics, formatted, sample_text

SAMPLE = sample_text()
# 8. F3 F1: the two squares are hand-checked against the sample's replay.
WRONG_SCORE = SAMPLE.replace("Dark: 14, Light: 16", "Dark: 14, Light: 17")


def codes(text: str) -> list[str]:
    return [row[1] for row in diagnostics(text)]


@pytest.mark.parametrize(
    ("slip", "written", "code"),
    [
        ("8. F3 F1", "8. F3 Pas F1", "M103"),  # read as Pass, which is illegal here
        ("8. F3 F1", "8. 3F F1", "M102"),
        ("17... T A6xA5/B6/A7", "17... T A6A5/B6/A7", "M104"),
        ("17... T A6xA5/B6/A7", "17... T A6 A5/B6/A7", "M104"),
        ("17... T A6xA5/B6/A7", "17... T 6AxA5/B6/A7", "M102"),
        ("17... T A6xA5/B6/A7", "17... T A6xA5,B6,A7", "M100"),
    ],
)
def test_a_clear_slip_does_not_hide_the_rest_of_the_game(
    slip: str, written: str, code: str
) -> None:
    found = codes(WRONG_SCORE.replace(slip, written))
    assert found[0] == code or code in found
    assert "M303" in found, found  # the score line is still checked in the same run
    assert "M404" not in found and "M100" not in found or code == "M100"


def test_thunder_typos_are_one_error_with_the_intended_move_as_hint() -> None:
    for written in ("T A6A5/B6/A7", "T 6AxA5/B6/A7", "T A6xA5,B6,A7", "T A6 A5/B6/A7"):
        text = SAMPLE.replace("T A6xA5/B6/A7", written)
        rows = diagnostics(text)
        assert [row[0] for row in rows] == ["error"], rows  # nothing spurious after it
        assert "hint: write `T A6xA5/B6/A7`" in formatted(text)
        assert (rows[0][2], rows[0][3]) == (26, 7)  # at the `T`


@pytest.mark.parametrize(
    "written", ["Dark 14, Light 16", "Dark: 14 Light: 16", "14-16", "Dark:14  Light:16"]
)
def test_score_line_forms_are_read_with_a_hint(written: str) -> None:
    text = SAMPLE.replace("Dark: 14, Light: 16", written)
    rows = diagnostics(text)
    assert [row[1] for row in rows] == ["M100"], rows  # no "no termination" after it
    assert "hint: write `Dark: 14, Light: 16`" in formatted(text)
    wrong = diagnostics(text.replace("16", "15").replace("14-15", "14-15"))
    assert "M303" in [row[1] for row in wrong]  # and the score it says is checked


def test_a_comma_between_moves() -> None:
    text = SAMPLE.replace("1. G4 D2", "1. G4, D2")
    rows = diagnostics(text)
    assert [row[1:4] for row in rows] == [("M100", 15, 6)]
    assert "moves are separated by spaces" in rows[0][4]
    assert "hint: remove the comma" in formatted(text)


def test_an_unclear_slip_still_stops_the_replay() -> None:
    found = codes(WRONG_SCORE.replace("8. F3 F1", "8. F3 Q9 F1"))
    assert found == ["M101"]


def test_forced_pass_left_out_with_the_score_sheets_numbers_is_only_a_warning() -> None:
    # The score sheet numbers the Pass: Light's move then carries the Pass's `17.`.
    text = re.sub(r"17\. Pass \{.*?\}\n17\.\.\. ", "17. ", SAMPLE, flags=re.S)
    assert "17. T A6" in text
    assert codes(text) == ["M403"]
    # A wrong number is still wrong.
    assert codes(text.replace("17. T A6", "16. T A6")) == ["M301", "M403"]


def test_lower_case_is_quoted_as_written() -> None:
    text = SAMPLE.replace("18. A5", "18. a5").replace("17. Pass", "17. pass")
    out = formatted(text)
    assert "`a5` is written in lower case" in out
    assert "hint: squares and markers are upper case: `A5`" in out
    assert "`pass` is written in lower case" in out and "hint: write `Pass`" in out
    assert "squares" not in out.split("`pass`")[1].split("\n")[2]


def test_one_placement_remains_in_the_singular() -> None:
    import random

    from maerstanas_print.games.maerstanas.engine import Position
    from tests.random_games import random_game, record_text

    # A random game cut where the engine counts one standard placement left.
    for seed in range(50):
        position, moves = Position.start(), []
        for move, _ in random_game(random.Random(seed)):
            moves.append((move, position.push(move)))
            if position.standard_placements().bit_count() == 1:
                break
        if position.standard_placements().bit_count() == 1 and not position.is_game_over():
            break
    text = record_text(moves).replace("*", "Dark: 0, Light: 0")
    assert "hint: 1 standard placement remains" in formatted(text)


@pytest.mark.parametrize(
    ("date", "hint"),
    [
        ("2026-11-20", "write `2026.11.20`"),
        ("2026/3/7", "write `2026.03.07`"),
        ("2026.13.40", "months run from 01 to 12"),
        ("last spring", "with ?? for an unknown part"),
    ],
)
def test_date_hints_follow_the_value(date: str, hint: str) -> None:
    text = SAMPLE.replace("2026.11.21", date)
    assert codes(text) == ["M405"]
    assert hint in formatted(text)


def test_real_dates_and_unknown_parts_pass() -> None:
    for date in ("2026.12.31", "2026.??.??", "????.??.??", "2026.02.??"):
        assert codes(SAMPLE.replace("2026.11.21", date)) == []


def test_a_score_like_comment_earlier_on_the_line_is_not_read_as_the_score() -> None:
    text = SAMPLE.replace("1. G4 D2", "{Dark 3, Light 4 at the club} 1. G4 @ D2")
    rows = diagnostics(text)
    assert [row[1] for row in rows] == ["M100"]
    assert "`@`" in rows[0][4]
