"""The first page of a print-and-play kit, and the foot every later page carries.

A print shop and a first-time player read the same cover: the parts with their
page numbers and what each goes on (paper or card), the settings that keep the
board and the pieces true to size, the page whose bar checks the scale, what
else to have at hand, and the credit of the game and its rules, given once for
the whole kit. Every later page carries one foot in place of the credit lines
its sheet has on its own: the game, its author, the kit's edition and "page N
of M", so a loose page still says where it belongs.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.board import board_shapes, spec_for_game
from maerstanas_print.draw.shapes import Group, Line, Page, Shape, Stroke, Text, translate
from maerstanas_print.draw.theme import INK_SAVER_DRAWS
from maerstanas_print.fonts import text_width_mm
from maerstanas_print.games.protocol import Game
from maerstanas_print.sheets.common import FOOT_MM, INK, SOFT, header, paragraph
from maerstanas_print.sheets.paper import Paper

MARGIN = 12.0  # as the sheets: clear of the 10 mm home printers may clip
BODY_PT = 10.5
SECTION_PT = 12.5
ROW_MM = 7.5  # a row of the list of parts
HAIR = Stroke("#8c8c8c", 0.15)
FOOT_PT = 7.0
PICTURE_MM = 100.0  # the widest the cover's board is drawn: a picture, not a board to play on
# The smallest square the picture is drawn with: 2 mm still shows a 19 x 19 start
# position (Letter's shorter page leaves the 1992 board about 2.7 mm).
MIN_PICTURE_CELL = 2.0

# What the ink-saver theme reaches in a kit: every part (quick reference, setup, board,
# stones, score sheets and this cover's picture). `kit --help` says it in these words.
KIT_THEMED = "every board, piece and figure"
# What a theme changes, as the cover says it (the theme's own name leads the sentence).
THEME_WORDS = {"ink-saver": f"{KIT_THEMED} is drawn {INK_SAVER_DRAWS}."}

__all__ = ["KitCover", "KitEntry", "cover_page", "kit_footer"]


@dataclass(frozen=True, slots=True)
class KitEntry:
    """One part of the kit as the cover lists it."""

    page: int
    name: str
    on_card: bool = False  # pieces to cut out: card, or paper glued to card


@dataclass(frozen=True, slots=True)
class KitCover:
    """What the cover says; every number in it comes from the kit's own pages."""

    game: Game
    paper: Paper  # the paper the cover is designed on (A3 and Tabloid kits are enlarged)
    printed_on: str  # the paper the kit is printed on, as the reader names it
    entries: tuple[KitEntry, ...]
    pieces: str  # "stones" or "pieces": what the kit has to cut out ("" for none)
    scale_page: int  # the page whose 50 mm bar checks the print
    square_mm: float  # the board's square there
    credits: tuple[str, ...]  # plain sentences: the game's credit, the rules' adaptation
    edition: str  # the release date of the kit's rules ("" for none)
    theme: str = "print"


def cover_page(cover: KitCover) -> Page:
    """The kit's first page, drawn like the sheets (title rule, Cardo, mm)."""
    paper = cover.paper
    width = paper.width - 2 * MARGIN
    title = cover.game.title
    shapes, y = header(paper, MARGIN, "Print-and-play kit", title)
    cut = f", cut out the {cover.pieces}" if cover.pieces else ""
    lead, y = paragraph(
        f"Everything needed to play {title} at a table with a pencil: print the "
        f"{len(cover.entries) + 1} pages of this kit{cut}, and play.",
        MARGIN,
        y + 10.0,
        width,
        BODY_PT,
    )
    shapes += lead
    if cover.theme != "print":  # a print shop holding both files tells them apart
        edition, y = paragraph(
            f"This is the {cover.theme} edition: {THEME_WORDS.get(cover.theme, '')}",
            MARGIN,
            y + 6.0,
            width,
            BODY_PT,
            "italic",
            INK,
        )
        shapes += edition
    y = _section(shapes, "In this kit", y + 11.0)
    shapes.append(_parts_table(cover, MARGIN, y + 3.0, width))
    y += 3.0 + (len(cover.entries) + 1) * ROW_MM
    y = _section(shapes, "Printing", y + 9.0)
    card = [entry.page for entry in cover.entries if entry.on_card]
    advice = [
        f"Print at 100 % (“actual size”), single-sided, on {cover.printed_on}: “fit to page” "
        f"shrinks the board{' and the ' + cover.pieces if cover.pieces else ''}.",
        f"Check the scale before you cut: the bar on page {cover.scale_page} is exactly "
        f"50 mm long and each square of the board {cover.square_mm:g} mm.",
    ]
    if card:
        pages = _pages_text(card)
        advice.append(
            f"Print {pages} on thin card (about 160 to 250 g/m²), or glue the paper onto "
            f"card before cutting: {cover.pieces} of card are easier to pick up and move."
        )
    y = _bullets(shapes, advice, y + 2.0, width)
    y = _section(shapes, "You also need", y + 9.0)
    needs = ["a pencil and an eraser, for the score sheet"]
    if cover.pieces:
        needs.append(f"scissors, or a craft knife and a steel ruler, for the {cover.pieces}")
    y = _bullets(shapes, [need[0].upper() + need[1:] + "." for need in needs], y + 2.0, width)
    credits = _credits(cover, width)
    credits_top = paper.height - FOOT_MM - 4.0 - credits[1]
    picture = _board_picture(cover, y + 10.0, credits_top - 12.0)
    if not picture:  # no room for a picture: the credits follow on, leaving no hole
        credits_top = y + 14.0
    shapes += picture
    shapes += translate([credits[0]], MARGIN, credits_top)
    label = f"{title} print-and-play kit: contents and printing"
    return Page(paper.width, paper.height, tuple(shapes), label)


