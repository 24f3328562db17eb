"""Boxed notes are read whole: never split across a page turn (issue 23).

The Letter rulebook's six-line "Our reading" box on wraparound printed three
lines at the foot of p10 and three at the top of p11. A box that fits a page
now moves whole to the next (rulebook/kept_box.py); a note is short, so the
page it leaves stays well over a third full. The check reads the tinted boxes off every book
`build` writes and off a user's book full of notes, and fails on a box cut
by a page turn: one that runs to the foot of its page's text block while the
next page opens with a tinted box.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from maerstanas_print.cli import main
from maerstanas_print.draw.shapes import PT_PER_MM
from maerstanas_print.rulebook import layout
from maerstanas_print.rulebook.kept_box import LEAVE_FILL, moves_whole
from tests.products import ALL_JOBS

NOTE_TINT = (0xF4, 0xF0, 0xE6)  # the note box's and the record box's tint (rulebook/pdf.py)
BOOK_PDFS = [n for n, argv in ALL_JOBS if argv[0] == "rulebook" and n.endswith(".pdf")]
NEAR_PT = 12.0  # a box's edge this close to the text block's edge touches it


def tint_boxes(page: pdfium.PdfPage) -> list[tuple[float, float]]:
    """(bottom, top) in pt of every tinted rectangle on `page`."""
    out = []
    for obj in page.get_objects():
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        rgba = [ctypes.c_uint() for _ in range(4)]
        pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *rgba)
        mode, stroke = ctypes.c_int(), ctypes.c_int()
        pdfium_c.FPDFPath_GetDrawMode(obj.raw, mode, stroke)
        if not mode.value or tuple(c.value for c in rgba[:3]) != NOTE_TINT:
            continue
        edges = [ctypes.c_float() for _ in range(4)]
        pdfium_c.FPDFPageObj_GetBounds(obj.raw, *edges)
        out.append((edges[1].value, edges[3].value))
    return out


def split_boxes(pdf: bytes | Path) -> list[int]:
    """The pages whose last tinted box runs on to the next page's first."""
    document = pdfium.PdfDocument(pdf)
    found = []
    try:
        boxes = [tint_boxes(document[i]) for i in range(len(document))]
        heights = [document[i].get_height() for i in range(len(document))]
    finally:
        document.close()
    for number in range(1, len(boxes)):
        here, there, height = boxes[number - 1], boxes[number], heights[number]
        if not here or not there:
            continue
        foot = layout.BOTTOM_MARGIN * PT_PER_MM
        head = height - layout.TOP_MARGIN * PT_PER_MM
        if min(b for b, _ in here) <= foot + NEAR_PT and max(t for _, t in there) >= head - NEAR_PT:
            found.append(number)
    return found


def test_a_box_that_fits_a_page_moves_whole() -> None:
    assert not moves_whole(60, 100, 600)  # it fits
    assert moves_whole(90, 60, 600)  # the page above is 90 % full
    assert moves_whole(420, 600 * (1 - LEAVE_FILL) - 1, 600)  # just over a third full
    # A box of three quarters of a page at a page 30 % full: it cannot keep both,
    # and is kept whole.
    assert moves_whole(450, 420, 600)
    assert not moves_whole(700, 300, 600)  # no page holds it: it splits
    assert not moves_whole(90, 60, 0)  # the frame is not known (a one-page card)


@pytest.mark.parametrize("name", BOOK_PDFS)
def test_no_book_splits_a_box_across_a_page_turn(products, name: str) -> None:
    assert split_boxes(products[name].pdf) == [], name


def test_a_users_book_of_many_notes_splits_none(tmp_path: Path) -> None:
    """Notes of six lines between paragraphs of one to seven lines: with the old
    split, several fell across a page turn."""
    body = "A stone placed beside another of its colour makes a pair worth a point. "
    note = "> Our reading: the hinge limit counts the edges of a square; "
    parts = ["---\ngame: Maerstanas\ntitle: Notes\n---\n\n# Notes\n\n"]
    for index in range(36):
        parts.append(body * (1 + index % 7) + "\n\n")
        parts.append(note + body * 5 + "\n\n")
    source = tmp_path / "notes.md"
    source.write_text("".join(parts), encoding="utf-8")
    out = tmp_path / "notes.pdf"
    assert main(["rulebook", "--source", str(source), "-o", str(out)]) == 0
    assert len(pdfium.PdfDocument(out)) > 5
    assert split_boxes(out) == []
