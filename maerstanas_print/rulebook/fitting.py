"""Fitting a line of plain words into a measured width: wrapped, or cut with an ellipsis.

The title band of the quick reference and the running head of the book draw
their words with the canvas, which never breaks or cuts a line by itself: a
long title ran off the page. Both measure with the font's own widths here.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from maerstanas_print.fonts import register_fonts

ELLIPSIS = "…"
HEAD_GAP_PT = 12.0  # the least space between the two parts of a running head


def width_of(text: str, font: str, size: float) -> float:
    """The width (pt) of `text` set in `font` at `size`."""
    register_fonts()
    return stringWidth(text, font, size)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` in lines no wider than `width` (pt), broken between words; a word wider
    than a line by itself is broken between its letters."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if width_of(joined, font, size) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        line = ""
        for letter in word:
            if line and width_of(line + letter, font, size) > width:
                lines.append(line)
                line = ""
            line += letter
    if line:
        lines.append(line)
    return lines


def ellipsize(text: str, font: str, size: float, width: float) -> str:
    """`text` when it fits `width` (pt); else its longest start that fits with an
    ellipsis after it, cut at a word when one ends late enough ('' when not even the
    ellipsis fits)."""
    if width_of(text, font, size) <= width:
        return text
    if width_of(ELLIPSIS, font, size) > width:
        return ""
    low, high = 0, len(text)  # text[:low] + … fits, text[:high] + … does not
    while high - low > 1:
        middle = (low + high) // 2
        if width_of(text[:middle].rstrip() + ELLIPSIS, font, size) <= width:
            low = middle
        else:
            high = middle
    start = text[:low]
    space = start.rfind(" ")
    if space > len(start) * 2 // 3:  # a word break close to the cut reads better
        start = start[:space]
    return start.rstrip(" ·:,;") + ELLIPSIS


def fit_head(
    left: tuple[str, ...], right: str, font: str, size: float, width: float
) -> tuple[str, str]:
    """The two parts of a running head that fit `width` (pt) side by side, at least
    HEAD_GAP_PT apart: `left` gives the left part's forms, longest first ("Title ·
    Subtitle", "Title"); the first that fits is taken, else the last, cut with an
    ellipsis. The right part (the chapter) keeps at least two thirds of the line."""
    full = left[0]
    if width_of(full, font, size) + HEAD_GAP_PT + width_of(right, font, size) <= width:
        return full, right
    least_left = min(width_of(full, font, size), width / 3)
    right = ellipsize(right, font, size, width - HEAD_GAP_PT - least_left)
    room = width - HEAD_GAP_PT - width_of(right, font, size)
    fitting = next((form for form in left if width_of(form, font, size) <= room), None)
    return (fitting if fitting is not None else ellipsize(left[-1], font, size, room)), right
