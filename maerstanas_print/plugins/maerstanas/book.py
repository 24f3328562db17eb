"""What Mǽrstánas gives its rulebooks (`rulebook.kit.BookKit`): claims about
placements, hinges, removals, passes and scores; positions laid out stone by
stone or replayed; panels drawn as the sheets draw the board."""

from __future__ import annotations

from typing import Any

from maerstanas_print.capability import Keyed
from maerstanas_print.games.maerstanas.engine import DARK, LIGHT, SQUARE_INDEX
from maerstanas_print.pieces import Stone, StoneKind
from maerstanas_print.plugins.maerstanas.book_claims import (
    CLAIM_FORMS,
    Scores,
    position_value,
    read_claim,
    square,
)
from maerstanas_print.plugins.maerstanas.book_figures import (
    Record,
    read_stones,
    realise_maerstanas_panel,
)
from maerstanas_print.rulebook.claim_base import ClaimError
from maerstanas_print.rulebook.figures import Panel, PanelView
from maerstanas_print.rulebook.kit import Cover
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
        scoring = (
            next((c.scoring for c in panel.claims if isinstance(c, Scores)), None)
            if panel is not None
            else None
        )
        return position_value(position, value, scoring)

    def setup_table(self) -> Table:
        raise LookupError("Mǽrstánas starts on an empty board: there is no setup to list")

    def options_table(self, meanings: dict[tuple[str, str], str]) -> Table:
        raise LookupError("Mǽrstánas has no rule options to list")


def book_kit(_game: Keyed) -> MaerstanasBookKit:
    """The capability `rulebook.kit.BOOK_KITS` asks for."""
    return MaerstanasBookKit()


def cover(_game: Keyed) -> Cover:
    """The capability `rulebook.kit.COVERS` asks for: a board in play, with every kind
    of stone of both sides."""
    stones = {}
    for side, names in ((DARK, "B2 C2 C3 E5 F5 F6 D4 A7"), (LIGHT, "E2 F2 F3 B5 C5 B6 G1 D6")):
        for name in names.split():
            kind: StoneKind = (
                "thunder"
                if name in ("D4", "D6")
                else "woden"
                if name in ("A7", "G1")
                else "standard"
            )
            stones[SQUARE_INDEX[name]] = Stone(side, kind)
    return stones, "A board in play", "A board in play, with every kind of stone"


def key_label(_game: Keyed) -> str:
    """The capability `rulebook.kit.STONE_KEY_LABELS` asks for."""
    return (
        "The stones: standard, thunder-stone (rune thorn) and Woden-stone "
        "(rune ós), each in Dark and Light"
    )
