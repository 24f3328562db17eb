"""Marks on squares: move numbers, removal marks, the last-move dot, teaching marks.

How a removal is marked depends on the pieces (`REMOVAL_MARKS`): among rune
stones a cross; among lettered men, where a cross would read as a man, a
dashed ring struck through once. Teaching diagrams add ghost and barred
rings, hinge bars and score beads (see `spec.Mark`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from maerstanas_print.draw.shapes import MM_PER_PT, Circle, Group, Line, Shape, Stroke, Text
from maerstanas_print.draw.spec import BoardSpec, Mark, Side, square_centre
from maerstanas_print.draw.theme import MIN_LABEL_PT, Theme
from maerstanas_print.pieces import PieceStyle
from maerstanas_print.sides import DARK


def mark_shape(
    spec: BoardSpec, theme: Theme, gx: float, gy: float, square: int, mark: Mark
) -> Shape:
    """The mark on `square` of the grid whose top-left corner is (gx, gy)."""
    cx, cy = square_centre(spec, gx, gy, square)
    cell = spec.cell
    stone = spec.stones.get(square)
    on_dark = stone is not None and stone.side == DARK and stone.kind == "standard"
    color = theme.contrast_on_dark if on_dark else theme.ink
    if mark.kind == "cross":
        stroke = Stroke(theme.ink, max(0.3, 0.05 * cell), cap="round")
        return Group(
            removal_shapes(spec, cx, cy, 0.3 * cell, stroke), title=f"{spec.name(square)} emptied"
        )
    if mark.kind == "dot":
        return Circle(cx, cy, 0.09 * cell, None, color)
    if mark.kind in ("ghost", "barred", "hinges", "points"):
        return _teaching_mark(spec, theme, cx, cy, square, mark)
    size = max(MIN_LABEL_PT, 0.42 * cell / MM_PER_PT * (0.8 if len(mark.text) > 2 else 1.0))
    text = Text(cx, cy + 0.34 * size * MM_PER_PT, mark.text, size, "regular", "middle", color)
    if stone is not None and stone.side == DARK and theme.dark_fill is None:
        # A hatched stone (ink-saver): hatching through a numeral makes it unreadable,
        # so the numeral sits on a white disc, the hatched ring still telling the side.
        disc = Circle(cx, cy, 0.27 * cell, Stroke(theme.ink, max(0.12, 0.012 * cell)), "#ffffff")
        return Group((disc, text))
    return text


def _cross(cell: float, cx: float, cy: float, reach: float, stroke: Stroke) -> tuple[Shape, ...]:
    return (
        Line(cx - reach, cy - reach, cx + reach, cy + reach, stroke),
        Line(cx - reach, cy + reach, cx + reach, cy - reach, stroke),
    )


def _struck_ring(
    cell: float, cx: float, cy: float, reach: float, stroke: Stroke
) -> tuple[Shape, ...]:
    ring = Stroke(stroke.color, stroke.width * 0.6, dash=(0.12 * cell, 0.09 * cell))
    return (
        Circle(cx, cy, 0.36 * cell, ring, None),
        Line(cx - reach, cy + reach, cx + reach, cy - reach, stroke),
    )


# (cell, centre x, centre y, reach, stroke) -> the mark of an emptied square.
RemovalMark = Callable[[float, float, float, float, Stroke], tuple[Shape, ...]]
REMOVAL_MARKS: dict[PieceStyle, RemovalMark] = {"stones": _cross, "men": _struck_ring}


def removal_shapes(
    spec: BoardSpec, cx: float, cy: float, reach: float, stroke: Stroke
) -> tuple[Shape, ...]:
    """The mark of a square a move emptied, as the board's pieces want it."""
    return REMOVAL_MARKS[spec.pieces](spec.cell, cx, cy, reach, stroke)


_SIDE_VECTORS: dict[Side, tuple[int, int]] = {
    "top": (0, -1),
    "bottom": (0, 1),
    "left": (-1, 0),
    "right": (1, 0),
}


def _teaching_mark(
    spec: BoardSpec, theme: Theme, cx: float, cy: float, square: int, mark: Mark
) -> Group:
    """Ghost and barred rings, hinge bars and score beads (see `Mark`)."""
    cell = spec.cell
    name = spec.name(square)
    parts: list[Shape] = []
    sides = sorted(mark.sides)
    if mark.kind == "points":
        r = 0.11 * cell
        for side in sides:
            dx, dy = _SIDE_VECTORS[side]
            parts.append(
                Circle(
                    cx + dx * cell / 2,
                    cy + dy * cell / 2,
                    r,
                    Stroke("#ffffff", max(0.15, 0.025 * cell)),
                    theme.accent,
                )
            )
        count = len(sides)
        return Group(tuple(parts), title=f"{count} point{'s' * (count != 1)} at {name}")
    for side in sides:
        dx, dy = _SIDE_VECTORS[side]
        inset = 0.5 * cell - 0.075 * cell
        half = 0.3 * cell
        bx, by = cx + dx * inset, cy + dy * inset
        px, py = -dy * half, dx * half  # along the side
        parts.append(
            Line(bx - px, by - py, bx + px, by + py, Stroke(theme.accent, 0.09 * cell, cap="round"))
        )
    if mark.kind in ("ghost", "barred"):
        ring = Stroke(theme.ink, max(0.22, 0.03 * cell), dash=(0.07 * cell, 0.05 * cell))
        radius = 0.48 * cell if square in spec.stones else 0.34 * cell  # around a stone
        parts.append(Circle(cx, cy, radius, ring, None))
        if mark.kind == "barred":
            s = radius / math.sqrt(2)
            width = max(0.3, 0.05 * cell)
            if square in spec.stones:
                # On a stone an ink strike vanishes into a dark stone (issue 11, item 19):
                # strike in the accent colour over a white halo, seen on either colour.
                parts.append(
                    Line(
                        cx - s, cy + s, cx + s, cy - s, Stroke("#ffffff", 2.2 * width, cap="round")
                    )
                )
                parts.append(
                    Line(cx - s, cy + s, cx + s, cy - s, Stroke(theme.accent, width, cap="round"))
                )
            else:
                parts.append(
                    Line(cx - s, cy + s, cx + s, cy - s, Stroke(theme.ink, width, cap="round"))
                )
    hinges = f", {len(sides)} hinge{'s' * (len(sides) != 1)} marked" if sides else ""
    what = {
        "ghost": f"a stone may go on {name}",
        "barred": f"no stone may go on {name}",
        "hinges": f"hinges of {name}",
    }[mark.kind]
    return Group(tuple(parts), title=what + hinges)