def _credits(cover: KitCover, width: float) -> tuple[Group, float]:
    """The credits, from their top at 0: the group and its height."""
    out: list[Shape] = [Text(0, SECTION_PT * 0.3, "Credits", SECTION_PT, "bold", "start", INK)]
    y = SECTION_PT * 0.3
    dated = (
        (f"This kit and its quick reference were released on {cover.edition}.",)
        if cover.edition
        else ()
    )
    for sentence in (*cover.credits, *dated):
        lines, y = paragraph(sentence, 0, y + 5.5, width, 9.0, "italic", INK)
        out += lines
    return Group(tuple(out), title="Credits"), y + 1.5


def _board_picture(cover: KitCover, top: float, bottom: float) -> list[Shape]:
    """The game's board as it starts, centred in the room between `top` and `bottom`
    (nothing when the room is too small to show it)."""
    game = cover.game
    start = game.start_stones()
    base = spec_for_game(game, cell=10.0, stones=start, theme=cover.theme, title="")
    width, height = base.size()
    cell = min(10.0 * (bottom - top) / height, 10.0 * PICTURE_MM / width)
    if cell < MIN_PICTURE_CELL:
        return []
    spec = spec_for_game(
        game,
        cell=cell,
        stones=start,
        theme=cover.theme,
        title=f"{game.title}: the board as a game starts",
    )
    width, height = spec.size()
    x = (cover.paper.width - width) / 2
    return [board_shapes(spec, x, top + (bottom - top - height) / 2)]


def kit_footer(paper: Paper, label: str, number: int, total: int) -> list[Shape]:
    """The foot of kit page `number`: `label` at the left, "page N of M" at the right,
    on the baseline the sheets' own credit line uses."""
    y = paper.height - FOOT_MM
    count = f"page {number} of {total}"
    room = paper.width - 2 * MARGIN - text_width_mm(count, "italic", FOOT_PT) - 6.0
    size = FOOT_PT
    while text_width_mm(label, "italic", size) > room and size > 6.0:
        size -= 0.25  # a long game title: a little smaller, never under 6 pt
    return [
        Text(MARGIN, y, label, size, "italic", "start", SOFT),
        Text(paper.width - MARGIN, y, count, FOOT_PT, "italic", "end", SOFT),
    ]


def _section(shapes: list[Shape], title: str, y: float) -> float:
    shapes.append(Text(MARGIN, y, title, SECTION_PT, "bold", "start", INK))
    return y


def _parts_table(cover: KitCover, x: float, top: float, width: float) -> Group:
    """Page, part, and what to print it on, one ruled row each (the cover is page 1)."""
    rows = [KitEntry(1, "This page: contents and printing"), *cover.entries]
    out: list[Shape] = []
    for index, entry in enumerate(rows):
        base = top + (index + 1) * ROW_MM - 2.2
        out.append(Text(x + 8.0, base, str(entry.page), BODY_PT, "bold", "end", INK))
        out.append(Text(x + 13.0, base, entry.name, BODY_PT, "regular", "start", INK))
        stock = "card" if entry.on_card else "paper"
        out.append(Text(x + width, base, stock, BODY_PT, "italic", "end", INK))
        line_y = top + (index + 1) * ROW_MM
        out.append(Line(x, line_y, x + width, line_y, HAIR))
    names = "; ".join(f"page {entry.page}: {entry.name}" for entry in rows)
    return Group(tuple(out), title="In this kit", desc=names)


def _bullets(shapes: list[Shape], items: list[str], y: float, width: float) -> float:
    """Bulleted paragraphs under baseline `y`; returns the last baseline."""
    for item in items:
        shapes.append(Text(MARGIN + 1.5, y + 6.0, "•", BODY_PT, "regular", "start", INK))
        lines, y = paragraph(item, MARGIN + 6.0, y + 6.0, width - 6.0, BODY_PT)
        shapes += lines
    return y


def _pages_text(pages: list[int]) -> str:
    if len(pages) == 1:
        return f"page {pages[0]}"
    return "pages " + ", ".join(str(page) for page in pages[:-1]) + f" and {pages[-1]}"
