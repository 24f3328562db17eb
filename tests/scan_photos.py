"""Synthetic photos of filled scannable sheets, for the tests and bench/bench_scan.py.

A sheet is rendered from its PDF (pypdfium2), filled the way a hurried hand fills
it (pencil scribbles of varied darkness and coverage, now and then half outside
the box; stray touches; a mark rubbed out and another filled), then
"photographed": laid on a table, turned, seen at an angle, lit unevenly, crossed
by a shadow, blurred, grainy and saved as JPEG. Everything is drawn from one
`random.Random`, so a seed gives the same photo every time.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

import cv2
import numpy as np

from maerstanas_print.scan.frame import ScannableSheet
from maerstanas_print.sheets.render import sheet_pdf

cv2.setNumThreads(1)  # one core: the photos are made while other work runs

RENDER_PPM = 8.0  # pixels per mm of the clean sheet before it is photographed


@dataclass(frozen=True)
class Hand:
    """How carelessly a sheet is filled (the chances are per filled mark)."""

    outside: float = 0.06  # a mark partly outside its box
    faint: float = 0.1  # a light touch of the pencil
    erasure: float = 0.02  # a wrong box filled, then rubbed out
    stray: float = 0.03  # a stray touch in a neighbouring box


@dataclass(frozen=True)
class Camera:
    """How badly the sheet is photographed."""

    tilt: float = 0.12  # the perspective: how far the corners move, as a share of the page
    turn: float = 25.0  # degrees either way; a quarter of the photos upside down on top
    shadow: bool = True
    blur: float = 1.2  # the largest blur (sigma in pixels)
    noise: float = 5.0
    quality: int = 70  # the lowest JPEG quality
    long_side: int = 2000


def render_pages(sheet: ScannableSheet) -> list[np.ndarray]:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(sheet_pdf(sheet.sheet))
    pages = []
    for index in range(len(pdf)):
        bitmap = pdf[index].render(scale=RENDER_PPM * 25.4 / 72, grayscale=True)
        image = np.array(bitmap.to_pil().convert("L"), np.float32)
        pages.append(image)
    pdf.close()
    return pages


def _region(
    image: np.ndarray, box: tuple[float, float, float, float], pad: float
) -> tuple[slice, slice, float, float]:
    """The pixels around a box (mm) with `pad` mm to spare, and the region's origin in mm."""
    x, y, w, h = box
    x0, y0 = max(0, int((x - pad) * RENDER_PPM)), max(0, int((y - pad) * RENDER_PPM))
    x1 = min(image.shape[1], int((x + w + pad) * RENDER_PPM))
    y1 = min(image.shape[0], int((y + h + pad) * RENDER_PPM))
    return slice(y0, y1), slice(x0, x1), x0 / RENDER_PPM, y0 / RENDER_PPM


def _scribble(
    image: np.ndarray,
    box: tuple[float, float, float, float],
    rng: random.Random,
    *,
    darkness: float,
    cover: float,
    shift: tuple[float, float],
) -> None:
    """Pencil strokes across a box (mm), `cover` of its height, graphite `darkness` 0..1."""
    x, y, w, h = box
    x += shift[0]
    y += shift[1]
    rows, cols, ox, oy = _region(image, (x, y, w, h), 1.5)
    part = image[rows, cols]
    layer = np.zeros(part.shape, np.float32)
    lines = max(2, int(h * cover / 0.7))
    top = y + h * (1 - cover) / 2 + rng.uniform(-0.3, 0.3)
    width_px = max(1, int(RENDER_PPM * rng.uniform(0.5, 0.9)))
    points = []
    for i in range(lines + 1):
        yy = top + h * cover * i / lines + rng.uniform(-0.2, 0.2)
        left = x + rng.uniform(0.1, 0.6)
        right = x + w - rng.uniform(0.1, 0.6)
        points += (
            [(left, yy), (right, yy + rng.uniform(-0.3, 0.3))]
            if i % 2 == 0
            else [(right, yy), (left, yy)]
        )
    pts = np.array(
        [[(px - ox) * RENDER_PPM, (py - oy) * RENDER_PPM] for px, py in points], np.int32
    )
    cv2.polylines(layer, [pts], False, 1.0, width_px, cv2.LINE_AA)
    grain = (
        np.random.default_rng(rng.randrange(2**32))
        .uniform(0.75, 1.0, part.shape)
        .astype(np.float32)
    )
    part *= 1.0 - darkness * np.clip(layer, 0, 1) * grain


