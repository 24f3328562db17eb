"""What a movement game's score sheet must hold, computed from the game itself.

The longest move and the longest capture list follow from the board size (the
longest square name), the pieces with a letter, and how many pieces one move
can take: a piece arriving along a row or column has an empty square behind
it, so it takes at most three; a piece that also moves diagonally can arrive
with enemies on all four sides. The worked examples are real moves: the plain
and the lettered one are first moves of the start position, the captures are
played by the engine in small positions built for them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from maerstanas_print.games.tafl.engine import (
    DARK,
    EMPTY,
    LIGHT,
    PIECE_NAMES,
    TaflMove,
    TaflPosition,
    read_position,
    side_of,
    write_position,
)
from maerstanas_print.games.tafl.replay import move_text
from maerstanas_print.geometry import square_name

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True, slots=True)
class Example:
    """One worked example: what it shows, the text, and where it is legal."""

    label: str
    text: str
    setup: str  # the position it is played in
    first: int  # the side that plays it


def longest_square(size: int) -> str:
    """The longest square name of the board (`S19`)."""
    return max((square_name(square, size) for square in range(size * size)), key=len)


def lettered_pieces(game: TaflGame) -> dict[int, set[str]]:
    """Each side's pieces written with a letter (the king, the commander)."""
    out: dict[int, set[str]] = {DARK: set(), LIGHT: set()}
    for piece in read_position(game.tafl.setup, game.board.size):
        if piece != EMPTY and piece.upper() != "S":
            out[side_of(piece)].add(piece.upper())
    return out


def most_taken(game: TaflGame) -> int:
    """The most pieces one move can take (see the module's note)."""
    return 4 if game.tafl.diagonal_pieces else 3


def longest_move(game: TaflGame) -> str:
    """A move text of the greatest length the game allows, `!` included (`KJ10-J12!`)."""
    letters = lettered_pieces(game)
    letter = "K" if letters[DARK] | letters[LIGHT] else ""
    square = longest_square(game.board.size)
    return f"{letter}{square}-{square}!"


def longest_capture(game: TaflGame) -> str:
    """A capture list of the greatest length the game allows (`xO10/P11/Q10!`)."""
    letters = lettered_pieces(game)
    square = longest_square(game.board.size)
    taken = most_taken(game)
    marked = max(min(taken, len(letters[1 - side])) for side in (DARK, LIGHT))
    return "x" + "/".join(("K" if i < marked else "") + square for i in range(taken)) + "!"


def examples(game: TaflGame) -> list[Example]:
    """A plain move, a lettered move, a capture and the king's capture, as available."""
    out = []
    plain = _first_move(game, lettered=False)
    if plain is not None:
        out.append(Example("a move", *plain))
    lettered = _first_move(game, lettered=True)
    if lettered is not None:
        letters = sorted(set().union(*lettered_pieces(game).values()), key="KC".index)
        names = " or ".join(PIECE_NAMES[letter].removeprefix("the ") for letter in letters)
        marks = " or ".join(letters)
        out.append(Example(f"{names}: {marks} first", *lettered))
    capture = _capture(game, "S")
    if capture is not None:
        out.append(Example("a capture: x, squares, / between", *capture))
    king = _capture(game, "K")
    if king is not None:
        out.append(Example("the king taken: his K kept, ! last", *king))
    return out


def _first_move(game: TaflGame, *, lettered: bool) -> tuple[str, str, int] | None:
    """The first move of the start position with (or without) a letter; if the king
    and commander cannot move yet, the first such move after one move each."""
    position = TaflPosition.start(game.tafl)
    found = _pick(position, lettered)
    if found is not None:
        return found
    for first in position.legal_moves():
        position.push(first, check=False)
        replies = position.legal_moves()
        if replies:
            position.push(replies[0], check=False)
            found = _pick(position, lettered)
            position.pop()
        position.pop()
        if found is not None:
            return found
    return None


def _pick(position: TaflPosition, lettered: bool) -> tuple[str, str, int] | None:
    size = position.rules.size
    for move in position.legal_moves():
        if (move.piece != "S") == lettered:
            return move.text(size), write_position(position.board, size), position.turn
    return None


def _capture(game: TaflGame, victim: str) -> tuple[str, str, int] | None:
    """The first capture of `victim` the engine makes in a small built position:
    (the move's text, the position, the side that moves). Plain stones are taken two at
    once where the game allows, to show the `/`."""
    letters = lettered_pieces(game)
    for count in (2, 1) if victim == "S" else (1,):
        for mover in (DARK, LIGHT):
            if victim != "S" and victim not in letters[1 - mover]:
                continue
            for board, move in _positions(game, victim, mover, count):
                position = TaflPosition(game.tafl, list(board), mover)
                position.seen[position.key()] += 1
                if position.move_problem(move) is not None or len(position.captures(move)) != count:
                    continue
                setup = write_position(board, game.board.size)
                taken = position.push(move, check=False)
                if position.over != (victim == "K"):  # only the king's capture ends it
                    continue
                return move_text(move, taken, board, game, position.over), setup, mover
    return None


def _positions(
    game: TaflGame, victim: str, mover: int, count: int
) -> Iterator[tuple[list[str], TaflMove]]:
    """Boards where a stone of the mover's slides two squares to `land`, next to `count`
    victims inside the board, each with the mover's stones beyond it (or around it),
    and a spare enemy stone in a far corner to keep the game going."""
    size = game.board.size
    own, enemy = ("S", victim.lower()) if mover == DARK else ("s", victim.upper())
    throne = game.tafl.throne
    middle = size // 2

    def at(square: int, dr: int, dc: int, steps: int = 1) -> int | None:
        row, col = divmod(square, size)
        row, col = row + steps * dr, col + steps * dc
        return row * size + col if 0 <= row < size and 0 <= col < size else None

    squares = sorted(
        range(size * size), key=lambda sq: (abs(sq // size - middle) + abs(sq % size - middle), sq)
    )
    for land in squares:
        for back in ORTHOGONAL:
            origin = at(land, *back, steps=2)
            sides = [d for d in ORTHOGONAL if d != back]
            if origin is None or throne in (land, origin, at(land, *back)):
                continue
            for chosen in combinations(sides, count):
                victims = [at(land, *d) for d in chosen]
                anvils = [at(land, *d, steps=2) for d in chosen]
                rings = [
                    [at(v, *d) for d in ORTHOGONAL] if v is not None else [None] for v in victims
                ]
                for helpers in (anvils, [sq for ring in rings for sq in ring if sq != land]):
                    used = [*victims, *helpers]
                    if None in used or throne in used:
                        continue
                    board = [EMPTY] * (size * size)
                    board[origin] = own
                    for square in helpers:
                        board[square] = own  # type: ignore[index]
                    for square in victims:
                        board[square] = enemy  # type: ignore[index]
                    board[_far_corner(land, size)] = "s" if mover == DARK else "S"
                    yield board, TaflMove("S", origin, land, size)


def _far_corner(square: int, size: int) -> int:
    """The corner farthest from `square`: a spare piece there keeps the game going."""
    row, col = divmod(square, size)
    return (0 if row >= size // 2 else size - 1) * size + (0 if col >= size // 2 else size - 1)
