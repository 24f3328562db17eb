"""A bowed arrow between two squares (a king's way home), stopping short of the pieces."""

from __future__ import annotations

import math

from maerstanas_print.draw.shapes import Group, Polyline, Stroke
from maerstanas_print.draw.spec import Arrow, BoardSpec, square_centre
from maerstanas_print.draw.theme import Theme
from maerstanas_print.sides import DARK, SIDE_NAMES


def arrow_shape(spec: BoardSpec, theme: Theme, gx: float, gy: float, arrow: Arrow) -> Group:
    """Dark's arrow solid, Light's dashed, on a white halo; the head two barbs."""
    (x1, y1), (x2, y2) = (
        square_centre(spec, gx, gy, arrow.start),
        square_centre(spec, gx, gy, arrow.end),
    )
    cell = spec.cell
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    nx, ny = dy / length, -dx / length  # the left of the direction of travel (y down)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    cx, cy = mx + nx * arrow.bend * cell * 2, my + ny * arrow.bend * cell * 2

    def at(t: float) -> tuple[float, float]:
        u = 1 - t
        return (u * u * x1 + 2 * u * t * cx + t * t * x2, u * u * y1 + 2 * u * t * cy + t * t * y2)

    clear = min(0.5 * cell, 0.3 * length) / length  # leave the squares' pieces visible
    steps = 40
    points = tuple(at(clear + (1 - 2 * clear) * i / steps) for i in range(steps + 1))
    width = max(0.35, 0.045 * cell) * theme.weight
    dark = arrow.side == DARK
    dash = None if dark else (3.2 * width, 1.6 * width)
    stroke = Stroke(theme.ink, width, dash=dash, cap="butt", join="round")
    halo = Stroke("#ffffff", width * 2.4, cap="round", join="round")
    # The head: two barbs from the tip, along the curve's last direction.
    (ax, ay), (bx, by) = points[-2], points[-1]
    hx, hy = bx - ax, by - ay
    norm = math.hypot(hx, hy)
    hx, hy = hx / norm, hy / norm
    head_len = 0.22 * cell
    left = (bx - hx * head_len + hy * head_len * 0.55, by - hy * head_len - hx * head_len * 0.55)
    right = (bx - hx * head_len - hy * head_len * 0.55, by - hy * head_len + hx * head_len * 0.55)
    head = Polyline((left, (bx, by), right), None, theme.ink, closed=True)
    shaft = points[:-3] + (((left[0] + right[0]) / 2, (left[1] + right[1]) / 2),)
    who = SIDE_NAMES[arrow.side]
    title = arrow.title or (
        f"{who}'s king: from {spec.name(arrow.start)} to its goal {spec.name(arrow.end)}"
    )
    return Group(
        (
            Polyline(shaft, halo),
            Polyline(
                head.points, Stroke("#ffffff", width * 1.6, join="round"), "#ffffff", closed=True
            ),
            Polyline(shaft, stroke),
            head,
        ),
        title=title,
    )
