"""Movement-game documents in real headless Chromium (Debian's, driven by Playwright).

One browser for the module. The step-through viewer goes through every ply of
a Cyngesheall game (7x7) and of the 1992 opening (19x19) and shows the
verifier's position each time; the diagrams' text alternatives describe the
tafl positions; no console errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print import parse, replay
from maerstanas_print.gamedoc.html import game_html
from tests.browser_support import open_page
from tests.test_game_tafl import CYNGESHEALL_SAMPLE, OPENING_1992

pytestmark = pytest.mark.browser



def _games(text: str) -> list:
    return [replay(g, keep_positions=True) for g in parse(text, "t.mrs").games]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, tuple[Path, list]]:
    folder = tmp_path_factory.mktemp("tafl-html")
    out = {}
    for name, text in (("cyngesheall", CYNGESHEALL_SAMPLE.read_text(encoding="utf-8")),
                       ("opening", OPENING_1992)):
        games = _games(text)
        path = folder / f"{name}.html"
        path.write_text(game_html(games, title=name, every=1 if name == "opening" else None),
                        encoding="utf-8")
        out[name] = (path, games)
    return out


def _open(browser, path: Path):
    return open_page(browser, path, fonts=False, viewport=(1000, 1200))


def _shown(page, viewer: str) -> str:
    """The viewer's board read back from the DOM, one board letter per square."""
    uses = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{viewer} .mg-layer use')).map(u => [u.getAttribute('href'),
        Number(u.getAttribute('x')), Number(u.getAttribute('y'))])""")
    data = page.evaluate(f"JSON.parse(document.querySelector('{viewer} .mg-data').textContent)")
    letters = {proto: code for code, proto in data["ids"].items()}
    n = data["size"]
    cells = ["."] * (n * n)
    for href, x, y in uses:
        kind = href.rsplit("-", 1)[1]
        if kind in ("last", "cross"):  # marks, not pieces
            continue
        col = int((x - data["ox"]) // data["cell"])
        row = int((y - data["oy"]) // data["cell"])
        assert cells[row * n + col] == ".", "two pieces on one square"
        cells[row * n + col] = letters[kind]
    return "".join(cells)


@pytest.mark.parametrize("name", ["cyngesheall", "opening"])
def test_viewer_steps_through_every_ply(browser, pages, name) -> None:
    path, games = pages[name]
    game = games[0]
    context, page, messages = _open(browser, path)
    try:
        viewer = "#g1-viewer"
        assert page.locator(viewer).is_visible()
        assert _shown(page, viewer) == "".join(game.main.start.board)
        page.locator(f"{viewer} .mg-viewer-board").focus()
        for step in game.main.steps:
            page.keyboard.press("ArrowRight")
            assert _shown(page, viewer) == "".join(step.after.board), step.ply
        status = page.locator(f"{viewer} .mg-status").text_content()
        plies = len(game.main.steps)
        expected = {"cyngesheall": "After 7... C5-F5xKF4! (14 of 14). Dark 7, Light 9 pieces.",
                    "opening": "After 2... N3-N10xO10 (4 of 4). Dark 23, Light 47 pieces."}
        assert status == expected[name]
        page.keyboard.press("Home")
        assert page.locator(viewer).get_attribute("data-ply") == "0"
        page.keyboard.press("End")
        assert page.locator(viewer).get_attribute("data-ply") == str(plies)
        # A move in the text jumps the board to the position after it.
        page.locator("#g1 .mg-move[data-ply='1']").click()
        assert _shown(page, viewer) == "".join(game.main.steps[1].after.board)
        assert messages == []
    finally:
        context.close()


def test_diagrams_describe_the_tafl_positions(browser, pages) -> None:
    context, page, messages = _open(browser, pages["cyngesheall"][0])
    try:
        titles = page.locator("figure.mg-diagram svg > title").all_text_contents()
        assert titles == ["Diagram 1: Light takes the runner", "Diagram 2: Final position"]
        desc = page.locator("figure.mg-diagram svg > g > desc").all_text_contents()
        assert desc[0].startswith("Cyngesheall, after 1. CF6-E5 to 5... B3-F3xF2. "
                                  "Dark: king F7; stones G4, A5, G5, E6, G6, D7, E7.")
        assert "Last move: Light from B3 to F3. Emptied by captures: F2, C3." in desc[0]
        assert desc[1].endswith("Game over. Light wins: king captured.")
        text = page.locator("main").inner_text()
        assert "7... C5-F5 took the king on F4 (Dark 7)." in text
        assert "Pieces on the board move by move" in text
        assert page.locator("#g1-chart svg > title").text_content() == (
            "Pieces on the board after every move")
        assert messages == []
    finally:
        context.close()
    context, page, messages = _open(browser, pages["opening"][0])
    try:
        assert page.locator("#g1-final svg").count() == 1  # the whole final board
        desc = page.locator("figure.mg-diagram svg > g > desc").first.text_content()
        assert "Part of the board: columns K to S, rows 4 to 12." in desc
        assert messages == []
    finally:
        context.close()
