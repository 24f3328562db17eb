"""What stands on a square, in words every game and every drawing shares.

A game describes its positions with these (its own pieces mapped to the
stone kinds below); the drawing code draws them. Neither needs the other's
types.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

# What a piece is, as a game names it to the drawing code: an open set. Beers' stones
# (Mǽrstánas; Cyngesheall's pieces) and the 1992 game's men and king come built in;
# a game with a piece of its own adds its kind with `register_stone_kind` (the drawing
# code draws a kind it has no picture for as a plain stone, titled by its name).
StoneKind = str
# Every known kind, in a fixed order, with the name drawings give it.
STONE_KINDS: dict[StoneKind, str] = {
    "standard": "stone",
    "thunder": "thunder-stone",
    "woden": "Woden-stone",
    "man": "man",
    "king": "king",
}


def register_stone_kind(kind: StoneKind, name: str) -> None:
    """Make `kind` a kind of piece games may draw, called `name` in drawings."""
    known = STONE_KINDS.get(kind)
    if known is not None and known != name:
        raise ValueError(f"the stone kind {kind!r} is already called {known!r}")
    STONE_KINDS[kind] = name


# How a game's pieces look: rune stones, or lettered men (the 1992 post's X/O/K).
PieceStyle = Literal["stones", "men"]
# How a board is drawn: plain, or with opposite edges joined (Mǽrstánas' wraparound).
BoardVariant = Literal["standard", "wraparound"]
BOARD_VARIANTS: tuple[BoardVariant, ...] = ("standard", "wraparound")
# Special squares: where each king starts (Cyngesheall: the other king's goal) and the throne.
SpecialKind = Literal["dark-home", "light-home", "throne"]


@dataclass(frozen=True, slots=True)
class Stone:
    """One piece to draw: whose it is (0 Dark, 1 Light) and what kind."""

    side: int
    kind: StoneKind = "standard"


@dataclass(frozen=True, slots=True)
class BoardLook:
    """How a game's boards look, for every layer that draws one.

    `pieces`: rune stones or lettered men; `variants`: the boards it is played on
    (Mǽrstánas: also wraparound); `specials`: squares the board marks (kings'
    home corners, a throne); `escape_edge`: the board marks its edge ring as
    the king's way out.
    """

    pieces: PieceStyle = "stones"
    variants: tuple[BoardVariant, ...] = ("standard",)
    specials: Mapping[int, SpecialKind] = field(default_factory=dict)
    escape_edge: bool = False
