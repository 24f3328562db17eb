"""A board as drawing primitives: `board_shapes(spec, x, y)`, in PDF and SVG alike.

Blank sheets, legends, score sheets, game diagrams and book figures all come
through here, so a board looks the same in every product. The layers, from
the bottom: the coordinate band, what the board's kind draws under its grid
(the 1992 board's edge ring), the special squares, the grid and frame, the
coordinates, what the kind draws over them (wraparound chevrons), the
pieces, the marks and the arrows.

Each part has its own module: the spec (`spec`), one painter per kind of
board chosen from a table (`board_kinds`: `square_board`, `wraparound`,
`escape_edge`), one per kind of piece (`stones`: `rune_stones`,
`lettered_men`), the special squares, coordinates, marks and arrows, and
the words for screen readers (`describe`). The names below are the ones the
products import from here.
"""

from __future__ import annotations

from maerstanas_print.draw.arrows import arrow_shape
from maerstanas_print.draw.coordinates import coordinate_labels
from maerstanas_print.draw.describe import describe
from maerstanas_print.draw.escape_edge import ESCAPE_TINT
from maerstanas_print.draw.marks import mark_shape, removal_shapes
from maerstanas_print.draw.shapes import Group, Rect, Shape, Stroke
from maerstanas_print.draw.spec import (
    ALL_SIDES,
    SIZE,
    Arrow,
    BoardSpec,
    Mark,
    MarkKind,
    Side,
    Variant,
    spec_for_game,
    square_centre,
)
from maerstanas_print.draw.specials import DARK_HOME_TINT, THRONE_TINT, special_square
from maerstanas_print.draw.stones import KIND_NAMES, stone_outline, stone_shape
from maerstanas_print.draw.theme import MIN_LABEL_PT, THEMES, Theme
from maerstanas_print.pieces import SpecialKind, Stone, StoneKind

__all__ = [
    "ALL_SIDES",
    "DARK_HOME_TINT",
    "ESCAPE_TINT",
    "KIND_NAMES",
    "MIN_LABEL_PT",
    "SIZE",
    "THEMES",
    "THRONE_TINT",
    "Arrow",
    "BoardSpec",
    "Mark",
    "MarkKind",
    "Side",
    "SpecialKind",
    "Stone",
    "StoneKind",
    "Theme",
    "Variant",
    "board_shapes",
    "describe",
    "removal_shapes",
    "spec_for_game",
    "stone_outline",
    "stone_shape",
]


def board_shapes(spec: BoardSpec, x: float, y: float) -> Group:
    """The whole board with its box's top-left corner at (x, y)."""
    theme = THEMES[spec.theme]
    painter = spec.painter
    gx, gy = spec.grid_origin(x, y)
    grid_w, grid_h = spec.grid_size
    width, height = spec.size()
    shapes: list[Shape] = []
    if theme.band_fill and spec.labels:
        inset = spec.grid_width * 0.3  # the outline's outer half stays in the box
        shapes.append(
            Rect(
                x + inset,
                y + inset,
                width - 2 * inset,
                height - 2 * inset,
                Stroke(theme.grid, spec.grid_width * 0.6),
                theme.band_fill,
            )
        )
        shapes.append(Rect(gx, gy, grid_w, grid_h, None, "#ffffff"))
    shapes += painter.under_grid(spec, theme, gx, gy)
    for square in sorted(spec.specials):
        if spec.shows(square):
            shapes.append(special_square(spec, theme, gx, gy, square, spec.specials[square]))
    shapes.append(painter.grid(spec, theme, gx, gy))
    shapes += coordinate_labels(spec, theme, gx, gy)
    shapes += painter.over_grid(spec, theme, gx, gy)
    for square in sorted(spec.stones):
        if spec.shows(square):
            shapes.append(
                stone_shape(
                    spec.stones[square],
                    *square_centre(spec, gx, gy, square),
                    spec.cell,
                    theme,
                    name=spec.name(square),
                )
            )
    for square in sorted(spec.marks):
        if spec.shows(square):
            shapes.append(mark_shape(spec, theme, gx, gy, square, spec.marks[square]))
    for arrow in spec.arrows:
        if spec.shows(arrow.start) and spec.shows(arrow.end):
            shapes.append(arrow_shape(spec, theme, gx, gy, arrow))
    return Group(tuple(shapes), title=spec.title, desc=describe(spec))
