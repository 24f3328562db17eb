"""The pictures of a game document as shapes (mm, y down): diagrams, the scored
final position and the score chart. PDF and HTML draw these same shapes.
"""

from __future__ import annotations

from maerstanas_print.draw import overlays
from maerstanas_print.draw.board import (
    ALL_SIDES,
    THEMES,
    BoardSpec,
    Mark,
    Stone,
    Theme,
    board_shapes,
)
from maerstanas_print.draw.board import stone_shape as _stone
from maerstanas_print.draw.shapes import (
    Circle,
    Group,
    Line,
    Polyline,
    Rect,
    Shape,
    Stroke,
    Text,
)
from maerstanas_print.engine import DARK, LIGHT, SIDE_NAMES, Position
from maerstanas_print.gamedoc.model import Diagram, ScoreExplanation

# The screen theme: a warm board band and slightly softer lines, for reading on a
# display; registered beside the board module's print and ink-saver themes.
THEMES.setdefault("screen", Theme("screen", ink="#202020", grid="#3c3c3c", label="#4a4a4a",
                                  band_fill="#e6d3a8", dark_fill="#202020",
                                  light_fill="#fffdf7", weight=0.9))
DIAGRAM_MAX = 66.0  # mm: the widest a move diagram gets, whatever the column
SCORE_MAX = 80.0


def board_theme(theme: str) -> str:
    return theme if theme in THEMES else "print"


def cell_for(width: float) -> float:
    """The largest square (mm, in 0.25 steps) whose board with top and left labels fits."""
    cell = width / 7.3
    while cell > 3:
        band = min(6.5, max(3.4, 0.3 * cell))
        if 7 * cell + band <= width:
            return cell
        cell -= 0.25
    return 3.0


def _spec(position: Position, width: float, theme: str, marks: dict[int, Mark],
          title: str, all_sides: bool = False) -> BoardSpec:
    from maerstanas_print.gamedoc.model import stones_of

    labels = ALL_SIDES if all_sides else frozenset(("top", "left"))
    cell = cell_for(width)
    if all_sides:
        cell = cell_for(width - min(6.5, max(3.4, 0.3 * cell)))
    return BoardSpec(cell=cell, labels=labels,
                     variant="wraparound" if position.rules.geometry.wrap else "standard",
                     theme=board_theme(theme), stones=stones_of(position), marks=marks,
                     title=title)


def diagram_shapes(diagram: Diagram, width: float, theme: str = "print"
                   ) -> tuple[Group, float, float]:
    """The board of one diagram (numbers, last move, emptied squares); shapes, w, h."""
    width = min(width, DIAGRAM_MAX)
    plain = {sq: Mark("number", n) for sq, n in diagram.numbers.items()
             if diagram.stones[sq].kind == "standard"}
    spec = _spec(diagram.after, width, theme, plain, diagram.title)
    extra: list[Shape] = [overlays.emptied(spec, 0, 0, sq) for sq in diagram.emptied]
    for sq, number in sorted(diagram.numbers.items()):
        if diagram.stones[sq].kind != "standard":
            extra.append(overlays.badge(spec, 0, 0, sq, number))
    if diagram.last is not None:
        extra.append(overlays.last_move(spec, 0, 0, diagram.last))
    board = board_shapes(spec, 0, 0)
    w, h = spec.size()
    return Group((board, *extra), board.title, board.desc), w, h


def score_shapes(explanation: ScoreExplanation, width: float, theme: str = "print"
                 ) -> tuple[Group, float, float]:
    """The final position with every point drawn: links for pairs, ticks for edges."""
    width = min(width, SCORE_MAX)
    spec = _spec(explanation.position, width, theme, {}, "Final position, scored",
                 all_sides=True)
    board = board_shapes(spec, 0, 0)
    w, h = spec.size()
    dark, light = explanation.score
    desc = (f"{board.desc} Score: Dark {dark}, Light {light}. "
            f"{explanation.text()}")
    return Group((board, overlays.links(spec, 0, 0, explanation.links),
                  overlays.ticks(spec, 0, 0, explanation.ticks)),
                 "Final position with its points", desc), w, h


