"""What stands on a square, in words every game and every drawing shares.

A game describes its positions with these (its own pieces mapped to the
stone kinds below); the drawing code draws them. Neither needs the other's
types.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

# Beers' stones (Mǽrstánas; Cyngesheall's pieces), then the 1992 game's men and king.
StoneKind = Literal["standard", "thunder", "woden", "man", "king"]
STONE_KINDS: tuple[StoneKind, ...] = ("standard", "thunder", "woden", "man", "king")
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


# How a game's pieces are drawn: Beers' rune stones, or the 1992 post's lettered men.
PieceStyle = Literal["stones", "men"]


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
