"""What a game gives its documents, beside its core: its board reader (`BOARD_READERS`).

Kept apart from `readers` so that the top floor can register every game's
reader without loading the documents: a game that registers none gets
`readers.PositionReader`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from maerstanas_print.capability import Capability, Keyed

if TYPE_CHECKING:
    from maerstanas_print.gamedoc.readers import BoardReader
    from maerstanas_print.games.protocol import ReplayedGame

__all__ = ["BOARD_READERS", "reader_for"]


def _position_reader(_game: Keyed) -> Callable[[ReplayedGame], BoardReader]:
    # Lazy: the readers load the documents' model; the command line registers
    # every game's reader at start-up without needing it.
    from maerstanas_print.gamedoc.readers import PositionReader

    return lambda replayed: PositionReader(replayed.game)


# Each game's board reader, made for a replayed game (see `readers.BoardReader`).
BOARD_READERS: Capability[Callable[[ReplayedGame], BoardReader]] = Capability(
    "board reader", _position_reader
)


def reader_for(game: ReplayedGame) -> BoardReader:
    """The board reader of a replayed game: the one its game registered, else a
    `readers.PositionReader`."""
    return BOARD_READERS.of(game.game)(game)
