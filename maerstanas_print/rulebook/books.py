"""Which book teaches which game: each game names the module of its book.

The machinery (figures, claims, layout, PDF, HTML) is shared; a game's book
is only its content module's `book()` (`Game.rulebook_source`).
"""

from __future__ import annotations

import importlib

from maerstanas_print.games.protocol import Game
from maerstanas_print.rulebook.model import Book


def book_for(game: Game) -> Book:
    """The rulebook of `game` (KeyError for a game without a book)."""
    source = game.rulebook_source()
    if source is None:
        raise KeyError(game.tag)
    book: Book = importlib.import_module(source).book()
    return book


def file_stem(game: Game, paper: str, fmt: str) -> str:
    """`rulebook-a4` for the default game (as always), `rulebook-cyngesheall-a4` for others."""
    return f"rulebook{game.file_part}-{paper}"
