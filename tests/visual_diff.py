"""The perceptual comparison of a rendered page with its approved image."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageFilter

DIFF_LEVEL = 48  # a pixel differs when, both images softened, it moved this many grays
MAX_DIFFERING = 0.002  # fraction of a page's pixels allowed to differ


def differing(new: Image.Image, old: Image.Image) -> float:
    """The fraction of pixels that differ visibly (1.0 when the sizes differ).

    Both images are softened by a small blur first, so anti-aliasing and a
    sub-pixel shift do not count, while a moved line, a lost mark or a word
    changed does.
    """
    if new.size != old.size:
        return 1.0
    blur = ImageFilter.GaussianBlur(0.7)
    a = np.asarray(new.convert("L").filter(blur), dtype=np.int16)
    b = np.asarray(old.convert("L").filter(blur), dtype=np.int16)
    return float((np.abs(a - b) > DIFF_LEVEL).mean())


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
    from PIL import ImageDraw

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
