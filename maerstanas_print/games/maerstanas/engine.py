"""The rules of Mǽrstánas on a 49-bit board.

A square is an index 0..48, `row * 7 + column`, with row 0 the TOP row ("1")
and column 0 the left column ("A"), so A1 is 0 and G7 is 48. A set of squares
is an int with one bit per square; every rule below is a handful of shifts
and masks instead of a loop over the board.

The rules are John Beers' (CC BY-SA 4.0), as his own programs apply them (see
docs/rules-notes.md): hinges count stones of either colour and board edges; a
placement may not leave the new stone or any neighbour with four hinges; the
thunder-stone goes on any empty square and removes its orthogonal neighbours;
the Woden-stone replaces an opponent stone; a player passes only when they
have no move at all; the game ends when neither player has a move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from maerstanas_print.games.base import IllegalMove, Problem, Score
from maerstanas_print.geometry import Board, square_table
from maerstanas_print.pieces import Stone
from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

__all__ = [
    "DARK",
    "LIGHT",
    "SIDE_NAMES",
    "IllegalMove",
    "Move",
    "Position",
    "Problem",
    "Rules",
    "Score",
    "parse_square",
    "square_name",
]

SIZE = 7
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
BOARD = Board(SIZE)
FILES = BOARD.files

# Special stones in hand, as bit flags.
THUNDER, WODEN = 1, 2
BOTH_SPECIALS = THUNDER | WODEN

Scoring = Literal["default", "simple", "wraparound"]
SCORINGS: tuple[Scoring, ...] = ("default", "simple", "wraparound")


def _row_mask(row: int) -> int:
    return ((1 << SIZE) - 1) << (row * SIZE)


def _col_mask(col: int) -> int:
    return sum(1 << (r * SIZE + col) for r in range(SIZE))


ROW_TOP, ROW_BOTTOM = _row_mask(0), _row_mask(SIZE - 1)
COL_LEFT, COL_RIGHT = _col_mask(0), _col_mask(SIZE - 1)
NOT_LEFT, NOT_RIGHT = FULL & ~COL_LEFT, FULL & ~COL_RIGHT


def square_name(square: int) -> str:
    """`0` -> `"A1"`, `48` -> `"G7"`."""
    return BOARD.names[square]


SQUARE_INDEX: dict[str, int] = square_table(SIZE)


def parse_square(name: str) -> int | None:
    """`"E4"` (or `"e4"`) -> its index; None when the text is not a square on the board."""
    return SQUARE_INDEX.get(name)


def squares_of(mask: int) -> list[int]:
    """The squares in `mask`, in board order (row by row from the top)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Geometry:
    """Adjacency on the board: the plain 7x7 square or the torus of wraparound play.

    Each `*_of`-style method maps a set of squares to the set of squares whose
    neighbour in that direction lies in the set; `hinge_sides` also counts a
    board edge as occupied (there are none on the torus). Per-square tables
    make single-square questions a lookup.
    """

    __slots__ = ("wrap", "neighbour_masks", "edge_counts")

    def __init__(self, wrap: bool) -> None:
        self.wrap = wrap
        self.neighbour_masks: tuple[int, ...] = tuple(
            self.neighbours(1 << sq) for sq in range(SQUARES)
        )
        self.edge_counts: tuple[int, ...] = tuple(
            0
            if wrap
            else (sq < SIZE) + (sq >= SQUARES - SIZE) + (sq % SIZE == 0) + (sq % SIZE == SIZE - 1)
            for sq in range(SQUARES)
        )

    def __repr__(self) -> str:
        return f"Geometry(wrap={self.wrap})"

    def below(self, m: int) -> int:  # squares whose upper neighbour is in m
        out = (m << SIZE) & FULL
        return out | (m >> (SIZE * (SIZE - 1))) if self.wrap else out

    def above(self, m: int) -> int:  # squares whose lower neighbour is in m
        out = m >> SIZE
        return out | ((m & ROW_TOP) << (SIZE * (SIZE - 1))) if self.wrap else out

    def right_of(self, m: int) -> int:  # squares whose left neighbour is in m
        out = (m << 1) & NOT_LEFT
        return out | ((m & COL_RIGHT) >> (SIZE - 1)) if self.wrap else out

    def left_of(self, m: int) -> int:  # squares whose right neighbour is in m
        out = (m >> 1) & NOT_RIGHT
        return out | ((m & COL_LEFT) << (SIZE - 1)) if self.wrap else out

    def neighbours(self, m: int) -> int:
        return self.below(m) | self.above(m) | self.right_of(m) | self.left_of(m)

    def hinge_sides(self, occupied: int) -> tuple[int, int, int, int]:
        """Per side (up, left, right, down): the squares whose side is a hinge."""
        up, left = self.below(occupied), self.right_of(occupied)
        right, down = self.left_of(occupied), self.above(occupied)
        if not self.wrap:
            up |= ROW_TOP
            left |= COL_LEFT
            right |= COL_RIGHT
            down |= ROW_BOTTOM
        return up, left, right, down


