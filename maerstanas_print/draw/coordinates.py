"""The coordinates in the bands round a board: files A, B, ... and rows 1, 2, ...

When both sides of the board carry them (a board to play on), those on the
top and right are turned half round, so the player sitting across the table
reads them the right way up; a book diagram labelled on the top and left only
keeps them upright for its one reader. A window keeps the real coordinates.
"""

from __future__ import annotations

from maerstanas_print.draw.shapes import MM_PER_PT, Shape, Text
from maerstanas_print.draw.spec import BoardSpec
from maerstanas_print.draw.theme import Theme
from maerstanas_print.geometry import FILES


def coordinate_labels(spec: BoardSpec, theme: Theme, gx: float, gy: float) -> list[Shape]:
    """The coordinates of the grid whose top-left corner is (gx, gy)."""
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
            out.append(
                Text(
                    cx,
                    gy - off + (-rise if turn_top else rise),
                    FILES[col0 + i],
                    size,
                    "regular",
                    "middle",
                    theme.label,
                    turned=turn_top,
                )
            )
        if i < cols and "bottom" in spec.labels:
            out.append(
                Text(
                    cx,
                    gy + grid_h + off + rise,
                    FILES[col0 + i],
                    size,
                    "regular",
                    "middle",
                    theme.label,
                )
            )
        if i < rows and "left" in spec.labels:
            out.append(
                Text(gx - off, cy + rise, str(row0 + i + 1), size, "regular", "middle", theme.label)
            )
        if i < rows and "right" in spec.labels:
            out.append(
                Text(
                    gx + grid_w + off,
                    cy + (-rise if turn_right else rise),
                    str(row0 + i + 1),
                    size,
                    "regular",
                    "middle",
                    theme.label,
                    turned=turn_right,
                )
            )
    return out
