"""The score sheet: a paper record of one game, laid out in notation order.

Reading a filled sheet left to right, top to bottom gives the record as it
is typed: the tags (Event, Site, Date, Round, Dark, Light, then the rule
tags), then numbered move rows `12. T E4xE3/D4 W C5`, then the final line
`Dark: 42, Light: 39`. Each ply has tick boxes for T, W and Pass and a box for
the square, on 7 mm rows as chess score sheets have; each player's one
thunder-stone has a line for the squares it emptied.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.board import BoardSpec, board_shapes
from maerstanas_print.draw.shapes import MM_PER_PT, Group, Line, Page, Rect, Shape, Stroke, Text
from maerstanas_print.fonts import text_width_mm
from maerstanas_print.games.protocol import Game
from maerstanas_print.sheets.common import (
    INK,
    PAPERS,
    SOFT,
    TICK_BOX,
    WRITING_LINE,
    Paper,
    Sheet,
    SheetError,
    checkbox,
    choice_boxes,
    game_licence,
    header,
    licence_line,
    score_sheet_of,
    sheet_number_field,
    writing_field,
)

MIN_ROWS = 25  # 50 plies: games run 35-45, now and then about 50
ROW_H = 7.0  # mm: the row height of chess score sheets, room for a pencilled square
MARGIN = 12.0  # outer page margin: clear of the 10 mm home printers may clip
HAIR = WRITING_LINE
THIN = TICK_BOX
RULE = Stroke(INK, 0.35)
GAME = "Mǽrstánas"
DESIGNER = "John Beers"  # the Author of every Mǽrstánas sheet's PDF
CAPTION_GAP = 2.0  # mm from a caption's baseline to the figure under it
HEAD_PT = 8.0  # column heads: ink, not grey, and above the 6 pt floor
# The Result tag's values as a player ticks them (notation.md); "*" for a game left unfinished.
RESULT_WORDS = {"Dark": "Dark won", "Light": "Light won", "Tie": "tie", "*": "* (unfinished)"}


@dataclass(frozen=True, slots=True)
class ScoreSheetOptions:
    game: Game
    paper: str = "a4"
    rows: int | None = None  # None: as many 7 mm rows as the paper holds
    theme: str = "print"  # the final position's board: ink-saver draws it unfilled


@dataclass(frozen=True, slots=True)
class _Ply:
    """x offsets (mm, from the ply cell's left edge) of the parts of one ply."""

    t: float = 1.5
    w: float = 7.5
    p: float = 13.5
    square: float = 20.5
    square_w: float = 14.0
    width: float = 37.0
    box: float = 4.5


PLY = _Ply()


def score_sheet(options: ScoreSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use {', '.join(PAPERS)}")
    shapes = _record(options.game, paper, paper.height - MARGIN, options.rows, options.theme)
    page = Page(paper.width, paper.height, tuple(shapes), f"A {GAME} score sheet on {paper.name}")
    return score_sheet_of(GAME, paper, page, f"scoresheet-{paper.key}", designer=DESIGNER)


def _record(
    game: Game, paper: Paper, bottom: float, rows: int | None, theme: str = "print"
) -> list[Shape]:
    """One score sheet above `bottom`: the title as every sheet has it, the moves at
    the left (as many blocks of 7 mm rows side by side as the paper's width holds
    beside the right column: two on A3 and Tabloid, so big paper gets more rows of
    the same height, not bigger ones), the tags, result, thunder-stones and final
    position at the right."""
    left, right = MARGIN, paper.width - MARGIN
    moves_w = NO_W + 2 * PLY.width
    blocks = move_blocks(game, paper)
    col_x = left + blocks * (moves_w + BLOCK_GAP)  # right column: tags, thunder-stones, board
    col_w = right - col_x
    shapes, rule_y = header(paper, MARGIN, "Game record", GAME)
    body = rule_y + 4.0
    shapes.append(_tags(game, col_x, body, col_w))
    shapes.append(_thunder(col_x, body + TAGS_HEIGHT, col_w))
    if rows is None:
        rows = int((bottom - 6.0 - body - HEAD_H) // ROW_H)
    if rows < MIN_ROWS:
        raise SheetError("the move rows do not fit this paper")  # pragma: no cover
    for block in range(blocks):
        x = left + block * (moves_w + BLOCK_GAP)
        shapes.append(_move_table(x, body, bottom - 6.0, rows, block * rows + 1))
    shapes.append(_final(col_x, col_w, body + TAGS_HEIGHT + THUNDER_HEIGHT, bottom - 6.0, theme))
    shapes.append(licence_line(paper, text=game_licence(game)))
    return [Group(tuple(shapes), title="Score sheet")]


def _tags(game: Game, x: float, top: float, width: float) -> Group:
    """The tag boxes, in the order a canonical record writes its tags (the result to
    tick after the players), then the sheet's number."""
    out: list[Shape] = []
    y = top + 4.0
    step = 8.0
    out += writing_field(x, y, width, "Event", 9)
    y += step
    out += writing_field(x, y, width, "Site", 9)
    y += step
    date_w = width * 0.62
    out += writing_field(x, y, date_w - 2.0, "Date", 9)
    out += writing_field(x + date_w, y, width - date_w, "Round", 9)
    y += step
    out += writing_field(x, y, width, "Dark", 9)
    y += step
    out += writing_field(x, y, width, "Light", 9)
    y += step - 1.0
    results = tuple(RESULT_WORDS.get(value, value) for value in game.settings.results)
    shapes, _ = choice_boxes(x, y, "Result", results, 8.5)
    out += shapes
    y += 6.5
    shapes, _ = choice_boxes(x, y, "Special stones", ("on", "off"), 8.5)
    out += shapes
    y += 6.5
    shapes, _ = choice_boxes(x, y, "Scoring", ("default", "simple", "wraparound"), 8.5)
    out += shapes
    y += 6.5
    shapes, _ = choice_boxes(x, y, "First to move", ("Dark", "Light"), 8.5)
    out += shapes
    y += 8.0
    out += sheet_number_field(x, y, width)
    return Group(tuple(out), title="Game details (tags), result and sheet number")


TAGS_HEIGHT = 4.0 + 5 * 8.0 - 1.0 + 3 * 6.5 + 8.0 + 6.0
NO_W = 8.0
HEAD_H = 10.0
BLOCK_GAP = 8.0  # mm between a block of move rows and what stands right of it


def _thunder(x: float, top: float, width: float) -> Group:
    """One line per player for the thunder-stone: where, and the squares it emptied.

    Each player has one thunder-stone a game, so two lines serve every game;
    the move rows only tick T, as the record's `T E4` before its `x` list.
    """
    out: list[Shape] = [
        Text(x, top + 3.0, "Thunder-stones: the squares they emptied", 9, "bold", "start", INK)
    ]
    y = top + 11.0
    for side in ("Dark", "Light"):
        label = f"{side}: T"
        out.append(Text(x, y, label, 9, "italic", "start", INK))
        cursor = x + text_width_mm(label, "italic", 9) + 1.5
        out.append(Line(cursor, y + 0.6, cursor + 12.0, y + 0.6, HAIR))
        cursor += 14.0
        out.append(Text(cursor, y, "x", 9, "italic", "start", INK))
        cursor += 3.5
        slot = (x + width - cursor - 3 * 2.5) / 4
        for k in range(4):
            out.append(Line(cursor, y + 0.6, cursor + slot, y + 0.6, HAIR))
            cursor += slot
            if k < 3:
                out.append(Text(cursor + 1.25, y, "/", 9, "regular", "middle", SOFT))
                cursor += 2.5
        y += 8.0
    return Group(
        tuple(out),
        title="Thunder-stones",
        desc="For each player's thunder-stone: its square and the squares it emptied.",
    )


THUNDER_HEIGHT = 3.0 + 8.0 + 2 * 8.0


def _right_column_least(game: Game) -> float:
    """The right column's least width: its widest line of tick boxes (the result's)."""
    results = tuple(RESULT_WORDS.get(value, value) for value in game.settings.results)
    lines = (
        ("Result", results),
        ("Special stones", ("on", "off")),
        ("Scoring", ("default", "simple", "wraparound")),
    )
    return max(choice_boxes(0.0, 0.0, label, options, 8.5)[1] for label, options in lines)


def move_blocks(game: Game, paper: Paper) -> int:
    """How many blocks of move rows stand side by side on `paper` with the right
    column still wide enough for its lines: one on A4, Letter and Tabloid (rows the
    page's height holds), two on A3."""
    inner = paper.width - 2 * MARGIN
    room = inner - _right_column_least(game)
    return max(1, int(room // (NO_W + 2 * PLY.width + BLOCK_GAP)))


def _move_table(x: float, top: float, bottom: float, rows: int, first: int = 1) -> Group:
    """Column heads, then `rows` rows of a Dark ply and a Light ply, numbered from `first`."""
    head_h = HEAD_H
    row_h = ROW_H
    if top + head_h + rows * row_h > bottom:
        raise SheetError("the move rows do not fit this paper")  # pragma: no cover
    out: list[Shape] = []
    width = NO_W + 2 * PLY.width
    # Heads: side names over each ply half, then the part names.
    for i, side in enumerate(("Dark", "Light")):
        px = x + NO_W + i * PLY.width
        out.append(Text(px + PLY.width / 2, top + 3.5, side, 10, "bold", "middle", INK))
        y = top + 8.2
        for label, offset, w in (
            ("T", PLY.t, PLY.box),
            ("W", PLY.w, PLY.box),
            ("Pass", PLY.p, PLY.box),
            ("square", PLY.square, PLY.square_w),
        ):
            out.append(Text(px + offset + w / 2, y, label, HEAD_PT, "italic", "middle", INK))
    out.append(Text(x + NO_W - 1.4, top + 8.2, "No.", HEAD_PT, "italic", "end", INK))
    table_top = top + head_h
    out.append(Line(x, table_top, x + width, table_top, RULE))
    for r in range(rows):
        y = table_top + r * row_h
        mid = y + row_h / 2
        out.append(
            Text(
                x + NO_W - 1.4,
                mid + 0.34 * 9 * MM_PER_PT,
                f"{first + r}.",
                9,
                "regular",
                "end",
                INK,
            )
        )
        for i in range(2):
            out += _ply_cells(x + NO_W + i * PLY.width, mid, row_h)
        stroke = RULE if (first + r) % 5 == 0 or r + 1 == rows else HAIR
        out.append(Line(x, y + row_h, x + width, y + row_h, stroke))
    bottom_y = table_top + rows * row_h
    for vx in (x + NO_W, x + NO_W + PLY.width):
        out.append(Line(vx, top + 5.0, vx, bottom_y, THIN))
    return Group(
        tuple(out),
        title=f"Moves {first} to {first + rows - 1}",
        desc="Each row: move number, then Dark's move and Light's move. Tick T for "
        "a thunder-stone, W for a Woden-stone, Pass for a pass, and write the "
        "square; a thunder-stone's emptied squares go in the box beside.",
    )


def _ply_cells(px: float, mid: float, row_h: float) -> list[Shape]:
    box = PLY.box
    by = mid - box / 2
    field_h = row_h - 1.5
    return [
        checkbox(px + PLY.t, by, box, THIN),
        checkbox(px + PLY.w, by, box, THIN),
        checkbox(px + PLY.p, by, box, THIN),
        Rect(px + PLY.square, mid - field_h / 2, PLY.square_w, field_h, THIN, None),
    ]


def _final(x: float, width: float, top: float, bottom: float, theme: str) -> Group:
    """The final position (a small board) and `Dark: __  Light: __`."""
    out: list[Shape] = []
    score_h = 9.0
    caption_h = 6.0
    room_top = top + caption_h + 2.0
    room = bottom - score_h - 2.0 - room_top
    cell = 10.0
    while cell > 4.0:
        w, h = BoardSpec(cell=cell).size()
        if w <= width and h <= room:
            break
        cell -= 0.5
    spec = BoardSpec(cell=cell, title="Final position", theme=theme)
    w, h = spec.size()
    bx = x + (width - w) / 2
    by = room_top
    out.append(Text(bx, by - CAPTION_GAP, "Final position", 9, "italic", "start", INK))
    out.append(board_shapes(spec, bx, by))
    # Final score, as the record's last line writes it.
    sy = by + h + 4.0 + score_h / 2
    size = 10.0
    box_w, box_h = 13.0, 7.0
    cursor = (
        x
        + (
            width
            - (
                text_width_mm("Dark:", "bold", size)
                + text_width_mm("Light:", "bold", size)
                + 2 * box_w
                + 10.0
            )
        )
        / 2
    )
    for label in ("Dark:", "Light:"):
        out.append(Text(cursor, sy + 0.34 * size * MM_PER_PT, label, size, "bold", "start", INK))
        cursor += text_width_mm(label, "bold", size) + 1.5
        out.append(Rect(cursor, sy - box_h / 2, box_w, box_h, RULE, None))
        cursor += box_w + 3.5
    return Group(tuple(out), title="Final position and score")
