"""Mǽrstánas as a `Game`: John Beers' stone-placement game on a 7x7 board.

The engine (`engine.py`) is a 49-bit board; the replayer (`replay.py`) checks a
record against it. Its documents, sheets, books, fix search, app importer and
commands live in `maerstanas_print/plugins/maerstanas/`.
The rules are John Beers' (CC BY-SA 4.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.games.maerstanas.engine import (
    SCORINGS,
    SIDE_NAMES,
    SQUARE_INDEX,
    Move,
    Position,
    Rules,
    drawable_stones,
    move_text,
)
from maerstanas_print.games.maerstanas.replay import replay_maerstanas
from maerstanas_print.games.protocol import (
    Game,
    GameMove,
    GamePosition,
    Settings,
    written_move,
)
from maerstanas_print.notation.move_kinds import register_move_kind
from maerstanas_print.pieces import BoardLook, BoardVariant, Stone

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import ReplayedGame, Step
    from maerstanas_print.notation.record import GameRecord

# Its two special stones are moves a record marks: `T E4xE3/D4`, `W C5`.
register_move_kind("T", "thunder", with_removals=True)
register_move_kind("W", "woden")

# Moves are immutable, so one object per (kind, square text) serves every record.
_MOVES: dict[tuple[str, str], Move] = {
    (kind, text): Move(kind, square)
    for kind in ("place", "thunder", "woden")
    for text, square in SQUARE_INDEX.items()
}
_PASS = Move.pass_()


class MaerstanasGame(Game):
    """Mǽrstánas: place stones, never four hinges, one thunder- and one Woden-stone each."""

    settings = Settings(
        results=("Dark", "Light", "Tie", "*"),
        values={
            "SpecialStones": ("on", "off"),
            "Scoring": SCORINGS,
            "FirstPlayer": ("Dark", "Light"),
        },
        free=("InHand",),
    )  # read with the Setup tag
    look = BoardLook(variants=("standard", "wraparound"))

    def __init__(self) -> None:
        super().__init__(
            "Maerstanas",
            "Mǽrstánas",
            "maerstanas",
            7,
            "Mǽrstánas is a game by John Beers. Its rules are licensed CC BY-SA "
            "4.0 (creativecommons.org/licenses/by-sa/4.0).",
        )

    # --- records and replay -------------------------------------------------------

    def read_move(
        self, kind: str, piece: str | None, square: str | None, origin: str | None
    ) -> GameMove:
        if kind == "pass":
            return _PASS
        if kind != "move":
            found = _MOVES.get((kind, square or ""))
            if found is not None:
                return found
        written = written_move(self.board, kind, piece, square, origin)
        if kind not in ("place", "thunder", "woden"):
            return written  # a movement, or another game's kind: the replayer refuses it
        return Move(kind, written.square)  # type: ignore[arg-type]

    def replay(
        self, record: GameRecord, *, strict: bool = False, keep_positions: bool = False
    ) -> ReplayedGame:
        return replay_maerstanas(record, self, strict=strict, keep_positions=keep_positions)

    def start(self) -> Position:
        return Position.start()

    def owns(self, position: object) -> bool:
        return isinstance(position, Position)

    def move_squares(self, move: GameMove) -> tuple[int | None, int | None]:
        return (None, move.square) if isinstance(move, Move) else (None, None)

    def scoring(self, rules: object) -> str | None:
        return rules.scoring if isinstance(rules, Rules) else None

    def step_text(self, step: Step) -> str:
        return move_text(step.move, step.removed)

    def settings_tags(self, game: ReplayedGame) -> list[tuple[str, str]]:
        rules = game.rules
        return [
            ("SpecialStones", "on" if rules.special_stones else "off"),
            ("Scoring", rules.scoring),
            ("FirstPlayer", SIDE_NAMES[rules.first_player]),
        ]

    def termination_text(self, game: ReplayedGame) -> str:
        score = game.score
        if game.finished and score is not None:
            return f"\nDark: {score.dark}, Light: {score.light}"
        return "*"

    def stones(self, position: GamePosition) -> dict[int, Stone]:
        return drawable_stones(_mine(position))

    def board_variant(self, position: GamePosition) -> BoardVariant:
        return "wraparound" if _mine(position).rules.geometry.wrap else "standard"


def _mine(position: GamePosition) -> Position:
    if not isinstance(position, Position):
        raise TypeError(f"not a position of Mǽrstánas: {position!r}")
    return position
