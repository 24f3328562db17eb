"""Rulebook figures: positions declared in the book's source, replayed and checked.

A `Figure` is one or more `Panel`s side by side. A panel's position comes from
`Stones` (a position laid out square by square) or from `Record` (a record
replayed by the engine); `then` plays one more move written in the record
notation, so before/after pairs and their notation are checked too. Every
claim of every panel is put to the engine in `realise`, which raises
`FigureError` (one line naming the figure and the false claim) when the
engine disagrees. Only a realised figure can be drawn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from maerstanas_print.draw.board import BoardSpec, Mark, Stone, Variant, board_shapes
from maerstanas_print.draw.shapes import MM_PER_PT, Group, Shape, Text
from maerstanas_print.engine import (
    DARK,
    LIGHT,
    SIDE_NAMES,
    THUNDER,
    WODEN,
    IllegalMove,
    Move,
    Position,
    Rules,
    Scoring,
)
from maerstanas_print.export import move_text
from maerstanas_print.games.tafl import TaflPosition
from maerstanas_print.rulebook.claims import Claim, ClaimError, replayed_final, square
from maerstanas_print.rulebook.tafl_claims import TaflClaim, TaflRecord, TaflSetup, TaflStones

INK = "#1a1a1a"
_MOVE = re.compile(r"^(?:(?P<kind>[TW]) )?(?P<square>[A-G][1-7])(?:x(?P<removed>\S+))?$|^Pass$")


class FigureError(ValueError):
    """A figure whose position cannot be built or whose claim the engine refutes."""


def _hand(text: str) -> int:
    return (THUNDER if "T" in text else 0) | (WODEN if "W" in text else 0)


@dataclass(frozen=True, slots=True)
class Stones:
    """A position given square by square (squares separated by spaces).

    `thunder`/`woden` name squares among `dark`/`light` that hold those special
    stones; `hands` says which specials each side still holds ("TW", "T", "W", "").
    """

    dark: str = ""
    light: str = ""
    thunder: str = ""
    woden: str = ""
    to_move: str = "Dark"
    hands: tuple[str, str] = ("TW", "TW")
    scoring: Scoring = "default"

    def position(self) -> Position:
        rules = Rules(scoring=self.scoring)
        masks = [0, 0]
        for side, text in ((DARK, self.dark), (LIGHT, self.light)):
            for name in text.split():
                bit = 1 << square(name)
                if (masks[0] | masks[1]) & bit:
                    raise ClaimError(f"{name} is given two stones")
                masks[side] |= bit
        thunder = sum(1 << square(n) for n in self.thunder.split())
        woden = sum(1 << square(n) for n in self.woden.split())
        if (thunder | woden) & ~(masks[0] | masks[1]):
            raise ClaimError("a special stone is named on an empty square")
        turn = SIDE_NAMES.index(self.to_move)
        return Position(rules, masks, thunder, woden, [_hand(h) for h in self.hands], turn)


@dataclass(frozen=True, slots=True)
class Record:
    """A position reached by replaying a record (tags allowed), which must be valid."""

    text: str

    def position(self) -> Position:
        final = replayed_final(self.text)
        if not isinstance(final, Position):
            raise ClaimError("the record is not a Mǽrstánas game")
        return final


Setup = Stones | Record | TaflStones | TaflRecord


@dataclass(frozen=True)
class Panel:
    """One board of a figure: a position, optionally one move later, and its claims.

    Movement games take `TaflStones`/`TaflRecord` setups and tafl claims; their
    `window` ("H5:Q14", top-left to bottom-right) draws part of a big board.
    """

    label: str
    setup: Setup
    then: str | None = None  # a move in record notation, played before drawing
    claims: tuple[Claim | TaflClaim, ...] = ()
    marks: dict[str, Mark] = field(default_factory=dict)  # extra marks by square name
    show_claim_marks: bool = True
    window: str | None = None


@dataclass(frozen=True)
class Figure:
    """A numbered figure of the book: panels side by side above one caption."""

    key: str
    caption: str
    panels: tuple[Panel, ...]
    alt: str = ""  # a sentence for screen readers; the caption is used when empty


@dataclass(frozen=True)
class PanelView:
    label: str
    spec: BoardSpec
    position: Position | TaflPosition


@dataclass(frozen=True)
class FigureView:
    """A figure whose claims the engine has confirmed, ready to draw."""

    figure: Figure
    number: int
    panels: tuple[PanelView, ...]

    @property
    def key(self) -> str:
        return self.figure.key


def play_written(position: Position, written: str) -> tuple[Position, dict[int, Mark]]:
    """Play `written` (e.g. `T E4xE3/D4`) and insist the record would write it so.

    Returns the new position and crosses on the squares a thunder emptied.
    """
    match = _MOVE.match(written)
    if not match:
        raise ClaimError(f"{written!r} is not a move in the record notation")
    if written == "Pass":
        move = Move.pass_()
    else:
        kind = {"T": "thunder", "W": "woden", None: "place"}[match["kind"]]
        move = Move(kind, square(match["square"]))  # type: ignore[arg-type]
    after = position.copy()
    try:
        removed = after.push(move)
    except IllegalMove as exc:
        raise ClaimError(f"{written} cannot be played: {exc.problem}") from None
    canonical = move_text(move, removed)
    if canonical != written:
        raise ClaimError(f"{written} is written {canonical}")
    return after, {sq: Mark("cross") for sq in removed}


def realise(figure: Figure, number: int, cell: float = 6.0) -> FigureView:
    """Build and check every panel of `figure`; raise FigureError on the first false claim."""
    views = []
    for panel in figure.panels:
        where = f"figure {number} ({figure.key}), panel {panel.label!r}"
        if isinstance(panel.setup, TaflSetup):
            from maerstanas_print.rulebook.tafl_figures import realise_tafl_panel

            views.append(realise_tafl_panel(panel, where, cell))
            continue
        try:
            position = panel.setup.position()
            marks: dict[int, Mark] = {}
            if panel.then:
                position, marks = play_written(position, panel.then)
        except ClaimError as exc:
            raise FigureError(f"{where}: {exc}") from None
        for claim in panel.claims:
            if hasattr(claim, "arrows"):
                raise FigureError(f"{where}: claim {claim.text!r} is about a movement game, "
                                  "not Mǽrstánas")
            try:
                verdict = claim.check(position)  # type: ignore[arg-type]
            except ClaimError as exc:
                raise FigureError(f"{where}: claim {claim.text!r} cannot be read: {exc}"
                                  ) from None
            if verdict is not None:
                raise FigureError(f"{where} claims {claim.text!r}, but {verdict}")
            if panel.show_claim_marks:
                marks.update(claim.marks(position))
        for name, mark in panel.marks.items():
            marks[square(name)] = mark
        views.append(PanelView(panel.label, _spec(position, marks, cell, panel.label),
                               position))
    return FigureView(figure, number, tuple(views))


def _spec(position: Position, marks: dict[int, Mark], cell: float, label: str) -> BoardSpec:
    stones = {}
    for side in (DARK, LIGHT):
        for sq in range(49):
            if position.owner(sq) == side:
                stones[sq] = Stone(side, position.kind_at(sq) or "standard")  # type: ignore[arg-type]
    variant: Variant = "wraparound" if position.rules.geometry.wrap else "standard"
    return BoardSpec(cell=cell, labels=frozenset(("top", "left")), variant=variant,
                     stones=stones, marks=marks, title=label)


PANEL_GAP = 9.0  # mm between boards
LABEL_SIZE = 9.0  # pt


def figure_cell(view: FigureView, width: float, largest: float = 7.2) -> float:
    """The square size that fits all panels of the figure side by side into `width` mm."""
    n = len(view.panels)
    probe = view.panels[0].spec
    columns = sum(panel.spec.view[2] for panel in view.panels)
    cell = (width - PANEL_GAP * (n - 1) - n * probe.band) / columns
    # The boards' pads (frame lines, run-outs) grow with the cell: shrink until all fit.
    while cell > 1.0 and sum(_resize(p.spec, cell).size()[0] for p in view.panels) \
            + PANEL_GAP * (n - 1) > width:
        cell -= 0.05
    return min(largest, cell)


def figure_shapes(view: FigureView, width: float) -> tuple[list[Shape], float]:
    """The panels centred in `width` mm, each labelled underneath; returns shapes and height."""
    cell = figure_cell(view, width)
    specs = [_resize(panel.spec, cell) for panel in view.panels]
    sizes = [spec.size() for spec in specs]
    total = sum(w for w, _ in sizes) + PANEL_GAP * (len(specs) - 1)
    x = (width - total) / 2
    # A cropped board's lines run on past a cut bottom edge: keep the label clear of them.
    board_h = max(h + (0.4 * spec.cell if "bottom" in spec.cut() else 0.0)
                  for spec, (_, h) in zip(specs, sizes, strict=True))
    label_line = LABEL_SIZE * MM_PER_PT * 1.3
    shapes: list[Shape] = []
    for panel, spec, (w, _) in zip(view.panels, specs, sizes, strict=True):
        board = board_shapes(spec, x, 0.0)
        grid_centre = spec.grid_origin(x, 0.0)[0] + spec.grid_size[0] / 2
        label = Text(grid_centre, board_h + 1.2 + LABEL_SIZE * MM_PER_PT, panel.label,
                     LABEL_SIZE, "italic", "middle", INK)
        shapes.append(Group((board, label), title=panel.label, desc=board.desc))
        x += w + PANEL_GAP
    return shapes, board_h + 1.2 + label_line + 0.6


def _resize(spec: BoardSpec, cell: float) -> BoardSpec:
    return replace(spec, cell=cell)

