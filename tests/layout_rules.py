"""Layout rules measured on rendered pages, never on our own drawing model.

Every product (sheets, game documents, rulebooks; PDF, and HTML as Chromium
prints it) is held to the same rules a print designer checks by eye:

- no ink within `EDGE_MM` of the paper's edge (home printers clip there);
- no text smaller than `MIN_PT` at print size;
- text contrasts at least `MIN_CONTRAST`:1 with what is under it, measured on
  the page rendered without its text, so hatching and tints count;
- no two labels overlap;
- no page emptier than a stated fraction, except the last of a chapter;
- in a two-column game document, no column emptier than a stated fraction
  except on the last page, and no last page whose content would have fitted
  into the room the page before it left (issue 23: a page holding only a chart
  while the page before had a column half empty).

pypdfium2 gives the glyph boxes, sizes and colours as a PDF viewer sees them;
the pixels come from pdfium's own rendering. `svg_overflow` (for HTML) asks
Chromium for the box of every drawn element, strokes and mitres included.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

MM_PER_PT = 25.4 / 72
EDGE_MM = 10.0
MIN_PT = 6.0
MIN_CONTRAST = 4.5
INK_LEVEL = 245  # a pixel darker than this (0-255 gray) is ink
CONTRAST_DPI = 100
UNDER_PERCENTILE = 10
# The least white between a page's body text and its foot line, measured between the
# glyphs' own boxes (a descender above, an ascender below): 1.5 mm is about 4.5 mm
# from baseline to baseline at the foot's 7 pt.
FOOT_GAP_MM = 1.5


@dataclass(frozen=True, slots=True)
class Glyph:
    char: str
    box: tuple[float, float, float, float]  # left, bottom, right, top in pt (y up)
    size: float  # pt
    color: tuple[int, int, int]
    index: int  # position in the page's text


@dataclass(frozen=True, slots=True)
class Problem:
    page: int  # 1-based
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.rule}: {self.detail}"


def glyphs(page: pdfium.PdfPage) -> list[Glyph]:
    """The visible characters of a page (spaces and empty boxes left out)."""
    text = page.get_textpage()
    out: list[Glyph] = []
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    for i in range(text.count_chars()):
        code = pdfium_c.FPDFText_GetUnicode(text.raw, i)
        if code in (0, 0xFFFE, 0xFFFF) or code >= 0x110000 or chr(code).isspace():
            continue
        char = chr(code)
        box = text.get_charbox(i)
        if box[2] - box[0] <= 0.01 or box[3] - box[1] <= 0.01:
            continue
        pdfium_c.FPDFText_GetFillColor(text.raw, i, r, g, b, a)
        size = pdfium_c.FPDFText_GetFontSize(text.raw, i)
        out.append(Glyph(char, box, size, (r.value, g.value, b.value), i))
    return out


def foot_crowding(found: list[Glyph], number: int, least_mm: float = FOOT_GAP_MM) -> list[Problem]:
    """Body text that crowds a sheet's foot line (its lowest line of text: the credit
    or the kit's "page N of M"): less than `least_mm` of white between the two, so a
    note at the body's end reads as part of the foot."""
    if not found:
        return []
    foot_bottom = min(g.box[1] for g in found)
    foot = [g for g in found if g.box[1] - foot_bottom < 1.0 / MM_PER_PT]  # the last line
    foot_top = max(g.box[3] for g in foot)
    body = [g for g in found if g.box[1] > foot_top - 0.5]  # every line above the foot's
    if not body:
        return []
    lowest = min(body, key=lambda g: g.box[1])
    gap = (lowest.box[1] - foot_top) * MM_PER_PT
    if gap >= least_mm:
        return []
    line = "".join(g.char for g in body if abs(g.box[1] - lowest.box[1]) < 1.0)
    return [Problem(number, "foot", f"{line[:40]!r} is {gap:.1f} mm above the foot line")]


def gray(page: pdfium.PdfPage, dpi: float) -> np.ndarray:
    """The page as an array of 0-255 gray levels (anti-aliased, white paper)."""
    image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    return np.asarray(image)


