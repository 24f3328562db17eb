"""Blank board sheets: one full-size playing board, or a page of pencil boards.

One board per page is drawn true to scale for real stones (24 mm squares by
default) with a 50 mm calibration bar. Two to twelve boards per page tile
the page for pencil games, each with a "Game / Dark / Light" line.

The same sheets serve the sibling games: Cyngesheall (the 7x7 board with the
kings' home corners marked) and the 1992 e-mail Hnefatafl (19x19, throne and
escape edge marked; one or two boards to a page).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from maerstanas_print.draw.board import (
    THEMES,
    BoardSpec,
    Variant,
    board_shapes,
    spec_for_game,
)
from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Group,
    Line,
    Page,
    Shape,
    Stroke,
    Text,
    translate,
)
from maerstanas_print.draw.wraparound import WRAP_NOTE
from maerstanas_print.fonts import text_width_mm
from maerstanas_print.games.protocol import Game
from maerstanas_print.pieces import BOARD_VARIANTS
from maerstanas_print.sheets.capabilities import FILE_PARTS, SHEETS
from maerstanas_print.sheets.common import (
    FOOT_MM,
    INK,
    PAPERS,
    Paper,
    Sheet,
    SheetError,
    calibration_bar,
    game_legend,
    game_licence,
    header,
    licence_line,
    paragraph,
)

PER_PAGE_GRIDS: dict[int, tuple[int, int]] = {  # boards per page -> (columns, rows)
    1: (1, 1),
    2: (1, 2),
    4: (2, 2),
    6: (2, 3),
    9: (3, 3),
    12: (3, 4),
}
# On a page turned on its side the grids turn too: six boards are three by two.
LANDSCAPE_GRIDS = {count: (rows, cols) for count, (cols, rows) in PER_PAGE_GRIDS.items()}
DEFAULT_FULL_CELL = 24.0  # mm: room for 22 mm go stones and the like
MARGIN = 12.0
FULL_MARGIN = 10.0  # one board: a little more room so 25 mm squares still fit A4
GUTTER = 6.0  # between columns of boards
ROW_GAP = 4.5  # between rows: the name line under each board already parts them
MIN_CELL = 5.0
PENCIL_PT = 7.5  # the lines on how to mark stones in pencil and what the edges mean
NOTE_GAP = 1.0  # mm between the legend's lowest text and the first note
BIG_BOARD_PER_PAGE = (1, 2)  # a 19x19 board is too big for more
# Below a full-size board: the legend's stones, the gap above it, the calibration bar.
LEGEND_CELL, LEGEND_GAP, BAR_BLOCK = 8.5, 7.0, 12.0


@dataclass(frozen=True, slots=True)
class BoardSheetOptions:
    paper: str = "a4"
    per_page: int = 1
    variant: Variant = "standard"
    cell: float | None = None  # mm; None picks the largest tidy size that fits
    theme: str = "print"
    rules: bool | None = None  # None: on, except where room is short
    game: Game = field(kw_only=True)
    landscape: bool = False

    @property
    def show_rules(self) -> bool:
        if self.rules is not None:
            return self.rules
        big = SHEETS.of(self.game).layout.big
        return self.per_page != 12 and not (big and self.per_page > 1)

    @property
    def rules_text(self) -> str:
        return " ".join(SHEETS.of(self.game).rules_for(self.variant))


def board_sheet(options: BoardSheetOptions) -> Sheet:
    """Build the sheet, or raise SheetError with a one-line reason."""
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use {', '.join(PAPERS)}")
    if options.landscape:
        paper = paper.turned()
    if options.per_page not in PER_PAGE_GRIDS:
        allowed = ", ".join(map(str, PER_PAGE_GRIDS))
        raise SheetError(f"--per-page must be one of {allowed}, not {options.per_page}")
    if options.theme not in THEMES:
        raise SheetError(f"unknown theme {options.theme!r}: use {' or '.join(THEMES)}")
    game = options.game
    if options.variant not in BOARD_VARIANTS:
        raise SheetError(f"unknown variant {options.variant!r}: use {' or '.join(BOARD_VARIANTS)}")
    if options.variant not in game.look.variants:
        boards = " or ".join(game.look.variants)
        raise SheetError(
            f"--variant {options.variant}: {game.title} is played on the {boards} board only"
        )
    if SHEETS.of(game).layout.big and options.per_page not in BIG_BOARD_PER_PAGE:
        raise SheetError(
            f"the {game.board.size} x {game.board.size} board fits 1 or 2 to a page, "
            f"not {options.per_page}"
        )
    if options.cell is not None and not (math.isfinite(options.cell) and options.cell > 0):
        raise SheetError(
            f"--cell-mm must be a positive number of millimetres, not {options.cell:g}"
        )
    if options.per_page == 1:
        page = _full_board_page(paper, options)
    else:
        page = _tiled_page(paper, options)
    kind = "board" if options.per_page == 1 else "boards"
    variant = "-wraparound" if options.variant == "wraparound" else ""
    theme = "" if options.theme == "print" else f"-{options.theme}"
    slug = FILE_PARTS.of(game)
    stem = f"{kind}{slug}{variant}-{paper.key}-{options.per_page}up{theme}"
    what = "Playing board" if options.per_page == 1 else f"{options.per_page} boards"
    return Sheet(
        title=f"{game.title}: {what.lower()}{' (wraparound)' if variant else ''}",
        subject=f"Blank {game.title} boards for play with stones or pencil",
        paper=paper,
        pages=(page,),
        file_stem=stem,
        game_title=game.title,
        designer=SHEETS.of(game).designer,
    )


def _header_and_rules(
    paper: Paper, options: BoardSheetOptions, subtitle: str, rules_size: float
) -> tuple[list[Shape], float]:
    shapes, bottom = header(paper, MARGIN, subtitle, options.game.title)
    if options.show_rules:
        lines, last = paragraph(
            options.rules_text,
            MARGIN,
            bottom + 5.2,
            paper.width - 2 * MARGIN,
            rules_size,
            "regular",
            INK,
            1.3,
        )
        shapes.append(Group(tuple(lines), title="Rules in brief"))
        bottom = last + 1.5
    return shapes, bottom


def _spec(options: BoardSheetOptions, cell: float, title: str) -> BoardSpec:
    return spec_for_game(
        options.game, cell=cell, variant=options.variant, theme=options.theme, title=title
    )


def _legend_height(options: BoardSheetOptions, cell: float) -> float:
    """How tall the game's legend is with stones `cell` mm wide."""
    return game_legend(options.game, _spec(options, 10.0, ""), 0, 0, 160.0, options.theme, cell)[1]


