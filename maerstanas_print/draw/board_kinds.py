"""Which painter draws which kind of board: one table, looked up, never branched on.

A board's kind is its variant (plain, or wraparound with opposite edges
joined) and whether its edge ring is the king's way out. A new kind of
board is a `SquareBoard` subclass added here with `register_board_painter`;
no drawing code asks which game a board belongs to.
"""

from __future__ import annotations

from maerstanas_print.draw.escape_edge import EscapeEdgeBoard
from maerstanas_print.draw.square_board import SquareBoard
from maerstanas_print.draw.wraparound import WraparoundBoard


class WraparoundEscapeBoard(EscapeEdgeBoard, WraparoundBoard):
    """Both at once (no game plays it): the ring's tint and notes, the torus's frame."""


_PAINTERS: dict[tuple[str, bool], SquareBoard] = {
    ("standard", False): SquareBoard(),
    ("wraparound", False): WraparoundBoard(),
    ("standard", True): EscapeEdgeBoard(),
    ("wraparound", True): WraparoundEscapeBoard(),
}


def board_painter(variant: str, escape_edge: bool) -> SquareBoard:
    """The painter of a board of `variant` ("standard", "wraparound", or one
    registered), with or without an escape edge."""
    try:
        return _PAINTERS[variant, escape_edge]
    except KeyError:
        known = sorted({kind for kind, _ in _PAINTERS})
        raise ValueError(
            f"no painter draws a {variant!r} board; the kinds are {', '.join(known)}"
        ) from None


def register_board_painter(variant: str, escape_edge: bool, painter: SquareBoard) -> None:
    """Add (or replace) the painter of a kind of board."""
    _PAINTERS[variant, escape_edge] = painter