def ink_edges(page: pdfium.PdfPage, dpi: float = 72) -> dict[str, float]:
    """Distance in mm from each paper edge to the nearest ink (inf: no ink at all)."""
    pixels = gray(page, dpi) < INK_LEVEL
    rows = np.flatnonzero(pixels.any(axis=1))
    cols = np.flatnonzero(pixels.any(axis=0))
    if rows.size == 0:
        return dict.fromkeys(("top", "bottom", "left", "right"), float("inf"))
    mm = 25.4 / dpi
    height, width = pixels.shape
    return {
        "top": rows[0] * mm,
        "bottom": (height - 1 - rows[-1]) * mm,
        "left": cols[0] * mm,
        "right": (width - 1 - cols[-1]) * mm,
    }


def edge_problems(page: pdfium.PdfPage, number: int) -> list[Problem]:
    # One pixel at 72 dpi is 0.35 mm: allow that much for anti-aliasing.
    slack = 25.4 / 72
    return [
        Problem(number, "ink near the edge", f"{distance:.1f} mm from the {edge} edge")
        for edge, distance in ink_edges(page).items()
        if distance + slack < EDGE_MM
    ]


def small_text(found: list[Glyph], number: int) -> list[Problem]:
    small = [g for g in found if g.size < MIN_PT - 0.05]
    if not small:
        return []
    words = "".join(g.char for g in small[:40])
    return [
        Problem(
            number,
            "text below 6 pt",
            f"{len(small)} characters, smallest {min(g.size for g in small):.2f} pt: {words!r}",
        )
    ]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def overlapping_labels(found: list[Glyph], number: int) -> list[Problem]:
    """Glyphs of different runs whose ink boxes share more than a sliver.

    Neighbours in the text (kerning, an italic f) are allowed to touch; any
    other pair sharing over 10 % of the smaller box is two labels colliding.
    """
    cell = 12.0  # pt: bucket glyphs on a grid so the check stays linear
    buckets: dict[tuple[int, int], list[Glyph]] = {}
    for glyph in found:
        left, low, right, high = glyph.box
        for i in range(int(left // cell), int(right // cell) + 1):
            for j in range(int(low // cell), int(high // cell) + 1):
                buckets.setdefault((i, j), []).append(glyph)
    clashes: set[tuple[int, int]] = set()
    problems: list[Problem] = []
    for members in buckets.values():
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                one, two = members[x], members[y]
                if abs(one.index - two.index) <= 2 or (one.index, two.index) in clashes:
                    continue
                area = _overlap(one.box, two.box)
                smaller = min((g.box[2] - g.box[0]) * (g.box[3] - g.box[1]) for g in (one, two))
                if area > 0.1 * smaller:
                    clashes.add((one.index, two.index))
                    problems.append(
                        Problem(
                            number,
                            "labels overlap",
                            f"{one.char!r} and {two.char!r} at "
                            f"({one.box[0]:.0f}, {one.box[1]:.0f}) pt",
                        )
                    )
    return problems


def _luminance(levels: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB levels 0-255."""
    c = levels / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def contrast(a: float, b: float) -> float:
    high, low = max(a, b), min(a, b)
    return (high + 0.05) / (low + 0.05)


def textless(data: bytes) -> pdfium.PdfDocument:
    """A copy of the PDF with every text object taken out: what lies under the text."""
    document = pdfium.PdfDocument(data)
    for page in document:
        for obj in list(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=1)):
            page.remove_obj(obj)
        page.gen_content()
    return document


_LEVEL_LUMINANCE = _luminance(np.arange(256, dtype=float))  # per sRGB level, by table


def _glyph_luminance(color: tuple[int, int, int]) -> float:
    r, g, b = (float(_LEVEL_LUMINANCE[c]) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_problems(background: pdfium.PdfPage, found: list[Glyph], number: int) -> list[Problem]:
    """Each glyph's colour against what lies under its box (`background`: the page
    from `textless`)."""
    if not found:
        return []
    scale = CONTRAST_DPI / 72
    rgb = np.asarray(background.render(scale=scale).to_pil().convert("RGB"))
    table = _LEVEL_LUMINANCE
    lum = 0.2126 * table[rgb[..., 0]] + 0.7152 * table[rgb[..., 1]] + 0.0722 * table[rgb[..., 2]]
    height = background.get_size()[1]
    problems: list[Problem] = []
    colours: dict[tuple[int, int, int], float] = {}
    for glyph in found:
        left, b, r, t = glyph.box
        x0, x1 = int(left * scale), max(int(left * scale) + 1, int(r * scale))
        y0, y1 = (
            int((height - t) * scale),
            max(int((height - t) * scale) + 1, int((height - b) * scale)),
        )
        under = lum[max(0, y0) : y1, max(0, x0) : x1]
        if under.size == 0:
            continue
        text = colours.get(glyph.color)
        if text is None:
            text = colours[glyph.color] = _glyph_luminance(glyph.color)
        low, high = float(under.min()), float(under.max())
        if min(contrast(text, low), contrast(text, high)) >= MIN_CONTRAST:
            continue  # even the extremes pass
        # Hatching counts: the darker tenth of what lies under the glyph, not the
        # average (fine lines on white average out light but cut through strokes).
        ratio = contrast(text, float(np.percentile(under, UNDER_PERCENTILE)))
        if ratio < MIN_CONTRAST:
            problems.append(
                Problem(
                    number,
                    "low contrast",
                    f"{glyph.char!r} at ({left:.0f}, {b:.0f}) pt: {ratio:.2f}:1",
                )
            )
    return problems


def fill(page: pdfium.PdfPage, margin_mm: float = EDGE_MM, footer_mm: float = 12.0) -> float:
    """How far down the page's text block the ink reaches (0 empty, 1 full).

    The text block is the page less `margin_mm` all round and a footer band
    of `footer_mm` (running feet and licence lines do not fill a page).
    """
    dpi = 36
    pixels = gray(page, dpi) < INK_LEVEL
    per_mm = dpi / 25.4
    top = int(margin_mm * per_mm)
    bottom = pixels.shape[0] - int((margin_mm + footer_mm) * per_mm)
    rows = np.flatnonzero(pixels[top:bottom].any(axis=1))
    if rows.size == 0:
        return 0.0
    return float((rows[-1] + 1) / (bottom - top))


def column_fills(
    page: pdfium.PdfPage, margin_mm: float = EDGE_MM, footer_mm: float = 12.0
) -> tuple[float, float]:
    """How far down the text block the ink of each half of the page reaches (the
    left and the right column of a game document), as `fill` measures the page."""
    dpi = 36
    pixels = gray(page, dpi) < INK_LEVEL
    per_mm = dpi / 25.4
    top = int((margin_mm + 6.0) * per_mm)  # below the running head and its rule
    bottom = pixels.shape[0] - int((margin_mm + footer_mm) * per_mm)
    middle = pixels.shape[1] // 2
    out = []
    for half in (pixels[top:bottom, :middle], pixels[top:bottom, middle:]):
        rows = np.flatnonzero(half.any(axis=1))
        out.append(0.0 if rows.size == 0 else float((rows[-1] + 1) / (bottom - top)))
    return out[0], out[1]


def column_problems(fills: list[tuple[float, float]], least: float) -> list[Problem]:
    """The flow of a two-column document, from each page's `column_fills`: every
    column of a page but the last at least `least` full; the last page's content
    more than the room left on the page before (else it would have flowed there)."""
    found = []
    for number, (left, right) in enumerate(fills[:-1], start=1):
        for side, filled in (("left", left), ("right", right)):
            if filled < least:
                detail = f"{side} column {filled:.0%} full, {least:.0%} asked"
                found.append(Problem(number, "columns", detail))
    if len(fills) >= 2:
        content = sum(fills[-1])
        room = sum(1 - f for f in fills[-2])
        if content <= room:
            found.append(
                Problem(
                    len(fills),
                    "columns",
                    f"the last page holds {content:.2f} columns, "
                    f"the page before left {room:.2f} free",
                )
            )
    return found


# Run in Chromium: every drawn element of every inline SVG, in the SVG's own
# units, with half its stroke (and the mitre of sharp polygon corners) added,
# against the viewBox. Returns one line per element that sticks out.
SVG_OVERFLOW_JS = r"""
() => {
  const out = [];
  const svgs = Array.from(document.querySelectorAll('svg'));
  svgs.forEach((svg, n) => {
    const vb = svg.viewBox && svg.viewBox.baseVal;
    if (!vb || vb.width === 0) return;
    const shapes = svg.querySelectorAll('line,rect,circle,ellipse,polygon,polyline,path,text');
    for (const el of shapes) {
      if (el.closest('defs,symbol,clipPath,mask')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      let b;
      try { b = el.getBBox(); } catch (e) { continue; }
      if (b.width === 0 && b.height === 0) continue;
      const stroked = style.stroke && style.stroke !== 'none';
      const sw = stroked ? parseFloat(el.getAttribute('stroke-width') || '1') : 0;
      let grow = sw / 2;
      const tag = el.tagName;
      if (stroked && (tag === 'polygon' || tag === 'polyline')
          && (el.getAttribute('stroke-linejoin') || 'miter') === 'miter') {
        const p = Array.from(el.points);
        const k = p.length;
        for (let i = 0; i < k; i++) {
          if (tag === 'polyline' && (i === 0 || i === k - 1)) continue;
          const a = p[(i - 1 + k) % k], v = p[i], c = p[(i + 1) % k];
          const ux = a.x - v.x, uy = a.y - v.y, wx = c.x - v.x, wy = c.y - v.y;
          const cos = (ux * wx + uy * wy) / (Math.hypot(ux, uy) * Math.hypot(wx, wy));
          const half = Math.acos(Math.max(-1, Math.min(1, cos))) / 2;
          const ratio = 1 / Math.sin(half);
          if (ratio <= 4) grow = Math.max(grow, sw / 2 * ratio);
        }
      }
      if (stroked && tag === 'line' && (el.getAttribute('stroke-linecap') || 'butt') !== 'butt')
        grow = Math.max(grow, sw / 2);
      // The element's box in the SVG's own units, through any transform on the way.
      const m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
      const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                       [b.x + b.width, b.y + b.height]].map(([px, py]) =>
        [m.a * px + m.c * py + m.e, m.b * px + m.d * py + m.f]);
      const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      const g = grow * scale;
      const x0 = Math.min(...corners.map(c => c[0])) - g;
      const y0 = Math.min(...corners.map(c => c[1])) - g;
      const x1 = Math.max(...corners.map(c => c[0])) + g;
      const y1 = Math.max(...corners.map(c => c[1])) + g;
      const eps = 0.01;
      if (x0 < vb.x - eps || y0 < vb.y - eps || x1 > vb.x + vb.width + eps
          || y1 > vb.y + vb.height + eps) {
        out.push(`svg ${n} <${tag}> [${x0.toFixed(2)}, ${y0.toFixed(2)}, ${x1.toFixed(2)}, `
                 + `${y1.toFixed(2)}] outside viewBox [${vb.x}, ${vb.y}, `
                 + `${vb.x + vb.width}, ${vb.y + vb.height}]`);
      }
    }
  });
  return out;
}
"""


def blank_bands(
    page: pdfium.PdfPage, margin_mm: float = EDGE_MM, footer_mm: float = 12.0
) -> list[float]:
    """The heights in mm of the blank bands across the page's text block (the page
    less `margin_mm` all round and a footer band of `footer_mm`), top to bottom,
    between its first and its last ink: where a sheet leaves paper unused."""
    dpi = 36
    pixels = gray(page, dpi) < INK_LEVEL
    per_mm = dpi / 25.4
    top = int(margin_mm * per_mm)
    bottom = pixels.shape[0] - int((margin_mm + footer_mm) * per_mm)
    inked = pixels[top:bottom].any(axis=1)
    rows = np.flatnonzero(inked)
    if rows.size == 0:
        return []
    bands, run = [], 0
    for row in inked[rows[0] : rows[-1] + 1]:
        if row:
            if run:
                bands.append(run / per_mm)
            run = 0
        else:
            run += 1
    return bands


def blank_share(
    page: pdfium.PdfPage, least_mm: float = 6.0, margin_mm: float = EDGE_MM, footer_mm: float = 12.0
) -> float:
    """The share of the text block's height left blank in bands of at least `least_mm`
    (the space between a heading and its block, or between rows, is smaller)."""
    height_mm = page.get_size()[1] * MM_PER_PT - 2 * margin_mm - footer_mm
    bands = blank_bands(page, margin_mm, footer_mm)
    return sum(b for b in bands if b >= least_mm) / height_mm
