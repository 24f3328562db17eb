"""The one golden-image system: approved looks in tests/approved/, one comparison.

Every check of how something looks compares a grayscale image with its approved
PNG in tests/approved/ through `assert_looks_approved`:

- each page of every product `build` writes (tests/test_visual_regression.py,
  named `<product>_<pdf|html>-pNN.png`, at 24 dpi in 16 grays), and
- single sheets, boards and Chromium screenshots checked beside their other
  properties (tests/test_board_sheet.py and friends, named after the sheet).

Tests that compare carry the `golden` marker. A change of look fails until it is
approved on purpose:

    python tests/approve_images.py          # list what changed, write a contact sheet
    python tests/approve_images.py --write  # approve the new look after reviewing it

The script runs the `golden` tests with MAERSTANAS_APPROVE set: then a comparison
records its verdict (and with `write` saves the new image) instead of failing.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from tests.running_test import require_marker

APPROVED_DIR = Path(__file__).parent / "approved"
ARTIFACT_DIR = Path(__file__).parent / "_artifacts"
TILES_DIR = ARTIFACT_DIR / "tiles"  # old | new | changed, one per changed image
APPROVAL_LOG = ARTIFACT_DIR / "approval.log"  # one line per compared image
MARKER = "golden"

DIFF_LEVEL = 48  # a pixel differs when it moved more than this many grays
MAX_DIFFERING = 0.002  # fraction of an image's pixels allowed to differ
BLUR = 0.7  # the softening that lets anti-aliasing and sub-pixel shifts pass


def approved_path(name: str) -> Path:
    return APPROVED_DIR / f"{name}.png"


def differing(new: Image.Image, old: Image.Image, blur: float = BLUR) -> float:
    """The fraction of pixels that differ visibly (1.0 when the sizes differ).

    Both images are softened by a small blur first (unless `blur` is 0), so
    anti-aliasing and a sub-pixel shift do not count, while a moved line, a
    lost mark or a word changed does.
    """
    if new.size != old.size:
        return 1.0
    new, old = new.convert("L"), old.convert("L")
    if blur:
        new, old = (
            new.filter(ImageFilter.GaussianBlur(blur)),
            old.filter(ImageFilter.GaussianBlur(blur)),
        )
    a = np.asarray(new, dtype=np.int16)
    b = np.asarray(old, dtype=np.int16)
    return float((np.abs(a - b) > DIFF_LEVEL).mean())


def assert_looks_approved(
    image: Image.Image, name: str, *, tolerance: float = MAX_DIFFERING, blur: float = BLUR
) -> None:
    """`image` differs from tests/approved/<name>.png in at most `tolerance` of its
    pixels. On a failure the new image is saved in tests/_artifacts/ for review."""
    require_marker(
        MARKER, "compares images with tests/approved/, so that tests/approve_images.py finds it"
    )
    image = image.convert("L")
    path = approved_path(name)
    old = Image.open(path) if path.exists() else None
    ratio = 1.0 if old is None else differing(image, old, blur)
    approving = os.environ.get("MAERSTANAS_APPROVE", "")
    if approving:
        _record(name, image, old, ratio > tolerance, ratio, write=approving == "write")
        return
    hint = "review with `python tests/approve_images.py`, approve with `--write`"
    if old is None:
        raise AssertionError(f"no approved image {path.name}; {hint}")
    if ratio > tolerance:
        ARTIFACT_DIR.mkdir(exist_ok=True)
        image.save(ARTIFACT_DIR / f"{name}.actual.png")
    assert ratio <= tolerance, f"{name}: {ratio:.2%} of pixels differ; {hint}"


def _record(
    name: str,
    image: Image.Image,
    old: Image.Image | None,
    changed: bool,
    ratio: float,
    *,
    write: bool,
) -> None:
    """In approval: log the verdict, keep a review tile, save the image if asked."""
    ARTIFACT_DIR.mkdir(exist_ok=True)
    verdict = "new" if old is None else "changed" if changed else "same"
    with APPROVAL_LOG.open("a", encoding="utf-8") as log:
        log.write(f"{verdict} {name} {ratio:.4f}\n")
    if verdict != "same":
        TILES_DIR.mkdir(parents=True, exist_ok=True)
        side_by_side(old, image, name).save(TILES_DIR / f"{name}.png")
    if write and (old is None or ratio > 0):
        APPROVED_DIR.mkdir(exist_ok=True)
        image.save(approved_path(name), optimize=True)


def side_by_side(old: Image.Image | None, new: Image.Image, label: str) -> Image.Image:
    """Old | new | difference (changed pixels black), for the contact sheet."""
    width, height = new.size
    tile = Image.new("L", (3 * width + 20, height + 14), 200)
    if old is not None:
        tile.paste(old.convert("L").resize(new.size), (0, 14))
        a = np.asarray(old.convert("L").resize(new.size), dtype=np.int16)
        b = np.asarray(new.convert("L"), dtype=np.int16)
        diff = np.where(np.abs(a - b) > DIFF_LEVEL, 0, 255).astype(np.uint8)
        tile.paste(Image.fromarray(diff), (2 * width + 20, 14))
    tile.paste(new.convert("L"), (width + 10, 14))
    ImageDraw.Draw(tile).text((2, 1), label + ("" if old is not None else " (new)"), fill=0)
    return tile


def contact_sheet(tiles: list[Image.Image]) -> Image.Image:
    width = max(t.width for t in tiles)
    sheet = Image.new("L", (width, sum(t.height + 6 for t in tiles)), 255)
    y = 0
    for tile in tiles:
        sheet.paste(tile, (0, y))
        y += tile.height + 6
    return sheet
