"""Every game's HTML sheets in real headless Chromium (Debian's, driven by Playwright).

Checks, for sheets of every registered game: the page loads without console
errors with Cardo available, prints to PDF at the chosen paper size as one page,
that printed page matches the ReportLab PDF, and some screenshots look as
approved (tests/golden_images.py).
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS, all_games
from maerstanas_print.plugins.maerstanas.score_sheet import ScoreSheetOptions, score_sheet
from maerstanas_print.plugins.tafl.setup_sheet import SetupSheetOptions, setup_sheet
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
from maerstanas_print.sheets.common import Sheet
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet
from tests.browser_support import open_page
from tests.golden_images import assert_looks_approved, differing
from tests.pdf_tools import rasterise, reader
from tests.sheet_checks import PAGE_PT

# file stem -> (the game's slug, how to make the sheet)
SHEETS: dict[str, tuple[str, Callable[[], Sheet]]] = {
    "board-a4-1up": ("maerstanas", lambda: board_sheet(BoardSheetOptions(game=MAERSTANAS))),
    "boards-wraparound-a4-6up-ink-saver": (
        "maerstanas",
        lambda: board_sheet(
            BoardSheetOptions(game=MAERSTANAS, per_page=6, variant="wraparound", theme="ink-saver")
        ),
    ),
    "scoresheet-letter": (
        "maerstanas",
        lambda: score_sheet(ScoreSheetOptions(MAERSTANAS, paper="letter")),
    ),
    "board-cyngesheall-a4-1up": (
        "cyngesheall",
        lambda: board_sheet(BoardSheetOptions(game=CYNGESHEALL)),
    ),
    "board-hnefatafl1992-letter-1up": (
        "hnefatafl1992",
        lambda: board_sheet(BoardSheetOptions(game=HNEFATAFL_1992, paper="letter")),
    ),
    "setup-cyngesheall-letter-ink-saver": (
        "cyngesheall",
        lambda: setup_sheet(SetupSheetOptions(game=CYNGESHEALL, paper="letter", theme="ink-saver")),
    ),
    "setup-hnefatafl1992-a4": (
        "hnefatafl1992",
        lambda: setup_sheet(SetupSheetOptions(game=HNEFATAFL_1992)),
    ),
    "stones-cyngesheall-a4": (
        "cyngesheall",
        lambda: stones_sheet(StonesSheetOptions(game=CYNGESHEALL)),
    ),
}
# Whose screenshot is compared too; the others' looks are covered by the PDF comparison.
SCREENSHOTS = [
    "board-a4-1up",
    "boards-wraparound-a4-6up-ink-saver",
    "scoresheet-letter",
    "setup-hnefatafl1992-a4",
    "stones-cyngesheall-a4",
]


def test_every_game_has_sheets_here() -> None:
    assert {slug for slug, _ in SHEETS.values()} == {game.slug for game in all_games()}


@pytest.fixture(scope="module", params=sorted(SHEETS))
def loaded(request, browser, tmp_path_factory):
    """(name, sheet, page, messages) with the sheet's HTML open in a fresh page."""
    name = request.param
    sheet = SHEETS[name][1]()
    assert sheet.file_stem == name
    path = tmp_path_factory.mktemp("html") / f"{name}.html"
    path.write_text(sheet_html(sheet), encoding="utf-8")
    context, page, messages = open_page(browser, path, scale=0.6)
    yield name, sheet, page, messages
    context.close()


def test_loads_cleanly_with_cardo(loaded) -> None:
    name, sheet, page, messages = loaded
    assert messages == []
    for text in ("Mǽrstánas", "Cyngesheall"):
        assert page.evaluate(f"document.fonts.check('12px Cardo', '{text}')")
    assert page.title() == sheet.title
    assert len(sheet.pages) == 1
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
    ratio = differing(ours, theirs, blur=0)
    assert ratio < 0.02, f"Chromium's print differs from the PDF in {ratio:.2%} of pixels"


@pytest.mark.golden
@pytest.mark.parametrize("loaded", SCREENSHOTS, indirect=True)
def test_screenshot_looks_as_approved(loaded) -> None:
    name, sheet, page, _ = loaded
    shot = page.locator("section.sheet").first.screenshot()
    image = Image.open(io.BytesIO(shot)).convert("L")
    assert_looks_approved(image, f"browser-{name}", tolerance=0.004, blur=0)
