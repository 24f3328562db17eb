"""A sheet of pieces to cut out, for any game with a set (`SheetKit.piece_sets`).

Each piece is a token: a disc with the board's own drawing of the piece on it
(`draw.board.stone_shape`, runes as vector strokes), sized to the squares of the
game's full-size board on the same paper (`board_sheet.full_board_cell`): 7/8 of
a square across, so 21 mm for the 24 mm squares of the 7x7 boards. The cut line
is that circle; a Dark token's tone runs 1.5 mm past it (bleed), so a cut a
little wide still leaves no white rim, and every mark stays inside it by a safe
margin (1.5 mm on a 21 mm token, in proportion on a smaller one, never under
0.75 mm). Four short cut marks outside the bleed show where the circle runs on
a dark token too. The sides' sets may differ (the 1992 game's 25 and 48 men).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from maerstanas_print.draw.board import THEMES, Stone, stone_outline, stone_shape
from maerstanas_print.draw.shapes import Circle, Group, Line, Page, Shape, Stroke, Text
from maerstanas_print.draw.typography import prose
from maerstanas_print.fonts import text_width_mm
from maerstanas_print.games.protocol import Game
from maerstanas_print.pieces import StoneKind
from maerstanas_print.sheets.board_sheet import full_board_cell
from maerstanas_print.sheets.capabilities import SHEETS
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

MARGIN = 12.0
TOKEN_SHARE = 7 / 8  # of a square: a 21 mm token in a 24 mm square
BLEED_MM = 1.5  # a Dark token's tone runs this far past the cut, at every size
SAFE_MM = 1.5  # every mark stays this far inside the cut of a 21 mm token,
SAFE_SHARE = SAFE_MM / 21.0  # in proportion on a smaller one,
MIN_SAFE_MM = 0.75  # but never less than this
TICK_MM = 1.4  # cut marks, outside the bleed
# Between neighbouring bleeds. The cut marks stand on the diagonals, where the
# neighbours are furthest, so they need no room of their own.
GAP_MM = 1.0
BLOCK_GAP_MM = 4.0  # the least room above and below each block
MAX_BLOCK_GAP_MM = 8.0  # and the most: the blocks stand from the top, not spread down the page
# Whole sets a page holds at most: one to play with, one for a second board or to
# replace lost pieces. More is toner on the card page for nothing.
MAX_SETS = 2
SPARE_PER = 8  # one spare for every 8 of a side's plain pieces (stones, men)
SIDES = ((DARK, "Dark"), (LIGHT, "Light"))
CUT_DASH = (1.2, 0.9)
# Pieces the board draws as a plain disc 0.4 of a square across (`stone_shape`): on a
# token the disc is the token. The others keep their drawing inside the edge; the
# outermost ring of each kind's drawing is this share of a square from the centre.
DISC_KINDS: frozenset[StoneKind] = frozenset({"standard", "man"})
DISC_SHARE = 0.4
OUTER_SHARE: dict[StoneKind, float] = {
    "standard": 0.4,
    "man": 0.4,
    "thunder": 0.46,
    "woden": 0.46,
    "king": 0.47,
}
RUNE_KINDS: frozenset[StoneKind] = frozenset({"thunder", "woden"})

PieceSet = tuple[tuple[StoneKind, int, str], ...]


TOKEN_SHAPES = ("round", "square")  # discs to cut round, or squares a ruler separates


@dataclass(frozen=True, slots=True)
class StonesSheetOptions:
    game: Game
    paper: str = "a4"
    theme: str = "print"
    tokens: str = "round"  # "square": edge to edge on a grid, separated by straight cuts


@dataclass(frozen=True, slots=True)
class Token:
    """A token's measures, in mm, from the board square it is made for."""

    square: float

    @property
    def cut(self) -> float:  # across, to 0.1 mm: the cutting circle is the token's edge
        return round(self.square * TOKEN_SHARE, 1)

    @property
    def safe(self) -> float:
        return max(MIN_SAFE_MM, min(SAFE_MM, self.cut * SAFE_SHARE))

    @property
    def pitch(self) -> float:  # centre to centre: the bleeds GAP_MM apart
        return self.cut + 2 * BLEED_MM + GAP_MM


