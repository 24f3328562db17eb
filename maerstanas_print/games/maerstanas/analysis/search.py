"""Searching a position: exact where the end of the game is in reach, else an estimate.

`Searcher.evaluate(position)` answers with the value (the final margin, Dark
minus Light, under best play), whether it is proved (`exact`) or a heuristic
estimate from an iterative-deepening search (with the depth reached), every
best move and the principal variation. One Searcher keeps its transposition
table between calls, so the positions of one game help each other.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from maerstanas_print.games.maerstanas.analysis import kernel as K
from maerstanas_print.games.maerstanas.analysis.cores import Core, CoreName, load
from maerstanas_print.games.maerstanas.engine import DARK, Move, Position

SCORING_CODES = {"default": 0, "simple": 1, "wraparound": 2}
DEFAULT_TABLE_SIZE = 1 << 20  # slots, a power of two: 24 MB
EXACT_DEPTH = 120  # more plies than any game has left
# Symmetric images are looked up while a position has at most this many stones:
# in the opening, where mirror-image positions meet; later they almost never do.
SYMMETRY_STONES = 12
PV_LIMIT = 24


class SearchAborted(Exception):
    """The node budget ran out before the search finished."""


@dataclass(frozen=True, slots=True)
class State:
    """A position as the kernel sees it: from the side to move."""

    me: int
    op: int
    hme: int
    hop: int
    dark_to_move: bool

    @classmethod
    def of(cls, position: Position) -> State:
        side = position.turn
        return cls(
            position.stones[side],
            position.stones[1 - side],
            position.in_hand(side),
            position.in_hand(1 - side),
            side == DARK,
        )


def move_of(code: int) -> Move:
    """The engine move for a kernel move code."""
    if code == K.PASS_MOVE:
        return Move.pass_()
    if code < K.THUNDER_MOVE:
        return Move.place(code)
    if code < K.WODEN_MOVE:
        return Move.thunder(code - K.THUNDER_MOVE)
    return Move.woden(code - K.WODEN_MOVE)


def code_of(move: Move) -> int:
    if move.kind == "pass":
        return K.PASS_MOVE
    square = move.square
    assert square is not None
    return square + {"place": 0, "thunder": K.THUNDER_MOVE, "woden": K.WODEN_MOVE}[move.kind]


@dataclass(slots=True)
class Evaluation:
    """What the search knows about a position, values from Dark's point of view."""

    value: int
    exact: bool
    depth: int  # plies searched; for an exact value, enough to reach the end
    best: list[Move] = field(default_factory=list)
    pv: list[Move] = field(default_factory=list)
    nodes: int = 0
    analysed: bool = True  # False: the run's budget ran out before this position

    @classmethod
    def not_analysed(cls) -> Evaluation:
        """A position the run's budget left unsearched: no value to show."""
        return cls(0, False, 0, analysed=False)


@dataclass(slots=True)
class RootResult:
    """The root moves for the side to move: the best ones with their exact
    value; each other one with a value above best - margin when it comes
    within the margin (a lower bound), else at most best - margin (an upper
    bound). See kernel.root_values."""

    moves: list[int]
    values: list[int]
    exact: bool
    margin: int

    @property
    def best_value(self) -> int:
        return max(self.values)

    @property
    def best_moves(self) -> list[int]:
        top = self.best_value
        return [m for m, v in zip(self.moves, self.values, strict=True) if v == top]

    @property
    def close_moves(self) -> list[int]:
        """Moves not proved best that come within the margin of the best."""
        top = self.best_value
        return [
            m for m, v in zip(self.moves, self.values, strict=True) if top - self.margin < v < top
        ]


