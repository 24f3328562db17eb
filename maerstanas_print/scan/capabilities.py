"""What a game gives its scannable sheet and the reading of its photos (`SCAN_KITS`).

A game with only a core has no scannable sheet (`None`): the marks a ply needs
and how a move reads from them are the game's to design. The top floor
(`maerstanas_print.plugins`) registers each built-in game's kit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from maerstanas_print.capability import Capability, Keyed
from maerstanas_print.games.base import GamePosition

__all__ = ["SCAN_KITS", "MarkGroup", "MoveMarks", "ScanKit", "ScanOption"]


@dataclass(frozen=True, slots=True)
class MarkGroup:
    """A run of marks a ply fills at most one of (a file, a row, a kind of move).

    `values` are what the marks say (`A`, `4`, `Pass`), printed inside each box;
    `name` heads the run; `wide` values get a wider box (a word like `Pass`)."""

    name: str
    values: tuple[str, ...]
    wide: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ScanOption:
    """A setting of the sheet the command line offers (`--special-stones on|off`):
    it changes which marks a ply has, and the QR code carries it as `key`."""

    flag: str
    key: str
    choices: tuple[str, ...]
    help: str


class MoveMarks(Protocol):
    """How a game's moves are marked, under one sheet's settings."""

    def start(self) -> GamePosition:
        """The position the sheet's first ply is played from."""
        ...

    def marks(self, move: Any) -> frozenset[str]:
        """The values a ply marks for `move` (`{"T", "E", "4"}` for `T E4`)."""
        ...

    def text(self, move: Any) -> str:
        """The move as the record writes it."""
        ...


@dataclass(frozen=True, slots=True)
class ScanKit:
    """A game's scannable sheet: its marks per ply, its options, its reading.

    `groups(settings)`: the marks of one ply; `moves(settings)`: how the rules
    read them; `tags(settings)`: the record tags the settings spell;
    `defaults`: each option's value when the command line gives none."""

    groups: Callable[[dict[str, str]], tuple[MarkGroup, ...]]
    moves: Callable[[dict[str, str]], MoveMarks]
    tags: Callable[[dict[str, str]], list[tuple[str, str]]]
    options: Sequence[ScanOption] = ()
    defaults: dict[str, str] | None = None
    pages: int = 1  # pages a sheet has by default


def _none(game: Keyed) -> ScanKit | None:
    return None


SCAN_KITS: Capability[ScanKit | None] = Capability("scannable sheets", _none)
