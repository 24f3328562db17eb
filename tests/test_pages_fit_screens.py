"""Every HTML page `build` writes fits any screen and passes axe-core (issue 22).

In Debian's Chromium, each page at 320, 390 and 1280 px wide: nothing scrolls
sideways, no element's box reaches past either edge of the screen (unless a frame
that scrolls sideways on purpose holds it), no figure text reaches past its
drawing's box, and from 390 px up no chart's text reaches past its frame (a 390 px
phone once showed "Dark ahe"); at 390 px no figure text is drawn under 8 px.
The single-sheet pages are exempt from the last rule only: they are a
sheet of paper scaled down to the screen (as the issue asks), true to size in print.
At 390 px axe-core (node_modules/axe-core, installed by .ci/install-deps) finds
no violation of WCAG 2 A or AA.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.commands.build import jobs
from tests.browser_support import open_page
from tests.screen_fit import FITTING_FRAMES, PHONE, WIDTHS, fit_report

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PAGES = [name for name, _ in jobs() if name.endswith(".html")]
SHEET_PAGES = ("board-", "boards-", "scoresheet-", "setup-", "stones-")
# Each violation as "rule: how many elements, the first two"; only violations are
# gathered (passes are not), which makes a run on a long rulebook several times faster.
AXE_JS = """
(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
  .then(r => r.violations.map(v => v.id + ': ' + v.nodes.length + ' '
    + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(' | ')))
"""


def test_every_html_page_of_build_is_here() -> None:
    assert len(PAGES) >= 14
    assert any(name.startswith("rulebook") for name in PAGES)
    assert any(name.startswith(SHEET_PAGES) for name in PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_page_fits_every_screen_and_passes_axe(name, products, browser) -> None:
    """One load of the page: the three widths, then axe-core at phone width."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing ({AXE}); run .ci/install-deps, which installs it")
    path = products.folder / name
    context, page, messages = open_page(browser, path, viewport=(WIDTHS[0], 800))
    try:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 800})
            report = fit_report(page, fitting="" if width < PHONE else FITTING_FRAMES)
            assert report["sideways"] <= 0, (name, width, report["sideways"])
            assert report["cut_off"] == [], (name, width, report["cut_off"][:5])
            assert report["clipped_text"] == [], (name, width, report["clipped_text"][:5])
            if width == PHONE and not name.startswith(SHEET_PAGES):
                assert report["small_text"] == [], (name, report["small_text"][:5])
        assert messages == []
        page.set_viewport_size({"width": PHONE, "height": 800})
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(AXE_JS, AXE_TAGS)
        assert violations == [], (name, violations)
    finally:
        context.close()
