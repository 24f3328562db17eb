"""A sheet of a tafl game's stones to cut out: every piece of its start position.

In Cyngesheall each side has eight plain stones, a commander (the
thunder-stone, ᚦ) and a king (the Woden-stone, ᚩ); the counts and names come
from the game's start position and its legend. The stones are the board's own drawing
(`draw.board.stone_shape`, runes as vector strokes), scaled so every stone
is a 21 mm disc that sits well in a 24 mm square, inside a dashed 22 mm
cutting circle. Two rows of five per colour, as on the designer's sheet.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from maerstanas_print.draw.board import THEMES, Stone, StoneKind, stone_shape
from maerstanas_print.draw.shapes import Circle, Group, Line, Page, Shape, Stroke, Text
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

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame

MARGIN = 12.0
STONE_MM = 21.0  # the printed stone's outer diameter
CUT_MM = 22.0  # the cutting circle's diameter
PITCH = 31.0  # centre to centre: room for scissors and a name between the circles
PER_ROW = 5
# The share of a square a stone's outermost outline spans (see stone_shape).
OUTER_SHARE: dict[StoneKind, float] = {"standard": 0.8, "thunder": 0.92, "woden": 0.92}
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten", "eleven", "twelve")


@dataclass(frozen=True, slots=True)
class StonesSheetOptions:
    game: TaflGame
    paper: str = "a4"
    theme: str = "print"


def _kinds(game: TaflGame) -> list[tuple[StoneKind, str, int]]:
    """(kind, name, count per side) in the legend's order: the pieces to cut out."""
    counts = Counter(stone.kind for stone in game.start_stones().values()
                     if stone.side == DARK)
    return [(kind, name, counts[kind]) for kind, name, _rune, _note in game.stone_legend()
            if counts[kind]]


def _count(n: int, name: str) -> str:
    return name if n == 1 else f"{COUNT_WORDS[n] if n < len(COUNT_WORDS) else n} {name}s"


def stones_sheet(options: StonesSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use a4 or letter")
    if options.theme not in THEMES:
        raise SheetError(f"unknown theme {options.theme!r}: use {' or '.join(THEMES)}")
    game = options.game
    if game.definition.stones_intro is None:
        raise SheetError(f"{game.title} has no stones to cut out")
    theme = "" if options.theme == "print" else f"-{options.theme}"
    kinds = _kinds(game)
    total = sum(n for _kind, _name, n in kinds)
    plain = [n for kind, _name, n in kinds if kind == "standard"]
    specials = [f"a {name}" for kind, name, n in kinds if kind != "standard"]
    subject = (f"{COUNT_WORDS[total].capitalize()} stones of each colour for {game.title}: "
               f"{COUNT_WORDS[plain[0] if plain else 0]} plain, {', '.join(reversed(specials))}")
    return Sheet(
        title=f"{game.title}: stones to cut out",
        subject=subject,
        paper=paper,
        pages=(_page(paper, game, options.theme),),
        file_stem=f"stones-{game.slug}-{paper.key}{theme}",
    )


def cut_stone(stone: Stone, name: str, cx: float, cy: float, theme: str) -> Group:
    """One stone to cut out: the board's stone drawing inside a dashed cutting circle."""
    ink = THEMES[theme].ink
    cell = STONE_MM / OUTER_SHARE[stone.kind]
    drawn = stone_shape(stone, cx, cy, cell, theme)
    cut = Circle(cx, cy, CUT_MM / 2, Stroke(ink, 0.2, dash=(1.2, 0.9)), None)
    side = "Dark" if stone.side == DARK else "Light"
    return Group((cut, *drawn.children), title=f"{side} {name} to cut out")


def _page(paper: Paper, game: TaflGame, theme: str) -> Page:
    width = paper.width - 2 * MARGIN
    shapes, top = header(paper, MARGIN, "Stones to cut out", game.title)
    kinds = _kinds(game)
    names = {kind: name for kind, name, _n in kinds}
    intro = game.definition.stones_intro or ""
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
        stones = [Stone(side, kind) for kind, _name, n in kinds for _ in range(n)]
        listing = ", ".join(_count(n, name) for _kind, name, n in kinds)
        heading = Text(x0 - CUT_MM / 2, y + 4.0, f"{side_name}: {listing}",
                       10, "bold", "start", INK)
        parts: list[Shape] = [heading]
        top = y + heading_h + PITCH / 2
        for index, stone in enumerate(stones):
            row, col = divmod(index, PER_ROW)
            cx, cy = x0 + col * PITCH, top + row * PITCH
            parts.append(cut_stone(stone, names[stone.kind], cx, cy, theme))
            if stone.kind != "standard":
                parts.append(Text(cx, cy + CUT_MM / 2 + 3.4, names[stone.kind], 7.5, "italic",
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
    shapes.append(licence_line(paper, MARGIN - 3.0, 7.0, game_licence(game)))
    label = f"{game.title}: {count} stones to cut out on {paper.name}"
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
