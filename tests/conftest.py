"""Fixtures and hooks shared by the test modules.

Two promises are kept here for every test, so no single test has to remember them:

- A test that needs Chromium carries the `browser` marker: every test whose
  fixtures include `browser` gets it at collection, and `browser_support.launch_chromium`
  fails a test that starts Chromium without it.
- A failing test prints a few lines: the traceback, each assertion message and each
  captured stream are cut to a screenful (set MAERSTANAS_FULL_FAILURES=1 for all of
  it). A failure with a megabyte record in its locals or output once printed 3.5 MB.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator

import pytest

import maerstanas_print.plugins  # noqa: F401  (wires every game's capabilities in)
from tests import running_test
from tests.browser_support import MARKER, launch_chromium

# What a failure may print: the traceback and each captured stream.
FAILURE_LINES = 30
CAPTURE_LINES = 10
LINE_CHARS = 200


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole run (each test opens its own pages)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = launch_chromium(playwright)
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def products(browser, tmp_path_factory):
    """Every file `build` writes (and the ink-saver game documents), as PDF bytes:
    HTML printed by Chromium. Made once for the layout rules and visual regression."""
    from tests.products import make_products

    return make_products(tmp_path_factory.mktemp("products"), browser)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that reaches the `browser` fixture, however indirectly."""
    for item in items:
        if MARKER in getattr(item, "fixturenames", ()) and not item.get_closest_marker(MARKER):
            item.add_marker(MARKER)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Remember the running test, for helpers that check its markers."""
    running_test.current[0] = item
    try:
        return (yield)
    finally:
        running_test.current[0] = None


def shorten(text: str, lines: int) -> str:
    """At most `lines` lines of at most LINE_CHARS characters, saying what was cut."""
    kept = text.splitlines()
    cut = len(kept) - lines
    if cut > 0:
        head = lines // 3
        kept = [
            *kept[:head],
            f"... {cut} lines cut (MAERSTANAS_FULL_FAILURES=1 shows them)",
            *kept[-(lines - head) :],
        ]
    return "\n".join(
        line if len(line) <= LINE_CHARS else f"{line[:LINE_CHARS]}... ({len(line):,} characters)"
        for line in kept
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    if report.failed and not os.environ.get("MAERSTANAS_FULL_FAILURES"):
        if report.longrepr is not None:
            report.longrepr = ShortFailure(report.longrepr)
        report.sections = [
            (title, shorten(content, CAPTURE_LINES)) for title, content in report.sections
        ]
    return report


class ShortFailure:
    """A failure's report cut by `shorten`, keeping the one-line reason that -ra shows."""

    def __init__(self, longrepr: object) -> None:
        self.text = shorten(str(longrepr), FAILURE_LINES)
        crash = getattr(longrepr, "reprcrash", None)
        if crash is not None:
            crash = dataclasses.replace(crash, message=shorten(crash.message, 3))
        self.reprcrash = crash

    def toterminal(self, out) -> None:
        for line in self.text.splitlines():
            out.line(line)

    def __str__(self) -> str:
        return self.text