PLAIN = Geometry(wrap=False)
TORUS = Geometry(wrap=True)

# Neighbours of each square, in the canonical order of a thunder removal list:
# up, left, right, down.
_ORDERED_NEIGHBOURS: dict[bool, list[tuple[int, ...]]] = {}


def _ordered_neighbours(geometry: Geometry) -> list[tuple[int, ...]]:
    table = _ORDERED_NEIGHBOURS.get(geometry.wrap)
    if table is None:
        table = []
        for sq in range(SQUARES):
            bit = 1 << sq
            order = (
                geometry.above(bit),
                geometry.left_of(bit),
                geometry.right_of(bit),
                geometry.below(bit),
            )
            table.append(tuple(m.bit_length() - 1 for m in order if m))
        _ORDERED_NEIGHBOURS[geometry.wrap] = table
    return table


def neighbour_order(geometry: Geometry, square: int) -> tuple[int, ...]:
    """The neighbours of `square`, up, left, right, down (the canonical removal order)."""
    return _ordered_neighbours(geometry)[square]


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule settings a record declares in its tags."""

    special_stones: bool = True
    scoring: Scoring = "default"
    first_player: int = DARK

    @property
    def geometry(self) -> Geometry:
        return TORUS if self.scoring == "wraparound" else PLAIN


MoveKind = Literal["place", "thunder", "woden", "pass"]
MOVE_KINDS: tuple[MoveKind, ...] = ("place", "thunder", "woden", "pass")
_MARKERS = {"place": "", "thunder": "T ", "woden": "W "}
_MOVE_TEXT = re.compile(r"\s*(?:(?P<pass>Pass)|(?:(?P<marker>[TW])\s+)?(?P<square>[A-G][1-7]))\s*")
_REMOVAL_LIST = re.compile(r"(?:[A-G][1-7](?:/[A-G][1-7])*)?\s*")  # after `x`: E3/D4


@dataclass(frozen=True, slots=True)
class Move:
    """One ply: a standard placement, a thunder-stone, a Woden-stone or a pass.

    Checked when made: `Move("place", 60)` raises ValueError. `Move.from_text`
    reads the record notation, and `str(move)` writes it back.
    """

    kind: MoveKind
    square: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"a move is one of {', '.join(MOVE_KINDS)}, not {self.kind!r}")
        if self.kind == "pass":
            if self.square is not None:
                raise ValueError("a pass has no square")
        elif type(self.square) is not int or not 0 <= self.square < SQUARES:
            raise ValueError(
                f"a {self.kind} move needs a square 0..{SQUARES - 1} (A1..G7), not {self.square!r}"
            )

    @classmethod
    def place(cls, square: int) -> Move:
        return cls("place", square)

    @classmethod
    def thunder(cls, square: int) -> Move:
        return cls("thunder", square)

    @classmethod
    def woden(cls, square: int) -> Move:
        return cls("woden", square)

    @classmethod
    def pass_(cls) -> Move:
        return cls("pass")

    @classmethod
    def from_text(cls, text: str) -> Move:
        """`"E4"`, `"T E4"`, `"W C3"` or `"Pass"` as a move. A thunder-stone may carry
        its removal list (`T E4xE3/D4`); it is not kept: the board decides what the
        stone removes, and the verifier compares the two."""
        if not isinstance(text, str):
            raise ValueError(f"a move is written as text, not {type(text).__name__}")
        head, cross, tail = text.partition("x")
        found = _MOVE_TEXT.fullmatch(head)
        if (
            found is not None
            and cross
            and (found["marker"] != "T" or not _REMOVAL_LIST.fullmatch(tail))
        ):
            found = None  # only a thunder-stone removes stones, and only squares
        if found is None:
            raise ValueError(f"`{text}` is not a Mǽrstánas move (E4, T E4, W E4 or Pass)")
        if found["pass"]:
            return cls("pass")
        kinds: dict[str | None, MoveKind] = {"T": "thunder", "W": "woden", None: "place"}
        kind = kinds[found["marker"]]
        return cls(kind, SQUARE_INDEX[found["square"]])

    def __str__(self) -> str:
        if self.square is None:
            return "Pass"
        return _MARKERS[self.kind] + square_name(self.square)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


@dataclass(slots=True)
class Position:
    """A board, the specials in hand and the side to move."""

    rules: Rules
    stones: list[int]  # per side: the squares holding that side's stones
    thunder_stones: int = 0  # squares holding a thunder-stone (either side)
    woden_stones: int = 0  # squares holding a Woden-stone (either side)
    hands: list[int] | None = None  # per side: THUNDER | WODEN flags still in hand
    turn: int = DARK
    ply: int = 0
    # What `pop` restores: per move pushed, the move and the state before it
    # (`move_stack` lists the moves alone).
    _undo: list[tuple[Move, tuple[int, int, int, int, int, int]]] = field(
        default_factory=list, repr=False, compare=False
    )

    @classmethod
    def start(cls, rules: Rules | None = None) -> Position:
        """The empty board under `rules` (the defaults when None). A record's own
        start, under its tags (`[SpecialStones "off"]`, `[Setup]`, ...), is
        `record.board()`."""
        rules = rules or Rules()
        hand = BOTH_SPECIALS if rules.special_stones else 0
        return cls(rules, [0, 0], hands=[hand, hand], turn=rules.first_player)

    def copy(self, *, stack: bool = True) -> Position:
        """An independent copy; `stack=False` leaves out the moves `pop` would undo
        (the verifier keeps a copy after every ply, and needs none of them)."""
        return Position(
            self.rules,
            list(self.stones),
            self.thunder_stones,
            self.woden_stones,
            list(self.hands or (0, 0)),
            self.turn,
            self.ply,
            list(self._undo) if stack else [],
        )

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed so far, oldest first (a new list: push and pop change the
        position, not this list)."""
        return [move for move, _ in self._undo]

    # --- reading the board -------------------------------------------------

    @property
    def occupied(self) -> int:
        return self.stones[DARK] | self.stones[LIGHT]

    def owner(self, square: int) -> int | None:
        bit = 1 << square
        if self.stones[DARK] & bit:
            return DARK
        if self.stones[LIGHT] & bit:
            return LIGHT
        return None

    def kind_at(self, square: int) -> Literal["standard", "thunder", "woden"] | None:
        bit = 1 << square
        if not self.occupied & bit:
            return None
        if self.thunder_stones & bit:
            return "thunder"
        if self.woden_stones & bit:
            return "woden"
        return "standard"

    def hinges(self, square: int) -> int:
        """Occupied sides of `square` (stones of either colour, plus edges)."""
        geometry = self.rules.geometry
        return (
            self.occupied & geometry.neighbour_masks[square]
        ).bit_count() + geometry.edge_counts[square]

    def in_hand(self, side: int) -> int:
        return self.hands[side] if self.hands else 0

    # --- legality ----------------------------------------------------------

    def standard_placements(self) -> int:
        """The empty squares where a standard stone may go, as a mask.

        A square is barred when it would have four hinges itself, or when a
        neighbouring stone already has three (it would reach four).
        """
        occupied = self.occupied
        geometry = self.rules.geometry
        up, left, right, down = geometry.hinge_sides(occupied)
        four = up & left & right & down
        three_or_more = (up & left & (right | down)) | (right & down & (up | left))
        saturated = occupied & three_or_more
        return FULL & ~occupied & ~four & ~geometry.neighbours(saturated)

    def is_legal_placement(self, square: int) -> bool:
        """May a standard stone go on `square`? (The verifier's hot path.)"""
        occupied = self.stones[0] | self.stones[1]
        if occupied >> square & 1:
            return False
        # `self.rules.geometry`, without the property's call on the hot path
        geometry = TORUS if self.rules.scoring == "wraparound" else PLAIN
        masks, edges = geometry.neighbour_masks, geometry.edge_counts
        around = occupied & masks[square]
        if around.bit_count() + edges[square] >= 4:
            return False
        while around:
            low = around & -around
            n = low.bit_length() - 1
            if (occupied & masks[n]).bit_count() + edges[n] >= 3:
                return False
            around ^= low
        return True

    def place_if_legal(self, square: int) -> bool:
        """Place a standard stone on `square` when the rules allow it (True, as
        `push(Move.place(square))` would), else change nothing (False).

        The verifier's hot path: one call that reads the board once. The test is
        `is_legal_placement`'s, written out here to spare a call per ply
        (tests/test_engine_reference.py holds the two to the reference rules)."""
        stones = self.stones
        dark, light = stones
        occupied = dark | light
        if occupied >> square & 1:
            return False
        geometry = TORUS if self.rules.scoring == "wraparound" else PLAIN
        masks, edges = geometry.neighbour_masks, geometry.edge_counts
        around = occupied & masks[square]
        if around.bit_count() + edges[square] >= 4:
            return False
        while around:
            low = around & -around
            n = low.bit_length() - 1
            if (occupied & masks[n]).bit_count() + edges[n] >= 3:
                return False
            around ^= low
        side = self.turn
        hands = self.hands or (0, 0)
        self._undo.append(
            (
                _PLACEMENTS[square],
                (dark, light, self.thunder_stones, self.woden_stones, hands[DARK], hands[LIGHT]),
            )
        )
        stones[side] |= 1 << square
        self.turn = 1 - side
        self.ply += 1
        return True

    def placement_problem(self, square: int) -> Problem | None:
        """Why a standard stone may not go on `square`, or None if it may."""
        if self.is_legal_placement(square):
            return None
        name = square_name(square)
        if self.occupied >> square & 1:
            return Problem("occupied", f"{name} is occupied")
        if self.hinges(square) >= 4:
            return Problem("four-hinges", f"a stone on {name} would have four hinges")
        geometry = self.rules.geometry
        full = [
            square_name(n)
            for n in squares_of(self.occupied & geometry.neighbour_masks[square])
            if self.hinges(n) >= 3
        ]
        if full:
            stones = " and ".join(full)
            verb = "would reach" if len(full) == 1 else "would each reach"
            return Problem(
                "four-hinges", f"the stone{'s' * (len(full) > 1)} on {stones} {verb} four hinges"
            )
        return None

    def unreachable_because(self) -> str | None:
        """Why no game under these rules can reach this position, or None if one may.

        Every move leaves each stone at most three hinges (a thunder-stone empties
        its neighbours, a Woden-stone takes a filled square), so a stone with four
        hinges on this board (plain or torus, as the rules say) is a position no
        game has: a book's figure may not show one."""
        full = [square_name(sq) for sq in squares_of(self.occupied) if self.hinges(sq) >= 4]
        if not full:
            return None
        where = "the board's edges joined" if self.rules.geometry.wrap else "the plain board"
        return (
            f"the stone{'s' * (len(full) > 1)} on {' and '.join(full)} "
            f"{'have' if len(full) > 1 else 'has'} four hinges on {where}, "
            "which no game can reach"
        )

    def thunder_removals(self, square: int) -> tuple[int, ...]:
        """The stones a thunder-stone on `square` removes, in canonical order."""
        occupied = self.occupied
        return tuple(n for n in neighbour_order(self.rules.geometry, square) if occupied >> n & 1)

    def move_problem(self, move: Move) -> Problem | None:
        """Why `move` is illegal for the side to move, or None if it is legal."""
        side = self.turn
        if move.kind == "pass":
            if self.has_move(side):
                return Problem(
                    "pass-not-forced",
                    f"{SIDE_NAMES[side]} can still move; "
                    "a pass is allowed only when no move is possible",
                )
            if not self.has_move(1 - side):
                return Problem("game-over", "the game is over; nothing more is played")
            return None
        square = move.square
        assert square is not None
        if move.kind == "place":
            return None if self.is_legal_placement(square) else self.placement_problem(square)
        flag = THUNDER if move.kind == "thunder" else WODEN
        stone = "thunder-stone" if flag == THUNDER else "Woden-stone"
        name = square_name(square)
        if not self.rules.special_stones:
            return Problem("specials-off", f"special stones are off in this game (no {stone})")
        if not self.in_hand(side) & flag:
            return Problem("spent", f"{SIDE_NAMES[side]} has already played the {stone}")
        if flag == THUNDER and self.occupied >> square & 1:
            return Problem("occupied", f"{name} is occupied")
        owner = self.owner(square)
        if flag == WODEN and owner is None:
            return Problem(
                "woden-target", f"{name} is empty; a Woden-stone must replace an opponent stone"
            )
        if flag == WODEN and owner == side:
            return Problem(
                "woden-target",
                f"{name} holds {SIDE_NAMES[side]}'s own stone; "
                "a Woden-stone must replace an opponent stone",
            )
        return None

    def has_move(self, side: int) -> bool:
        hand = self.in_hand(side)
        if hand & THUNDER:
            return True  # some square is always empty
        if hand & WODEN and self.stones[1 - side]:
            return True
        return bool(self.standard_placements())

    def must_pass(self) -> bool:
        """The side to move cannot move, but the game goes on (the opponent can)."""
        return not self.has_move(self.turn) and self.has_move(1 - self.turn)

    def is_game_over(self) -> bool:
        """Neither player can move: no standard placement and no usable special.
        (`has_move` of both sides, with the placements, the same for both, worked
        out once: every replayed game asks this at its end.)"""
        for side in (DARK, LIGHT):
            hand = self.in_hand(side)
            if hand & THUNDER or hand & WODEN and self.stones[1 - side]:
                return False
        return not self.standard_placements()

    def legal_moves(self) -> list[Move]:
        side = self.turn
        if not self.has_move(side):
            return [] if self.is_game_over() else [Move.pass_()]
        moves = [Move.place(sq) for sq in squares_of(self.standard_placements())]
        hand = self.in_hand(side)
        if hand & THUNDER:
            moves += [Move.thunder(sq) for sq in squares_of(FULL & ~self.occupied)]
        if hand & WODEN:
            moves += [Move.woden(sq) for sq in squares_of(self.stones[1 - side])]
        return moves

    # --- making moves ------------------------------------------------------

    def push(self, move: Move, *, check: bool = True) -> tuple[int, ...]:
        """Play `move`; return the squares it emptied (thunder), canonical order.

        With `check=False` the move is applied as far as it physically can be
        (the verifier does this to keep following a record past a mistake).
        """
        if type(move) is not Move:
            raise _not_a_move(move)
        if check:
            problem = self.move_problem(move)
            if problem:
                raise IllegalMove(move, problem)
        side = self.turn
        stones = self.stones
        dark, light = stones
        hands = self.hands or (0, 0)
        self._undo.append(
            (move, (dark, light, self.thunder_stones, self.woden_stones, hands[DARK], hands[LIGHT]))
        )
        removed: tuple[int, ...] = ()
        kind = move.kind
        if kind == "place" and not (dark | light) >> move.square & 1:  # type: ignore[operator]
            stones[side] |= 1 << move.square  # type: ignore[operator]
        elif kind != "pass":
            square = move.square
            assert square is not None
            bit = 1 << square
            if move.kind == "thunder":
                removed = self.thunder_removals(square)
                gone = sum(1 << sq for sq in removed)
                self.stones[DARK] &= ~gone
                self.stones[LIGHT] &= ~gone
                self.thunder_stones &= ~gone
                self.woden_stones &= ~gone
                self.thunder_stones |= bit
            elif move.kind == "woden":
                self.stones[1 - side] &= ~bit
                self.thunder_stones &= ~bit
                self.woden_stones |= bit
            else:
                self.stones[1 - side] &= ~bit
            self.stones[side] |= bit
            if self.hands and move.kind != "place":
                self.hands[side] &= ~(THUNDER if move.kind == "thunder" else WODEN)
        self.turn = 1 - side
        self.ply += 1
        return removed

    def pop(self) -> Move:
        """Take back the last move pushed and return it (IndexError when none is left)."""
        move, (dark, light, thunder, woden, dark_hand, light_hand) = self._undo.pop()
        self.stones[DARK], self.stones[LIGHT] = dark, light
        self.thunder_stones, self.woden_stones = thunder, woden
        if self.hands is not None:
            self.hands[DARK], self.hands[LIGHT] = dark_hand, light_hand
        self.turn = 1 - self.turn
        self.ply -= 1
        return move

    def peek(self) -> Move | None:
        """The last move pushed, or None."""
        return self._undo[-1][0] if self._undo else None

    def push_text(self, text: str) -> Move:
        """Play a move written in the record notation (`"E4"`, `"T E4"`, `"W C3"`,
        `"Pass"`) and return it: ValueError for text that is not a move,
        IllegalMove (a ValueError too) for a move the rules forbid here."""
        move = Move.from_text(text)
        self.push(move)
        return move

    # --- the end --------------------------------------------------------------

    def outcome(self) -> str | None:
        """ "Dark", "Light" or "Tie" once the game is over, else None."""
        if not self.is_game_over():
            return None
        dark, light = self.score()
        return "Dark" if dark > light else "Light" if light > dark else "Tie"

    @property
    def ending(self) -> str | None:
        """How the game ended: "score" once neither player can move, else None."""
        return "score" if self.is_game_over() else None

    # --- scoring -----------------------------------------------------------

    def score(self, scoring: Scoring | None = None) -> Score:
        """(Dark, Light) points: one per adjacent friendly pair, plus edge sides.

        Default counts one point per side of a stone touching the board edge,
        Simple counts none, and wraparound also pairs stones across the edges.
        """
        scoring = scoring or self.rules.scoring
        return Score(
            score_stones(self.stones[DARK], scoring), score_stones(self.stones[LIGHT], scoring)
        )

    def __str__(self) -> str:
        return board_diagram(self)


