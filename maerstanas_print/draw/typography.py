"""Print typography for running text on sheets and in game documents.

Records and the code's own sentences are written in plain ASCII (an engine
note says `(-8 -> -9, proved)`, a comment `Light's stone`); a printed page
sets them as a typesetter would: the apostrophe curly, a minus sign for a
negative number, an arrow for `->`, and a number bound to its unit so that
"1.5 mm" never breaks between the lines. A move or a stone list written in
running words ("The move is written T E4xE3/D4/F4.", "Light T W") is bound
the same way, so its stone letter never ends a line; notation set as notation
(move runs, position strings) never passes through here.
"""

from __future__ import annotations

import re

from maerstanas_print.fonts import Face, text_width_mm

NBSP = "\u00a0"
MINUS = "\u2212"
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")  # between two letters
_ARROW = re.compile(r"\s*->\s*")
_NEGATIVE = re.compile(r"(?<![\w.\-])-(?=\d)")  # a hyphen that starts a number
_UNIT = re.compile(r"(?<=\d) (?=(?:mm|cm|pt|%)(?!\w))")
# A one-letter capital word (a stone's or piece's letter) followed by a square
# ("T E4xE3") or by another such letter ("T W"): the space between is a move's own.
_MOVE_SPACE = re.compile(r"(?<![\w\u2019'.])([A-Z]) (?=[A-Z]\d|[A-Z](?![\w\u2019']))")


def bind_moves(text: str) -> str:
    """`text` with every move or stone list written in running words held together
    by no-break spaces: the one place that recognises them, for the PDF (books,
    captions, engine notes) and the HTML alike."""
    return _MOVE_SPACE.sub(rf"\1{NBSP}", text)


def prose(text: str) -> str:
    """`text` with curly apostrophes, minus signs, arrows, units kept with their
    numbers and moves kept whole."""
    text = _APOSTROPHE.sub("\u2019", text)
    text = _ARROW.sub(" \u2192 ", text)
    text = _NEGATIVE.sub(MINUS, text)
    return bind_moves(_UNIT.sub(NBSP, text))


def wrap_text(text: str, face: Face, size: float, width: float) -> list[str]:
    """`text` broken greedily into lines no wider than `width` mm by real glyph
    widths, at spaces only: a no-break space (between a number and its unit) holds
    its words together, and a word longer than the line stands alone on its line.
    Sheets' paragraphs and diagrams' captions both break their lines here."""
    lines: list[str] = []
    current = ""
    for word in re.split(r"[ \t\n]+", text.strip()):
        trial = f"{current} {word}" if current else word
        if current and text_width_mm(trial, face, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines
