"""How full each box of a straightened page is, against the blank sheet.

The blank page is rendered from the sheet's own PDF at the same scale
(pypdfium2), so the printed outline and the grey value inside each box are
known: a pixel counts as pencil when it is clearly darker than the darkest
printed ink near it, both measured against the paper's own white around the
box (shadows and uneven light divide out). A box's fill is the share of such
pixels inside it; an erasure's grey smudge and a stray touch stay low, a
scribble that strays half outside still counts the half inside.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from maerstanas_print.scan.layout import MarkBox, PageLayout
from maerstanas_print.scan.photo import PX_PER_MM, Image

__all__ = ["PENCIL", "blank_page", "box_fills", "paper_normalised"]

PENCIL = 0.16  # darker than the blank sheet by this share of the paper's white
INSET = 0.45  # mm kept clear of a box's outline
WHITE_MM = 2.0  # the window the paper's white is taken over


def paper_normalised(gray: Image, blank: Image) -> Image:
    """Each pixel as a share of the paper's white around it (1.0: bare paper).

    The white is the local mean of the pixels the blank sheet leaves bare, in a
    window of a few millimetres (so a shadow's edge is followed), worked out
    twice: the second time without the pixels the first found darkened (pencil).
    """
    h, w = min(gray.shape[0], blank.shape[0]), min(gray.shape[1], blank.shape[1])
    gray, blank = gray[:h, :w], blank[:h, :w]
    bare = (blank >= 0.99).astype(np.float32)
    sigma = WHITE_MM * PX_PER_MM / 2
    white = _masked_mean(gray, bare, sigma)
    bare *= (gray > 0.85 * white).astype(np.float32)
    white = _masked_mean(gray, bare, sigma)
    return np.clip(gray / np.maximum(white, 1.0), 0.0, 1.0)


def _masked_mean(gray: Image, mask: Image, sigma: float) -> Image:
    """The mean of `gray` where `mask` is 1, around each pixel (at half size, for speed)."""
    h, w = gray.shape
    half = (w // 2, h // 2)
    small_gray = cv2.resize(gray * mask, half, interpolation=cv2.INTER_AREA)
    small_mask = cv2.resize(mask, half, interpolation=cv2.INTER_AREA)
    total = cv2.GaussianBlur(small_gray, (0, 0), sigma)
    weight = cv2.GaussianBlur(small_mask, (0, 0), sigma)
    mean = total / np.maximum(weight, 1e-3)
    return cv2.resize(mean, (w, h), interpolation=cv2.INTER_LINEAR)


@lru_cache(maxsize=8)
def blank_page(pdf: bytes, index: int) -> Image:
    """Page `index` of the blank sheet's PDF at PX_PER_MM, as shares of white, with
    each printed stroke spread by a pixel either way (a straightened photo is
    rarely exact to the pixel)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[index].render(scale=PX_PER_MM * 25.4 / 72, grayscale=True)
        image = np.array(bitmap.to_pil().convert("L"), np.float32) / 255.0
    finally:
        document.close()
    return image


def box_fills(gray: Image, blank: Image, layout: PageLayout) -> dict[tuple[int, str], float]:
    """(ply, value) -> the share of the box's inside darkened by pencil."""
    page = paper_normalised(gray, blank)
    h, w = page.shape
    pencil = (blank[:h, :w] - page) > PENCIL
    fills: dict[tuple[int, str], float] = {}
    for mark in layout.marks:
        fills[(mark.ply, mark.value)] = _fill(pencil, mark)
    return fills


def _fill(pencil: Image, mark: MarkBox) -> float:
    x, y, bw, bh = mark.box
    x0, y0 = int(round((x + INSET) * PX_PER_MM)), int(round((y + INSET) * PX_PER_MM))
    x1, y1 = int(round((x + bw - INSET) * PX_PER_MM)), int(round((y + bh - INSET) * PX_PER_MM))
    inside = pencil[y0:y1, x0:x1]
    return float(inside.mean()) if inside.size else 0.0
