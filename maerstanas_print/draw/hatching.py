"""Toning without filled areas: 45° hatching, for the ink-saver theme.

Ink-saver prints no filled area, so a Dark stone is a hatched ring and
Dark's home corner a hatched square; the lines are clipped to their shape.
"""

from __future__ import annotations

import math

from maerstanas_print.draw.shapes import Line, Shape, Stroke
from maerstanas_print.draw.theme import Theme


def hatch_ring(
    cx: float, cy: float, r_out: float, r_in: float, cell: float, theme: Theme
) -> list[Shape]:
    """45° hatching of the ring between r_in and r_out: 'dark' without filled areas.

    A narrow ring gets closer lines (at least three across its width): with the
    disc's spacing the thunder-stone's ring showed as a band of dashes, bare where
    the lines run along it."""
    gap = max(0.55, 0.075 * cell)
    if r_in > 0:
        gap = max(0.55, min(gap, (r_out - r_in) / 3))
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


def hatch_square(x0: float, y0: float, cell: float, gap: float, theme: Theme) -> list[Shape]:
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
