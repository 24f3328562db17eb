"""Find a scannable sheet in a photo and straighten it (OpenCV; zxing-cpp reads the QR code).

The four solid corner squares are found as the largest dark, filled, four-sided
shapes that enclose the most of the picture between them; which corner is which
comes from the QR code (it sits under the top-right square), read from the
straightened picture for each of the four turns, on A4 and on letter. The page
is then warped to `PX_PER_MM` pixels per millimetre using all sixteen corners of
the squares, so a box is read where the layout says it is.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from maerstanas_print.io import limits
from maerstanas_print.scan.frame import FIDUCIAL, fiducial_boxes, qr_box
from maerstanas_print.scan.image_size import (
    JPEG_START,
    PNG_SIGNATURE,
    jpeg_scans,
    pixel_size,
)
from maerstanas_print.scan.payload import PagePayload, PayloadError
from maerstanas_print.sheets.paper import PAPERS

__all__ = ["PX_PER_MM", "PhotoError", "StraightPage", "decode_image", "straighten"]

PX_PER_MM = 6.0
WORK_SIDE = 1600  # the long side the search for the corner squares works at
Image = Any  # a numpy array (OpenCV's images)


class PhotoError(ValueError):
    """A photo that holds no readable sheet."""


@dataclass(frozen=True, slots=True)
class StraightPage:
    payload: PagePayload
    image: Image  # grey, float32 0..255, (height, width) = paper in mm x PX_PER_MM


def decode_image(data: bytes) -> Image:
    """A JPEG or PNG file's bytes as a grey image (PhotoError when it is not one,
    cannot be decoded, or has more pixels than `limits.MAX_PHOTO_PIXELS` or more
    scans than `limits.MAX_JPEG_SCANS`: both are read before it is decoded)."""
    if not (data.startswith(JPEG_START) or data.startswith(PNG_SIGNATURE)):
        raise PhotoError("not a JPEG or PNG image")
    size = pixel_size(data)
    if size is None:  # never decode what the pixel limit could not be applied to
        raise PhotoError(
            "the image cannot be decoded: its size cannot be read from its header "
            "(a damaged JPEG or PNG?)"
        )
    if size[0] * size[1] > limits.MAX_PHOTO_PIXELS:
        raise PhotoError(
            f"the image is {size[0]:,}x{size[1]:,} pixels, more than a photo to scan may have "
            f"({limits.MAX_PHOTO_PIXELS:,} pixels); take or save it smaller"
        )
    scans = jpeg_scans(data) if data.startswith(JPEG_START) else 0
    if scans > limits.MAX_JPEG_SCANS:  # each one a pass over every block of the picture
        raise PhotoError(
            f"the JPEG has {scans:,} scans, more than a photo to scan may have "
            f"({limits.MAX_JPEG_SCANS}); save it again as a plain (baseline) JPEG"
        )
    try:
        with _decoder_quiet():
            image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    except cv2.error:  # OpenCV's own checks (its pixel cap, a broken header)
        image = None
    if image is None or image.size == 0:
        raise PhotoError("the image cannot be decoded (a damaged JPEG or PNG?)")
    if min(image.shape[:2]) < 300:
        raise PhotoError(
            f"the image is too small to read ({image.shape[1]}x{image.shape[0]} pixels)"
        )
    return image


@contextlib.contextmanager
def _decoder_quiet() -> Iterator[None]:
    """Standard error closed to the image libraries while they decode: libpng
    and libjpeg print their own lines ("libpng error: Not enough image data")
    to it, and the one line of our message says what went wrong."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to keep quiet
        saved = -1
    if saved < 0:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _paper_white(gray: Image) -> Image:
    """The brightness the paper would have at each pixel without ink: a wide
    maximum over a quarter-size copy, smoothed (takes out shadows and uneven light)."""
    h, w = gray.shape[:2]
    small = cv2.resize(gray, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    side = max(3, int(max(h, w) / 4 / 45) | 1)
    white = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)))
    white = cv2.GaussianBlur(white, (0, 0), side / 2)
    white = cv2.resize(white, (w, h), interpolation=cv2.INTER_LINEAR)
    return np.maximum(white.astype(np.float32), 1.0)


