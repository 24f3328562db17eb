"""The games: each one's core (rules, notation, replay) in a package of its own.

`games.registry` maps a Game tag to its `Game`; `games.protocol` says what a
game is. The registry's names (`all_games`, `game_named`, `register`,
`MAERSTANAS`, ...) are also reachable here for the library's users; they are
imported on first use, so that importing one game module does not load them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from maerstanas_print.games.registry import (
        CYNGESHEALL,
        HNEFATAFL_1992,
        MAERSTANAS,
        Game,
        all_games,
        default_game,
        game_named,
        register,
        unregister,
    )

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


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # Lazy: `games/__init__` runs before any game module; importing the registry
    # here would load every game (and the replay) whenever one module is imported.
    from maerstanas_print.games import registry

    return getattr(registry, name)
