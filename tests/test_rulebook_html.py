"""Every game's rulebook as HTML: the same text and figures as the PDF, valid HTML5,
clean in Chromium, readable at phone width.

The Nu HTML checker (vnu.jar from npm's vnu-jar, run with Java) and Debian's
chromium are installed by .ci/install-deps; when they are missing these tests
fail with a message saying so rather than being skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print.games import all_games
from maerstanas_print.rulebook.books import book_for
from maerstanas_print.rulebook.html import rulebook_html
from maerstanas_print.rulebook.layout import numbered
from maerstanas_print.rulebook.model import plain
from maerstanas_print.rulebook.prepare import prepare
from tests.browser_support import open_page, stacked_figures_at_phone_width
from tests.html_checker import html_errors
from tests.pdf_tools import all_text, reader

BOOKS = {game.slug: book_for(game) for game in all_games()}
SLUGS = sorted(BOOKS)
# Checked by hand for each book: the printed page count's range, words of the print,
# how many figures stack at phone width at least, a figure's least size (px).
PRINTED_PAGES = {"maerstanas": (10, 24), "cyngesheall": (8, 24), "hnefatafl1992": (8, 24)}
PRINTED_WORDS = {
    "maerstanas": ("Placing stones and hinges", "Glossary", "Þunor-stán"),
    "cyngesheall": ("Glossary", "What we decided"),
    "hnefatafl1992": ("Glossary", "What we decided"),
}
STACKED = {"maerstanas": 5, "cyngesheall": 3, "hnefatafl1992": 3}
FIGURE_PX = {"maerstanas": (200, 150), "cyngesheall": (150, 150), "hnefatafl1992": (150, 150)}


def test_every_game_has_its_hand_checked_values() -> None:
    for table in (PRINTED_PAGES, PRINTED_WORDS, STACKED, FIGURE_PX):
        assert sorted(table) == SLUGS


@pytest.fixture(scope="module")
def html_files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("rulebooks")
    out = {}
    for slug, book in BOOKS.items():
        out[slug] = folder / f"rulebook-{slug}.html"
        out[slug].write_text(rulebook_html(prepare(book), "a4"), encoding="utf-8")
    return out


@pytest.mark.parametrize("slug", SLUGS)
def test_same_text_and_figures_as_the_pdf(slug: str, html_files) -> None:
    book = BOOKS[slug]
    html = html_files[slug].read_text(encoding="utf-8")
    numbers = book.figure_numbers()
    if slug == "maerstanas":
        for number, chapter in numbered(book.chapters):
            assert f'<a href="#{chapter.anchor}"><span class="num">{number}</span>' in html
            assert f'id="{chapter.anchor}"' in html
    figures = re.findall(
        r'<figure class="diagram" id="fig-([a-z0-9-]+)"><div class="panels[^"]*"[^>]*><svg', html
    )
    assert figures == [figure.key for figure in book.figures()]
    for figure in book.figures():
        words = plain(figure.caption, numbers).split()[:6]
        assert " ".join(words).replace("'", "’") in html, figure.key
    # Every inline SVG has a title for screen readers.
    assert html.count("<svg ") == html.count('role="img" aria-labelledby=')
    assert f'content: "{book.title} · {book.subtitle}"' in html
    # No scripts to run (the Mǽrstánas sample game may carry its moves as JSON data)
    # and nothing fetched from elsewhere.
    scripts = re.findall(r"<script(?![^>]*type=\"application/json\")", html)
    assert scripts == [] and ("<script" not in html or slug == "maerstanas")
    assert not re.search(r'(src|href)="https?://[^"]*\.(css|js|png|woff2?)"', html)


def test_every_book_is_valid_html5(html_files) -> None:
    assert html_errors(*html_files.values()) == ""


@pytest.mark.parametrize("slug", SLUGS)
def test_renders_and_prints_in_chromium(slug: str, browser, html_files) -> None:
    book = BOOKS[slug]
    context, page, messages = open_page(browser, html_files[slug])
    assert messages == []
    assert page.title() == f"{book.title}: {book.subtitle}"
    if slug == "maerstanas":
        assert page.title() == "Mǽrstánas: Rules of play"
        assert page.evaluate("document.fonts.check('16px Cardo', 'Mǽrstánas Þunor-stán')")
        assert page.locator("nav.contents a").count() >= len(book.chapters)
    for href in page.eval_on_selector_all("nav.contents a", "els => els.map(e => e.hash)"):
        assert page.locator(href).count() == 1, href
    # The figures are drawn at a readable size, not collapsed: each panel as in print.
    box = page.locator("figure.diagram svg").first.bounding_box()
    least_width, least_height = FIGURE_PX[slug]
    assert box and box["width"] > least_width and box["height"] > least_height
    page.emulate_media(media="print")
    printed = page.pdf(prefer_css_page_size=True, print_background=True)
    context.close()
    pages = reader(printed).pages
    fewest, most = PRINTED_PAGES[slug]
    assert fewest <= len(pages) <= most
    assert round(float(pages[0].mediabox.width) * 25.4 / 72) == 210
    text = all_text(printed)
    assert "\x00" not in text
    for words in PRINTED_WORDS[slug]:
        assert words in text, words


@pytest.mark.parametrize("slug", SLUGS)
def test_at_phone_width_panels_stack_and_nothing_scrolls_sideways(
    slug: str, browser, html_files
) -> None:
    """Issue 11, item 22: at 390 px a figure's boards stack, each still drawn large, and no
    line of the book (an `[Options "..."]` tag included) makes the page scroll sideways."""
    context, page, messages = open_page(browser, html_files[slug], viewport=(390, 844))
    assert messages == []
    stacked = stacked_figures_at_phone_width(page, slug)
    context.close()
    assert stacked >= STACKED[slug]
