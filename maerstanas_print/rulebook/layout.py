"""What the PDF and the HTML book share besides the text: margins, numbering, drawings.

The title vignette, the stone key, the blank-board page and the appendix's
sample game are drawn here once, as shapes in millimetres, and each renderer
only places them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from functools import cache
from types import ModuleType

from maerstanas_print.draw.board import BoardSpec, Stone, board_shapes, spec_for_game
from maerstanas_print.draw.shapes import (
    PT_PER_MM,
    Group,
    Line,
    Page,
    Shape,
    Stroke,
    Text,
    extent,
    translate,
)
from maerstanas_print.games.protocol import Game
from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games
from maerstanas_print.rulebook.fitting import fit_head
from maerstanas_print.rulebook.kit import COVERS, STONE_KEY_LABELS
from maerstanas_print.rulebook.model import Chapter
from maerstanas_print.rulebook.source import book_game
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import (
    FOOT_MM,
    game_legend,
    legend,
    without_licence_line,
)
from maerstanas_print.sheets.common import INK as SHEET_INK
from maerstanas_print.sheets.common import SOFT as SHEET_SOFT

SIDE_MARGIN = 27.0  # mm
TOP_MARGIN = 26.0
BOTTOM_MARGIN = 24.0
APPENDIX_LETTERS = "ABCDEFGH"  # one for each of limits.MAX_BOOK_APPENDICES


def numbered(chapters: Sequence[Chapter]) -> Iterator[tuple[str, Chapter]]:
    """Chapters numbered 1, 2, ...; appendices lettered A, B, ..."""
    number = letter = 0
    for chapter in chapters:
        if chapter.appendix:
            yield APPENDIX_LETTERS[letter], chapter
            letter += 1
        else:
            number += 1
            yield str(number), chapter


def _game(tag: str) -> Game:
    return book_game(tag)


# mm: the widest board a title page draws (the 19x19 board at 4.6 mm squares); a
# board that would be wider at the page's cell size is drawn smaller to fit.
TITLE_BOARD_WIDTH = 87.4


def title_art(game: str, cell: float = 11.0) -> tuple[float, float, list[Shape]]:
    """The title page's board, as the game draws its cover (`Game.cover`): for
    Mǽrstánas a board in play with every kind of stone, for a game that begins set
    up its start position."""
    info = _game(game)
    stones, title, _label = COVERS.of(info)
    cell = min(cell, round(TITLE_BOARD_WIDTH / info.board.size, 2))  # a big board fits
    spec = spec_for_game(info, cell=cell, labels=frozenset(), stones=stones, title=title)
    width, height = spec.size()
    pad = 1.0  # room for the outer half of the frame's stroke
    return width + 2 * pad, height + 2 * pad, [board_shapes(spec, pad, pad)]


def title_art_label(game: str) -> str:
    label: str = COVERS.of(_game(game))[2]
    return label


KEY_GAP = 3.0  # mm: the least room between two entries of a key, and between its rows


def stone_key(width: float, game: str, theme: str = "print") -> tuple[list[Shape], float]:
    """The stone legend of the printed sheets, in `width` mm, drawn in `theme`.

    A row of the legend whose entries do not fit side by side with `KEY_GAP`
    between them is wrapped into as few rows as hold them, each entry centred
    in its share of the width, so no label runs past `width` or into the next.
    """
    info = _game(game)
    cell, inner = 9.0, min(width, 150.0)
    if not info.start_stones():  # a game that begins on an empty board
        group, height = legend(
            (width - inner) / 2, 2.0, inner, theme, cell, 9.0, SHEETS.of(info).legend
        )
    else:
        inner = width if SHEETS.of(info).piece_notes else inner  # a note per piece
        group, height = game_legend(
            info,
            spec_for_game(info, theme=theme),
            (width - inner) / 2,
            2.0,
            inner,
            theme,
            cell,
            9.0,
        )
    rows = (
        [group]
        if all(_is_entry(child) for child in group.children)
        else [child for child in group.children if isinstance(child, Group)]
    )
    out: list[Shape] = []
    below = 0.0  # how far the rows wrapped so far push the next ones down
    for row in rows:
        placed, grown = _wrapped(row, width, below)
        out.append(placed)
        below += grown
    return [Group(tuple(out), title=group.title)] if len(rows) > 1 else out, height + 7.0 + below


def _is_entry(shape: Shape) -> bool:
    """An entry of a legend: a group with its own label (a row holds only entries)."""
    return isinstance(shape, Group) and any(isinstance(c, Text) for c in shape.children)


def _wrapped(row: Group, width: float, dy: float) -> tuple[Group, float]:
    """`row` moved down by `dy`, its entries wrapped into more rows if they do not fit
    `width`; returns it and the height the wrapping added."""
    boxes = [extent([entry]) for entry in row.children]
    spans = [(box[0], box[2]) for box in boxes if box is not None]
    whole = extent([row])
    if whole is None or len(spans) != len(row.children) or _fits(spans, width):
        return Group(tuple(translate(row.children, 0.0, dy)), row.title, row.desc), 0.0
    step = whole[3] - whole[1] + KEY_GAP
    widest = max(x1 - x0 for x0, x1 in spans)
    count = len(spans)
    # As few rows as hold the entries, filled evenly (five entries: three and two).
    per_row = next(
        -(-count // lines)
        for lines in range(2, count + 1)
        if widest <= width / -(-count // lines) - KEY_GAP or lines == count
    )
    slot = width / per_row
    entries: list[Shape] = []
    for index, (entry, (x0, x1)) in enumerate(zip(row.children, spans, strict=True)):
        line, column = divmod(index, per_row)
        in_line = min(per_row, count - line * per_row)
        left = (width - in_line * slot) / 2 + column * slot
        entries += translate([entry], left + (slot - (x1 - x0)) / 2 - x0, dy + line * step)
    lines = -(-count // per_row)
    return Group(tuple(entries), row.title, row.desc), (lines - 1) * step


def _fits(spans: list[tuple[float, float]], width: float) -> bool:
    """Whether entries spanning `spans` (mm, left to right) lie within `width` and
    `KEY_GAP` apart."""
    ordered = sorted(spans)
    return (
        ordered[0][0] >= 0.0
        and ordered[-1][1] <= width
        and all(a[1] + KEY_GAP <= b[0] for a, b in zip(ordered, ordered[1:], strict=False))
    )


def stone_key_label(game: str) -> str:
    label: str = STONE_KEY_LABELS.of(_game(game))
    return label


@cache
def blank_board_page(paper: str, game: str, per_page: int = 6) -> Page:
    """The pencil sheet as `maerstanas-print board --game G --per-page N` prints it, less
    its credit line: inside a book the title page and colophon credit the game once, and
    the foot of the page carries the book's folio where every body page has it."""
    sheet_game = _game(game)
    page = board_sheet(BoardSheetOptions(paper=paper, per_page=per_page, game=sheet_game)).pages[0]
    return without_licence_line(page, sheet_game)


