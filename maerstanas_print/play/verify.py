"""Replaying a record under its game's rules: `replay(record)`.

The record's Game tag chooses the game (no tag: the default game), and the
game replays it (`Game.replay`; see `replayed` for what every replay checks).
This module adds what only the registry can know: whether the Game tag names
a game at all, and whether a tag is a setting of some other game (`Scoring`
in a Cyngesheall record).
"""

from __future__ import annotations

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import all_games, default_game, game_named
from maerstanas_print.notation.record import GameRecord
from maerstanas_print.play.replayed import (
    BaseReplayer,
    PositionReplayer,
    ReplayedGame,
    ReplayedLine,
    Step,
    result_of,
)

__all__ = [
    "BaseReplayer",
    "PositionReplayer",
    "ReplayedGame",
    "ReplayedLine",
    "Step",
    "replay",
    "result_of",
]


def replay(game: GameRecord, *, strict: bool = False, keep_positions: bool = False) -> ReplayedGame:
    """Replay `game` under its game's rules.

    Never raises on a bad record: every problem becomes a diagnostic. A record
    naming a game we do not know is replayed as the default game, and the
    unknown name is reported.
    """
    definition = game_named(game.tag("Game")) or default_game()
    replayed = definition.replay(game, strict=strict, keep_positions=keep_positions)
    found = _registry_diagnostics(game, definition)
    if found:
        replayed.diagnostics.extend(d.as_error() if strict else d for d in found)
        replayed.diagnostics.sort(key=lambda d: d.start)
    return replayed


def _others_settings(definition: Game) -> frozenset[str]:
    """The settings tags of the other games, not of `definition` (worked out once
    for each game and registry of games)."""
    games = all_games()
    known = _OTHERS_SETTINGS.get(definition.tag)
    if known is not None and known[0] is definition and known[1] == games:
        return known[2]
    own = {*definition.settings.values, *definition.settings.free}
    others = frozenset(
        {name for other in games for name in (*other.settings.values, *other.settings.free)}
        - own
        - {"Options"}
    )
    _OTHERS_SETTINGS[definition.tag] = (definition, games, others)
    return others


# By game tag: the game, the registry's games then, and the other games' settings.
_OTHERS_SETTINGS: dict[str, tuple[Game, tuple[Game, ...], frozenset[str]]] = {}


def _registry_diagnostics(game: GameRecord, definition: Game) -> list[Diagnostic]:
    others = _others_settings(definition)
    out = []
    for tag in game.tags:
        if tag.name == "Game":
            known = game_named(tag.value)
            if known is None:
                names = ", ".join(f'"{g.tag}"' for g in all_games())
                out.append(
                    Diagnostic(
                        "error",
                        "M306",
                        f'Game "{tag.value}" is not a game we know',
                        tag.start,
                        tag.end,
                        f"use one of {names}",
                    )
                )
            elif known.tag != tag.value:
                out.append(
                    Diagnostic(
                        "warning", "M405", f"Game is written `{known.tag}`", tag.start, tag.end
                    )
                )
        elif tag.name in others:
            out.append(
                Diagnostic(
                    "error",
                    "M306",
                    f"{tag.name} is not a setting of {definition.title}",
                    tag.start,
                    tag.end,
                    "remove the tag",
                )
            )
    return out
