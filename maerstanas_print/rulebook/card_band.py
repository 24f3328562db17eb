"""The quick reference's title band: the title and subtitle on as many lines as they need.

The band was one line drawn with the canvas, which neither breaks nor cuts a
line: a title of 56 ordinary characters ran off the page and lost its end. A
title and subtitle that fit one line are set as they always were; longer ones
are wrapped (the subtitle after the title's last line when it fits there),
and the band grows by each further line, so the columns start lower. A card
has room for MAX_BAND_LINES lines; `card_check` refuses more at `title:`.
"""

from __future__ import annotations

from maerstanas_print.draw.shapes import PT_PER_MM
from maerstanas_print.rulebook.fitting import width_of, wrap
from maerstanas_print.rulebook.model import Book

TITLE_FONT, TITLE_PT = "Cardo-Bold", 22.0
SUBTITLE_FONT, SUBTITLE_PT = "Cardo-Italic", 13.0
SUBTITLE_GAP_PT = 8.0  # between the title and a subtitle on its line
TITLE_LINE_MM = 8.5  # each further line of the title
SUBTITLE_LINE_MM = 5.5  # each further line of the subtitle alone
MAX_BAND_LINES = 3

Run = tuple[str, str, float]  # words, font, size (pt)


def band_lines(book: Book, scale: float, room: float) -> list[list[Run]]:
    """The band's lines, each one or two runs (a title piece, a subtitle), in type
    `scale` times the design size, none wider than `room` (pt)."""
    title: Run = (book.title, TITLE_FONT, TITLE_PT * scale)
    subtitle: Run = (book.subtitle, SUBTITLE_FONT, SUBTITLE_PT * scale)
    gap = SUBTITLE_GAP_PT * scale
    if width_of(*title) + gap + width_of(*subtitle) <= room:
        return [[title, subtitle]]
    lines: list[list[Run]] = [[(piece, *title[1:])] for piece in wrap(*title, room)]
    if book.subtitle:
        if width_of(*lines[-1][0]) + gap + width_of(*subtitle) <= room:
            lines[-1].append(subtitle)
        else:
            lines += [[(piece, *subtitle[1:])] for piece in wrap(*subtitle, room)]
    return lines


def line_drop(line: list[Run], scale: float) -> float:
    """How far (mm) below the line above `line`'s baseline is."""
    title_size = any(font == TITLE_FONT for _, font, _ in line)
    return (TITLE_LINE_MM if title_size else SUBTITLE_LINE_MM) * scale


def extra_mm(lines: list[list[Run]], scale: float) -> float:
    """How much taller (mm) than its one-line design the band is."""
    return sum(line_drop(line, scale) for line in lines[1:])


def room_pt(width_mm: float, side_mm: float) -> float:
    """The band's width (pt) between the side margins of a page `width_mm` wide."""
    return (width_mm - 2 * side_mm) * PT_PER_MM