def chart_shapes(series: list[tuple[int, int]], specials: list[tuple[int, int, str]],
                 labels: list[str], width: float, height: float, theme: str = "print"
                 ) -> Group:
    """Both players' scores after every ply: Dark a solid line with filled dots,
    Light a dashed line with open dots; special stones marked under the axis.

    `labels[i]` names ply i + 1 ("16... W E3") for the screen-reader text.
    """
    ink = THEMES[board_theme(theme)].ink
    soft = "#b5b5b5"
    left, right, top, bottom = 8.0, 14.0, 6.0, 15.0
    pw, ph = width - left - right, height - top - bottom
    n = max(1, len(series) - 1)
    peak = max(4, max(max(p) for p in series))
    step = 2 if peak <= 12 else 5 if peak <= 40 else 10
    peak = -(-peak // step) * step

    def px(i: float) -> float:
        return left + pw * i / n

    def py(v: float) -> float:
        return top + ph * (1 - v / peak)

    out: list[Shape] = []
    thin = Stroke(soft, 0.15)
    for v in range(0, peak + 1, step):
        out.append(Line(left, py(v), left + pw, py(v), thin if v else Stroke(ink, 0.3)))
        out.append(Text(left - 1.2, py(v) + 0.9, str(v), 6.5, "regular", "end", ink))
    out.append(Line(left, top, left, top + ph, Stroke(ink, 0.3)))
    moves = (n + 1) // 2
    every = 1 if moves <= 12 else 5 if moves <= 60 else 10
    for move in range(1, moves + 1):
        if move % every and move != 1:
            continue
        x = px(2 * move - 1)  # after the first ply of that move
        out.append(Line(x, top + ph, x, top + ph + 1.0, Stroke(ink, 0.25)))
        out.append(Text(x, top + ph + 3.6, str(move), 6.5, "regular", "middle", ink))
    out.append(Text(left - 1.2, top + ph + 3.6, "move", 6.5, "italic", "end", ink))
    for ply, side, kind in specials:
        out.append(_stone(Stone(side, kind), px(ply + 1), top + ph - 2.2, 3.6,  # type: ignore[arg-type]
                          board_theme(theme)))
    for side in (LIGHT, DARK):  # Dark on top where they overlap
        points = tuple((px(i), py(s[side])) for i, s in enumerate(series))
        if side == DARK:
            stroke = Stroke(ink, 0.45, join="round")
        else:
            stroke = Stroke(ink, 0.35, dash=(1.2, 0.8), join="round")
        line = Polyline(points, stroke)
        r = 0.55 if n <= 80 else 0.35
        dots = [Circle(x, y, r, Stroke(ink, 0.2), ink if side == DARK else "#ffffff")
                for x, y in points[1:]]
        final = series[-1][side]
        label_y = py(final) + 0.9
        other = series[-1][1 - side]
        if abs(final - other) * ph / peak < 3.0:  # keep the two end labels apart
            label_y += 1.6 if final < other or (final == other and side == LIGHT) else -1.6
        end = Text(left + pw + 1.4, label_y, f"{SIDE_NAMES[side]} {final}", 6.5,
                   "bold" if side == DARK else "regular", "start", ink)
        out.append(Group((line, *dots, end), title=f"{SIDE_NAMES[side]}'s score"))
    # Legend: which line is which, drawn with the lines' own styles.
    lx = left + 1.5
    for i, side in enumerate((DARK, LIGHT)):
        y = top - 3.0
        x = lx + i * 22
        stroke = (Stroke(ink, 0.45) if side == DARK else Stroke(ink, 0.35, dash=(1.2, 0.8)))
        out.append(Line(x, y, x + 6, y, stroke))
        out.append(Circle(x + 3, y, 0.55, Stroke(ink, 0.2), ink if side == DARK else "#ffffff"))
        out.append(Text(x + 7.2, y + 0.8, SIDE_NAMES[side], 6.5, "regular", "start", ink))
    desc = "Score after each move: " + "; ".join(
        f"{labels[i - 1]} Dark {d}, Light {li}" for i, (d, li) in enumerate(series) if i)
    return Group((Rect(0, 0, width, height, None, None), *out),
                 title="The score after every move", desc=desc)
