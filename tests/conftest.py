"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest

import maerstanas_print.plugins  # noqa: F401  (wires every game's capabilities in)
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


@pytest.fixture(scope="session")
def products(browser, tmp_path_factory):
    """Every file `build` writes (and the ink-saver game documents), as PDF bytes:
    HTML printed by Chromium. Made once for the layout rules and visual regression."""
    from tests.products import make_products

    return make_products(tmp_path_factory.mktemp("products"), browser)
