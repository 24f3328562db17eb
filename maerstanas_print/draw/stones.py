"""One piece on a square: `stone_shape` finds the painter of its kind and names it.

Each kind of piece has its painter (`STONE_PAINTERS`): Beers' rune stones in
`rune_stones`, the 1992 post's lettered men in `lettered_men`. The same
drawing serves boards, legends and the sheet of pieces to cut out.
"""

from __future__ import annotations

from collections.abc import Callable

from maerstanas_print.draw.lettered_men import lettered_man
from maerstanas_print.draw.rune_stones import plain_stone, thunder_stone, woden_stone
from maerstanas_print.draw.shapes import Group, Shape, Stroke
from maerstanas_print.draw.theme import THEMES, Theme
from maerstanas_print.pieces import STONE_KINDS, Stone, StoneKind
from maerstanas_print.sides import DARK, LIGHT

KIND_NAMES = STONE_KINDS  # a kind's name in titles: every kind a game registered
SIDE_WORDS = {DARK: "Dark", LIGHT: "Light"}
# A stone's side as its SVG's `data-stone` says it (issue 22's shared convention).
SIDE_DATA = {DARK: "dark", LIGHT: "light"}

# (stone, centre x, centre y, cell, theme, outline) -> the shapes of the piece.
StonePainter = Callable[[Stone, float, float, float, Theme, Stroke], list[Shape]]
STONE_PAINTERS: dict[StoneKind, StonePainter] = {
    "standard": plain_stone,
    "thunder": thunder_stone,
    "woden": woden_stone,
    "man": lettered_man,
    "king": lettered_man,
}


def stone_outline(cell: float, theme: Theme) -> Stroke:
    """The line round a stone drawn in a square `cell` mm wide."""
    return Stroke(theme.ink, max(0.18, 0.022 * cell) * theme.weight)


def stone_shape(
    stone: Stone,
    cx: float,
    cy: float,
    cell: float,
    theme: Theme | str = "print",
    name: str | None = None,
) -> Group:
    """One stone centred on (cx, cy) in a square `cell` mm wide, titled for screen
    readers ("Dark thunder-stone on E4"); on a square, it carries the square and its
    side as data (`data-square="E4" data-stone="dark"` in SVG), for scripts and tests."""
    if isinstance(theme, str):
        theme = THEMES[theme]
    painter = STONE_PAINTERS.get(stone.kind, plain_stone)  # a kind without a picture: plain
    parts = painter(stone, cx, cy, cell, theme, stone_outline(cell, theme))
    where = f" on {name}" if name else ""
    data = (("square", name), ("stone", SIDE_DATA[stone.side])) if name else ()
    return Group(
        tuple(parts), title=f"{SIDE_WORDS[stone.side]} {KIND_NAMES[stone.kind]}{where}", data=data
    )
