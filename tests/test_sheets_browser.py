"""The HTML sheets in real headless Chromium (Debian's, driven by Playwright).

Checks: the page loads without console errors with Cardo available, prints to
PDF at the chosen paper size as one page, that printed page matches the
ReportLab PDF, and a screenshot matches the reviewed reference image.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from maerstanas_print.games import MAERSTANAS
from maerstanas_print.plugins.maerstanas.score_sheet import ScoreSheetOptions, score_sheet
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from tests.browser_support import open_page
from tests.pdf_tools import compare_with_reference, diff_ratio, rasterise, reader
from tests.sheet_checks import PAGE_PT

pytestmark = pytest.mark.browser

SHEETS = {
    "board-a4-1up": lambda: board_sheet(BoardSheetOptions(game=MAERSTANAS)),
    "boards-wraparound-a4-6up-ink-saver": lambda: board_sheet(
        BoardSheetOptions(game=MAERSTANAS, per_page=6, variant="wraparound", theme="ink-saver")),
    "scoresheet-letter": lambda: score_sheet(ScoreSheetOptions(paper="letter")),
}


@pytest.fixture(scope="module", params=sorted(SHEETS))
def loaded(request, browser, tmp_path_factory):
    """(name, sheet, page, messages) with the sheet's HTML open in a fresh page."""
    name = request.param
    sheet = SHEETS[name]()
    path = tmp_path_factory.mktemp("html") / f"{name}.html"
    path.write_text(sheet_html(sheet), encoding="utf-8")
    context, page, messages = open_page(browser, path, scale=0.6)
    yield name, sheet, page, messages
    context.close()


def test_loads_cleanly_with_cardo(loaded) -> None:
    name, sheet, page, messages = loaded
    assert messages == []
    assert page.evaluate("document.fonts.check('12px Cardo', 'Mǽrstánas')")
    assert page.title() == sheet.title
    assert page.locator("section.sheet svg").count() == len(sheet.pages)


def test_prints_at_paper_size_like_the_pdf(loaded) -> None:
    name, sheet, page, _ = loaded
    printed = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = reader(printed).pages
    assert len(pages) == len(sheet.pages)
    w, h = PAGE_PT[sheet.paper.key]
    box = pages[0].mediabox
    assert abs(float(box.width) - w) < 1.0 and abs(float(box.height) - h) < 1.0
    ours = rasterise(sheet_pdf(sheet), 50)
    theirs = rasterise(printed, 50).resize(ours.size)
    ratio = diff_ratio(ours, theirs)
    assert ratio < 0.02, f"Chromium's print differs from the PDF in {ratio:.2%} of pixels"


def test_screenshot_matches_reference(loaded) -> None:
    name, sheet, page, _ = loaded
    shot = page.locator("section.sheet").first.screenshot()
    image = Image.open(io.BytesIO(shot)).convert("L")
    compare_with_reference(image, f"browser-{name}", tolerance=0.004)
