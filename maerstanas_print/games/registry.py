"""Which game a record is: the registry of game cores, from a Game tag to a `Game`.

A record names its game in the `[Game "..."]` tag (no tag: the default game,
Mǽrstánas). Only the code that reads a game's name from text asks here: the
record readers (`notation.build`), the verifier (`play.verify`), the rulebook
sources, the command line and the library's front door. Every other layer
takes the game from the record or position it is given (`record.game`,
`replayed.game`) and asks its own capabilities (see `capability.py`).

It holds cores only (rules, notation, replay), which import nothing of the
layers that read, print or command, so every reader can import it without a
cycle. A game of one's own is added with `register` (docs/adding-a-game.md).
"""

from __future__ import annotations

from typing import TypeVar

from maerstanas_print.games.maerstanas import MaerstanasGame
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.tafl import TaflGame, cyngesheall, hnefatafl1992

__all__ = [
    "CYNGESHEALL",
    "HNEFATAFL_1992",
    "MAERSTANAS",
    "Game",
    "all_games",
    "default_game",
    "game_named",
    "register",
    "unregister",
]

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
