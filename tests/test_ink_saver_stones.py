"""An ink-saver Dark special stone reads as Dark all round (issue 23, review B).

Ink-saver prints no filled area, so a Dark thunder- or Woden-stone is a hatched
ring round its rune. With the plain disc's line spacing, the thunder-stone's
narrow ring showed as a band of dashes, bare where the 45° lines run along it
(upper left, lower right): at table distance it looked like a print fault and
hardly differed from the Light one.
"""

from __future__ import annotations

import math

import pytest

from maerstanas_print.draw.rune_stones import thunder_stone, woden_stone
from maerstanas_print.draw.shapes import Line, Stroke
from maerstanas_print.draw.theme import THEMES
from maerstanas_print.pieces import Stone
from maerstanas_print.sides import DARK

CELL = 24.0  # mm: the A4 board's square
SECTORS = 24  # 15° each


def _covered_sectors(lines: list[Line], radius: float) -> set[int]:
    """The sectors of the circle of `radius` (centre 0, 0) that some line crosses."""
    out = set()
    for line in lines:
        for step in range(41):
            t = step / 40
            x = line.x1 + t * (line.x2 - line.x1)
            y = line.y1 + t * (line.y2 - line.y1)
            if abs(math.hypot(x, y) - radius) < 0.15:
                out.add(int((math.degrees(math.atan2(y, x)) % 360) // (360 / SECTORS)))
    return out


@pytest.mark.parametrize("draw", [thunder_stone, woden_stone], ids=["thunder", "woden"])
def test_an_ink_saver_dark_special_stone_is_hatched_all_round(draw) -> None:
    outline = Stroke("#000000", 0.3)
    shapes = draw(Stone(DARK, "standard"), 0.0, 0.0, CELL, THEMES["ink-saver"], outline)
    lines = [s for s in shapes if isinstance(s, Line)]
    ring_middle = (0.26 + 0.355) / 2 * CELL
    assert _covered_sectors(lines, ring_middle) == set(range(SECTORS))
