"""A Mǽrstánas board as drawing primitives: grid, coordinates, stones, marks.

`BoardSpec` says what to draw; `board_shapes` turns it into shapes placed at
a given top-left corner. Blank sheets, the legend, score sheets and (later)
annotated game diagrams all come through here, so a board looks the same in
every product and in both PDF and SVG.

Squares are indexed as in the engine: `row * 7 + col`, row 0 the top row
("1"), column 0 the left column ("A"). Stones sit inside squares.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from maerstanas_print.draw.runes import OS, THORN, rune_shapes
from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Circle,
    Group,
    Line,
    Polyline,
    Rect,
    Shape,
    Stroke,
    Text,
)
from maerstanas_print.engine import DARK, FILES, LIGHT, SIZE, square_name

StoneKind = Literal["standard", "thunder", "woden"]
Variant = Literal["standard", "wraparound"]
Side = Literal["top", "bottom", "left", "right"]
ALL_SIDES: frozenset[Side] = frozenset(("top", "bottom", "left", "right"))
KIND_NAMES = {"standard": "stone", "thunder": "thunder-stone", "woden": "Woden-stone"}
SIDE_WORDS = {DARK: "Dark", LIGHT: "Light"}


@dataclass(frozen=True, slots=True)
class Theme:
    """Colours and weights; `dark_fill=None` means Dark stones are hatched, not filled."""

    name: str
    ink: str
    grid: str
    label: str
    band_fill: str | None
    dark_fill: str | None
    light_fill: str | None
    weight: float  # multiplies every line width
    accent: str = "#b0412e"  # hinge bars and score points in teaching diagrams

    @property
    def contrast_on_dark(self) -> str:
        return "#ffffff" if self.dark_fill else self.ink


THEMES: dict[str, Theme] = {
    # Crisp black lines, a pale tinted coordinate band, solid Dark stones.
    "print": Theme("print", ink="#1a1a1a", grid="#1a1a1a", label="#1a1a1a",
                   band_fill="#ebe6dc", dark_fill="#1a1a1a", light_fill="#ffffff", weight=1.0),
    # Grey hairlines and no filled areas at all: Dark stones are hatched.
    "ink-saver": Theme("ink-saver", ink="#4d4d4d", grid="#8c8c8c", label="#666666",
                       band_fill=None, dark_fill=None, light_fill=None, weight=0.7,
                       accent="#4d4d4d"),
}


@dataclass(frozen=True, slots=True)
class Stone:
    side: int  # engine.DARK or engine.LIGHT
    kind: StoneKind = "standard"


MarkKind = Literal["number", "cross", "dot", "text", "ghost", "barred", "hinges", "points"]


@dataclass(frozen=True, slots=True)
class Mark:
    """Something drawn on a square: a move number, a removal cross, a last-move dot.

    Teaching diagrams add: `ghost` (a dashed ring, a stone that could go here),
    `barred` (the ring struck through: it may not), `hinges` (bars along the
    square's occupied `sides`) and `points` (a score bead on each of `sides`,
    midway between two friendly stones or on the board edge). Ghost and barred
    rings also draw hinge bars on `sides`.
    """

    kind: MarkKind
    text: str = ""
    sides: frozenset[Side] = frozenset()


@dataclass(frozen=True)
class BoardSpec:
    """Everything that decides how one board looks.

    `cell` is the side of a square in mm; `labels` the sides that carry
    coordinates; `stones` and `marks` are keyed by engine square index.
    """

    cell: float = 24.0
    labels: frozenset[Side] = ALL_SIDES
    variant: Variant = "standard"
    theme: str = "print"
    stones: Mapping[int, Stone] = field(default_factory=dict)
    marks: Mapping[int, Mark] = field(default_factory=dict)
    title: str = "Mǽrstánas board"

    @property
    def band(self) -> float:
        """Width of the coordinate band around the grid (mm)."""
        return min(6.5, max(3.4, 0.3 * self.cell))

    @property
    def label_size(self) -> float:
        """Coordinate font size (pt), readable from 5.5 pt on small boards."""
        return min(11.0, max(5.5, 2.2 + 0.38 * self.cell))

    @property
    def grid_width(self) -> float:
        return min(0.4, max(0.18, 0.1 + 0.012 * self.cell)) * THEMES[self.theme].weight

    @property
    def frame_width(self) -> float:
        return self.grid_width * 2.2

    def size(self) -> tuple[float, float]:
        """Overall width and height in mm, coordinate bands included."""
        side = SIZE * self.cell
        width = side + self.band * (("left" in self.labels) + ("right" in self.labels))
        height = side + self.band * (("top" in self.labels) + ("bottom" in self.labels))
        return width, height

    def grid_origin(self, x: float, y: float) -> tuple[float, float]:
        """Top-left corner of square A1 when the board's box starts at (x, y)."""
        return (x + (self.band if "left" in self.labels else 0.0),
                y + (self.band if "top" in self.labels else 0.0))


