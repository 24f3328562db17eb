"""The rulebook PDFs. Every game's book, on both papers: outline, text layer, fonts,
metadata, paper size, determinism, full pages. Then the Mǽrstánas book's own
sections, words, dates and running heads; the sibling books' own checks are in
tests/test_rulebook_siblings.py."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys

import pytest

from maerstanas_print.cli import main
from maerstanas_print.games import MAERSTANAS, all_games
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


# --- every game's book -------------------------------------------------------------

GAMES = {game.slug: game for game in all_games()}
BOOKS = {slug: book_for(game) for slug, game in GAMES.items()}
PAPERS = {"a4": (210, 297), "letter": (215.9, 279.4)}
PAGES = {"maerstanas": (12, 24), "cyngesheall": (10, 20), "hnefatafl1992": (10, 20)}  # on A4


def test_every_game_has_its_page_count_here() -> None:
    assert set(PAGES) == set(BOOKS)


@pytest.fixture(scope="module")
def books() -> dict[tuple[str, str], bytes]:
    return {
        (slug, paper): rulebook_pdf(prepare(book), paper)
        for slug, book in BOOKS.items()
        for paper in PAPERS
    }


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_every_book_has_its_outline_text_fonts_metadata_and_paper(
    slug: str, paper: str, books
) -> None:
    book, pdf = BOOKS[slug], books[slug, paper]
    top = [title for level, title in outline_titles(pdf) if level == 0]
    assert top == [f"{n} {chapter.title}" for n, chapter in numbered(book.chapters)]
    text = all_text(pdf)
    assert "\x00" not in text
    for chapter in book.chapters:
        assert chapter.title in text
    for number in range(1, len(list(book.figures())) + 1):
        assert f"Figure {number}." in text
    fonts = fonts_of(pdf)
    assert fonts and all(fonts.values()) and all("Cardo" in name for name in fonts), fonts
    r = reader(pdf)
    assert r.metadata["/Title"] == f"{book.title}: {book.subtitle}"
    assert r.trailer["/Root"]["/Lang"] == "en"
    for page in r.pages:
        box = page.mediabox
        assert (round(float(box.width) * MM, 1), round(float(box.height) * MM, 1)) == PAPERS[paper]
    if paper == "a4":
        fewest, most = PAGES[slug]
        assert fewest <= len(r.pages) <= most


@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_every_book_is_the_same_bytes_from_the_same_input(slug: str, books) -> None:
    for paper in PAPERS:
        assert rulebook_pdf(prepare(book_for(GAMES[slug])), paper) == books[slug, paper]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_no_page_is_left_mostly_empty(slug: str, paper: str, books) -> None:
    """Issue 11, item 23: a figure that does not fit is floated, the text after it filling
    the page first, so no page but a chapter's last is less than 60 % set."""
    from tests.pdf_tools import underfilled_pages

    book = BOOKS[slug]
    assert underfilled_pages(books[slug, paper], f"{book.title} · {book.subtitle}", 0.6) == []


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_every_page_number_is_centred_and_no_sheet_credits_itself(
    slug: str, paper: str, books
) -> None:
    """Review 23 final 7-A #9: the pencil-board appendix pages had their folio at the
    right end of the sheet's own credit line ("... Sheet made with maerstanas_print"),
    where every other page centres it; inside a book the colophon credits the game."""
    from tests.pdf_tools import text_runs

    pdf = books[slug, paper]
    assert "Sheet made with" not in all_text(pdf)
    width = PAPERS[paper][0] / MM
    pages = len(reader(pdf).pages)
    for index in range(1, pages):
        folios = [r for r in text_runs(pdf, index) if r.text == str(index + 1) and r.y < 60]
        assert folios, f"page {index + 1} has no number at its foot"
        assert all(abs(r.x - width / 2) < 12 for r in folios), (index + 1, folios)


# --- Mǽrstánas's book ----------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_outline_has_the_sections(paper, a4, letter) -> None:
    pdf = a4 if paper == "a4" else letter
    outline = outline_titles(pdf)
    sections = {title for level, title in outline if level == 1}
    assert {
        "Hinges",
        "The hinge limit",
        "The thunder-stone (Þunor-stán)",
        "Advanced Mǽrstánas: wraparound",
    } <= sections


