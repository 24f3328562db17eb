"""Analysing the main line of a replayed game, ply by ply.

Every position of the game is evaluated once, the last first: the end of the
game is solved exactly and cheaply, and the table it leaves behind helps the
earlier, harder positions. A ply's value after the move is the next
position's value before it. Values are from Dark's point of view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from maerstanas_print.games.maerstanas.analysis.budget import RunBudget
from maerstanas_print.games.maerstanas.analysis.search import Evaluation, SearchAborted, Searcher
from maerstanas_print.games.maerstanas.engine import SIDE_NAMES, Move, Position, move_text
from maerstanas_print.play.replayed import ReplayedGame, Step

DEFAULT_SECONDS = 0.5
DEFAULT_EXACT_FROM = 10
# An exact solve that has not finished after this many nodes (about 40 s on the
# development machine, either core) gives way to the timed search: a Setup with
# every special stone in hand must not stall a whole analysis.
EXACT_NODE_CAP = {"numba": 60_000_000, "python": 2_000_000}
# A `--depth` search stops deepening after this many nodes (its last finished
# depth answers, and says which): nodes, not seconds, so the answers stay the
# same on every machine and with either core. `--depth 6` on a nearly empty
# board took minutes a position.
DEPTH_NODE_CAP = 2_000_000


@dataclass(slots=True)
class PlyReview:
    """One move of the game with the engine's view of the positions around it."""

    step: Step
    before: Evaluation  # the position the move was played in
    after: Evaluation  # the position it left

    @property
    def exact(self) -> bool:
        return self.before.exact and self.after.exact

    @property
    def loss(self) -> int:
        """Points of final margin the move gave away, from the mover's side (>= 0
        when both values are exact)."""
        lost = self.before.value - self.after.value
        return lost if self.step.side == 0 else -lost


@dataclass(slots=True)
class GameReview:
    game: ReplayedGame
    plies: list[PlyReview]
    final: Evaluation
    final_position: Position


def notation(position: Position, move: Move) -> str:
    """`move` in record notation, a thunder with its removal list."""

    return move_text(move, position.copy().push(move, check=False))


def line_notation(position: Position, moves: list[Move]) -> list[str]:
    board = position.copy()
    out = []
    for move in moves:
        out.append(notation(board, move))
        board.push(move, check=False)
    return out


def positions_of(game: ReplayedGame) -> list[Position]:
    """The position before each ply of the main line, then the final one."""
    return game.main.positions()


def review_game(
    game: ReplayedGame,
    *,
    seconds: float = DEFAULT_SECONDS,
    exact_from: int = DEFAULT_EXACT_FROM,
    core: str = "auto",
    progress: Callable[[int, int], None] | None = None,
    searcher: Searcher | None = None,
    depth: int | None = None,
    budget: RunBudget | None = None,
) -> GameReview:
    """Evaluate every position of the main line (see the module docstring).

    Positions at most `exact_from` plies before the end of the record are
    solved exactly (up to EXACT_NODE_CAP nodes); the others get `seconds` of
    iterative deepening, which proves them too when the end is near enough.
    With `depth`, they are searched that many plies deep instead, whatever the
    time: the same answers on every machine (up to DEPTH_NODE_CAP nodes).
    `budget` bounds the whole run: once it is spent, the positions not yet
    searched get `Evaluation.not_analysed()`.
    """
    searcher = searcher or Searcher(game.rules.scoring, core)  # type: ignore[arg-type]
    positions = positions_of(game)
    total = len(positions)
    if budget is not None:
        budget.begin()
    evaluations: list[Evaluation | None] = [None] * total
    for done, index in enumerate(reversed(range(total))):
        if progress is not None:
            progress(done, total)
        left = total - 1 - index
        if budget is not None and budget.spent:
            evaluations[index] = Evaluation.not_analysed()
            budget.unanalysed += 1
            continue
        nodes = searcher.nodes
        evaluations[index] = _evaluate(
            searcher, positions[index], left <= exact_from, seconds, depth, budget
        )
        if budget is not None:
            budget.record(searcher.nodes - nodes)
    if progress is not None:
        progress(total, total)
    evals = [e for e in evaluations if e is not None]
    plies = [PlyReview(step, evals[i], evals[i + 1]) for i, step in enumerate(game.main.steps)]
    return GameReview(game, plies, evals[-1], positions[-1])


def _evaluate(
    searcher: Searcher,
    position: Position,
    exact: bool,
    seconds: float,
    depth: int | None = None,
    budget: RunBudget | None = None,
) -> Evaluation:
    if exact:
        cap = EXACT_NODE_CAP[searcher.core.name]
        try:
            return searcher.evaluate(
                position, exact=True, max_nodes=budget.nodes_for(cap) if budget else cap
            )
        except SearchAborted:
            pass
    if depth is not None:
        nodes = budget.nodes_for(DEPTH_NODE_CAP) if budget else DEPTH_NODE_CAP
        return searcher.evaluate(position, max_depth=depth, max_nodes=nodes)
    return searcher.evaluate(position, seconds=budget.seconds_for(seconds) if budget else seconds)


def value_text(evaluation: Evaluation) -> str:
    """`+2` for a proved value, `~+2 (d7)` for an estimate from depth 7, `-`
    for a position the run's budget left unanalysed."""
    if not evaluation.analysed:
        return "-"
    if evaluation.exact:
        return f"{evaluation.value:+d}"
    return f"~{evaluation.value:+d} (d{evaluation.depth})"


def side_name(side: int) -> str:
    return SIDE_NAMES[side]