@dataclass(frozen=True, slots=True)
class _Square:
    area: float
    center: tuple[float, float]
    corners: Image  # 4 x 2


def _squares(gray: Image) -> list[_Square]:
    """Dark, filled, four-sided shapes: the corner-square candidates."""
    norm = gray.astype(np.float32) / _paper_white(gray)
    dark = (norm < 0.55).astype(np.uint8)
    contours, _ = cv2.findContours(dark, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    least = (max(gray.shape[:2]) / 250) ** 2
    found: list[_Square] = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < least:
            continue
        hull = cv2.convexHull(contour)
        hull_area = cv2.contourArea(hull)
        if hull_area <= 0 or area / hull_area < 0.9:
            continue
        corners = cv2.approxPolyDP(hull, 0.08 * cv2.arcLength(hull, True), True)
        if len(corners) != 4:
            continue
        sides = [float(np.linalg.norm(corners[i][0] - corners[(i + 1) % 4][0])) for i in range(4)]
        if min(sides) <= 0 or max(sides) / min(sides) > 2.5:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        mask = np.zeros((h, w), np.uint8)
        cv2.drawContours(mask, [contour - [x, y]], -1, 1, -1)
        inside = dark[y : y + h, x : x + w][mask > 0]
        if inside.size == 0 or inside.mean() < 0.85:
            continue
        m = cv2.moments(contour)
        center = (m["m10"] / m["m00"], m["m01"] / m["m00"])
        found.append(_Square(area, center, corners.reshape(4, 2).astype(np.float32)))
    return found


def _four_corners(squares: list[_Square]) -> list[_Square]:
    """The four candidates of like size that enclose the largest area."""
    ranked = sorted(squares, key=lambda s: -s.area)[:12]
    best: tuple[float, list[_Square]] | None = None
    for four in itertools.combinations(ranked, 4):
        areas = [s.area for s in four]
        if max(areas) > 3 * min(areas):
            continue
        points = np.array([s.center for s in four], np.float32)
        hull = cv2.convexHull(points)
        if len(hull) != 4:
            continue
        area = cv2.contourArea(hull)
        if best is None or area > best[0]:
            best = (area, list(four))
    if best is None:
        raise PhotoError("no sheet found: the four black corner squares are not all in the photo")
    chosen = best[1]
    middle = np.mean([s.center for s in chosen], axis=0)
    # Clockwise on the picture (y grows downwards), as the page's TL, TR, BR, BL are.
    return sorted(
        chosen, key=lambda s: float(np.arctan2(s.center[1] - middle[1], s.center[0] - middle[0]))
    )


def _page_points(paper_key: str) -> list[Image]:
    """Each corner square's four corners on the page (mm), in the page's TL, TR, BR, BL order."""
    paper = PAPERS[paper_key]
    out = []
    for x, y in fiducial_boxes(paper.width, paper.height):
        out.append(
            np.array(
                [[x, y], [x + FIDUCIAL, y], [x + FIDUCIAL, y + FIDUCIAL], [x, y + FIDUCIAL]],
                np.float32,
            )
        )
    return out


def _homography(four: list[_Square], turn: int, paper_key: str) -> Image:
    """Picture -> page (mm) for one assignment of the squares to the page's corners:
    from the centres first, then refined with all sixteen corners."""
    page = _page_points(paper_key)
    picture = [four[(i + turn) % 4] for i in range(4)]
    centres_src = np.array([s.center for s in picture], np.float32)
    centres_dst = np.array([p.mean(axis=0) for p in page], np.float32)
    rough = cv2.getPerspectiveTransform(centres_src, centres_dst)
    src, dst = [], []
    for square, expected in zip(picture, page, strict=True):
        mapped = cv2.perspectiveTransform(square.corners.reshape(-1, 1, 2), rough).reshape(-1, 2)
        for k, point in enumerate(mapped):
            nearest = int(np.argmin(np.linalg.norm(expected - point, axis=1)))
            src.append(square.corners[k])
            dst.append(expected[nearest])
    fine, _ = cv2.findHomography(np.array(src), np.array(dst), 0)
    return fine if fine is not None else rough


def _scaled(homography: Image, ppm: float, dx: float = 0.0, dy: float = 0.0) -> Image:
    to_pixels = np.array([[ppm, 0, -dx * ppm], [0, ppm, -dy * ppm], [0, 0, 1]], np.float64)
    return to_pixels @ homography


_DETECTORS = (cv2.QRCodeDetector(), cv2.QRCodeDetectorAruco())


def _decode_qr(image: Image) -> str | None:
    """zxing-cpp first (it reads blurred codes OpenCV's detector gives up on), then OpenCV."""
    import zxingcpp

    for found in zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    ):
        if found.valid and found.text:
            return str(found.text)
    for detector in _DETECTORS:
        text, _, _ = detector.detectAndDecode(image)
        if text:
            return str(text)
    return None


