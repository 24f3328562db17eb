"""The small values every game and every layer passes around.

Scores, the reason a move is illegal, a move as a record writes it, and what
a position answers (`GamePosition`). They import nothing of the toolchain (but
the words for pieces, `pieces.py`),
so the replay, the documents and the games themselves can all share them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypeVar

from maerstanas_print.geometry import Board
from maerstanas_print.pieces import PieceStyle

__all__ = [
    "GamePosition",
    "IllegalMove",
    "OffBoard",
    "PieceStyle",
    "Problem",
    "Score",
    "Settings",
    "WrittenMove",
]

_P = TypeVar("_P", bound="GamePosition")


class Score(NamedTuple):
    """Points per side. A tuple, so `dark, light = score` and `score == (14, 16)` work."""

    dark: int
    light: int


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a move is illegal: a kind to act on and a sentence to show."""

    kind: str
    message: str

    def __str__(self) -> str:
        return self.message


class IllegalMove(ValueError):
    """Raised by a position's `push` for a move the rules forbid; `problem` says why."""

    def __init__(self, move: object, problem: Problem) -> None:
        super().__init__(f"{move}: {problem.message}")
        self.move = move
        self.problem = problem


class GamePosition(Protocol):
    """The questions every game's position answers (python-chess's `Board` in spirit)."""

    turn: int
    ply: int

    def copy(self: _P, *, stack: bool = True) -> _P:
        """An independent copy; `stack=False` leaves out the moves `pop` would
        undo (what a replayed step keeps, which must not grow with the game)."""
        ...

    def legal_moves(self) -> Sequence[Any]: ...

    def push(self, move: Any) -> Sequence[int]: ...

    def pop(self) -> Any: ...

    def is_game_over(self) -> bool: ...

    def outcome(self) -> str | None: ...

    def score(self) -> Score | None: ...


class OffBoard(ValueError):
    """A square that does not exist on the game's board."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class WrittenMove(NamedTuple):
    """A move as a record writes it, before a game gives it meaning.

    `kind` is "place", "pass", "move" (from one square to another) or a marked
    move's kind (`notation.move_kinds`: "thunder", "woden", ...); squares are
    indices on the game's board.
    """

    kind: str
    square: int | None = None
    origin: int | None = None
    piece: str | None = None  # the letter in front of a movement: K, C, or None
    text: str = ""  # the move in record notation, as written (upper case)

    def __str__(self) -> str:
        return self.text


def written_move(
    board: Board, kind: str, piece: str | None, square: str | None, origin: str | None
) -> WrittenMove:
    """A record's move token (squares as text) as a `WrittenMove` on `board`;
    raises OffBoard for a square the board does not have."""
    to, start, mark = (square or "").upper(), (origin or "").upper(), (piece or "").upper()
    if kind == "pass":
        text = "Pass"
    elif kind == "move":
        text = f"{piece or ''}{start}-{to}"
    else:  # a placement, or a marked move (`T E4`: the mark comes as `piece`)
        text = f"{mark} {to}" if mark and kind != "place" else to
    return WrittenMove(kind, _index(board, square), _index(board, origin), piece, text)


def _index(board: Board, text: str | None) -> int | None:
    if text is None:
        return None
    found = board.parse(text)
    if found is None:
        raise OffBoard(text)
    return found


@dataclass(frozen=True, slots=True)
class Settings:
    """What the tags of a game's records may say about its rules.

    `results`: the values of the Result tag; `values`: settings tags with their
    canonical values (`[Scoring "simple"]`); `free`: settings the game reads
    itself (checked there); both are errors in a record of another game.
    `options`: what an `[Options "name=value; ..."]` tag may set, with the values.
    """

    results: tuple[str, ...] = ("Dark", "Light", "Draw", "*")
    values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    free: tuple[str, ...] = ()
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
