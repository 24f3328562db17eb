"""The movement games' score sheet: a paper record of one game in notation order.

Read left to right and top to bottom, a filled sheet is the record as it is
typed: the tags, then numbered rows of Dark's and Light's moves, each a box
for the move (`KA5-A1`) and a line for the pieces it took (`xD4`), then the
result. The fields are as wide as the longest move and the longest capture
list the game allows, in handwriting (`CHAR_MM` a character); as many blocks
of rows stand side by side as the paper's width then holds. A long game goes
on to another sheet printed with `--from`, whose first number follows on; that
sheet's head holds only what matches it to the first (event, players, sheet
number), leaving the rows more room. The worked examples are real moves of
the game (`score_notation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from maerstanas_print.draw.shapes import MM_PER_PT, Group, Line, Page, Rect, Shape, Stroke, Text
from maerstanas_print.fonts import text_width_mm
from maerstanas_print.games.tafl.replay import ENDINGS
from maerstanas_print.games.tafl.score_notation import examples, longest_capture, longest_move
from maerstanas_print.sheets.capabilities import FILE_PARTS
from maerstanas_print.sheets.common import (
    INK,
    MAX_FIRST,
    PAPERS,
    SOFT,
    TICK_BOX,
    WRITING_LINE,
    Sheet,
    SheetError,
    body_floor,
    choice_boxes,
    game_licence,
    header,
    licence_line,
    paragraph,
    score_sheet_of,
    sheet_number_field,
    writing_field,
)
from maerstanas_print.sides import DARK, LIGHT

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame

MARGIN = 12.0
ROW_H = 7.0  # mm, as chess score sheets
NOTE_DROP = 3.1  # mm from the last row's line to the continuation note's baseline
CHAR_MM = 3.0  # the width of one handwritten character
FIELD_PAD = 2.0  # mm left free in a field besides the characters
BLOCK_GAP = 6.0
HEAD_H = 9.5
HEAD_PT = 8.0
NUMBER_PT = 9.0
EXAMPLE_PT = 10.5
RULE = Stroke(INK, 0.35)


@dataclass(frozen=True, slots=True)
class TaflScoreSheetOptions:
    game: TaflGame
    paper: str = "a4"
    first: int = 1  # the number of the sheet's first move


@dataclass(frozen=True, slots=True)
class Columns:
    """The widths (mm) of one block: the number, and per side the move and capture fields."""

    number: float
    move: float
    taken: float

    @property
    def side(self) -> float:
        return self.move + self.taken

    @property
    def block(self) -> float:
        return self.number + 2 * self.side


def side_names(game: TaflGame) -> dict[int, str]:
    """Dark and Light, with the 1992 post's Black and White where it uses them."""
    if game.look.pieces == "men":
        return {DARK: "Dark (Black)", LIGHT: "Light (White)"}
    return {DARK: "Dark", LIGHT: "Light"}


def winner_names(game: TaflGame) -> dict[int, str]:
    """The sides as the game's own rules call them, for the result."""
    if game.look.pieces == "men":
        return {DARK: "Black", LIGHT: "White"}
    return {DARK: "Dark", LIGHT: "Light"}


def least_columns(game: TaflGame, last_number: int) -> Columns:
    """The narrowest block that holds the longest move and capture list by hand."""
    number = text_width_mm(f"{last_number}.", "regular", NUMBER_PT) + 2.4
    return Columns(
        max(number, 8.0),
        len(longest_move(game)) * CHAR_MM + FIELD_PAD,
        len(longest_capture(game)) * CHAR_MM + FIELD_PAD,
    )


