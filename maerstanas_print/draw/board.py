"""A Mǽrstánas board as drawing primitives: grid, coordinates, stones, marks.

`BoardSpec` says what to draw; `board_shapes` turns it into shapes placed at
a given top-left corner. Blank sheets, the legend, score sheets and (later)
annotated game diagrams all come through here, so a board looks the same in
every product and in both PDF and SVG.

Squares are indexed as in the engine: `row * n + col` on an n x n board
(7 for Mǽrstánas and Cyngesheall, 19 for the 1992 Hnefatafl), row 0 the top
row ("1"), column 0 the left column ("A"). Stones sit inside squares.
`spec_for_game` reads what a game's board needs (its size, the kings' home
corners, the throne, the escape edge) from the game's definition.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

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
from maerstanas_print.geometry import FILES, square_name
from maerstanas_print.pieces import STONE_KINDS, BoardVariant, SpecialKind, Stone, StoneKind
from maerstanas_print.sides import DARK, LIGHT

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

__all__ = ["Arrow", "BoardSpec", "Mark", "SpecialKind", "Stone", "StoneKind", "THEMES", "Theme",
           "board_shapes", "spec_for_game", "stone_shape"]

SIZE = 7  # squares along a side, unless a spec says otherwise
Variant = BoardVariant
Side = Literal["top", "bottom", "left", "right"]
ALL_SIDES: frozenset[Side] = frozenset(("top", "bottom", "left", "right"))
KIND_NAMES = STONE_KINDS  # a kind's name in titles: every kind a game registered
SIDE_WORDS = {DARK: "Dark", LIGHT: "Light"}
MIN_LABEL_PT = 6.0  # no printed text is smaller (issue 11: publication quality)
MAN_LETTERS = {DARK: "X", LIGHT: "O"}  # as in the 1992 post: X Black (Dark), O White (Light)
SPECIAL_NAMES = {"dark-home": "Dark's home corner", "light-home": "Light's home corner",
                 "throne": "the throne"}


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
    paper: str | None = "#ffffff"  # under a piece's outer ring: hides a square's outline

    @property
    def contrast_on_dark(self) -> str:
        return "#ffffff" if self.dark_fill else self.ink


THEMES: dict[str, Theme] = {
    # Crisp black lines, a pale tinted coordinate band, solid Dark stones.
    "print": Theme("print", ink="#000000", grid="#000000", label="#000000",
                   band_fill="#ebe6dc", dark_fill="#000000", light_fill="#ffffff", weight=1.0),
    # Grey hairlines and no filled areas at all: Dark stones are hatched.
    "ink-saver": Theme("ink-saver", ink="#4d4d4d", grid="#8c8c8c", label="#666666",
                       band_fill=None, dark_fill=None, light_fill=None, weight=0.7,
                       accent="#4d4d4d"),
    # A warm board band and slightly softer lines, for reading on a display (the HTML
    # game documents' screen view).
    "screen": Theme("screen", ink="#202020", grid="#3c3c3c", label="#4a4a4a",
                    band_fill="#e6d3a8", dark_fill="#202020", light_fill="#fffdf7",
                    weight=0.9),
}


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
    squares: int = SIZE  # squares along a side: 7, or 19 for the 1992 game
    specials: Mapping[int, SpecialKind] = field(default_factory=dict)
    escape_edge: bool = False  # the edge ring is where the king escapes (1992)
    # The pieces carry letters (the 1992 post's X, O, K): a removal is then drawn as a
    # struck-through dashed ring, since a cross would read as a man still standing.
    lettered: bool = False
    arrows: tuple[Arrow, ...] = ()
    # Draw only part of the board: (first column, first row, columns, rows), 0-based.
    # Sides where the window stops short of the board's edge get a thin line, not
    # the frame, and the coordinates stay the real ones.
    window: tuple[int, int, int, int] | None = None

    @property
    def view(self) -> tuple[int, int, int, int]:
        """(first column, first row, columns, rows) of what is drawn: the window or all."""
        return self.window or (0, 0, self.squares, self.squares)

    def shows(self, square: int) -> bool:
        col0, row0, cols, rows = self.view
        row, col = divmod(square, self.squares)
        return col0 <= col < col0 + cols and row0 <= row < row0 + rows

    def cut(self) -> frozenset[Side]:
        """The sides where the window stops short of the board's edge."""
        if self.window is None:
            return frozenset()
        col0, row0, cols, rows = self.window
        out: set[Side] = set()
        if row0 > 0:
            out.add("top")
        if col0 > 0:
            out.add("left")
        if col0 + cols < self.squares:
            out.add("right")
        if row0 + rows < self.squares:
            out.add("bottom")
        return frozenset(out)

    @property
    def band(self) -> float:
        """Width of the coordinate band around the grid (mm); a wraparound board's
        band is wider by the chevrons' reach, so they never crowd the coordinates."""
        if self.squares < 10:
            base = min(6.5, max(3.4, 0.3 * self.cell))
        else:
            base = min(7.0, max(3.4, 0.42 * self.cell))  # room for two-digit rows
        return base + self.chevron_reach

    @property
    def chevron_reach(self) -> float:
        """How far a wraparound chevron reaches past the frame (mm); 0 otherwise."""
        if self.variant != "wraparound":
            return 0.0
        a = min(1.5, max(0.55, 0.1 * self.cell))
        return 0.5 * a + max(0.2, self.grid_width * 1.5) / 2

    @property
    def label_offset(self) -> float:
        """From the grid's edge to the middle of the coordinates (mm): the middle of
        the band beyond the chevrons."""
        return self.chevron_reach + (self.band - self.chevron_reach) / 2

    @property
    def label_size(self) -> float:
        """Coordinate font size (pt): never below MIN_LABEL_PT, the smallest print size."""
        if self.squares >= 10:  # the 19x19 board: its small squares get a wider band
            return min(11.0, max(MIN_LABEL_PT, 0.68 * self.cell))
        return min(11.0, max(MIN_LABEL_PT, 2.2 + 0.38 * self.cell))

    @property
    def grid_width(self) -> float:
        return min(0.4, max(0.18, 0.1 + 0.012 * self.cell)) * THEMES[self.theme].weight

    @property
    def frame_width(self) -> float:
        return self.grid_width * 2.2

    @property
    def side(self) -> float:
        """The grid's side in mm."""
        return self.squares * self.cell

    @property
    def grid_size(self) -> tuple[float, float]:
        """Width and height of the drawn grid in mm (the whole grid, or the window)."""
        _, _, cols, rows = self.view
        return cols * self.cell, rows * self.cell

    def pad(self, side: Side) -> float:
        """How far ink reaches past the grid or band on `side` (mm): the outer half of
        the frame or band outline, a wraparound chevron, a window's run-out lines.

        `size` and `grid_origin` count it, so a board drawn in its box stays in it
        (an SVG figure whose viewBox is the box clips nothing).
        """
        if side in self.labels:
            return self.grid_width * 0.3 if THEMES[self.theme].band_fill else 0.0
        if self.window is not None and side in self.cut():
            return 0.35 * self.cell + self.grid_width / 2  # the dashed run-outs
        if self.variant == "wraparound":
            return max(self.chevron_reach, self.frame_width * 0.8, self._edge_beads(side))
        return max(self.frame_width / 2, self._edge_beads(side))

    def _edge_beads(self, side: Side) -> float:
        """How far a score bead on the board's outer edge reaches past it (0: none)."""
        row_col = {"top": (0, None), "bottom": (self.squares - 1, None),
                   "left": (None, 0), "right": (None, self.squares - 1)}[side]
        for square, mark in self.marks.items():
            if mark.kind != "points" or side not in mark.sides:
                continue
            row, col = divmod(square, self.squares)
            if row_col in ((row, None), (None, col)):
                return 0.11 * self.cell + max(0.15, 0.025 * self.cell) / 2  # bead and rim
        return 0.0

    def size(self) -> tuple[float, float]:
        """Overall width and height in mm: grid, coordinate bands and `pad` on every side."""
        grid_w, grid_h = self.grid_size
        width = grid_w + self.band * (("left" in self.labels) + ("right" in self.labels))
        height = grid_h + self.band * (("top" in self.labels) + ("bottom" in self.labels))
        return (width + self.pad("left") + self.pad("right"),
                height + self.pad("top") + self.pad("bottom"))

    def grid_origin(self, x: float, y: float) -> tuple[float, float]:
        """Top-left corner of square A1 when the board's box starts at (x, y)."""
        return (x + self.pad("left") + (self.band if "left" in self.labels else 0.0),
                y + self.pad("top") + (self.band if "top" in self.labels else 0.0))

    def name(self, square: int) -> str:
        return square_name(square, self.squares)


