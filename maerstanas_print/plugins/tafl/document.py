"""What a tafl game document shows: moved pieces, captures, kings, windows on big boards.

The board reader of `gamedoc.readers.BoardReader` for the tafl family: numbers
on the pieces moved in a range, arrows for the last move, the squares captures
emptied, the replay checkpoint (pieces per side, where the kings and
commanders stand), the pieces-on-the-board curve, and on a board wider than
ten squares the part of it a diagram needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from maerstanas_print.capability import Keyed
from maerstanas_print.gamedoc.parts import RangeMarks, first_player, listing, move_label
from maerstanas_print.games.tafl.engine import (
    DARK,
    EMPTY,
    LIGHT,
    SIDE_NAMES,
    TaflMove,
    TaflPosition,
    side_of,
)
from maerstanas_print.pieces import Stone
from maerstanas_print.play.replayed import ReplayedGame, Step

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame

ENDING_WORDS = {
    "escape": "the king escaped",
    "king captured": "king captured",
    "no legal move": "no legal move",
    "repetition": "repetition",
}
PIECE_WORDS = {"K": "king", "C": "commander"}
BIG_BOARD = 10  # boards with more squares a side than this get windowed diagrams
WINDOW_MIN = 9  # a window shows at least 9 x 9 squares
WINDOW_MAX = 13  # wider action than this: the whole board


def tafl_result_text(game: ReplayedGame) -> str:
    """ "Light wins (king captured)", "Drawn (repetition)", "Unfinished": how the
    game ended in brackets, so that "Result: ..." never reads with two colons."""
    final = game.final
    if not final.over:
        return "Unfinished"
    how = ENDING_WORDS.get(final.ending or "", final.ending or "")
    if final.winner is None:
        return f"Drawn ({how})"
    return f"{SIDE_NAMES[final.winner]} wins ({how})"


@dataclass(frozen=True, slots=True)
class TaflCheckpoint:
    """Pieces on the board per side, where the kings (and commanders) stand, whose move."""

    pieces: tuple[int, int]
    where: str  # "Kings: Dark F4, Light taken. Commanders: ..."
    turn: str  # "Light to move." or the result

    def text(self) -> str:
        return " ".join(self.sentences())

    def sentences(self) -> tuple[str, str, str]:
        return (
            f"On the board: Dark {self.pieces[DARK]}, Light {self.pieces[LIGHT]} pieces.",
            self.where,
            self.turn,
        )


@dataclass(slots=True)
class _Pieces:
    """Which moves each piece on the board has made: square -> piece, piece -> steps."""

    at: dict[int, int] = field(default_factory=dict)
    moves: dict[int, list[Step]] = field(default_factory=dict)
    count: int = 0

    def copy(self) -> _Pieces:
        return _Pieces(dict(self.at), {k: list(v) for k, v in self.moves.items()}, self.count)

    def play(self, step: Step) -> None:
        move = step.move
        if not step.applied or not isinstance(move, TaflMove):
            return  # a pass
        piece = self.at.pop(move.origin, None)
        if piece is None:
            self.count += 1
            piece = self.count
        for square in step.removed:
            self.at.pop(square, None)
        self.at[move.target] = piece
        self.moves.setdefault(piece, []).append(step)


class TaflReader:
    """Cyngesheall and the 1992 e-mail Hnefatafl: moving pieces and captures."""

    style = "movement"
    progress = "pieces"
    final_caption: str | None = "Final position"

    def __init__(self, game: ReplayedGame) -> None:
        self.game: TaflGame = game.game  # type: ignore[assignment]
        self.info = self.game
        self.kinds = self.game.piece_kinds
        start = game.main.start
        board = start.board if start is not None else []
        # The kings and commanders the game started with: the checkpoint says where
        # each one is now (or that it was taken).
        self.specials = [
            (letter, side)
            for letter in ("K", "C")
            for side in (DARK, LIGHT)
            if (letter if side == DARK else letter.lower()) in board
        ]

    def name(self, square: int) -> str:
        return self.info.board.name(square)

    def piece_word(self, letter: str) -> str:
        return PIECE_WORDS.get(letter.upper(), "man" if self.info.look.pieces == "men" else "stone")

    def stones(self, position: TaflPosition) -> dict[int, Stone]:
        return self.game.stones(position)

    def tracker(self) -> _Pieces:
        return _Pieces()

    def short(self, step: Step) -> str:
        """The move without its capture list: `KF7-F4`, `C5-F5`."""
        move = step.move
        if not isinstance(move, TaflMove):
            return "Pass"
        return move.text(self.info.board.size)

    def marks(self, before: TaflPosition, pieces: _Pieces, steps: list[Step]) -> RangeMarks:
        """Numbers on the pieces moved in the range (a piece moved more than once
        carries its last number, the earlier ones are listed), the last move with
        its arrow, and the squares captures emptied, listed in the notes."""
        pieces = pieces.copy()
        in_range = {id(step) for step in steps}
        board = list(before.board)
        notes: list[str] = []
        emptied: set[int] = set()

        def numbered(piece: int | None) -> list[Step]:
            return (
                [s for s in pieces.moves.get(piece, []) if id(s) in in_range]
                if piece is not None
                else []
            )

        for step in steps:
            move = step.move
            if not isinstance(move, TaflMove):
                notes.append(f"{move_label(step)} Pass: {SIDE_NAMES[step.side]} has no move.")
                pieces.play(step)
                continue
            if step.removed:
                taken = []
                for square in step.removed:
                    letter = board[square]
                    what = f"the {self.piece_word(letter)} on {self.name(square)}"
                    earlier = numbered(pieces.at.get(square))
                    if earlier:
                        what += (
                            f" ({SIDE_NAMES[side_of(letter)]} "
                            f"{', '.join(str(s.number) for s in earlier)})"
                        )
                    taken.append(what)
                notes.append(f"{move_label(step)} {self.short(step)} took {listing(taken)}.")
                emptied.update(step.removed)
            emptied.discard(move.target)
            pieces.play(step)
            if step.after is not None:
                board = list(step.after.board)
        emptied = {sq for sq in emptied if board[sq] == EMPTY}
        numbers: dict[int, str] = {}
        for square, piece in sorted(pieces.at.items()):
            moved = numbered(piece)
            if not moved:
                continue
            numbers[square] = str(moved[-1].number)
            if len(moved) > 1:
                moves_before = [f"{s.number} ({self.short(s)})" for s in moved[:-1]]
                notes.append(
                    f"{SIDE_NAMES[moved[-1].side]} {moved[-1].number} on "
                    f"{self.name(square)} also moved at {listing(moves_before)}."
                )
        last = steps[-1] if steps else None
        target = arrow = None
        if last is not None and isinstance(last.move, TaflMove):
            move = last.move
            target = move.target
            arrow = (move.origin, move.target, last.side)
        return RangeMarks(numbers, target, sorted(emptied), notes, arrow)

    def checkpoint(self, position: TaflPosition) -> TaflCheckpoint:
        counts = [0, 0]
        for piece in position.board:
            if piece != EMPTY:
                counts[side_of(piece)] += 1
        groups = []
        for letter in ("K", "C"):
            sides = [side for lt, side in self.specials if lt == letter]
            if not sides:
                continue
            where = []
            for side in sides:
                code = letter if side == DARK else letter.lower()
                squares = [self.name(sq) for sq, p in enumerate(position.board) if p == code]
                where.append(f"{SIDE_NAMES[side]} {', '.join(squares) or 'taken'}")
            word = PIECE_WORDS[letter]
            if len(sides) == 1:
                groups.append(f"{SIDE_NAMES[sides[0]]}’s {word}: {where[0].split(' ', 1)[1]}.")
            else:
                groups.append(f"{word.capitalize()}s: {', '.join(where)}.")
        if position.over:
            turn = "Game over. " + _over_text(position)
        else:
            turn = f"{SIDE_NAMES[position.turn]} to move."
        return TaflCheckpoint((counts[DARK], counts[LIGHT]), " ".join(groups), turn)

    def window(self, before: TaflPosition, steps: list[Step]) -> tuple[int, int, int, int] | None:
        """On a big board, the squares the range's moves touch (origins, arrivals,
        captures) with a square's margin, at least 9 x 9, inside the board; the
        whole board when the action spans more than 13 squares."""
        n = self.info.board.size
        if n <= BIG_BOARD:
            return None
        squares: list[int] = []
        for step in steps:
            move = step.move
            if isinstance(move, TaflMove):
                squares += [move.origin, move.target, *step.removed]
        if not squares:
            return None
        rows = [sq // n for sq in squares]
        cols = [sq % n for sq in squares]
        spans = []
        for low, high in ((min(cols), max(cols)), (min(rows), max(rows))):
            low, high = max(0, low - 1), min(n - 1, high + 1)
            size = max(WINDOW_MIN, high - low + 1)
            if size > WINDOW_MAX:
                return None
            first = (low + high + 1) // 2 - size // 2
            first = max(0, min(n - size, first))
            spans.append((first, size))
        (col0, cols_n), (row0, rows_n) = spans
        return col0, row0, cols_n, rows_n

    def series(
        self, game: ReplayedGame
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]:
        """Pieces on the board per side after every ply; under the chart, the kings
        and commanders taken (drawn as the stones they are)."""
        positions = game.main.positions()
        series = []
        for position in positions:
            counts = [0, 0]
            for piece in position.board:
                if piece != EMPTY:
                    counts[side_of(piece)] += 1
            series.append((counts[DARK], counts[LIGHT]))
        specials: list[tuple[int, int, str]] = []
        for i, step in enumerate(game.main.steps):
            board = positions[i].board
            for square in step.removed:
                letter = board[square].upper()
                if letter in ("K", "C"):
                    specials.append((step.ply, side_of(board[square]), self.kinds[letter]))
        return series, specials

    def explanation(self, game: ReplayedGame) -> None:
        return None

    def specials_note(self, specials: list[tuple[int, int, str]]) -> str:
        return "Under the axis, each king or commander taken, at its move." if specials else ""

    # --- the HTML step-through viewer ---------------------------------------------------

    def viewer_prototypes(self) -> dict[str, tuple[Stone, str]]:
        """Each board letter (`S`, `k`...) as the stone it stands for, and its SVG id."""
        out: dict[str, tuple[Stone, str]] = {}
        for letter, kind in self.kinds.items():
            for side, code in ((DARK, letter), (LIGHT, letter.lower())):
                out[code] = (Stone(side, kind), f"{'dl'[side]}{letter.lower()}")
        return out

    def board_code(self, position: TaflPosition) -> str:
        return "".join(position.board)

    def last_square(self, step: Step) -> int | None:
        return step.move.target if isinstance(step.move, TaflMove) else None

    def result_text(self, game: ReplayedGame) -> str:
        return tafl_result_text(game)

    def rule_details(self, game: ReplayedGame) -> list[tuple[str, str]]:
        rules = game.rules
        defaults = self.info.tafl.options
        changed = [
            f"{name.replace('_', ' ')} {value}"
            for name, value in rules.options.items()
            if defaults.get(name) != value
        ]
        first = game.main.start.turn if game.main.start is not None else DARK
        settings = (changed or ["this edition’s defaults"]) + [first_player(game, first)]
        return [("Game", self.info.title), ("Rules", ", ".join(settings))]


def _over_text(position: TaflPosition) -> str:
    how = ENDING_WORDS.get(position.ending or "", position.ending or "")
    if position.winner is None:
        return f"Drawn ({how})."
    return f"{SIDE_NAMES[position.winner]} wins ({how})."


def board_reader(_game: Keyed) -> Callable[[ReplayedGame], TaflReader]:
    """The capability `gamedoc.capabilities.BOARD_READERS` asks for."""
    return TaflReader