def _fit_cell(width: float, height: float, options: BoardSheetOptions, extra_h: float) -> float:
    """The largest cell (to 0.01 mm) whose board fits in width x (height - extra_h)."""
    lo, hi = 0.0, 60.0
    for _ in range(40):
        mid = (lo + hi) / 2
        w, h = _spec(options, mid, "").size()
        if w <= width and h + extra_h <= height:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 100) / 100


def _choose_cell(limit: float, options: BoardSheetOptions, default: float, where: str) -> float:
    if options.cell is None:
        cell = min(default, math.floor(limit * 2) / 2)
        if cell < MIN_CELL:
            raise SheetError(f"boards do not fit {where}")  # pragma: no cover - fixed sizes
        return cell
    if options.cell > limit:
        raise SheetError(
            f"--cell-mm {options.cell:g} does not fit {where}: "
            f"at most {math.floor(limit * 10) / 10:g} mm"
        )
    if options.cell < MIN_CELL:
        raise SheetError(
            f"--cell-mm {options.cell:g} is too small to play on: at least {MIN_CELL:g} mm"
        )
    return options.cell


def full_board_cell(game: Game, paper: str) -> float:
    """The square, in mm, of `game`'s one-board sheet on `paper` (a `PAPERS` key): what
    the pieces to cut out are sized to."""
    return _full_frame(PAPERS[paper], BoardSheetOptions(paper=paper, game=game))[3]


