"""docs/architecture.md names real places: every file or folder it cites exists.

The page is a map of the package; a module moved or renamed without the map
following would send a new contributor to a place that is not there.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "maerstanas_print"
PAGE = ROOT / "docs" / "architecture.md"


def _cited_paths() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return sorted({m for m in re.findall(r"`([A-Za-z_/]+(?:\.py|/))`", text)})


def test_the_page_cites_paths() -> None:
    assert len(_cited_paths()) >= 30


def test_every_cited_path_exists() -> None:
    missing = []
    for cited in _cited_paths():
        if "NAME" in cited:  # a placeholder: games/NAME/
            continue
        if "/" in cited.rstrip("/"):
            found = (PACKAGE / cited).exists() or (ROOT / cited).exists()
        else:  # a bare name, in the folder its row is about: somewhere in the package
            found = (ROOT / cited).exists() or any(PACKAGE.rglob(cited.rstrip("/")))
        if not found:
            missing.append(cited)
    assert not missing, f"docs/architecture.md cites what is not there: {missing}"


def test_every_package_folder_is_on_the_map() -> None:
    text = PAGE.read_text(encoding="utf-8")
    folders = sorted(
        p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()
    )
    unmapped = [name for name in folders if f"`{name}/`" not in text]
    assert not unmapped, f"package folders missing from docs/architecture.md: {unmapped}"
