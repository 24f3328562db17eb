"""Every game's annotated HTML in real headless Chromium (Debian's, driven by Playwright).

One browser for the module. Checks: no console errors; the viewer steps
through every ply of the main line of a game of every registered game (a
Mǽrstánas game, a Cyngesheall game on 7x7, the 1992 opening on 19x19) and shows
the verifier's position each time; record text stays text (an injected
`<script>` never runs); with scripts off the page still shows every diagram;
the page prints to PDF; the diagrams' text alternatives describe the tafl
positions.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print import parse, replay
from maerstanas_print.gamedoc import game_css, game_html_fragment
from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.games import MAERSTANAS, all_games
from maerstanas_print.plugins.maerstanas.document import MaerstanasReader
from tests.browser_support import open_page
from tests.game_helpers import HAND, load
from tests.pdf_tools import all_text, reader
from tests.test_game_tafl import CYNGESHEALL_SAMPLE, OPENING_1992

# The Mǽrstánas viewer's stones (its data names no pieces; the tafl viewers' do).
CODES = {"ds": "X", "ls": "O", "dt": "T", "lt": "t", "dw": "W", "lw": "w"}


def _tafl_games(text: str) -> list:
    return [replay(g, keep_positions=True) for g in parse(text, "t.mrs").games]


# page -> (the game's slug, its games), one page of every registered game at least
GAMES = {
    "sample": ("maerstanas", load),
    "hand": ("maerstanas", lambda: load(HAND) + load()),
    "cyngesheall": (
        "cyngesheall",
        lambda: _tafl_games(CYNGESHEALL_SAMPLE.read_text(encoding="utf-8")),
    ),
    "opening": ("hnefatafl1992", lambda: _tafl_games(OPENING_1992)),
}
# What the viewer says after the last ply, checked by hand; and a ply to jump to.
LAST_STATUS = {  # the move, the ply, then the engine's replay checkpoint (issue 22)
    "sample": "After 18... C7, ply 36 of 36. On the board: Dark 15, Light 15 stones. "
    "In hand: Dark none, Light none. Score: Dark 14, Light 16. Game over.",
    "cyngesheall": "After 7... C5-F5xKF4!, ply 14 of 14. On the board: Dark 7, Light 9 "
    "pieces. Kings: Dark taken, Light A1. Commanders: Dark taken, Light taken. Game over. "
    "Light wins (king captured).",
    "opening": "After 2... N3-N10xO10, ply 4 of 4. On the board: Dark 23, Light 47 pieces. "
    "Dark’s king: J10. Dark to move.",
}
JUMP_TO = {"sample": 32, "cyngesheall": 1, "opening": 1}


def board_letters(position) -> str:
    """The viewer's letters for a position: a tafl board's own, or as the Mǽrstánas
    document reader writes them."""
    if hasattr(position, "board"):
        return "".join(position.board)
    return MaerstanasReader(MAERSTANAS).board_code(position)


def test_every_game_steps_through_the_viewer_here() -> None:
    assert {GAMES[name][0] for name in LAST_STATUS} == {game.slug for game in all_games()}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, tuple[Path, list]]:
    folder = tmp_path_factory.mktemp("game-html")
    out = {}
    for name, (_, make) in GAMES.items():
        games = make()
        path = folder / f"{name}.html"
        path.write_text(
            game_html(games, title=name, every=1 if name == "opening" else None), encoding="utf-8"
        )
        out[name] = (path, games)
    return out


def _open(browser, path: Path, scripts: bool = True, fonts: bool = True):
    return open_page(browser, path, scripts=scripts, fonts=fonts, viewport=(1000, 1200))


def _shown(page, viewer: str) -> str:
    """The viewer's board read back from the DOM, one letter per square."""
    uses = page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{viewer} .mg-layer use')).map(u => [u.getAttribute('href'),
        Number(u.getAttribute('x')), Number(u.getAttribute('y'))])""")
    data = page.evaluate(f"JSON.parse(document.querySelector('{viewer} .mg-data').textContent)")
    letters = {proto: code for code, proto in data["ids"].items()} if "ids" in data else CODES
    n = data.get("size", 7)
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


@pytest.mark.parametrize("name", list(LAST_STATUS))
def test_viewer_steps_through_every_ply(browser, pages, name) -> None:
    path, games = pages[name]
    game = games[0]
    plies = len(game.main.steps)
    context, page, messages = _open(browser, path, fonts=name == "sample")
    try:
        viewer = "#g1-viewer"
        assert page.locator(viewer).is_visible()
        start = board_letters(game.main.start)
        assert _shown(page, viewer) == start
        if name == "sample":
            assert start == "." * 49
        page.locator(f"{viewer} .mg-viewer-board").focus()
        for step in game.main.steps:
            page.keyboard.press("ArrowRight")
            assert _shown(page, viewer) == board_letters(step.after), step.ply
        status = page.locator(f"{viewer} .mg-status").text_content()
        assert status == LAST_STATUS[name]
        page.locator(f"{viewer} [data-go=start]").click()
        assert _shown(page, viewer) == start
        page.locator(f"{viewer} [data-go=next]").click()
        assert page.locator(viewer).get_attribute("data-ply") == "1"
        page.keyboard.press("Home")
        assert page.locator(viewer).get_attribute("data-ply") == "0"
        page.keyboard.press("End")
        assert page.locator(viewer).get_attribute("data-ply") == str(plies)
        # A move in the text jumps the board to the position after it.
        page.locator(f"#g1 .mg-move[data-ply='{JUMP_TO[name]}']").click()
        assert _shown(page, viewer) == board_letters(game.main.steps[JUMP_TO[name]].after)
        assert messages == []
    finally:
        context.close()


def test_record_text_is_escaped_and_scripts_never_run(browser, pages) -> None:
    context, page, messages = _open(browser, pages["hand"][0])
    try:
        assert page.evaluate("window.__pwned === undefined && window.__tagged === undefined")
        assert (
            "<script>window.__pwned = 1</script> stays text"
            in page.locator("#g1 .mg-text").inner_text()
        )
        assert page.locator("#g1-title").inner_text() == (
            "Ann <script>window.__tagged = 1</script> – Bo"
        )
        assert page.locator("script").count() == 1 + 2  # the viewer and two data blocks
        assert page.locator("#g1 figure.mg-diagram").count() == 3
        assert page.locator("#g2 figure.mg-diagram").count() == 4
        ids = page.evaluate("Array.from(document.querySelectorAll('[id]')).map(e => e.id)")
        assert len(ids) == len(set(ids))
        assert messages == []
    finally:
        context.close()


def test_without_scripts_the_page_reads_in_full(browser, pages) -> None:
    context, page, messages = _open(browser, pages["sample"][0], scripts=False)
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
    context, page, _ = _open(browser, pages["sample"][0])
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
    body = "".join(
        str(game_html_fragment(g, id_prefix=p)) for g, p in ((games[0], "a"), (load(HAND)[0], "b"))
    )
    html = (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>'
        f"<style>{game_css()}</style></head><body>{body}</body></html>"
    )
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


def test_diagrams_describe_the_tafl_positions(browser, pages) -> None:
    context, page, messages = _open(browser, pages["cyngesheall"][0], fonts=False)
    try:
        titles = page.locator("figure.mg-diagram svg > title").all_text_contents()
        assert titles == ["Diagram 1: Light takes the runner", "Diagram 2: Final position"]
        desc = page.locator("figure.mg-diagram svg > g > desc").all_text_contents()
        assert desc[0].startswith(
            "Cyngesheall, after 1. CF6-E5 to 5... B3-F3xF2. "
            "Dark: king F7; stones G4, A5, G5, E6, G6, D7, E7."
        )
        assert "Last move: Light from B3 to F3. Emptied by captures: F2, C3." in desc[0]
        assert desc[1].endswith("Game over. Light wins (king captured).")
        text = page.locator("main").inner_text()
        assert "7... C5-F5 took the king on F4 (Dark 7)." in text
        assert "Pieces on the board move by move" in text
        assert page.locator("#g1-chart svg > title").text_content() == (
            "Pieces on the board after every move"
        )
        assert messages == []
    finally:
        context.close()
    context, page, messages = _open(browser, pages["opening"][0], fonts=False)
    try:
        assert page.locator("#g1-final svg").count() == 1  # the whole final board
        desc = page.locator("figure.mg-diagram svg > g > desc").first.text_content()
        assert "Part of the board: columns K to S, rows 4 to 12." in desc
        assert messages == []
    finally:
        context.close()
