"""Viewer v2 in Debian's Chromium (issue 22): a link to a position opens exactly the
engine's position, the keyboard steps the main line and the variations and the
address follows, a chart click goes to its ply, and the page passes axe-core.

Every position is checked square by square through the board's data attributes
(`data-square`, `data-stone`, `data-kind` on each stone the viewer draws) against
a fresh replay of the record by the engine, never against the page's own data."""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.gamedoc import figures  # noqa
from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.sides import SIDE_NAMES
from tests.browser_support import new_context, open_page
from tests.game_helpers import load

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).parent.parent / "maerstanas_print" / "samples"
AXE = Path(__file__).parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# (record, a main-line ply to open, the main-line ply whose move has a variation)
GAMES = [("sample-game", 17, 32), ("cyngesheall-game", 9, 13)]
STONES_JS = """v => [...v.querySelectorAll('.mg-layer use[data-stone]')].map(u =>
  [u.dataset.square, u.dataset.stone, u.dataset.kind])"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("viewer-links")
    out = {}
    for name in ("sample-game", "cyngesheall-game", "annotated-game"):
        path = folder / f"{name}.html"
        path.write_text(game_html(load(SAMPLES / f"{name}.mrs"), title=name), encoding="utf-8")
        out[name] = path
    return out


def engine_stones(position, game) -> set[tuple[str, str, str]]:
    """The engine's own account of a position: (square, side, kind) per stone."""
    core = game.game
    return {
        (core.board.name(square), SIDE_NAMES[stone.side].lower(), stone.kind)
        for square, stone in core.stones(position).items()
    }


def shown(page) -> set[tuple[str, str, str]]:
    return {tuple(s) for s in page.eval_on_selector(".mg-viewer", STONES_JS)}


def goto(page, path: Path, fragment: str) -> None:
    page.goto(path.as_uri() + fragment)
    page.wait_for_selector(".mg-viewer:not([hidden])")


@pytest.mark.parametrize(("name", "ply", "_branch"), GAMES)
def test_a_link_opens_the_engines_position(browser, pages, name, ply, _branch) -> None:
    game = load(SAMPLES / f"{name}.mrs")[0]
    context, page, messages = open_page(browser, pages[name], viewport=(390, 844))
    try:
        goto(page, pages[name], f"#ply={ply}")
        assert page.get_attribute(".mg-viewer", "data-ply") == str(ply)
        expected = engine_stones(game.main.steps[ply - 1].after, game)
        assert shown(page) == expected and expected
        # The text alternative names every stone's square under its side.
        words = page.text_content(".mg-squares") or ""
        for square, side, _kind in expected:
            part = words.split(f"{side.capitalize()}:")[1].split(".")[0]
            assert square in part, (square, side, words)
        assert not messages
    finally:
        context.close()


@pytest.mark.parametrize(("name", "ply", "_branch"), GAMES)
def test_the_keyboard_steps_and_the_address_follows(browser, pages, name, ply, _branch) -> None:
    game = load(SAMPLES / f"{name}.mrs")[0]
    last = len(game.main.steps)
    context, page, _ = open_page(browser, pages[name], viewport=(1280, 900))
    try:
        goto(page, pages[name], f"#ply={ply}")
        page.focus(".mg-viewer-board")
        page.keyboard.press("ArrowRight")
        assert page.get_attribute(".mg-viewer", "data-ply") == str(ply + 1)
        assert page.evaluate("location.hash") == f"#ply={ply + 1}"
        for _ in range(3):
            page.keyboard.press("ArrowLeft")
        assert page.evaluate("location.hash") == f"#ply={ply - 2}"
        assert shown(page) == engine_stones(game.main.steps[ply - 3].after, game)
        page.keyboard.press("End")
        assert page.get_attribute(".mg-viewer", "data-ply") == str(last)
        assert page.evaluate("location.hash") == f"#ply={last}"
        assert shown(page) == engine_stones(game.final, game)
        page.keyboard.press("Home")
        assert page.get_attribute(".mg-viewer", "data-ply") == "0"
        assert shown(page) == engine_stones(game.main.start, game)
        # A move in the text is a link: focused and activated with the keyboard, it
        # shows its position.
        link = page.locator(f"a.mg-move[data-node='{ply}']")
        assert link.get_attribute("href") == f"#ply={ply}"
        link.focus()
        page.keyboard.press("Enter")
        assert page.get_attribute(".mg-viewer", "data-ply") == str(ply)
    finally:
        context.close()


