"""Which book teaches which game: one Markdown source per game, one registry.

The machinery (figures, claims, layout, PDF, HTML) is shared; a game's book
is its source in `maerstanas_print/games/books/`, read and checked by
`source` and `compile_source`. Keyed by the game's Game tag.
"""

from __future__ import annotations

from functools import cache

from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS, GameInfo
from maerstanas_print.rulebook.model import Book

BOOKS: dict[str, str] = {  # Game tag -> the source in games/books/ (without .md)
    MAERSTANAS.tag: "maerstanas",
    CYNGESHEALL.tag: "cyngesheall",
    HNEFATAFL_1992.tag: "hnefatafl1992",
}


def book_for(game: GameInfo) -> Book:
    """The rulebook of `game`, checked (KeyError for a game without a book)."""
    return _book(BOOKS[game.tag])


@cache
def _book(name: str) -> Book:
    from maerstanas_print.rulebook.compile_source import compile_source
    from maerstanas_print.rulebook.source import shipped_source

    return compile_source(shipped_source(name))


def file_stem(game: GameInfo, paper: str, fmt: str) -> str:
    """`rulebook-a4` for Mǽrstánas (as always), `rulebook-cyngesheall-a4` for the others."""
    slug = "" if game is MAERSTANAS else f"-{game.slug}"
    return f"rulebook{slug}-{paper}"