def _read_qr(gray: Image, homography: Image, paper_key: str) -> str | None:
    """The QR code's text, read from where the page has it, straightened, with
    everything around it whitened (a clean quiet zone: the corner square above
    it would otherwise confuse the finder)."""
    x, y, side = qr_box(PAPERS[paper_key].width)
    margin, keep = 5.0, 1.0
    for ppm in (8.0, 5.0, 11.0):
        size = int((side + 2 * margin) * ppm)
        crop = cv2.warpPerspective(
            gray,
            _scaled(homography, ppm, x - margin, y - margin),
            (size, size),
            flags=cv2.INTER_AREA,
            borderValue=255,
        )
        clean = np.full_like(crop, 255)
        low, high = int((margin - keep) * ppm), int((margin + side + keep) * ppm)
        clean[low:high, low:high] = crop[low:high, low:high]
        binary = cv2.threshold(clean, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]
        soft = cv2.GaussianBlur(clean, (0, 0), 0.25 * ppm)
        sharp = cv2.addWeighted(clean, 2.0, soft, -1.0, 0)  # an unsharp mask, for blur
        for attempt in (clean, binary, sharp):
            text = _decode_qr(attempt)
            if text:
                return text
    return None


def straighten(gray: Image) -> StraightPage:
    """The sheet in `gray`, straightened, with what its QR code says."""
    h, w = gray.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    work = (
        cv2.resize(gray, (int(w * scale), int(h * scale)), interpolation=cv2.INTER_AREA)
        if scale < 1
        else gray
    )
    four = _four_corners(_squares(work))
    for paper_key in ("a4", "letter"):
        for turn in range(4):
            homography = _homography(four, turn, paper_key)
            text = _read_qr(gray, homography @ np.diag([scale, scale, 1.0]), paper_key)
            if text is None:
                continue
            try:
                payload = PagePayload.read(text)
            except PayloadError as exc:
                raise PhotoError(str(exc)) from None
            if payload.paper != paper_key:
                continue
            paper = PAPERS[paper_key]
            full = _scaled(homography @ np.diag([scale, scale, 1.0]), PX_PER_MM)
            size = (int(round(paper.width * PX_PER_MM)), int(round(paper.height * PX_PER_MM)))
            image = cv2.warpPerspective(gray, full, size, flags=cv2.INTER_AREA, borderValue=255)
            return StraightPage(payload, image.astype(np.float32))
    raise PhotoError(
        "found the corner squares but could not read the sheet's QR code "
        "(too blurred, or not a scannable sheet?)"
    )
