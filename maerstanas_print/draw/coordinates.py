"""The coordinates in the bands round a board: files A, B, ... and rows 1, 2, ...

When both sides of the board carry them (a board to play on), those on the
top and right are turned half round, so the player sitting across the table
reads them the right way up; a book diagram labelled on the top and left only
keeps them upright for its one reader. A window keeps the real coordinates.
"""

from __future__ import annotations

from dataclasses import replace

from maerstanas_print.draw.shapes import MM_PER_PT, Shape, Text
from maerstanas_print.draw.spec import BoardSpec
from maerstanas_print.draw.theme import Theme
from maerstanas_print.fonts import text_ink
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


# The least white between two neighbouring coordinates: a hair space, the thinnest
# space type sets (a twentieth of the type size), so each reads as its own.
HAIR_SPACE_EM = 1 / 20


def least_legible_cell(spec: BoardSpec, step: float = 0.05) -> float:
    """The smallest square size (mm, in `step`s) at which no two neighbouring
    coordinates of `spec`'s board touch: neighbours stand one square apart, so a
    square must hold the ink of half of each and a hair space between them. Found
    from the font's outlines at the coordinates' own size (`label_size`, which grows
    with the square), so it holds for any board and view."""
    steps = 1
    while steps * step < coordinate_room(replace(spec, cell=steps * step)):
        steps += 1
    return round(steps * step, 6)


def coordinate_room(spec: BoardSpec) -> float:
    """How far apart (mm) the centres of neighbouring coordinates of `spec` must
    stand for their ink to keep a hair space apart, at `spec`'s coordinate size."""
    size = spec.label_size
    col0, row0, cols, rows = spec.view
    need = [0.0]
    files = [FILES[col0 + i] for i in range(cols)] if spec.labels & {"top", "bottom"} else []
    numbers = [str(row0 + i + 1) for i in range(rows)] if spec.labels & {"left", "right"} else []
    for first, second in zip(files, files[1:], strict=False):
        a, b = text_ink(first, "regular", size), text_ink(second, "regular", size)
        upright = (a.right - a.advance / 2) + (b.advance / 2 - b.left)
        turned = (a.advance / 2 - a.left) + (b.right - b.advance / 2)
        need.append(max(upright, turned))
    for first, second in zip(numbers, numbers[1:], strict=False):
        a, b = text_ink(first, "regular", size), text_ink(second, "regular", size)
        # a row's number stands above the next one's (upright), or below it (turned)
        need.append(max(b.top - a.bottom, a.top - b.bottom))
    return max(need) + HAIR_SPACE_EM * size * MM_PER_PT