def _touch(image: np.ndarray, box: tuple[float, float, float, float], rng: random.Random) -> None:
    rows, cols, ox, oy = _region(image, box, 1.5)
    part = image[rows, cols]
    x, y, w, h = box
    cx, cy = (x - ox + rng.uniform(0, w)) * RENDER_PPM, (y - oy + rng.uniform(0, h)) * RENDER_PPM
    layer = np.zeros(part.shape, np.float32)
    length = rng.uniform(0.5, 1.5) * RENDER_PPM
    angle = rng.uniform(0, np.pi)
    end = (int(cx + length * np.cos(angle)), int(cy + length * np.sin(angle)))
    cv2.line(layer, (int(cx), int(cy)), end, 1.0, max(1, int(RENDER_PPM * 0.4)), cv2.LINE_AA)
    part *= 1.0 - rng.uniform(0.3, 0.6) * layer


def _erase(image: np.ndarray, box: tuple[float, float, float, float], rng: random.Random) -> None:
    """Fill a box, then rub it out, leaving a grey smudge behind."""
    rows, cols, _, _ = _region(image, box, 0.5)
    before = image[rows, cols].copy()
    _scribble(image, box, rng, darkness=rng.uniform(0.5, 0.8), cover=0.9, shift=(0.0, 0.0))
    keep = rng.uniform(0.08, 0.18)
    rubbed = before * (1 - keep) + image[rows, cols] * keep
    image[rows, cols] = cv2.GaussianBlur(rubbed, (0, 0), 2.0)


def fill(
    page: np.ndarray,
    marks: list[tuple[str, tuple[float, float, float, float]]],
    others: list[tuple[float, float, float, float]],
    rng: random.Random,
    hand: Hand,
) -> np.ndarray:
    """`page` with each box of `marks` filled; `others`: empty boxes a careless hand may touch."""
    image = page.copy()
    for _value, box in marks:
        darkness = rng.uniform(0.35, 0.55) if rng.random() < hand.faint else rng.uniform(0.55, 0.9)
        cover = rng.uniform(0.55, 1.0)
        shift = (0.0, 0.0)
        if rng.random() < hand.outside:
            shift = (rng.uniform(-1.6, 1.6), rng.uniform(-1.8, 1.8))
        _scribble(image, box, rng, darkness=darkness, cover=cover, shift=shift)
    for box in others:
        if rng.random() < hand.erasure:
            _erase(image, box, rng)
        elif rng.random() < hand.stray:
            _touch(image, box, rng)
    return image


