"""maerstanas_print: record, verify and print games of Mǽrstánas and its sibling games.

Mǽrstánas is John Beers' game (rules CC BY-SA 4.0). The library API, in the
order the data flows:

- `read_game(handle)` reads the next game of an open text handle (None at
  its end), `read_games(path or handle)` / `parse(text)` every game, as
  `GameRecord`s (with diagnostics and source positions); `GameRecord.board()`
  is the start under the record's own rules, `GameRecord.root()` its tree of
  `GameNode`s (each with `board()`), `GameRecord.walk()` every move;
- `replay(game)` plays one under its game's rules, checking everything it can,
  and returns a `ReplayedGame`;
- `export_game(replayed)` writes the canonical form;
- `Position` and `Move` are the Mǽrstánas engine (legal moves, `push`/`pop`,
  `push_text`, `move_stack`, passes, game end, the score as a `Score`);
  `svg.board(position)` draws one (docs/library.md is a guided tour);
- `game_named`, `all_games` and `register` are the registry of every game,
  each a `Game` with its own positions and moves.

Failures a program can catch are `MaerstanasError`s (`InputError`, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from maerstanas_print import capability as _capability

__version__ = "0.1.0"

# The names below are imported when first used, so that the command line
# (`maerstanas_print.cli`) starts without loading the engine and handles
# Ctrl-C from its first instruction.
_EXPORTS = {
    "DARK": "sides",
    "LIGHT": "sides",
    "Move": "games.maerstanas.engine",
    "Position": "games.maerstanas.engine",
    "Rules": "games.maerstanas.engine",
    "parse_square": "games.maerstanas.engine",
    "square_name": "games.maerstanas.engine",
    "Game": "games.protocol",
    "GamePosition": "games.base",
    "IllegalMove": "games.base",
    "Problem": "games.base",
    "Score": "games.base",
    "all_games": "games.registry",
    "game_named": "games.registry",
    "register": "games.registry",
    "unregister": "games.registry",
    "ParsedFile": "notation.parser",
    "parse": "notation.parser",
    "parse_game": "notation.parser",
    "GameRecord": "notation.record",
    "GameNode": "notation.record",
    "Line": "notation.record",
    "PlyNode": "notation.record",
    "read_game": "notation.stream",
    "read_games": "notation.stream",
    "TagDate": "notation.tags",
    "ReplayedGame": "play.replayed",
    "ReplayedLine": "play.replayed",
    "Step": "play.replayed",
    "replay": "play.verify",
    "MaerstanasError": "io.errors",
    "InputError": "io.errors",
    "LimitError": "io.errors",
    "OutputError": "io.errors",
}

if TYPE_CHECKING:
    from maerstanas_print.games.base import GamePosition, IllegalMove, Problem, Score
    from maerstanas_print.games.maerstanas.engine import (
        Move,
        Position,
        Rules,
        parse_square,
        square_name,
    )
    from maerstanas_print.games.protocol import Game
    from maerstanas_print.games.registry import all_games, game_named, register, unregister
    from maerstanas_print.io.errors import InputError, LimitError, MaerstanasError, OutputError
    from maerstanas_print.notation.parser import ParsedFile, parse, parse_game
    from maerstanas_print.notation.record import GameNode, GameRecord, Line, PlyNode
    from maerstanas_print.notation.stream import read_game, read_games
    from maerstanas_print.notation.tags import TagDate
    from maerstanas_print.play.replayed import ReplayedGame, ReplayedLine, Step
    from maerstanas_print.play.verify import replay
    from maerstanas_print.sides import DARK, LIGHT


def _wire_the_games() -> None:
    # Lazy: the wiring names every game's documents, sheets and books; it is
    # imported when a layer first asks a capability, not with the package.
    import maerstanas_print.plugins  # noqa: F401


_capability.before_first_lookup(_wire_the_games)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'maerstanas_print' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"maerstanas_print.{module}"), name)
    globals()[name] = value
    return value


def export_game(game: ReplayedGame) -> str:
    """The canonical text of a replayed game (see `maerstanas_print.notation.export`)."""
    # Lazy, as every name of the front door: `import maerstanas_print` stays quick.
    from maerstanas_print.notation.export import export_game as _export

    return _export(game)


__all__ = [
    "DARK",
    "LIGHT",
    "Game",
    "GameNode",
    "GamePosition",
    "GameRecord",
    "IllegalMove",
    "InputError",
    "LimitError",
    "Line",
    "MaerstanasError",
    "Move",
    "OutputError",
    "ParsedFile",
    "PlyNode",
    "Position",
    "Problem",
    "ReplayedGame",
    "ReplayedLine",
    "Rules",
    "Score",
    "Step",
    "TagDate",
    "all_games",
    "export_game",
    "game_named",
    "parse",
    "parse_game",
    "parse_square",
    "read_game",
    "read_games",
    "register",
    "replay",
    "square_name",
    "unregister",
]
