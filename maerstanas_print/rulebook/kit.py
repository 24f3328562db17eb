"""What a game gives the rulebook: its claims, its positions and its figures.

The source reader, the figures and the references are the same for every
game; what a claim says, how a position line reads, how a panel is replayed
and drawn, and what a reference such as `{{ opening.captures }}` counts are
the game's own, behind this protocol (`Game.book_kit()`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from maerstanas_print.rulebook.figures import Panel, PanelView
    from maerstanas_print.rulebook.model import Table


class BookKit(Protocol):
    claim_forms: tuple[str, ...]  # every claim as a short example, for hints

    def read_claim(self, text: str) -> Any:
        """One claim line as a claim (raises ClaimError)."""

    def check_square(self, name: str) -> int:
        """A square name of the game's board as its index (raises ClaimError)."""

    def read_position(self, key: str, value: str) -> Any:
        """A figure's `stones:`, `record:` or `setup:` line as a setup (ClaimError)."""

    def realise_panel(self, panel: Panel, where: str, cell: float, index: int) -> PanelView:
        """Replay the panel, check every claim (FigureError), describe its board."""

    def position_value(self, position: Any, value: str, panel: Panel | None) -> str | None:
        """What a reference names in a position (`dark-score`, `dark-moves`, ...), or None
        when the game does not know that name."""

    def setup_table(self) -> Table:
        """Where every piece starts (LookupError for a game that starts empty)."""

    def options_table(self, meanings: dict[tuple[str, str], str]) -> Table:
        """Every rule option with what it does (LookupError for a game without options)."""
