"""The board whose edge is the king's way out (the 1992 e-mail Hnefatafl).

Every edge square is a goal for the king: a pale tint on the ring of edge
squares (print theme) and a second heavy frame inside it mark the ring, and
a window of the board shows the part of that frame that passes through it.
"""

from __future__ import annotations

from maerstanas_print.draw.shapes import Group, Line, Rect, Shape, Stroke
from maerstanas_print.draw.square_board import ALL_SIDES, BoardGeometry, SquareBoard
from maerstanas_print.draw.theme import Theme

ESCAPE_TINT = "#f3ede1"  # the edge ring of the 1992 board (print theme)


class EscapeEdgeBoard(SquareBoard):
    """A square board whose ring of edge squares is where the king escapes."""

    def under_grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        """A pale tint on every edge square (print theme only; the frames mark it anyway)."""
        cell, side = board.cell, board.side
        parts: list[Shape] = []
        if theme.band_fill and board.window is None:
            parts = [
                Rect(gx, gy, side, cell, None, ESCAPE_TINT),
                Rect(gx, gy + side - cell, side, cell, None, ESCAPE_TINT),
                Rect(gx, gy + cell, cell, side - 2 * cell, None, ESCAPE_TINT),
                Rect(gx + side - cell, gy + cell, cell, side - 2 * cell, None, ESCAPE_TINT),
            ]
        elif theme.band_fill:  # a window: the parts of the four strips that fall inside it
            n = board.squares
            col0, row0, cols, rows = board.view
            for c, r, w, h in (
                (0, 0, n, 1),
                (0, n - 1, n, 1),
                (0, 1, 1, n - 2),
                (n - 1, 1, 1, n - 2),
            ):
                c1, r1 = max(c, col0), max(r, row0)
                c2, r2 = min(c + w, col0 + cols), min(r + h, row0 + rows)
                if c1 < c2 and r1 < r2:
                    parts.append(
                        Rect(
                            gx + (c1 - col0) * cell,
                            gy + (r1 - row0) * cell,
                            (c2 - c1) * cell,
                            (r2 - r1) * cell,
                            None,
                            ESCAPE_TINT,
                        )
                    )
        return [
            Group(
                tuple(parts),
                title="The edge squares: the king escapes here",
                desc="Dark wins when the king reaches any square of the outer ring.",
            )
        ]

    def frame(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        """The frame, and a second heavy frame that closes the ring of edge squares."""
        cell, side = board.cell, board.side
        return super().frame(board, theme, gx, gy) + [
            Rect(
                gx + cell,
                gy + cell,
                side - 2 * cell,
                side - 2 * cell,
                Stroke(theme.ink, board.frame_width * 0.8, join="miter"),
                None,
            )
        ]

    def window_extras(
        self, board: BoardGeometry, theme: Theme, gx: float, gy: float
    ) -> list[Shape]:
        """The inner frame of the edge ring, clipped to the window."""
        cell, n = board.cell, board.squares
        col0, row0, cols, rows = board.view
        cut = board.cut()
        lines: list[Shape] = []
        ring = Stroke(theme.ink, board.frame_width * 0.8, cap="square")
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
            if (
                horizontal
                and ((line == row0 and "top" in cut) or (line == row0 + rows and "bottom" in cut))
            ) or (
                not horizontal
                and ((line == col0 and "left" in cut) or (line == col0 + cols and "right" in cut))
            ):
                continue
            span = clip(lo, hi, *((col0, cols) if horizontal else (row0, rows)))
            if span is None:
                continue
            if horizontal:
                y = gy + (line - row0) * cell
                lines.append(
                    Line(gx + (span[0] - col0) * cell, y, gx + (span[1] - col0) * cell, y, ring)
                )
            else:
                x = gx + (line - col0) * cell
                lines.append(
                    Line(x, gy + (span[0] - row0) * cell, x, gy + (span[1] - row0) * cell, ring)
                )
        return lines

    def board_note(self, board: BoardGeometry) -> str:
        return " The edge squares, where the king escapes, are marked."

    def window_note(self, board: BoardGeometry) -> str:
        if board.cut() == ALL_SIDES:
            return ""
        return " The board's edge squares, where the king escapes, are marked."
