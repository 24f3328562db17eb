"""Board readers: what a game document needs to know about one game.

`model.document` builds every document the same way (where diagrams go, the
move text, variations, numbering ranges); a board reader, which the game
registers (`capabilities.BOARD_READERS`; `PositionReader` serves a game that does not),
answers the questions that differ between games:

- `stones(position)`: the position as drawable stones;
- `tracker()`: an object with `copy()` and `play(step)` that remembers which
  move put each piece where it stands (for the numbers and the notes);
- `marks(before, tracker, steps)`: a range's numbers, last move, emptied
  squares, arrow and caption notes;
- `checkpoint(position)`: what a reader on a real board can count;
- `window(before, steps)`: the part of a big board a diagram shows;
- `series(game)`: the progress curve (score, or pieces on the board) and the
  stones marked under it; `explanation(game)`: the scored final position;
- `rule_details(game)`: the title block's game and rule lines; `result_text`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from maerstanas_print.gamedoc.parts import RangeMarks, listing, move_label
from maerstanas_print.pieces import STONE_KINDS, Stone
from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

if TYPE_CHECKING:
    from maerstanas_print.gamedoc.parts import ScoreExplanation
    from maerstanas_print.games.protocol import Game
    from maerstanas_print.play.replayed import ReplayedGame, Step


class Checkpoint(Protocol):
    """What a reader replaying on a real board can count to confirm they are in sync."""

    def text(self) -> str: ...

    def sentences(self) -> tuple[str, ...]: ...


class BoardReader(Protocol):
    game: Game
    style: str  # "placement" or "movement": how figures draw the diagrams
    progress: Any  # "score" or "pieces": what the closing chart plots
    final_caption: str | None  # the last diagram's caption when the record gives none

    def stones(self, position: Any) -> dict[int, Stone]: ...

    def tracker(self) -> Any: ...

    def marks(self, before: Any, tracker: Any, steps: list[Step]) -> RangeMarks: ...

    def checkpoint(self, position: Any) -> Checkpoint: ...

    def window(self, before: Any, steps: list[Step]) -> tuple[int, int, int, int] | None: ...

    def series(
        self, game: ReplayedGame
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]: ...

    def explanation(self, game: ReplayedGame) -> ScoreExplanation | None: ...

    def rule_details(self, game: ReplayedGame) -> list[tuple[str, str]]: ...

    def result_text(self, game: ReplayedGame) -> str: ...

    def specials_note(self, specials: list[tuple[int, int, str]]) -> str: ...

    # The HTML step-through viewer: a letter per square, and what each letter draws.
    def viewer_prototypes(self) -> dict[str, tuple[Stone, str]]: ...

    def board_code(self, position: Any) -> str: ...

    def last_square(self, step: Step) -> int | None: ...


__all__ = ["BoardReader", "Checkpoint", "PositionReader"]


# --- the reader a game gets without writing its own ------------------------------------


@dataclass(frozen=True, slots=True)
class CountCheckpoint:
    """Pieces on the board per side, the score in a scored game, and whose move it is
    (or how the game ended)."""

    pieces: tuple[int, int]
    turn: str
    score: tuple[int, int] | None = None

    def text(self) -> str:
        return " ".join(self.sentences())

    def sentences(self) -> tuple[str, ...]:
        """Set by captions with a line break before the last."""
        board = f"On the board: Dark {self.pieces[DARK]}, Light {self.pieces[LIGHT]}."
        if self.score is None:
            return board, self.turn
        return (board, self.turn, f"Score: Dark {self.score[DARK]}, Light {self.score[LIGHT]}.")


@dataclass(slots=True)
class LandingTracker:
    """Which step's move landed on each square, forgotten when the square is emptied."""

    game: Game
    landed: dict[int, Step] = field(default_factory=dict)

    def copy(self) -> LandingTracker:
        return LandingTracker(self.game, dict(self.landed))

    def play(self, step: Step) -> None:
        if not step.applied:
            return
        origin, target = self.game.move_squares(step.move)
        if origin is not None:
            self.landed.pop(origin, None)
        for square in step.removed:
            self.landed.pop(square, None)
        if target is not None:
            self.landed[target] = step


_RESULT_WORDS = {"Dark": "Dark wins", "Light": "Light wins", "Draw": "Drawn", "Tie": "A tie"}


