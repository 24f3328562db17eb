"""The tafl family as `Game`s: one engine, one replayer, one document reader.

Each game of the family is a `TaflDefinition` (rules, setup, options, how it is
printed) in a module of its own; `TaflGame` turns one into a `Game`. Its
documents, sheets, books and fix search live in `maerstanas_print/plugins/tafl/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.games.protocol import Game, GameMove, GamePosition, Settings, written_move
from maerstanas_print.games.setup_text import read_position
from maerstanas_print.games.tafl.definition import TaflDefinition
from maerstanas_print.games.tafl.engine import (
    TaflMove,
    TaflPosition,
    TaflRules,
    side_of,
)
from maerstanas_print.games.tafl.replay import replay_tafl
from maerstanas_print.pieces import BoardLook, SpecialKind, Stone, StoneKind

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import ReplayedGame, Step
    from maerstanas_print.notation.record import GameRecord

# Board letters -> stone kinds, per way of drawing the pieces.
PIECE_KINDS: dict[str, dict[str, StoneKind]] = {
    "stones": {"S": "standard", "C": "thunder", "K": "woden"},  # Beers' rune stones
    "men": {"S": "man", "K": "king"},  # lettered men
}


class TaflGame(Game):
    """A game of the tafl family: sliding pieces, custodial capture, a king to save."""

    move_example = "A1-A4"

    def __init__(self, definition: TaflDefinition) -> None:
        super().__init__(
            definition.tag,
            definition.title,
            definition.slug,
            definition.rules.size,
            definition.credit,
        )
        self.definition = definition
        self.tafl: TaflRules = definition.rules
        self.piece_kinds = PIECE_KINDS[definition.pieces]
        self.settings = Settings(
            values={"FirstPlayer": ("Dark", "Light")}, options=dict(definition.rules.choices)
        )
        self.look = BoardLook(
            pieces=definition.pieces,
            specials=self._specials(),
            escape_edge=definition.rules.king_goal == "edge",
        )

    # --- records and replay -------------------------------------------------------

    def read_move(
        self, kind: str, piece: str | None, square: str | None, origin: str | None
    ) -> GameMove:
        written = written_move(self.board, kind, piece, square, origin)
        if kind == "move":
            assert written.origin is not None and written.square is not None
            return TaflMove(written.piece or "S", written.origin, written.square, self.board.size)
        return written  # a pass or a placement: the replayer judges it

    def replay(
        self, record: GameRecord, *, strict: bool = False, keep_positions: bool = False
    ) -> ReplayedGame:
        return replay_tafl(record, self, self.tafl, strict=strict, keep_positions=keep_positions)

    def start(self) -> TaflPosition:
        return TaflPosition.start(self.tafl)

    def owns(self, position: object) -> bool:
        return isinstance(position, TaflPosition) and position.rules.name == self.tafl.name

    def move_squares(self, move: GameMove) -> tuple[int | None, int | None]:
        if isinstance(move, TaflMove):
            return move.origin, move.target
        return None, None

    def step_text(self, step: Step) -> str:
        return str(step.move) if step.notation is None else step.notation

    def settings_tags(self, game: ReplayedGame) -> list[tuple[str, str]]:
        tags = [("Game", self.tag)]
        if game.ending is not None:
            tags.append(("Termination", game.ending))
        return tags

    # --- drawing its positions ------------------------------------------------------

    def stones(self, position: GamePosition) -> dict[int, Stone]:
        return self.board_stones(_tafl(position).board)

    def board_stones(self, board: list[str]) -> dict[int, Stone]:
        """Board letters as the game's stones (or men)."""
        kinds = self.piece_kinds
        return {sq: Stone(side_of(p), kinds[p.upper()]) for sq, p in enumerate(board) if p != "."}

    def start_stones(self, setup: str | None = None) -> dict[int, Stone]:
        return self.board_stones(read_position(setup or self.tafl.setup, self.board.size))

    def _specials(self) -> dict[int, SpecialKind]:
        """A king's home corner (games whose king runs to the enemy corner) and the throne."""
        specials: dict[int, SpecialKind] = {}
        if self.tafl.king_goal == "enemy-corner":
            for square, letter in enumerate(read_position(self.tafl.setup, self.board.size)):
                if letter == "K":
                    specials[square] = "dark-home"
                elif letter == "k":
                    specials[square] = "light-home"
        if self.tafl.throne is not None:
            specials[self.tafl.throne] = "throne"
        return specials


def _tafl(position: GamePosition) -> TaflPosition:
    if not isinstance(position, TaflPosition):
        raise TypeError(f"not a position of a tafl game: {position!r}")
    return position
