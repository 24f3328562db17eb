"""A photo's size in pixels, read from its header before anything is decoded.

Decoding is what costs: a 58-byte PNG may claim 60,000 x 60,000 pixels (OpenCV
then refuses it with an assertion of its own), and a 668 KB one of 25,000
x 25,000 takes more than a gigabyte. `scan` reads the width and height here
first and refuses a photo over `limits.MAX_PHOTO_PIXELS`.
"""

from __future__ import annotations

import re

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_START = b"\xff\xd8"
# JPEG start-of-frame markers (every coding but the table and arithmetic ones),
# which carry the frame's height and width.
_FRAME_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_STANDALONE = frozenset((0x01, *range(0xD0, 0xD8)))  # markers with no length


def pixel_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) that a PNG's or JPEG's header states, or None when the
    header is not there to read (`scan` then refuses the file without decoding
    it: a picture whose size we cannot read is one whose size we cannot limit)."""
    if data.startswith(PNG_SIGNATURE):
        if data[12:16] != b"IHDR" or len(data) < 24:
            return None
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data.startswith(JPEG_START):
        return _jpeg_size(data)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Walk the JPEG's marker segments up to its frame header.

    Bytes between segments that are not a marker are skipped the way libjpeg
    skips them (it only warns), and so are fill bytes (0xFF 0xFF) and stuffed
    zeros (0xFF 0x00): a stray byte must not hide the frame header from us while
    the decoder still finds it and decodes the whole picture."""
    pos = len(JPEG_START)
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:  # junk between segments
            pos += 1
            continue
        marker = data[pos + 1]
        if marker in (0xFF, 0x00):  # a fill byte, or a stuffed 0xFF of junk
            pos += 1 if marker == 0xFF else 2
            continue
        if marker in _STANDALONE:
            pos += 2
            continue
        if marker in (0xD9, 0xDA):  # the image ends, or its data starts, with no frame
            return None
        length = int.from_bytes(data[pos + 2 : pos + 4], "big")
        if marker in _FRAME_MARKERS:
            if pos + 9 > len(data):
                return None
            height = int.from_bytes(data[pos + 5 : pos + 7], "big")
            width = int.from_bytes(data[pos + 7 : pos + 9], "big")
            return width, height
        if length < 2:
            return None
        pos += 2 + length
    return None


# After a scan's header, its entropy-coded data runs to the next marker: a 0xFF
# not followed by a stuffed zero, a restart marker (D0-D7) or another 0xFF (fill)
_NEXT_MARKER = re.compile(rb"\xff(?![\x00\xd0-\xd7\xff])")


def jpeg_scans(data: bytes) -> int:
    """The scans (start-of-scan segments) of a JPEG, walked segment by segment from
    its start to its end marker: what its decoding costs is a pass over the picture
    a scan. Bytes after the end (a phone's motion photo appends its video there) and
    markers inside other segments (a thumbnail in the EXIF) are not counted."""
    pos, scans = len(JPEG_START), 0
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:  # junk between segments, skipped as decoders skip it
            pos += 1
            continue
        marker = data[pos + 1]
        if marker in (0xFF, 0x00):
            pos += 1 if marker == 0xFF else 2
            continue
        if marker in _STANDALONE:
            pos += 2
            continue
        if marker == 0xD9:  # the end of the image
            break
        length = int.from_bytes(data[pos + 2 : pos + 4], "big")
        if length < 2:
            break
        pos += 2 + length
        if marker == 0xDA:
            scans += 1
            found = _NEXT_MARKER.search(data, pos)
            if found is None:
                break
            pos = found.start()
    return scans
