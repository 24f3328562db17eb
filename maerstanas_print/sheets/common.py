"""Paper, page furniture and small layout helpers shared by all printed sheets."""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.board import THEMES, Stone, StoneKind, stone_shape
from maerstanas_print.draw.runes import OS, THORN, rune_shapes
from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Group,
    Line,
    Page,
    Rect,
    Shape,
    Stroke,
    Text,
)
from maerstanas_print.engine import DARK, LIGHT
from maerstanas_print.fonts import Face, text_width_mm

GAME = "Mǽrstánas"
LICENCE = ("Mǽrstánas is a game by John Beers. Its rules are licensed CC BY-SA 4.0 "
           "(creativecommons.org/licenses/by-sa/4.0). Sheet made with maerstanas_print.")
RULES = {
    "standard": (
        "Take turns to place a stone in an empty square. No stone may ever have four hinges "
        "(sides touching a stone of either colour or the board edge). Once per game each "
        "player may play a thunder-stone, which removes the stones beside it, and a "
        "Woden-stone, which replaces an opponent’s stone. Score a point for every pair of "
        "your stones side by side and for every side of your stones on the edge."
    ),
    "wraparound": (
        "Wraparound: opposite edges join, so every square has four neighbours and there "
        "are no edge hinges. Take turns to place a stone in an empty square; no stone may "
        "ever have four hinges (sides touching a stone). Once per game each player may play "
        "a thunder-stone, which removes the stones beside it, and a Woden-stone, which "
        "replaces an opponent’s stone. Score a point for every pair of your stones side by "
        "side, across the edges too."
    ),
}
INK = "#1a1a1a"
SOFT = "#6b6b6b"


class SheetError(ValueError):
    """Options that cannot make a sheet (e.g. a board too big for the paper)."""


@dataclass(frozen=True, slots=True)
class Paper:
    key: str
    name: str  # as CSS @page and people write it
    width: float  # mm, portrait
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "letter", 215.9, 279.4),
}


@dataclass(frozen=True, slots=True)
class Sheet:
    """A finished printable: its pages plus what the PDF and HTML need to know."""

    title: str
    subject: str
    paper: Paper
    pages: tuple[Page, ...]
    file_stem: str


def wrap_text(text: str, face: Face, size: float, width: float) -> list[str]:
    """Greedy line breaking by real glyph widths (mm)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width_mm(trial, face, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def paragraph(text: str, x: float, y: float, width: float, size: float,
              face: Face = "regular", fill: str = INK, leading: float = 1.25,
              anchor: str = "start") -> tuple[list[Shape], float]:
    """Wrapped lines with the first baseline at y; returns shapes and the last baseline."""
    step = size * leading * MM_PER_PT
    shapes: list[Shape] = []
    ax = {"start": x, "middle": x + width / 2, "end": x + width}[anchor]
    for i, line in enumerate(wrap_text(text, face, size, width)):
        shapes.append(Text(ax, y + i * step, line, size, face, anchor, fill))  # type: ignore[arg-type]
    return shapes, y + (len(shapes) - 1) * step


def header(paper: Paper, margin: float, subtitle: str) -> tuple[list[Shape], float]:
    """Title at the top left, a description at the right, a rule below; returns its bottom."""
    base = margin + 9.0
    shapes: list[Shape] = [
        Text(margin, base, GAME, 26, "bold", "start", INK),
        Text(paper.width - margin, base, subtitle, 10, "italic", "end", SOFT),
        Line(margin, base + 3.2, paper.width - margin, base + 3.2, Stroke(INK, 0.3)),
    ]
    return [Group(tuple(shapes), title=f"{GAME}: {subtitle}")], base + 3.2


def licence_line(paper: Paper, margin: float, size: float = 7.0) -> Shape:
    return Text(paper.width / 2, paper.height - margin, LICENCE, size, "italic", "middle", SOFT)


def checkbox(x: float, y: float, size: float, stroke: Stroke) -> Rect:
    """A square tick box with its top-left corner at (x, y)."""
    return Rect(x, y, size, size, stroke, None)


def calibration_bar(x: float, y: float, cell: float, theme: str = "print") -> tuple[Group, float]:
    """A 50 mm scale with mm ticks, and the square size, so a print can be checked.

    (x, y) is the left end of the bar's base line; returns the group and its width.
    """
    ink = THEMES[theme].ink
    stroke = Stroke(ink, 0.25)
    out: list[Shape] = [Line(x, y, x + 50, y, Stroke(ink, 0.35))]
    for mm in range(51):
        tick = 3.2 if mm % 10 == 0 else (2.2 if mm % 5 == 0 else 1.2)
        out.append(Line(x + mm, y, x + mm, y - tick, stroke))
    for mm in range(0, 51, 10):
        out.append(Text(x + mm, y + 3.2, str(mm), 6.5, "regular", "middle", ink))
    note = (f"This bar is exactly 50 mm and each square {cell:g} mm when printed at 100 % "
            "(“actual size”, no “fit to page”).")
    out.append(Text(x + 54, y - 0.4, note, 7.5, "italic", "start", ink))
    width = 54 + text_width_mm(note, "italic", 7.5)
    return Group(tuple(out), title="50 mm calibration bar",
                 desc=f"Measure this bar: it should be 50 mm. Squares are {cell:g} mm."), width


LEGEND_ITEMS: tuple[tuple[StoneKind, str, str | None, str], ...] = (
    ("standard", "standard stone", None, ""),
    ("thunder", "thunder-stone", THORN.char, "thorn"),
    ("woden", "Woden-stone", OS.char, "ós"),
)


def legend(x: float, y: float, width: float, theme: str, cell: float = 9.0,
           size: float = 8.5) -> tuple[Group, float]:
    """The three stone kinds, Dark and Light, each with its name and rune.

    (x, y) is the top-left; the items share `width` evenly. Returns the group
    and its height.
    """
    ink = THEMES[theme].ink
    out: list[Shape] = []
    slot = width / len(LEGEND_ITEMS)
    cy = y + cell / 2
    for i, (kind, name, rune, rune_name) in enumerate(LEGEND_ITEMS):
        left = x + i * slot
        parts: list[Shape] = [
            stone_shape(Stone(DARK, kind), left + cell / 2, cy, cell, theme),
            stone_shape(Stone(LIGHT, kind), left + cell * 1.5 + 0.6, cy, cell, theme),
        ]
        tx = left + 2 * cell + 2.4
        if rune is None:
            parts.append(Text(tx, cy + 0.34 * size * MM_PER_PT, name, size, "regular", "start",
                              ink))
        else:
            parts.append(Text(tx, cy - 0.4, name, size, "regular", "start", ink))
            rune_h = size * MM_PER_PT * 0.95
            parts.append(rune_shapes(rune, tx + rune_h * 0.25, cy + 1.1 + rune_h / 2 - 0.3,
                                     rune_h, ink, rune_h * 0.11, titled=True))
            parts.append(Text(tx + rune_h * 0.7 + 0.8, cy + 1.1 + rune_h * 0.62, rune_name,
                              size * 0.92, "italic", "start", ink))
        title = f"Legend: {name}" + (f", rune {rune} ({rune_name})" if rune else "")
        out.append(Group(tuple(parts), title=title))
    return Group(tuple(out), title="Stones"), cell