def plural(name: str, count: int) -> str:
    if count == 1:
        return name
    return name[:-3] + "men" if name.endswith("man") else name + "s"


def kinds_text(pieces: PieceSet) -> str:
    """'1 thunder-stone, 1 Woden-stone, 19 stones'."""
    return ", ".join(f"{n} {plural(name, n)}" for _, n, name in pieces)


def _with(pieces: PieceSet, noun: str) -> str:
    """'25 pieces: 1 king, 24 men', or just '48 men' for a set of one kind."""
    if len(pieces) == 1:
        return kinds_text(pieces)
    return f"{_count(pieces)} {noun}: {kinds_text(pieces)}"


def _tokens(side: int, pieces: PieceSet) -> list[tuple[Stone, str]]:
    """A side's set one token at a time: (the piece, its name in the game)."""
    return [(Stone(side, kind), name) for kind, n, name in pieces for _ in range(n)]


def _copies(
    side: int, pieces: PieceSet, copies: int, per_row: int
) -> list[tuple[Stone, str] | None]:
    """`copies` of a side's set, each from the start of a row (None: a place left empty)."""
    one: list[tuple[Stone, str] | None] = list(_tokens(side, pieces))
    one += [None] * (-len(one) % per_row)
    out = one * copies
    while out and out[-1] is None:
        out.pop()
    return out


def _set_heading(side_name: str, pieces: PieceSet, copies: int) -> str:
    """'Dark: 1 thunder-stone, …' or, for two sets, 'Dark, 2 sets of: …'."""
    if copies == 1:
        return f"{side_name}: {kinds_text(pieces)}"
    return f"{side_name}, {copies} sets, each: {kinds_text(pieces)}"


def _plain_piece(pieces: PieceSet) -> tuple[StoneKind, str]:
    """The kind a side has most of (its men, its plain stones): what spares are."""
    kind, _, name = max(pieces, key=lambda piece: piece[1])
    return kind, name


def _sets(game: Game) -> list[tuple[int, str, PieceSet]]:
    sets = SHEETS.of(game).piece_sets
    return [(side, name, sets[side]) for side, name in SIDES]


