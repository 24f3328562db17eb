"""What one board looks like, as data: `BoardSpec`, with the marks and arrows on it.

A spec says what to draw (size, squares, coordinates, theme, pieces, marks,
a window of a big board) and answers the board's geometry (bands, pads,
where a square's centre is); `board.board_shapes` draws it, in PDF and SVG
alike. What depends on the kind of board (a wraparound's chevrons reach past
the frame) the spec asks its painter (`board_kinds.board_painter`).

Squares are indexed as in the engine: `row * n + col` on an n x n board
(7 for Mǽrstánas and Cyngesheall, 19 for the 1992 Hnefatafl), row 0 the top
row ("1"), column 0 the left column ("A"). Stones sit inside squares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from maerstanas_print.draw.board_kinds import board_painter
from maerstanas_print.draw.square_board import ALL_SIDES, Side, SquareBoard
from maerstanas_print.draw.theme import MIN_LABEL_PT, THEMES
from maerstanas_print.geometry import square_name
from maerstanas_print.pieces import BoardVariant, PieceStyle, SpecialKind, Stone

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

__all__ = [
    "ALL_SIDES",
    "Arrow",
    "BoardSpec",
    "Mark",
    "MarkKind",
    "Side",
    "Variant",
    "spec_for_game",
    "square_centre",
]

SIZE = 7  # squares along a side, unless a spec says otherwise
Variant = BoardVariant

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
    title: str = "Board"  # `spec_for_game` names the game's board
    squares: int = SIZE  # squares along a side: 7, or 19 for the 1992 game
    specials: Mapping[int, SpecialKind] = field(default_factory=dict)
    escape_edge: bool = False  # the edge ring is where the king escapes (1992)
    # Rune stones, or lettered men (the 1992 post's X, O, K): among lettered men a
    # removal is drawn as a struck-through dashed ring, since a cross would read as
    # a man still standing.
    pieces: PieceStyle = "stones"
    arrows: tuple[Arrow, ...] = ()
    # Draw only part of the board: (first column, first row, columns, rows), 0-based.
    # Sides where the window stops short of the board's edge get a thin line, not
    # the frame, and the coordinates stay the real ones.
    window: tuple[int, int, int, int] | None = None

    @property
    def painter(self) -> SquareBoard:
        """The painter of this kind of board (see `board_kinds`)."""
        return board_painter(self.variant, self.escape_edge)

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
        """How far marks astride the frame (a wraparound's chevrons) reach past it (mm)."""
        return self.painter.edge_reach(self)

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
        return max(self.painter.frame_pad(self), self._edge_beads(side))

    def _edge_beads(self, side: Side) -> float:
        """How far a score bead on the board's outer edge reaches past it (0: none)."""
        row_col = {
            "top": (0, None),
            "bottom": (self.squares - 1, None),
            "left": (None, 0),
            "right": (None, self.squares - 1),
        }[side]
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
        return (
            width + self.pad("left") + self.pad("right"),
            height + self.pad("top") + self.pad("bottom"),
        )

    def grid_origin(self, x: float, y: float) -> tuple[float, float]:
        """Top-left corner of square A1 when the board's box starts at (x, y)."""
        return (
            x + self.pad("left") + (self.band if "left" in self.labels else 0.0),
            y + self.pad("top") + (self.band if "top" in self.labels else 0.0),
        )

    def name(self, square: int) -> str:
        return square_name(square, self.squares)


def square_centre(spec: BoardSpec, gx: float, gy: float, square: int) -> tuple[float, float]:
    """The centre of `square` when the grid's top-left corner is (gx, gy)."""
    row, col = divmod(square, spec.squares)
    col0, row0, _, _ = spec.view
    return gx + (col - col0 + 0.5) * spec.cell, gy + (row - row0 + 0.5) * spec.cell


def spec_for_game(game: Game, **fields: Any) -> BoardSpec:
    """A BoardSpec for `game`: its size, special squares, escape edge and pieces, plus
    `fields`. Everything comes from how the game's boards look (`Game.look`)."""
    look = game.look
    fields.setdefault("title", f"{game.title} board")
    fields.setdefault("pieces", look.pieces)
    return BoardSpec(
        squares=game.board.size,
        specials=dict(look.specials),
        escape_edge=look.escape_edge,
        **fields,
    )
