"""The games this toolchain knows: a registry of `Game` definitions.

A record names its game in the `[Game "..."]` tag (no tag: the default game,
Mǽrstánas). This registry is the only code that knows which games exist; the
readers, the verifier, the writer, the documents, the sheets and the commands
ask it (`game_named`, `all_games`) and then talk to the `Game` they get.
A game of one's own is added with `register` (see docs/adding-a-game.md).
"""

from __future__ import annotations

from typing import TypeVar

from maerstanas_print.games.maerstanas import MaerstanasGame
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.tafl import TaflGame, cyngesheall, hnefatafl1992

__all__ = ["CYNGESHEALL", "HNEFATAFL_1992", "MAERSTANAS", "Game", "all_games",
           "default_game", "game_named", "register", "unregister"]

G = TypeVar("G", bound=Game)
_GAMES: dict[str, Game] = {}  # by Game tag, in the order registered
_NAMES: dict[str, Game] = {}  # lower-case tags and slugs


def register(game: G) -> G:
    """Make `game` known to every command and reader; returns it.

    Its tag and slug must not name a game already registered.
    """
    if not isinstance(game, Game):
        raise TypeError(f"only a Game can be registered, not {type(game).__name__}")
    for name in (game.tag.lower(), game.slug.lower()):
        known = _NAMES.get(name)
        if known is not None and known is not game:
            raise ValueError(f"`{name}` already names {known.title}")
    _GAMES[game.tag] = game
    _NAMES[game.tag.lower()] = game
    _NAMES[game.slug.lower()] = game
    return game


def unregister(game: Game) -> None:
    """Forget a game registered earlier (tests register games of their own)."""
    if _GAMES.get(game.tag) is game:
        del _GAMES[game.tag]
    for name in (game.tag.lower(), game.slug.lower()):
        if _NAMES.get(name) is game:
            del _NAMES[name]


def all_games() -> tuple[Game, ...]:
    """Every registered game, the default game first."""
    return tuple(_GAMES.values())


def default_game() -> Game:
    """The game of a record with no Game tag."""
    return MAERSTANAS


def game_named(value: str | None) -> Game | None:
    """The game a Game tag (or a slug such as `hnefatafl1992`) names, in any case;
    the default game when there is no tag; None if unknown."""
    if value is None:
        return default_game()
    return _NAMES.get(value.strip().lower())


MAERSTANAS = register(MaerstanasGame())
CYNGESHEALL = register(TaflGame(cyngesheall.DEFINITION))
HNEFATAFL_1992 = register(TaflGame(hnefatafl1992.DEFINITION))