def photograph(page: np.ndarray, rng: random.Random, camera: Camera) -> bytes:
    """A JPEG of the filled page lying on a table, taken by a phone."""
    ph, pw = page.shape
    portrait = rng.random() < 0.7
    out_w, out_h = (
        (camera.long_side * 3 // 4, camera.long_side)
        if portrait
        else (camera.long_side, camera.long_side * 3 // 4)
    )
    table = np.full((out_h, out_w), rng.uniform(60, 140), np.float32)
    texture = cv2.GaussianBlur(
        np.random.default_rng(rng.randrange(2**32))
        .normal(0, 25, (out_h, out_w))
        .astype(np.float32),
        (0, 0),
        6,
    )
    table += texture
    # Where the page's corners land: the page fills 70-90 % of the frame, turned and tilted.
    fill_share = rng.uniform(0.7, 0.88)
    scale = fill_share * min(out_w / (pw if portrait else ph), out_h / (ph if portrait else pw))
    angle = np.radians(
        rng.uniform(-camera.turn, camera.turn)
        + (0 if portrait else 90)
        + (180 if rng.random() < 0.25 else 0)
    )
    cx, cy = (
        out_w / 2 + rng.uniform(-0.04, 0.04) * out_w,
        out_h / 2 + rng.uniform(-0.04, 0.04) * out_h,
    )
    corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32) - [pw / 2, ph / 2]
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    placed = corners @ rotation.T * scale + [cx, cy]
    span = max(pw, ph) * scale
    placed += np.array(
        [[rng.uniform(-1, 1) * camera.tilt * span / 2 for _ in range(2)] for _ in range(4)]
    )
    # The whole page stays in the frame, as it must for a photo that can be read.
    middle = placed.mean(axis=0)
    for _ in range(20):
        if (
            placed[:, 0].min() > 0.02 * out_w
            and placed[:, 0].max() < 0.98 * out_w
            and placed[:, 1].min() > 0.02 * out_h
            and placed[:, 1].max() < 0.98 * out_h
        ):
            break
        placed = middle + (placed - middle) * 0.95
    source = (corners + [pw / 2, ph / 2]).astype(np.float32)
    warp = cv2.getPerspectiveTransform(source, placed.astype(np.float32))
    paper = cv2.warpPerspective(page, warp, (out_w, out_h), flags=cv2.INTER_AREA, borderValue=0)
    inside = cv2.warpPerspective(
        np.ones_like(page), warp, (out_w, out_h), flags=cv2.INTER_LINEAR, borderValue=0
    )
    photo = table * (1 - inside) + paper * rng.uniform(0.8, 0.97) * inside
    # Light: a gradient across the frame and a soft shadow (a hand, a phone).
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    ramp = np.cos(direction) * xx / out_w + np.sin(direction) * yy / out_h
    light = 1.0 - rng.uniform(0.1, 0.4) * (ramp - ramp.min()) / (np.ptp(ramp) + 1e-6)
    photo *= light
    if camera.shadow and rng.random() < 0.7:
        mask = np.zeros((out_h, out_w), np.float32)
        blob = np.array(
            [[rng.uniform(0, out_w), rng.uniform(0, out_h)] for _ in range(5)], np.int32
        )
        cv2.fillConvexPoly(mask, cv2.convexHull(blob), 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(15, 60))
        photo *= 1.0 - rng.uniform(0.25, 0.5) * mask
    sigma = rng.uniform(0.3, camera.blur)
    photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    photo += (
        np.random.default_rng(rng.randrange(2**32))
        .normal(0, camera.noise, photo.shape)
        .astype(np.float32)
    )
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    colour = cv2.cvtColor(photo, cv2.COLOR_GRAY2BGR)
    tint = np.array([rng.uniform(0.9, 1.0), rng.uniform(0.95, 1.0), 1.0], np.float32)
    colour = np.clip(colour.astype(np.float32) * tint, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(
        ".jpg", colour, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(camera.quality, 92)]
    )
    assert ok
    return bytes(data.tobytes())


def filled_photos(
    sheet: ScannableSheet,
    plies: list[frozenset[str]],
    rng: random.Random,
    hand: Hand = Hand(),
    camera: Camera = Camera(),
) -> list[bytes]:
    """One photo per page of `sheet` with `plies[i]` (the values of ply i+1) filled."""
    pages = render_pages(sheet)
    photos = []
    for page_layout, image in zip(sheet.layout.pages, pages, strict=True):
        marked, empty = [], []
        for mark in page_layout.marks:
            index = mark.ply - 1
            if index < len(plies) and mark.value in plies[index]:
                marked.append((mark.value, mark.box))
            elif index < len(plies) + 2:
                empty.append(mark.box)
        filled = fill(image, marked, empty, rng, hand)
        photos.append(photograph(filled, rng, camera))
    return photos


def save_png(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", np.clip(image, 0, 255).astype(np.uint8))
    assert ok
    return bytes(io.BytesIO(data.tobytes()).getvalue())


def table_photo(rng: random.Random, size: tuple[int, int] = (1200, 900)) -> np.ndarray:
    """A photo of the table alone: no sheet in it."""
    w, h = size
    noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 25, (h, w)).astype(np.float32)
    return np.clip(110 + cv2.GaussianBlur(noise, (0, 0), 6), 0, 255)
