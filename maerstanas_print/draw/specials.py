"""Special squares: the kings' home corners and the throne, each with its painter.

Clear, but quieter than any piece: Dark's home corner is toned (hatched in
ink-saver), Light's is white with an inner outline, as Dark stones are dark
and Light stones outlined. The throne is toned with a double outline.
"""

from __future__ import annotations

from collections.abc import Callable

from maerstanas_print.draw.hatching import hatch_square
from maerstanas_print.draw.shapes import Group, Rect, Shape, Stroke
from maerstanas_print.draw.spec import BoardSpec
from maerstanas_print.draw.theme import Theme
from maerstanas_print.pieces import SpecialKind

DARK_HOME_TINT = "#cbc4b7"  # Dark's home corner: a darker tone, as Dark's stones are dark
THRONE_TINT = "#d9d2c5"
SPECIAL_NAMES = {
    "dark-home": "Dark's home corner",
    "light-home": "Light's home corner",
    "throne": "the throne",
}


def _dark_home(x0: float, y0: float, cell: float, theme: Theme, line: Stroke) -> list[Shape]:
    parts: list[Shape] = []
    if theme.band_fill:
        parts.append(Rect(x0, y0, cell, cell, None, DARK_HOME_TINT))
    else:
        parts += hatch_square(x0, y0, cell, max(1.2, 0.09 * cell), theme)
    inset = 0.09 * cell
    parts.append(Rect(x0 + inset, y0 + inset, cell - 2 * inset, cell - 2 * inset, line, None))
    return parts


def _light_home(x0: float, y0: float, cell: float, theme: Theme, line: Stroke) -> list[Shape]:
    inset = 0.09 * cell
    return [Rect(x0 + inset, y0 + inset, cell - 2 * inset, cell - 2 * inset, line, None)]


def _throne(x0: float, y0: float, cell: float, theme: Theme, line: Stroke) -> list[Shape]:
    parts: list[Shape] = []
    if theme.band_fill:
        parts.append(Rect(x0, y0, cell, cell, None, THRONE_TINT))
    for k in (0.1, 0.2):
        d = k * cell
        parts.append(Rect(x0 + d, y0 + d, cell - 2 * d, cell - 2 * d, line, None))
    return parts


# (square's top-left x, y, cell, theme, outline) -> the shapes of the square.
SpecialPainter = Callable[[float, float, float, Theme, Stroke], list[Shape]]
SPECIAL_PAINTERS: dict[SpecialKind, SpecialPainter] = {
    "dark-home": _dark_home,
    "light-home": _light_home,
    "throne": _throne,
}


def special_square(
    spec: BoardSpec, theme: Theme, gx: float, gy: float, square: int, kind: SpecialKind
) -> Group:
    """A home corner or the throne on `square`, titled for screen readers."""
    cell = spec.cell
    row, col = divmod(square, spec.squares)
    col0, row0, _, _ = spec.view
    x0, y0 = gx + (col - col0) * cell, gy + (row - row0) * cell
    line = Stroke(theme.ink, max(0.2, spec.grid_width * 1.4), join="miter")
    parts = SPECIAL_PAINTERS[kind](x0, y0, cell, theme, line)
    return Group(tuple(parts), title=f"{spec.name(square)}: {SPECIAL_NAMES[kind]}")
