"""Every page of every product looks as approved (issue 11: visual regression).

Pages are rendered at REGRESSION_DPI in grayscale and compared with the
images in tests/approved/ under a small perceptual threshold
(tests/visual_diff.py). A change of look fails here until it is approved on
purpose with `python tests/approve_images.py --write`, after reviewing the
contact sheet that script writes.
"""

from __future__ import annotations

import pytest
from PIL import Image

from tests.products import APPROVED_DIR, NAMES, approved_path, page_images
from tests.visual_diff import MAX_DIFFERING, differing

HINT = "review with `python tests/approve_images.py`, approve with `--write`"


@pytest.mark.parametrize("name", NAMES)
def test_pages_look_as_approved(products, name: str) -> None:
    images = page_images(products[name].pdf)
    approved = sorted(APPROVED_DIR.glob(f"{name.replace('.', '_')}-p*.png"))
    assert len(approved) == len(images), (
        f"{name}: {len(images)} pages, {len(approved)} approved; {HINT}")
    for number, image in enumerate(images, 1):
        path = approved_path(name, number)
        ratio = differing(image, Image.open(path))
        assert ratio <= MAX_DIFFERING, f"{name} page {number}: {ratio:.2%} differs; {HINT}"


def test_a_changed_page_is_caught() -> None:
    """The threshold sees one moved board line, and not a half-pixel shift."""
    from PIL import ImageDraw

    base = Image.new("L", (198, 281), 255)
    ImageDraw.Draw(base).rectangle((40, 60, 160, 180), outline=0)
    moved = Image.new("L", (198, 281), 255)
    ImageDraw.Draw(moved).rectangle((40, 60, 160, 184), outline=0)
    assert differing(moved, base) > MAX_DIFFERING
    assert differing(base.copy(), base) == 0.0
    nudged = base.transform(base.size, Image.Transform.AFFINE, (1, 0, 0.3, 0, 1, 0),
                            resample=Image.Resampling.BILINEAR, fillcolor=255)
    assert differing(nudged, base) <= MAX_DIFFERING
