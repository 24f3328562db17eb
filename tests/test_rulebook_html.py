"""The rulebook HTML: same text and figures as the PDF, valid HTML5, clean in Chromium.

The Nu HTML checker (vnu.jar from npm's vnu-jar, run with Java) and Debian's
chromium are installed by .ci/install-deps; when they are missing these tests
fail with a message saying so rather than being skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print.games import MAERSTANAS
from maerstanas_print.rulebook.books import book_for
from maerstanas_print.rulebook.html import rulebook_html
from maerstanas_print.rulebook.layout import numbered
from maerstanas_print.rulebook.model import plain
from maerstanas_print.rulebook.prepare import prepare
from tests.browser_support import open_page, stacked_figures_at_phone_width
from tests.html_checker import html_errors
from tests.pdf_tools import all_text, reader

ROOT = Path(__file__).resolve().parent.parent
BOOK = book_for(MAERSTANAS)


@pytest.fixture(scope="module")
def html_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("rulebook") / "rulebook.html"
    path.write_text(rulebook_html(prepare(BOOK), "a4"), encoding="utf-8")
    return path


def test_same_text_and_figures_as_the_pdf(html_file) -> None:
    html = html_file.read_text(encoding="utf-8")
    numbers = BOOK.figure_numbers()
    for number, chapter in numbered(BOOK.chapters):
        assert f'<a href="#{chapter.anchor}"><span class="num">{number}</span>' in html
        assert f'id="{chapter.anchor}"' in html
    figures = re.findall(r'<figure class="diagram" id="fig-([a-z-]+)"><div class="panels"><svg',
                         html)
    assert figures == [figure.key for figure in BOOK.figures()]
    for figure in BOOK.figures():
        words = plain(figure.caption, numbers).split()[:6]
        assert " ".join(words).replace("'", "’") in html, figure.key
    # Every inline SVG has a title for screen readers.
    assert html.count("<svg ") == html.count('role="img" aria-labelledby=')
    # No scripts to run (the sample game may carry its moves as JSON data) and nothing
    # fetched from elsewhere.
    assert re.findall(r"<script(?![^>]*type=\"application/json\")", html) == []
    assert not re.search(r'(src|href)="https?://[^"]*\.(css|js|png|woff2?)"', html)


def test_html_is_valid_html5(html_file) -> None:
    assert html_errors(html_file) == ""


@pytest.mark.browser
def test_renders_and_prints_in_chromium(browser, html_file) -> None:
    context, page, messages = open_page(browser, html_file)
    assert messages == []
    assert page.evaluate("document.fonts.check('16px Cardo', 'Mǽrstánas Þunor-stán')")
    assert page.title() == "Mǽrstánas: Rules of play"
    links = page.locator("nav.contents a")
    assert links.count() >= len(BOOK.chapters)
    for href in page.eval_on_selector_all("nav.contents a", "els => els.map(e => e.hash)"):
        assert page.locator(href).count() == 1, href
    # The figures are drawn at a readable size, not collapsed: each panel as in print.
    box = page.locator("figure.diagram svg").first.bounding_box()
    assert box and box["width"] > 200 and box["height"] > 150
    page.emulate_media(media="print")
    printed = page.pdf(prefer_css_page_size=True, print_background=True)
    context.close()
    pages = reader(printed).pages
    assert 10 <= len(pages) <= 24
    assert round(float(pages[0].mediabox.width) * 25.4 / 72) == 210
    text = all_text(printed)
    assert "\x00" not in text
    for title in ("Placing stones and hinges", "Glossary", "Þunor-stán"):
        assert title in text


@pytest.mark.browser
def test_at_phone_width_panels_stack_and_nothing_scrolls_sideways(browser, html_file) -> None:
    """Issue 11, item 22: at 390 px the boards of a figure stack at their print size."""
    context, page, messages = open_page(browser, html_file, viewport=(390, 844))
    assert messages == []
    stacked = stacked_figures_at_phone_width(page, "maerstanas")
    context.close()
    assert stacked >= 5
