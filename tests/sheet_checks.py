"""Checks shared by the board-sheet and score-sheet tests."""

from __future__ import annotations

import shutil
import subprocess

from maerstanas_print.draw.shapes import chars_by_face
from maerstanas_print.fonts import missing_glyphs
from maerstanas_print.sheets.common import Sheet
from tests.pdf_tools import fonts_of, reader

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
