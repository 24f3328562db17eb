"""What stands on a square, in words every game and every drawing shares.

A game describes its positions with these (its own pieces mapped to the
stone kinds below); the drawing code draws them. Neither needs the other's
types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Beers' stones (Mǽrstánas; Cyngesheall's pieces), then the 1992 game's men and king.
StoneKind = Literal["standard", "thunder", "woden", "man", "king"]
STONE_KINDS: tuple[StoneKind, ...] = ("standard", "thunder", "woden", "man", "king")
# How a game's pieces look: rune stones, or lettered men (the 1992 post's X/O/K).
PieceStyle = Literal["stones", "men"]
# How a board is drawn: plain, or with opposite edges joined (Mǽrstánas' wraparound).
BoardVariant = Literal["standard", "wraparound"]
# Special squares: where each king starts (Cyngesheall: the other king's goal) and the throne.
SpecialKind = Literal["dark-home", "light-home", "throne"]


@dataclass(frozen=True, slots=True)
class Stone:
    """One piece to draw: whose it is (0 Dark, 1 Light) and what kind."""

    side: int
    kind: StoneKind = "standard"
