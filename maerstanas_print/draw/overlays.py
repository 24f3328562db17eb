"""Annotations drawn over a board: last move, numbers on special stones, emptied
squares, and the score explained as links between stones and ticks at the edge.

They use the board's own geometry (`BoardSpec.grid_origin`, `cell`), so they
sit exactly on the squares `board_shapes` draws, in PDF and SVG alike. Every
mark differs by shape, not colour alone: Dark's links and ticks are solid
bars, Light's open ones (two hairlines round a white core), so a grayscale print
keeps them apart. Edge marks live in a clear strip between the frame and the
coordinates (`strip_width`), never over a coordinate.
"""

from __future__ import annotations

import math

from maerstanas_print.draw.board import MIN_LABEL_PT, THEMES, BoardSpec, Theme, removal_shapes
from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Circle,
    Group,
    Line,
    Polyline,
    Shape,
    Stroke,
    Text,
)
from maerstanas_print.sides import DARK, SIDE_NAMES

FAINT = "#8a8a8a"
_OUT = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def centre(spec: BoardSpec, x: float, y: float, square: int) -> tuple[float, float]:
    """Centre of `square` when the board's box starts at (x, y); any board size, and
    on a window (`BoardSpec.window`) relative to the window's first square."""
    gx, gy = spec.grid_origin(x, y)
    row, col = divmod(square, spec.squares)
    col0, row0, _, _ = spec.view
    return gx + (col - col0 + 0.5) * spec.cell, gy + (row - row0 + 0.5) * spec.cell


def last_move(spec: BoardSpec, x: float, y: float, square: int) -> Group:
    """Corner brackets inside the square: visible around any kind of stone.

    They stand a little inside the grid lines (not on them, where they would
    read as a thicker grid) and clear of the stone's outline."""
    theme = THEMES[spec.theme]
    cx, cy = centre(spec, x, y, square)
    h, arm = 0.415 * spec.cell, 0.17 * spec.cell
    stroke = Stroke(theme.ink, max(0.35, 0.06 * spec.cell), cap="round", join="round")
    parts: list[Shape] = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            px, py = cx + sx * h, cy + sy * h
            parts.append(Line(px, py, px - sx * arm, py, stroke))
            parts.append(Line(px, py, px, py - sy * arm, stroke))
    return Group(tuple(parts), title=f"last move: {spec.name(square)}")


def badge(spec: BoardSpec, x: float, y: float, square: int, text: str) -> Group:
    """A move number in a small disc in the bottom-right corner of the square (for
    special stones, whose face carries the rune).

    The disc stays inside its own square, clear of the grid crossing and of the
    neighbours' marks, and its numeral is never below the 6 pt floor.
    """
    theme = THEMES[spec.theme]
    cx, cy = centre(spec, x, y, square)
    cell = spec.cell
    size = max(MIN_LABEL_PT, {1: 0.26, 2: 0.22}.get(len(text), 0.17) * cell / MM_PER_PT)
    r = max(0.17 * cell, 0.36 * size * MM_PER_PT * max(2, len(text)) / 1.6 + 0.2)
    inset = 0.03 * cell + max(0.15, 0.02 * cell)  # the disc's outline inside the square
    bx, by = cx + 0.5 * cell - inset - r, cy + 0.5 * cell - inset - r
    return Group(
        (
            Circle(bx, by, r, Stroke(theme.ink, max(0.15, 0.02 * cell)), "#ffffff"),
            Text(bx, by + 0.34 * size * MM_PER_PT, text, size, "regular", "middle", theme.ink),
        ),
        title=f"move {text}",
    )


def emptied(
    spec: BoardSpec, x: float, y: float, square: int, how: str = "by a thunder-stone"
) -> Group:
    """A faint thin cross (a struck ring among lettered pieces): a stone stood here
    within the diagram's moves and was removed."""
    cx, cy = centre(spec, x, y, square)
    stroke = Stroke(FAINT, max(0.2, 0.03 * spec.cell), cap="round")
    return Group(
        removal_shapes(spec, cx, cy, 0.22 * spec.cell, stroke),
        title=f"{spec.name(square)} emptied {how}",
    )


def move_arrow(spec: BoardSpec, x: float, y: float, origin: int, target: int, side: int) -> Group:
    """A thin straight arrow from the square a piece left to the edge of the piece on
    its arrival square: the last move of a movement game. Dark's is solid, Light's
    dashed, both with a white halo so they read across grid lines."""
    theme = THEMES[spec.theme]
    (x1, y1), (x2, y2) = centre(spec, x, y, origin), centre(spec, x, y, target)
    cell = spec.cell
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    stop = 0.47 * cell  # just outside the piece
    bx, by = x2 - ux * stop, y2 - uy * stop
    ax, ay = x1 + ux * 0.12 * cell, y1 + uy * 0.12 * cell
    width = max(0.22, 0.028 * cell) * theme.weight
    head = max(0.9, 0.2 * cell)
    px, py = -uy, ux
    hx, hy = bx - ux * head, by - uy * head
    tip = (
        (hx + px * head * 0.45, hy + py * head * 0.45),
        (bx, by),
        (hx - px * head * 0.45, hy - py * head * 0.45),
    )
    dash = None if side == DARK else (3.5 * width, 2.2 * width)
    halo = Stroke("#ffffff", width * 3.2, cap="round")
    start = Circle(x1, y1, max(0.35, 0.07 * cell), None, theme.ink)
    return Group(
        (
            Line(ax, ay, hx, hy, halo),
            Line(ax, ay, hx, hy, Stroke(theme.ink, width, dash=dash)),
            start,
            Polyline(tip, Stroke("#ffffff", width * 1.4, join="round"), "#ffffff", closed=True),
            Polyline(tip, None, theme.ink, closed=True),
        ),
        title=f"last move: {SIDE_NAMES[side]} from {spec.name(origin)} to {spec.name(target)}",
    )


def _bar(
    x1: float, y1: float, x2: float, y2: float, side: int, cell: float, theme: Theme
) -> list[Shape]:
    """One point: a fine solid bar for Dark, an open bar (two hairlines round a
    white core) for Light, so they differ in grayscale and the stones still read
    first."""
    hair = max(0.2, 0.026 * cell) * theme.weight
    if side == DARK:
        return [Line(x1, y1, x2, y2, Stroke(theme.ink, max(0.45, 0.075 * cell), cap="round"))]
    width = max(0.8, 0.13 * cell)
    return [
        Line(x1, y1, x2, y2, Stroke(theme.ink, width, cap="round")),
        Line(x1, y1, x2, y2, Stroke("#ffffff", width - 2 * hair, cap="round")),
    ]


def strip_width(cell: float) -> float:
    """The clear strip between the frame and the coordinates where edge ticks and
    wraparound half-bars are drawn, so they never cover a coordinate."""
    return max(2.0, 0.24 * cell)


def _reach(spec: BoardSpec, strip: float) -> float:
    """How far from a square's centre an edge mark runs: into the strip, not across it."""
    return 0.5 * spec.cell + 0.7 * strip


def links(
    spec: BoardSpec,
    x: float,
    y: float,
    pairs: tuple[tuple[int, int, int], ...],
    strip: float | None = None,
) -> Group:
    """A bar across the gap between each friendly pair; across the edge (wraparound)
    two half-bars run from each stone out through its edge into the strip."""
    theme = THEMES[spec.theme]
    cell = spec.cell
    reach = _reach(spec, strip_width(cell) if strip is None else strip)
    out: list[Shape] = []
    for side, a, b in pairs:
        (ax, ay), (bx, by) = centre(spec, x, y, a), centre(spec, x, y, b)
        name = f"{SIDE_NAMES[side]} pair {spec.name(a)}–{spec.name(b)}"
        if abs(ax - bx) + abs(ay - by) <= cell * 1.01:  # neighbours on the plain grid
            dx, dy = (bx - ax) / cell, (by - ay) / cell
            parts = _bar(
                ax + dx * 0.3 * cell,
                ay + dy * 0.3 * cell,
                bx - dx * 0.3 * cell,
                by - dy * 0.3 * cell,
                side,
                cell,
                theme,
            )
        else:  # joined across the edge: a is on the top row or the left column
            dx, dy = (0, -1) if abs(ax - bx) < 1e-6 else (-1, 0)
            parts = _bar(
                ax + dx * 0.3 * cell,
                ay + dy * 0.3 * cell,
                ax + dx * reach,
                ay + dy * reach,
                side,
                cell,
                theme,
            ) + _bar(
                bx - dx * 0.3 * cell,
                by - dy * 0.3 * cell,
                bx - dx * reach,
                by - dy * reach,
                side,
                cell,
                theme,
            )
        out.append(Group(tuple(parts), title=name))
    return Group(tuple(out), title="Pairs (one point each)")


def ticks(
    spec: BoardSpec,
    x: float,
    y: float,
    edges: tuple[tuple[int, int, str], ...],
    strip: float | None = None,
) -> Group:
    """A short bar from each edge stone out across the frame into the strip
    (`strip_width`) between frame and coordinates: one point per edge side."""
    theme = THEMES[spec.theme]
    cell = spec.cell
    reach = _reach(spec, strip_width(cell) if strip is None else strip)
    out: list[Shape] = []
    for side, square, where in edges:
        cx, cy = centre(spec, x, y, square)
        dx, dy = _OUT[where]
        parts = _bar(
            cx + dx * 0.3 * cell,
            cy + dy * 0.3 * cell,
            cx + dx * reach,
            cy + dy * reach,
            side,
            cell,
            theme,
        )
        out.append(
            Group(tuple(parts), title=f"{SIDE_NAMES[side]} edge point: {spec.name(square)} {where}")
        )
    return Group(tuple(out), title="Edge sides (one point each)")
