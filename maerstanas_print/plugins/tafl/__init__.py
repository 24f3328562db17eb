"""The tafl family beyond its core: documents, sheets, books and fix search.

Each module here serves one layer; `maerstanas_print.plugins` registers them in
that layer's capabilities (for every `TaflGame`), to be imported on first use.
"""

from __future__ import annotations

from maerstanas_print.capability import Keyed
from maerstanas_print.games.tafl import TaflGame


def rulebook_source(game: Keyed) -> str | None:
    """The capability `rulebook.kit.RULEBOOKS` asks for: the definition's book (here,
    not in `book`, so that asking whether a game has a book loads no book)."""
    assert isinstance(game, TaflGame)
    return game.definition.rulebook
