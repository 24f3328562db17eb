"""A deliberately naive reference implementation of the Mǽrstánas rules.

Written only from the project's rules digest (research/rules.md, sections 1-7 and 11)
plus the project's wraparound decision (a full torus for every adjacency), without
looking at `maerstanas_print.games.maerstanas.engine`.  It exists so the fast bitboard engine can be
checked against a second, unrelated implementation: a dict of stones keyed by
(row, col), one plain loop per rule, no bit tricks.

Squares are `(row, col)` pairs, row 0 = the top row "1", col 0 = column "A", so A1 is
the top-left square.  `board` maps an occupied square to `(owner, kind)` with kind
"standard", "thunder" or "woden"; an empty square is simply absent.  A move is a tuple
`(kind, square)`: kind "place", "thunder", "woden" or "pass" (square None).
"""

from __future__ import annotations

import copy

DARK, LIGHT = 0, 1
SIZE = 7
SCORINGS = ("default", "simple", "wraparound")

# The four orthogonal directions in the canonical order: up, left, right, down.
DIRECTIONS = ((-1, 0), (0, -1), (0, 1), (1, 0))

Square = tuple[int, int]
RefMove = tuple[str, Square | None]
PASS: RefMove = ("pass", None)


def square_name(square: Square) -> str:
    row, col = square
    return "ABCDEFG"[col] + str(row + 1)


ALL_SQUARES: tuple[Square, ...] = tuple((row, col) for row in range(SIZE) for col in range(SIZE))


def all_squares() -> list[Square]:
    return list(ALL_SQUARES)


def side(square: Square, direction: tuple[int, int], wrap: bool) -> Square | None:
    """The square across one side of `square`, or None when that side is the board edge."""
    row, col = square[0] + direction[0], square[1] + direction[1]
    if wrap:
        return (row % SIZE, col % SIZE)
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return (row, col)
    return None


class RefGame:
    """Board, specials in hand and side to move, with the rules as plain loops."""

    def __init__(self, specials: bool = True, scoring: str = "default", first: int = DARK):
        assert scoring in SCORINGS
        self.specials = specials
        self.scoring = scoring
        self.wrap = scoring == "wraparound"
        self.board: dict[Square, tuple[int, str]] = {}
        start = {"thunder", "woden"} if specials else set()
        self.hands: list[set[str]] = [set(start), set(start)]
        self.turn = first
        # What lies across each side of each square (None = board edge), up/left/right/down.
        self.sides: dict[Square, list[Square | None]] = {
            sq: [side(sq, d, self.wrap) for d in DIRECTIONS] for sq in ALL_SQUARES
        }

    # -- geometry -------------------------------------------------------------

    def neighbours(self, square: Square) -> list[Square]:
        """Orthogonal neighbour squares, in the order up, left, right, down."""
        return [other for other in self.sides[square] if other is not None]

    def hinges(self, square: Square) -> int:
        """Sides of `square` touching a stone (any colour or kind) or the board edge."""
        count = 0
        for other in self.sides[square]:
            if other is None or other in self.board:
                count += 1
        return count

    # -- legality -------------------------------------------------------------

    def standard_squares(self) -> list[Square]:
        """Empty squares with at most 3 hinges and no neighbouring stone at 3 hinges already."""
        hinges = {square: self.hinges(square) for square in ALL_SQUARES}
        found = []
        for square in ALL_SQUARES:
            if square in self.board or hinges[square] > 3:
                continue
            blocked = False
            for other in self.sides[square]:  # an edge (None) is never in the board
                if other in self.board and hinges[other] >= 3:
                    blocked = True  # that stone would get a 4th hinge
            if not blocked:
                found.append(square)
        return found

    def special_moves(self, player: int) -> list[RefMove]:
        """Thunder- and Woden-stone moves `player` could make here (whoever is to move)."""
        moves: list[RefMove] = []
        if "thunder" in self.hands[player]:
            moves += [("thunder", sq) for sq in ALL_SQUARES if sq not in self.board]
        if "woden" in self.hands[player]:
            moves += [
                ("woden", sq)
                for sq in ALL_SQUARES
                if sq in self.board and self.board[sq][0] != player
            ]
        return moves

    def legal_moves(self) -> list[RefMove]:
        """The mover's moves; a pass only when the mover has none but the opponent has one."""
        moves: list[RefMove] = [("place", sq) for sq in self.standard_squares()]
        moves += self.special_moves(self.turn)
        if moves:
            return moves
        if self.special_moves(1 - self.turn):  # no standard placement exists for anybody
            return [PASS]
        return []

    def game_over(self) -> bool:
        """Neither player has a move: no usable special and no standard placement."""
        return (
            not self.special_moves(DARK)
            and not self.special_moves(LIGHT)
            and not self.standard_squares()
        )

    def must_pass(self) -> bool:
        """The mover has no move at all, but the opponent has one."""
        return (
            not self.special_moves(self.turn)
            and bool(self.special_moves(1 - self.turn))
            and not self.standard_squares()
        )

    # -- playing --------------------------------------------------------------

    def play(self, move: RefMove) -> list[Square]:
        """Apply a legal move; return the squares a thunder-stone emptied, in order."""
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move}")
        kind, square = move
        removed: list[Square] = []
        if square is not None:
            if kind == "thunder":
                for other in self.neighbours(square):
                    if other in self.board:
                        del self.board[other]
                        removed.append(other)
            if kind != "place":
                self.hands[self.turn].remove(kind)
            self.board[square] = (self.turn, "standard" if kind == "place" else kind)
        self.turn = 1 - self.turn
        return removed

    # -- scoring --------------------------------------------------------------

    def score(self, scoring: str | None = None) -> tuple[int, int]:
        """(Dark, Light): one point per friendly adjacent pair, plus edge sides.

        Each pair is seen once by looking only right and down from every stone.
        `scoring` may be "default" or "simple" on a plain game, only "wraparound"
        on a wraparound game (the topology is fixed by the game).
        """
        scoring = scoring or self.scoring
        assert (scoring == "wraparound") == self.wrap
        edge_weight = 1 if scoring == "default" else 0
        points = [0, 0]
        for square, (owner, _kind) in self.board.items():
            up, left, right, down = self.sides[square]
            for other in (right, down):
                if other in self.board and self.board[other][0] == owner:
                    points[owner] += 1
            for other in (up, left, right, down):
                if other is None:
                    points[owner] += edge_weight
        return (points[DARK], points[LIGHT])

    def copy(self) -> RefGame:
        twin = copy.copy(self)  # shares the read-only `sides` table
        twin.board = dict(self.board)
        twin.hands = [set(hand) for hand in self.hands]
        return twin
