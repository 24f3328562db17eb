"""The parts every scannable sheet shares, drawn once for every game.

A page has a solid square in each corner (a camera finds four dark squares
under any light, and they fix the page's geometry), a QR code saying what the
page is, the human fields (event, date, round, players; result and signatures
at the foot) and rows of marks: each row a move number and one or two plies,
each ply a run of boxes per `MarkGroup`, every box with its value printed in
light grey inside, so a pencil fills it without looking anything up.

Sizes were chosen by measuring: a box of 3.8 x 4.4 mm at a 4.6 mm pitch is as
large as two plies of Mǽrstánas (17 boxes each) allow side by side on A4, and
larger than the 3-4 mm bubbles of exam forms. One ply as a 7x7 grid would need
49 boxes of at least 4 mm, about 30 x 36 mm a ply with its T, W and Pass, some
30 plies a page instead of 72.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from maerstanas_print.draw.shapes import Group, Line, Page, Rect, Shape, Stroke, Text
from maerstanas_print.scan.capabilities import SCAN_KITS, MarkGroup
from maerstanas_print.scan.layout import MarkBox, PageLayout, ScanLayout
from maerstanas_print.scan.payload import PagePayload
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import INK, SOFT, SheetError, writing_field
from maerstanas_print.sheets.paper import PAPERS, Sheet

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

__all__ = [
    "FIDUCIAL",
    "ScannableSheet",
    "SheetFrame",
    "fiducial_boxes",
    "game_scannable_sheet",
    "qr_box",
    "scannable_sheet",
]

EDGE = 10.0  # mm from the paper's edge to the corner squares: clear of home printers' margin
FIDUCIAL = 8.0  # side of a corner square
QR_MM = 20.0  # the QR code's side, without its quiet zone
QR_GAP = 4.0  # below the top-right corner square
PITCH = 4.6  # from one box to the next in a run
BOX_W, BOX_H = 3.8, 4.4
WIDE_EXTRA = 2.4  # a word's box (Pass) is this much wider
GROUP_GAP = 1.8
ROW_H = 5.8
NO_W = 8.0  # the move number's column
PLY_GAP = 3.0
TABLE_TOP = 54.0  # the first row's top edge
FOOT_ROOM = 30.0  # from the last row to the paper's bottom edge
BOX_STROKE = Stroke("#808080", 0.2)
LABEL_PT = 6.0  # every box's value, a word's too: no printed text is smaller
LABEL = "#a8a8a8"  # the value printed inside a box: light, so pencil stands out
SIDES = ("Dark", "Light")


@dataclass(frozen=True, slots=True)
class ScannableSheet:
    sheet: Sheet
    layout: ScanLayout


@dataclass(frozen=True, slots=True)
class SheetFrame:
    """What a game's scannable sheet says about itself."""

    game_title: str
    slug: str
    groups: tuple[MarkGroup, ...]
    settings: dict[str, str]
    settings_line: str  # printed under the title: the rules the sheet is for
    credit: str
    designer: str = ""  # who designed the game: the PDF's Author, as on every other sheet


def fiducial_boxes(width: float, height: float) -> tuple[tuple[float, float], ...]:
    """The top-left corners of the four corner squares: top-left, top-right,
    bottom-right, bottom-left (the order the reader matches them in)."""
    far_x, far_y = width - EDGE - FIDUCIAL, height - EDGE - FIDUCIAL
    return ((EDGE, EDGE), (far_x, EDGE), (far_x, far_y), (EDGE, far_y))


def qr_box(width: float) -> tuple[float, float, float]:
    """x, y and side of the QR code (under the top-right corner square)."""
    return width - EDGE - QR_MM, EDGE + FIDUCIAL + QR_GAP, QR_MM


def _qr_shapes(text: str, x: float, y: float, side: float) -> Group:
    import segno

    code = segno.make(text, error="m", micro=False)
    matrix = code.matrix
    module = side / len(matrix)
    shapes: list[Shape] = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                shapes.append(
                    Rect(
                        x + start * module, y + r * module, (c - start) * module, module, None, INK
                    )
                )
            else:
                c += 1
    return Group(tuple(shapes), title="QR code", desc=f"Says what the page is: {text}")


