"""The hostile record's `game` HTML in real Chromium (Debian's, via Playwright):
no injected script, event handler, `javascript:` link or SVG trick runs, no
injected style applies, and the page shows the record's text as typed.

The record is the one of tests/test_injection.py: every vector sets
`window.pwned` if it ever runs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_injection import HOSTILE, LITERALS

from maerstanas_print.cli import main
from tests.browser_support import open_watched

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile-browser")
    record = folder / "hostile.mrs"
    record.write_text(HOSTILE, encoding="utf-8")
    target = folder / "hostile.html"
    assert main(["game", str(record), "--format", "html", "-o", str(target)]) == 0
    return target


def test_no_injected_script_runs_and_the_text_shows_as_typed(page_file: Path, browser) -> None:
    # Broken images' and SVGs' onerror/onload handlers have had their chance to fire.
    watched = open_watched(browser, page_file, settle_ms=300)
    page = watched.page
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert watched.errors == [] and watched.dialogs == []
    # nothing fetched but the page itself and data: URIs (fonts)
    assert watched.foreign_requests() == []
    # `javascript:` never becomes a link; only our own scripts exist
    assert (
        page.evaluate(
            "[...document.querySelectorAll('a[href]')]"
            ".filter(a => a.href.toLowerCase().startsWith('javascript:')).length"
        )
        == 0
    )
    assert page.evaluate("document.querySelectorAll('img, iframe').length") == 0
    assert (
        page.evaluate(
            "[...document.querySelectorAll('*')].filter(e => [...e.attributes]"
            ".some(a => a.name.startsWith('on'))).length"
        )
        == 0
    )
    # the injected `body{display:none}` and `*{color:red}` never apply
    assert page.locator("body").is_visible()
    assert page.evaluate("getComputedStyle(document.body).color") != "rgb(255, 0, 0)"
    text = re.sub(r"\s+", " ", page.evaluate("document.body.innerText"))
    for literal in LITERALS:
        assert literal in text, literal
    # the diagram caption is also an SVG <title>: text, with `]]>` intact
    titles = page.evaluate("[...document.querySelectorAll('svg title')].map(t => t.textContent)")
    assert any(LITERALS[7] in title for title in titles)
    # the step-through viewer still works on the hostile page
    page.keyboard.press("End")
    assert page.evaluate("typeof window.pwned") == "undefined"
    page.context.close()