def test_text_layer_has_the_chapters_and_the_special_letters(a4) -> None:
    text = all_text(a4)
    assert "\x00" not in text
    for title in CHAPTERS:
        assert title in text, title
    for word in (
        "Mǽrstánas",
        "Þunor-stán",
        "wóden-stán",
        "freóndlíc heorr",
        "mǽrstán",
        "T E4xE3/D4/F4",
        "John Beers",
        "CC BY-SA 4.0",
        "Contents",
    ):
        assert word in text, word
    for number in range(1, len(list(BOOK.figures())) + 1):
        assert f"Figure {number}." in text


def test_metadata(a4) -> None:
    meta = reader(a4).metadata
    assert meta["/Title"] == "Mǽrstánas: Rules of play"
    assert "John Beers" in meta["/Author"]
    assert "CC BY-SA 4.0" in meta["/Subject"]


def test_identical_input_gives_identical_bytes(prepared, a4) -> None:
    assert rulebook_pdf(prepared, "a4") == a4
    code = (
        "import sys; from maerstanas_print.rulebook.books import book_for; "
        "from maerstanas_print.games import MAERSTANAS; "
        "from maerstanas_print.rulebook.prepare import prepare; "
        "from maerstanas_print.rulebook.pdf import rulebook_pdf; "
        "sys.stdout.buffer.write(rulebook_pdf(prepare(book_for(MAERSTANAS)), 'a4'))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, env=env
    ).stdout
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
        if first.startswith(("Chapter ", "Appendix ")) and second in CHAPTERS:
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


def _table_parts(slug: str, paper: str) -> list[tuple[int, int]]:
    """(body rows, body rows of the whole table) of every part of a split table the
    book sets, with its repeated header left out."""
    from unittest import mock

    from maerstanas_print.rulebook.kept_table import kept_table_class

    KeptTable = kept_table_class()  # noqa: N806 - a class
    drawn: list[tuple[int, int]] = []
    original = KeptTable.drawOn

    def draw_on(table, *args, **kwargs):
        header = table.repeatRows if isinstance(table.repeatRows, int) else 0
        if table.whole:
            drawn.append((len(table._cellvalues) - header, table.whole - header))
        return original(table, *args, **kwargs)

    with mock.patch.object(KeptTable, "drawOn", draw_on):
        rulebook_pdf(prepare(BOOKS[slug]), paper)
    return drawn


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_no_table_leaves_one_row_alone_on_a_page(slug: str, paper: str) -> None:
    """Issue 23: the Cyngesheall book's Options table left one row under its repeated
    header at the top of a page. No part of a split table or glossary holds a single
    row (the page fill the move costs is held by test_no_page_is_left_mostly_empty
    and the layout rules)."""
    parts = _table_parts(slug, paper)
    assert all(rows >= 2 for rows, _ in parts), parts


def test_a_split_weighs_the_page_it_empties() -> None:
    from maerstanas_print.rulebook.kept_table import widow_free_split

    assert widow_free_split(6, 6, 1, 0.2) == 6  # it fits whole
    assert widow_free_split(4, 8, 1, 0.2) == 4  # three rows here, four there
    assert widow_free_split(7, 8, 1, 0.2) == 6  # one row alone there: one more goes over
    assert widow_free_split(3, 4, 1, 0.9) == 1  # two and one: the table moves whole...
    assert widow_free_split(3, 4, 1, 0.5) == 3  # ...unless that empties the page above
    assert widow_free_split(2, 6, 1, 0.8) == 1  # header and one row at a page's foot
    assert widow_free_split(1, 6, 0, 0.5) == 1  # a glossary's first row: as it stands


def _squeezed(text: str) -> str:
    """Text without spaces and hyphens, apostrophes straight: a line broken or
    hyphenated, or set as print, reads the same."""
    return re.sub(r"[\s\-\u00ad\u2010]+", "", text).replace("\u2019", "'")


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_the_stone_key_is_on_the_page_of_what_introduces_it(slug: str, paper: str, books) -> None:
    """Issue 23: the Letter book set the stone key at the top of p4, the "What you need"
    list it illustrates ending on p3. The end of the list (or paragraph) before a stone
    key is on the key's page."""
    from maerstanas_print.draw.shapes import Text, walk
    from maerstanas_print.rulebook import layout
    from maerstanas_print.rulebook.concordance import strip_markers
    from maerstanas_print.rulebook.model import Bullets, Para, StoneKey, plain

    pages = [_squeezed(page.extract_text()) for page in reader(books[slug, paper]).pages]
    checked = 0
    for chapter in BOOKS[slug].chapters:
        for before, block in zip(chapter.blocks, chapter.blocks[1:], strict=False):
            if not isinstance(block, StoneKey) or not isinstance(before, Bullets | Para):
                continue
            shapes, _ = layout.stone_key(150.0, block.game)
            labels = [_squeezed(s.text) for s in walk(shapes) if isinstance(s, Text)]
            key_page = next(i for i, text in enumerate(pages) if all(x in text for x in labels))
            lead = before.items[-1] if isinstance(before, Bullets) else before.text
            tail = _squeezed(plain(strip_markers(lead)))[-24:]
            assert tail in pages[key_page], (key_page + 1, tail)
            checked += 1
    assert checked, "the book has no stone key after a list or paragraph"


