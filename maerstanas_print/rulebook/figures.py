"""Rulebook figures: positions declared in the book's source, replayed and checked.

A `Figure` is one or more `Panel`s side by side. A panel's position is its
game's (`kit.BOOK_KITS`, `read_position`: a position laid out square by square,
or a record replayed by the engine); `then` plays one more move written in the
record notation, so before/after pairs and their notation are checked too. Every
claim of every panel is put to the engine in `realise`, which raises
`FigureError` (one line naming the figure and the false claim) when the
engine disagrees. Only a realised figure can be drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from maerstanas_print.draw.board import BoardSpec, Mark, board_shapes
from maerstanas_print.draw.coordinates import least_legible_cell
from maerstanas_print.draw.shapes import MM_PER_PT, Group, Shape, Text
from maerstanas_print.rulebook.claim_base import ClaimError

INK = "#000000"  # pure black: one ink (K) in print, as on the sheets


class FigureError(ValueError):
    """A figure whose position cannot be built or whose claim the engine refutes.

    `panel` (0-based) and `part` ("setup", "reachable" (a position no game can
    reach), "then", "window", "marks" or "claim",
    with `claim` its 0-based index) say where, so a rulebook source can point at
    the line that is wrong.
    """

    def __init__(self, message: str, panel: int = 0, part: str = "setup", claim: int = 0):
        super().__init__(message)
        self.panel, self.part, self.claim = panel, part, claim


Setup = Any  # a game's position line (its book kit's `read_position`)


@dataclass(frozen=True)
class Panel:
    """One board of a figure: a position, optionally one move later, and its claims.

    The setup and the claims are the game's own (`kit.BOOK_KITS`); a `window`
    ("H5:Q14", top-left to bottom-right) draws part of a big board.
    """

    label: str
    setup: Setup
    then: str | None = None  # a move in record notation, played before drawing
    claims: tuple[Any, ...] = ()  # the game's claims (its book kit's `read_claim`)
    marks: dict[str, Mark] = field(default_factory=dict)  # extra marks by square name
    show_claim_marks: bool = True
    window: str | None = None
    kit: Any = None  # the game's book kit (`kit.BOOK_KITS`), which realises the panel


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
    position: Any  # the game's position


@dataclass(frozen=True)
class FigureView:
    """A figure whose claims the engine has confirmed, ready to draw."""

    figure: Figure
    number: int
    panels: tuple[PanelView, ...]

    @property
    def key(self) -> str:
        return self.figure.key


def check_claim(claim: Any, position: Any, where: str, panel: int, number: int) -> None:
    """Put one claim of a panel to the engine: FigureError naming the figure, the
    panel and the claim when it cannot be read or is false."""
    try:
        verdict = claim.check(position)
    except ClaimError as exc:
        raise FigureError(
            f"{where}: claim {claim.text!r} cannot be read: {exc}", panel, "claim", number
        ) from None
    if verdict is not None:
        raise FigureError(f"{where} claims {claim.text!r}, but {verdict}", panel, "claim", number)


def realise(figure: Figure, number: int, cell: float = 6.0) -> FigureView:
    """Build and check every panel of `figure`; raise FigureError on the first false claim.

    Each panel's game (its `book_kit`) replays it, checks the claims and describes
    the board."""
    views = []
    for index, panel in enumerate(figure.panels):
        where = f"figure {number} ({figure.key}), panel {panel.label!r}"
        views.append(panel.kit.realise_panel(panel, where, cell, index))
    return FigureView(figure, number, tuple(views))


PANEL_GAP = 9.0  # mm between boards
LABEL_SIZE = 9.0  # pt


def figure_cell(view: FigureView, width: float, largest: float = 7.2) -> float:
    """The square size that fits all panels of the figure side by side into `width` mm."""
    n = len(view.panels)
    probe = view.panels[0].spec
    columns = sum(panel.spec.view[2] for panel in view.panels)
    cell = (width - PANEL_GAP * (n - 1) - n * probe.band) / columns
    # The boards' pads (frame lines, run-outs) grow with the cell: shrink until all fit.
    while (
        cell > 1.0
        and sum(_resize(p.spec, cell).size()[0] for p in view.panels) + PANEL_GAP * (n - 1) > width
    ):
        cell -= 0.05
    return min(largest, cell)


def figure_shapes(
    view: FigureView, width: float, cell: float | None = None
) -> tuple[list[Shape], float]:
    """The panels centred in `width` mm, each labelled underneath; returns shapes and height.

    `cell` (mm) overrides the square size that fits the panels into `width`."""
    cell = cell or figure_cell(view, width)
    specs = [_resize(panel.spec, cell) for panel in view.panels]
    sizes = [spec.size() for spec in specs]
    x = _first_board_x(specs, width)
    # A cropped board's lines run on past a cut bottom edge: keep the label clear of them.
    board_h = max(
        h + (0.4 * spec.cell if "bottom" in spec.cut() else 0.0)
        for spec, (_, h) in zip(specs, sizes, strict=True)
    )
    label_line = LABEL_SIZE * MM_PER_PT * 1.3
    shapes: list[Shape] = []
    for panel, spec, (w, _) in zip(view.panels, specs, sizes, strict=True):
        board = board_shapes(spec, x, 0.0)
        grid_centre = spec.grid_origin(x, 0.0)[0] + spec.grid_size[0] / 2
        label = Text(
            grid_centre,
            board_h + 1.2 + LABEL_SIZE * MM_PER_PT,
            panel.label,
            LABEL_SIZE,
            "italic",
            "middle",
            INK,
        )
        shapes.append(Group((board, label), title=panel.label, desc=board.desc))
        x += w + PANEL_GAP
    return shapes, board_h + 1.2 + label_line + 0.6


def _first_board_x(specs: list[BoardSpec], width: float) -> float:
    """Where the first board starts: the boards and the gaps between them centred."""
    total = sum(spec.size()[0] for spec in specs) + PANEL_GAP * (len(specs) - 1)
    return (width - total) / 2


def label_centres(view: FigureView, width: float, cell: float) -> list[float]:
    """Where (mm from the left of `width`) each panel's label is centred, as
    `figure_shapes` draws them: under the middle of its board's grid."""
    specs = [_resize(panel.spec, cell) for panel in view.panels]
    x = _first_board_x(specs, width)
    centres = []
    for spec in specs:
        centres.append(spec.grid_origin(x, 0.0)[0] + spec.grid_size[0] / 2)
        x += spec.size()[0] + PANEL_GAP
    return centres


def least_cell(view: FigureView) -> float:
    """The smallest squares (mm) every board of the figure can be drawn with and keep
    its coordinates apart (`least_legible_cell`): smaller, letters and numbers print
    on top of each other."""
    return max(least_legible_cell(panel.spec) for panel in view.panels)


def panel_width(panel: PanelView, cell: float) -> float:
    """How wide one panel's board is drawn with squares of `cell` mm."""
    return _resize(panel.spec, cell).size()[0]


def _resize(spec: BoardSpec, cell: float) -> BoardSpec:
    return replace(spec, cell=cell)