# The furniture of an appendix's sheet page in the book (mm from the top, the foot)
SHEET_HEAD_Y = 13.5  # the running head's baseline: its ascenders clear the 10 mm margin
SHEET_HEADING_PT = 20.0
SHEET_MARGIN = 12.0  # the sheets' side margin (sheets/board_sheet.py MARGIN)
SHEET_FOLIO_Y = FOOT_MM  # mm above the foot: where the sheet alone prints its credit


def appendix_sheet_page(
    page: Page,
    *,
    heading: str,
    running_head: tuple[tuple[str, ...], str],
    margin: float = SHEET_MARGIN,
) -> Page:
    """A sheet page as the book prints it: the sheet's title line becomes the
    appendix's heading (its right-hand note, the square size, kept) under a running
    head as on every body page (`running_head`: the left part's forms, longest first,
    and the right part, fitted as `fitting.fit_head` fits them); the folio is the
    page template's, centred as on the body pages, on the line where the sheet
    alone prints its credit (the sheet's legend may reach lower than a body page's foot).
    The sheet's header is its first shape, a group titled "GAME: NOTE"."""
    first = page.shapes[0]
    if not isinstance(first, Group) or ": " not in str(first.title):
        raise ValueError("the sheet page does not start with its header")
    note = str(first.title).split(": ", 1)[1]
    rule = next(c for c in first.children if isinstance(c, Line))
    base = rule.y1 - 3.2
    room = (page.width - 2 * margin) * PT_PER_MM
    left, right = fit_head(*running_head, "Cardo-Italic", 8.5, room)
    soft, ink = SHEET_SOFT, SHEET_INK
    head = Group(
        (
            Text(margin, SHEET_HEAD_Y, left, 8.5, "italic", "start", soft),
            Text(page.width - margin, SHEET_HEAD_Y, right, 8.5, "italic", "end", soft),
            Text(margin, base, heading, SHEET_HEADING_PT, "bold", "start", ink),
            Text(page.width - margin, base, note, 10, "italic", "end", soft),
            Line(margin, rule.y1, page.width - margin, rule.y1, Stroke(ink, 0.3)),
        ),
        title=f"{heading}: {note}",
    )
    return Page(page.width, page.height, (head, *page.shapes[1:]), page.label)