def board_shapes(spec: BoardSpec, x: float, y: float) -> Group:
    """The whole board with its box's top-left corner at (x, y)."""
    theme = THEMES[spec.theme]
    gx, gy = spec.grid_origin(x, y)
    side = SIZE * spec.cell
    width, height = spec.size()
    shapes: list[Shape] = []
    if theme.band_fill and spec.labels:
        shapes.append(Rect(x, y, width, height, Stroke(theme.grid, spec.grid_width * 0.6),
                           theme.band_fill))
        shapes.append(Rect(gx, gy, side, side, None, "#ffffff"))
    shapes.append(_grid(spec, theme, gx, gy))
    shapes += _labels(spec, theme, x, y, gx, gy)
    if spec.variant == "wraparound":
        shapes.append(_wrap_markers(spec, theme, gx, gy))
    for square in sorted(spec.stones):
        shapes.append(stone_shape(spec.stones[square], *_centre(spec, gx, gy, square),
                                  spec.cell, theme, name=square_name(square)))
    for square in sorted(spec.marks):
        shapes.append(_mark(spec, theme, gx, gy, square, spec.marks[square]))
    return Group(tuple(shapes), title=spec.title, desc=describe(spec))


def _centre(spec: BoardSpec, gx: float, gy: float, square: int) -> tuple[float, float]:
    row, col = divmod(square, SIZE)
    return gx + (col + 0.5) * spec.cell, gy + (row + 0.5) * spec.cell


