"""Debian's Chromium for the browser tests: where it is, how to start it, and
which tests may.

The browser tests never download a browser and are never skipped: without
/usr/bin/chromium they fail with a message saying how to install it.

Every test that reaches Chromium carries the `browser` marker, so that
`pytest -m "not browser"` never starts it. conftest.py adds the marker to every
test whose fixtures include `browser` (directly or through `products`), and
`launch_chromium` refuses to start Chromium for a test without it: a test that
found another way to a browser fails loudly instead of going unmarked.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.running_test import require_marker

CHROMIUM = "/usr/bin/chromium"
# Headless, no sandbox (CI runs as root), and nothing that reaches the network.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
MARKER = "browser"
HANG_MS = 300_000  # a wait in the browser fails only on a hang, never on a slow machine


def require_chromium() -> None:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail(
            "Debian's chromium is not installed (/usr/bin/chromium); run "
            ".ci/install-deps, which installs it. Browser tests are never skipped."
        )


def launch_chromium(playwright):
    """Headless Debian Chromium, for a test marked `browser` (or a script)."""
    require_marker(
        MARKER, "starts Chromium (reach it through the `browser` fixture, which marks the test)"
    )
    require_chromium()
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)


def new_context(browser, **options):
    """A fresh browser context whose waits fail only on a hang: Playwright's 30 s
    default was once too short for printing a long document on a loaded machine."""
    context = browser.new_context(**options)
    context.set_default_timeout(HANG_MS)
    return context


def open_page(
    browser,
    path: Path,
    *,
    scripts: bool = True,
    fonts: bool = True,
    viewport: tuple[int, int] = (900, 1200),
    scale: float = 1.0,
):
    """(context, page, messages): `path` open in a fresh context, with every console
    message, page error and failed request recorded in `messages`."""
    context = new_context(
        browser,
        java_script_enabled=scripts,
        device_scale_factor=scale,
        viewport={"width": viewport[0], "height": viewport[1]},
    )
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: messages.append(f"requestfailed: {r.url}"))
    page.goto(path.as_uri())
    if scripts and fonts:
        page.evaluate("document.fonts.ready.then(() => true)")
    return context, page, messages


def stacked_figures_at_phone_width(page, name: str) -> int:
    """Check a rulebook open at phone width: nothing scrolls sideways, and every board of
    every figure keeps its print size (mm at 96 px per inch) or fills the screen. Returns
    how many figures stacked their boards rather than shrinking them side by side."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    figures = page.locator("figure.diagram")
    stacked = 0
    for i in range(figures.count()):
        svgs = figures.nth(i).locator("svg").all()
        boxes = [b for b in (svg.bounding_box() for svg in svgs) if b]
        natural = [float(svg.get_attribute("width").removesuffix("mm")) * 96 / 25.4 for svg in svgs]
        for box, size in zip(boxes, natural, strict=True):
            assert box["width"] >= 0.97 * min(size, width - 90), (name, i, box, size)
        if len(boxes) >= 2 and boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"] - 1:
            stacked += 1
    return stacked


@dataclass
class WatchedPage:
    """A page opened with what it tried to do recorded: script errors, dialogs and
    every request (a hostile source's payload would show in one of them)."""

    page: Any
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def foreign_requests(self) -> list[str]:
        """Requests for anything but the page itself and `data:` URIs (its fonts)."""
        return [url for url in self.requests if not url.startswith(("file:", "data:"))]


def open_watched(browser, path: Path, settle_ms: int = 0) -> WatchedPage:
    """`path` opened at 1000 x 1200 px, once every image has loaded or failed and
    the tasks that queued have run (an injected onerror/onload fires by then), and
    `settle_ms` more."""
    context = new_context(browser, viewport={"width": 1000, "height": 1200})
    watched = WatchedPage(context.new_page())
    page = watched.page
    page.on("pageerror", lambda exc: watched.errors.append(str(exc)))
    page.on("dialog", lambda dialog: (watched.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("request", lambda request: watched.requests.append(request.url))
    page.goto(path.resolve().as_uri())
    page.wait_for_load_state("load")
    page.wait_for_function("Array.from(document.images).every(image => image.complete)")
    page.evaluate("new Promise(done => setTimeout(done, 0))")
    if settle_ms:
        page.wait_for_timeout(settle_ms)
    return watched
