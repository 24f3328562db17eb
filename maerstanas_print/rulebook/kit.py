"""What a game gives the rulebook: its claims, its positions and its figures.

The source reader, the figures and the references are the same for every
game; what a claim says, how a position line reads, how a panel is replayed
and drawn, and what a reference such as `{{ opening.captures }}` counts are
the game's own, behind this protocol: each game registers its kit in `BOOK_KITS`,
its Markdown source in `RULEBOOKS` and its title-page board in `COVERS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from maerstanas_print.capability import Capability, Keyed
from maerstanas_print.games.protocol import Game

if TYPE_CHECKING:
    from maerstanas_print.pieces import Stone
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


# The title page's board: (stones, the picture's title, its description).
Cover = tuple[dict[int, "Stone"], str, str]


def _no_kit(_game: Keyed) -> BookKit | None:
    return None


def _no_book(_game: Keyed) -> str | None:
    return None


def _start_cover(game: Keyed) -> Cover:
    assert isinstance(game, Game)
    text = f"The start position of {game.title}"
    return game.start_stones(), text, text


def _key_label(game: Keyed) -> str:
    assert isinstance(game, Game)
    return f"The pieces of {game.title}, in Dark and Light"


# What each game gives its books: a kit (None: it has no book), the name of its
# rulebook source in `maerstanas_print/games/books/` (`NAME.md`; a quick reference
# is `NAME-quickref.md` beside it), the board on the title page (default: the start).
BOOK_KITS: Capability[BookKit | None] = Capability("book kit", _no_kit)
RULEBOOKS: Capability[str | None] = Capability("rulebook source", _no_book)
COVERS: Capability[Cover] = Capability("cover", _start_cover)
# The words a book's stone key is described by (its pictures' text alternative).
STONE_KEY_LABELS: Capability[str] = Capability("stone key label", _key_label)


def kit_of(game: Game) -> BookKit:
    """`game`'s book kit (LookupError for a game without books)."""
    kit = BOOK_KITS.of(game)
    if kit is None:
        raise LookupError(f"{game.title} has no book")
    return kit


def quickref_source(game: Game) -> str | None:
    """The name of `game`'s one-page quick reference source: `BOOK-quickref` beside
    its rulebook source `BOOK`, when that file is there; None otherwise."""
    book = RULEBOOKS.of(game)
    if book is None:
        return None
    # Lazy: importlib.resources costs the command line's start-up 10 ms, and
    # `quickref` asks this of every game when it builds its `--game` choices.
    from importlib.resources import files

    name = f"{book}-quickref"
    return (
        name if (files("maerstanas_print") / "games" / "books" / f"{name}.md").is_file() else None
    )
