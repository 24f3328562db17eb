"""The step-through viewer as a reader uses it, in Debian's Chromium (issue 11 item 15):
the move on the board is highlighted in the text, clicking a move does not scroll
the page, the arrow keys work without focusing the board, removals and the last
move are marked, and on screen the boards fit the window instead of print size."""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.gamedoc.html import game_html
from tests.browser_support import open_page
from tests.game_helpers import load

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("viewer") / "sample.html"
    path.write_text(game_html(load(), title="sample"), encoding="utf-8")
    return path


def test_clicking_a_move_highlights_it_and_keeps_the_page_still(browser, page_file) -> None:
    context, page, messages = open_page(browser, page_file, viewport=(1000, 700))
    try:
        move = page.locator(".mg-move[data-ply='30']").first  # 16... W E3, far down
        move.scroll_into_view_if_needed()
        before = page.evaluate("window.scrollY")
        move.click()
        assert page.evaluate("window.scrollY") == before
        assert page.get_attribute(".mg-viewer", "data-ply") == "31"
        assert "mg-current" in (move.get_attribute("class") or "")
        assert page.locator(".mg-current").count() == 1
        assert not messages
    finally:
        context.close()


def test_arrow_keys_step_without_focusing_the_board(browser, page_file) -> None:
    context, page, _ = open_page(browser, page_file, viewport=(1000, 700))
    try:
        page.locator("body").click(position={"x": 5, "y": 5})
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        assert page.get_attribute(".mg-viewer", "data-ply") == "3"
        page.keyboard.press("ArrowLeft")
        assert page.get_attribute(".mg-viewer", "data-ply") == "2"
        current = page.locator(".mg-current")
        assert current.count() == 1 and current.get_attribute("data-ply") == "1"
    finally:
        context.close()


def test_removals_and_the_last_move_are_marked(browser, page_file) -> None:
    context, page, _ = open_page(browser, page_file, viewport=(1000, 700))
    try:
        page.locator(".mg-move[data-ply='33']").first.click()  # 17... T A6xA5/B6/A7
        uses = page.eval_on_selector_all(
            ".mg-layer use", "els => els.map(e => e.getAttribute('href'))"
        )
        assert sum(u.endswith("-v-cross") for u in uses) == 3
        assert sum(u.endswith("-v-last") for u in uses) == 1
    finally:
        context.close()


@pytest.mark.parametrize(
    ("width", "low", "high", "board_low", "board_high"),
    [(390, 300, 390, 250, 0.4 * 800), (1000, 450, 561, 300, 561)],
)
def test_boards_fit_the_screen(
    browser, page_file, width: int, low: int, high: int, board_low: float, board_high: float
) -> None:
    """The diagrams fill the column; the viewer's board, which stays on the screen
    while the moves scroll (issue 22), keeps to about a third of a phone's height."""
    context, page, _ = open_page(browser, page_file, viewport=(width, 800))
    try:
        widths = page.eval_on_selector_all(
            ".mg-diagram svg", "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert widths and all(low <= w <= high for w in widths), widths
        board = page.eval_on_selector(
            ".mg-viewer-board svg", "e => e.getBoundingClientRect().width"
        )
        assert board_low <= board <= board_high, board
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()