# --- the appendix's sample game ----------------------------------------------


@cache
def sample_game(resource: str = "sample-game.mrs"):
    """The shipped sample record, replayed (it is checked like every record)."""
    from importlib import resources

    text = resources.files("maerstanas_print").joinpath("samples", resource).read_text("utf-8")
    game = next(iter(check_games(text, resource, keep_positions=True, budget=NO_FIX_SEARCH)))
    if not game.valid:
        raise ValueError(f"the shipped sample game {resource} is not valid")
    return game.replayed


def gamedoc() -> ModuleType | None:
    """The annotated-game renderer, once it offers its contract (it draws the sample game).

    Until `maerstanas_print.gamedoc` provides `game_flowables`, `game_html_fragment`
    and `game_css`, the appendix falls back to the move text and a final diagram.
    """
    try:
        module = importlib.import_module("maerstanas_print.gamedoc")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("maerstanas_print.gamedoc"):
            return None
        raise
    needed = ("game_flowables", "game_html_fragment", "game_css")
    return module if all(hasattr(module, name) for name in needed) else None


def sample_details(game) -> str:
    """One line naming the players, the date and the rules the game was played by."""
    rules = game.rules
    parts = [
        f"Dark: {game.record.tag('Dark') or '?'}",
        f"Light: {game.record.tag('Light') or '?'}",
        f"played {game.record.tag('Date') or '?'}",
        f"special stones {'on' if rules.special_stones else 'off'}",
        f"{rules.scoring} scoring",
    ]
    return " · ".join(parts)


def sample_movetext(game) -> str:
    """The main line as the record writes it, without comments or variations."""
    words = []
    for step in game.main.steps:
        number = "" if step.second else f"{step.number}. "
        words.append(number + game.game.step_text(step))
    dark, light = game.score
    return " ".join(words) + f"\nDark: {dark}, Light: {light}"


def final_diagram(game, width: float, cell: float = 8.0) -> tuple[list[Shape], float]:
    position = game.final
    stones = {
        sq: Stone(position.owner(sq), position.kind_at(sq))
        for sq in range(49)
        if position.owner(sq) is not None
    }
    spec = BoardSpec(
        cell=cell,
        labels=frozenset(("top", "left", "right", "bottom")),
        stones=stones,
        title="The final position of the sample game",
    )
    w, h = spec.size()
    return [board_shapes(spec, (width - w) / 2, 0.0)], h


def final_caption(game) -> str:
    dark, light = game.score
    return f"The final position. Neither player can move: Dark scores {dark}, Light {light}."
