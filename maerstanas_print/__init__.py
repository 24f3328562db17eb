"""maerstanas_print: record, verify and print games of Mǽrstánas and its sibling games.

Mǽrstánas is John Beers' game (rules CC BY-SA 4.0). The library API, in the
order the data flows:

- `read_games(path)` / `parse(text)` read record files into `GameRecord`s
  (with diagnostics and source positions); `GameRecord.walk()` visits every
  move of the main line and the variations;
- `replay(game)` plays one under its game's rules, checking everything it can,
  and returns a `ReplayedGame`;
- `export_game(replayed)` writes the canonical form;
- `Position` and `Move` are the Mǽrstánas engine (legal moves, `push`/`pop`,
  passes, game end, the score as a `Score`); `svg.board(position)` draws one;
- `games` is the registry of every game (`games.game_named("cyngesheall")`),
  each a `Game` with its own positions and moves.
"""

from __future__ import annotations

__version__ = "0.1.0"

from maerstanas_print.games import all_games, game_named, register  # noqa: E402
from maerstanas_print.games.maerstanas.engine import (  # noqa: E402
    DARK,
    LIGHT,
    Move,
    Position,
    Rules,
    parse_square,
    square_name,
)
from maerstanas_print.games.protocol import (  # noqa: E402
    Game,
    GamePosition,
    IllegalMove,
    Problem,
    Score,
)
from maerstanas_print.parser import ParsedFile, parse, parse_game  # noqa: E402
from maerstanas_print.record import GameRecord, Line, PlyNode  # noqa: E402
from maerstanas_print.tags import TagDate  # noqa: E402
from maerstanas_print.verify import ReplayedGame, ReplayedLine, Step, replay  # noqa: E402


def read_games(path: str) -> list[GameRecord]:
    """Every game of a record file (UTF-8, with or without a byte order mark).

    Problems in the text are in each game's `diagnostics` (and in those of
    `replay`); a file that cannot be read at all raises `OSError` or `ValueError`.
    """
    from maerstanas_print.inputs import read_text

    name, text = read_text(path)
    return list(parse(text, name).games)


def export_game(game: ReplayedGame) -> str:
    """The canonical text of a replayed game (see `maerstanas_print.export`)."""
    from maerstanas_print.export import export_game as _export

    return _export(game)


__all__ = [
    "DARK", "LIGHT", "Game", "GamePosition", "GameRecord", "IllegalMove", "Line", "Move",
    "ParsedFile", "PlyNode", "Position", "Problem", "ReplayedGame", "ReplayedLine", "Rules",
    "Score", "Step", "TagDate", "all_games", "export_game", "game_named", "parse",
    "parse_game", "parse_square", "read_games", "register", "replay", "square_name",
]