def spare_counts(sets: list[tuple[int, str, PieceSet]]) -> list[int]:
    """Each side's spares of its plain piece: one for every SPARE_PER of them, rounded
    up, in the sides' own ratio (equal sides equal; the 1992 game's 24 and 48 men 3
    and 6), so the counts follow from the sets whatever the paper."""
    plain = [_plain_count(pieces) for _, _, pieces in sets]
    unit = math.gcd(*plain)
    each = math.ceil(unit / SPARE_PER)
    return [count // unit * each for count in plain]


def _plain_count(pieces: PieceSet) -> int:
    return max(n for _, n, _ in pieces)


def _spare_rows(counts: list[int], per_row: int) -> int:
    """Rows the spares take: Dark's then Light's, sharing a row when both fit in one."""
    if sum(counts) <= per_row:
        return 1
    return sum(math.ceil(count / per_row) for count in counts)


def stones_sheet(options: StonesSheetOptions) -> Sheet:
    paper = PAPERS.get(options.paper)
    if paper is None:
        raise SheetError(f"unknown paper {options.paper!r}: use {', '.join(PAPERS)}")
    if options.theme not in THEMES:
        raise SheetError(f"unknown theme {options.theme!r}: use {' or '.join(THEMES)}")
    if options.tokens not in TOKEN_SHAPES:
        raise SheetError(f"unknown tokens {options.tokens!r}: use {' or '.join(TOKEN_SHAPES)}")
    game = options.game
    if not SHEETS.of(game).has_cut_outs:
        raise SheetError(f"{game.title} has no set of pieces to cut out")
    theme = "" if options.theme == "print" else f"-{options.theme}"
    theme += "" if options.tokens == "round" else f"-{options.tokens}"
    noun = piece_noun(game)
    sets = _sets(game)
    if sets[0][2] == sets[1][2]:
        subject = f"{_count(sets[0][2])} {noun} of each colour for {game.title}: " + kinds_text(
            sets[0][2]
        )
    else:
        subject = f"{noun.capitalize()} for {game.title}: " + "; ".join(
            f"{name} {kinds_text(pieces)}" for _, name, pieces in sets
        )
    return Sheet(
        title=f"{game.title}: {noun} to cut out",
        subject=subject,
        paper=paper,
        pages=(_page(paper, game, options.theme, options.tokens == "square"),),
        file_stem=f"stones-{game.slug}-{paper.key}{theme}",
        game_title=game.title,
        designer=SHEETS.of(game).designer,
    )


def piece_noun(game: Game) -> str:
    """What the sheet calls the game's pieces: 'stones', or 'pieces' for lettered men."""
    return "stones" if game.look.pieces == "stones" else "pieces"


def _count(pieces: PieceSet) -> int:
    return sum(n for _, n, _ in pieces)


def _inverse(theme: str):
    """The theme's marks in white: how a stone's outline and rune sit on a Dark token."""
    base = THEMES[theme]
    return replace(
        base, ink="#ffffff", grid="#ffffff", label="#ffffff", light_fill=None, paper=None
    )


def cut_stone(stone: Stone, cx: float, cy: float, theme: str, name: str, token: Token) -> Group:
    """One token: its tone (with bleed), the piece's drawing, its edge, cut marks.

    The token's edge is the cut circle. A solid Dark token's tone runs past it, with
    the cut dashed in white; any other token's rim is drawn on it, in the line of
    the board's stones, so a cut Light token is as big as a Dark one. A plain disc
    (a stone, a man) is the board's drawing grown to the edge; a piece with rings
    or a rune (thunder- and Woden-stones, the king) keeps its drawing `token.safe`
    inside the rim.
    """
    look = THEMES[theme]
    radius = token.cut / 2
    parts: list[Shape] = []
    solid = stone.side == DARK and look.dark_fill is not None
    if solid:
        parts.append(Circle(cx, cy, radius + BLEED_MM, None, look.dark_fill))
    # Inside, keep the outermost ring (a man's letter: its disc) and half its line
    # `safe` inside the cut.
    cell = (radius - token.safe - 0.25) / OUTER_SHARE[stone.kind]
    if stone.kind in DISC_KINDS:
        if not (solid and stone.kind == "standard"):  # the tone is the whole stone
            # The disc grown to the edge, its letter (a man's) at the inside size.
            parts += [
                shape
                for shape in stone_shape(stone, cx, cy, radius / DISC_SHARE, theme).children
                if isinstance(shape, Circle)
            ]
            parts += [
                shape
                for shape in stone_shape(stone, cx, cy, cell, theme).children
                if not isinstance(shape, Circle)
            ]
    else:
        if not solid:
            parts.append(
                Circle(
                    cx,
                    cy,
                    radius,
                    rim(token, theme),
                    look.light_fill if stone.side == LIGHT else None,
                )
            )
        if solid and stone.kind in RUNE_KINDS:  # outline and rune in white on the tone
            parts += stone_shape(Stone(LIGHT, stone.kind), cx, cy, cell, _inverse(theme)).children
        else:
            parts += stone_shape(stone, cx, cy, cell, theme).children
    if solid:
        parts.append(Circle(cx, cy, radius, Stroke("#ffffff", 0.2, dash=CUT_DASH), None))
    outer = radius + BLEED_MM + 0.4
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        dx, dy = math.cos(a), math.sin(a)
        parts.append(
            Line(
                cx + dx * outer,
                cy + dy * outer,
                cx + dx * (outer + TICK_MM),
                cy + dy * (outer + TICK_MM),
                Stroke(look.ink, 0.2),
            )
        )
    side = "Dark" if stone.side == DARK else "Light"
    return Group(tuple(parts), title=f"{side} {name} to cut out")


def square_token(stone: Stone, cx: float, cy: float, theme: str, name: str, token: Token) -> Group:
    """One square token: the board's drawing of the piece, as large as the square's
    safe zone allows, on the paper's white (the grid's lines are the cuts, so a cut a
    little off leaves white, never another token's ink)."""
    cell = (token.cut / 2 - token.safe) / OUTER_SHARE[stone.kind]
    side = "Dark" if stone.side == DARK else "Light"
    return Group(
        tuple(stone_shape(stone, cx, cy, cell, theme).children), title=f"{side} {name} to cut out"
    )


# The square tokens' cuts: the mid grey the instructions name, lighter than any
# piece's ink in every theme, so a cut line is never read as part of a token.
CUT_LINE = Stroke("#999999", 0.3)


def _cut_grid(
    left: float,
    top: float,
    pitch: float,
    slots: list[tuple[Stone, str] | None],
    per_row: int,
) -> Group:
    """The straight cuts round square tokens laid `per_row` to a row from (left, top),
    each row's tokens from its left (None: an empty place at a row's end): every row's
    and column's edge, run 2 mm past the tokens so a ruler finds it from outside."""
    rows = math.ceil(len(slots) / per_row)
    widths = [
        sum(slot is not None for slot in slots[row * per_row : (row + 1) * per_row])
        for row in range(rows)
    ]

    def row_width(row: int) -> int:
        return widths[row] if 0 <= row < rows else 0

    stroke = CUT_LINE
    over = 2.0
    out: list[Shape] = []
    for edge in range(rows + 1):  # the edge below row edge - 1 and above row edge
        width = max(row_width(edge - 1), row_width(edge)) * pitch
        y = top + edge * pitch
        out.append(Line(left - over, y, left + width + over, y, stroke))
    for edge in range(per_row + 1):  # a column's edge, down each run of rows it touches
        touched = [row for row in range(rows) if row_width(row) >= max(edge, 1)]
        runs: list[list[int]] = []
        for row in touched:
            if runs and runs[-1][-1] == row - 1:
                runs[-1].append(row)
            else:
                runs.append([row])
        x = left + edge * pitch
        for run in runs:
            out.append(
                Line(x, top + run[0] * pitch - over, x, top + (run[-1] + 1) * pitch + over, stroke)
            )
    return Group(tuple(out), title="Cut along these lines")


def rim(token: Token, theme: str) -> Stroke:
    """A token's drawn edge: the outline the board gives a stone as big as the token."""
    return stone_outline(token.cut / 2 / DISC_SHARE, THEMES[theme])


def _intro(
    game: Game,
    sets: list[tuple[int, str, PieceSet]],
    token: Token,
    paper: Paper,
    theme: str,
    square: bool = False,
) -> str:
    noun = piece_noun(game)
    if sets[0][2] == sets[1][2]:
        plays = f"Each side plays with {_count(sets[0][2])} {noun}: {kinds_text(sets[0][2])}. "
    else:
        (_, first, mine), (_, second, theirs) = sets
        plays = f"{first} plays with {_with(mine, noun)}; {second} with {_with(theirs, noun)}. "
    one = noun[:-1]
    if THEMES[theme].dark_fill is not None:
        edge = f"on its edge: the dashed line round a Dark {one}, the middle of a Light {one}'s rim"
        bleed = (
            f"; Dark {noun} are printed {BLEED_MM:g} mm past the line, so a cut a "
            "little wide leaves no white rim"
        )
    else:
        edge, bleed = "along the middle of its rim", ""
    note = SHEETS.of(game).stones_line
    if square:
        return (
            plays
            + (f"{note} " if note else "")
            + "Print at 100 % on card, or glue the sheet to card, then cut along the grey "
            "lines with a ruler: first right across each block, then each strip into "
            f"{noun}. Each {one} is a square of {token.cut:g} mm, for the {token.square:g} mm "
            f"squares of the playing board on {paper.in_print_dialog}."
        )
    return (
        plays
        + (f"{note} " if note else "")
        + f"Print at 100 % on card, or glue the sheet to card, then cut each {one} out "
        f"{edge} (the four short marks round each {one} point at it). Each {one} is "
        f"{token.cut:g} mm across, for the {token.square:g} mm squares of the playing "
        f"board on {paper.in_print_dialog}{bleed}."
    )


def _page(paper: Paper, game: Game, theme: str, square: bool = False) -> Page:
    width = paper.width - 2 * MARGIN
    token = Token(full_board_cell(game, paper.key))
    pitch = token.cut if square else token.pitch  # squares share their cut lines
    noun = piece_noun(game)
    shapes, top = header(paper, MARGIN, f"{noun.capitalize()} to cut out", game.title)
    sets = _sets(game)
    lines, last = paragraph(
        _intro(game, sets, token, paper, theme, square),
        MARGIN,
        top + 6.0,
        width,
        9.5,
        "regular",
        INK,
        1.3,
    )
    shapes.append(Group(tuple(lines), title=f"About these {noun}"))
    max_per_row = math.floor(width / pitch)
    heading_h = 8.0
    # One grid for every block, so the sides' columns line up: as many to a row as the
    # most even split of any side's set needs (21 stones: 3 rows of 7).
    per_row = max(
        math.ceil(_count(pieces) / math.ceil(_count(pieces) / max_per_row)) for _, _, pieces in sets
    )
    set_rows = [math.ceil(_count(pieces) / per_row) for _, _, pieces in sets]
    furniture_h = 24.0  # the calibration bar and the cutting guide
    room_top, room_bottom = last + 6.0, paper.height - 22.0
    room = room_bottom - room_top - furniture_h

    def height(rows_of: list[int]) -> float:
        return sum(heading_h + rows * pitch for rows in rows_of) + BLOCK_GAP_MM * (len(rows_of) + 1)

    # Whole sets, as many as the page holds up to MAX_SETS, each set on rows of its
    # own; then the spares (`spare_counts`) where they fit.
    copies = max(
        (k for k in range(1, MAX_SETS + 1) if height([k * rows for rows in set_rows]) <= room),
        default=0,
    )
    if not copies:  # pragma: no cover - the games' sets fit every paper
        raise SheetError(f"{game.title}'s {noun} do not fit a page of {paper.in_print_dialog}")
    rows_of = [copies * rows for rows in set_rows]
    blocks: list[tuple[int, str, list[tuple[Stone, str] | None]]] = [
        (side, _set_heading(side_name, pieces, copies), _copies(side, pieces, copies, per_row))
        for side, side_name, pieces in sets
    ]
    counts = spare_counts(sets)
    spare_rows = _spare_rows(counts, per_row)
    if height([*rows_of, spare_rows]) <= room:
        extra = [(side, _plain_piece(pieces)) for side, _, pieces in sets]
        tokens: list[tuple[Stone, str] | None] = []
        for (side, (kind, name)), count in zip(extra, counts, strict=True):
            tokens += [(Stone(side, kind), f"spare {name}")] * count
            if spare_rows > 1 and len(tokens) % per_row:  # the next side on a new row
                tokens += [None] * (per_row - len(tokens) % per_row)
        title = "Spares, in case one goes missing: " + ", ".join(
            f"{count} {side_name} {plural(name, count)}"
            for (_, side_name), (_, (_, name)), count in zip(SIDES, extra, counts, strict=True)
        )
        blocks.append((-1, title, tokens))  # side -1: counted apart from the sets
        rows_of.append(spare_rows)
    # The room left over spaces the blocks, within bounds: they stand from the top.
    gap = min(
        MAX_BLOCK_GAP_MM,
        BLOCK_GAP_MM + (room - height(rows_of)) / (len(blocks) + 1),
    )
    y = room_top + gap * 0.5
    count = 0
    x0 = (paper.width - (per_row - 1) * pitch) / 2
    left = x0 - pitch / 2  # the blocks' left edge: their headings, cut lines and the bar
    for (side, title, tokens), rows in zip(blocks, rows_of, strict=True):
        heading = Text(left, y + 4.5, title, 10, "bold", "start", INK)
        parts: list[Shape] = [heading]
        first = y + heading_h + pitch / 2
        for index, slot in enumerate(tokens):
            if slot is None:  # a place left empty so a set or a side starts a row
                continue
            stone, name = slot
            row, col = divmod(index, per_row)
            cx, cy = x0 + col * pitch, first + row * pitch
            if square:
                parts.append(square_token(stone, cx, cy, theme, name, token))
            else:
                parts.append(cut_stone(stone, cx, cy, theme, name, token))
            count += side >= 0
        if square:
            parts.append(_cut_grid(left, y + heading_h, pitch, tokens, per_row))
        what = title.split(":")[0].split(",")[0] if side >= 0 else "Spare"
        shapes.append(Group(tuple(parts), title=f"{what} {noun}"))
        y += heading_h + rows * pitch + gap
    measure = f"a {token.cut:g} mm square" if square else f"{token.cut:g} mm across"
    note = (
        f"This bar is exactly 50 mm and each {noun[:-1]} {measure} when "
        "printed at 100 % (“actual size”, no “fit to page”)."
    )
    # The bar and the cutting guide stand at the foot, from the blocks' left edge.
    bar_y = room_bottom - 14.0
    bar, _ = calibration_bar(left, bar_y, 0, theme, note, paper.width - MARGIN - left)
    shapes.append(bar)
    if not square:  # a square token's cuts are the grid's lines: nothing to explain
        shapes.append(_scissors_note(left, bar_y + 11.0, theme, token, noun[:-1]))
    shapes.append(licence_line(paper, text=game_licence(game)))
    total = sum(_count(pieces) for _, _, pieces in sets)
    assert count == copies * total
    label = f"{game.title}: {copies * total} {noun} to cut out on {paper.in_print_dialog}"
    return Page(paper.width, paper.height, tuple(shapes), label)


def _scissors_note(x: float, y: float, theme: str, token: Token, one: str) -> Group:
    """Samples of the cutting lines with what they mean, from x."""
    look = THEMES[theme]
    text = prose(f"cut here: the {one}'s edge, {token.cut:g} mm across")
    samples: list[tuple[str, list[Shape]]] = []  # (its words, the sample from x = 0)
    if look.dark_fill is not None:
        samples.append(
            (
                "Dark",
                [
                    Line(0.0, y - 1.2, 12.0, y - 1.2, Stroke(look.dark_fill, 2.4)),
                    Line(0.0, y - 1.2, 12.0, y - 1.2, Stroke("#ffffff", 0.2, dash=CUT_DASH)),
                ],
            )
        )
    samples.append(
        ("Light" if samples else "", [Line(0.0, y - 1.2, 12.0, y - 1.2, rim(token, theme))])
    )
    parts: list[Shape] = []
    widths = [15.0 + text_width_mm(words, "italic", 7.5) + 4.0 for words, _ in samples]
    for (words, sample), width in zip(samples, widths, strict=True):
        parts += [
            replace(line, x1=line.x1 + x, x2=line.x2 + x)
            for line in sample
            if isinstance(line, Line)
        ]
        if words:
            parts.append(Text(x + 14.0, y, words, 7.5, "italic", "start", SOFT))
        x += width
    parts.append(Text(x, y, text, 7.5, "italic", "start", SOFT))
    return Group(tuple(parts), title="Cutting guide")
