"""Setup diagrams for the movement games: the start position, drawn and listed.

Everything on the page comes from the game's definition: the diagram's pieces
are its setup string read by `read_position`, the coordinate table lists the
same pieces, and for a game whose kings race to the enemy corner (Cyngesheall)
the line under the board names each king's goal. Nothing is drawn over a
piece (a diagonal arrow between the kings once crossed both commanders and
taught a move kings cannot make). Nothing is placed by hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from maerstanas_print.draw.board import (
    THEMES,
    Stone,
    board_shapes,
    spec_for_game,
)
from maerstanas_print.draw.shapes import MM_PER_PT, Group, Line, Page, Shape, Stroke, Text
from maerstanas_print.fonts import Face, text_width_mm
from maerstanas_print.sheets.board_sheet import full_board_cell
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import (
    INK,
    PAPERS,
    SOFT,
    Paper,
    Sheet,
    SheetError,
    game_legend,
    game_licence,
    header,
    licence_line,
    paragraph,
)
from maerstanas_print.sides import DARK, LIGHT

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame

MARGIN = 12.0
CELLS = {7: 19.0, 19: 8.5}  # mm: the diagram's largest square per board size
TABLE_SIZE = 8.5  # pt
BIG_PAPER_MM = 216.0  # wider than Letter: A3 and Tabloid
DIAGRAM_SHARE = 0.9  # the diagram's square, at most, of the real board's on the same paper


@dataclass(frozen=True, slots=True)
class SetupSheetOptions:
    game: TaflGame
    paper: str = "a4"
    theme: str = "print"


def _side_names(game: TaflGame) -> dict[int, str]:
    if game.look.pieces == "men":  # the 1992 post's Black and White
        return {DARK: "Dark (Black, X)", LIGHT: "Light (White, O)"}
    return {DARK: "Dark", LIGHT: "Light"}


def _first_words(game: TaflGame) -> str:
    """What the setup table adds to Dark's name: the game's own first-move words keep
    their qualifier (Cyngesheall's rules say Dark "traditionally" plays first)."""
    said = SHEETS.of(game).setup_line.lower()
    return ", traditionally first" if "traditionally" in said else ", moves first"


def _kind_columns(game: TaflGame) -> list[tuple[tuple[str, ...], str]]:
    """(stone kinds, column heading) in table order: king, commander, the rest."""
    if game.look.pieces == "men":
        return [(("king",), "King"), (("man",), "Men")]
    return [
        (("woden",), "King (Woden-stone)"),
        (("thunder",), "Commander (thunder-stone)"),
        (("standard",), "Stones"),
    ]


def _goal(game: TaflGame, side: int, stones: dict[int, Stone], name: Callable[[int], str]) -> str:
    """What `side` plays for, in words, from the rules and the start position."""
    rules = game.tafl
    kings = {st.side: sq for sq, st in stones.items() if st.kind in ("woden", "king")}
    enemy = 1 - side
    if side in kings:
        if rules.king_goal == "edge":
            goal = "the king to any edge square"
        else:
            goal = f"the king to {name(kings[enemy])}"
        if enemy in kings:
            goal += f", or take {('Dark', 'Light')[enemy]}’s king"
        return goal
    if rules.king_capture == "four-sides":
        if rules.throne is not None and rules.opt("throne_hostile_to_king") == "yes":
            return "surround the king on all four sides (the empty throne too: our reading)"
        return "surround the king on all four sides"
    return "take the king"  # pragma: no cover - no such game yet


def setup_rows(game: TaflGame) -> tuple[list[str], list[list[str]]]:
    """The coordinate table: headings and one row per side, from the setup string."""
    stones = game.start_stones()
    spec = spec_for_game(game)
    columns = _kind_columns(game)
    headings = ["Side", *(heading for _, heading in columns), "Goal"]
    rows = []
    for side in (DARK, LIGHT):
        row = [_side_names(game)[side] + (_first_words(game) if side == DARK else "")]
        for kinds, _ in columns:
            squares = [
                spec.name(sq)
                for sq, st in sorted(stones.items())
                if st.side == side and st.kind in kinds
            ]
            if not squares:
                row.append("–")
            elif len(squares) == 1:
                row.append(squares[0])
            else:
                row.append(f"{len(squares)}: {' '.join(squares)}")
        row.append(_goal(game, side, stones, spec.name))
        rows.append(row)
    return headings, rows


def _table(
    headings: list[str],
    rows: list[list[str]],
    shares: list[float],
    x: float,
    y: float,
    width: float,
    theme: str,
) -> tuple[Group, float]:
    """A ruled table with wrapped cells; (x, y) is its top-left. Returns it and its height."""
    ink = THEMES[theme].ink
    size = TABLE_SIZE
    step = size * 1.3 * MM_PER_PT
    pad = 1.8
    total = sum(shares)
    widths = [width * s / total for s in shares]
    parts: list[Shape] = []
    rule = Stroke(ink, 0.3)
    hair = Stroke(THEMES[theme].grid, 0.15)
    parts.append(Line(x, y, x + width, y, rule))
    cursor = y
    for index, cells in enumerate([headings, *rows]):
        face: Face = "bold" if index == 0 else "regular"
        baseline = cursor + pad + size * MM_PER_PT * 0.8
        last = baseline
        left = x
        for text, w in zip(cells, widths, strict=True):
            lines, bottom = paragraph(text, left + 1.0, baseline, w - 2.5, size, face, ink, 1.3)
            parts += lines
            last = max(last, bottom)
            left += w
        cursor = last + step * 0.35 + pad
        parts.append(Line(x, cursor, x + width, cursor, rule if index == 0 else hair))
    parts[-1] = Line(x, cursor, x + width, cursor, rule)
    return Group(tuple(parts), title="Where the pieces start"), cursor - y


def _fit(game: TaflGame, height: float, largest: float) -> float:
    """The largest square (to 0.5 mm), at most `largest`, whose board is at most
    `height` mm tall."""
    cell = math.floor(largest * 2) / 2
    while cell > 4.0 and spec_for_game(game, cell=cell).size()[1] > height:
        cell -= 0.5
    return cell


def _fit_width(game: TaflGame, width: float) -> float:
    """The largest diagram square (in 0.5 mm steps) whose board fits `width`."""
    cell = 40.0
    while cell > 4.0 and spec_for_game(game, cell=cell).size()[0] > width:
        cell -= 0.5
    return cell


POSITION_SIZES = (8.0, 7.5, 7.0, 6.5)  # pt: the position string's sizes, largest first


def _position_note(game: TaflGame, x: float, y: float, width: float) -> tuple[Group, float]:
    """The setup as a record's position string; (x, y) is the first baseline."""
    note = (
        "The same position as a record’s Setup tag (rows from the top, digits count "
        "empty squares, capitals are Dark’s pieces: S stone or man, K king"
        + (", C commander):" if game.board.size == 7 else "):")
    )
    lines, last = paragraph(note, x, y, width, 7.5, "italic", SOFT, 1.3)
    # The string is copied into records whole: one line, as small as it must be (a
    # line break inside it would be copied too); broken after a `/` only if even
    # the smallest size is too wide.
    setup = game.tafl.setup
    size = next(
        (s for s in POSITION_SIZES if text_width_mm(setup, "regular", s) <= width),
        POSITION_SIZES[-1],
    )
    step = size * 1.3 * MM_PER_PT
    for chunk in _split_position(setup, width, size):
        last += step
        lines.append(Text(x, last, chunk, size, "regular", "start", INK))
    return Group(tuple(lines), title="Position string"), last - y + step


def _split_position(text: str, width: float, size: float) -> list[str]:
    """A position string in lines no wider than `width`, broken only after a `/`."""
    pieces = [piece + "/" for piece in text.split("/")[:-1]] + [text.split("/")[-1]]
    lines: list[str] = []
    current = ""
    for piece in pieces:
        if current and text_width_mm(current + piece, "regular", size) > width:
            lines.append(current)
            current = piece
        else:
            current += piece
    if current:
        lines.append(current)
    return lines


def setup_sheet(options: SetupSheetOptions) -> Sheet:
    """The setup page of a movement game, or SheetError with a one-line reason."""
    game = options.game
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use a4 or letter")
    if options.theme not in THEMES:
        raise SheetError(f"unknown theme {options.theme!r}: use {' or '.join(THEMES)}")
    page = _page(paper, game, options.theme)
    theme = "" if options.theme == "print" else f"-{options.theme}"
    return Sheet(
        title=f"{game.title}: setting up",
        subject=f"The start position of {game.title}, drawn and listed",
        paper=paper,
        pages=(page,),
        file_stem=f"setup-{game.slug}-{paper.key}{theme}",
        game_title=game.title,
        designer=game.definition.designer,
    )


def _page(paper: Paper, game: TaflGame, theme: str) -> Page:
    width = paper.width - 2 * MARGIN
    shapes, top = header(paper, MARGIN, "Setting up", game.title)
    stones = game.start_stones()
    counts = {side: sum(st.side == side for st in stones.values()) for side in (DARK, LIGHT)}
    intro = (
        f"Set out the {counts[DARK]} Dark and {counts[LIGHT]} Light pieces as shown. "
        + SHEETS.of(game).setup_line
    )
    if game.tafl.king_goal == "enemy-corner":
        # No arrows across the board: kings move only along rows and columns, and
        # nothing may be drawn over a piece; the line under the board names the corners.
        intro += " Each king races to the corner where the other king starts."
    if game.tafl.throne is not None:
        intro += " The king starts on the throne."
    lines, last = paragraph(intro, MARGIN, top + 6.0, width, 9.5, "regular", INK, 1.3)
    shapes.append(Group(tuple(lines), title="How to set up"))
    headings, rows = setup_rows(game)
    shares = [1.2, 1.25, 1.55, 2.6, 2.0] if game.board.size == 7 else [1.2, 0.55, 4.6, 1.6]
    # Measure what goes under the board first: the board takes the room that is left.
    _, table_h = _table(headings, rows, shares, MARGIN, 0.0, width, theme)
    notes = _position_note(game, MARGIN, 0.0, width)
    notes_h = notes[1]
    legend_w = min(width, 165.0 if game.board.size == 7 else width)
    leg_h = game_legend(game, spec_for_game(game), 0, 0, legend_w, theme, 7.5, 8.0)[1]
    board_top = last + 5.0
    room = (paper.height - MARGIN - 4.0) - board_top - (5.0 + leg_h + 6.0 + table_h + 5.0 + notes_h)
    largest = CELLS.get(game.board.size, 133.0 / game.board.size)
    if paper.width > BIG_PAPER_MM:  # on A3 or Tabloid the diagram grows to the page's width
        largest = max(largest, _fit_width(game, width))
    # A picture of the start position, never as large as the real board in the same
    # kit: at most DIAGRAM_SHARE of the full-size board's square on this paper.
    largest = min(largest, DIAGRAM_SHARE * full_board_cell(game, paper.key))
    cell = _fit(game, room, largest)
    spec = spec_for_game(
        game, cell=cell, theme=theme, stones=stones, title=f"{game.title}: the start position"
    )
    bw, bh = spec.size()
    shapes.append(board_shapes(spec, (paper.width - bw) / 2, board_top))
    legend_top = board_top + bh + 5.0
    leg, leg_h = game_legend(
        game, spec, (paper.width - legend_w) / 2, legend_top, legend_w, theme, 7.5, 8.0
    )
    shapes.append(leg)
    table_top = legend_top + leg_h + 6.0
    table, table_h = _table(headings, rows, shares, MARGIN, table_top, width, theme)
    shapes.append(table)
    shapes.append(_position_note(game, MARGIN, table_top + table_h + 5.0, width)[0])
    shapes.append(licence_line(paper, text=game_licence(game)))
    label = f"{game.title}: the start position on {paper.name}"
    return Page(paper.width, paper.height, tuple(shapes), label)