@dataclass(frozen=True, slots=True)
class Arrow:
    """A curved arrow from the centre of one square towards another (a king's way home).

    `bend` bows the curve sideways, in cells (positive: to the left of the
    direction of travel), so two arrows along one diagonal stay apart.
    """

    start: int
    end: int
    side: int  # whose arrow: Dark's is solid, Light's dashed
    bend: float = 0.0
    title: str = ""  # what the arrow says to a screen reader; default: a king's way home


def spec_for_game(game: Game, **fields: Any) -> BoardSpec:
    """A BoardSpec for `game`: its size, special squares and escape edge, plus `fields`.

    Everything comes from the game's definition (`special_squares`, `escape_edge`).
    """
    fields.setdefault("title", f"{game.title} board")
    look = game.look
    fields.setdefault("lettered", look.pieces == "men")
    return BoardSpec(squares=game.size, specials=dict(look.specials),
                     escape_edge=look.escape_edge, **fields)


def board_shapes(spec: BoardSpec, x: float, y: float) -> Group:
    """The whole board with its box's top-left corner at (x, y)."""
    theme = THEMES[spec.theme]
    gx, gy = spec.grid_origin(x, y)
    grid_w, grid_h = spec.grid_size
    width, height = spec.size()
    shapes: list[Shape] = []
    if theme.band_fill and spec.labels:
        inset = spec.grid_width * 0.3  # the outline's outer half stays in the box
        shapes.append(Rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset,
                           Stroke(theme.grid, spec.grid_width * 0.6), theme.band_fill))
        shapes.append(Rect(gx, gy, grid_w, grid_h, None, "#ffffff"))
    if spec.escape_edge:
        shapes.append(_escape_ring(spec, theme, gx, gy))
    for square in sorted(spec.specials):
        if spec.shows(square):
            shapes.append(_special(spec, theme, gx, gy, square, spec.specials[square]))
    shapes.append(_grid(spec, theme, gx, gy))
    shapes += _labels(spec, theme, x, y, gx, gy)
    if spec.variant == "wraparound":
        shapes.append(_wrap_markers(spec, theme, gx, gy))
    for square in sorted(spec.stones):
        if spec.shows(square):
            shapes.append(stone_shape(spec.stones[square], *_centre(spec, gx, gy, square),
                                      spec.cell, theme, name=spec.name(square)))
    for square in sorted(spec.marks):
        if spec.shows(square):
            shapes.append(_mark(spec, theme, gx, gy, square, spec.marks[square]))
    for arrow in spec.arrows:
        if spec.shows(arrow.start) and spec.shows(arrow.end):
            shapes.append(_arrow(spec, theme, gx, gy, arrow))
    return Group(tuple(shapes), title=spec.title, desc=describe(spec))


