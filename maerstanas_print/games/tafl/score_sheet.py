"""The movement games' score sheet: a paper record of one game in notation order.

Read left to right and top to bottom, a filled sheet is the record as it is
typed: the tags, then numbered rows of Dark's and Light's moves, each a box
for the move (`KA5-A1`) and one for the pieces it took (`xD4`), then the
result. The rows run in two blocks side by side; a long game goes on to a
second sheet, whose numbers the player writes over. The notation line is
made from the game's own start position, so its examples are real moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from maerstanas_print.draw.shapes import MM_PER_PT, Group, Line, Page, Rect, Shape, Stroke, Text
from maerstanas_print.games.tafl.engine import TaflPosition
from maerstanas_print.sheets.common import (
    INK,
    PAPERS,
    SOFT,
    TICK_BOX,
    WRITING_LINE,
    Sheet,
    SheetError,
    choice_boxes,
    game_licence,
    header,
    licence_line,
    paragraph,
    score_sheet_of,
    writing_field,
)
from maerstanas_print.sides import DARK, LIGHT

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame

MARGIN = 12.0
ROW_H = 7.0  # mm, as chess score sheets
NO_W = 8.0
BLOCK_GAP = 6.0
HEAD_H = 9.5
HEAD_PT = 8.0
RULE = Stroke(INK, 0.35)


@dataclass(frozen=True, slots=True)
class TaflScoreSheetOptions:
    game: TaflGame
    paper: str = "a4"


def side_names(game: TaflGame) -> dict[int, str]:
    """Dark and Light, with the 1992 post's Black and White where it uses them."""
    if game.pieces == "men":
        return {DARK: "Dark (Black)", LIGHT: "Light (White)"}
    return {DARK: "Dark", LIGHT: "Light"}


def notation_line(game: TaflGame) -> str:
    """How to write a move, with examples taken from the start position."""
    position = TaflPosition.start(game.tafl)
    texts = [move.text(game.size) for move in position.legal_moves()]
    plain = next((t for t in texts if t[1].isdigit()), None)
    lettered = next((t for t in texts if not t[1].isdigit()), None)
    parts = ["Write each move from square to square"]
    if plain is not None:
        parts[0] += f" ({plain})"
    if lettered is not None:
        parts.append(f"a king's or commander's with its letter first ({lettered})")
    else:
        parts.append("the king's with K first")
    parts.append("after x the squares of the pieces taken, separated by /")
    return "; ".join(parts) + "; ! after the move that ends the game."


def score_sheet(options: TaflScoreSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use {', '.join(PAPERS)}")
    game = options.game
    shapes, top = header(paper, MARGIN, "Game record", game.title)
    width = paper.width - 2 * MARGIN
    tags, tags_h = _tags(game, MARGIN, top + 6.0, width)
    shapes.append(tags)
    lines, last = paragraph(notation_line(game), MARGIN, top + 6.0 + tags_h + 4.0, width, 8.5,
                            "regular", INK, 1.3)
    shapes.append(Group(tuple(lines), title="How to write a move"))
    table_top = last + 4.0
    bottom = paper.height - MARGIN - 6.0
    rows = int((bottom - table_top - HEAD_H) // ROW_H)
    if rows < 20:
        raise SheetError("the move rows do not fit this paper")  # pragma: no cover
    block_w = (width - BLOCK_GAP) / 2
    names = side_names(game)
    for block in range(2):
        x = MARGIN + block * (block_w + BLOCK_GAP)
        shapes.append(_block(x, table_top, block_w, rows, block * rows, names))
    shapes.append(licence_line(paper, text=game_licence(game)))
    page = Page(paper.width, paper.height, tuple(shapes),
                f"A {game.title} score sheet on {paper.name}, moves 1 to {2 * rows}")
    return score_sheet_of(game.title, paper, page, f"scoresheet{game.file_part}-{paper.key}")


def _tags(game: TaflGame, x: float, top: float, width: float) -> tuple[Group, float]:
    """The tag fields in a canonical record's order, and the result to tick."""
    out: list[Shape] = []
    half = (width - 6.0) / 2
    y = top + 4.0
    names = side_names(game)
    for left, right in (("Event", "Site"), ("Date", "Round"), (names[DARK], names[LIGHT])):
        out += writing_field(x, y, half, left, 9)
        out += writing_field(x + half + 6.0, y, half, right, 9)
        y += 8.0
    out += writing_field(x, y, half, "Options", 9)
    boxes, _ = choice_boxes(x + half + 6.0, y, "Result",
                            ("1-0 (Dark won)", "0-1 (Light won)", "1/2-1/2"), 8.5)
    out += boxes
    return Group(tuple(out), title="Game details (tags) and result"), y - top + 1.0


def _block(x: float, top: float, width: float, rows: int, first: int,
           names: dict[int, str]) -> Group:
    """Column heads, then `rows` numbered rows of Dark's and Light's moves."""
    side_w = (width - NO_W) / 2
    move_w = side_w * 0.58
    out: list[Shape] = []
    for i, side in enumerate((DARK, LIGHT)):
        sx = x + NO_W + i * side_w
        out.append(Text(sx + side_w / 2, top + 3.5, names[side], 9.5, "bold", "middle", INK))
        out.append(Text(sx + move_w / 2, top + 8.0, "move", HEAD_PT, "italic", "middle", INK))
        out.append(Text(sx + move_w + (side_w - move_w) / 2, top + 8.0, "x taken", HEAD_PT,
                        "italic", "middle", INK))
    out.append(Text(x + NO_W - 1.4, top + 8.0, "No.", HEAD_PT, "italic", "end", INK))
    table_top = top + HEAD_H
    out.append(Line(x, table_top, x + width, table_top, RULE))
    for r in range(rows):
        y = table_top + r * ROW_H
        number = first + r + 1
        out.append(Text(x + NO_W - 1.4, y + ROW_H / 2 + 0.34 * 9 * MM_PER_PT, f"{number}.", 9,
                        "regular", "end", INK))
        for i in range(2):
            sx = x + NO_W + i * side_w
            out.append(Rect(sx + 1.0, y + 0.75, move_w - 2.0, ROW_H - 1.5, TICK_BOX, None))
            out.append(Line(sx + move_w + 1.0, y + ROW_H - 1.2, sx + side_w - 1.5,
                            y + ROW_H - 1.2, WRITING_LINE))
        stroke = RULE if number % 5 == 0 or r + 1 == rows else WRITING_LINE
        out.append(Line(x, y + ROW_H, x + width, y + ROW_H, stroke))
    bottom_y = table_top + rows * ROW_H
    for vx in (x + NO_W, x + NO_W + side_w):
        out.append(Line(vx, top + 5.0, vx, bottom_y, TICK_BOX))
    if first:  # under the last block: where a long game goes on
        out.append(Text(x + width, bottom_y + 4.0, "a longer game goes on to a second sheet",
                        7, "italic", "end", SOFT))
    return Group(tuple(out), title=f"Moves {first + 1} to {first + rows}",
                 desc="Each row: the move number, then Dark's move and Light's move, each "
                      "with the squares of any pieces it took.")
