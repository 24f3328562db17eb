"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest

from tests.browser_support import ARGS, CHROMIUM, require_chromium


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole run (each test opens its own pages)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                              headless=True)
        yield instance
        instance.close()
