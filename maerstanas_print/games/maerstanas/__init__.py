"""Mǽrstánas as a `Game`: John Beers' stone-placement game on a 7x7 board.

The engine (`engine.py`) is a 49-bit board; the replayer (`replay.py`) checks a
record against it; `document.py` tells game documents what to draw and say.
The rules are John Beers' (CC BY-SA 4.0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from maerstanas_print.games.maerstanas.engine import (
    DARK,
    LIGHT,
    SCORINGS,
    SIDE_NAMES,
    SQUARE_INDEX,
    Move,
    Position,
    Rules,
    drawable_stones,
    move_text,
)
from maerstanas_print.games.protocol import Game, OffBoard, WrittenMove
from maerstanas_print.pieces import BoardVariant, Stone, StoneKind

if TYPE_CHECKING:
    from maerstanas_print.notation.record import GameRecord
    from maerstanas_print.play.replayed import ReplayedGame, Step

# Moves are immutable, so one object per (kind, square text) serves every record.
_MOVES: dict[tuple[str, str], Move] = {
    (kind, text): Move(kind, square)
    for kind in ("place", "thunder", "woden") for text, square in SQUARE_INDEX.items()}
_PASS = Move.pass_()

# The rules in brief, for the foot of a board sheet (our words).
SHEET_RULES = {
    "standard": (
        "Take turns to place a stone in an empty square. No stone may ever have four hinges "
        "(sides touching a stone of either colour or the board edge). Once per game each "
        "player may play a thunder-stone, which removes the stones beside it, and a "
        "Woden-stone, which replaces an opponent’s stone. Score a point for every pair of "
        "your stones side by side and for every side of your stones on the edge."
    ),
    "wraparound": (
        "Wraparound: opposite edges join, so every square has four neighbours and there "
        "are no edge hinges. Take turns to place a stone in an empty square; no stone may "
        "ever have four hinges (sides touching a stone). Once per game each player may play "
        "a thunder-stone, which removes the stones beside it, and a Woden-stone, which "
        "replaces an opponent’s stone. Score a point for every pair of your stones side by "
        "side, across the edges too."
    ),
}
# (stone kind, name, rune, the rune's name) for legends and cut-out sheets.
LEGEND: tuple[tuple[StoneKind, str, str | None, str], ...] = (
    ("standard", "standard stone", None, ""),
    ("thunder", "thunder-stone", "\u16a6", "thorn"),
    ("woden", "Woden-stone", "\u16a9", "ós"),
)


class MaerstanasGame(Game):
    """Mǽrstánas: place stones, never four hinges, one thunder- and one Woden-stone each."""

    results = ("Dark", "Light", "Tie", "*")
    setting_values = {
        "SpecialStones": ("on", "off"),
        "Scoring": SCORINGS,
        "FirstPlayer": ("Dark", "Light"),
    }
    free_settings = ("InHand",)  # read with the Setup tag
    move_table = _MOVES
    figure_style = "placement"
    file_part = ""  # the default game's files keep the short names: board-a4.pdf
    variants = ("standard", "wraparound")

    def __init__(self) -> None:
        super().__init__("Maerstanas", "Mǽrstánas", "maerstanas", 7,
                         "Mǽrstánas is a game by John Beers. Its rules are licensed CC BY-SA "
                         "4.0 (creativecommons.org/licenses/by-sa/4.0).")

    # --- records and replay -------------------------------------------------------

    def read_move(self, kind: str, piece: str | None, square: str | None,
                  origin: str | None) -> Any:
        if kind == "pass":
            return _PASS
        if kind != "move":
            found = _MOVES.get((kind, square or ""))
            if found is None:
                raise OffBoard(square or "")
            return found
        return super().read_move(kind, piece, square, origin)

    def make_move(self, written: WrittenMove) -> Any:
        if written.kind == "move":
            return written  # stones are placed here, never moved: the replayer says so
        if written.kind == "pass":
            return _PASS
        return Move(written.kind, written.square)  # type: ignore[arg-type]

    def replay(self, record: GameRecord, *, strict: bool = False,
               keep_positions: bool = False) -> ReplayedGame:
        from maerstanas_print.games.maerstanas.replay import replay_maerstanas

        return replay_maerstanas(record, self, strict=strict, keep_positions=keep_positions)

    def start(self) -> Position:
        return Position.start()

    def owns(self, position: Any) -> bool:
        return isinstance(position, Position)

    def move_squares(self, move: Any) -> tuple[int | None, int | None]:
        return (None, move.square) if isinstance(move, Move) else (None, None)

    def scoring(self, rules: Rules) -> str | None:
        return rules.scoring

    def step_text(self, step: Step) -> str:
        return move_text(step.move, step.removed)

    def short_text(self, step: Step) -> str:
        return str(step.move)

    def settings_tags(self, game: ReplayedGame) -> list[tuple[str, str]]:
        rules = game.rules
        return [("SpecialStones", "on" if rules.special_stones else "off"),
                ("Scoring", rules.scoring),
                ("FirstPlayer", SIDE_NAMES[rules.first_player])]

    def termination_text(self, game: ReplayedGame) -> str:
        score = game.score
        if game.finished and score is not None:
            return f"\nDark: {score.dark}, Light: {score.light}"
        return "*"

    # --- printed forms --------------------------------------------------------------

    def document_reader(self, game: ReplayedGame) -> Any:
        from maerstanas_print.games.maerstanas.document import MaerstanasReader

        return MaerstanasReader(self)

    def stones(self, position: Position) -> dict[int, Stone]:
        return drawable_stones(position)

    def cover(self) -> tuple[dict[int, Stone], str, str]:
        """A board in play, with every kind of stone of both sides."""
        stones = {}
        for side, names in ((DARK, "B2 C2 C3 E5 F5 F6 D4 A7"), (LIGHT, "E2 F2 F3 B5 C5 B6 G1 D6")):
            for name in names.split():
                kind: StoneKind = "thunder" if name in ("D4", "D6") else \
                    "woden" if name in ("A7", "G1") else "standard"
                stones[SQUARE_INDEX[name]] = Stone(side, kind)
        return stones, "A board in play", "A board in play, with every kind of stone"

    def board_variant(self, position: Position) -> BoardVariant:
        return "wraparound" if position.rules.geometry.wrap else "standard"

    def sheet_rules(self, variant: str = "standard") -> tuple[str, ...]:
        return (SHEET_RULES[variant],)

    def stone_legend(self) -> tuple[tuple[StoneKind, str, str | None, str], ...]:
        return LEGEND

    has_score_sheet = True
    pencil_note = ("In pencil: an X for each Dark stone and an O for each Light one; circle "
                   "the letter of a thunder- or Woden-stone, and rub out what a thunder-stone "
                   "removes.")
    # The rules ask for about 40 stones split evenly; the engines never saw more than
    # 20 of one colour on the board at a game's end.
    stone_set: tuple[tuple[StoneKind, int, str], ...] = (
        ("thunder", 1, "thunder-stone"), ("woden", 1, "Woden-stone"), ("standard", 19, "stone"))

    def score_sheet(self, paper: str, first: int = 1) -> Any:
        from maerstanas_print.games.maerstanas.score_sheet import ScoreSheetOptions, score_sheet

        if first != 1:
            raise LookupError(f"a {self.title} game fits on one score sheet: it has no --from")
        return score_sheet(ScoreSheetOptions(paper=paper))

    def repair_search(self) -> Any:
        from maerstanas_print.games.maerstanas.repair import MaerstanasSearch

        return MaerstanasSearch

    def command_modules(self) -> tuple[str, ...]:
        """`analyse`, `annotate` and `puzzles`: the analysis engine's commands."""
        return tuple(f"maerstanas_print.games.maerstanas.commands.{name}"
                     for name in ("analyse", "annotate", "puzzles"))

    def app_importer(self) -> Any:
        from maerstanas_print.games.maerstanas import importer

        return importer

    def book_kit(self) -> Any:
        from maerstanas_print.games.maerstanas.book import MaerstanasBookKit

        return MaerstanasBookKit()

    def rulebook_source(self) -> str | None:
        return "maerstanas"

    def sample(self) -> str | None:
        return "sample-game.mrs"

    def printables(self) -> list[tuple[str, list[str]]]:
        sample = f"@sample:{self.sample()}"
        return [
            ("board-a4-1up.pdf", ["board", "--paper", "a4"]),
            ("board-letter-1up.pdf", ["board", "--paper", "letter"]),
            ("boards-a4-6up.pdf", ["board", "--per-page", "6"]),
            ("boards-letter-landscape-6up.pdf",
             ["board", "--per-page", "6", "--paper", "letter", "--landscape"]),
            ("boards-wraparound-a4-12up.pdf",
             ["board", "--per-page", "12", "--variant", "wraparound"]),
            ("board-a4-1up.html", ["board", "--format", "html"]),
            ("stones-maerstanas-a4.pdf", ["stones", "--game", "maerstanas"]),
            ("stones-maerstanas-letter.pdf", ["stones", "--game", "maerstanas", "--paper",
                                              "letter"]),
            ("scoresheet-a4.pdf", ["scoresheet", "--paper", "a4"]),
            ("scoresheet-letter.pdf", ["scoresheet", "--paper", "letter"]),
            ("scoresheet-a4.html", ["scoresheet", "--format", "html"]),
            ("sample-game.pdf", ["game", sample]),
            ("sample-game.html", ["game", sample, "--format", "html"]),
            # the sample with the engine's marks and values (`annotate --depth 4`)
            ("annotated-game.pdf", ["game", "@sample:annotated-game.mrs"]),
            ("annotated-game.html", ["game", "@sample:annotated-game.mrs", "--format", "html"]),
            ("rulebook-a4.pdf", ["rulebook", "--paper", "a4"]),
            ("rulebook-letter.pdf", ["rulebook", "--paper", "letter"]),
            ("rulebook-a4.html", ["rulebook", "--format", "html"]),
            ("quickref-a4.pdf", ["quickref", "--paper", "a4"]),
            ("quickref-letter.pdf", ["quickref", "--paper", "letter"]),
            ("kit-a4.pdf", ["kit", "--paper", "a4"]),
            ("kit-letter.pdf", ["kit", "--paper", "letter"]),
        ]
