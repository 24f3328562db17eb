"""The drawing model: a few primitives in millimetres, shared by PDF and SVG.

Every sheet, board and diagram is a list of these shapes. The PDF and SVG
backends each render the same list, so the two outputs cannot drift apart.
Coordinates are millimetres from the TOP-LEFT corner of the page, y growing
downwards (the SVG convention); the PDF backend flips them. Line widths are
millimetres too; only font sizes are in points, as typographers expect.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from maerstanas_print.fonts import Face, text_width_mm

Anchor = Literal["start", "middle", "end"]
Point = tuple[float, float]

MM_PER_PT = 25.4 / 72
PT_PER_MM = 72 / 25.4


@dataclass(frozen=True, slots=True)
class Stroke:
    """How an outline is drawn. `dash` is a tuple of on/off lengths in mm."""

    color: str = "#000000"
    width: float = 0.25
    dash: tuple[float, ...] | None = None
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Stroke


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    stroke: Stroke | None = None
    fill: str | None = None


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    stroke: Stroke | None = None
    fill: str | None = None


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open or closed run of straight segments (runes, arrows, star outlines)."""

    points: tuple[Point, ...]
    stroke: Stroke | None = None
    fill: str | None = None
    closed: bool = False


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the baseline point the anchor refers to."""

    x: float
    y: float
    text: str
    size: float  # points
    face: Face = "regular"
    anchor: Anchor = "start"
    fill: str = "#000000"
    turned: bool = False  # turned half round about (x, y): for the player across the table


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes that belong together; `title`/`desc` describe them to screen readers.

    `data` names what the group stands for to scripts and tests (a stone's square
    and side): the SVG writes each pair as a `data-NAME` attribute, PDF ignores it."""

    children: tuple[Shape, ...]
    title: str | None = None
    desc: str | None = None
    data: tuple[tuple[str, str], ...] = ()


Shape = Line | Rect | Circle | Polyline | Text | Group


def group(children: Sequence[Shape], title: str | None = None, desc: str | None = None) -> Group:
    return Group(tuple(children), title, desc)


def walk(shapes: Sequence[Shape]) -> Iterator[Shape]:
    """Every shape, depth first, groups included (before their children)."""
    for shape in shapes:
        yield shape
        if isinstance(shape, Group):
            yield from walk(shape.children)


def texts(shapes: Sequence[Shape]) -> Iterator[Text]:
    for shape in walk(shapes):
        if isinstance(shape, Text):
            yield shape


def chars_by_face(shapes: Sequence[Shape]) -> dict[Face, str]:
    """The characters each font face must provide (for font subsets and checks)."""
    found: dict[Face, set[str]] = {}
    for text in texts(shapes):
        found.setdefault(text.face, set()).update(text.text)
    return {face: "".join(sorted(chars)) for face, chars in found.items()}


def translate(shapes: Sequence[Shape], dx: float, dy: float) -> list[Shape]:
    """The same shapes moved by (dx, dy): lets a layout place a ready-made board."""
    return [_mapped(shape, 1.0, dx, dy) for shape in shapes]


def enlarge(
    shapes: Sequence[Shape], factor: float, dx: float = 0.0, dy: float = 0.0
) -> list[Shape]:
    """The same shapes drawn `factor` times larger (lengths, line widths, dashes and type
    alike, as a copier enlarges), then moved by (dx, dy)."""
    return [_mapped(shape, factor, dx, dy) for shape in shapes]


def _stroke(stroke: Stroke | None, k: float) -> Stroke | None:
    if stroke is None or k == 1.0:
        return stroke
    dash = None if stroke.dash is None else tuple(d * k for d in stroke.dash)
    return replace(stroke, width=stroke.width * k, dash=dash)


def _mapped(shape: Shape, k: float, dx: float, dy: float) -> Shape:
    """`shape` scaled by k about the origin, then moved by (dx, dy)."""
    if isinstance(shape, Line):
        return Line(
            shape.x1 * k + dx,
            shape.y1 * k + dy,
            shape.x2 * k + dx,
            shape.y2 * k + dy,
            _stroke(shape.stroke, k) or shape.stroke,
        )
    if isinstance(shape, Rect):
        return replace(
            shape,
            x=shape.x * k + dx,
            y=shape.y * k + dy,
            w=shape.w * k,
            h=shape.h * k,
            stroke=_stroke(shape.stroke, k),
        )
    if isinstance(shape, Circle):
        return replace(
            shape,
            cx=shape.cx * k + dx,
            cy=shape.cy * k + dy,
            r=shape.r * k,
            stroke=_stroke(shape.stroke, k),
        )
    if isinstance(shape, Polyline):
        points = tuple((x * k + dx, y * k + dy) for x, y in shape.points)
        return replace(shape, points=points, stroke=_stroke(shape.stroke, k))
    if isinstance(shape, Text):
        return replace(shape, x=shape.x * k + dx, y=shape.y * k + dy, size=shape.size * k)
    return Group(
        tuple(_mapped(child, k, dx, dy) for child in shape.children), shape.title, shape.desc
    )


def extent(shapes: Sequence[Shape]) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) the shapes' ink covers, strokes' widths left out; a
    text's from its font's advance widths, from the baseline 0.75 em up and 0.25 em
    down. None when nothing is drawn."""
    boxes = [box for box in map(_box, walk(shapes)) if box is not None]
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _box(shape: Shape) -> tuple[float, float, float, float] | None:
    if isinstance(shape, Line):
        return (
            min(shape.x1, shape.x2),
            min(shape.y1, shape.y2),
            max(shape.x1, shape.x2),
            max(shape.y1, shape.y2),
        )
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if isinstance(shape, Polyline):
        xs, ys = zip(*shape.points, strict=True)
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(shape, Text):
        width = text_width_mm(shape.text, shape.face, shape.size)
        x0 = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
        em = shape.size * MM_PER_PT
        if shape.turned:  # half round about (x, y)
            return (
                2 * shape.x - x0 - width,
                shape.y - 0.25 * em,
                2 * shape.x - x0,
                shape.y + 0.75 * em,
            )
        return x0, shape.y - 0.75 * em, x0 + width, shape.y + 0.25 * em
    return None  # a group: its children are walked


@dataclass(frozen=True, slots=True)
class Page:
    """One page: its size in mm, its shapes, and a label for screen readers."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    label: str = ""
