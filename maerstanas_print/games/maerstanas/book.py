"""What Mǽrstánas gives its rulebooks (`rulebook.kit.BookKit`): claims about
placements, hinges, removals, passes and scores; positions laid out stone by
stone or replayed; panels drawn as the sheets draw the board."""

from __future__ import annotations

from typing import Any

from maerstanas_print.games.maerstanas.book_claims import (
    CLAIM_FORMS,
    Scores,
    position_value,
    read_claim,
    square,
)
from maerstanas_print.games.maerstanas.book_figures import (
    Record,
    read_stones,
    realise_maerstanas_panel,
)
from maerstanas_print.rulebook.claim_base import ClaimError
from maerstanas_print.rulebook.figures import Panel, PanelView
from maerstanas_print.rulebook.model import Table


class MaerstanasBookKit:
    claim_forms = CLAIM_FORMS

    def read_claim(self, text: str) -> Any:
        return read_claim(text)

    def check_square(self, name: str) -> int:
        return square(name)

    def read_position(self, key: str, value: str) -> Any:
        if key == "stones":
            return read_stones(value)
        if key == "setup":
            raise ClaimError("`setup:` is for the movement games; use `stones:`")
        return Record(value)

    def realise_panel(self, panel: Panel, where: str, cell: float, index: int) -> PanelView:
        return realise_maerstanas_panel(panel, where, cell, index)

    def position_value(self, position: Any, value: str, panel: Panel | None) -> str | None:
        # A panel that claims a score under another scoring counts its points that way.
        scoring = next((c.scoring for c in panel.claims if isinstance(c, Scores)), None) \
            if panel is not None else None
        return position_value(position, value, scoring)

    def setup_table(self) -> Table:
        raise LookupError("Mǽrstánas starts on an empty board: there is no setup to list")

    def options_table(self, meanings: dict[tuple[str, str], str]) -> Table:
        raise LookupError("Mǽrstánas has no rule options to list")
