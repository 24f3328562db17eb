"""maerstanas_print: record, verify and print games of Mǽrstánas.

Mǽrstánas is John Beers' game (rules CC BY-SA 4.0). The library API, in the
order the data flows:

- `parse(text)` reads a record file into `GameRecord`s (with diagnostics),
- `replay(game)` plays one on the engine, checking everything it can,
- `export_game(replayed)` writes the canonical form,
- `Position` is the engine: legal moves, passes, game end and the score.
"""

from __future__ import annotations

__version__ = "0.1.0"

from maerstanas_print.engine import (  # noqa: E402
    DARK,
    LIGHT,
    IllegalMove,
    Move,
    Position,
    Rules,
    parse_square,
    square_name,
)
from maerstanas_print.parser import ParsedFile, parse, parse_game  # noqa: E402
from maerstanas_print.record import GameRecord  # noqa: E402
from maerstanas_print.verify import ReplayedGame, replay  # noqa: E402


def export_game(game: ReplayedGame) -> str:
    """The canonical text of a replayed game (see `maerstanas_print.export`)."""
    from maerstanas_print.export import export_game as _export

    return _export(game)


__all__ = [
    "DARK", "LIGHT", "GameRecord", "IllegalMove", "Move", "ParsedFile", "Position",
    "ReplayedGame", "Rules", "export_game", "parse", "parse_game", "parse_square", "replay",
    "square_name",
]
