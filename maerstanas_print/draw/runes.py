"""The two runes of the game as vector strokes: ᚦ (thorn) and ᚩ (ós).

No installable font draws a usable ᚩ (Cardo maps it to a placeholder box),
so the runes are polylines in a unit box: height 1, y growing downwards,
x from 0 to the rune's `width`. The same strokes become PDF paths and SVG
polylines, so the rune looks the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.shapes import Group, Point, Polyline, Stroke


@dataclass(frozen=True, slots=True)
class Rune:
    char: str
    name: str  # the rune's Old English name
    width: float  # box width, in units of the rune's height
    strokes: tuple[tuple[Point, ...], ...]


# ᚦ þorn: a stem with a pointed thorn on its right, in the middle third.
THORN = Rune(
    "\u16a6",
    "thorn",
    0.46,
    (
        ((0.0, 0.0), (0.0, 1.0)),
        ((0.0, 0.24), (0.46, 0.5), (0.0, 0.76)),
    ),
)

# ᚩ ós: a stem with two arms slanting down to the right, each ending in a
# short downward hook; the arms hang from the top and from just below it.
OS = Rune(
    "\u16a9",
    "ós",
    0.46,
    (
        ((0.0, 0.0), (0.0, 1.0)),
        ((0.0, 0.0), (0.46, 0.25), (0.46, 0.43)),
        ((0.0, 0.3), (0.46, 0.55), (0.46, 0.73)),
    ),
)

RUNES: dict[str, Rune] = {THORN.char: THORN, OS.char: OS}


def rune_shapes(
    char: str,
    cx: float,
    cy: float,
    height: float,
    color: str,
    weight: float | None = None,
    *,
    titled: bool = False,
) -> Group:
    """The rune `char`, `height` mm tall, centred on (cx, cy), as a group.

    `titled` names the rune for screen readers (off inside a stone, whose
    own title already says what it is).

    `weight` is the stroke width in mm (default: 12 % of the height); round
    caps and joins keep the ends soft at every size.
    """
    rune = RUNES[char]
    stroke = Stroke(
        color, weight if weight is not None else height * 0.12, cap="round", join="round"
    )
    left = cx - rune.width * height / 2
    top = cy - height / 2
    lines = tuple(
        Polyline(tuple((left + x * height, top + y * height) for x, y in points), stroke)
        for points in rune.strokes
    )
    return Group(lines, title=f"{rune.char} ({rune.name} rune)" if titled else None)
