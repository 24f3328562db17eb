"""Finding puzzles in games: positions where one move is best by a clear margin.

A position of a game is a puzzle when the exact search proves that one move
keeps the value and every other move ends at least `margin` points worse.
Only positions near the end are tried (the proof must be exact), forced
passes and single-move positions are not puzzles, and the same position is
used once. Everything printed about a puzzle comes from the search.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.games.maerstanas.analysis.review import line_notation, positions_of
from maerstanas_print.games.maerstanas.analysis.search import Searcher, State, move_of
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
) -> list[Puzzle]:
    """The puzzles among the last `reach` positions of the main line, in game order."""
    searcher = searcher or Searcher(game.rules.scoring, core)  # type: ignore[arg-type]
    positions = positions_of(game)
    steps = game.main.steps
    found = []
    first = max(0, len(steps) - reach)
    for index in range(first, len(steps)):
        position = positions[index]
        if len(position.legal_moves()) < 2:
            continue
        result = searcher.root(State.of(position), margin=margin)
        if result is None or len(result.best_moves) != 1 or result.close_moves:
            continue
        best = result.best_moves[0]
        evaluation = searcher.evaluate(position, exact=True)
        assert evaluation.best == [move_of(best)]  # the two searches agree
        step = steps[index]
        where = f"{source}, game {game.record.index}, move {step.number} ({SIDE_NAMES[step.side]})"
        assert result.exact
        found.append(Puzzle(position, where, result.best_value, evaluation.pv, margin, step.move))
    return found
