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


def key_label(game: Keyed) -> str:
    """The capability `rulebook.kit.STONE_KEY_LABELS` asks for."""
    assert isinstance(game, TaflGame)
    throne = game.tafl.throne
    if game.look.pieces == "men":
        where = f" {game.board.name(throne)}" if throne is not None else ""
        return (
            "The pieces: Black's men (X) and king (K), White's men (O); the throne"
            f"{where} and the edge squares where the king escapes"
        )
    return (
        "The pieces in Dark and Light: the king (Woden-stone, rune ós), the "
        "commander (thunder-stone, rune thorn) and the plain stones; each king's "
        "home corner"
    )
