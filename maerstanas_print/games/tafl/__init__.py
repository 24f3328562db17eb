"""The tafl family as `Game`s: one engine, one replayer, one document reader.

Each game of the family is a `TaflDefinition` (rules, setup, options, how it is
printed) in a module of its own; `TaflGame` turns one into a `Game`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from maerstanas_print.games.protocol import Game, WrittenMove
from maerstanas_print.games.setup_text import read_position
from maerstanas_print.games.tafl.definition import TaflDefinition
from maerstanas_print.games.tafl.engine import (
    TaflMove,
    TaflPosition,
    TaflRules,
    side_of,
)
from maerstanas_print.pieces import SpecialKind, Stone, StoneKind

if TYPE_CHECKING:
    from maerstanas_print.notation.record import GameRecord
    from maerstanas_print.play.replayed import ReplayedGame, Step

# Board letters -> stone kinds, per way of drawing the pieces.
PIECE_KINDS: dict[str, dict[str, StoneKind]] = {
    "stones": {"S": "standard", "C": "thunder", "K": "woden"},  # Beers' rune stones
    "men": {"S": "man", "K": "king"},  # lettered men
}
MEN_ORDER: tuple[StoneKind, ...] = ("king", "man")  # as a sheet lists a side's men


class TaflGame(Game):
    """A game of the tafl family: sliding pieces, custodial capture, a king to save."""

    results = ("Dark", "Light", "Draw", "*")
    setting_values = {"FirstPlayer": ("Dark", "Light")}
    move_example = "A1-A4"
    figure_style = "movement"

    def __init__(self, definition: TaflDefinition) -> None:
        super().__init__(definition.tag, definition.title, definition.slug,
                         definition.rules.size, definition.credit)
        self.definition = definition
        self.tafl: TaflRules = definition.rules
        self.pieces = definition.pieces
        self.piece_kinds = PIECE_KINDS[definition.pieces]
        self.file_part = f"-{definition.slug}"
        self.escape_edge = definition.rules.king_goal == "edge"
        self.stone_set = definition.stone_set
        self.stones_note = definition.stones_note

    # --- records and replay -------------------------------------------------------

    def make_move(self, written: WrittenMove) -> Any:
        if written.kind == "move":
            assert written.origin is not None and written.square is not None
            return TaflMove(written.piece or "S", written.origin, written.square, self.size)
        return written  # a pass or a placement: the replayer judges it

    def replay(self, record: GameRecord, *, strict: bool = False,
               keep_positions: bool = False) -> ReplayedGame:
        from maerstanas_print.games.tafl.replay import replay_tafl

        return replay_tafl(record, self, strict=strict, keep_positions=keep_positions)

    def start(self) -> TaflPosition:
        return TaflPosition.start(self.tafl)

    def owns(self, position: Any) -> bool:
        return isinstance(position, TaflPosition) and position.rules.name == self.tafl.name

    def move_squares(self, move: Any) -> tuple[int | None, int | None]:
        if isinstance(move, TaflMove):
            return move.origin, move.target
        return None, None

    def kept(self, position: TaflPosition) -> TaflPosition:
        return position.snapshot()  # without the repetition history

    def repair_search(self) -> Any:
        from maerstanas_print.games.tafl.repair import TaflSearch

        return TaflSearch

    def option_choices(self) -> dict[str, tuple[str, ...]]:
        return dict(self.tafl.choices)

    def step_text(self, step: Step) -> str:
        if step.notation is not None:
            return step.notation
        return self.short_text(step)

    def short_text(self, step: Step) -> str:
        move = step.move
        if not isinstance(move, TaflMove):
            return "Pass" if move.kind == "pass" else str(move)
        return move.text(self.size)

    def settings_tags(self, game: ReplayedGame) -> list[tuple[str, str]]:
        tags = [("Game", self.tag)]
        if game.ending is not None:
            tags.append(("Termination", game.ending))
        return tags

    # --- printed forms --------------------------------------------------------------

    def document_reader(self, game: ReplayedGame) -> Any:
        from maerstanas_print.games.tafl.document import TaflReader

        return TaflReader(game)

    def stones(self, position: TaflPosition) -> dict[int, Stone]:
        return self.board_stones(position.board)

    def board_stones(self, board: list[str]) -> dict[int, Stone]:
        """Board letters as the game's stones (or men)."""
        kinds = self.piece_kinds
        return {sq: Stone(side_of(p), kinds[p.upper()])
                for sq, p in enumerate(board) if p != "."}

    def start_stones(self, setup: str | None = None) -> dict[int, Stone]:
        return self.board_stones(read_position(setup or self.tafl.setup, self.size))

    def start_setup(self) -> str:
        return self.tafl.setup

    def stone_set_of(self, side: int) -> tuple[tuple[StoneKind, int, str], ...]:
        """Rune stones: the definition's set, the same for both sides. Lettered men: what
        the side has in the start position, the king first (the 1992 game's sides differ)."""
        if self.pieces != "men":
            return self.stone_set
        counts = Counter(stone.kind for stone in self.start_stones().values()
                         if stone.side == side)
        return tuple((kind, counts[kind], kind) for kind in MEN_ORDER if counts[kind])

    def special_squares(self) -> dict[int, SpecialKind]:
        """A king's home corner (games whose king runs to the enemy corner) and the throne."""
        specials: dict[int, SpecialKind] = {}
        if self.tafl.king_goal == "enemy-corner":
            for square, letter in enumerate(read_position(self.tafl.setup, self.size)):
                if letter == "K":
                    specials[square] = "dark-home"
                elif letter == "k":
                    specials[square] = "light-home"
        if self.tafl.throne is not None:
            specials[self.tafl.throne] = "throne"
        return specials



    def sheet_rules(self, variant: str = "standard") -> tuple[str, ...]:
        return self.definition.sheet_rules

    def stone_legend(self) -> tuple[tuple[StoneKind, str, str | None, str], ...]:
        return self.definition.legend

    has_score_sheet = True
    score_sheet_continues = True

    def score_sheet(self, paper: str, first: int = 1) -> Any:
        from maerstanas_print.games.tafl.score_sheet import TaflScoreSheetOptions, score_sheet

        return score_sheet(TaflScoreSheetOptions(self, paper, first))

    def setup_sheet(self, paper: str, theme: str) -> Any:
        from maerstanas_print.games.tafl.setup_sheet import SetupSheetOptions, setup_sheet

        return setup_sheet(SetupSheetOptions(self, paper, theme))

    def book_kit(self) -> Any:
        from maerstanas_print.games.tafl.book import TaflBookKit

        return TaflBookKit(self)

    def rulebook_source(self) -> str | None:
        return self.definition.rulebook

    def sample(self) -> str | None:
        return self.definition.sample

    def printables(self) -> list[tuple[str, list[str]]]:
        slug = self.slug
        jobs = [
            (f"board-{slug}-a4-1up.pdf", ["board", "--game", slug]),
            (f"board-{slug}-a4-1up.html", ["board", "--game", slug, "--format", "html"]),
        ]
        if self.size > 7:  # a big board is best on big paper
            jobs += [(f"board-{slug}-{paper}-1up.pdf", ["board", "--game", slug, "--paper", paper])
                     for paper in ("a3", "tabloid")]
        jobs += [
            (f"setup-{slug}-a4.pdf", ["setup", "--game", slug]),
            (f"setup-{slug}-a4.html", ["setup", "--game", slug, "--format", "html"]),
        ]
        jobs.append((f"scoresheet-{slug}-a4.pdf", ["scoresheet", "--game", slug]))
        if self.has_cut_outs:
            jobs += [(f"stones-{slug}-a4.pdf", ["stones", "--game", slug]),
                     (f"stones-{slug}-a4.html", ["stones", "--game", slug, "--format", "html"])]
            if self.size > 7:  # pieces for the big board on big paper
                jobs.append((f"stones-{slug}-a3.pdf", ["stones", "--game", slug, "--paper", "a3"]))
        sample = self.sample()
        if sample is not None:
            stem = sample.removesuffix(".mrs")
            jobs += [(f"{stem}.pdf", ["game", f"@sample:{sample}"]),
                     (f"{stem}.html", ["game", f"@sample:{sample}", "--format", "html"])]
        if self.rulebook_source() is not None:
            jobs += [(f"rulebook-{slug}-a4.pdf", ["rulebook", "--game", slug]),
                     (f"rulebook-{slug}-a4.html",
                      ["rulebook", "--game", slug, "--format", "html"])]
        if self.quickref_source() is not None:
            # The kit's board is full size: a big board's kit goes on big paper.
            kit_paper = "a3" if self.size > 7 else "a4"
            jobs += [(f"quickref-{slug}-a4.pdf", ["quickref", "--game", slug]),
                     (f"kit-{slug}-{kit_paper}.pdf",
                      ["kit", "--game", slug, "--paper", kit_paper])]
        return jobs
