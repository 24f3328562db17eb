"""A sheet of stones to cut out, for any game with a stone set (`Game.stone_set`).

Each stone is a token: a disc with the board's own stone drawing on it
(`draw.board.stone_shape`, runes as vector strokes), 21 mm across to sit in
the 24 mm squares of the playing board. The cut line is that 21 mm circle; a
Dark token's tone runs 1.5 mm past it (bleed), so a cut a little wide still
leaves no white rim, and every mark stays at least 1.5 mm inside it. Four short cut
marks outside the bleed show where the circle runs on a dark token too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from maerstanas_print.draw.board import THEMES, Stone, stone_shape
from maerstanas_print.draw.shapes import Circle, Group, Line, Page, Shape, Stroke, Text
from maerstanas_print.games.protocol import Game
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
from maerstanas_print.sides import DARK, LIGHT

MARGIN = 12.0
STONE_MM = 21.0  # the token as it sits on the board
CUT_MM = STONE_MM  # the cutting circle is the stone's edge
BLEED_MM = 1.5  # a Dark token's tone runs this far past the cut
SAFE_MM = 1.5  # and every mark stays this far inside it
TICK_MM = 1.4  # cut marks, outside the bleed
# Centre to centre: the bleeds 1 mm apart. The cut marks stand on the diagonals,
# where the neighbours are furthest, so they need no room of their own.
PITCH = CUT_MM + 2 * BLEED_MM + 1.0
MAX_PER_ROW = 7


@dataclass(frozen=True, slots=True)
class StonesSheetOptions:
    game: Game
    paper: str = "a4"
    theme: str = "print"


def stones_sheet(options: StonesSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use a4 or letter")
    if options.theme not in THEMES:
        raise SheetError(f"unknown theme {options.theme!r}: use {' or '.join(THEMES)}")
    game = options.game
    if not game.stone_set:
        raise SheetError(f"{game.title} is played with men, not stones: there is no stones "
                         "sheet for it")
    theme = "" if options.theme == "print" else f"-{options.theme}"
    per_side = sum(n for _, n, _ in game.stone_set)
    return Sheet(
        title=f"{game.title}: stones to cut out",
        subject=f"{per_side} stones of each colour for {game.title}: "
                + ", ".join(f"{n} {name}{'s' * (n > 1)}" for _, n, name in game.stone_set),
        paper=paper,
        pages=(_page(paper, game, options.theme),),
        file_stem=f"stones-{game.slug}-{paper.key}{theme}",
    )


def _inverse(theme: str):
    """The theme's marks in white: how a stone's outline and rune sit on a Dark token."""
    base = THEMES[theme]
    return replace(base, ink="#ffffff", grid="#ffffff", label="#ffffff", light_fill=None,
                   paper=None)


def cut_stone(stone: Stone, cx: float, cy: float, theme: str, name: str) -> Group:
    """One token: its tone (with bleed), the stone's drawing, the cut circle, cut marks."""
    look = THEMES[theme]
    # The drawing's outermost ring has a radius of 0.46 of a square: keep it and half
    # its line SAFE_MM inside the cut.
    cell = (STONE_MM / 2 - SAFE_MM - 0.25) / 0.46
    radius = CUT_MM / 2
    parts: list[Shape] = []
    solid = stone.side == DARK and look.dark_fill is not None
    if solid:
        parts.append(Circle(cx, cy, radius + BLEED_MM, None, look.dark_fill))
        if stone.kind != "standard":  # outline and rune in white on the Dark tone
            parts += stone_shape(Stone(LIGHT, stone.kind), cx, cy, cell,
                                 _inverse(theme)).children
        cut_ink = "#ffffff"
    else:
        parts += stone_shape(stone, cx, cy, cell, theme).children
        cut_ink = look.ink
    parts.append(Circle(cx, cy, radius, Stroke(cut_ink, 0.2, dash=(1.2, 0.9)), None))
    outer = radius + BLEED_MM + 0.4
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        dx, dy = math.cos(a), math.sin(a)
        parts.append(Line(cx + dx * outer, cy + dy * outer, cx + dx * (outer + TICK_MM),
                          cy + dy * (outer + TICK_MM), Stroke(look.ink, 0.2)))
    side = "Dark" if stone.side == DARK else "Light"
    return Group(tuple(parts), title=f"{side} {name} to cut out")