def layout(game: TaflGame, width: float, last_number: int) -> tuple[int, Columns]:
    """How many blocks stand side by side in `width`, and each block's columns, the
    fields widened to share what is left."""
    least = least_columns(game, last_number)
    blocks = int((width + BLOCK_GAP) // (least.block + BLOCK_GAP))
    if blocks < 1:
        raise SheetError("the move fields do not fit this paper")  # pragma: no cover
    spare = ((width - (blocks - 1) * BLOCK_GAP) / blocks - least.block) / 2
    grow = spare / least.side
    return blocks, Columns(least.number, least.move * (1 + grow), least.taken * (1 + grow))


def score_sheet(options: TaflScoreSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use {', '.join(PAPERS)}")
    if not 1 <= options.first <= MAX_FIRST:
        raise SheetError(f"the first move number must be 1 to {MAX_FIRST}, not {options.first}")
    game = options.game
    shapes, top = header(paper, MARGIN, "Game record", game.title)
    width = paper.width - 2 * MARGIN
    if options.first == 1:
        tags, tags_h = _tags(game, MARGIN, top + 6.0, width)
        shapes.append(tags)
        worked, worked_h = _examples(game, MARGIN, top + 6.0 + tags_h + 3.0, width)
        shapes.append(worked)
        table_top = top + 6.0 + tags_h + 3.0 + worked_h + 3.0
    else:  # a following sheet: which game and which sheet, then rows (the first has the rest)
        tags, tags_h = _following_tags(game, MARGIN, top + 6.0, width)
        shapes.append(tags)
        table_top = top + 6.0 + tags_h + 3.0
    # The rows end where the continuation note under them still keeps clear of the foot.
    bottom = min(paper.height - MARGIN - 6.0, body_floor(paper) - NOTE_DROP)
    rows = int((bottom - table_top - HEAD_H) // ROW_H)
    if rows < 15:
        raise SheetError("the move rows do not fit this paper")  # pragma: no cover
    blocks, columns = layout(game, width, options.first + rows - 1)
    blocks, columns = layout(game, width, options.first + blocks * rows - 1)
    names = side_names(game)
    for block in range(blocks):
        x = MARGIN + block * (columns.block + BLOCK_GAP)
        first = options.first + block * rows
        shapes.append(_block(x, table_top, columns, rows, first, names))
    following = options.first + blocks * rows
    note = f"a longer game goes on to a sheet whose moves start at {following}"
    shapes.append(
        Text(
            paper.width - MARGIN,
            table_top + HEAD_H + rows * ROW_H + NOTE_DROP,
            note,
            7,
            "italic",
            "end",
            SOFT,
        )
    )
    shapes.append(licence_line(paper, text=game_licence(game)))
    page = Page(
        paper.width,
        paper.height,
        tuple(shapes),
        f"A {game.title} score sheet on {paper.name}, moves {options.first} to {following - 1}",
    )
    stem = f"scoresheet{FILE_PARTS.of(game)}-{paper.key}"
    if options.first != 1:
        stem += f"-from{options.first}"
    return score_sheet_of(
        game.title, paper, page, stem, following, designer=game.definition.designer
    )


def _tags(game: TaflGame, x: float, top: float, width: float) -> tuple[Group, float]:
    """The tag fields in a canonical record's order, the sheet's number, the result to
    tick and how the game ended (the Termination tag)."""
    out: list[Shape] = []
    half = (width - 6.0) / 2
    y = top + 4.0
    names = side_names(game)
    for left, right in (("Event", "Site"), ("Date", "Round"), (names[DARK], names[LIGHT])):
        out += writing_field(x, y, half, left, 9)
        out += writing_field(x + half + 6.0, y, half, right, 9)
        y += 8.0
    out += writing_field(x, y, half, "Options", 9)
    out += sheet_number_field(x + half + 6.0, y, half)
    y += 8.0
    winners = winner_names(game)
    boxes, result_end = choice_boxes(
        x,
        y,
        "Result",
        (
            f"1-0 ({winners[DARK]} won)",
            f"0-1 ({winners[LIGHT]} won)",
            "1/2-1/2 (drawn)",
            "* (unfinished)",
        ),
        8.5,
    )
    out += boxes
    ended = (*ENDINGS, "agreed")
    _, ending_w = choice_boxes(0.0, 0.0, "Ended by", ended, 8.5)
    if result_end + 6.0 + ending_w > x + width:
        y += 8.0
        ex = x
    else:
        ex = result_end + 6.0
    ending, _ = choice_boxes(ex, y, "Ended by", ended, 8.5)
    out += ending
    return Group(tuple(out), title="Game details (tags), sheet number and result"), y - top + 1.0


def _following_tags(game: TaflGame, x: float, top: float, width: float) -> tuple[Group, float]:
    """A following sheet's head: enough to match it to its first sheet, and its number.
    The result, the ending and the worked examples stay on the first sheet."""
    out: list[Shape] = []
    half = (width - 6.0) / 2
    y = top + 4.0
    names = side_names(game)
    out += writing_field(x, y, half, "Event", 9)
    out += sheet_number_field(x + half + 6.0, y, half)
    y += 8.0
    out += writing_field(x, y, half, names[DARK], 9)
    out += writing_field(x + half + 6.0, y, half, names[LIGHT], 9)
    return Group(tuple(out), title="Which game, and which of its sheets"), y - top + 1.0


def _examples(game: TaflGame, x: float, top: float, width: float) -> tuple[Group, float]:
    """Worked examples side by side: what each shows, over the move as it is written in
    a row's move box and on its capture line."""
    cases = examples(game)
    cell = width / len(cases)
    out: list[Shape] = []
    lowest = top
    for i, case in enumerate(cases):
        label, last = paragraph(
            case.label, x + i * cell, top + 3.0, cell - 4.0, 8, "italic", INK, 1.2
        )
        lowest = max(lowest, last)
        out += label
    box_top = lowest + 2.0
    for i, case in enumerate(cases):
        cx = x + i * cell
        move, taken = split_move(case.text)
        box_w = (cell - 4.0) * 0.48
        baseline = box_top + ROW_H / 2 + 0.34 * EXAMPLE_PT * MM_PER_PT
        out.append(Rect(cx, box_top + 0.75, box_w, ROW_H - 1.5, TICK_BOX, None))
        out.append(Text(cx + 1.5, baseline, move, EXAMPLE_PT, "bold", "start", INK))
        out.append(
            Line(
                cx + box_w + 1.5,
                box_top + ROW_H - 1.2,
                cx + cell - 4.0,
                box_top + ROW_H - 1.2,
                WRITING_LINE,
            )
        )
        if taken:
            out.append(Text(cx + box_w + 2.5, baseline, taken, EXAMPLE_PT, "bold", "start", INK))
    return (
        Group(
            tuple(out),
            title="How to write a move",
            desc="Worked examples: " + "; ".join(f"{c.label}: {c.text}" for c in cases),
        ),
        box_top + ROW_H - top,
    )


def split_move(text: str) -> tuple[str, str]:
    """A move's text as a row holds it: the move in the box (with its `!` when it took
    nothing), from the `x` on the capture line (`J5-J7`, `xKJ8!`)."""
    move, x, taken = text.partition("x")
    return move, x + taken


def _block(
    x: float, top: float, columns: Columns, rows: int, first: int, names: dict[int, str]
) -> Group:
    """Column heads, then `rows` numbered rows of Dark's and Light's moves."""
    number_w, side_w, move_w = columns.number, columns.side, columns.move
    width = columns.block
    out: list[Shape] = []
    for i, side in enumerate((DARK, LIGHT)):
        sx = x + number_w + i * side_w
        out.append(Text(sx + side_w / 2, top + 3.5, names[side], 9.5, "bold", "middle", INK))
        out.append(Text(sx + move_w / 2, top + 8.0, "move", HEAD_PT, "italic", "middle", INK))
        out.append(
            Text(
                sx + move_w + (side_w - move_w) / 2,
                top + 8.0,
                "x taken",
                HEAD_PT,
                "italic",
                "middle",
                INK,
            )
        )
    out.append(Text(x + number_w - 1.4, top + 8.0, "No.", HEAD_PT, "italic", "end", INK))
    table_top = top + HEAD_H
    out.append(Line(x, table_top, x + width, table_top, RULE))
    for r in range(rows):
        y = table_top + r * ROW_H
        number = first + r
        out.append(
            Text(
                x + number_w - 1.4,
                y + ROW_H / 2 + 0.34 * NUMBER_PT * MM_PER_PT,
                f"{number}.",
                NUMBER_PT,
                "regular",
                "end",
                INK,
            )
        )
        for i in range(2):
            sx = x + number_w + i * side_w
            out.append(Rect(sx + 1.0, y + 0.75, move_w - 2.0, ROW_H - 1.5, TICK_BOX, None))
            out.append(
                Line(
                    sx + move_w + 1.0,
                    y + ROW_H - 1.2,
                    sx + side_w - 1.5,
                    y + ROW_H - 1.2,
                    WRITING_LINE,
                )
            )
        stroke = RULE if number % 5 == 0 or r + 1 == rows else WRITING_LINE
        out.append(Line(x, y + ROW_H, x + width, y + ROW_H, stroke))
    bottom_y = table_top + rows * ROW_H
    for vx in (x + number_w, x + number_w + side_w):
        out.append(Line(vx, top + 5.0, vx, bottom_y, TICK_BOX))
    return Group(
        tuple(out),
        title=f"Moves {first} to {first + rows - 1}",
        desc="Each row: the move number, then Dark's move and Light's move, each "
        "with the squares of any pieces it took.",
    )
