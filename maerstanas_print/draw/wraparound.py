"""The wraparound board (Mǽrstánas' torus): doorways in the frame, chevrons astride it.

Opposite edges join, so the frame is no wall: it opens in the middle of every
edge square, and a chevron on each edge matches the one on the opposite edge.
The chevrons reach past the frame, which widens the coordinate band by as
much (`edge_reach`), so they never crowd the coordinates.
"""

from __future__ import annotations

from maerstanas_print.draw.shapes import Group, Line, Polyline, Shape, Stroke
from maerstanas_print.draw.square_board import BoardGeometry, SquareBoard
from maerstanas_print.draw.theme import Theme

# What a page of wraparound boards says under them (the chevrons are not self-evident).
WRAP_NOTE = (
    "Wraparound: opposite edges join. Each row and column goes on through the chevron in "
    "the frame and comes back in at the matching chevron on the far side."
)


class WraparoundBoard(SquareBoard):
    """A board whose opposite edges join."""

    def edge_reach(self, board: BoardGeometry) -> float:
        a = min(1.5, max(0.55, 0.1 * board.cell))
        return 0.5 * a + max(0.2, board.grid_width * 1.5) / 2

    def frame_pad(self, board: BoardGeometry) -> float:
        return max(self.edge_reach(board), board.frame_width * 0.8)

    def grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> Group:
        """The inner lines, then a frame with an opening in the middle of every edge
        square, where the wrap chevron passes through: the edge is a doorway, not a
        wall (a window of a wraparound board is drawn whole)."""
        cell, side, n = board.cell, board.side, board.squares
        lines = self.inner_lines(board, theme, gx, gy)
        frame = Stroke(theme.ink, board.frame_width * 0.8, cap="square")
        stub = 0.3 * cell
        for i in range(n):
            a, b = i * cell, (i + 1) * cell
            for u0, u1 in ((a, a + stub), (b - stub, b)):
                lines.append(Line(gx + u0, gy, gx + u1, gy, frame))
                lines.append(Line(gx + u0, gy + side, gx + u1, gy + side, frame))
                lines.append(Line(gx, gy + u0, gx, gy + u1, frame))
                lines.append(Line(gx + side, gy + u0, gx + side, gy + u1, frame))
        return Group(tuple(lines))

    def over_grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        """Open chevrons astride the frame: the same mark on opposite edges means they join.

        Every row carries a chevron pointing right on both its left and right
        edges (leave on the right, come back on the left); every column carries
        one pointing down at top and bottom. Strokes only, so ink-saver stays unfilled.
        """
        cell, side = board.cell, board.side
        a = min(1.5, max(0.55, 0.1 * cell))  # chevron half-size
        stroke = Stroke(theme.ink, max(0.2, board.grid_width * 1.5), cap="round", join="round")
        out: list[Shape] = []

        def chevron(cx: float, cy: float, dx: int, dy: int) -> Polyline:
            # A "›" pointing along (dx, dy) whose middle sits on (cx, cy).
            px, py = -dy, dx
            tip = (cx + dx * a * 0.5, cy + dy * a * 0.5)
            return Polyline(
                (
                    (tip[0] - dx * a + px * a, tip[1] - dy * a + py * a),
                    tip,
                    (tip[0] - dx * a - px * a, tip[1] - dy * a - py * a),
                ),
                stroke,
            )

        for i in range(board.squares):
            c = (i + 0.5) * cell
            out.append(chevron(gx, gy + c, 1, 0))
            out.append(chevron(gx + side, gy + c, 1, 0))
            out.append(chevron(gx + c, gy, 0, 1))
            out.append(chevron(gx + c, gy + side, 0, 1))
        return [
            Group(
                tuple(out),
                title="Wraparound edges",
                desc="Each chevron on an edge matches the one on the opposite edge: "
                "a square on one edge touches the square in the same row or "
                "column on the opposite edge.",
            )
        ]

    def edges_note(self, board: BoardGeometry) -> str:
        return " Wraparound: opposite edges join."