def _page(paper: Paper, game: Game, theme: str) -> Page:
    width = paper.width - 2 * MARGIN
    shapes, top = header(paper, MARGIN, "Stones to cut out", game.title)
    per_side = sum(n for _, n, _ in game.stone_set)
    kinds = ", ".join(f"{n} {name}{'s' * (n > 1)}" for _, n, name in game.stone_set)
    intro = (f"Each side plays with {per_side} stones: {kinds}. "
             + (f"{game.stones_note} " if game.stones_note else "")
             + "Print at 100 % on card, or glue the sheet to card, then cut along the dashed "
               "circles (the four short marks round each stone point at the circle). Each "
               "stone is 21 mm across, for the 24 mm squares of the playing board; Dark "
               "stones are printed 1.5 mm past the line, so a cut a little wide leaves no "
               "white rim.")
    lines, last = paragraph(intro, MARGIN, top + 6.0, width, 9.5, "regular", INK, 1.3)
    shapes.append(Group(tuple(lines), title="About these stones"))
    rows = math.ceil(per_side / MAX_PER_ROW)
    per_row = math.ceil(per_side / rows)  # rows as even as they come: 10 is two of five
    heading_h = 8.0
    block_h = heading_h + rows * PITCH
    furniture_h = 24.0  # the calibration bar and the cutting guide
    room_top, room_bottom = last + 6.0, paper.height - 22.0
    spare = room_bottom - room_top - 2 * block_h - furniture_h
    if spare < 0:  # pragma: no cover - the games' sets fit both papers
        raise SheetError(f"{per_side} stones a side do not fit a page of {paper.name}")
    gap = spare / 3  # the room left over, shared between the blocks: no empty third
    x0 = (paper.width - (per_row - 1) * PITCH) / 2
    y = room_top + gap * 0.5
    count = 0
    for side, side_name in ((DARK, "Dark"), (LIGHT, "Light")):
        stones = [(Stone(side, kind), name) for kind, n, name in game.stone_set
                  for _ in range(n)]
        heading = Text(x0 - PITCH / 2, y + 4.5, f"{side_name}: {kinds}", 10, "bold", "start",
                       INK)
        parts: list[Shape] = [heading]
        first = y + heading_h + PITCH / 2
        for index, (stone, name) in enumerate(stones):
            row, col = divmod(index, per_row)
            parts.append(cut_stone(stone, x0 + col * PITCH, first + row * PITCH, theme, name))
            count += 1
        shapes.append(Group(tuple(parts), title=f"{side_name} stones"))
        y += block_h + gap
    note = ("This bar is exactly 50 mm and each stone 21 mm across when printed at 100 % "
            "(“actual size”, no “fit to page”).")
    _, bar_w = calibration_bar(0, 0, 0, theme, note)
    bar, _ = calibration_bar((paper.width - bar_w) / 2, room_bottom - 14.0, 0, theme, note)
    shapes.append(bar)
    shapes.append(_scissors_note(paper, room_bottom - 3.0, theme))
    shapes.append(licence_line(paper, text=game_licence(game)))
    assert count == 2 * per_side
    label = f"{game.title}: {2 * per_side} stones to cut out on {paper.name}"
    return Page(paper.width, paper.height, tuple(shapes), label)


def _scissors_note(paper: Paper, y: float, theme: str) -> Group:
    """A sample of the cutting line with what it means."""
    ink = THEMES[theme].ink
    x = paper.width / 2 - 40.0
    parts: list[Shape] = [
        Line(x, y - 1.2, x + 12.0, y - 1.2, Stroke(ink, 0.2, dash=(1.2, 0.9))),
        Text(x + 15.0, y, "cut here: the circle is the stone's edge, 21 mm across", 7.5,
             "italic", "start", SOFT),
    ]
    return Group(tuple(parts), title="Cutting guide")
