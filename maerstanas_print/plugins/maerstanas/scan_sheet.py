"""Mǽrstánas on a scannable sheet: a ply is a file (A-G), a row (1-7) and, where
it applies, T, W or Pass; the capability `scan.capabilities.SCAN_KITS` asks for.

A thunder-stone's removals are not marked: the board decides them, and the
record the reader writes carries them as the engine works them out.
"""

from __future__ import annotations

from typing import Any

from maerstanas_print.capability import Keyed
from maerstanas_print.games.maerstanas.engine import Move, Position, Rules, square_name
from maerstanas_print.scan.capabilities import MarkGroup, ScanKit, ScanOption

FILES = MarkGroup("file", tuple("ABCDEFG"))
ROWS = MarkGroup("row", tuple("1234567"))
SPECIAL = MarkGroup("", ("T", "W", "Pass"), frozenset({"Pass"}))
PLAIN = MarkGroup("", ("Pass",), frozenset({"Pass"}))
SPECIAL_STONES = ScanOption(
    "--special-stones",
    "ss",
    ("on", "off"),
    "Mǽrstánas: whether the game has thunder- and Woden-stones (default: on); "
    "with off the sheet has no T and W marks",
)


def _specials(settings: dict[str, str]) -> bool:
    return settings.get("ss", "on") != "off"


def groups(settings: dict[str, str]) -> tuple[MarkGroup, ...]:
    return (FILES, ROWS, SPECIAL if _specials(settings) else PLAIN)


class MaerstanasMarks:
    """How a Mǽrstánas move is marked under one sheet's settings."""

    def __init__(self, settings: dict[str, str]) -> None:
        self.rules = Rules(special_stones=_specials(settings))

    def start(self) -> Position:
        return Position.start(self.rules)

    def marks(self, move: Any) -> frozenset[str]:
        assert isinstance(move, Move)
        if move.square is None:
            return frozenset({"Pass"})
        name = square_name(move.square)
        marks = {name[0], name[1]}
        if move.kind == "thunder":
            marks.add("T")
        elif move.kind == "woden":
            marks.add("W")
        return frozenset(marks)

    def text(self, move: Any) -> str:
        return str(move)


def tags(settings: dict[str, str]) -> list[tuple[str, str]]:
    return [("SpecialStones", "on" if _specials(settings) else "off")]


def scan_kit(game: Keyed) -> ScanKit:
    return ScanKit(
        groups=groups,
        moves=MaerstanasMarks,
        tags=tags,
        options=(SPECIAL_STONES,),
        defaults={"ss": "on"},
    )