def _full_frame(
    paper: Paper, options: BoardSheetOptions
) -> tuple[list[Shape], float, float, float]:
    """A one-board page's header shapes, the room for the board (top, bottom) and the
    square it gets."""
    width = paper.width - 2 * FULL_MARGIN
    top_shapes, top = _header_and_rules(paper, options, _full_subtitle(options), 9.0)
    # Below the board, top down: legend, calibration bar; the licence sits at the foot.
    legend_h = _legend_height(options, LEGEND_CELL)
    licence_y = paper.height - FOOT_MM
    room_top = top + 3.0
    room_bottom = licence_y - 5.0 - BAR_BLOCK - legend_h - LEGEND_GAP
    limit = _fit_cell(width, room_bottom - room_top, options, 0.0)
    cell = _choose_cell(limit, options, DEFAULT_FULL_CELL, f"a page of {paper.in_print_dialog}")
    return top_shapes, room_top, room_bottom, cell


def _full_subtitle(options: BoardSheetOptions) -> str:
    return "Playing board" + (" · wraparound" if options.variant == "wraparound" else "")


MAX_ABOVE_BOARD_MM = 10.5  # the most room above a one-board page's board
MAX_UNDER_BOARD_MM = 8.0  # and the most between it and its key, over the least


def _full_board_page(paper: Paper, options: BoardSheetOptions) -> Page:
    """One board centred on the page, legend and calibration bar beneath it."""
    game = options.game
    width = paper.width - 2 * FULL_MARGIN
    subtitle = _full_subtitle(options)
    top_shapes, room_top, room_bottom, cell = _full_frame(paper, options)
    legend_cell, legend_gap = LEGEND_CELL, LEGEND_GAP
    legend_h = _legend_height(options, legend_cell)
    top_shapes[0] = _title_line(paper, f"{subtitle} · squares {cell:g} mm", game.title)
    spec = _spec(options, cell, f"{game.title} board, squares {cell:g} mm")
    bw, bh = spec.size()
    free = room_bottom - room_top - bh
    bx = (paper.width - bw) / 2
    # The board stands from the top on every paper, its key close beneath: the room
    # an A4 page leaves is shared out as before, but on A3 or Tabloid a real-size 7x7
    # board no longer floats mid-page; what is left goes to the foot.
    by = room_top + min(free * 0.4, MAX_ABOVE_BOARD_MM)
    shapes: list[Shape] = list(top_shapes)
    shapes.append(board_shapes(spec, bx, by))
    legend_top = by + bh + legend_gap + min(free * 0.3, MAX_UNDER_BOARD_MM)
    legend_w = min(width, SHEETS.of(game).layout.legend_mm)
    leg, _ = game_legend(
        game, spec, (paper.width - legend_w) / 2, legend_top, legend_w, options.theme, legend_cell
    )
    shapes.append(leg)
    _, bar_w = calibration_bar(0, 0, cell, options.theme)
    bar, _ = calibration_bar(
        (paper.width - bar_w) / 2, legend_top + legend_h + 8.0, cell, options.theme
    )
    shapes.append(bar)
    shapes.append(licence_line(paper, text=game_licence(game)))
    label = f"{game.title} playing board on {paper.in_print_dialog}, squares {cell:g} mm"
    return Page(paper.width, paper.height, tuple(shapes), label)


