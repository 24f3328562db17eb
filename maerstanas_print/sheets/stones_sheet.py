"""A sheet of Cyngesheall stones to cut out: ten of each colour.

Each side has eight plain stones, a commander (the thunder-stone, ᚦ) and a
king (the Woden-stone, ᚩ). The stones are the board's own drawing
(`draw.board.stone_shape`, runes as vector strokes), scaled so every stone
is a 21 mm disc that sits well in a 24 mm square, inside a dashed 22 mm
cutting circle. Two rows of five per colour, as on the designer's sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.board import THEMES, Stone, StoneKind, stone_shape
from maerstanas_print.draw.shapes import Circle, Group, Line, Page, Shape, Stroke, Text
from maerstanas_print.engine import DARK, LIGHT
from maerstanas_print.games import CYNGESHEALL
from maerstanas_print.sheets.common import (
    INK,
    PAPERS,
    SOFT,
    Paper,
    Sheet,
    SheetError,
    calibration_bar,
    game_licence,
    header,
    licence_line,
    paragraph,
)

MARGIN = 12.0
STONE_MM = 21.0  # the printed stone's outer diameter
CUT_MM = 22.0  # the cutting circle's diameter
PITCH = 31.0  # centre to centre: room for scissors and a name between the circles
PER_ROW = 5
# The share of a square a stone's outermost outline spans (see stone_shape).
OUTER_SHARE: dict[StoneKind, float] = {"standard": 0.8, "thunder": 0.92, "woden": 0.92}
KINDS: tuple[tuple[StoneKind, int], ...] = (("woden", 1), ("thunder", 1), ("standard", 8))
NAMES = {"woden": "king", "thunder": "commander", "standard": "stone"}


@dataclass(frozen=True, slots=True)
class StonesSheetOptions:
    paper: str = "a4"
    theme: str = "print"


def stones_sheet(options: StonesSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use a4 or letter")
    if options.theme not in THEMES:
        raise SheetError(f"unknown theme {options.theme!r}: use {' or '.join(THEMES)}")
    theme = "" if options.theme == "print" else f"-{options.theme}"
    return Sheet(
        title=f"{CYNGESHEALL.title}: stones to cut out",
        subject="Ten stones of each colour for Cyngesheall: eight plain, a commander, a king",
        paper=paper,
        pages=(_page(paper, options.theme),),
        file_stem=f"stones-{CYNGESHEALL.slug}-{paper.key}{theme}",
    )


def cut_stone(stone: Stone, cx: float, cy: float, theme: str) -> Group:
    """One stone to cut out: the board's stone drawing inside a dashed cutting circle."""
    ink = THEMES[theme].ink
    cell = STONE_MM / OUTER_SHARE[stone.kind]
    drawn = stone_shape(stone, cx, cy, cell, theme)
    cut = Circle(cx, cy, CUT_MM / 2, Stroke(ink, 0.2, dash=(1.2, 0.9)), None)
    side = "Dark" if stone.side == DARK else "Light"
    return Group((cut, *drawn.children), title=f"{side} {NAMES[stone.kind]} to cut out")


def _page(paper: Paper, theme: str) -> Page:
    width = paper.width - 2 * MARGIN
    shapes, top = header(paper, MARGIN, "Stones to cut out", CYNGESHEALL.title)
    intro = ("Each side plays with ten stones: eight plain stones, the commander (the "
             "thunder-stone, marked ᚦ) and the king (the Woden-stone, marked ᚩ). A Mǽrstánas "
             "set already contains them all, so you only need this sheet if you have no set. "
             "Print at 100 % on card, or glue the sheet to card, then cut along the dashed "
             "circles. Each stone is 21 mm across, for the 24 mm squares of the playing board.")
    # The runes in the text are drawn, not typed (no font has a proper ᚩ): leave them out here.
    intro = intro.replace(", marked ᚦ", "").replace(", marked ᚩ", "")
    lines, last = paragraph(intro, MARGIN, top + 6.0, width, 9.5, "regular", INK, 1.3)
    shapes.append(Group(tuple(lines), title="About these stones"))
    block_w = (PER_ROW - 1) * PITCH
    x0 = (paper.width - block_w) / 2
    heading_h, block_gap = 7.0, 12.0
    block_h = heading_h + 2 * PITCH  # a heading and two rows of five
    furniture_h = 22.0  # the calibration bar and the cutting guide
    room = (paper.height - MARGIN - 8.0) - (last + 6.0)
    spare = max(0.0, room - 2 * block_h - block_gap - furniture_h)
    y = last + 6.0 + spare * 0.35
    count = 0
    for side, side_name in ((DARK, "Dark"), (LIGHT, "Light")):
        stones = [Stone(side, kind) for kind, n in KINDS for _ in range(n)]
        heading = Text(x0 - CUT_MM / 2, y + 4.0, f"{side_name}: king, commander, eight stones",
                       10, "bold", "start", INK)
        parts: list[Shape] = [heading]
        top = y + heading_h + PITCH / 2
        for index, stone in enumerate(stones):
            row, col = divmod(index, PER_ROW)
            cx, cy = x0 + col * PITCH, top + row * PITCH
            parts.append(cut_stone(stone, cx, cy, theme))
            if stone.kind != "standard":
                parts.append(Text(cx, cy + CUT_MM / 2 + 3.4, NAMES[stone.kind], 7.5, "italic",
                                  "middle", SOFT))
            count += 1
        shapes.append(Group(tuple(parts), title=f"{side_name} stones"))
        y += block_h + block_gap + spare * 0.15
    # A ruler check: the stones are only the right size if the page was not scaled.
    note = ("This bar is exactly 50 mm and each stone 21 mm across when printed at 100 % "
            "(“actual size”, no “fit to page”).")
    _, bar_w = calibration_bar(0, 0, 0, theme, note)
    bar, _ = calibration_bar((paper.width - bar_w) / 2, y + 4.0, 0, theme, note)
    shapes.append(bar)
    shapes.append(_scissors_note(paper, y + 16.0, theme))
    shapes.append(licence_line(paper, text=game_licence(CYNGESHEALL)))
    assert count == 20
    label = f"{CYNGESHEALL.title}: 20 stones to cut out on {paper.name}"
    return Page(paper.width, paper.height, tuple(shapes), label)


def _scissors_note(paper: Paper, y: float, theme: str) -> Group:
    """A sample of the cutting line with what it means."""
    ink = THEMES[theme].ink
    x = paper.width / 2 - 38.0
    parts: list[Shape] = [
        Line(x, y - 1.2, x + 12.0, y - 1.2, Stroke(ink, 0.2, dash=(1.2, 0.9))),
        Text(x + 15.0, y, "cut here (22 mm circle); the stone inside is 21 mm across", 7.5,
             "italic", "start", SOFT),
    ]
    return Group(tuple(parts), title="Cutting guide")