def ply_width(groups: tuple[MarkGroup, ...]) -> float:
    width = 0.0
    for group in groups:
        width += len(group.values) * PITCH + len(group.wide) * WIDE_EXTRA
    return width + GROUP_GAP * (len(groups) - 1)


def scannable_sheet(frame: SheetFrame, paper_key: str, pages: int) -> ScannableSheet:
    """Every page of a scannable sheet and where its marks are."""
    paper = PAPERS.get(paper_key)
    if paper is None or paper_key not in ("a4", "letter"):
        raise SheetError(f"unknown paper {paper_key!r}: use a4 or letter")
    if not 1 <= pages <= 9:
        raise SheetError("a scannable sheet has from 1 to 9 pages")
    block = ply_width(frame.groups)
    usable = paper.width - 2 * (EDGE + 2.0)
    per_row = 2 if NO_W + 2 * block + PLY_GAP <= usable else 1
    if NO_W + block > usable:
        raise SheetError("a ply's marks do not fit the paper's width")
    rows = int((paper.height - FOOT_ROOM - TABLE_TOP) // ROW_H)
    plies_per_page = rows * per_row
    page_shapes: list[Page] = []
    layouts: list[PageLayout] = []
    for number in range(1, pages + 1):
        first = (number - 1) * plies_per_page + 1
        payload = PagePayload(frame.slug, paper.key, number, pages, frame.settings)
        shapes, marks = _page(
            frame, paper.width, paper.height, payload, first, rows, per_row, block
        )
        page_shapes.append(
            Page(
                paper.width,
                paper.height,
                tuple(shapes),
                f"{frame.game_title} scannable record, page {number} of {pages}",
            )
        )
        layouts.append(PageLayout(number, first, first + plies_per_page - 1, tuple(marks)))
    sheet = Sheet(
        title=f"{frame.game_title}: scannable score sheet",
        subject=f"A paper record of one {frame.game_title} game, in marks a camera reads",
        paper=paper,
        pages=tuple(page_shapes),
        file_stem=f"scoresheet-{frame.slug}-scannable-{paper.key}",
        game_title=frame.game_title,
        designer=frame.designer,
    )
    return ScannableSheet(sheet, ScanLayout((paper.width, paper.height), tuple(layouts)))


def _page(
    frame: SheetFrame,
    width: float,
    height: float,
    payload: PagePayload,
    first: int,
    rows: int,
    per_row: int,
    block: float,
) -> tuple[list[Shape], list[MarkBox]]:
    shapes: list[Shape] = []
    for x, y in fiducial_boxes(width, height):
        shapes.append(Rect(x, y, FIDUCIAL, FIDUCIAL, None, INK))
    qx, qy, qside = qr_box(width)
    shapes.append(_qr_shapes(payload.text(), qx, qy, qside))
    left = EDGE + FIDUCIAL + 3.0
    shapes.append(Text(left, EDGE + 6.0, frame.game_title, 16, "bold", "start", INK))
    shapes.append(
        Text(
            qx - 3.0,
            EDGE + 6.0,
            f"page {payload.page} of {payload.pages}",
            10,
            "italic",
            "end",
            INK,
        )
    )
    shapes.append(
        Text(EDGE, EDGE + FIDUCIAL + 5.0, frame.settings_line, 8, "italic", "start", SOFT)
    )
    field_right = qx - 4.0
    fields_w = field_right - EDGE
    y = EDGE + FIDUCIAL + 10.0
    shapes += writing_field(EDGE, y, fields_w, "Event", 9)
    y += 6.5
    shapes += writing_field(EDGE, y, fields_w * 0.6 - 2.0, "Date", 9)
    shapes += writing_field(EDGE + fields_w * 0.6, y, fields_w * 0.4, "Round", 9)
    y += 6.5
    shapes += writing_field(EDGE, y, fields_w / 2 - 2.0, "Dark", 9)
    shapes += writing_field(EDGE + fields_w / 2, y, fields_w / 2, "Light", 9)
    table, marks = _table(frame.groups, width, first, rows, per_row, block, payload.page)
    shapes.append(table)
    foot = height - EDGE - FIDUCIAL - 5.0
    third = (width - 2 * EDGE) / 3
    shapes += writing_field(EDGE, foot, third - 3.0, "Result", 9)
    shapes += writing_field(EDGE + third, foot, third - 3.0, "Dark signs", 9)
    shapes += writing_field(EDGE + 2 * third, foot, third, "Light signs", 9)
    note = "Fill one box of each run per move, firmly, in pencil; rub out a mistake cleanly."
    shapes.append(Text(width / 2, height - EDGE - 3.6, note, 7, "italic", "middle", SOFT))
    shapes.append(Text(width / 2, height - EDGE - 0.6, frame.credit, 6.5, "italic", "middle", SOFT))
    return shapes, marks


def _table(
    groups: tuple[MarkGroup, ...],
    width: float,
    first: int,
    rows: int,
    per_row: int,
    block: float,
    page: int,
) -> tuple[Group, list[MarkBox]]:
    total = NO_W + per_row * block + (per_row - 1) * PLY_GAP
    x0 = (width - total) / 2
    out: list[Shape] = []
    marks: list[MarkBox] = []
    head = TABLE_TOP - 1.6
    for slot in range(per_row):
        px = x0 + NO_W + slot * (block + PLY_GAP)
        if per_row == 2:
            out.append(Text(px + block / 2, head - 4.2, SIDES[slot], 10, "bold", "middle", INK))
        gx = px
        for group in groups:
            run = len(group.values) * PITCH + len(group.wide) * WIDE_EXTRA
            if group.name:
                out.append(Text(gx + run / 2, head, group.name, 7.5, "italic", "middle", INK))
            gx += run + GROUP_GAP
    out.append(Text(x0 + NO_W - 1.2, head, "No.", 7.5, "italic", "end", INK))
    first_move = (first - 1) // per_row + 1
    for r in range(rows):
        top = TABLE_TOP + r * ROW_H
        mid = top + ROW_H / 2
        if per_row == 2:
            label = f"{first_move + r}."
        else:
            ply = first + r
            label = f"{(ply + 1) // 2}{'.' if ply % 2 else '...'}"
        out.append(Text(x0 + NO_W - 1.2, mid + 1.1, label, 8.5, "regular", "end", INK))
        if per_row == 1:
            side = SIDES[(first + r - 1) % 2]
            out.append(Text(x0 + NO_W + block + 1.0, mid + 1.0, side, 7, "italic", "start", SOFT))
        for slot in range(per_row):
            ply = first + r * per_row + slot
            px = x0 + NO_W + slot * (block + PLY_GAP)
            for group in groups:
                for value in group.values:
                    w = BOX_W + (WIDE_EXTRA if value in group.wide else 0.0)
                    box = (px + (PITCH - BOX_W) / 2, mid - BOX_H / 2, w, BOX_H)
                    out.append(Rect(*box, BOX_STROKE, None))
                    out.append(
                        Text(
                            box[0] + w / 2, mid + 0.75, value, LABEL_PT, "regular", "middle", LABEL
                        )
                    )
                    marks.append(MarkBox(ply, value, box, page))
                    px += PITCH + (WIDE_EXTRA if value in group.wide else 0.0)
                px += GROUP_GAP
        if (first_move + r) % 5 == 0 and r + 1 < rows:
            out.append(Line(x0, top + ROW_H, x0 + total, top + ROW_H, Stroke("#c8c8c8", 0.2)))
    return Group(
        tuple(out), title="Moves", desc="One row a move: fill one box of each run per ply."
    ), marks


def game_scannable_sheet(
    game: Game, paper_key: str, settings: dict[str, str], pages: int | None = None
) -> ScannableSheet:
    """`game`'s scannable sheet under `settings` (LookupError for a game without one)."""
    kit = SCAN_KITS.of(game)
    if kit is None:
        raise LookupError(f"{game.title} has no scannable score sheet")
    chosen = {**(kit.defaults or {}), **settings}
    words = []
    for option in kit.options:
        value = chosen.get(option.key, option.choices[0])
        words.append(f"{option.flag.lstrip('-').replace('-', ' ')}: {value}")
    line = "Scannable game record" + (f" · {', '.join(words)}" if words else "")
    designer = SHEETS.of(game).designer
    frame = SheetFrame(
        game.title, game.slug, kit.groups(chosen), chosen, line, game.credit, designer
    )
    return scannable_sheet(frame, paper_key, pages or kit.pages)
