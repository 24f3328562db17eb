"""The pictures of a game document as shapes (mm, y down): diagrams, the scored
final position and the score chart. PDF and HTML draw these same shapes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from maerstanas_print.draw import overlays
from maerstanas_print.draw.board import (
    ALL_SIDES,
    THEMES,
    BoardSpec,
    Mark,
    Side,
    Stone,
    board_shapes,
    spec_for_game,
)
from maerstanas_print.draw.board import stone_shape as _stone
from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Circle,
    Group,
    Line,
    Polyline,
    Rect,
    Shape,
    Stroke,
    Text,
)
from maerstanas_print.draw.typography import MINUS
from maerstanas_print.gamedoc.model import Diagram, Document, ScoreExplanation
from maerstanas_print.games.protocol import DARK, LIGHT, SIDE_NAMES, Game
from maerstanas_print.geometry import FILES
from maerstanas_print.notation.embedded import EngineValue
from maerstanas_print.pieces import STONE_KINDS

DIAGRAM_MAX = 66.0  # mm: the widest a move diagram gets, whatever the column
SCORE_MAX = 80.0
FULL_BOARD_MAX = 90.0  # mm: a whole 19x19 board (a final position, wide action)


def board_theme(theme: str) -> str:
    return theme if theme in THEMES else "print"


def cell_for(width: float, squares: int = 7) -> float:
    """The largest square (mm, in 0.25 steps) whose board with top and left labels fits."""
    cell = width / (squares + 0.3)
    while cell > 3:
        band = min(6.5, max(3.4, 0.3 * cell))
        if squares * cell + band <= width:
            return cell
        cell -= 0.25
    return 3.0


def _spec(
    diagram: Diagram,
    width: float,
    theme: str,
    marks: dict[int, Mark],
    title: str,
    all_sides: bool = False,
) -> BoardSpec:
    labels: frozenset[Side] = ALL_SIDES if all_sides else frozenset(("top", "left"))
    squares = diagram.game.board.size
    cell = cell_for(width, squares)
    if all_sides:
        cell = cell_for(width - min(6.5, max(3.4, 0.3 * cell)), squares)
    return BoardSpec(
        cell=cell,
        labels=labels,
        squares=squares,
        variant=diagram.game.board_variant(diagram.after),
        theme=board_theme(theme),
        stones=diagram.stones,
        marks=marks,
        title=title,
    )


def diagram_shapes(
    diagram: Diagram, width: float, theme: str = "print"
) -> tuple[Group, float, float]:
    """The board of one diagram, drawn by the painter of its kind of board (the
    game's board reader names it: `diagram.style`); shapes, w, h."""
    return painter_for(diagram.style).diagram(diagram, width, theme)


def _placement_diagram(diagram: Diagram, width: float, theme: str) -> tuple[Group, float, float]:
    """A placement game's diagram: numbers on the stones placed in the range (a
    badge on a special stone), the last move, crosses where stones were removed."""
    width = min(width, DIAGRAM_MAX)
    plain = {
        sq: Mark("number", n)
        for sq, n in diagram.numbers.items()
        if diagram.stones[sq].kind == "standard"
    }
    spec = _spec(diagram, width, theme, plain, diagram.title)
    extra: list[Shape] = [overlays.emptied(spec, 0, 0, sq) for sq in diagram.emptied]
    for sq, number in sorted(diagram.numbers.items()):
        if diagram.stones[sq].kind != "standard":
            extra.append(overlays.badge(spec, 0, 0, sq, number))
    if diagram.last is not None:
        extra.append(overlays.last_move(spec, 0, 0, diagram.last))
    board = board_shapes(spec, 0, 0)
    w, h = spec.size()
    return Group((board, *extra), board.title, board.desc), w, h


def fit_cell(width: float, across: int, squares: int, run_out: bool = False) -> float:
    """The largest square (mm, in 0.25 steps) such that `across` squares, the
    coordinate band of a `squares`-wide board and the ink past the right edge
    (half the frame, or a window's run-out lines) fit in `width`."""
    cell = width / (across + 0.4)
    while cell > 2.5:
        probe = BoardSpec(cell=cell, squares=squares)
        right = 0.35 * cell + probe.grid_width / 2 if run_out else probe.pad("right")
        if across * cell + probe.band + right <= width:
            return cell
        cell -= 0.25
    return 2.5


def _game_board_spec(
    game: Game,
    stones: dict[int, Stone],
    marks: dict[int, Mark],
    width: float,
    theme: str,
    title: str,
    window: tuple[int, int, int, int] | None,
) -> BoardSpec:
    across = window[2] if window else game.board.size  # the width decides; windows may be tall
    run_out = window is not None and window[0] + window[2] < game.board.size
    return spec_for_game(
        game,
        cell=fit_cell(width, across, game.board.size, run_out),
        labels=frozenset(("top", "left")),
        theme=board_theme(theme),
        stones=stones,
        marks=marks,
        title=title,
        window=window,
    )


def _movement_diagram(diagram: Diagram, width: float, theme: str) -> tuple[Group, float, float]:
    """A movement game's diagram: the game's board (throne, king corners or escape
    edge), numbers on the pieces moved in the range (in the disc of a plain stone;
    a numbered man of the 1992 game shows its number instead of its letter, its
    tone still telling the side; kings and commanders carry a corner badge), the
    last move's arrow and brackets, faint crosses where captures emptied squares.
    A whole 19x19 board takes the column's width (up to FULL_BOARD_MAX); a 7x7
    board and a window of a big one are sized like every diagram."""
    big = diagram.window is None and diagram.game.board.size > 10
    width = min(width, FULL_BOARD_MAX if big else DIAGRAM_MAX)
    stones = dict(diagram.stones)
    marks: dict[int, Mark] = {}
    badges: list[tuple[int, str]] = []
    for sq, number in sorted(diagram.numbers.items()):
        stone = stones[sq]
        if stone.kind in ("standard", "man"):
            stones[sq] = Stone(stone.side, "standard")
            marks[sq] = Mark("number", number)
        else:
            badges.append((sq, number))
    spec = _game_board_spec(
        diagram.game, stones, marks, width, theme, diagram.title, diagram.window
    )
    extra: list[Shape] = [
        overlays.emptied(spec, 0, 0, sq, "by a capture") for sq in diagram.emptied if spec.shows(sq)
    ]
    if diagram.arrow is not None:
        origin, target, side = diagram.arrow
        if spec.shows(origin) and spec.shows(target):
            extra.append(overlays.move_arrow(spec, 0, 0, origin, target, side))
    for sq, number in badges:
        if spec.shows(sq):
            extra.append(overlays.badge(spec, 0, 0, sq, number))
    if diagram.last is not None and spec.shows(diagram.last):
        extra.append(overlays.last_move(spec, 0, 0, diagram.last))
    board = board_shapes(spec, 0, 0)
    w, h = spec.size()  # with room for the run-out lines of a window's cut sides
    return Group((board, *extra), board.title, movement_description(diagram, spec)), w, h


# A movement game's pieces in words, by the kind its core draws them as (the
# commander as the thunder-stone, the king as the Woden-stone).
MOVEMENT_PIECE_WORDS = {
    "standard": "stones",
    "man": "men",
    "thunder": "commander",
    "woden": "king",
    "king": "king",
}


def piece_words(style: str, kind: str) -> str:
    """What the text alternatives call a kind of piece: "stones", "thunder-stone",
    "commander"... (plural for the plain pieces, of which a side has many)."""
    if style == "movement":
        return MOVEMENT_PIECE_WORDS.get(kind, STONE_KINDS.get(kind, kind))
    return "stones" if kind == "standard" else STONE_KINDS.get(kind, kind)


def movement_description(diagram: Diagram, spec: BoardSpec) -> str:
    """The diagram in words for screen readers (the SVG `<desc>`): the game and the
    moves, each side's pieces by kind and square, the numbers, the last move, the
    squares captures emptied, the part of the board shown, and the checkpoint."""
    game = diagram.game
    words = MOVEMENT_PIECE_WORDS
    parts = [f"{game.title}, after {diagram.range_text.removeprefix('Variation: ')}."]
    if diagram.window is not None:
        col0, row0, cols, rows = diagram.window
        parts.append(
            f"Part of the board: columns {FILES[col0]} to "
            f"{FILES[col0 + cols - 1]}, rows {row0 + 1} to {row0 + rows}."
        )
    for side in (DARK, LIGHT):
        groups: dict[str, list[str]] = {}
        for sq, stone in sorted(diagram.stones.items()):
            if stone.side == side and spec.shows(sq):
                groups.setdefault(words[stone.kind], []).append(game.board.name(sq))
        text = "; ".join(
            f"{kind} {', '.join(names)}"
            for kind, names in sorted(groups.items(), key=lambda item: item[0] in ("stones", "men"))
        )
        parts.append(f"{SIDE_NAMES[side]}: {text or 'none shown'}.")
    if diagram.numbers:
        parts.append(
            "Move numbers: "
            + ", ".join(
                f"{number} on {game.board.name(sq)}"
                for sq, number in sorted(
                    diagram.numbers.items(), key=lambda item: (int(item[1]), item[0])
                )
            )
            + "."
        )
    if diagram.arrow is not None:
        origin, target, side = diagram.arrow
        parts.append(
            f"Last move: {SIDE_NAMES[side]} from {game.board.name(origin)} to "
            f"{game.board.name(target)}."
        )
    if diagram.emptied:
        parts.append(
            "Emptied by captures: " + ", ".join(game.board.name(sq) for sq in diagram.emptied) + "."
        )
    parts.append(diagram.checkpoint.text())
    return " ".join(parts)


def position_shapes(
    game: Game,
    stones: dict[int, Stone],
    width: float,
    theme: str = "print",
    title: str = "Final position",
) -> tuple[Group, float, float]:
    """A whole movement-game board with its pieces (the final position)."""
    spec = _game_board_spec(game, stones, {}, width, theme, title, None)
    board = board_shapes(spec, 0, 0)
    w, h = spec.size()
    return board, w, h


def _placement_viewer(
    game: Game, final: Any, theme: str, cell: float, width: float
) -> tuple[float, BoardSpec]:
    return cell, BoardSpec(
        cell=cell,
        labels=frozenset(("top", "left")),
        squares=game.board.size,
        variant=game.board_variant(final),
        theme=board_theme(theme),
        title="Step-through board",
    )


def _movement_viewer(
    game: Game, final: Any, theme: str, cell: float, width: float
) -> tuple[float, BoardSpec]:
    cell = fit_cell(max(width, 5.6 * game.board.size), game.board.size, game.board.size)
    return cell, spec_for_game(
        game,
        cell=cell,
        labels=frozenset(("top", "left")),
        theme=board_theme(theme),
        title="Step-through board",
    )


@dataclass(frozen=True, slots=True)
class BoardPainter:
    """How one kind of board draws a game document: a diagram of a range of moves,
    and the step-through viewer's board (`viewer(game, final, theme, cell, width)`:
    the square size and the board, from a default square and the viewer's width);
    `viewer_sized`: the viewer's script must be told the board's size and unit."""

    diagram: Callable[[Diagram, float, str], tuple[Group, float, float]]
    viewer: Callable[[Game, Any, str, float, float], tuple[float, BoardSpec]]
    viewer_sized: bool = False


# Painters by kind of board, as a game's board reader names them (`BoardReader.style`):
# "placement" (numbered stones, removal crosses) and "movement" (the game's own board
# with its marked squares, arrows, captures, windows on big boards). A game with
# another kind of board registers its painter here (`register_painter`).
PAINTERS: dict[str, BoardPainter] = {
    "placement": BoardPainter(_placement_diagram, _placement_viewer),
    "movement": BoardPainter(_movement_diagram, _movement_viewer, viewer_sized=True),
}


def register_painter(style: str, painter: BoardPainter) -> None:
    """Make `style` a kind of board the documents can draw."""
    PAINTERS[style] = painter


def painter_for(style: str) -> BoardPainter:
    painter = PAINTERS.get(style)
    if painter is None:
        raise LookupError(f"no painter draws boards of the kind {style!r}")
    return painter


def score_shapes(
    explanation: ScoreExplanation,
    width: float,
    theme: str = "print",
    diagram: Diagram | None = None,
) -> tuple[Group, float, float]:
    """The final position with every point drawn: links for pairs, ticks for edges.

    Coordinates stand on the top and left, as on every diagram; between the
    frame and the coordinates (and on the bottom and right) runs a clear strip
    where the edge ticks and wraparound half-bars are drawn, so no mark covers
    a coordinate.
    """
    width = min(width, SCORE_MAX)
    cell = width / 7.8
    while cell > 3:
        band, strip = _band(cell), overlays.strip_width(cell)
        if 7 * cell + band + 2 * strip <= width:
            break
        cell -= 0.25
    band, strip = _band(cell), overlays.strip_width(cell)
    marks = (
        {}
        if diagram is None
        else {
            sq: Mark("number", n)
            for sq, n in diagram.numbers.items()
            if diagram.stones[sq].kind == "standard"
        }
    )
    spec = BoardSpec(
        cell=cell,
        labels=frozenset(),
        variant=explanation.variant,
        theme=board_theme(theme),
        stones=explanation.stones,
        marks=marks,
        title="Final position, scored",
    )
    look = THEMES[spec.theme]
    side = 7 * cell
    gx = gy = band + strip
    w = h = band + 2 * strip + side
    frame: list[Shape] = []
    if look.band_fill:
        inset = spec.grid_width * 0.3  # the outline's outer half stays in the figure
        frame.append(
            Rect(
                inset,
                inset,
                w - 2 * inset,
                h - 2 * inset,
                Stroke(look.grid, spec.grid_width * 0.6),
                look.band_fill,
            )
        )
        frame.append(Rect(gx, gy, side, side, None, "#ffffff"))
    size = BoardSpec(cell=cell).label_size
    rise = 0.34 * size * MM_PER_PT
    for i in range(7):
        frame.append(
            Text(
                gx + (i + 0.5) * cell,
                band / 2 + rise,
                FILES[i],
                size,
                "regular",
                "middle",
                look.label,
            )
        )
        frame.append(
            Text(
                band / 2,
                gy + (i + 0.5) * cell + rise,
                str(i + 1),
                size,
                "regular",
                "middle",
                look.label,
            )
        )
    bx, by = gx - spec.pad("left"), gy - spec.pad("top")  # the box whose grid starts at gx, gy
    board = board_shapes(spec, bx, by)
    dark, light = explanation.score
    desc = f"{board.desc} Score: Dark {dark}, Light {light}. {explanation.text()}"
    extra: list[Shape] = []
    if diagram is not None:  # the last diagram's marks: this board stands for it
        extra += [overlays.emptied(spec, bx, by, sq) for sq in diagram.emptied]
        extra += [
            overlays.badge(spec, bx, by, sq, n)
            for sq, n in sorted(diagram.numbers.items())
            if diagram.stones[sq].kind != "standard"
        ]
        if diagram.last is not None:
            extra.append(overlays.last_move(spec, bx, by, diagram.last))
    return (
        Group(
            (
                *frame,
                board,
                *extra,
                overlays.links(spec, bx, by, explanation.links, strip),
                overlays.ticks(spec, bx, by, explanation.ticks, strip),
            ),
            "Final position with its points",
            desc,
        ),
        w,
        h,
    )


def _band(cell: float) -> float:
    return min(6.5, max(3.4, 0.3 * cell))


CHART_FONT = 7.5  # pt: axis numbers, legend and end labels
CHART_STONE = 3.4  # mm: the special stones under the axis


def chart_height(width: float, specials: list[tuple[int, int, str]], n_plies: int) -> float:
    """A good height for a chart `width` mm wide: a plot about half as tall as wide,
    plus the rows of special stones under the axis."""
    return 0.5 * width + 14.0 + _special_rows(specials, width, n_plies) * (CHART_STONE + 0.4)


def _chart_frame(width: float) -> tuple[float, float, float]:
    return 8.5, 15.5, 8.0  # left, right, top margins (mm)


def chart_plot(width: float) -> tuple[float, float]:
    """Where the plies stand on a chart `width` mm wide (both charts): the x of ply 0
    and the plot's width, ply i at x0 + width * i / plies. The HTML viewer maps a
    click on a chart to its ply with these."""
    left, right, _ = _chart_frame(width)
    return left, width - left - right


def _lanes(specials: list[tuple[int, int, str]], width: float, n_plies: int) -> list[int]:
    """A row for each special stone so that no two overlap: the first row free at its x."""
    left, right, _ = _chart_frame(width)
    pw = width - left - right
    n = max(1, n_plies)
    ends: list[float] = []
    out = []
    for ply, _side, _kind in specials:
        x = left + pw * (ply + 1) / n
        for lane, end in enumerate(ends):
            if x - end >= CHART_STONE * 1.08:
                ends[lane] = x
                out.append(lane)
                break
        else:
            ends.append(x)
            out.append(len(ends) - 1)
    return out


def _special_rows(specials: list[tuple[int, int, str]], width: float, n_plies: int) -> int:
    return 1 + max(_lanes(specials, width, n_plies)) if specials else 0


def _move_numbers(
    px: Callable[[float], float], n: int, axis: float, left: float, ink: str
) -> list[Shape]:
    """The move numbers under a chart's axis (every one, or every 2nd, 5th, 10th)."""
    font, rise = CHART_FONT, 0.34 * CHART_FONT * MM_PER_PT
    out: list[Shape] = []
    moves = (n + 1) // 2
    every = 1 if moves <= 12 else 2 if moves <= 24 else 5 if moves <= 60 else 10
    for move in range(1, moves + 1):
        if move % every and move != 1:
            continue
        x = px(2 * move - 1)  # after the first ply of that move
        out.append(Line(x, axis, x, axis + 1.0, Stroke(ink, 0.25)))
        out.append(Text(x, axis + 1.6 + 2 * rise, str(move), font, "regular", "middle", ink))
    out.append(Text(left - 1.3, axis + 1.6 + 2 * rise, "move", font, "italic", "end", ink))
    return out


def chart_shapes(
    series: list[tuple[int, int]],
    specials: list[tuple[int, int, str]],
    labels: list[str],
    width: float,
    height: float,
    theme: str = "print",
    unit: str = "points",
    title: str = "The score after every move",
    what: str = "Score after each move",
) -> Group:
    """Both players' scores after every ply: Dark a solid line with filled dots,
    Light a dashed line with open dots; special stones marked under the axis.

    The legend stands just above the plot, the move numbers under the axis and
    the special stones under them, each at the ply it was played (stacked
    when they fall close together). `labels[i]` names ply i + 1 ("16... W E3")
    for the screen-reader text. Movement games draw the pieces on the board
    the same way (`unit` "pieces", with the kings and commanders taken under
    the axis).
    """
    ink = THEMES[board_theme(theme)].ink
    soft = "#b5b5b5"
    font = CHART_FONT
    n = max(1, len(series) - 1)
    lanes = _lanes(specials, width, n)
    rows = 1 + max(lanes) if lanes else 0
    left, right, top = _chart_frame(width)
    bottom = 5.5 + rows * (CHART_STONE + 0.4)
    pw, ph = width - left - right, height - top - bottom
    peak = max(4, max(max(p) for p in series))
    step = 2 if peak <= 12 else 5 if peak <= 40 else 10
    peak = -(-peak // step) * step
    rise = 0.34 * font * MM_PER_PT

    def px(i: float) -> float:
        return left + pw * i / n

    def py(v: float) -> float:
        return top + ph * (1 - v / peak)

    out: list[Shape] = []
    thin = Stroke(soft, 0.15)
    for v in range(0, peak + 1, step):
        out.append(Line(left, py(v), left + pw, py(v), thin if v else Stroke(ink, 0.3)))
        out.append(Text(left - 1.3, py(v) + rise, str(v), font, "regular", "end", ink))
    out.append(Line(left, top, left, top + ph, Stroke(ink, 0.3)))
    axis = top + ph
    out += _move_numbers(px, n, axis, left, ink)
    row0 = axis + 5.0 + CHART_STONE / 2
    for (ply, side, kind), lane in zip(specials, lanes, strict=True):
        x, y = px(ply + 1), row0 + lane * (CHART_STONE + 0.4)
        # The leader stops short of the row of move numbers and starts again under it,
        # so it never runs through a number.
        leader = Stroke(soft, 0.15, dash=(0.4, 0.4))
        out.append(Line(x, axis + 0.3, x, axis + 1.2, leader))
        out.append(Line(x, axis + 1.6 + 2 * rise + 0.6, x, y - CHART_STONE / 2, leader))
        out.append(_stone(Stone(side, kind), x, y, CHART_STONE / 0.92, board_theme(theme)))
    ends: dict[int, float] = {}
    for side in (LIGHT, DARK):
        ends[side] = py(series[-1][side]) + rise
    gap = font * MM_PER_PT * 1.15
    if abs(ends[DARK] - ends[LIGHT]) < gap:  # keep the two end labels apart
        mid = (ends[DARK] + ends[LIGHT]) / 2
        dark_lower = series[-1][DARK] < series[-1][LIGHT] or (series[-1][DARK] == series[-1][LIGHT])
        ends[DARK] = mid + (gap / 2 if dark_lower else -gap / 2)
        ends[LIGHT] = mid + (-gap / 2 if dark_lower else gap / 2)
    for side in (LIGHT, DARK):  # Dark on top where they overlap
        points = tuple((px(i), py(s[side])) for i, s in enumerate(series))
        if side == DARK:
            stroke = Stroke(ink, 0.5, join="round")
        else:
            stroke = Stroke(ink, 0.4, dash=(1.2, 0.8), join="round")
        line = Polyline(points, stroke)
        r = 0.6 if n <= 60 else 0.45 if n <= 120 else 0.3
        dots = [
            Circle(x, y, r, Stroke(ink, 0.2), ink if side == DARK else "#ffffff")
            for x, y in points[1:]
        ]
        final = series[-1][side]
        end = Text(
            left + pw + 1.6,
            ends[side],
            f"{SIDE_NAMES[side]} {final}",
            font,
            "bold" if side == DARK else "regular",
            "start",
            ink,
        )
        out.append(Group((line, *dots, end), title=f"{SIDE_NAMES[side]}’s score"))
    # Legend just above the plot, drawn with the lines' own styles; "points" names
    # the vertical axis.
    y = top - 3.2
    out.append(Text(left - 1.3, y + rise, unit, font, "italic", "end", ink))
    for i, side in enumerate((DARK, LIGHT)):
        x = left + 2.0 + i * 24
        stroke = Stroke(ink, 0.5) if side == DARK else Stroke(ink, 0.4, dash=(1.2, 0.8))
        out.append(Line(x, y, x + 7, y, stroke))
        out.append(Circle(x + 3.5, y, 0.6, Stroke(ink, 0.2), ink if side == DARK else "#ffffff"))
        out.append(
            Text(
                x + 8.4,
                y + rise,
                SIDE_NAMES[side],
                font,
                "bold" if side == DARK else "regular",
                "start",
                ink,
            )
        )
    desc = f"{what}: " + "; ".join(
        f"{labels[i - 1]} Dark {d}, Light {li}" for i, (d, li) in enumerate(series) if i
    )
    return Group((Rect(0, 0, width, height, None, None), *out), title=title, desc=desc)


VERDICT_ROWS = 2  # rows of verdict glyphs under an evaluation chart's move numbers
VERDICT_ROW = 2.5  # mm
VERDICT_SPACE = 0.9  # ems of the chart's font: the least gap between two glyphs of a row


def evaluation_height(width: float, marked: bool = False) -> float:
    """A good height for an evaluation chart `width` mm wide (`marked`: with rows of
    verdicts under the move numbers)."""
    return 0.35 * width + 12.0 + (VERDICT_ROWS * VERDICT_ROW + 0.6 if marked else 0.0)


# Gridlines on each side of zero in the value chart, whatever the values: a
# record may claim any value up to six digits (`[%eval +999999]`), and a
# gridline per unit made a 53-byte record a 34.6 MB page.
MAX_VALUE_GRIDLINES = 5


def value_axis(largest: int) -> tuple[int, int]:
    """(peak, step) of the value chart's axis for values up to `largest` either
    side of zero: a step of 1, 2 or 5 times a power of ten, the smallest that
    keeps the gridlines to MAX_VALUE_GRIDLINES a side; the peak a whole
    number of steps."""
    step = 1 if largest <= 3 else 2 if largest <= 8 else 5 if largest <= 25 else 10
    while -(-largest // step) > MAX_VALUE_GRIDLINES:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2  # 10, 20, 50, 100, ...
    return -(-largest // step) * step, step


def evaluation_shapes(
    values: list[EngineValue | None],
    labels: list[str],
    width: float,
    height: float,
    theme: str = "print",
    words: dict[str, str] | None = None,
    verdicts: list[str | None] | None = None,
) -> Group:
    """The engine's value after every ply, centred on zero: Dark ahead above the
    line, Light ahead below; proved values filled dots, estimates open ones; a
    move proved to lose points has its verdict (`?!`, `?`, `??`) under its move
    number, in a row of its own (two rows where verdicts fall close), so no glyph
    sits on the line.

    The plies stand where the score chart above puts them (the same frame), the
    move numbers under the plot; a ply without a value breaks the line.
    `labels[i]` names ply i + 1 for the screen-reader text.
    """
    ink = THEMES[board_theme(theme)].ink
    soft = "#b5b5b5"
    font = CHART_FONT
    n = max(1, len(values))
    left, right, top = _chart_frame(width)
    marked = bool(verdicts and any(verdicts))
    bottom = 5.5 + (VERDICT_ROWS * VERDICT_ROW + 0.6 if marked else 0.0)
    pw, ph = width - left - right, height - top - bottom
    peak, step = value_axis(max([2] + [abs(v.value) for v in values if v is not None]))
    rise = 0.34 * font * MM_PER_PT

    def px(i: float) -> float:
        return left + pw * i / n

    def py(v: float) -> float:
        return top + ph * (1 - (v + peak) / (2 * peak))

    out: list[Shape] = []
    for v in range(-peak, peak + 1, step):
        out.append(
            Line(left, py(v), left + pw, py(v), Stroke(ink, 0.3) if v == 0 else Stroke(soft, 0.15))
        )
        # a minus sign, not a hyphen; the lowest number sits on its line, clear of
        # the "move" under the axis
        label = f"{v:+d}".replace("-", MINUS) if v else "0"
        y = py(v) + (rise if v > -peak else -0.3)
        out.append(Text(left - 1.3, y, label, font, "regular", "end", ink))
    out.append(Line(left, top, left, top + ph, Stroke(ink, 0.3)))
    out += _move_numbers(px, n, top + ph, left, ink)
    for side, y in ((DARK, top + rise), (LIGHT, top + ph - rise * 0.2)):
        out.append(
            Text(left + pw + 1.6, y, f"{SIDE_NAMES[side]} ahead", font, "italic", "start", ink)
        )
    r = 0.6 if n <= 60 else 0.45 if n <= 120 else 0.3
    runs: list[list[tuple[float, float]]] = [[]]
    dots: list[Shape] = []
    marks: list[Shape] = []
    row0 = top + ph + 1.6 + 2 * rise + VERDICT_ROW + 0.3  # baseline under the move numbers
    ends = [-1e9] * VERDICT_ROWS  # where each row's last glyph ends
    if marked:
        out.append(Text(left - 1.3, row0, "verdict", font, "italic", "end", ink))
    for i, value in enumerate(values, 1):
        if value is None:
            runs.append([])
            continue
        x, y = px(i), py(value.value)
        runs[-1].append((x, y))
        dots.append(Circle(x, y, r, Stroke(ink, 0.2), ink if value.exact else "#ffffff"))
        verdict = verdicts[i - 1] if verdicts else None
        if verdict:
            half = 0.5 * len(verdict) * font * MM_PER_PT * 0.5
            # Two glyphs share a row only a space's width apart or more: on a wide
            # screen the verdicts of plies 14-16 stood 0.4 mm apart and read as one
            # string ("?! ? ? ?!"), whose glyph under which dot no one could tell.
            # Where no row has room, the one whose last glyph ends first takes it.
            space = VERDICT_SPACE * font * MM_PER_PT
            lane = next(
                (k for k, end in enumerate(ends) if x - half >= end + space),
                min(range(VERDICT_ROWS), key=lambda k: ends[k]),
            )
            ends[lane] = x + half
            marks.append(Text(x, row0 + lane * VERDICT_ROW, verdict, font, "bold", "middle", ink))
    lines: list[Shape] = [
        Polyline(tuple(run), Stroke(ink, 0.4, join="round")) for run in runs if len(run) > 1
    ]
    out.append(Group((*lines, *dots, *marks), title="The engine’s value"))
    # Legend just above the plot: what the filled and the open dots are.
    y = top - 3.2
    # "margin" is wider than the score chart's "points": it ends nearer the axis.
    out.append(
        Text(left - 0.6, y + rise, (words or {}).get("unit", "margin"), font, "italic", "end", ink)
    )
    for i, (exact, name) in enumerate(((True, "proved"), (False, "estimate"))):
        x = left + 2.0 + i * 24
        out.append(Circle(x + 1.0, y, 0.6, Stroke(ink, 0.2), ink if exact else "#ffffff"))
        out.append(Text(x + 2.6, y + rise, name, font, "regular", "start", ink))
    what = (words or {}).get("what", "The engine’s value after each move")
    desc = f"{what}: " + "; ".join(
        f"{labels[i]} {_value_text(v)}{_verdict_text(verdicts, i)}"
        for i, v in enumerate(values)
        if v is not None
    )
    title = (words or {}).get("title", "The engine’s value after every move")
    return Group((Rect(0, 0, width, height, None, None), *out), title=title, desc=desc)


def _verdict_text(verdicts: list[str | None] | None, i: int) -> str:
    verdict = verdicts[i] if verdicts else None
    return f" ({verdict})" if verdict else ""


def _value_text(value: EngineValue) -> str:
    return f"{value.value:+d}" + ("" if value.exact else " (estimate)")


def _ply_labels(doc: Document) -> list[str]:
    """Each ply named for the screen-reader text of a chart: "16... W E3"."""
    return [f"{label} {move}" for label, move in doc.plies]


def document_chart(
    doc: Document, width: float, theme: str, words: dict[str, str] | None = None
) -> tuple[Group, float]:
    """A document's score chart (the pieces chart of a movement game) `width` mm
    wide, and its height: what the PDF page and the HTML page both draw. `words`
    (unit, title, what) name what the chart counts; None: the score."""
    height = chart_height(width, doc.specials, len(doc.series) - 1)
    named = {} if words is None else {key: words[key] for key in ("unit", "title", "what")}
    chart = chart_shapes(doc.series, doc.specials, _ply_labels(doc), width, height, theme, **named)
    return chart, height


def document_value_chart(
    doc: Document, width: float, theme: str, words: dict[str, str]
) -> tuple[Group, float]:
    """A document's chart of the engine's values `width` mm wide, and its height."""
    height = evaluation_height(width, any(doc.verdicts))
    chart = evaluation_shapes(
        doc.values, _ply_labels(doc), width, height, theme, words, doc.verdicts
    )
    return chart, height
