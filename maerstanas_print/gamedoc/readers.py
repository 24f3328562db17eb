"""Board readers: what a game document needs to know about one game.

`model.document` builds every document the same way (where diagrams go, the
move text, variations, numbering ranges); a board reader, which the game
provides (`Game.document_reader`), answers the questions that differ between
games:

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

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from maerstanas_print.gamedoc.model import RangeMarks, ScoreExplanation
    from maerstanas_print.games.protocol import Game
    from maerstanas_print.pieces import Stone
    from maerstanas_print.verify import ReplayedGame, Step


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

    def series(self, game: ReplayedGame
               ) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]: ...

    def explanation(self, game: ReplayedGame) -> ScoreExplanation | None: ...

    def rule_details(self, game: ReplayedGame) -> list[tuple[str, str]]: ...

    def result_text(self, game: ReplayedGame) -> str: ...


def reader_for(game: ReplayedGame) -> BoardReader:
    """The board reader of a replayed game: its game's."""
    reader: BoardReader = game.game.document_reader(game)
    return reader


__all__ = ["BoardReader", "Checkpoint", "reader_for"]