class Searcher:
    """A core, a scoring and a transposition table."""

    def __init__(
        self,
        scoring: str = "default",
        core: CoreName = "auto",
        table_size: int = DEFAULT_TABLE_SIZE,
        symmetry_stones: int = SYMMETRY_STONES,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if table_size & (table_size - 1):
            raise ValueError("the table size must be a power of two")
        self.core: Core = load(core)
        self.scoring = SCORING_CODES[scoring]
        self.symmetry_stones = symmetry_stones
        self.table_size = table_size
        self.mem = self.core.memory(self.scoring, table_size)
        self.out_moves = self.core.zeros(K.MOVE_SLOTS)
        self.out_values = self.core.zeros(K.MOVE_SLOTS)
        self.nodes = 0  # all nodes searched by this searcher
        # What `seconds` budgets are measured on: the wall clock for people
        # waiting; a benchmark sharing the machine passes time.process_time.
        self.clock = clock

    # --- one kernel call -------------------------------------------------------

    def _start(self, max_nodes: int | None) -> None:
        self.mem[K.NODES] = 0
        self.mem[K.HORIZON] = 0
        self.mem[K.ABORTED] = 0
        self.mem[K.LIMIT] = max_nodes if max_nodes is not None else 2**62

    def _finish(self) -> tuple[bool, int]:
        nodes = int(self.mem[K.NODES])
        self.nodes += nodes
        if self.mem[K.ABORTED]:
            raise SearchAborted
        return self.mem[K.HORIZON] == 0, nodes

    def _common(self) -> tuple[Any, ...]:
        return (self.scoring, self.symmetry_stones, self.table_size, self.mem)

    def value(
        self,
        state: State,
        depth: int = EXACT_DEPTH,
        alpha: int = -K.INFINITY,
        beta: int = K.INFINITY,
        max_nodes: int | None = None,
    ) -> tuple[int, bool]:
        """(value for the side to move, proved?) within the window (fail-soft)."""
        self._start(max_nodes)
        value = self.core.kernel.negamax(
            state.me, state.op, state.hme, state.hop, alpha, beta, depth, 0, *self._common()
        )
        exact, _ = self._finish()
        return int(value), bool(exact)

    def root(
        self, state: State, depth: int = EXACT_DEPTH, margin: int = 1, max_nodes: int | None = None
    ) -> RootResult | None:
        """Every root move's value (see RootResult); None when the game is over."""
        self._start(max_nodes)
        count = self.core.kernel.root_values(
            state.me,
            state.op,
            state.hme,
            state.hop,
            depth,
            margin,
            *self._common(),
            self.out_moves,
            self.out_values,
        )
        exact, _ = self._finish()
        exact = bool(exact)
        if count == 0:
            return None
        return RootResult(
            [int(m) for m in self.out_moves[:count]],
            [int(v) for v in self.out_values[:count]],
            exact,
            margin,
        )

    # --- a whole answer ----------------------------------------------------------

    def evaluate(
        self,
        position: Position,
        *,
        seconds: float | None = None,
        exact: bool = False,
        max_nodes: int | None = None,
        max_depth: int = EXACT_DEPTH,
    ) -> Evaluation:
        """The value of `position` with its best moves and principal variation.

        `exact=True` searches to the end of the game, however long it takes
        (up to `max_nodes`, else SearchAborted). Otherwise the depth grows one
        ply at a time until the value is proved, `max_depth` is reached, or
        the time (`seconds`) or node budget runs out; the last finished depth
        answers. With no budget and no depth limit that is an exact search.
        """
        state = State.of(position)
        sign = 1 if state.dark_to_move else -1
        if position.is_game_over():
            dark, light = position.score()
            return Evaluation(dark - light, True, 0)
        started_nodes = self.nodes
        if exact:
            result = self.root(state, EXACT_DEPTH, 1, max_nodes)
            assert result is not None
            depth = EXACT_DEPTH
        else:
            result, depth = self._deepen(state, seconds, max_nodes, max_depth)
        best = result.best_moves
        pv = self._pv(position, result.best_value, best[0], depth, result.exact, max_nodes)
        return Evaluation(
            sign * result.best_value,
            result.exact,
            depth if not result.exact else len(pv),
            [move_of(m) for m in best],
            pv,
            self.nodes - started_nodes,
        )

    def _deepen(
        self, state: State, seconds: float | None, max_nodes: int | None, max_depth: int
    ) -> tuple[RootResult, int]:
        clock = self.clock()
        spent = 0
        done: tuple[RootResult, int] | None = None
        for depth in range(1, max_depth + 1):
            budget = None if max_nodes is None else max_nodes - spent
            if seconds is not None and done is not None:
                elapsed = self.clock() - clock
                rate = max(spent, 1) / max(elapsed, 1e-4)
                by_time = int((seconds - elapsed) * rate)
                if by_time <= 0:
                    break
                budget = by_time if budget is None else min(budget, by_time)
            before = self.nodes
            try:
                result = self.root(state, depth, 1, budget)
            except SearchAborted:
                break
            finally:
                spent += self.nodes - before
            assert result is not None
            done = (result, depth)
            if result.exact:
                break
        if done is None:  # not even one ply in the budget: one ply anyway
            result = self.root(state, 1, 1, None)
            assert result is not None
            done = (result, 1)
        return done

    def _pv(
        self,
        position: Position,
        value: int,
        first: int,
        depth: int,
        exact: bool,
        max_nodes: int | None = None,
    ) -> list[Move]:
        """The principal variation: the best move, then at each position a move
        that keeps the value (checked by a search), until the end or the depth;
        or until the searches along it have spent `max_nodes` in all."""
        line = [move_of(first)]
        board = position.copy()
        board.push(line[0], check=False)
        want = -value  # the value for the side to move after the move
        remaining = depth - 1
        started = self.nodes
        while len(line) < PV_LIMIT and (exact or remaining > 0) and not board.is_game_over():
            left = None if max_nodes is None else max_nodes - (self.nodes - started)
            if left is not None and left <= 0:
                break
            try:
                result = self.root(State.of(board), EXACT_DEPTH if exact else remaining, 1, left)
            except SearchAborted:
                break
            assert result is not None
            if result.best_value != want:  # an estimate shifts with depth; stop there
                break
            move = move_of(result.best_moves[0])
            line.append(move)
            board.push(move, check=False)
            want = -want
            remaining -= 1
        return line
