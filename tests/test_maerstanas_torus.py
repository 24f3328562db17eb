"""The torus only opens squares: what the book says of Advanced Mǽrstánas, checked.

The rulebook's wraparound chapter says that joining the edges never closes a
square the plain board leaves open (an edge side is always a hinge on the plain
board, and on the torus only when the square across is filled). These tests put
that sentence to the engine over random plain games, and check that every
position plain play reaches is one the figures accept (no stone with four hinges).
"""

from __future__ import annotations

import random

from maerstanas_print.games.maerstanas.engine import Position, Rules, parse_square


def _plain_positions(games: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    seen = []
    for _ in range(games):
        position = Position.start(Rules())
        while not position.is_game_over():
            position.push(rng.choice(position.legal_moves()))
            seen.append(position.copy(stack=False))
    return seen


def _on_the_torus(position: Position) -> Position:
    return Position(
        Rules(scoring="wraparound"),
        list(position.stones),
        position.thunder_stones,
        position.woden_stones,
        list(position.hands or [0, 0]),
        position.turn,
    )


def test_every_square_open_on_the_plain_board_is_open_on_the_torus() -> None:
    for position in _plain_positions(40, seed=21):
        plain = position.standard_placements()
        torus = _on_the_torus(position).standard_placements()
        assert plain & ~torus == 0, str(position)


def test_plain_play_never_leaves_a_stone_with_four_hinges() -> None:
    for position in _plain_positions(40, seed=4):
        assert position.unreachable_because() is None, str(position)
        assert _on_the_torus(position).unreachable_because() is None, str(position)


def test_a_stone_with_four_hinges_is_refused() -> None:
    g4 = Position(Rules(), [0, 0])
    for name in ("G3", "F4", "G5", "G4"):
        g4 = g4.copy()
        g4.stones[0] |= 1 << _square(name)
    assert "G4 has four hinges" in (g4.unreachable_because() or "")
    assert _on_the_torus(g4).unreachable_because() is None


def _square(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square
