"""The library as a Python user meets it: moves, push and pop, scores, records, pictures."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import maerstanas_print as mp
from maerstanas_print import Move, Position, Score, TagDate, svg
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "maerstanas_print" / "samples" / "sample-game.mrs"


def _state(position: Position) -> tuple[object, ...]:
    return (
        tuple(position.stones),
        position.thunder_stones,
        position.woden_stones,
        tuple(position.hands or ()),
        position.turn,
        position.ply,
    )


def test_moves_are_checked_when_made_and_read_and_written_in_notation() -> None:
    assert Move.from_text("T E4") == Move.thunder(mp.parse_square("E4"))
    assert Move.from_text("W C3") == Move("woden", 16)
    assert Move.from_text("Pass") == Move.pass_()
    assert Move.from_text("T E4xE3/D4") == Move.thunder(25)  # the x list is the board's
    assert repr(Move.from_text("E4")) == "Move('E4')"
    assert str(Move.from_text(" W G7 ")) == "W G7"
    for bad in ("E8", "X E4", "e4e4", "", "T"):
        with pytest.raises(ValueError, match="is not a Mǽrstánas move"):
            Move.from_text(bad)
    with pytest.raises(ValueError, match="needs a square 0..48"):
        Move("place", 60)
    with pytest.raises(ValueError, match="a move is one of"):
        Move("jump", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a pass has no square"):
        Move("pass", 3)


@pytest.mark.parametrize("seed", range(30))
def test_pop_undoes_every_push_exactly(seed: int) -> None:
    rng = random.Random(seed)
    position = Position.start()
    states = [_state(position)]
    played = []
    while moves := position.legal_moves():
        move = rng.choice(moves)
        position.push(move)
        played.append(move)
        states.append(_state(position))
    assert position.is_game_over()
    final_score = position.score()
    while played:
        assert position.peek() == played[-1]
        assert position.pop() == played.pop()
        states.pop()
        assert _state(position) == states[-1]
    assert position.peek() is None
    with pytest.raises(IndexError):
        position.pop()
    assert isinstance(final_score, Score)


def test_a_copy_keeps_or_drops_the_moves_to_take_back() -> None:
    position = Position.start()
    position.push(Move.from_text("D4"))
    assert position.copy().pop() == Move.from_text("D4")
    with pytest.raises(IndexError):
        position.copy(stack=False).pop()


def test_score_is_a_named_pair() -> None:
    position = Position.start()
    # Dark: A1 (two edge sides) and B1 (one), side by side (a pair): 4.
    # Light: G7 in the far corner (two edge sides): 2.
    for text in ("A1", "G7", "B1"):
        position.push(Move.from_text(text))
    score = position.score()
    assert score == (4, 2) and (score.dark, score.light) == (4, 2)
    dark, light = score
    assert (dark, light) == (4, 2)
    assert position.outcome() is None and position.ending is None


def test_tafl_positions_push_and_pop_too() -> None:
    for game in (CYNGESHEALL, HNEFATAFL_1992):
        rng = random.Random(7)
        position = game.start()
        boards = [list(position.board)]
        for _ in range(30):
            moves = position.legal_moves()
            if not moves:
                break
            position.push(rng.choice(moves))
            boards.append(list(position.board))
        seen = dict(position.seen)
        while position.ply:
            position.pop()
            boards.pop()
            assert position.board == boards[-1]
        assert sum(seen.values()) > sum(position.seen.values()) == 1
        assert position.outcome() is None and position.score() is None


def test_read_games_walk_and_typed_tags() -> None:
    records = mp.read_games(str(SAMPLE))
    assert len(records) == 1
    record = records[0]
    assert isinstance(record.date, TagDate) and str(record.date) == record.tag("Date")
    walked = list(record.walk())
    assert [node for node, depth in walked if depth == 0] == record.mainline.nodes
    assert all(depth in (0, 1, 2) for _, depth in walked)
    game = mp.replay(record)
    assert isinstance(game, mp.ReplayedGame) and game.game is MAERSTANAS
    assert game.score == (14, 16) and game.result == "Light"
    with pytest.raises(mp.InputError, match="no such file"):
        mp.read_games(str(ROOT / "no-such-record.mrs"))


def test_walk_visits_variations_in_reading_order() -> None:
    record = mp.parse("1. E4 (1. D4 D5 (1... C3) 2. A1) E5 2. B2 *").games[0]
    assert [(str(node.move), depth) for node, depth in record.walk()] == [
        ("E4", 0),
        ("D4", 1),
        ("D5", 1),
        ("C3", 2),
        ("A1", 1),
        ("E5", 0),
        ("B2", 0),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026.11.23", (2026, 11, 23)),
        ("2026.??.??", (2026, None, None)),
        ("????.??.??", (None, None, None)),
        ("2024.02.29", (2024, 2, 29)),
        ("2025.02.29", None),
        ("2026.13.40", None),
        ("2026.04.31", None),
        ("2026-11-23", None),
    ],
)
def test_dates_are_read_and_impossible_ones_refused(text: str, expected: object) -> None:
    date = TagDate.parse(text)
    assert (None if date is None else (date.year, date.month, date.day)) == expected


def test_svg_board_draws_any_games_position_in_one_call() -> None:
    position = Position.start()
    for text in ("D4", "E4", "T D5"):
        position.push(Move.from_text(text))
    picture = svg.board(position, lastmove=position.peek(), numbers={25: 2}, size=10)
    root = ET.fromstring(picture)
    assert root.tag.endswith("svg") and root.get("width") == root.get("height")
    assert "Mǽrstánas position" in picture
    # Two stones stand (E4 Light, D5 Dark's thunder-stone): D4 was removed.
    assert position.owner(mp.parse_square("D4")) is None
    assert "2" in "".join(root.itertext())
    tafl = CYNGESHEALL.start()
    move = tafl.legal_moves()[0]
    tafl.push(move)
    assert "Cyngesheall position" in svg.board(tafl, lastmove=move)
    with pytest.raises(ValueError, match="no registered game"):
        svg.board(object())
    with pytest.raises(ValueError, match="theme"):
        svg.board(position, theme="neon")


def test_bad_moves_games_and_pictures_are_refused_with_a_clear_error() -> None:
    for bad in ("D4xE4", "PassxA1", "W C3xC2"):  # only a thunder-stone removes stones
        with pytest.raises(ValueError, match="is not a Mǽrstánas move"):
            Move.from_text(bad)
    with pytest.raises(ValueError, match="written as text"):
        Move.from_text(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a square"):
        Move("place", True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="only a Game"):
        mp.register(object())  # type: ignore[arg-type]
    from maerstanas_print.games.tafl import TaflGame
    from maerstanas_print.games.tafl.cyngesheall import DEFINITION

    for field, value in (("slug", "../../evil"), ("tag", "Two words")):
        from dataclasses import replace

        with pytest.raises(ValueError, match="letters"):
            TaflGame(replace(DEFINITION, **{field: value}))
    with pytest.raises(ValueError, match="not a position of Mǽrstánas"):
        svg.board(CYNGESHEALL.start(), game=MAERSTANAS)
    with pytest.raises(ValueError, match="numbers names square 99"):
        svg.board(Position.start(), numbers={99: 1})
    with pytest.raises(ValueError, match="coordinates"):
        svg.board(Position.start(), coordinates="x")
    with pytest.raises(ValueError, match="size"):
        svg.board(Position.start(), size="9")  # type: ignore[arg-type]