# The placement on each square, one object each (moves are immutable): what
# `place_if_legal` records for `pop`.
_PLACEMENTS = tuple(Move("place", square) for square in range(SQUARES))


def _not_a_move(move: object) -> TypeError:
    if isinstance(move, str):
        return TypeError(
            f"push takes a Move, not the text {move!r}; "
            f"write position.push_text({move!r}) to play notation"
        )
    return TypeError(f"push takes a Move, not {type(move).__name__}")


def score_stones(own: int, scoring: Scoring) -> int:
    """Points for one side's stones under `scoring`."""
    points = (own & (own >> 1) & NOT_RIGHT).bit_count() + (own & (own >> SIZE)).bit_count()
    if scoring == "wraparound":
        points += (own & COL_LEFT & (own >> (SIZE - 1))).bit_count()
        points += (own & ROW_TOP & (own >> (SIZE * (SIZE - 1)))).bit_count()
    elif scoring == "default":
        points += (
            (own & ROW_TOP).bit_count()
            + (own & ROW_BOTTOM).bit_count()
            + (own & COL_LEFT).bit_count()
            + (own & COL_RIGHT).bit_count()
        )
    return points


def drawable_stones(position: Position) -> dict[int, Stone]:
    """The position's stones as the drawing code draws them: square -> `Stone`."""
    out = {}
    for side in (DARK, LIGHT):
        for sq in squares_of(position.stones[side]):
            out[sq] = Stone(side, position.kind_at(sq) or "standard")
    return out


def board_diagram(position: Position) -> str:
    """A plain-text board, row 1 on top: X/O standard stones, T/t thunder, W/w Woden
    (upper case Dark, lower case Light), `.` empty."""
    lines = ["   " + " ".join(FILES)]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            sq = row * SIZE + col
            owner = position.owner(sq)
            kind = position.kind_at(sq)
            if owner is None:
                cells.append(".")
            elif kind == "standard":
                cells.append("X" if owner == DARK else "O")
            else:
                mark = "T" if kind == "thunder" else "W"
                cells.append(mark if owner == DARK else mark.lower())
        lines.append(f"{row + 1:>2} " + " ".join(cells))
    return "\n".join(lines)


def move_text(move: Move, removed: tuple[int, ...]) -> str:
    """A move in record notation with its removal list: `T E4xE3/D4`."""
    text = str(move)
    if move.kind == "thunder" and removed:
        text += "x" + "/".join(square_name(sq) for sq in removed)
    return text
