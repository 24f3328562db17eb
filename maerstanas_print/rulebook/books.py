"""Which book teaches which game: each game names its Markdown source.

The machinery (figures, claims, layout, PDF, HTML) is shared; a game's book
is its source in `maerstanas_print/games/books/` (registered in `kit.RULEBOOKS`),
read and checked by `source` and `compile_source`.
"""

from __future__ import annotations

from functools import cache

from maerstanas_print.games.protocol import Game
from maerstanas_print.rulebook.compile_source import compile_source
from maerstanas_print.rulebook.kit import RULEBOOKS, quickref_source
from maerstanas_print.rulebook.model import Book
from maerstanas_print.rulebook.source import shipped_source
from maerstanas_print.sheets.capabilities import FILE_PARTS


def book_for(game: Game) -> Book:
    """The rulebook of `game`, checked (KeyError for a game without a book)."""
    name = RULEBOOKS.of(game)
    if name is None:
        raise KeyError(game.tag)
    return _book(name)


def quickref_for(game: Game) -> Book:
    """The one-page quick reference of `game`, checked (KeyError for a game without one)."""
    name = quickref_source(game)
    if name is None:
        raise KeyError(game.tag)
    return _book(name)


@cache
def _book(name: str) -> Book:
    return compile_source(shipped_source(name))


def file_stem(game: Game, paper: str, fmt: str) -> str:
    """`rulebook-a4` for the default game (as always), `rulebook-cyngesheall-a4` for others."""
    return f"rulebook{FILE_PARTS.of(game)}-{paper}"