@pytest.mark.parametrize(("name", "_ply", "branch"), GAMES)
def test_a_variation_is_entered_stepped_and_left(browser, pages, name, _ply, branch) -> None:
    game = load(SAMPLES / f"{name}.mrs")[0]
    variation = game.main.steps[branch - 1].variations[0]
    context, page, _ = open_page(browser, pages[name], viewport=(1280, 900))
    try:
        goto(page, pages[name], f"#ply={branch}")
        page.focus(".mg-viewer-board")
        page.keyboard.press("ArrowDown")
        assert page.get_attribute(".mg-viewer", "data-node") == f"{branch}.1.1"
        assert page.evaluate("location.hash") == f"#ply={branch}.1.1"
        assert shown(page) == engine_stones(variation.steps[0].after, game)
        page.keyboard.press("End")
        end = len(variation.steps)
        assert page.get_attribute(".mg-viewer", "data-node") == f"{branch}.1.{end}"
        assert page.get_attribute(".mg-viewer", "data-ply") == str(branch - 1 + end)
        assert shown(page) == engine_stones(variation.steps[-1].after, game)
        page.keyboard.press("ArrowUp")
        assert page.get_attribute(".mg-viewer", "data-node") == str(branch)
        assert shown(page) == engine_stones(game.main.steps[branch - 1].after, game)
        # The documented address of a variation opens it directly.
        goto(page, pages[name], f"#ply={branch}.1.{end}")
        assert shown(page) == engine_stones(variation.steps[-1].after, game)
        assert "mg-current" in (
            page.locator(f".mg-move[data-node='{branch}.1.{end}']").get_attribute("class") or ""
        )
    finally:
        context.close()


@pytest.mark.parametrize("chart", ["#g1-chart", "#g1-values"])
def test_clicking_a_chart_goes_to_that_ply(browser, pages, chart) -> None:
    game = load(SAMPLES / "annotated-game.mrs")[0]
    n = len(game.main.steps)
    x0, width = figures.chart_plot(120.0)
    context, page, _ = open_page(browser, pages["annotated-game"], viewport=(1280, 900))
    try:
        svg = page.locator(f"{chart} svg")
        svg.scroll_into_view_if_needed()
        box = svg.bounding_box()
        assert box is not None
        for ply in (20, 7):
            x = (x0 + width * ply / n) / 120.0 * box["width"]
            svg.click(position={"x": x, "y": box["height"] / 2})
            assert page.get_attribute(".mg-viewer", "data-ply") == str(ply)
            assert shown(page) == engine_stones(game.main.steps[ply - 1].after, game)
    finally:
        context.close()


def test_the_board_stays_in_view_while_the_moves_scroll(browser, pages) -> None:
    for width in (390, 1280):
        context, page, _ = open_page(browser, pages["sample-game"], viewport=(width, 844))
        try:
            move = page.locator("a.mg-move[data-node='31']")
            move.scroll_into_view_if_needed()
            move.click()
            board = page.locator(".mg-viewer-board svg").bounding_box()
            text = move.bounding_box()
            assert board is not None and text is not None
            assert board["y"] >= -1 and board["y"] + board["height"] <= 844 + 1, board
            assert page.get_attribute(".mg-viewer", "data-ply") == "31"
            if width >= 1000:  # side by side: the board left of the moves
                assert board["x"] + board["width"] <= text["x"]
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        finally:
            context.close()


