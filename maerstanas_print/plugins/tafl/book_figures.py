"""Realising a movement-game panel: replay, check every claim, and draw the right board.

The board comes from `spec_for_game`, so a Cyngesheall figure shows the rune
stones and the kings' home corners, and a 1992 figure the lettered men, the
throne and the escape edge; a panel's `window` crops the 19 x 19 board to
the squares that matter, with its real coordinates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.draw.board import Arrow, BoardSpec, Mark, spec_for_game
from maerstanas_print.games.tafl.engine import TaflPosition
from maerstanas_print.plugins.tafl.book_claims import (
    info_of,
    play_tafl_written,
    tafl_square,
)
from maerstanas_print.rulebook.claim_base import ClaimError
from maerstanas_print.rulebook.figures import FigureError, PanelView, check_claim

if TYPE_CHECKING:
    from maerstanas_print.rulebook.figures import Panel, PanelView


def parse_window(text: str, size: int) -> tuple[int, int, int, int]:
    """ "H5:Q14" -> (first column, first row, columns, rows)."""
    first, _, last = text.partition(":")
    a, b = tafl_square(first, size), tafl_square(last, size)
    (r0, c0), (r1, c1) = divmod(a, size), divmod(b, size)
    if r1 < r0 or c1 < c0:
        raise ClaimError(f"the window {text} runs backwards")
    return c0, r0, c1 - c0 + 1, r1 - r0 + 1


def realise_tafl_panel(panel: Panel, where: str, cell: float, index: int = 0) -> PanelView:
    part = "setup"
    try:
        position: TaflPosition = panel.setup.position()
        unreachable = position.unreachable_because()
        if unreachable is not None:
            raise FigureError(f"{where}: {unreachable}", index, "reachable")
        marks: dict[int, Mark] = {}
        arrows: tuple[Arrow, ...] = ()
        if panel.then:
            part = "then"
            position, marks, arrows = play_tafl_written(position, panel.then)
        part = "window"
        window = parse_window(panel.window, position.rules.size) if panel.window else None
    except ClaimError as exc:
        raise FigureError(f"{where}: {exc}", index, part) from None
    for n, claim in enumerate(panel.claims):
        if not hasattr(claim, "arrows"):
            raise FigureError(
                f"{where}: claim {claim.text!r} is about Mǽrstánas, not {info_of(position).title}",
                index,
                "claim",
                n,
            )
        check_claim(claim, position, where, index, n)
        if panel.show_claim_marks:
            marks.update(claim.marks(position))
            arrows += claim.arrows(position)
    size = position.rules.size
    for name, mark in panel.marks.items():
        try:
            marks[tafl_square(name, size)] = mark
        except ClaimError as exc:
            raise FigureError(f"{where}: {exc}", index, "marks") from None
    spec = tafl_spec(position, marks, arrows, cell, panel.label, window)
    hidden = [
        sq
        for sq in (*marks, *(a.start for a in arrows), *(a.end for a in arrows))
        if not spec.shows(sq)
    ]
    if hidden:
        raise FigureError(
            f"{where}: {spec.name(hidden[0])} is outside the window {panel.window}", index, "window"
        )
    return PanelView(panel.label, spec, position)


def tafl_spec(
    position: TaflPosition,
    marks: dict[int, Mark],
    arrows: tuple[Arrow, ...],
    cell: float,
    label: str,
    window: tuple[int, int, int, int] | None,
) -> BoardSpec:
    info = info_of(position)
    stones = info.stones(position)
    return spec_for_game(
        info,
        cell=cell,
        labels=frozenset(("top", "left")),
        stones=stones,
        marks=marks,
        arrows=arrows,
        title=label,
        window=window,
    )
