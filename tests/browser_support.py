"""Debian's Chromium for the browser tests: where it is and how to start it.

The browser tests never download a browser and are never skipped: without
/usr/bin/chromium they fail with a message saying how to install it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
# Headless, no sandbox (CI runs as root), and nothing that reaches the network.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def require_chromium() -> None:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is not installed (/usr/bin/chromium); run "
                    ".ci/install-deps, which installs it. Browser tests are never skipped.")
