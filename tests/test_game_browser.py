"""Annotated game HTML in real headless Chromium (Debian's, driven by Playwright).

One browser for the module. Checks: no console errors; record text stays text
(an injected `<script>` never runs); the viewer steps through every ply of the
main line and shows the engine's position each time; with scripts off the page
still shows every diagram; the page prints to PDF.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print.gamedoc import game_css, game_html_fragment
from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.games import MAERSTANAS
from maerstanas_print.plugins.maerstanas.document import MaerstanasReader
from tests.browser_support import open_page
from tests.game_helpers import HAND, load
from tests.pdf_tools import all_text, reader

pytestmark = pytest.mark.browser


def board_code(position) -> str:
    """The viewer's letters for a position, as the game's document reader writes them."""
    return MaerstanasReader(MAERSTANAS).board_code(position)

CODES = {"ds": "X", "ls": "O", "dt": "T", "lt": "t", "dw": "W", "lw": "w"}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("game-html")
    out = {}
    for name, games in (("sample", load()), ("hand", load(HAND) + load())):
        path = folder / f"{name}.html"
        path.write_text(game_html(games, title=name), encoding="utf-8")
        out[name] = path
    return out


def _open(browser, path: Path, scripts: bool = True):
    return open_page(browser, path, scripts=scripts, viewport=(1000, 1200))


def _shown(page, viewer: str) -> str:
    """The viewer's board read back from the DOM as 49 letters."""
    uses = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{viewer} .mg-layer use')).map(u => [u.getAttribute('href'),
        Number(u.getAttribute('x')), Number(u.getAttribute('y'))])""")
    data = page.evaluate(f"JSON.parse(document.querySelector('{viewer} .mg-data').textContent)")
    cells = ["."] * 49
    for href, x, y in uses:
        kind = href.rsplit("-", 1)[1]
        if kind in ("last", "cross"):  # marks, not stones
            continue
        col = int((x - data["ox"]) // data["cell"])
        row = int((y - data["oy"]) // data["cell"])
        cells[row * 7 + col] = CODES[kind]
    return "".join(cells)


def test_viewer_steps_through_every_ply(browser, pages) -> None:
    game = load()[0]
    context, page, messages = _open(browser, pages["sample"])
    try:
        viewer = "#g1-viewer"
        assert page.locator(viewer).is_visible()
        assert _shown(page, viewer) == "." * 49
        page.locator(f"{viewer} .mg-viewer-board").focus()
        for step in game.main.steps:
            page.keyboard.press("ArrowRight")
            assert _shown(page, viewer) == board_code(step.after), step.ply
        status = page.locator(f"{viewer} .mg-status").text_content()
        assert status == "After 18... C7 (36 of 36). Dark 14, Light 16."
        page.locator(f"{viewer} [data-go=start]").click()
        assert _shown(page, viewer) == "." * 49
        page.locator(f"{viewer} [data-go=next]").click()
        assert page.locator(viewer).get_attribute("data-ply") == "1"
        page.keyboard.press("End")
        assert page.locator(viewer).get_attribute("data-ply") == "36"
        # A move in the text jumps the board to the position after it.
        page.locator("#g1 .mg-move[data-ply='32']").click()
        assert _shown(page, viewer) == board_code(game.main.steps[32].after)
        assert messages == []
    finally:
        context.close()


def test_record_text_is_escaped_and_scripts_never_run(browser, pages) -> None:
    context, page, messages = _open(browser, pages["hand"])
    try:
        assert page.evaluate("window.__pwned === undefined && window.__tagged === undefined")
        assert "<script>window.__pwned = 1</script> stays text" in page.locator(
            "#g1 .mg-text").inner_text()
        assert page.locator("#g1-title").inner_text() == (
            "Ann <script>window.__tagged = 1</script> – Bo")
        assert page.locator("script").count() == 1 + 2  # the viewer and two data blocks
        assert page.locator("#g1 figure.mg-diagram").count() == 3
        assert page.locator("#g2 figure.mg-diagram").count() == 4
        ids = page.evaluate("Array.from(document.querySelectorAll('[id]')).map(e => e.id)")
        assert len(ids) == len(set(ids))
        assert messages == []
    finally:
        context.close()


def test_without_scripts_the_page_reads_in_full(browser, pages) -> None:
    context, page, messages = _open(browser, pages["sample"], scripts=False)
    try:
        assert page.locator("#g1-viewer").is_hidden()
        assert page.locator("figure.mg-diagram").count() == 4
        assert page.locator("figure.mg-diagram svg title").first.text_content() == "Diagram 1"
        assert page.locator("figure.mg-diagram svg desc").count() >= 4
        text = page.locator("main").inner_text()
        assert "Diagram 3: A forced pass" in text and "16... T D3xD2/C3/E3" in text
    finally:
        context.close()


def test_page_prints_to_pdf(browser, pages) -> None:
    context, page, _ = _open(browser, pages["sample"])
    try:
        page.emulate_media(media="print")
        assert page.locator("#g1-viewer").is_hidden()
        printed = page.pdf(prefer_css_page_size=True, print_background=True)
        r = reader(printed)
        assert 2 <= len(r.pages) <= 6
        assert abs(float(r.pages[0].mediabox.width) - 595.3) < 1.5
        text = re.sub(r"\s+", " ", all_text(printed))
        assert "A forced pass" in text and "Light wins, Dark: 14, Light: 16" in text
    finally:
        context.close()


def test_fragments_embed_side_by_side(browser, tmp_path) -> None:
    games = load()
    body = "".join(str(game_html_fragment(g, id_prefix=p))
                   for g, p in ((games[0], "a"), (load(HAND)[0], "b")))
    html = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>'
            f"<style>{game_css()}</style></head><body>{body}</body></html>")
    path = tmp_path / "fragments.html"
    path.write_text(html, encoding="utf-8")
    context, page, messages = _open(browser, path)
    try:
        ids = page.evaluate("Array.from(document.querySelectorAll('[id]')).map(e => e.id)")
        assert len(ids) == len(set(ids)) and "a" in ids and "b" in ids
        assert page.locator("section.mg-game").count() == 2
        assert page.locator("#a-viewer").is_hidden()  # no script on this page
        assert messages == []
    finally:
        context.close()
