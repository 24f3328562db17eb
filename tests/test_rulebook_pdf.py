"""The rulebook PDF: outline, text layer, fonts, metadata, paper sizes, determinism."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

from maerstanas_print.cli import main
from maerstanas_print.games import MAERSTANAS
from maerstanas_print.rulebook.books import book_for
from maerstanas_print.rulebook.layout import numbered
from maerstanas_print.rulebook.pdf import rulebook_pdf
from maerstanas_print.rulebook.prepare import prepare
from tests.pdf_tools import all_text, fonts_of, outline_titles, reader

MM = 25.4 / 72
BOOK = book_for(MAERSTANAS)
CHAPTERS = [chapter.title for chapter in BOOK.chapters]


@pytest.fixture(scope="module")
def prepared():
    return prepare(BOOK)


@pytest.fixture(scope="module")
def a4(prepared) -> bytes:
    return rulebook_pdf(prepared, "a4")


@pytest.fixture(scope="module")
def letter(prepared) -> bytes:
    return rulebook_pdf(prepared, "letter")




@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_outline_has_every_chapter_and_section(paper, a4, letter) -> None:
    pdf = a4 if paper == "a4" else letter
    outline = outline_titles(pdf)
    top = [title for level, title in outline if level == 0]
    assert top == [f"{n} {chapter.title}" for n, chapter in numbered(BOOK.chapters)]
    sections = {title for level, title in outline if level == 1}
    assert {"Hinges", "The hinge limit", "The thunder-stone (Þunor-stán)",
            "Advanced Mǽrstánas: wraparound"} <= sections


def test_text_layer_has_the_chapters_and_the_special_letters(a4) -> None:
    text = all_text(a4)
    assert "\x00" not in text
    for title in CHAPTERS:
        assert title in text, title
    for word in ("Mǽrstánas", "Þunor-stán", "wóden-stán", "freóndlíc heorr", "frǽcenes",
                 "T E4xE3/D4/F4", "John Beers", "CC BY-SA 4.0", "Contents"):
        assert word in text, word
    for number in range(1, len(list(BOOK.figures())) + 1):
        assert f"Figure {number}." in text


def test_only_embedded_cardo_fonts(a4, letter) -> None:
    for pdf in (a4, letter):
        fonts = fonts_of(pdf)
        assert fonts and all(fonts.values()), fonts
        assert all("Cardo" in name for name in fonts), fonts


def test_metadata_and_paper(a4, letter) -> None:
    r = reader(a4)
    meta = r.metadata
    assert meta["/Title"] == "Mǽrstánas: Rules of play"
    assert "John Beers" in meta["/Author"]
    assert "CC BY-SA 4.0" in meta["/Subject"]
    assert r.trailer["/Root"]["/Lang"] == "en"
    for pdf, size in ((a4, (210, 297)), (letter, (215.9, 279.4))):
        for page in reader(pdf).pages:
            box = page.mediabox
            assert (round(float(box.width) * MM, 1), round(float(box.height) * MM, 1)) == size
    assert 12 <= len(r.pages) <= 24


def test_identical_input_gives_identical_bytes(prepared, a4) -> None:
    assert rulebook_pdf(prepared, "a4") == a4
    code = ("import sys; from maerstanas_print.rulebook.books import book_for; "
            "from maerstanas_print.games import MAERSTANAS; "
            "from maerstanas_print.rulebook.prepare import prepare; "
            "from maerstanas_print.rulebook.pdf import rulebook_pdf; "
            "sys.stdout.buffer.write(rulebook_pdf(prepare(book_for(MAERSTANAS)), 'a4'))")
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           env=env).stdout
    assert hashlib.sha256(other).hexdigest() == hashlib.sha256(a4).hexdigest()


def test_command_writes_the_default_name(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rulebook", "--paper", "letter"]) == 0
    written = tmp_path / "output" / "rulebook-letter.pdf"
    assert written.read_bytes().startswith(b"%PDF")
    assert "wrote output/rulebook-letter.pdf" in capsys.readouterr().err
    assert main(["rulebook", "--paper", "a5"]) == 2


def test_dated_by_the_release_and_opening_with_the_bookmarks(a4) -> None:
    """Issue 11, item 25: the source's release date (not 2000-01-01), the outline shown."""
    r = reader(a4)
    assert BOOK.released is not None
    stamp = f"D:{BOOK.released:%Y%m%d}"
    assert r.metadata["/CreationDate"].startswith(stamp) and stamp != "D:20000101"
    assert r.metadata["/ModDate"].startswith(stamp)
    assert r.trailer["/Root"]["/PageMode"] == "/UseOutlines"


def test_running_heads_name_the_chapter_being_read(a4) -> None:
    """Issue 11, item 23: a page opening with a chapter is headed by it; a page where a
    chapter starts lower down is headed by the chapter at its top."""
    r = reader(a4)
    heads = {}
    for number, page in enumerate(r.pages, 1):
        lines = page.extract_text().rstrip("\n").split("\n")
        if len(lines) > 3 and lines[-3].startswith(f"{BOOK.title} · "):
            heads[number] = (lines[0], lines[1], lines[-2])  # the head is drawn last
    checked = 0
    for first, second, head in heads.values():
        if first.startswith("Chapter ") and second in CHAPTERS:
            assert head == second
            checked += 1
    assert checked >= 3
    titles = [head for _, _, head in heads.values()]
    # Heads never run backwards through the book.
    order = [CHAPTERS.index(t) for t in titles if t in CHAPTERS]
    assert order == sorted(order)


def test_the_contents_fit_one_page(a4, letter) -> None:
    """The contents never spill a line or two onto a near-empty page: chapter 1 opens
    page 3, right after the title page and the contents."""
    for pdf in (a4, letter):
        page = reader(pdf).pages[2].extract_text()
        assert page.startswith(f"Chapter 1\n{CHAPTERS[0]}"), page[:80]


def test_no_page_is_left_mostly_empty(a4, letter) -> None:
    """Issue 11, item 23: a figure that does not fit is floated, the text after it filling
    the page first, so no page but a chapter's last is less than 60 % set."""
    from tests.pdf_tools import underfilled_pages

    head = f"{BOOK.title} · {BOOK.subtitle}"
    assert underfilled_pages(a4, head, 0.6) == []
    assert underfilled_pages(letter, head, 0.6) == []
