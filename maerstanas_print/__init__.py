"""maerstanas_print: record, verify and print games of Mǽrstánas.

Mǽrstánas is John Beers' game (rules CC BY-SA 4.0). The library API, in the
order the data flows:

- `parse(text)` reads a record file into `GameRecord`s (with diagnostics),
- `replay(game)` plays one on the engine, checking everything it can,
- `export_game(replayed)` writes the canonical form,
- `Position` is the engine: legal moves, passes, game end and the score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# The names below are imported when first used, so that the command line
# (`maerstanas_print.cli`) starts without loading the engine and handles
# Ctrl-C from its first instruction.
_EXPORTS = {
    "DARK": "engine", "LIGHT": "engine", "IllegalMove": "engine", "Move": "engine",
    "Position": "engine", "Rules": "engine", "parse_square": "engine",
    "square_name": "engine", "ParsedFile": "parser", "parse": "parser",
    "parse_game": "parser", "GameRecord": "record", "ReplayedGame": "verify",
    "replay": "verify",
}

if TYPE_CHECKING:
    from maerstanas_print.engine import (
        DARK,
        LIGHT,
        IllegalMove,
        Move,
        Position,
        Rules,
        parse_square,
        square_name,
    )
    from maerstanas_print.parser import ParsedFile, parse, parse_game
    from maerstanas_print.record import GameRecord
    from maerstanas_print.verify import ReplayedGame, replay


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'maerstanas_print' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"maerstanas_print.{module}"), name)
    globals()[name] = value
    return value


def export_game(game: ReplayedGame) -> str:
    """The canonical text of a replayed game (see `maerstanas_print.export`)."""
    from maerstanas_print.export import export_game as _export

    return _export(game)


__all__ = [
    "DARK", "LIGHT", "GameRecord", "IllegalMove", "Move", "ParsedFile", "Position",
    "ReplayedGame", "Rules", "export_game", "parse", "parse_game", "parse_square", "replay",
    "square_name",
]
