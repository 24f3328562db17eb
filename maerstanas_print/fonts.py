"""Cardo, the one typeface of every sheet, for ReportLab and for the browser.

ReportLab's built-in fonts cannot encode "ǽ", so all text is set in Cardo
(OFL, installed by `fontpkg-cardo`), embedded as a TrueType subset. The same
files feed the HTML as `@font-face` data URIs, so a sheet printed from a
browser has the same letters, widths and line breaks as the PDF.

Runes are never set from this font: Cardo maps ᚩ to a placeholder glyph, so
runes are vector strokes (`draw/runes.py`). `missing_glyphs` treats that
placeholder as missing.
"""

from __future__ import annotations

import base64
import io
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

Face = Literal["regular", "italic", "bold"]
FACES: tuple[Face, ...] = ("regular", "italic", "bold")


@dataclass(frozen=True, slots=True)
class FaceInfo:
    """How one face is known to ReportLab and to CSS."""

    pdf_name: str
    weight: int
    style: str  # "normal" or "italic"


FACE_INFO: dict[Face, FaceInfo] = {
    "regular": FaceInfo("Cardo", 400, "normal"),
    "italic": FaceInfo("Cardo-Italic", 400, "italic"),
    "bold": FaceInfo("Cardo-Bold", 700, "normal"),
}
CSS_FAMILY = "Cardo"
# Glyph names Cardo uses for characters it maps but does not really draw.
_PLACEHOLDER_GLYPHS = frozenset({"Runic_ph"})


class FontError(RuntimeError):
    """Cardo is not installed, or a text needs a glyph Cardo does not have."""


@cache
def font_path(face: Face) -> Path:
    """The TrueType file of `face` (from the `fontpkg-cardo` package)."""
    info = FACE_INFO[face]
    try:
        import fontpkg
    except ImportError as exc:  # pragma: no cover - a broken install
        raise FontError("the Cardo font is missing: install fontpkg and fontpkg-cardo") from exc
    return Path(fontpkg.path("Cardo", weight=info.weight, style=info.style))


@cache
def register_fonts() -> str:
    """Register the three Cardo faces with ReportLab once; return the family name.

    Cardo has no bold italic, so that slot maps to bold.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for face in FACES:
        pdfmetrics.registerFont(TTFont(FACE_INFO[face].pdf_name, str(font_path(face))))
    pdfmetrics.registerFontFamily(
        "Cardo", normal="Cardo", bold="Cardo-Bold", italic="Cardo-Italic", boldItalic="Cardo-Bold"
    )
    return "Cardo"


def pdf_font_name(face: Face) -> str:
    register_fonts()
    return FACE_INFO[face].pdf_name


def text_width_mm(text: str, face: Face, size_pt: float) -> float:
    """Advance width of `text` in millimetres, from the font's own metrics."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, pdf_font_name(face), size_pt) * 25.4 / 72


@dataclass(frozen=True, slots=True)
class Ink:
    """Where one character's ink lies (mm, y up) from its pen position on the
    baseline, and how far the pen advances: how close two glyphs may stand apart
    is a matter of their ink, not of their advance widths."""

    left: float
    bottom: float
    right: float
    top: float
    advance: float


@lru_cache(maxsize=256)
def glyph_ink(char: str, face: Face, size_pt: float) -> Ink:
    """The ink box and advance of `char` set in `face` at `size_pt`, from the font's
    own outlines (an empty glyph has a box of nothing at its pen position)."""
    font = _outline_font(face)
    name = font.getBestCmap()[ord(char)]
    glyph = font["glyf"][name]
    scale = size_pt * 25.4 / 72 / font["head"].unitsPerEm
    advance = font["hmtx"][name][0] * scale
    if not hasattr(glyph, "xMin"):
        return Ink(0.0, 0.0, 0.0, 0.0, advance)
    return Ink(
        glyph.xMin * scale, glyph.yMin * scale, glyph.xMax * scale, glyph.yMax * scale, advance
    )


def text_ink(text: str, face: Face, size_pt: float) -> Ink:
    """The ink box and advance of `text` (such as a row number "12") set on one
    line, glyph after glyph as ReportLab sets it (no kerning)."""
    pen, left, right = 0.0, float("inf"), float("-inf")
    bottom, top = float("inf"), float("-inf")
    for char in text:
        ink = glyph_ink(char, face, size_pt)
        if ink.right > ink.left:
            left, right = min(left, pen + ink.left), max(right, pen + ink.right)
            bottom, top = min(bottom, ink.bottom), max(top, ink.top)
        pen += ink.advance
    if left > right:  # no ink at all
        return Ink(0.0, 0.0, 0.0, 0.0, pen)
    return Ink(left, bottom, right, top, pen)