def test_a_table_ending_its_page_leaves_no_runt() -> None:
    """The Letter book's glossary once left three rows alone on the page before an
    appendix (16 % full): rows move over until that page is 40 % full, while two rows
    stay above and the page above stays 75 % full."""
    from maerstanas_print.rulebook.kept_table import runt_free_split

    rows = [40.0] * 10
    assert runt_free_split(7, rows, 0, 600.0, 300.0) == 4  # 120 pt left over -> 240
    assert runt_free_split(7, rows, 0, 600.0, 600.0) == 7  # the page above would empty
    assert runt_free_split(3, rows, 0, 600.0, 120.0) == 3  # the rest is no runt
    assert runt_free_split(10, rows, 0, 600.0, 600.0) == 10  # it fits whole


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_no_two_lines_in_a_row_end_in_a_hyphen(slug: str, paper: str, books) -> None:
    """Review 8-C #2: two lines in a row of the Cyngesheall book ended "(tradi-" and
    "(tradi-". As TeX does, a paragraph sets itself again rather than stack hyphens."""
    for page in reader(books[(slug, paper)]).pages:
        lines = [line.rstrip() for line in page.extract_text().splitlines()]
        for above, below in zip(lines, lines[1:], strict=False):
            stacked = all(
                len(t) > 1 and t.endswith("-") and t[-2].isalpha() for t in (above, below)
            )
            assert not stacked, (above, below)


@pytest.mark.parametrize("slug", sorted(BOOKS))
def test_a_cited_title_is_never_broken(slug: str, books) -> None:
    """Review 8-C #2: "(see *About this edi-/tion*)" left the runt "tion)." on the
    Cyngesheall book's p3. A title the text cites in italics is set on one line."""
    text = all_text(books[(slug, "a4")])
    assert "About this edition" in text  # every book cites it, whole, on one line
    assert "About this edi-" not in text and "About this\nedition" not in text


def test_the_setup_table_sets_its_headers_whole(books) -> None:
    """Review 8-C #3: the Cyngesheall setup table broke "King (Woden-/stone)",
    "Commander (thun-/der-stone)" and "Dark, tradi-/tionally first" while the King and
    Commander columns held two letters. Each column is at least its longest word wide,
    and a table whose words all fit is set without hyphens."""
    text = all_text(books[("cyngesheall", "a4")])
    for whole in ("(Woden-stone)", "(thunder-stone)", "traditionally first"):
        assert whole in text, whole


def test_columns_hold_their_longest_word_where_the_table_has_room() -> None:
    from maerstanas_print.rulebook.table_widths import column_widths

    # The source's shares stand where every word fits them.
    assert column_widths([10, 10], [50, 50], 100, (0.3, 0.7)).widths == pytest.approx((30, 70))
    # A column narrower than its longest word takes the room from the others' slack.
    fit = column_widths([40, 10, 10], [60, 20, 90], 100, (0.2, 0.4, 0.4))
    assert fit.whole_words and fit.widths[0] == pytest.approx(40)
    assert sum(fit.widths) == pytest.approx(100)
    assert all(w >= low for w, low in zip(fit.widths, [40, 10, 10], strict=True))
    # Without shares, a table balances as a browser does; a table too narrow for its
    # words keeps its shares and lets words break.
    assert column_widths([10, 10], [20, 60], 160).widths == pytest.approx((40, 120))
    narrow = column_widths([80, 80], [90, 90], 100, (0.5, 0.5))
    assert not narrow.whole_words and narrow.widths == pytest.approx((50, 50))
