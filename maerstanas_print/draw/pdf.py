"""PDF backend: draws the shape list on a ReportLab canvas.

Plain canvas calls (no reportlab.graphics Drawing) keep it fast and keep the
content stream simple enough for tests to measure the grid from it. The page
is opened with Cardo as the initial font, so no Helvetica reference (which
would not be embedded) ever reaches the file, and `invariant=1` makes the
same pages produce the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from maerstanas_print.draw.shapes import (
    PT_PER_MM,
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Shape,
    Stroke,
    Text,
)
from maerstanas_print.fonts import pdf_font_name, register_fonts, require_glyphs

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


TOOL = "maerstanas_print"  # every PDF's Creator; never its Author, which names people


def is_tool(name: str) -> bool:
    """Whether `name` is this tool or a part of it ("maerstanas_print engine"): a
    record's Annotator the tool wrote, not a person."""
    return name.strip().split(" ")[0] == TOOL


@dataclass(frozen=True, slots=True)
class PdfInfo:
    """Document metadata written into the PDF."""

    title: str
    subject: str = ""
    author: str = ""  # who the work is by (a game's designer); the tool is the Creator
    keywords: tuple[str, ...] = ()


def pdf_color(color: str):
    """A colour for ReportLab: black as pure K (DeviceCMYK 0 0 0 1), so a press or a
    laser printer lays down black toner only, never a four-colour mix; the rest as RGB."""
    from reportlab.lib.colors import CMYKColor

    return CMYKColor(0, 0, 0, 1) if color.lower() in ("#000000", "#000") else color


def render_pdf(pages: Sequence[Page], info: PdfInfo) -> bytes:
    """All pages as one PDF file (bytes)."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = io.BytesIO()
    first = pages[0]
    canvas = Canvas(
        buffer,
        pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM),
        invariant=1,
        pageCompression=1,
        initialFontName=pdf_font_name("regular"),
        initialFontSize=10,
        lang="en",
    )
    canvas.setTitle(info.title)
    canvas.setSubject(info.subject)
    canvas.setAuthor(info.author)
    canvas.setCreator(TOOL)
    if info.keywords:
        canvas.setKeywords(", ".join(info.keywords))
    for page in pages:
        canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        draw_shapes(canvas, page.shapes, page.height)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_shapes(canvas, shapes: Sequence[Shape], page_height: float) -> None:
    """Draw `shapes` (mm, y down) on `canvas` (pt, y up) for a page `page_height` mm tall."""
    painter = _Painter(canvas, page_height)
    for shape in shapes:
        painter.draw(shape)


class _Painter:
    """Tracks the canvas state so repeated strokes/fills do not repeat operators."""

    def __init__(self, canvas, page_height: float) -> None:
        self.c = canvas
        self.h = page_height
        self._stroke: Stroke | None = None
        self._fill: str | None = None
        self._font: tuple[str, float] | None = None

    def x(self, v: float) -> float:
        return v * PT_PER_MM

    def y(self, v: float) -> float:
        return (self.h - v) * PT_PER_MM

    def use_stroke(self, stroke: Stroke) -> None:
        if stroke == self._stroke:
            return
        old = self._stroke
        c = self.c
        if old is None or old.color != stroke.color:
            c.setStrokeColor(pdf_color(stroke.color))
        if old is None or old.width != stroke.width:
            c.setLineWidth(stroke.width * PT_PER_MM)
        if old is None or old.dash != stroke.dash:
            if stroke.dash:
                c.setDash([d * PT_PER_MM for d in stroke.dash], 0)
            else:
                c.setDash([], 0)
        if old is None or old.cap != stroke.cap:
            c.setLineCap(_CAPS[stroke.cap])
        if old is None or old.join != stroke.join:
            c.setLineJoin(_JOINS[stroke.join])
        self._stroke = stroke

    def use_fill(self, color: str) -> None:
        if color != self._fill:
            self.c.setFillColor(pdf_color(color))
            self._fill = color

    def draw(self, shape: Shape) -> None:
        c = self.c
        if isinstance(shape, Group):
            for child in shape.children:
                self.draw(child)
        elif isinstance(shape, Line):
            self.use_stroke(shape.stroke)
            c.line(self.x(shape.x1), self.y(shape.y1), self.x(shape.x2), self.y(shape.y2))
        elif isinstance(shape, Rect):
            self._paint_setup(shape.stroke, shape.fill)
            c.rect(
                self.x(shape.x),
                self.y(shape.y + shape.h),
                shape.w * PT_PER_MM,
                shape.h * PT_PER_MM,
                stroke=int(shape.stroke is not None),
                fill=int(shape.fill is not None),
            )
        elif isinstance(shape, Circle):
            self._paint_setup(shape.stroke, shape.fill)
            c.circle(
                self.x(shape.cx),
                self.y(shape.cy),
                shape.r * PT_PER_MM,
                stroke=int(shape.stroke is not None),
                fill=int(shape.fill is not None),
            )
        elif isinstance(shape, Polyline):
            self._paint_setup(shape.stroke, shape.fill)
            path = c.beginPath()
            (x0, y0), *rest = shape.points
            path.moveTo(self.x(x0), self.y(y0))
            for px, py in rest:
                path.lineTo(self.x(px), self.y(py))
            if shape.closed:
                path.close()
            c.drawPath(path, stroke=int(shape.stroke is not None), fill=int(shape.fill is not None))
        elif isinstance(shape, Text):
            self._text(shape)
        else:  # pragma: no cover - the Shape union is closed
            raise TypeError(f"cannot draw {shape!r}")

    def _paint_setup(self, stroke: Stroke | None, fill: str | None) -> None:
        if stroke is not None:
            self.use_stroke(stroke)
        if fill is not None:
            self.use_fill(fill)

    def _text(self, text: Text) -> None:
        require_glyphs(text.text, text.face)
        font = (pdf_font_name(text.face), text.size)
        if font != self._font:
            self.c.setFont(*font)
            self._font = font
        self.use_fill(text.fill)
        x, y = self.x(text.x), self.y(text.y)
        if text.turned:  # a half-turned text matrix (Tm): no change to the page's CTM
            width = self.c.stringWidth(text.text, *font)
            shift = {"start": 0.0, "middle": width / 2, "end": width}[text.anchor]
            obj = self.c.beginText()
            obj.setFont(*font)
            obj.setTextTransform(-1, 0, 0, -1, x + shift, y)
            obj.textOut(text.text)
            self.c.drawText(obj)
            return
        if text.anchor == "middle":
            self.c.drawCentredString(x, y, text.text)
        elif text.anchor == "end":
            self.c.drawRightString(x, y, text.text)
        else:
            self.c.drawString(x, y, text.text)
