"""Movement games of the tafl family: sliding pieces and custodial capture.

One engine serves Cyngesheall and the 1992 e-mail Hnefatafl; each game is a
`TaflRules` value (board size, start position, which pieces move how, the
throne, how the king is caught and where he escapes to) plus its options.

A square is `row * size + column` with row 0 the TOP row ("1"), as in every
game of this toolchain. A board is a list of one-letter codes: `.` empty,
upper case Dark, lower case Light; `S` a plain stone (man), `K` the king,
`C` the commander.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from maerstanas_print.games.base import IllegalMove, Problem, Score, WrittenMove
from maerstanas_print.games.setup_text import EMPTY, read_position, write_position
from maerstanas_print.geometry import parse_square, square_name
from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

__all__ = [
    "DARK",
    "LIGHT",
    "PASS",
    "SIDE_NAMES",
    "EMPTY",
    "IllegalMove",
    "TaflMove",
    "TaflPosition",
    "TaflRules",
    "read_position",
    "write_position",
]

# A pass, where a game's options allow one (`no_legal_move=pass`): the record's
# own `Pass`, so that `move_stack` and `str()` write it as the notation does.
PASS = WrittenMove("pass", text="Pass")
_MOVE_TEXT = re.compile(
    r"\s*(?P<piece>[KC]?)(?P<origin>[A-Z][0-9]{1,2})"
    r"-(?P<target>[A-Z][0-9]{1,2})(?:x[A-Z0-9/]*)?(?:!|\+\+?)?\s*"
)


@dataclass(frozen=True, slots=True)
class TaflRules:
    """Everything that makes one tafl game differ from another."""

    name: str
    size: int
    setup: str  # a position string, row 1 first (see `read_position`)
    diagonal_pieces: frozenset[str]  # piece letters (upper case) that also move diagonally
    throne: int | None  # the throne square, if the game has one
    king_capture: Literal["two-sides", "four-sides"]
    king_goal: Literal["enemy-corner", "edge"]
    options: dict[str, str] = field(default_factory=dict)  # the defaults, name -> value
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)  # allowed values

    def opt(self, name: str) -> str:
        return self.options[name]

    def with_options(self, chosen: dict[str, str]) -> TaflRules:
        merged = dict(self.options)
        merged.update(chosen)
        return TaflRules(
            self.name,
            self.size,
            self.setup,
            self.diagonal_pieces,
            self.throne,
            self.king_capture,
            self.king_goal,
            merged,
            self.choices,
        )


def side_of(piece: str) -> int:
    return DARK if piece.isupper() else LIGHT


@dataclass(frozen=True, slots=True)
class TaflMove:
    """A piece (S, K or C, upper case) moving from one square to another on a board
    `size` squares wide; the size lets `str(move)` write the notation (`KA1-A4`)."""

    piece: str  # the upper-case letter of the piece moved: S, K or C
    origin: int
    target: int
    size: int

    def __post_init__(self) -> None:
        if self.piece not in PIECE_NAMES:
            raise ValueError(f"a piece is S, K or C, not {self.piece!r}")
        if not isinstance(self.size, int) or not 1 <= self.size <= 26:
            raise ValueError(f"a board is 1 to 26 squares wide, not {self.size!r}")
        for square in (self.origin, self.target):
            if not isinstance(square, int) or not 0 <= square < self.size * self.size:
                raise ValueError(
                    f"a square is an index 0..{self.size * self.size - 1} on a "
                    f"{self.size}x{self.size} board, not {square!r}"
                )

    @classmethod
    def from_text(cls, text: str, size: int) -> TaflMove:
        """`"A1-A4"`, `"KA1-A4"` or `"CB2-D4"` as a move on a board `size` wide (a
        capture list or a closing `!` may follow; the board decides what is taken)."""
        found = _MOVE_TEXT.fullmatch(text) if isinstance(text, str) else None
        origin = parse_square(found["origin"], size) if found else None
        target = parse_square(found["target"], size) if found else None
        if found is None or origin is None or target is None:
            last = square_name(size * size - 1, size)
            raise ValueError(
                f"`{text}` is not a move on the {size}x{size} board (A1-A4, "
                f"KA1-A4 or CA1-B2, squares A1..{last}; or Pass)"
            )
        return cls(found["piece"] or "S", origin, target, size)

    def text(self, size: int | None = None) -> str:
        """`KA1-A4`: the move in record notation (on its own board unless `size` says)."""
        size = size or self.size
        letter = "" if self.piece == "S" else self.piece
        return f"{letter}{square_name(self.origin, size)}-{square_name(self.target, size)}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (
            f"TaflMove({self.text()!r}, piece={self.piece!r}, origin={self.origin}, "
            f"target={self.target})"
        )


@dataclass(slots=True)
class TaflPosition:
    """A tafl position with its history (for repetition) and its outcome."""

    rules: TaflRules
    board: list[str]
    turn: int = DARK
    ply: int = 0
    seen: Counter[tuple[str, int]] = field(default_factory=Counter)
    winner: int | None = None  # DARK, LIGHT, or None
    ending: str | None = None  # "escape", "king captured", "no legal move", "repetition"
    # What `pop` restores: the move (`PASS` for a pass) and the state before it,
    # the board as one string (a list of a 19x19 board's letters is 2.9 KB a ply,
    # the string 0.4 KB); `move_stack` lists the moves alone.
    _undo: list[tuple[TaflMove | WrittenMove, str, int | None, str | None]] = field(
        default_factory=list, repr=False, compare=False
    )

    @classmethod
    def start(cls, rules: TaflRules, setup: str | None = None, turn: int = DARK) -> TaflPosition:
        board = read_position(setup or rules.setup, rules.size)
        position = cls(rules, board, turn)
        position.seen[position.key()] += 1
        return position

    def copy(self, *, stack: bool = True) -> TaflPosition:
        """An independent copy; `stack=False` leaves out the moves `pop` would undo."""
        return TaflPosition(
            self.rules,
            list(self.board),
            self.turn,
            self.ply,
            Counter(self.seen),
            self.winner,
            self.ending,
            list(self._undo) if stack else [],
        )

    @property
    def move_stack(self) -> list[TaflMove | WrittenMove]:
        """The moves pushed so far, oldest first, a pass as `PASS` (a new list)."""
        return [move for move, *_ in self._undo]

    def peek(self) -> TaflMove | WrittenMove | None:
        """The last move pushed, or None."""
        return self._undo[-1][0] if self._undo else None

    def is_game_over(self) -> bool:
        return self.ending is not None

    def __str__(self) -> str:
        """A plain-text board, row 1 on top, as a Mǽrstánas position prints: the
        pieces' letters (S stone, K king, C commander; upper case Dark), `.` empty."""
        size = self.rules.size
        lines = ["   " + " ".join(square_name(col, size)[0] for col in range(size))]
        for row in range(size):
            cells = self.board[row * size : (row + 1) * size]
            lines.append(f"{row + 1:>2} " + " ".join(cells))
        return "\n".join(lines)

    def outcome(self) -> str | None:
        """ "Dark", "Light" or "Draw" once the game is over, else None."""
        if not self.over:
            return None
        return SIDE_NAMES[self.winner] if self.winner is not None else "Draw"

    def score(self) -> Score | None:
        return None  # tafl games are won, not scored

    def pop(self) -> TaflMove | WrittenMove:
        """Take back the last move (or `PASS`) and return it; IndexError when none is left."""
        move, board, winner, ending = self._undo.pop()
        self.seen[self.key()] -= 1
        if not self.seen[self.key()]:
            del self.seen[self.key()]
        self.board, self.winner, self.ending = list(board), winner, ending
        self.turn = 1 - self.turn
        self.ply -= 1
        return move

    def snapshot(self) -> TaflPosition:
        """A copy to look at (board, turn, outcome) without the repetition history:
        keeping one for every ply must not cost memory quadratic in the game."""
        return TaflPosition(
            self.rules, list(self.board), self.turn, self.ply, Counter(), self.winner, self.ending
        )

    def unreachable_because(self) -> str | None:
        """Why no game under these rules can reach this position, or None if one may.

        Nothing in a tafl game adds a piece or changes one into another, so a side
        with more kings, commanders or stones than it starts with is no game's
        position, and only a king ever stands on the throne: a book's figure may
        show neither."""
        start = Counter(p for p in read_position(self.rules.setup, self.rules.size) if p != EMPTY)
        now = Counter(p for p in self.board if p != EMPTY)
        names = {"S": "stones", "K": "kings", "C": "commanders"}
        for piece, count in sorted(now.items()):
            if count > start[piece]:
                side = SIDE_NAMES[side_of(piece)]
                return (
                    f"{side} has {count} {names.get(piece.upper(), piece)} here, more than "
                    f"the {start[piece]} it starts with, which no game can reach"
                )
        throne = self.rules.throne
        if throne is not None and self.board[throne] not in (EMPTY, "K"):
            return (
                f"a piece other than the king stands on the throne "
                f"{square_text(throne, self.rules.size)}, which no game can reach"
            )
        return None

    def key(self) -> tuple[str, int]:
        return "".join(self.board), self.turn

    @property
    def over(self) -> bool:
        return self.ending is not None

    # --- geometry -------------------------------------------------------------

    def _step(self, square: int, dr: int, dc: int) -> int | None:
        size = self.rules.size
        row, col = divmod(square, size)
        row, col = row + dr, col + dc
        if 0 <= row < size and 0 <= col < size:
            return row * size + col
        return None

    def corners(self) -> set[int]:
        n = self.rules.size
        return {0, n - 1, n * (n - 1), n * n - 1}

    def on_edge(self, square: int) -> bool:
        n = self.rules.size
        row, col = divmod(square, n)
        return row in (0, n - 1) or col in (0, n - 1)

    # --- moving -----------------------------------------------------------------

    def _may_enter(self, piece: str, square: int, stop: bool) -> bool:
        rules = self.rules
        king = piece.upper() == "K"
        if rules.throne is not None and square == rules.throne:
            if not king:
                return False
            return not stop or rules.opt("throne_king_may_stop") == "yes"
        if rules.options.get("corner_access") == "kings_only" and square in self.corners():
            return king
        return True

    def targets(self, origin: int) -> list[int]:
        """Squares the piece on `origin` may move to."""
        piece = self.board[origin]
        directions = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if piece.upper() in self.rules.diagonal_pieces:
            directions += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        out = []
        for dr, dc in directions:
            square = self._step(origin, dr, dc)
            while square is not None and self.board[square] == EMPTY:
                if not self._may_enter(piece, square, stop=False):
                    break
                if self._may_enter(piece, square, stop=True):
                    out.append(square)
                square = self._step(square, dr, dc)
        return out

    def pseudo_moves(self) -> list[TaflMove]:
        side, size = self.turn, self.rules.size
        moves = []
        for origin, piece in enumerate(self.board):
            if piece != EMPTY and side_of(piece) == side:
                moves += [TaflMove(piece.upper(), origin, t, size) for t in self.targets(origin)]
        return moves

    def legal_moves(self) -> list[TaflMove]:
        """Moves of the side to move; empty once the game is over."""
        if self.over:
            return []
        moves = self.pseudo_moves()
        if self.rules.opt("repetition") == "forbid3":
            moves = [m for m in moves if not self._third_time(m)]
        return moves

    def has_legal_move(self) -> bool:
        """Like `bool(legal_moves())`, stopping at the first move found."""
        forbid = self.rules.opt("repetition") == "forbid3"
        for origin, piece in enumerate(self.board):
            if piece == EMPTY or side_of(piece) != self.turn:
                continue
            for target in self.targets(origin):
                if not forbid or not self._third_time(
                    TaflMove(piece.upper(), origin, target, self.rules.size)
                ):
                    return True
        return False

    def _third_time(self, move: TaflMove) -> bool:
        after = self.snapshot()  # the history is looked up in self, not copied
        after._apply(move)
        return self.seen[after.key()] >= 2

    def move_problem(self, move: TaflMove) -> Problem | None:
        """Why `move` is illegal for the side to move, or None."""
        if self.over:
            return Problem("game-over", f"the game is already over ({self.ending})")
        piece = self.board[move.origin]
        name = square_text(move.origin, self.rules.size)
        if piece == EMPTY:
            return Problem("wrong-piece", f"{name} is empty")
        if side_of(piece) != self.turn:
            return Problem("wrong-piece", f"{name} holds {SIDE_NAMES[side_of(piece)]}'s piece")
        if piece.upper() != move.piece:
            letter = "" if piece.upper() == "S" else piece.upper()
            return Problem(
                "wrong-piece",
                f"{name} holds {PIECE_NAMES[piece.upper()]}, not "
                f"{PIECE_NAMES[move.piece]}; write it `{letter}{name}-…`",
            )
        if move.target not in self.targets(move.origin):
            return Problem("unreachable", self._why_not_reachable(move))
        if self.rules.opt("repetition") == "forbid3" and self._third_time(move):
            return Problem("repetition", "it would repeat a position for the third time")
        return None

    def _why_not_reachable(self, move: TaflMove) -> str:
        size = self.rules.size
        (r0, c0), (r1, c1) = divmod(move.origin, size), divmod(move.target, size)
        origin, target = square_text(move.origin, size), square_text(move.target, size)
        if move.origin == move.target:
            return "a move must go somewhere"
        diagonal = abs(r1 - r0) == abs(c1 - c0)
        if not (r0 == r1 or c0 == c1 or diagonal):
            return f"{target} is not on a straight line from {origin}"
        if diagonal and move.piece not in self.rules.diagonal_pieces:
            return f"{PIECE_NAMES[move.piece]} moves only along rows and columns"
        if self.board[move.target] != EMPTY:
            return f"{target} is occupied"
        dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
        square = self._step(move.origin, dr, dc)
        while square is not None and square != move.target:
            if self.board[square] != EMPTY:
                return f"the way is blocked at {square_text(square, size)}"
            if not self._may_enter(self.board[move.origin], square, stop=False):
                return f"only the king may pass the throne at {square_text(square, size)}"
            square = self._step(square, dr, dc)
        return f"{PIECE_NAMES[move.piece]} may not stop on {target}"

    def captures(self, move: TaflMove) -> list[int]:
        """The squares a move empties, in canonical order (up, down, left, right).

        Computed on the position after the piece has moved; only enemy pieces
        next to the moved piece, with the mover's piece (or a hostile empty
        throne) beyond, are taken; the king per the game's rule.
        """
        board = list(self.board)
        board[move.target], board[move.origin] = board[move.origin], EMPTY
        side = self.turn
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            victim = self._step(move.target, dr, dc)
            if victim is None or board[victim] == EMPTY or side_of(board[victim]) == side:
                continue
            if board[victim].upper() == "K" and self.rules.king_capture == "four-sides":
                if self._king_surrounded(board, victim, side):
                    out.append(victim)
                continue
            anvil = self._step(victim, dr, dc)
            if anvil is not None and self._is_anvil(board, anvil, side):
                out.append(victim)
        return out

    def _is_anvil(self, board: list[str], square: int, side: int) -> bool:
        piece = board[square]
        if piece != EMPTY:
            if side_of(piece) != side:
                return False
            return piece.upper() != "K" or self.rules.options.get("king_armed", "yes") == "yes"
        return square == self.rules.throne  # the empty throne is hostile to all

    def _king_surrounded(self, board: list[str], king: int, side: int) -> bool:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            square = self._step(king, dr, dc)
            if square is None:
                return False
            piece = board[square]
            if piece != EMPTY and side_of(piece) == side:
                continue
            if (
                piece == EMPTY
                and square == self.rules.throne
                and self.rules.opt("throne_hostile_to_king") == "yes"
            ):
                continue
            return False
        return True

    def _apply(self, move: TaflMove) -> tuple[list[int], bool]:
        """Make the move; return what it captured and whether a king was among it."""
        taken = self.captures(move)
        board = self.board
        kings_taken = any(board[square].upper() == "K" for square in taken)
        board[move.target], board[move.origin] = board[move.origin], EMPTY
        for square in taken:
            board[square] = EMPTY
        self.turn = 1 - self.turn
        self.ply += 1
        return taken, kings_taken

    def push(self, move: TaflMove | WrittenMove, *, check: bool = True) -> list[int]:
        """Play a move (or `PASS`); return what it captured; decide the game's end.

        An illegal move raises IllegalMove, as a Mǽrstánas position's push does;
        with `check=False` the move is made as written (for the verifier, which
        has checked it already and follows a record past a mistake).
        """
        if type(move) is not TaflMove:
            return self._push_other(move, check)
        if move.size != self.rules.size:
            raise ValueError(
                f"{move!r} is a move on a {move.size}x{move.size} board, not "
                f"on {self.rules.name}'s {self.rules.size}x{self.rules.size}"
            )
        if check:
            problem = self.move_problem(move)
            if problem is not None:
                raise IllegalMove(move, problem)
        mover = self.turn
        self._undo.append((move, "".join(self.board), self.winner, self.ending))
        taken, kings_taken = self._apply(move)
        self.seen[self.key()] += 1
        self._decide(move, mover, kings_taken)
        return taken

    def _push_other(self, move: object, check: bool) -> list[int]:
        """A pass, or a clear TypeError for what is not a move of this game."""
        if isinstance(move, WrittenMove) and move.kind == "pass":
            if check and not self.must_pass():
                why = (
                    f"the game is already over ({self.ending})"
                    if self.over
                    else f"{SIDE_NAMES[self.turn]} can move; a pass is allowed only when the "
                    "options say so and no move is possible"
                )
                raise IllegalMove(move, Problem("game-over" if self.over else "no-pass", why))
            self.pass_turn()
            return []
        if isinstance(move, str):
            raise TypeError(
                f"push takes a TaflMove, not the text {move!r}; "
                f"write position.push_text({move!r}) to play notation"
            )
        raise TypeError(f"push takes a TaflMove (or PASS), not {type(move).__name__}")

    def push_text(self, text: str) -> TaflMove | WrittenMove:
        """Play a move written in the record notation (`"A1-A4"`, `"KA1-A4"`, `"Pass"`)
        and return it: ValueError for text that is not a move, IllegalMove (a
        ValueError too) for a move the rules forbid here."""
        move: TaflMove | WrittenMove
        if isinstance(text, str) and text.strip() == "Pass":
            move = PASS
        else:
            move = TaflMove.from_text(text, self.rules.size)
        self.push(move, check=True)
        return move

    def _decide(self, move: TaflMove, mover: int, kings_taken: bool) -> None:
        """Captures first, then the win: a taken king, then an escape."""
        rules = self.rules
        if kings_taken:
            self.winner, self.ending = mover, "king captured"
            return
        if self.board[move.target].upper() == "K":
            king = move.target
            if rules.king_goal == "edge" and self.on_edge(king):
                self.winner, self.ending = mover, "escape"
                return
            if rules.king_goal == "enemy-corner" and king == self._goal(mover):
                self.winner, self.ending = mover, "escape"
                return
        if rules.opt("repetition") == "draw3" and self.seen[self.key()] >= 3:
            self.ending = "repetition"  # a draw
            return
        if self.has_legal_move():
            return
        if self.pseudo_moves():  # every move would repeat a third time: a draw
            self.ending = "repetition"
            return
        rule = rules.opt("no_legal_move")
        if rule == "pass":
            return  # the side to move passes (see `must_pass`)
        self.ending = "no legal move"
        if rule == "lose":
            self.winner = mover

    def _goal(self, side: int) -> int:
        n = self.rules.size
        return 0 if side == DARK else n * n - 1

    def must_pass(self) -> bool:
        return (
            not self.over
            and self.rules.opt("no_legal_move") == "pass"
            and not self.has_legal_move()
        )

    def pass_turn(self) -> None:
        self._undo.append((PASS, "".join(self.board), self.winner, self.ending))
        self.turn = 1 - self.turn
        self.ply += 1
        self.seen[self.key()] += 1
        if not self.has_legal_move():  # neither side can move: a draw
            self.ending = "no legal move"


PIECE_NAMES = {"S": "a plain stone", "K": "the king", "C": "the commander"}


square_text = square_name
