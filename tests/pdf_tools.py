"""Helpers for the sheet tests: fonts, text runs, drawn lines, rasters.

How a raster is compared with its approved look is tests/golden_images.py.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 25.4 / 72  # mm per pt


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def _resolve(obj):
    return obj.get_object() if hasattr(obj, "get_object") else obj


def fonts_of(pdf: bytes) -> dict[str, bool]:
    """Every font the pages use (Form XObjects included) -> is it embedded?"""
    found: dict[str, bool] = {}

    def embedded(font) -> bool:
        desc = font.get("/FontDescriptor")
        if desc is None and "/DescendantFonts" in font:
            desc = _resolve(_resolve(font["/DescendantFonts"])[0]).get("/FontDescriptor")
        if desc is None:
            return False
        desc = _resolve(desc)
        return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def walk(resources, seen: set[int]) -> None:
        resources = _resolve(resources)
        if not resources or id(resources) in seen:
            return
        seen.add(id(resources))
        for font in _resolve(resources.get("/Font", {})).values():
            font = _resolve(font)
            found[str(font.get("/BaseFont"))] = embedded(font)
        for xobject in _resolve(resources.get("/XObject", {})).values():
            xobject = _resolve(xobject)
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                walk(xobject["/Resources"], seen)

    for page in reader(pdf).pages:
        walk(page.get("/Resources"), set())
    return found


@dataclass(frozen=True)
class Run:
    text: str
    x: float  # pt from the page's left edge
    y: float  # pt from the page's bottom edge


def text_runs(pdf: bytes, page_no: int = 0) -> list[Run]:
    """Each string the page shows, with its position (from pypdf's text visitor)."""
    runs: list[Run] = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            runs.append(Run(text.strip(), tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]))

    reader(pdf).pages[page_no].extract_text(visitor_text=visit)
    return runs


def all_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in reader(pdf).pages)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x2) < 1e-6

    @property
    def length(self) -> float:
        return ((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5


Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as PDF's `cm`
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """`m` then `n` (PDF's row-vector order: `cm` m under a current n gives m x n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t,
            e * q + f * s + u)  # fmt: skip


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def line_segments(pdf: bytes, page_no: int = 0) -> list[Segment]:
    """Straight `m ... l` segments of the page content, in pt on the page: each point
    through the transform current where it is drawn (`q`/`Q` save and restore it, `cm`
    adds to it), so a page drawn fitted or enlarged, as a kit's are, is measured as
    it prints."""
    r = reader(pdf)
    page = r.pages[page_no]
    content = ContentStream(page.get_contents(), r)
    out: list[Segment] = []
    current: tuple[float, float] | None = None
    matrix, saved = IDENTITY, []
    for operands, op in content.operations:
        if op == b"q":
            saved.append(matrix)
        elif op == b"Q":
            matrix = saved.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            matrix = _times((a, b, c, d, e, f), matrix)
        elif op == b"m":
            current = _apply(matrix, float(operands[0]), float(operands[1]))
        elif op == b"l" and current is not None:
            point = _apply(matrix, float(operands[0]), float(operands[1]))
            out.append(Segment(*current, *point))
            current = point
    return out


def rasterise(pdf: bytes, dpi: float = 50, page_no: int = 0) -> Image.Image:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return document[page_no].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        document.close()


def outline_titles(pdf: bytes) -> list[tuple[int, str]]:
    """(depth, title) of every PDF bookmark, in order; depth 0 for chapters."""
    out: list[tuple[int, str]] = []

    def walk(items, level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                out.append((level, item.title))

    walk(reader(pdf).outline, 0)
    return out


def underfilled_pages(pdf: bytes, head: str, least: float) -> list[int]:
    """Pages (1-based) of a rulebook whose text area is inked over less than `least` of
    its height, other than the last page of a chapter: a page followed by one that opens
    a chapter or an appendix (a sheet page names its appendix under the running head),
    or by a page without the running head `head`."""
    import pypdfium2 as pdfium

    from maerstanas_print.rulebook.layout import BOTTOM_MARGIN, TOP_MARGIN

    document = pdfium.PdfDocument(pdf)
    texts = [page.extract_text() for page in reader(pdf).pages]
    scale = 0.4
    out = []
    try:
        for number in range(2, len(document)):  # the title page is laid out on its own
            following = texts[number]
            # a chapter's first page starts with its label; an appendix's sheet page
            # with the running head, then its label
            opening = following.splitlines()[:2]
            if any(line.startswith(("Chapter ", "Appendix ")) for line in opening):
                continue
            if head not in following:
                continue
            image = document[number - 1].render(scale=scale).to_pil().convert("L")
            width, height = image.size
            top = round(TOP_MARGIN / 25.4 * 72 * scale)
            bottom = height - round(BOTTOM_MARGIN / 25.4 * 72 * scale)
            pixels = image.crop((0, top, width, bottom)).load()
            inked = [
                y
                for y in range(bottom - top)
                if min(pixels[x, y] for x in range(0, width, 2)) < 200
            ]
            if not inked or max(inked) < least * (bottom - top):
                out.append(number)
    finally:
        document.close()
    return out
