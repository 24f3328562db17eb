"""Which book teaches which game: one content module per game, one registry.

The machinery (figures, claims, layout, PDF, HTML) is shared; a game's book
is only its content module's `book()`. Keyed by the game's Game tag.
"""

from __future__ import annotations

import importlib

from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS, GameInfo
from maerstanas_print.rulebook.model import Book

BOOKS: dict[str, str] = {  # Game tag -> the module whose book() is that game's rulebook
    MAERSTANAS.tag: "maerstanas_print.rulebook.content",
    CYNGESHEALL.tag: "maerstanas_print.rulebook.content_cyngesheall",
    HNEFATAFL_1992.tag: "maerstanas_print.rulebook.content_hnefatafl1992",
}


def book_for(game: GameInfo) -> Book:
    """The rulebook of `game` (KeyError for a game without a book)."""
    module = importlib.import_module(BOOKS[game.tag])
    return module.book()


def file_stem(game: GameInfo, paper: str, fmt: str) -> str:
    """`rulebook-a4` for Mǽrstánas (as always), `rulebook-cyngesheall-a4` for the others."""
    slug = "" if game is MAERSTANAS else f"-{game.slug}"
    return f"rulebook{slug}-{paper}"