@cache
def _outline_font(face: Face) -> Any:  # fontTools has no type hints
    from fontTools.ttLib import TTFont

    return TTFont(str(font_path(face)))


@cache
def _lazy_font(face: Face) -> Any:
    """The face's font file, its tables read as they are asked for: the glyph checks
    read its cmap, outlines and advances once (`_outline_font` reads it whole)."""
    from fontTools.ttLib import TTFont

    return TTFont(str(font_path(face)), lazy=True)


@lru_cache(maxsize=8)
def _cmap_and_placeholders(face: Face) -> tuple[dict[int, str], frozenset[str]]:
    """The face's cmap, and the glyphs that merely point at a placeholder outline."""
    font = _lazy_font(face)
    cmap = dict(font.getBestCmap())
    glyf = font["glyf"]
    placeholders = set(_PLACEHOLDER_GLYPHS)
    for code, name in cmap.items():
        if 0x16A0 <= code <= 0x16FF:  # only the Runic block is known to hold placeholders
            glyph = glyf[name]
            if glyph.isComposite() and {c.glyphName for c in glyph.components} <= placeholders:
                placeholders.add(name)
    return cmap, frozenset(placeholders)


# Format characters a browser sets as nothing. ReportLab does no shaping, so it
# draws whatever glyph Cardo has for one: U+200C, U+200D and U+200E are tall bars
# (afii61664, afii301, afii299). Only U+200B and the soft hyphen (a hyphen at a
# break, nothing elsewhere) are set as nothing.
_SET_AS_NOTHING = frozenset("\u00ad\u200b")


def drawn_as_a_mark(char: str) -> bool:
    """Whether `char` is an invisible format character the PDF would draw."""
    return unicodedata.category(char) == "Cf" and char not in _SET_AS_NOTHING


def missing_glyphs(text: str, face: Face = "regular") -> list[str]:
    """Characters of `text` that `face` would draw as a box (absent or placeholder),
    or as a mark where the text means none (`drawn_as_a_mark`).

    Falls back to ReportLab's cmap when fontTools is absent (placeholders then pass).
    """
    try:
        cmap, placeholders = _cmap_and_placeholders(face)
    except ImportError:
        from reportlab.pdfbase import pdfmetrics

        char_to_glyph = pdfmetrics.getFont(pdf_font_name(face)).face.charToGlyph
        return sorted({c for c in text if not c.isspace() and ord(c) not in char_to_glyph})
    bad = set()
    for char in text:
        if char.isspace():
            continue
        glyph = cmap.get(ord(char))
        if (
            glyph is None
            or glyph in placeholders
            or drawn_as_a_mark(char)
            or char in _spacing_marks(face)
        ):
            bad.add(char)
    return sorted(bad)


@cache
def _spacing_marks(face: Face) -> frozenset[str]:
    """The combining marks `face` gives an advance: ReportLab places no mark on its
    letter, so the pen moves on after one and the word is set with a gap ("stā n"
    for a + U+0304 in Cardo Regular). Empty when fontTools is not installed."""
    try:
        font = _lazy_font(face)
    except ImportError:
        return frozenset()
    metrics = font["hmtx"]
    return frozenset(
        chr(code)
        for code, name in font.getBestCmap().items()
        if unicodedata.category(chr(code)) in ("Mn", "Me") and metrics[name][0] > 0
    )


def require_glyphs(text: str, face: Face) -> None:
    missing = missing_glyphs(text, face)
    if missing:
        raise FontError(f"Cardo {face} cannot draw {''.join(missing)!r}")


@lru_cache(maxsize=32)
def subset_font_base64(face: Face, chars: str) -> str:
    """A TrueType subset of `face` holding `chars`, base64-encoded for a data URI.

    Falls back to the whole font when fontTools is not installed (bigger, same
    look). The subset keeps its timestamps, so the same text gives the same bytes.
    """
    path = font_path(face)
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return base64.b64encode(path.read_bytes()).decode("ascii")
    options = subset.Options()
    options.layout_features = []  # ReportLab neither kerns nor ligates: match it
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.drop_tables = [*options.drop_tables, "FFTM"]  # FontForge's build stamp
    font = TTFont(str(path), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.save(buffer)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def font_face_css(chars_by_face: dict[Face, str]) -> str:
    """`@font-face` rules embedding a subset of each face that is used."""
    rules = []
    for face in FACES:
        chars = "".join(sorted(set(chars_by_face.get(face, "")) | {" "}))
        if face not in chars_by_face:
            continue
        info = FACE_INFO[face]
        data = subset_font_base64(face, chars)
        rules.append(
            f'@font-face {{ font-family: "{CSS_FAMILY}"; font-weight: {info.weight}; '
            f"font-style: {info.style}; "
            f'src: url("data:font/ttf;base64,{data}") format("truetype"); }}'
        )
    return "\n".join(rules)