def test_stepping_keeps_the_current_move_in_view(browser, pages) -> None:
    """Stepping with the buttons or the keys brings the move shown into the reader's
    view, clear of the board that sticks over the text on a phone (as a move list
    follows the board): before, after 30 steps it was a screen or more below."""
    for width, height in ((390, 844), (1280, 900)):
        context, page, _ = open_page(browser, pages["sample-game"], viewport=(width, height))
        try:
            page.click("[data-go=next]")
            for _ in range(29):
                page.keyboard.press("ArrowRight")
            assert page.get_attribute(".mg-viewer", "data-ply") == "30"
            move = page.locator("a.mg-current").bounding_box()
            viewer = page.locator(".mg-viewer").bounding_box()
            assert move is not None and viewer is not None
            assert move["y"] >= 0 and move["y"] + move["height"] <= height, (width, move)
            if width < 1000:  # the board stands above the text: the move is below it
                assert move["y"] >= viewer["y"] + viewer["height"], (move, viewer)
            for _ in range(25):
                page.click("[data-go=prev]")
            move = page.locator("a.mg-current").bounding_box()
            viewer = page.locator(".mg-viewer").bounding_box()
            assert move is not None and viewer is not None
            assert move["y"] >= 0 and move["y"] + move["height"] <= height, (width, move)
            if width < 1000:
                assert move["y"] >= viewer["y"] + viewer["height"], (move, viewer)
        finally:
            context.close()


@pytest.mark.parametrize("name", ["cyngesheall-game", "sample-game"])
def test_no_sideways_scrolling_at_320_px(browser, pages, name) -> None:
    """At 320 px the Cyngesheall page scrolled 49 px sideways: a checkpoint's
    sentence about kings and commanders did not break."""
    context, page, _ = open_page(browser, pages[name], viewport=(320, 640))
    try:
        for fragment in ("", "#ply=9"):
            goto(page, pages[name], fragment)
            assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        context.close()


def test_touch_buttons_are_44_px(browser, pages) -> None:
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        goto(page, pages["sample-game"], "#ply=32")
        sizes = page.eval_on_selector_all(
            ".mg-viewer button:not([hidden])",
            "bs => bs.map(b => [b.offsetWidth, b.offsetHeight])",
        )
        assert len(sizes) >= 5 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
    finally:
        context.close()


def test_dark_on_screen_never_in_print(browser, pages) -> None:
    context = new_context(browser, color_scheme="dark", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        goto(page, pages["sample-game"], "")
        background = "getComputedStyle(document.body).backgroundColor"
        assert page.evaluate(background) == "rgb(23, 23, 26)"
        page.emulate_media(media="print")
        assert page.evaluate(background) == "rgb(255, 255, 255)"
        assert page.locator(".mg-viewer").is_hidden()
        assert page.locator(".mg-diagram svg").first.is_visible()
    finally:
        context.close()


def test_the_page_works_inside_an_iframe(browser, pages, tmp_path) -> None:
    host = tmp_path / "host.html"
    host.write_text(
        '<!DOCTYPE html><html lang="en"><title>Host</title><iframe src="'
        + pages["sample-game"].as_uri()
        + '#ply=17" width="800" height="600" title="A game"></iframe>',
        encoding="utf-8",
    )
    context, page, messages = open_page(browser, host, viewport=(900, 700))
    try:
        frame = page.frame_locator("iframe")
        viewer = frame.locator(".mg-viewer")
        viewer.locator(".mg-viewer-board").focus()
        page.keyboard.press("ArrowRight")
        assert viewer.get_attribute("data-ply") == "18"
        # "Copy link" copies the frame's address, or (where the clipboard is refused,
        # as in a frame without permission) shows it, selected, to copy by hand.
        viewer.locator(".mg-copy").click()
        link = viewer.locator(".mg-link")
        link.wait_for(state="visible")
        assert link.input_value().endswith("sample-game.html#ply=18")
        assert not messages
    finally:
        context.close()


@pytest.mark.parametrize(
    ("name", "scheme"),
    [
        ("sample-game", "light"),
        ("annotated-game", "light"),
        ("cyngesheall-game", "light"),
        ("annotated-game", "dark"),
    ],
)
def test_axe_finds_no_wcag_violation(browser, pages, name, scheme) -> None:
    if not AXE.exists():
        pytest.fail("axe-core is not installed (node_modules/axe-core); run .ci/install-deps")
    context = new_context(browser, color_scheme=scheme, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        goto(page, pages[name], "#ply=13")
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            """() => axe.run(document, {runOnly: {type: 'tag',
                 values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})
               .then(r => r.violations.map(v => [v.id, v.nodes.length,
                 v.nodes.slice(0, 3).map(n => n.target.join(' '))]))"""
        )
        assert result == []
    finally:
        context.close()
