"""Checks shared by the board-sheet and score-sheet tests."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter

from maerstanas_print.draw.shapes import chars_by_face
from maerstanas_print.fonts import missing_glyphs
from maerstanas_print.sheets.common import Sheet
from tests.pdf_tools import MM, fonts_of, line_segments, reader

PAGE_PT = {
    "a4": (595.28, 841.89),
    "letter": (612.0, 792.0),
    "a3": (841.89, 1190.55),
    "tabloid": (792.0, 1224.0),
}


def assert_page_size(pdf: bytes, paper: str, pages: int = 1) -> None:
    r = reader(pdf)
    assert len(r.pages) == pages
    for page in r.pages:
        box = page.mediabox
        w, h = PAGE_PT[paper]
        assert abs(float(box.width) - w) < 0.01 and abs(float(box.height) - h) < 0.01


def assert_fonts_embedded(pdf: bytes) -> None:
    fonts = fonts_of(pdf)
    assert fonts, "no fonts found"
    assert all(fonts.values()), f"not embedded: {fonts}"
    assert all("Cardo" in name for name in fonts), fonts


def assert_no_missing_glyphs(sheet: Sheet) -> None:
    shapes = [s for page in sheet.pages for s in page.shapes]
    for face, chars in chars_by_face(shapes).items():
        assert missing_glyphs(chars, face) == [], face


def poppler(tool: str, *args: str) -> str:
    path = shutil.which(tool)
    assert path, f"{tool} is missing: install poppler-utils (CI runs .ci/install-deps)"
    return subprocess.run([path, *args], check=True, capture_output=True, text=True).stdout


def assert_poppler_reads(tmp_path, pdf: bytes) -> None:
    file = tmp_path / "sheet.pdf"
    file.write_bytes(pdf)
    info = poppler("pdfinfo", str(file))
    assert "Pages:          1" in info or "Pages:" in info
    lines = poppler("pdffonts", str(file)).splitlines()[2:]
    assert lines, "pdffonts lists no fonts"
    for line in lines:
        fields = line.split()
        # name type... emb sub uni object ID: 'emb' is the 5th field from the end
        assert fields[-5] == "yes", line


def measured_cells(pdf: bytes, n: int, page_no: int = 0) -> list[float]:
    """Cell sizes (mm) of an n x n board from its drawn grid lines, as the page prints
    them (through any transform): each line spans n cells, neighbours one cell apart."""
    verticals = [s for s in line_segments(pdf, page_no) if s.vertical and s.length > 20]
    length, count = Counter(round(s.length, 2) for s in verticals).most_common(1)[0]
    assert count % (n - 1) == 0, count  # n - 1 inner lines per board
    xs = sorted({round(s.x1, 3) for s in verticals if round(s.length, 2) == length})
    spacing = min(b - a for a, b in zip(xs, xs[1:], strict=False))
    return [length / n * MM, spacing * MM]


def has_50_mm_bar(pdf: bytes, page_no: int = 0) -> bool:
    """Whether the page draws a level line 50 mm long as it prints: the scale bar."""
    level = [s for s in line_segments(pdf, page_no) if abs(s.y1 - s.y2) < 1e-6]
    return any(abs(s.length * MM - 50.0) < 0.05 for s in level)