def _tiled_page(paper: Paper, options: BoardSheetOptions) -> Page:
    """A grid of boards, each with a line to note the game and the players."""
    cols, rows = (LANDSCAPE_GRIDS if paper.landscape else PER_PAGE_GRIDS)[options.per_page]
    width = paper.width - 2 * MARGIN
    subtitle = f"{options.per_page} boards for pencil play"
    if options.variant == "wraparound":
        subtitle += " · wraparound"
    top_shapes, top = _header_and_rules(paper, options, subtitle, 8.0)
    game = options.game
    legend_cell = 6.5
    legend_h = _legend_height(options, legend_cell)
    licence_y = paper.height - FOOT_MM
    notes = _notes(options)
    # Each note's line, and a gap under the legend so its runes' names stay clear.
    notes_h = (NOTE_GAP + len(notes) * PENCIL_PT * MM_PER_PT * 1.2) if notes else 0.0
    # A movement game's pencil boards are empty grids (pieces that move cannot be
    # rubbed out); its start position stands once, small, beside the legend.
    # One column of boards leaves room beside the first board; several, a strip
    # beside the legend.
    start = game.start_stones()
    inset_mm = INSET_MM if rows <= 3 else INSET_SMALL_MM  # four rows leave less room
    inset = _start_inset(options, start, inset_mm) if start else None
    beside_board = inset is not None and cols == 1
    strip_h = max(legend_h, inset[2]) if inset and not beside_board else legend_h
    legend_top = licence_y - (3.0 if notes else 5.5) - strip_h - notes_h
    room_top, room_bottom = top + 2.5, legend_top - 2.2
    tile_w = (width + GUTTER) / cols - GUTTER
    tile_h = (room_bottom - room_top + ROW_GAP) / rows - ROW_GAP
    line_size = 8.5 if cols == 1 else (7.5 if cols == 2 else 6.5)
    lines = 1 if min(tile_w, 90.0) >= 80.0 else 2  # see _game_line
    game_line_h = line_size * MM_PER_PT * (2.0 + 1.25 * (lines - 1)) + 1.5
    limit = _fit_cell(tile_w, tile_h, options, game_line_h)
    where = (
        f"{options.per_page} boards to a {'landscape ' if paper.landscape else ''}page "
        f"of {paper.in_print_dialog}"
    )
    cell = _choose_cell(limit, options, DEFAULT_FULL_CELL, where)
    shapes: list[Shape] = list(top_shapes)
    shapes[0] = _title_line(paper, f"{subtitle} · squares {cell:g} mm", game.title)
    for index in range(options.per_page):
        row, col = divmod(index, cols)
        spec = _spec(options, cell, f"Board {index + 1}")
        bw, bh = spec.size()
        block_h = bh + game_line_h
        tx = MARGIN + col * (tile_w + GUTTER)
        ty = room_top + row * (tile_h + ROW_GAP)
        bx = tx + (tile_w - bw) / 2
        by = ty + (tile_h - block_h) / 2
        board = board_shapes(spec, bx, by)
        # The names get the tile's width, not just the board's: room to write them.
        line_w = min(tile_w, max(bw, 90.0))
        line = _game_line(
            tx + (tile_w - line_w) / 2,
            by + bh + 1.5 + line_size * MM_PER_PT * 1.2,
            line_w,
            line_size,
            options.theme,
        )
        shapes.append(Group((board, line), title=f"Board {index + 1} of {options.per_page}"))
        if inset is not None and beside_board and index == 0:
            group, inset_w, _ = inset
            if bx - tx < inset_w + INSET_GAP:
                raise SheetError(f"the start position does not fit beside the boards on {where}")
            shapes += translate([group], tx + (bx - tx - INSET_GAP - inset_w) / 2, by)
    share = SHEETS.of(game).layout.legend_share
    legend_x, legend_w = MARGIN + width * (1 - share) / 2, width * share
    if inset is not None and not beside_board:
        group, inset_w, inset_h = inset
        shapes += translate([group], MARGIN, legend_top + (strip_h - inset_h) / 2)
        legend_x = max(legend_x, MARGIN + inset_w + INSET_GAP)
        legend_w = min(legend_w, MARGIN + width - legend_x)
    leg, _ = game_legend(
        game,
        _spec(options, cell, ""),
        legend_x,
        legend_top + (strip_h - legend_h) / 2,
        legend_w,
        options.theme,
        legend_cell,
        7.5,
    )
    shapes.append(leg)
    for number, note in enumerate(notes, 1):  # how to mark stones in pencil; the edges
        baseline = legend_top + strip_h + NOTE_GAP + number * PENCIL_PT * MM_PER_PT * 1.2 - 1.0
        shapes.append(Text(paper.width / 2, baseline, note, PENCIL_PT, "italic", "middle", INK))
    shapes.append(licence_line(paper, 6.5, text=game_licence(game)))
    label = (
        f"{options.per_page} {game.title} boards on {paper.in_print_dialog}, squares {cell:g} mm"
    )
    return Page(paper.width, paper.height, tuple(shapes), label)


