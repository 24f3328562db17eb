"""The plain square board's painter, the one every other kind of board builds on.

A painter draws what differs between kinds of board: the grid and its
frame, what lies under the grid (a tinted ring of edge squares) and over it
(wraparound chevrons), how far its edge reaches past the grid, and a sentence
for screen readers. `board_kinds.board_painter` chooses one by the board's
variant and edge; `board.board_shapes` asks it and draws the rest (bands,
coordinates, special squares, pieces, marks) the same for every board.

A painter reads the board through `BoardGeometry` (what `spec.BoardSpec`
answers), so it needs nothing of the spec module, and the spec can ask its
painter how far its edge reaches.
"""

from __future__ import annotations

from typing import Literal, Protocol

from maerstanas_print.draw.shapes import Group, Line, Rect, Shape, Stroke
from maerstanas_print.draw.theme import Theme

Side = Literal["top", "bottom", "left", "right"]
ALL_SIDES: frozenset[Side] = frozenset(("top", "bottom", "left", "right"))


class BoardGeometry(Protocol):
    """What a painter reads of a board (`spec.BoardSpec`)."""

    @property
    def cell(self) -> float: ...

    @property
    def squares(self) -> int: ...

    @property
    def labels(self) -> frozenset[Side]: ...

    @property
    def window(self) -> tuple[int, int, int, int] | None: ...

    @property
    def view(self) -> tuple[int, int, int, int]: ...

    @property
    def side(self) -> float: ...

    @property
    def grid_size(self) -> tuple[float, float]: ...

    @property
    def band(self) -> float: ...

    @property
    def grid_width(self) -> float: ...

    @property
    def frame_width(self) -> float: ...

    def cut(self) -> frozenset[Side]: ...


class SquareBoard:
    """A plain square board: thin inner lines, a heavy frame, nothing past the edge."""

    def edge_reach(self, board: BoardGeometry) -> float:
        """How far marks astride the frame reach past it (mm): none here."""
        return 0.0

    def frame_pad(self, board: BoardGeometry) -> float:
        """How far the frame's ink reaches past the grid where no coordinates stand."""
        return board.frame_width / 2

    def under_grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        """What is drawn under the grid, before the special squares: nothing here."""
        return []

    def grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> Group:
        """The inner lines each way, then the outer frame; a window's own grid."""
        if board.window is not None:
            return self.window_grid(board, theme, gx, gy)
        return Group(
            tuple(self.inner_lines(board, theme, gx, gy) + self.frame(board, theme, gx, gy))
        )

    def inner_lines(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        cell, side, n = board.cell, board.side, board.squares
        thin = Stroke(theme.grid, board.grid_width)
        lines: list[Shape] = []
        for i in range(1, n):
            lines.append(Line(gx + i * cell, gy, gx + i * cell, gy + side, thin))
        for i in range(1, n):
            lines.append(Line(gx, gy + i * cell, gx + side, gy + i * cell, thin))
        return lines

    def frame(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        side = board.side
        return [Rect(gx, gy, side, side, Stroke(theme.ink, board.frame_width, join="miter"), None)]

    def window_grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> Group:
        """The grid of a window: the frame only where the board really ends.

        On a cut side the outermost line is a plain grid line, and where no
        coordinates stand beyond it every line that crosses it runs on a little
        way in dashes, so the board plainly goes on.
        """
        cell = board.cell
        _, _, cols, rows = board.view
        width, height = board.grid_size
        cut = board.cut()
        thin = Stroke(theme.grid, board.grid_width)
        faint = Stroke(theme.grid, board.grid_width, dash=(0.6, 0.6))
        run = 0.35 * cell
        runs = cut  # every cut side runs on; into a coordinate band only half its width
        short = min(run, 0.45 * board.band)
        lines: list[Shape] = []
        top = gy - (short if "top" in board.labels else run)
        bottom = gy + height + (short if "bottom" in board.labels else run)
        left = gx - (short if "left" in board.labels else run)
        right = gx + width + (short if "right" in board.labels else run)
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
        frame = Stroke(theme.ink, board.frame_width, cap="square")
        for side, (x1, y1, x2, y2) in (
            ("top", (gx, gy, gx + width, gy)),
            ("bottom", (gx, gy + height, gx + width, gy + height)),
            ("left", (gx, gy, gx, gy + height)),
            ("right", (gx + width, gy, gx + width, gy + height)),
        ):
            if side not in cut:
                lines.append(Line(x1, y1, x2, y2, frame))
        lines += self.window_extras(board, theme, gx, gy)
        return Group(tuple(lines))

    def window_extras(
        self, board: BoardGeometry, theme: Theme, gx: float, gy: float
    ) -> list[Shape]:
        """Lines of the board's own kind that a window shows: none here."""
        return []

    def over_grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        """What is drawn over the grid and its coordinates: nothing here."""
        return []

    def edges_note(self, board: BoardGeometry) -> str:
        """What the screen-reader description says of the edges (a leading space)."""
        return ""

    def board_note(self, board: BoardGeometry) -> str:
        """What it says of the board's marked squares, whole board shown."""
        return ""

    def window_note(self, board: BoardGeometry) -> str:
        """What it says of them when only a window of the board is shown."""
        return ""
