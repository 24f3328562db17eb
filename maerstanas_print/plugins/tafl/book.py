"""What the tafl games give their rulebooks (`rulebook.kit.BookKit`): claims about
moves, captures and endings; positions set out or replayed; panels on the game's
own board (windows of a big one); the setup and options tables."""

from __future__ import annotations

from typing import Any

from maerstanas_print.capability import Keyed
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.plugins.tafl.book_claims import (
    TAFL_CLAIM_FORMS,
    TaflRecord,
    read_tafl_claim,
    read_tafl_stones,
    tafl_position_value,
    tafl_square,
)
from maerstanas_print.plugins.tafl.book_figures import realise_tafl_panel
from maerstanas_print.plugins.tafl.book_tables import options_table, setup_table
from maerstanas_print.rulebook.figures import Panel, PanelView
from maerstanas_print.rulebook.model import Table


class TaflBookKit:
    claim_forms = TAFL_CLAIM_FORMS

    def __init__(self, game: TaflGame) -> None:
        self.game = game

    def read_claim(self, text: str) -> Any:
        return read_tafl_claim(text)

    def check_square(self, name: str) -> int:
        return tafl_square(name, self.game.board.size)

    def read_position(self, key: str, value: str) -> Any:
        tag = self.game.tag
        if key == "stones":
            return read_tafl_stones(tag, value)
        if key == "setup":
            return TaflRecord(tag, f'[Game "{tag}"]\n[Setup "{value}"]\n\n*')
        return TaflRecord(tag, value)

    def realise_panel(self, panel: Panel, where: str, cell: float, index: int) -> PanelView:
        return realise_tafl_panel(panel, where, cell, index)

    def position_value(self, position: Any, value: str, panel: Panel | None) -> str | None:
        return tafl_position_value(position, value)

    def setup_table(self) -> Table:
        return setup_table(self.game)

    def options_table(self, meanings: dict[tuple[str, str], str]) -> Table:
        return options_table(self.game, meanings)


def book_kit(game: Keyed) -> TaflBookKit:
    """The capability `rulebook.kit.BOOK_KITS` asks for."""
    assert isinstance(game, TaflGame)
    return TaflBookKit(game)
