"""SVG backend: the same shape list as the PDF, as an SVG string built by hand.

The SVG's user unit is the millimetre (viewBox in mm, width/height in mm), so
a browser that prints at 100 % lays a 24 mm square down as 24 mm. All text
and attribute values are escaped here; ids carry a per-page prefix so several
pages can be inlined in one HTML document without clashes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Shape,
    Stroke,
    Text,
    texts,
)
from maerstanas_print.fonts import CSS_FAMILY, FACE_INFO

PX_PER_MM = 96 / 25.4  # CSS pixels in a millimetre
PX_PER_PT = 96 / 72
READABLE_PX = 8.0  # the smallest text a screen shows (issue 22: figures on a phone)


def num(value: float) -> str:
    """A coordinate with at most 3 decimals (1 µm) and no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _stroke_attrs(stroke: Stroke | None) -> str:
    if stroke is None:
        return ' stroke="none"'
    out = f' stroke="{stroke.color}" stroke-width="{num(stroke.width)}"'
    if stroke.dash:
        out += f' stroke-dasharray="{" ".join(num(d) for d in stroke.dash)}"'
    if stroke.cap != "butt":
        out += f' stroke-linecap="{stroke.cap}"'
    if stroke.join != "miter":
        out += f' stroke-linejoin="{stroke.join}"'
    return out


def _fill_attr(fill: str | None) -> str:
    return f' fill="{fill}"' if fill is not None else ' fill="none"'


class SvgWriter:
    def __init__(self, id_prefix: str) -> None:
        self.prefix = id_prefix
        self.count = 0
        self.out: list[str] = []

    def next_id(self) -> str:
        self.count += 1
        return f"{self.prefix}-g{self.count}"

    def shape(self, shape: Shape, indent: str) -> None:
        w = self.out.append
        if isinstance(shape, Group):
            data = "".join(f" data-{name}={quoteattr(value)}" for name, value in shape.data)
            if shape.title:
                gid = self.next_id()
                w(f'{indent}<g id="{gid}" role="group" aria-labelledby="{gid}-t"{data}>')
                w(f'{indent}  <title id="{gid}-t">{escape(shape.title)}</title>')
            else:
                w(f"{indent}<g{data}>")
            if shape.desc:
                w(f"{indent}  <desc>{escape(shape.desc)}</desc>")
            for child in shape.children:
                self.shape(child, indent + "  ")
            w(f"{indent}</g>")
        elif isinstance(shape, Line):
            w(
                f'{indent}<line x1="{num(shape.x1)}" y1="{num(shape.y1)}" x2="{num(shape.x2)}" '
                f'y2="{num(shape.y2)}"{_stroke_attrs(shape.stroke)}/>'
            )
        elif isinstance(shape, Rect):
            w(
                f'{indent}<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
                f'height="{num(shape.h)}"{_fill_attr(shape.fill)}{_stroke_attrs(shape.stroke)}/>'
            )
        elif isinstance(shape, Circle):
            w(
                f'{indent}<circle cx="{num(shape.cx)}" cy="{num(shape.cy)}" r="{num(shape.r)}"'
                f"{_fill_attr(shape.fill)}{_stroke_attrs(shape.stroke)}/>"
            )
        elif isinstance(shape, Polyline):
            tag = "polygon" if shape.closed else "polyline"
            points = " ".join(f"{num(x)},{num(y)}" for x, y in shape.points)
            w(
                f'{indent}<{tag} points="{points}"{_fill_attr(shape.fill)}'
                f"{_stroke_attrs(shape.stroke)}/>"
            )
        elif isinstance(shape, Text):
            info = FACE_INFO[shape.face]
            attrs = f' font-size="{num(shape.size * MM_PER_PT)}"'
            if info.weight != 400:
                attrs += f' font-weight="{info.weight}"'
            if info.style != "normal":
                attrs += f' font-style="{info.style}"'
            if shape.anchor != "start":
                attrs += f' text-anchor="{shape.anchor}"'
            if shape.fill != "#000000":
                attrs += f' fill="{shape.fill}"'
            if shape.turned:
                attrs += f' transform="rotate(180 {num(shape.x)} {num(shape.y)})"'
            w(
                f'{indent}<text x="{num(shape.x)}" y="{num(shape.y)}"{attrs}>'
                f"{escape(shape.text)}</text>"
            )
        else:  # pragma: no cover - the Shape union is closed
            raise TypeError(f"cannot draw {shape!r}")


def readable_width(page: Page, smallest_px: float = READABLE_PX) -> float | None:
    """The narrowest the page may be shown on screen, in CSS pixels, for its smallest
    text to stay `smallest_px` tall (None for a page without text)."""
    sizes = [text.size for text in texts(page.shapes) if text.text.strip()]
    if not sizes:
        return None
    return page.width * PX_PER_MM * smallest_px / (min(sizes) * PX_PER_PT)


def render_svg(
    page: Page,
    id_prefix: str = "p1",
    *,
    standalone: bool = False,
    data: Sequence[tuple[str, str]] = (),
    readable: bool = False,
) -> str:
    """One page as an `<svg>` element, `width`/`height` in mm.

    `standalone=True` adds the XML namespace declaration for a `.svg` file;
    inline HTML does not need it but accepts it. `data` adds `data-NAME`
    attributes to the root (a diagram's `data-ply`). `readable=True` gives the
    root the CSS variable `--readable`, its `readable_width`, which a page's
    stylesheet uses as the drawing's `min-width` on screen, so no text in it is
    drawn smaller than 8 px however narrow the screen.
    """
    writer = SvgWriter(id_prefix)
    label = page.label or "Sheet"  # every sheet labels its pages with its game
    title_id = f"{id_prefix}-title"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{num(page.width)}mm" height="{num(page.height)}mm" '
        f'viewBox="0 0 {num(page.width)} {num(page.height)}" role="img" '
        f'aria-labelledby="{title_id}" '
        f"font-family={quoteattr(CSS_FAMILY + ', serif')}"
        + "".join(f" data-{name}={quoteattr(value)}" for name, value in data)
        + _readable_style(page, readable)
        + ">"
    )
    lines = [head, f'  <title id="{title_id}">{escape(label)}</title>']
    for shape in page.shapes:
        writer.shape(shape, "  ")
    lines += writer.out
    lines.append("</svg>")
    svg = "\n".join(lines) + "\n"
    if standalone:
        svg = '<?xml version="1.0" encoding="UTF-8"?>\n' + svg
    return svg


def _readable_style(page: Page, readable: bool) -> str:
    width = readable_width(page) if readable else None
    return "" if width is None else f' style="--readable: {math.ceil(width)}px"'


def render_svgs(pages: Sequence[Page]) -> list[str]:
    return [render_svg(page, f"p{i}") for i, page in enumerate(pages, 1)]
