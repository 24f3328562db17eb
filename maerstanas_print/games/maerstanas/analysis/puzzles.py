"""Finding puzzles in games: positions where one move is best by a clear margin.

A position of a game is a puzzle when the exact search proves that one move
keeps the value and every other move ends at least `margin` points worse.
Only positions near the end are tried (the proof must be exact), forced
passes and single-move positions are not puzzles, and the same position is
used once. Everything printed about a puzzle comes from the search.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.games.maerstanas.analysis.budget import RunBudget
from maerstanas_print.games.maerstanas.analysis.review import (
    EXACT_NODE_CAP,
    line_notation,
    positions_of,
)
from maerstanas_print.games.maerstanas.analysis.search import (
    SearchAborted,
    Searcher,
    State,
    move_of,
)
from maerstanas_print.games.maerstanas.engine import SIDE_NAMES, Move, Position
from maerstanas_print.play.replayed import ReplayedGame

DEFAULT_MARGIN = 2
DEFAULT_REACH = 10  # plies before the end of the game


@dataclass(slots=True)
class Puzzle:
    position: Position
    source: str  # where the position comes from, e.g. "games.mrs, game 2, before 14. D4"
    value: int  # the final margin for the side to move with best play
    solution: list[Move]  # the principal variation, the unique best move first
    margin: int  # every other move ends at least this many points worse
    played: Move  # what was played in the game

    @property
    def side(self) -> str:
        return SIDE_NAMES[self.position.turn]

    def goal(self) -> str:
        """What the solver must achieve, as the diagram's caption says it."""
        if self.value > 0:
            return f"finish {self.value} point{'s' * (self.value != 1)} ahead"
        if self.value == 0:
            return "draw level"
        return f"lose by no more than {-self.value} point{'s' * (self.value != -1)}"

    def goal_verb(self) -> str:
        """The goal as a sentence about the side: "Dark finishes 2 points ahead"."""
        if self.value > 0:
            return f"finishes {self.value} point{'s' * (self.value != 1)} ahead"
        if self.value == 0:
            return "draws level"
        return f"loses by {-self.value} point{'s' * (self.value != -1)}"

    def solution_text(self) -> list[str]:
        return line_notation(self.position, self.solution)


def find_puzzles(
    game: ReplayedGame,
    source: str,
    *,
    margin: int = DEFAULT_MARGIN,
    reach: int = DEFAULT_REACH,
    core: str = "auto",
    searcher: Searcher | None = None,
    budget: RunBudget | None = None,
) -> list[Puzzle]:
    """The puzzles among the last `reach` positions of the main line, in game order.

    Each position's exact search stops at EXACT_NODE_CAP nodes (and at what the
    run's `budget` has left); a position it does not finish is no puzzle, and
    counts in `budget.unanalysed`.
    """
    searcher = searcher or Searcher(game.rules.scoring, core)  # type: ignore[arg-type]
    cap = EXACT_NODE_CAP[searcher.core.name]
    if budget is not None:
        budget.begin()
    positions = positions_of(game)
    steps = game.main.steps
    found = []
    first = max(0, len(steps) - reach)
    for index in range(first, len(steps)):
        position = positions[index]
        if len(position.legal_moves()) < 2:
            continue
        nodes = searcher.nodes
        try:
            if budget is not None and budget.spent:
                raise SearchAborted
            limit = budget.nodes_for(cap) if budget else cap
            result = searcher.root(State.of(position), margin=margin, max_nodes=limit)
        except SearchAborted:
            if budget is not None:
                budget.unanalysed += 1
            continue
        finally:
            if budget is not None:
                budget.record(searcher.nodes - nodes)
        if result is None or len(result.best_moves) != 1 or result.close_moves:
            continue
        best = result.best_moves[0]
        evaluation = searcher.evaluate(position, exact=True)  # the table holds the proof
        assert evaluation.best == [move_of(best)]  # the two searches agree
        step = steps[index]
        where = f"{source}, game {game.record.index}, move {step.number} ({SIDE_NAMES[step.side]})"
        assert result.exact
        found.append(Puzzle(position, where, result.best_value, evaluation.pv, margin, step.move))
    return found