class PositionReader:
    """Any game's documents from its positions alone: numbers where moves landed,
    removal notes, stones per side and whose move it is, the score (or the pieces
    on the board) move by move."""

    style = "placement"
    final_caption: str | None = "Final position"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.progress = "score" if game.start().score() is not None else "pieces"

    def stones(self, position: Any) -> dict[int, Stone]:
        stones: dict[int, Stone] = self.game.stones(position)
        return stones

    def tracker(self) -> LandingTracker:
        return LandingTracker(self.game)

    def marks(self, before: Any, tracker: LandingTracker, steps: list[Step]) -> RangeMarks:
        tracker = tracker.copy()
        name = self.game.board.name
        notes: list[str] = []
        emptied: set[int] = set()
        for step in steps:
            origin, target = self.game.move_squares(step.move)
            if target is None:
                notes.append(
                    f"{move_label(step)} {step.move}: {SIDE_NAMES[step.side]} has no move."
                )
            if step.removed:
                notes.append(
                    f"{move_label(step)} {step.move} emptied "
                    f"{listing([name(sq) for sq in step.removed])}."
                )
                emptied.update(step.removed)
            if target is not None:
                emptied.discard(target)
            tracker.play(step)
        after = steps[-1].after if steps else before
        stones = self.game.stones(after)
        in_range = {id(step) for step in steps}
        numbers = {
            sq: str(step.number)
            for sq, step in tracker.landed.items()
            if id(step) in in_range and sq in stones
        }
        last = arrow = None
        if steps:
            origin, last = self.game.move_squares(steps[-1].move)
            if origin is not None and last is not None:
                arrow = (origin, last, steps[-1].side)
        return RangeMarks(
            numbers, last, sorted(sq for sq in emptied if sq not in stones), notes, arrow
        )

    def checkpoint(self, position: Any) -> CountCheckpoint:
        counts = self._pieces(position)
        if position.is_game_over():
            turn = f"Game over: {_RESULT_WORDS.get(position.outcome() or '', 'no result')}."
        else:
            turn = f"{SIDE_NAMES[position.turn]} to move."
        score = position.score()
        return CountCheckpoint(counts, turn, None if score is None else (score[0], score[1]))

    def window(self, before: Any, steps: list[Step]) -> None:
        return None

    def _count(self, position: Any) -> tuple[int, int]:
        score = position.score()
        if score is not None:
            return score.dark, score.light
        return self._pieces(position)

    def _pieces(self, position: Any) -> tuple[int, int]:
        """Stones on the board per side (Dark, Light)."""
        counts = [0, 0]
        for stone in self.game.stones(position).values():
            counts[stone.side] += 1
        return counts[DARK], counts[LIGHT]

    def series(
        self, game: ReplayedGame
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]:
        return [self._count(position) for position in game.main.positions()], []

    def explanation(self, game: ReplayedGame) -> None:
        return None

    def specials_note(self, specials: list[tuple[int, int, str]]) -> str:
        return ""

    def rule_details(self, game: ReplayedGame) -> list[tuple[str, str]]:
        return [("Game", self.game.title)]

    def result_text(self, game: ReplayedGame) -> str:
        if not game.finished:
            return "Unfinished"
        text = _RESULT_WORDS.get(game.result or "", "Over")
        score = game.score
        return f"{text}, Dark: {score.dark}, Light: {score.light}" if score else text

    # --- the HTML step-through viewer ---------------------------------------------------

    def viewer_prototypes(self) -> dict[str, tuple[Stone, str]]:
        """One letter per (side, stone kind): upper case Dark, lower case Light."""
        out: dict[str, tuple[Stone, str]] = {}
        for index, kind in enumerate(STONE_KINDS):
            for side, letter in ((DARK, "ABCDE"[index]), (LIGHT, "abcde"[index])):
                out[letter] = (Stone(side, kind), f"{'dl'[side]}{kind}")
        return out

    def board_code(self, position: Any) -> str:
        codes = {
            (stone.side, stone.kind): letter
            for letter, (stone, _ident) in self.viewer_prototypes().items()
        }
        stones = self.game.stones(position)
        return "".join(
            codes[(stones[sq].side, stones[sq].kind)] if sq in stones else "."
            for sq in range(self.game.board.squares)
        )

    def last_square(self, step: Step) -> int | None:
        return self.game.move_squares(step.move)[1]
