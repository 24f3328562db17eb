"""John Beers' stones: the plain stone, the thunder-stone (ᚦ) and the Woden-stone (ᚩ).

Standard: a plain disc. Thunder-stone: a twelve-pointed star carrying ᚦ.
Woden-stone: a disc inside a second ring carrying ᚩ. Dark is filled (or
hatched in ink-saver), Light is white with a dark outline, so the kinds
differ by shape and the sides by tone, readable in grayscale. (Cyngesheall
plays its king and commander with the same stones.)
"""

from __future__ import annotations

import math

from maerstanas_print.draw.hatching import hatch_ring
from maerstanas_print.draw.runes import OS, THORN, rune_shapes
from maerstanas_print.draw.shapes import Circle, Polyline, Shape, Stroke
from maerstanas_print.draw.theme import Theme
from maerstanas_print.pieces import Stone
from maerstanas_print.sides import DARK


def plain_stone(
    stone: Stone, cx: float, cy: float, cell: float, theme: Theme, outline: Stroke
) -> list[Shape]:
    dark = stone.side == DARK
    fill = theme.dark_fill if dark else theme.light_fill
    parts: list[Shape] = [Circle(cx, cy, 0.4 * cell, outline, fill)]
    if dark and fill is None:
        parts += hatch_ring(cx, cy, 0.4 * cell, 0.0, cell, theme)
    return parts


def thunder_stone(
    stone: Stone, cx: float, cy: float, cell: float, theme: Theme, outline: Stroke
) -> list[Shape]:
    dark = stone.side == DARK
    fill = theme.dark_fill if dark else theme.light_fill
    mark_color = theme.contrast_on_dark if dark else theme.ink
    outer, inner = 0.46 * cell, 0.37 * cell
    star = tuple(
        (cx + r * math.sin(k * math.pi / 12), cy - r * math.cos(k * math.pi / 12))
        for k, r in ((k, outer if k % 2 == 0 else inner) for k in range(24))
    )
    parts: list[Shape] = [Polyline(star, outline, fill, closed=True)]
    if dark and fill is None:
        parts += hatch_ring(cx, cy, inner * 0.97, 0.26 * cell, cell, theme)
    parts.append(rune_shapes(THORN.char, cx, cy, 0.42 * cell, mark_color, 0.055 * cell))
    return parts


def woden_stone(
    stone: Stone, cx: float, cy: float, cell: float, theme: Theme, outline: Stroke
) -> list[Shape]:
    dark = stone.side == DARK
    fill = theme.dark_fill if dark else theme.light_fill
    mark_color = theme.contrast_on_dark if dark else theme.ink
    # The outer ring is filled with paper, so a special square's outline under
    # the king (a corner, the throne) never runs through the piece.
    parts: list[Shape] = [
        Circle(cx, cy, 0.46 * cell, outline, theme.paper),
        Circle(cx, cy, 0.36 * cell, outline, fill),
    ]
    if dark and fill is None:
        parts += hatch_ring(cx, cy, 0.36 * cell, 0.26 * cell, cell, theme)
    parts.append(rune_shapes(OS.char, cx, cy, 0.42 * cell, mark_color, 0.055 * cell))
    return parts
