"""The 1992 e-mail Hnefatafl's pieces: discs with the post's letters X, O and K.

Dark discs are filled with a white letter, Light discs white with a dark
letter; the king adds an outer ring. In ink-saver every disc is an outline
and the letter alone tells the sides apart (a thicker ring for Dark).
"""

from __future__ import annotations

from maerstanas_print.draw.shapes import MM_PER_PT, Circle, Shape, Stroke, Text
from maerstanas_print.draw.theme import Theme
from maerstanas_print.pieces import Stone
from maerstanas_print.sides import DARK, LIGHT

SMALLEST_LETTER_PT = 6.0  # the least size printed text may have (tests/layout_rules.py)
MAN_LETTERS = {DARK: "X", LIGHT: "O"}  # as in the 1992 post: X Black (Dark), O White (Light)


def lettered_man(
    stone: Stone, cx: float, cy: float, cell: float, theme: Theme, outline: Stroke
) -> list[Shape]:
    """A man (X or O) or the king (K, with an outer ring that hides the throne)."""
    dark = stone.side == DARK
    fill = theme.dark_fill if dark else theme.light_fill
    letter = "K" if stone.kind == "king" else MAN_LETTERS[stone.side]
    ring = outline if not dark or fill else Stroke(theme.ink, outline.width * 1.8)
    parts: list[Shape] = []
    r = 0.4 * cell
    if stone.kind == "king":
        parts.append(Circle(cx, cy, 0.47 * cell, outline, theme.paper))  # hides the throne
        r = 0.38 * cell
    parts.append(Circle(cx, cy, r, ring, fill))
    size = 0.62 * cell / MM_PER_PT
    if size < SMALLEST_LETTER_PT:  # a thumbnail (a start position's inset): the disc's
        return parts  # fill and rings tell the pieces apart, a letter would not be read
    color = theme.contrast_on_dark if dark and fill else theme.ink
    parts.append(Text(cx, cy + 0.33 * size * MM_PER_PT, letter, size, "bold", "middle", color))
    return parts