def _grid(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> Group:
    """Six inner lines each way, then the outer frame (dashed when the board wraps)."""
    cell, side = spec.cell, SIZE * spec.cell
    thin = Stroke(theme.grid, spec.grid_width)
    lines: list[Shape] = []
    for i in range(1, SIZE):
        lines.append(Line(gx + i * cell, gy, gx + i * cell, gy + side, thin))
    for i in range(1, SIZE):
        lines.append(Line(gx, gy + i * cell, gx + side, gy + i * cell, thin))
    if spec.variant == "wraparound":
        # The frame has an opening in the middle of every edge square, where the
        # wrap chevron passes through: the edge is a doorway, not a wall.
        frame = Stroke(theme.ink, spec.frame_width * 0.8, cap="square")
        stub = 0.3 * cell
        for i in range(SIZE):
            a, b = i * cell, (i + 1) * cell
            for u0, u1 in ((a, a + stub), (b - stub, b)):
                lines.append(Line(gx + u0, gy, gx + u1, gy, frame))
                lines.append(Line(gx + u0, gy + side, gx + u1, gy + side, frame))
                lines.append(Line(gx, gy + u0, gx, gy + u1, frame))
                lines.append(Line(gx + side, gy + u0, gx + side, gy + u1, frame))
    else:
        frame = Stroke(theme.ink, spec.frame_width, join="miter")
        lines.append(Rect(gx, gy, side, side, frame, None))
    return Group(tuple(lines))


def _labels(spec: BoardSpec, theme: Theme, x: float, y: float, gx: float, gy: float
            ) -> list[Shape]:
    size = spec.label_size
    rise = 0.34 * size * MM_PER_PT  # half the cap height: centres figures on a point
    band, cell, side = spec.band, spec.cell, SIZE * spec.cell
    out: list[Shape] = []
    for i in range(SIZE):
        cx = gx + (i + 0.5) * cell
        cy = gy + (i + 0.5) * cell
        if "top" in spec.labels:
            out.append(Text(cx, y + band / 2 + rise, FILES[i], size, "regular", "middle",
                            theme.label))
        if "bottom" in spec.labels:
            out.append(Text(cx, gy + side + band / 2 + rise, FILES[i], size, "regular",
                            "middle", theme.label))
        if "left" in spec.labels:
            out.append(Text(x + band / 2, cy + rise, str(i + 1), size, "regular", "middle",
                            theme.label))
        if "right" in spec.labels:
            out.append(Text(gx + side + band / 2, cy + rise, str(i + 1), size, "regular",
                            "middle", theme.label))
    return out


def _wrap_markers(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> Group:
    """Open chevrons astride the frame: the same mark on opposite edges means they join.

    Every row carries a chevron pointing right on both its left and right
    edges (leave on the right, come back on the left); every column carries
    one pointing down at top and bottom. Strokes only, so ink-saver stays unfilled.
    """
    cell, side = spec.cell, SIZE * spec.cell
    a = min(1.5, max(0.55, 0.1 * cell))  # chevron half-size
    stroke = Stroke(theme.ink, max(0.2, spec.grid_width * 1.5), cap="round", join="round")
    out: list[Shape] = []

    def chevron(cx: float, cy: float, dx: int, dy: int) -> Polyline:
        # A "›" pointing along (dx, dy) whose middle sits on (cx, cy).
        px, py = -dy, dx
        tip = (cx + dx * a * 0.5, cy + dy * a * 0.5)
        return Polyline(((tip[0] - dx * a + px * a, tip[1] - dy * a + py * a), tip,
                         (tip[0] - dx * a - px * a, tip[1] - dy * a - py * a)), stroke)

    for i in range(SIZE):
        c = (i + 0.5) * cell
        out.append(chevron(gx, gy + c, 1, 0))
        out.append(chevron(gx + side, gy + c, 1, 0))
        out.append(chevron(gx + c, gy, 0, 1))
        out.append(chevron(gx + c, gy + side, 0, 1))
    return Group(tuple(out), title="Wraparound edges",
                 desc="Each chevron on an edge matches the one on the opposite edge: "
                      "a square on one edge touches the square in the same row or "
                      "column on the opposite edge.")


def stone_shape(stone: Stone, cx: float, cy: float, cell: float, theme: Theme | str = "print",
                name: str | None = None) -> Group:
    """One stone centred on (cx, cy) in a square `cell` mm wide.

    Standard: a plain disc. Thunder-stone: a twelve-pointed star carrying ᚦ.
    Woden-stone: a disc inside a second ring carrying ᚩ. Dark is filled (or
    hatched in ink-saver), Light is white with a dark outline, so the kinds
    differ by shape and the sides by tone, readable in grayscale.
    """
    if isinstance(theme, str):
        theme = THEMES[theme]
    dark = stone.side == DARK
    outline = Stroke(theme.ink, max(0.18, 0.022 * cell) * theme.weight)
    fill = (theme.dark_fill if dark else theme.light_fill)
    mark_color = theme.contrast_on_dark if dark else theme.ink
    parts: list[Shape] = []
    if stone.kind == "thunder":
        outer, inner = 0.46 * cell, 0.37 * cell
        star = tuple(
            (cx + r * math.sin(k * math.pi / 12), cy - r * math.cos(k * math.pi / 12))
            for k, r in ((k, outer if k % 2 == 0 else inner) for k in range(24))
        )
        parts.append(Polyline(star, outline, fill, closed=True))
        if dark and fill is None:
            parts += _hatch(cx, cy, inner * 0.95, 0.26 * cell, cell, theme)
        parts.append(rune_shapes(THORN.char, cx, cy, 0.42 * cell, mark_color,
                                 0.055 * cell))
    elif stone.kind == "woden":
        parts.append(Circle(cx, cy, 0.46 * cell, outline, None))
        parts.append(Circle(cx, cy, 0.36 * cell, outline, fill))
        if dark and fill is None:
            parts += _hatch(cx, cy, 0.36 * cell, 0.26 * cell, cell, theme)
        parts.append(rune_shapes(OS.char, cx, cy, 0.42 * cell, mark_color, 0.055 * cell))
    else:
        parts.append(Circle(cx, cy, 0.4 * cell, outline, fill))
        if dark and fill is None:
            parts += _hatch(cx, cy, 0.4 * cell, 0.0, cell, theme)
    where = f" on {name}" if name else ""
    return Group(tuple(parts), title=f"{SIDE_WORDS[stone.side]} {KIND_NAMES[stone.kind]}{where}")


def _hatch(cx: float, cy: float, r_out: float, r_in: float, cell: float, theme: Theme
           ) -> list[Shape]:
    """45° hatching of the ring between r_in and r_out: 'dark' without filled areas."""
    gap = max(0.55, 0.075 * cell)
    stroke = Stroke(theme.ink, max(0.15, 0.016 * cell))
    out: list[Shape] = []
    n = math.floor(r_out / gap)
    for i in range(-n, n + 1):
        d = i * gap  # signed distance of the hatch line from the centre
        if abs(d) >= r_out:
            continue
        half_out = math.sqrt(r_out * r_out - d * d)
        segments = [(-half_out, half_out)]
        if r_in > abs(d):
            half_in = math.sqrt(r_in * r_in - d * d)
            segments = [(-half_out, -half_in), (half_in, half_out)]
        for t0, t1 in segments:
            # Point on the line: centre + d*n + t*u, n = (1,1)/√2, u = (1,-1)/√2.
            pts = [(cx + (d + t) / math.sqrt(2), cy + (d - t) / math.sqrt(2)) for t in (t0, t1)]
            out.append(Line(pts[0][0], pts[0][1], pts[1][0], pts[1][1], stroke))
    return out


def _mark(spec: BoardSpec, theme: Theme, gx: float, gy: float, square: int, mark: Mark
          ) -> Shape:
    cx, cy = _centre(spec, gx, gy, square)
    cell = spec.cell
    stone = spec.stones.get(square)
    on_dark = stone is not None and stone.side == DARK and stone.kind == "standard"
    color = theme.contrast_on_dark if on_dark else theme.ink
    if mark.kind == "cross":
        s = 0.3 * cell
        stroke = Stroke(theme.ink, max(0.3, 0.05 * cell), cap="round")
        return Group((Line(cx - s, cy - s, cx + s, cy + s, stroke),
                      Line(cx - s, cy + s, cx + s, cy - s, stroke)),
                     title=f"{square_name(square)} emptied")
    if mark.kind == "dot":
        return Circle(cx, cy, 0.09 * cell, None, color)
    if mark.kind in ("ghost", "barred", "hinges", "points"):
        return _teaching_mark(spec, theme, cx, cy, square, mark)
    size = 0.42 * cell / MM_PER_PT * (0.8 if len(mark.text) > 2 else 1.0)
    return Text(cx, cy + 0.34 * size * MM_PER_PT, mark.text, size, "regular", "middle", color)


_SIDE_VECTORS: dict[Side, tuple[int, int]] = {
    "top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _teaching_mark(spec: BoardSpec, theme: Theme, cx: float, cy: float, square: int,
                   mark: Mark) -> Group:
    """Ghost and barred rings, hinge bars and score beads (see `Mark`)."""
    cell = spec.cell
    name = square_name(square)
    parts: list[Shape] = []
    sides = sorted(mark.sides)
    if mark.kind == "points":
        r = 0.11 * cell
        for side in sides:
            dx, dy = _SIDE_VECTORS[side]
            parts.append(Circle(cx + dx * cell / 2, cy + dy * cell / 2, r,
                                Stroke("#ffffff", max(0.15, 0.025 * cell)), theme.accent))
        count = len(sides)
        return Group(tuple(parts), title=f"{count} point{'s' * (count != 1)} at {name}")
    for side in sides:
        dx, dy = _SIDE_VECTORS[side]
        inset = 0.5 * cell - 0.075 * cell
        half = 0.3 * cell
        bx, by = cx + dx * inset, cy + dy * inset
        px, py = -dy * half, dx * half  # along the side
        parts.append(Line(bx - px, by - py, bx + px, by + py,
                          Stroke(theme.accent, 0.09 * cell, cap="round")))
    if mark.kind in ("ghost", "barred"):
        ring = Stroke(theme.ink, max(0.22, 0.03 * cell), dash=(0.07 * cell, 0.05 * cell))
        radius = 0.48 * cell if square in spec.stones else 0.34 * cell  # around a stone
        parts.append(Circle(cx, cy, radius, ring, None))
        if mark.kind == "barred":
            s = radius / math.sqrt(2)
            parts.append(Line(cx - s, cy + s, cx + s, cy - s,
                              Stroke(theme.ink, max(0.3, 0.05 * cell), cap="round")))
    hinges = f", {len(sides)} hinge{'s' * (len(sides) != 1)} marked" if sides else ""
    what = {"ghost": f"a stone may go on {name}", "barred": f"no stone may go on {name}",
            "hinges": f"hinges of {name}"}[mark.kind]
    return Group(tuple(parts), title=what + hinges)


def describe(spec: BoardSpec) -> str:
    """A plain-text account of the board for screen readers (the SVG `<desc>`)."""
    wrap = " Wraparound: opposite edges join." if spec.variant == "wraparound" else ""
    if not spec.stones:
        return (f"Empty 7 by 7 board, squares {spec.cell:g} mm, columns A to G, "
                f"rows 1 (top) to 7.{wrap}")
    parts = []
    for side in (DARK, LIGHT):
        names = [
            square_name(sq) + ("" if st.kind == "standard" else f" ({KIND_NAMES[st.kind]})")
            for sq, st in sorted(spec.stones.items()) if st.side == side
        ]
        parts.append(f"{SIDE_WORDS[side]}: {', '.join(names) if names else 'none'}.")
    return " ".join(parts) + wrap
