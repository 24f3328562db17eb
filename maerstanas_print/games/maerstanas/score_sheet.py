"""The score sheet: a paper record of one game, laid out in notation order.

Reading a filled sheet left to right, top to bottom gives the record as it
is typed: the tags (Event, Site, Date, Round, Dark, Light, then the rule
tags), then numbered move rows `12. T E4xE3/D4 W C5`, then the final line
`Dark: 42, Light: 39`. Each ply has tick boxes for T, W and Pass, a box for
the square and a fixed slot for a thunder-stone's removals. Two sheets share
a page, cut apart along the dashed line.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.board import BoardSpec, board_shapes
from maerstanas_print.draw.shapes import MM_PER_PT, Group, Line, Page, Rect, Shape, Stroke, Text
from maerstanas_print.fonts import text_width_mm
from maerstanas_print.sheets.common import (
    INK,
    PAPERS,
    SOFT,
    Paper,
    Sheet,
    SheetError,
    checkbox,
)

ROWS = 25  # 50 plies: games run 35-45, now and then about 50
MARGIN = 8.0  # outer page margin
CUT_GAP = 5.0  # space either side of the cut line
HAIR = Stroke("#8c8c8c", 0.15)
THIN = Stroke(INK, 0.2)
RULE = Stroke(INK, 0.35)
GAME = "Mǽrstánas"
LICENCE_SHORT = "Mǽrstánas by John Beers · rules CC BY-SA 4.0"


@dataclass(frozen=True, slots=True)
class ScoreSheetOptions:
    paper: str = "a4"
    rows: int = ROWS


@dataclass(frozen=True, slots=True)
class _Ply:
    """x offsets (mm, from the ply cell's left edge) of the parts of one ply."""

    t: float = 1.4
    w: float = 5.6
    p: float = 9.8
    square: float = 15.0
    square_w: float = 9.5
    x: float = 26.0
    slots: float = 29.0
    slot_w: float = 5.0
    slash_w: float = 1.9
    width: float = 57.0
    box: float = 3.2


PLY = _Ply()


def score_sheet(options: ScoreSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use a4 or letter")
    half = paper.height / 2
    shapes: list[Shape] = []
    for index, top in enumerate((MARGIN, half + CUT_GAP)):
        bottom = (half - CUT_GAP) if index == 0 else (paper.height - MARGIN)
        shapes.append(_record(paper, top, bottom, options.rows, index + 1))
    shapes.append(_cut_line(paper, half))
    page = Page(paper.width, paper.height, tuple(shapes),
                f"Two {GAME} score sheets on {paper.name}")
    return Sheet(
        title=f"{GAME}: score sheet",
        subject=f"A paper record of one {GAME} game, in notation order",
        paper=paper,
        pages=(page,),
        file_stem=f"scoresheet-{paper.key}",
    )


def _cut_line(paper: Paper, y: float) -> Group:
    dash = Stroke("#9a9a9a", 0.2, dash=(2.0, 1.5))
    label = "cut here"
    w = text_width_mm(label, "italic", 6.5)
    cx = paper.width / 2
    return Group((
        Line(4.0, y, cx - w / 2 - 2, y, dash),
        Line(cx + w / 2 + 2, y, paper.width - 4.0, y, dash),
        Text(cx, y + 0.8, label, 6.5, "italic", "middle", "#9a9a9a"),
    ), title="Cut line between the two sheets")


def _record(paper: Paper, top: float, bottom: float, rows: int, number: int) -> Group:
    """One score sheet in the band from `top` to `bottom`."""
    left, right = MARGIN, paper.width - MARGIN
    moves_w = 7.0 + 2 * PLY.width
    col_x = left + moves_w + 6.0  # right column: tags, board, score
    col_w = right - col_x
    shapes: list[Shape] = []
    base = top + 5.2
    shapes.append(Text(left, base, GAME, 15, "bold", "start", INK))
    shapes.append(Text(left + text_width_mm(GAME, "bold", 15) + 2.5, base, "game record", 10,
                       "italic", "start", INK))
    shapes.append(_tags(col_x, top, col_w))
    table_top = base + 3.0
    shapes.append(_move_table(left, table_top, bottom, rows))
    shapes.append(_final(col_x, col_w, top, bottom))
    return Group(tuple(shapes), title=f"Score sheet {number}")


def _field(x: float, y: float, width: float, label: str, size: float = 8.0) -> list[Shape]:
    """`Label ________` with the writing line on baseline y."""
    lw = text_width_mm(label, "italic", size)
    return [Text(x, y, label, size, "italic", "start", INK),
            Line(x + lw + 1.2, y + 0.6, x + width, y + 0.6, HAIR)]


def _choices(x: float, y: float, label: str, options: tuple[str, ...], size: float = 7.5
             ) -> tuple[list[Shape], float]:
    """`Label ☐ a ☐ b ☐ c` on baseline y; returns shapes and the right end."""
    out: list[Shape] = [Text(x, y, label, size, "italic", "start", INK)]
    box = 2.8
    cursor = x + text_width_mm(label, "italic", size) + 2.0
    for option in options:
        out.append(checkbox(cursor, y - box + 0.35, box, THIN))
        cursor += box + 1.0
        out.append(Text(cursor, y, option, size, "regular", "start", INK))
        cursor += text_width_mm(option, "regular", size) + 2.6
    return out, cursor


def _tags(x: float, top: float, width: float) -> Group:
    """The tag boxes, in the order a canonical record writes its tags."""
    out: list[Shape] = []
    y = top + 5.2
    step = 6.4
    out += _field(x, y, width, "Event")
    y += step
    out += _field(x, y, width, "Site")
    y += step
    date_w = width * 0.62
    out += _field(x, y, date_w - 2.0, "Date")
    out += _field(x + date_w, y, width - date_w, "Round")
    y += step
    out += _field(x, y, width, "Dark")
    y += step
    out += _field(x, y, width, "Light")
    y += step - 0.6
    shapes, _ = _choices(x, y, "Special stones", ("on", "off"))
    out += shapes
    y += 5.0
    shapes, _ = _choices(x, y, "Scoring", ("default", "simple", "wraparound"))
    out += shapes
    y += 5.0
    shapes, _ = _choices(x, y, "First to move", ("Dark", "Light"))
    out += shapes
    return Group(tuple(out), title="Game details (tags)")


TAGS_HEIGHT = 5.2 + 4 * 6.4 + 5.8 + 10.0 + 1.5


def _move_table(x: float, top: float, bottom: float, rows: int) -> Group:
    """Column heads, then `rows` numbered rows of a Dark ply and a Light ply."""
    head_h = 8.0
    row_h = (bottom - top - head_h) / rows
    if row_h < 4.0:
        raise SheetError("the move rows do not fit this paper")  # pragma: no cover
    no_w = 7.0
    out: list[Shape] = []
    width = no_w + 2 * PLY.width
    # Heads: side names over each ply half, then the part names.
    for i, side in enumerate(("Dark", "Light")):
        px = x + no_w + i * PLY.width
        out.append(Text(px + PLY.width / 2, top + 3.2, side, 9, "bold", "middle", INK))
        small = 5.8
        y = top + 7.0
        for label, offset, w in (("T", PLY.t, PLY.box), ("W", PLY.w, PLY.box),
                                 ("Pass", PLY.p, PLY.box), ("square", PLY.square, PLY.square_w),
                                 ("removed by thunder", PLY.x, PLY.width - PLY.x)):
            out.append(Text(px + offset + w / 2, y, label, small, "italic", "middle", SOFT))
    out.append(Text(x + no_w - 1.4, top + 7.0, "No.", 5.8, "italic", "end", SOFT))
    table_top = top + head_h
    out.append(Line(x, table_top, x + width, table_top, RULE))
    for r in range(rows):
        y = table_top + r * row_h
        mid = y + row_h / 2
        out.append(Text(x + no_w - 1.4, mid + 0.34 * 7.5 * MM_PER_PT, f"{r + 1}.", 7.5,
                        "regular", "end", INK))
        for i in range(2):
            out += _ply_cells(x + no_w + i * PLY.width, mid, row_h)
        stroke = RULE if (r + 1) % 5 == 0 or r + 1 == rows else HAIR
        out.append(Line(x, y + row_h, x + width, y + row_h, stroke))
    bottom_y = table_top + rows * row_h
    for vx in (x + no_w, x + no_w + PLY.width):
        out.append(Line(vx, top + 4.5, vx, bottom_y, THIN))
    return Group(tuple(out), title=f"Moves 1 to {rows}",
                 desc="Each row: move number, then Dark's move and Light's move. Tick T for "
                      "a thunder-stone, W for a Woden-stone, Pass for a pass; write the square, "
                      "and after a thunder-stone the squares it emptied.")


def _ply_cells(px: float, mid: float, row_h: float) -> list[Shape]:
    box = min(PLY.box, row_h - 1.2)
    by = mid - box / 2
    out: list[Shape] = [
        checkbox(px + PLY.t, by, box, THIN),
        checkbox(px + PLY.w, by, box, THIN),
        checkbox(px + PLY.p, by, box, THIN),
    ]
    field_h = min(row_h - 1.0, 4.2)
    out.append(Rect(px + PLY.square, mid - field_h / 2, PLY.square_w, field_h, THIN, None))
    base = mid + field_h / 2 - 0.4
    out.append(Text(px + PLY.x + 1.2, mid + 0.34 * 7 * MM_PER_PT, "x", 7, "italic", "middle",
                    SOFT))
    sx = px + PLY.slots
    for k in range(4):
        out.append(Line(sx, base, sx + PLY.slot_w, base, HAIR))
        sx += PLY.slot_w
        if k < 3:
            out.append(Text(sx + PLY.slash_w / 2, base - 0.3, "/", 7, "regular", "middle", SOFT))
            sx += PLY.slash_w
    return out


def _final(x: float, width: float, top: float, bottom: float) -> Group:
    """The final position (a small board) and `Dark: __  Light: __`."""
    out: list[Shape] = []
    score_h = 9.0
    caption_h = 5.0
    room_top = top + TAGS_HEIGHT + caption_h + 2.0
    room = bottom - score_h - 2.0 - room_top
    cell = 10.0
    while cell > 4.0:
        w, h = BoardSpec(cell=cell).size()
        if w <= width and h <= room:
            break
        cell -= 0.5
    spec = BoardSpec(cell=cell, title="Final position")
    w, h = spec.size()
    bx = x + (width - w) / 2
    by = room_top + (room - h) / 2
    out.append(Text(bx, by - 1.5, "Final position", 8, "italic", "start", INK))
    out.append(board_shapes(spec, bx, by))
    # Final score, as the record's last line writes it.
    sy = bottom - score_h / 2 - 1.0
    size = 10.0
    box_w, box_h = 13.0, 7.0
    cursor = x + (width - (text_width_mm("Dark:", "bold", size) + text_width_mm(
        "Light:", "bold", size) + 2 * box_w + 10.0)) / 2
    for label in ("Dark:", "Light:"):
        out.append(Text(cursor, sy + 0.34 * size * MM_PER_PT, label, size, "bold", "start", INK))
        cursor += text_width_mm(label, "bold", size) + 1.5
        out.append(Rect(cursor, sy - box_h / 2, box_w, box_h, RULE, None))
        cursor += box_w + 3.5
    out.append(Text(x + width, bottom, LICENCE_SHORT, 5.5, "italic", "end", SOFT))
    return Group(tuple(out), title="Final position and score")
