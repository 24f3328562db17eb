"""Every page of every product looks as approved (issue 11: visual regression).

Pages are rendered at REGRESSION_DPI in grayscale and compared with the
images in tests/approved/ under a small perceptual threshold
(tests/golden_images.py, which says how a change of look is approved).
"""

from __future__ import annotations

import os

import pytest
from PIL import Image

from tests.golden_images import APPROVED_DIR, MAX_DIFFERING, assert_looks_approved, differing
from tests.products import NAMES, page_image_name, page_images

HINT = "review with `python tests/approve_images.py`, approve with `--write`"


@pytest.mark.golden
@pytest.mark.parametrize("name", NAMES)
def test_pages_look_as_approved(products, name: str) -> None:
    images = page_images(products[name].pdf)
    approved = sorted(APPROVED_DIR.glob(f"{name.replace('.', '_')}-p[0-9]*.png"))
    if not os.environ.get("MAERSTANAS_APPROVE"):  # approving: pages may come and go
        assert len(approved) == len(images), (
            f"{name}: {len(images)} pages, {len(approved)} approved; {HINT}"
        )
    for number, image in enumerate(images, 1):
        assert_looks_approved(image, page_image_name(name, number))


def test_a_changed_page_is_caught() -> None:
    """The threshold sees one moved board line, and not a half-pixel shift; the
    sharp comparison (blur=0, used for single sheets) sees the moved line too."""
    from PIL import ImageDraw

    base = Image.new("L", (198, 281), 255)
    ImageDraw.Draw(base).rectangle((40, 60, 160, 180), outline=0)
    moved = Image.new("L", (198, 281), 255)
    ImageDraw.Draw(moved).rectangle((40, 60, 160, 184), outline=0)
    assert differing(moved, base) > MAX_DIFFERING
    assert differing(base.copy(), base) == 0.0
    nudged = base.transform(
        base.size,
        Image.Transform.AFFINE,
        (1, 0, 0.3, 0, 1, 0),
        resample=Image.Resampling.BILINEAR,
        fillcolor=255,
    )
    assert differing(nudged, base) <= MAX_DIFFERING
    assert differing(moved, base, blur=0) > MAX_DIFFERING
