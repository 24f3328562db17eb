"""The sibling games' HTML sheets in headless Chromium (Debian's, driven by Playwright).

Each sheet loads without console errors with Cardo available, prints to PDF
at its paper size as one page looking like the ReportLab PDF; two of them
also match a reviewed screenshot.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992
from maerstanas_print.plugins.tafl.setup_sheet import SetupSheetOptions, setup_sheet
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet
from tests.browser_support import open_page
from tests.pdf_tools import compare_with_reference, diff_ratio, rasterise, reader
from tests.sheet_checks import PAGE_PT

pytestmark = pytest.mark.browser

SHEETS = {
    "board-cyngesheall-a4-1up": lambda: board_sheet(BoardSheetOptions(game=CYNGESHEALL)),
    "board-hnefatafl1992-letter-1up": lambda: board_sheet(
        BoardSheetOptions(game=HNEFATAFL_1992, paper="letter")),
    "setup-cyngesheall-letter-ink-saver": lambda: setup_sheet(
        SetupSheetOptions(game=CYNGESHEALL, paper="letter", theme="ink-saver")),
    "setup-hnefatafl1992-a4": lambda: setup_sheet(SetupSheetOptions(game=HNEFATAFL_1992)),
    "stones-cyngesheall-a4": lambda: stones_sheet(StonesSheetOptions(game=CYNGESHEALL)),
}
SCREENSHOTS = {"setup-hnefatafl1992-a4", "stones-cyngesheall-a4"}


@pytest.fixture(scope="module", params=sorted(SHEETS))
def loaded(request, browser, tmp_path_factory):  # noqa: F811
    """(name, sheet, page, messages) with the sheet's HTML open in a fresh page."""
    name = request.param
    sheet = SHEETS[name]()
    assert sheet.file_stem == name
    path = tmp_path_factory.mktemp("html") / f"{name}.html"
    path.write_text(sheet_html(sheet), encoding="utf-8")
    context, page, messages = open_page(browser, path, scale=0.6)
    yield name, sheet, page, messages
    context.close()


def test_loads_cleanly_with_cardo(loaded) -> None:
    name, sheet, page, messages = loaded
    assert messages == []
    assert page.evaluate("document.fonts.check('12px Cardo', 'Cyngesheall')")
    assert page.title() == sheet.title
    assert page.locator("section.sheet svg").count() == 1


def test_prints_at_paper_size_like_the_pdf(loaded) -> None:
    name, sheet, page, _ = loaded
    printed = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = reader(printed).pages
    assert len(pages) == 1
    w, h = PAGE_PT[sheet.paper.key]
    box = pages[0].mediabox
    assert abs(float(box.width) - w) < 1.0 and abs(float(box.height) - h) < 1.0
    ours = rasterise(sheet_pdf(sheet), 50)
    theirs = rasterise(printed, 50).resize(ours.size)
    ratio = diff_ratio(ours, theirs)
    assert ratio < 0.02, f"Chromium's print differs from the PDF in {ratio:.2%} of pixels"


def test_screenshot_matches_reference(loaded) -> None:
    name, sheet, page, _ = loaded
    if name not in SCREENSHOTS:
        return  # the PDF comparison above covers its looks
    shot = page.locator("section.sheet").first.screenshot()
    image = Image.open(io.BytesIO(shot)).convert("L")
    compare_with_reference(image, f"browser-{name}", tolerance=0.004)