INSET_MM = 30.0  # the start position's inset on a page of pencil boards: its height
INSET_SMALL_MM = 14.0  # the same on a page of four rows of boards (room for the pencil line)
INSET_GAP = 6.0  # mm between the inset and the legend beside it


def _start_inset(
    options: BoardSheetOptions, start: dict, height: float
) -> tuple[Shape, float, float]:
    """The start position drawn small (no coordinates) under its caption, `height` mm
    tall at most: the group at (0, 0), its width and its height."""
    caption_pt = 7.0
    caption_h = caption_pt * MM_PER_PT * 1.4
    cell = 1.0
    for _ in range(40):  # the largest cell, to 0.05 mm, whose board fits INSET_MM
        spec = replace(_spec(options, cell + 0.05, "Start position"), labels=frozenset())
        if max(spec.size()) + caption_h > height:
            break
        cell += 0.05
    spec = replace(_spec(options, cell, "Start position"), labels=frozenset(), stones=start)
    bw, bh = spec.size()
    caption = Text(
        bw / 2, caption_pt * MM_PER_PT, "Start position", caption_pt, "italic", "middle", INK
    )
    group = Group((caption, board_shapes(spec, 0, caption_h)), title="Start position inset")
    return group, bw, bh + caption_h


def _notes(options: BoardSheetOptions) -> list[str]:
    """The lines under a page of pencil boards: how the game's stones are marked in
    pencil, and on wraparound boards what the chevrons in the frame mean."""
    notes = [SHEETS.of(options.game).pencil_line]
    if options.variant == "wraparound":
        notes.append(WRAP_NOTE)
    return [note for note in notes if note]


def _title_line(paper: Paper, subtitle: str, title: str) -> Shape:
    """The header with its final subtitle: the square size is known only after layout,
    and the header's height does not depend on its text."""
    return header(paper, MARGIN, subtitle, title)[0][0]


def _game_line(x: float, baseline: float, width: float, size: float, theme: str) -> Group:
    """`Game ___  Dark _______  Light _______` across `width`; on a narrow tile the
    Light blank goes on a second line, so no name blank is shorter than 20 mm."""

    ink = THEMES[theme].ink
    rule = Stroke(THEMES[theme].grid, 0.2)
    parts: list[Shape] = []
    one_line = width >= 80.0
    rows = (
        [(("Game", 0.24), ("Dark", 0.38), ("Light", 0.38))]
        if one_line
        else [(("Game", 0.3), ("Dark", 0.7)), (("Light", 0.7),)]
    )
    gap = 1.2
    for number, fields in enumerate(rows):
        cursor = x
        y = baseline + number * size * MM_PER_PT * 1.25
        for label, share in fields:
            span = width * share
            label_w = text_width_mm(label, "italic", size)
            parts.append(Text(cursor, y, label, size, "italic", "start", ink))
            start = cursor + label_w + 0.9
            end = cursor + span - gap
            parts.append(Line(start, y + 0.5, end, y + 0.5, rule))
            cursor += span
    return Group(tuple(parts), title="Game, Dark player, Light player")