def _centre(spec: BoardSpec, gx: float, gy: float, square: int) -> tuple[float, float]:
    row, col = divmod(square, spec.squares)
    col0, row0, _, _ = spec.view
    return gx + (col - col0 + 0.5) * spec.cell, gy + (row - row0 + 0.5) * spec.cell


def _grid(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> Group:
    """The inner lines each way, then the outer frame (dashed when the board wraps)."""
    cell, side, n = spec.cell, spec.side, spec.squares
    thin = Stroke(theme.grid, spec.grid_width)
    lines: list[Shape] = []
    for i in range(1, n):
        lines.append(Line(gx + i * cell, gy, gx + i * cell, gy + side, thin))
    for i in range(1, n):
        lines.append(Line(gx, gy + i * cell, gx + side, gy + i * cell, thin))
    if spec.variant == "wraparound":
        # The frame has an opening in the middle of every edge square, where the
        # wrap chevron passes through: the edge is a doorway, not a wall.
        frame = Stroke(theme.ink, spec.frame_width * 0.8, cap="square")
        stub = 0.3 * cell
        for i in range(n):
            a, b = i * cell, (i + 1) * cell
            for u0, u1 in ((a, a + stub), (b - stub, b)):
                lines.append(Line(gx + u0, gy, gx + u1, gy, frame))
                lines.append(Line(gx + u0, gy + side, gx + u1, gy + side, frame))
                lines.append(Line(gx, gy + u0, gx, gy + u1, frame))
                lines.append(Line(gx + side, gy + u0, gx + side, gy + u1, frame))
    elif spec.window is not None:
        return _window_grid(spec, theme, gx, gy)
    else:
        frame = Stroke(theme.ink, spec.frame_width, join="miter")
        lines.append(Rect(gx, gy, side, side, frame, None))
        if spec.escape_edge:  # a second heavy frame closes the ring of edge squares
            lines.append(Rect(gx + cell, gy + cell, side - 2 * cell, side - 2 * cell,
                              Stroke(theme.ink, spec.frame_width * 0.8, join="miter"), None))
    return Group(tuple(lines))


def _window_grid(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> Group:
    """The grid of a window: the frame only where the board really ends.

    On a cut side the outermost line is a plain grid line, and where no
    coordinates stand beyond it every line that crosses it runs on a little way
    in dashes, so the board plainly goes on; the escape ring's inner frame is
    drawn where it passes through the window.
    """
    cell, n = spec.cell, spec.squares
    col0, row0, cols, rows = spec.view
    width, height = spec.grid_size
    cut = spec.cut()
    thin = Stroke(theme.grid, spec.grid_width)
    faint = Stroke(theme.grid, spec.grid_width, dash=(0.6, 0.6))
    run = 0.35 * cell
    runs = cut  # every cut side runs on; into a coordinate band only half its width
    short = min(run, 0.45 * spec.band)
    lines: list[Shape] = []
    top = gy - (short if "top" in spec.labels else run)
    bottom = gy + height + (short if "bottom" in spec.labels else run)
    left = gx - (short if "left" in spec.labels else run)
    right = gx + width + (short if "right" in spec.labels else run)
    for i in range(cols + 1):
        x = gx + i * cell
        if i in (0, cols) and ("left" if i == 0 else "right") not in cut:
            continue  # the frame
        lines.append(Line(x, gy, x, gy + height, thin))
        if "top" in runs:
            lines.append(Line(x, top, x, gy, faint))
        if "bottom" in runs:
            lines.append(Line(x, gy + height, x, bottom, faint))
    for j in range(rows + 1):
        y = gy + j * cell
        if j in (0, rows) and ("top" if j == 0 else "bottom") not in cut:
            continue
        lines.append(Line(gx, y, gx + width, y, thin))
        if "left" in runs:
            lines.append(Line(left, y, gx, y, faint))
        if "right" in runs:
            lines.append(Line(gx + width, y, right, y, faint))
    frame = Stroke(theme.ink, spec.frame_width, cap="square")
    for side, (x1, y1, x2, y2) in (("top", (gx, gy, gx + width, gy)),
                                   ("bottom", (gx, gy + height, gx + width, gy + height)),
                                   ("left", (gx, gy, gx, gy + height)),
                                   ("right", (gx + width, gy, gx + width, gy + height))):
        if side not in cut:
            lines.append(Line(x1, y1, x2, y2, frame))
    if spec.escape_edge:  # the inner frame of the edge ring, clipped to the window
        ring = Stroke(theme.ink, spec.frame_width * 0.8, cap="square")
        lo, hi = 1, n - 1  # the ring's inner frame runs along lines 1 and n - 1

        def clip(a: int, b: int, first: int, count: int) -> tuple[int, int] | None:
            a, b = max(a, first), min(b, first + count)
            return (a, b) if a < b else None

        for line, horizontal in ((lo, True), (hi, True), (lo, False), (hi, False)):
            first, count = (row0, rows) if horizontal else (col0, cols)
            if not first <= line <= first + count:
                continue
            # On a cut side the ring's frame would read as the board's edge: heavy
            # lines stand only where the board really ends.
            if (horizontal and ((line == row0 and "top" in cut)
                                or (line == row0 + rows and "bottom" in cut))) or (
                    not horizontal and ((line == col0 and "left" in cut)
                                        or (line == col0 + cols and "right" in cut))):
                continue
            span = clip(lo, hi, *((col0, cols) if horizontal else (row0, rows)))
            if span is None:
                continue
            if horizontal:
                y = gy + (line - row0) * cell
                lines.append(Line(gx + (span[0] - col0) * cell, y, gx + (span[1] - col0) * cell,
                                  y, ring))
            else:
                x = gx + (line - col0) * cell
                lines.append(Line(x, gy + (span[0] - row0) * cell, x,
                                  gy + (span[1] - row0) * cell, ring))
    return Group(tuple(lines))


ESCAPE_TINT = "#f3ede1"  # the edge ring of the 1992 board (print theme)
DARK_HOME_TINT = "#cbc4b7"  # Dark's home corner: a darker tone, as Dark's stones are dark
THRONE_TINT = "#d9d2c5"


def _escape_ring(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> Group:
    """A pale tint on every edge square (print theme only; the frames mark it anyway)."""
    cell, side = spec.cell, spec.side
    parts: list[Shape] = []
    if theme.band_fill and spec.window is None:
        parts = [Rect(gx, gy, side, cell, None, ESCAPE_TINT),
                 Rect(gx, gy + side - cell, side, cell, None, ESCAPE_TINT),
                 Rect(gx, gy + cell, cell, side - 2 * cell, None, ESCAPE_TINT),
                 Rect(gx + side - cell, gy + cell, cell, side - 2 * cell, None, ESCAPE_TINT)]
    elif theme.band_fill:  # a window: the parts of the four strips that fall inside it
        n = spec.squares
        col0, row0, cols, rows = spec.view
        for c, r, w, h in ((0, 0, n, 1), (0, n - 1, n, 1), (0, 1, 1, n - 2),
                           (n - 1, 1, 1, n - 2)):
            c1, r1 = max(c, col0), max(r, row0)
            c2, r2 = min(c + w, col0 + cols), min(r + h, row0 + rows)
            if c1 < c2 and r1 < r2:
                parts.append(Rect(gx + (c1 - col0) * cell, gy + (r1 - row0) * cell,
                                  (c2 - c1) * cell, (r2 - r1) * cell, None, ESCAPE_TINT))
    return Group(tuple(parts), title="The edge squares: the king escapes here",
                 desc="Dark wins when the king reaches any square of the outer ring.")


def _special(spec: BoardSpec, theme: Theme, gx: float, gy: float, square: int,
             kind: SpecialKind) -> Group:
    """A home corner or the throne: clear, but quieter than any piece.

    Dark's home corner is toned (hatched in ink-saver), Light's is white with
    an inner outline, as Dark stones are dark and Light stones outlined. The
    throne is toned with a double outline.
    """
    cell = spec.cell
    row, col = divmod(square, spec.squares)
    col0, row0, _, _ = spec.view
    x0, y0 = gx + (col - col0) * cell, gy + (row - row0) * cell
    inset = 0.09 * cell
    line = Stroke(theme.ink, max(0.2, spec.grid_width * 1.4), join="miter")
    parts: list[Shape] = []
    if kind == "dark-home":
        if theme.band_fill:
            parts.append(Rect(x0, y0, cell, cell, None, DARK_HOME_TINT))
        else:
            parts += _square_hatch(x0, y0, cell, max(1.2, 0.09 * cell), theme)
        parts.append(Rect(x0 + inset, y0 + inset, cell - 2 * inset, cell - 2 * inset, line,
                          None))
    elif kind == "light-home":
        parts.append(Rect(x0 + inset, y0 + inset, cell - 2 * inset, cell - 2 * inset, line,
                          None))
    else:
        if theme.band_fill:
            parts.append(Rect(x0, y0, cell, cell, None, THRONE_TINT))
        for k in (0.1, 0.2):
            d = k * cell
            parts.append(Rect(x0 + d, y0 + d, cell - 2 * d, cell - 2 * d, line, None))
    return Group(tuple(parts), title=f"{spec.name(square)}: {SPECIAL_NAMES[kind]}")


def _square_hatch(x0: float, y0: float, cell: float, gap: float, theme: Theme) -> list[Shape]:
    """45° lines across one square (ink-saver's way of toning without filling)."""
    stroke = Stroke(theme.grid, max(0.12, 0.008 * cell))
    out: list[Shape] = []
    k = gap
    while k < 2 * cell:
        # The line x + y = k (square coordinates), clipped to the square.
        a = (max(0.0, k - cell), min(cell, k))
        b = (min(cell, k), max(0.0, k - cell))
        out.append(Line(x0 + a[0], y0 + a[1], x0 + b[0], y0 + b[1], stroke))
        k += gap
    return out


def _arrow(spec: BoardSpec, theme: Theme, gx: float, gy: float, arrow: Arrow) -> Group:
    """A bowed arrow between two squares, stopping short of the pieces on them."""
    (x1, y1), (x2, y2) = (_centre(spec, gx, gy, arrow.start), _centre(spec, gx, gy, arrow.end))
    cell = spec.cell
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    nx, ny = dy / length, -dx / length  # the left of the direction of travel (y down)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    cx, cy = mx + nx * arrow.bend * cell * 2, my + ny * arrow.bend * cell * 2

    def at(t: float) -> tuple[float, float]:
        u = 1 - t
        return (u * u * x1 + 2 * u * t * cx + t * t * x2, u * u * y1 + 2 * u * t * cy + t * t * y2)

    clear = min(0.5 * cell, 0.3 * length) / length  # leave the squares' pieces visible
    steps = 40
    points = tuple(at(clear + (1 - 2 * clear) * i / steps) for i in range(steps + 1))
    width = max(0.35, 0.045 * cell) * theme.weight
    dark = arrow.side == DARK
    dash = None if dark else (3.2 * width, 1.6 * width)
    stroke = Stroke(theme.ink, width, dash=dash, cap="butt", join="round")
    halo = Stroke("#ffffff", width * 2.4, cap="round", join="round")
    # The head: two barbs from the tip, along the curve's last direction.
    (ax, ay), (bx, by) = points[-2], points[-1]
    hx, hy = bx - ax, by - ay
    norm = math.hypot(hx, hy)
    hx, hy = hx / norm, hy / norm
    head_len = 0.22 * cell
    left = (bx - hx * head_len + hy * head_len * 0.55, by - hy * head_len - hx * head_len * 0.55)
    right = (bx - hx * head_len - hy * head_len * 0.55, by - hy * head_len + hx * head_len * 0.55)
    head = Polyline((left, (bx, by), right), None, theme.ink, closed=True)
    shaft = points[:-3] + (((left[0] + right[0]) / 2, (left[1] + right[1]) / 2),)
    who = SIDE_WORDS[arrow.side]
    title = arrow.title or (f"{who}'s king: from {spec.name(arrow.start)} to its goal "
                            f"{spec.name(arrow.end)}")
    return Group((Polyline(shaft, halo), Polyline(head.points, Stroke("#ffffff", width * 1.6,
                                                                      join="round"), "#ffffff",
                                                 closed=True),
                  Polyline(shaft, stroke), head),
                 title=title)


def _labels(spec: BoardSpec, theme: Theme, x: float, y: float, gx: float, gy: float
            ) -> list[Shape]:
    """Coordinates in the bands. When both sides of the board carry them (a board to
    play on), those on the top and right are turned half round, so the player
    sitting across the table reads them the right way up; a book diagram labelled
    on the top and left only keeps them upright for its one reader."""
    size = spec.label_size
    rise = 0.34 * size * MM_PER_PT  # half the cap height: centres figures on a point
    off, cell = spec.label_offset, spec.cell
    col0, row0, cols, rows = spec.view
    grid_w, grid_h = spec.grid_size
    out: list[Shape] = []
    turn_top, turn_right = "bottom" in spec.labels, "left" in spec.labels
    for i in range(max(cols, rows)):
        cx = gx + (i + 0.5) * cell
        cy = gy + (i + 0.5) * cell
        if i < cols and "top" in spec.labels:
            out.append(Text(cx, gy - off + (-rise if turn_top else rise), FILES[col0 + i],
                            size, "regular", "middle", theme.label, turned=turn_top))
        if i < cols and "bottom" in spec.labels:
            out.append(Text(cx, gy + grid_h + off + rise, FILES[col0 + i], size,
                            "regular", "middle", theme.label))
        if i < rows and "left" in spec.labels:
            out.append(Text(gx - off, cy + rise, str(row0 + i + 1), size, "regular",
                            "middle", theme.label))
        if i < rows and "right" in spec.labels:
            out.append(Text(gx + grid_w + off, cy + (-rise if turn_right else rise),
                            str(row0 + i + 1), size, "regular", "middle", theme.label,
                            turned=turn_right))
    return out


def _wrap_markers(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> Group:
    """Open chevrons astride the frame: the same mark on opposite edges means they join.

    Every row carries a chevron pointing right on both its left and right
    edges (leave on the right, come back on the left); every column carries
    one pointing down at top and bottom. Strokes only, so ink-saver stays unfilled.
    """
    cell, side = spec.cell, spec.side
    a = min(1.5, max(0.55, 0.1 * cell))  # chevron half-size
    stroke = Stroke(theme.ink, max(0.2, spec.grid_width * 1.5), cap="round", join="round")
    out: list[Shape] = []

    def chevron(cx: float, cy: float, dx: int, dy: int) -> Polyline:
        # A "›" pointing along (dx, dy) whose middle sits on (cx, cy).
        px, py = -dy, dx
        tip = (cx + dx * a * 0.5, cy + dy * a * 0.5)
        return Polyline(((tip[0] - dx * a + px * a, tip[1] - dy * a + py * a), tip,
                         (tip[0] - dx * a - px * a, tip[1] - dy * a - py * a)), stroke)

    for i in range(spec.squares):
        c = (i + 0.5) * cell
        out.append(chevron(gx, gy + c, 1, 0))
        out.append(chevron(gx + side, gy + c, 1, 0))
        out.append(chevron(gx + c, gy, 0, 1))
        out.append(chevron(gx + c, gy + side, 0, 1))
    return Group(tuple(out), title="Wraparound edges",
                 desc="Each chevron on an edge matches the one on the opposite edge: "
                      "a square on one edge touches the square in the same row or "
                      "column on the opposite edge.")


def stone_outline(cell: float, theme: Theme) -> Stroke:
    """The line round a stone drawn in a square `cell` mm wide."""
    return Stroke(theme.ink, max(0.18, 0.022 * cell) * theme.weight)


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
    outline = stone_outline(cell, theme)
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
        # The outer ring is filled with paper, so a special square's outline under
        # the king (a corner, the throne) never runs through the piece.
        parts.append(Circle(cx, cy, 0.46 * cell, outline, theme.paper))
        parts.append(Circle(cx, cy, 0.36 * cell, outline, fill))
        if dark and fill is None:
            parts += _hatch(cx, cy, 0.36 * cell, 0.26 * cell, cell, theme)
        parts.append(rune_shapes(OS.char, cx, cy, 0.42 * cell, mark_color, 0.055 * cell))
    elif stone.kind in ("man", "king"):
        parts += _lettered(stone, cx, cy, cell, theme, outline)
    else:
        parts.append(Circle(cx, cy, 0.4 * cell, outline, fill))
        if dark and fill is None:
            parts += _hatch(cx, cy, 0.4 * cell, 0.0, cell, theme)
    where = f" on {name}" if name else ""
    return Group(tuple(parts), title=f"{SIDE_WORDS[stone.side]} {KIND_NAMES[stone.kind]}{where}")


def _lettered(stone: Stone, cx: float, cy: float, cell: float, theme: Theme,
              outline: Stroke) -> list[Shape]:
    """The 1992 game's pieces: a disc with the post's letter, X (Dark), O (Light), K (king).

    Dark discs are filled with a white letter, Light discs white with a dark
    letter; the king adds an outer ring. In ink-saver every disc is an outline
    and the letter alone tells the sides apart (a thicker ring for Dark).
    """
    dark = stone.side == DARK
    fill = theme.dark_fill if dark else theme.light_fill
    letter = "K" if stone.kind == "king" else MAN_LETTERS[stone.side]
    ring = outline if not dark or fill else Stroke(theme.ink, outline.width * 1.8)
    parts: list[Shape] = []
    r = 0.4 * cell
    if stone.kind == "king":
        parts.append(Circle(cx, cy, 0.47 * cell, outline, theme.paper))  # hides the throne
        r = 0.38 * cell
    parts.append(Circle(cx, cy, r, ring, fill))
    size = 0.62 * cell / MM_PER_PT
    color = theme.contrast_on_dark if dark and fill else theme.ink
    parts.append(Text(cx, cy + 0.33 * size * MM_PER_PT, letter, size, "bold", "middle", color))
    return parts


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
        stroke = Stroke(theme.ink, max(0.3, 0.05 * cell), cap="round")
        return Group(removal_shapes(spec, cx, cy, 0.3 * cell, stroke),
                     title=f"{spec.name(square)} emptied")
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


def removal_shapes(spec: BoardSpec, cx: float, cy: float, reach: float, stroke: Stroke
                   ) -> tuple[Shape, ...]:
    """The mark of a square a move emptied: a cross, or on a board of lettered pieces
    (where a cross reads as a man) a dashed ring struck through once."""
    if spec.lettered:
        ring = Stroke(stroke.color, stroke.width * 0.6,
                      dash=(0.12 * spec.cell, 0.09 * spec.cell))
        return (Circle(cx, cy, 0.36 * spec.cell, ring, None),
                Line(cx - reach, cy + reach, cx + reach, cy - reach, stroke))
    return (Line(cx - reach, cy - reach, cx + reach, cy + reach, stroke),
            Line(cx - reach, cy + reach, cx + reach, cy - reach, stroke))


_SIDE_VECTORS: dict[Side, tuple[int, int]] = {
    "top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _teaching_mark(spec: BoardSpec, theme: Theme, cx: float, cy: float, square: int,
                   mark: Mark) -> Group:
    """Ghost and barred rings, hinge bars and score beads (see `Mark`)."""
    cell = spec.cell
    name = spec.name(square)
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
            width = max(0.3, 0.05 * cell)
            if square in spec.stones:
                # On a stone an ink strike vanishes into a dark stone (issue 11, item 19):
                # strike in the accent colour over a white halo, seen on either colour.
                parts.append(Line(cx - s, cy + s, cx + s, cy - s,
                                  Stroke("#ffffff", 2.2 * width, cap="round")))
                parts.append(Line(cx - s, cy + s, cx + s, cy - s,
                                  Stroke(theme.accent, width, cap="round")))
            else:
                parts.append(Line(cx - s, cy + s, cx + s, cy - s,
                                  Stroke(theme.ink, width, cap="round")))
    hinges = f", {len(sides)} hinge{'s' * (len(sides) != 1)} marked" if sides else ""
    what = {"ghost": f"a stone may go on {name}", "barred": f"no stone may go on {name}",
            "hinges": f"hinges of {name}"}[mark.kind]
    return Group(tuple(parts), title=what + hinges)


def describe(spec: BoardSpec) -> str:
    """A plain-text account of the board for screen readers (the SVG `<desc>`)."""
    n = spec.squares
    wrap = " Wraparound: opposite edges join." if spec.variant == "wraparound" else ""
    extra = "".join(f" {spec.name(sq)} is {SPECIAL_NAMES[kind]}."
                    for sq, kind in sorted(spec.specials.items()))
    if spec.escape_edge:
        extra += " The edge squares, where the king escapes, are marked."
    if spec.window is not None:
        col0, row0, cols, rows = spec.window
        extra = (f" Part of the {n} by {n} board: columns {FILES[col0]} to "
                 f"{FILES[col0 + cols - 1]}, rows {row0 + 1} to {row0 + rows}."
                 + "".join(f" {spec.name(sq)} is {SPECIAL_NAMES[kind]}."
                           for sq, kind in sorted(spec.specials.items()) if spec.shows(sq)))
        if spec.escape_edge and spec.cut() != ALL_SIDES:
            extra += " The board's edge squares, where the king escapes, are marked."
    if spec.window is not None and not any(spec.shows(sq) for sq in spec.stones):
        return f"No pieces.{extra}"
    if not spec.stones:
        return (f"Empty {n} by {n} board, squares {spec.cell:g} mm, columns A to "
                f"{FILES[n - 1]}, rows 1 (top) to {n}.{wrap}{extra}")
    parts = []
    for side in (DARK, LIGHT):
        names = [
            spec.name(sq) + ("" if st.kind in ("standard", "man") else f" ({KIND_NAMES[st.kind]})")
            for sq, st in sorted(spec.stones.items()) if st.side == side and spec.shows(sq)
        ]
        parts.append(f"{SIDE_WORDS[side]}: {', '.join(names) if names else 'none'}.")
    return " ".join(parts) + wrap + extra
