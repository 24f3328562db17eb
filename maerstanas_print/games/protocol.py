"""What every game of this toolchain provides, and what replaying one gives.

A game's core is its rules, its notation and its replay: `Game` below. The
readers, the verifier and the writer talk to a game only through it; a game's
own types (its moves, its positions, its settings) stay behind `GameMove` and
`GamePosition`. What the other layers need from a game (documents, sheets,
books, fix searches, the apps' importer, commands) each layer asks of its own
`capability.Capability`, with a default that suits a game with only a core.
Replaying a record gives a `ReplayedGame` (defined here beside `Game`, as each
names the other). docs/adding-a-game.md walks through a small game.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from maerstanas_print.games.base import (
    GamePosition,
    IllegalMove,
    OffBoard,
    Problem,
    Score,
    Settings,
    WrittenMove,
    written_move,
)
from maerstanas_print.geometry import Board
from maerstanas_print.pieces import BoardLook, BoardVariant, Stone
from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

if TYPE_CHECKING:
    from maerstanas_print.diagnostics import Diagnostic
    from maerstanas_print.notation.record import Comment, GameRecord, Line, PlyNode

__all__ = [
    "DARK",
    "LIGHT",
    "SIDE_NAMES",
    "Game",
    "GameMove",
    "GamePosition",
    "IllegalMove",
    "OffBoard",
    "Problem",
    "ReplayedGame",
    "ReplayVisitor",
    "ReplayedLine",
    "Score",
    "Settings",
    "Step",
    "WrittenMove",
    "result_of",
    "written_move",
]


class GameMove(Protocol):
    """A game's move: its own type; `str(move)` is how the record writes it."""

    def __str__(self) -> str: ...


class Game(ABC):
    """One game's core: its identity, its board, its rules, its notation and its replay.

    Subclasses set the attributes in `__init__` and implement the abstract
    methods; the defaults here suit any game.
    """

    tag: str  # the value of the Game tag
    title: str  # the name as printed
    slug: str  # how command lines and file names call the game
    board: Board  # its squares and their names (`board.size` squares a side)
    credit: str  # one line naming the game's author and licence
    settings: Settings = Settings()  # what the tags of its records may set
    move_example: str = "A1"  # how a move of the game is written, for hints
    # How its boards look: pieces, marked squares, an escape edge, board variants.
    look: BoardLook = BoardLook()

    def __init__(self, tag: str, title: str, slug: str, size: int, credit: str) -> None:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", tag):
            raise ValueError(f"a Game tag is letters and digits, not {tag!r}")
        if not re.fullmatch(r"[a-z][a-z0-9-]*", slug):
            raise ValueError(f"a game's slug is lower-case letters, digits and -, not {slug!r}")
        self.tag, self.title, self.slug, self.credit = tag, title, slug, credit
        self.board = Board(size)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.tag}>"

    # --- records and replay -----------------------------------------------------

    @abstractmethod
    def read_move(
        self, kind: str, piece: str | None, square: str | None, origin: str | None
    ) -> GameMove:
        """The move a record's move token writes (squares as text); raises OffBoard
        for a square this board does not have. `written_move(self.board, ...)`
        reads the squares; a game keeps a move of a kind it does not have as that
        `WrittenMove`, for its replayer to refuse. Moves are values: the readers
        hand the move read once for a placement's text (`T E4`) to every later
        one written the same way."""

    @abstractmethod
    def replay(
        self, record: GameRecord, *, strict: bool = False, keep_positions: bool = False
    ) -> ReplayedGame:
        """Replay a record under this game's rules; never raises on a bad record.

        A game whose positions know every legal move can hand the work to
        `play.replayed.replay_positions`; a game with more to check brings its own.
        """

    @abstractmethod
    def start(self) -> GamePosition:
        """The start position under the default rules."""

    def scoring(self, rules: object) -> str | None:
        """The scoring rule a record's settings choose (None: the game is not scored)."""
        return None

    @abstractmethod
    def owns(self, position: object) -> bool:
        """Is `position` a position of this game? (`svg.board` finds a position's game.)"""

    def move_squares(self, move: GameMove) -> tuple[int | None, int | None]:
        """(where a move starts, where it lands): (None, E4) for a placement, (A1, A4)
        for a movement, (None, None) for a pass."""
        return None, None

    def step_text(self, step: Step) -> str:
        """The canonical text of a replayed move: `str(move)`, and for a movement
        (a move with an origin) `x` and the squares it emptied; the notation gives
        other moves no removal list."""
        text = str(step.move)
        if step.removed and self.move_squares(step.move)[0] is not None:
            text += "x" + "/".join(self.board.name(sq) for sq in step.removed)
        return text

    def settings_tags(self, game: ReplayedGame) -> list[tuple[str, str]]:
        """The tags the canonical form writes to spell out the rules in force."""
        return [("Game", self.tag)]

    def termination_text(self, game: ReplayedGame) -> str:
        """The canonical termination: a score line, a result token or `*`."""
        score = game.score
        if game.finished and score is not None:
            return f"\nDark: {score.dark}, Light: {score.light}"
        result = game.result
        if result is None:
            term = game.record.termination
            result = term.result if term is not None and term.result else "*"
        return {"Dark": "1-0", "Light": "0-1", "Draw": "1/2-1/2"}.get(result, "*")

    # --- drawing its positions -------------------------------------------------------

    @abstractmethod
    def stones(self, position: GamePosition) -> dict[int, Stone]:
        """A position as drawable stones: square -> `pieces.Stone`."""

    def start_stones(self, setup: str | None = None) -> dict[int, Stone]:
        """The start position (or a Setup string's) as drawable stones: a game that
        begins set up has stones here, one that begins on an empty board none."""
        return self.stones(self.start()) if setup is None else {}

    def board_variant(self, position: GamePosition) -> BoardVariant:
        """How a board of this position is drawn: "standard" or "wraparound"."""
        return "standard"


# --- what replaying a record gives -------------------------------------------------------


@dataclass(slots=True)
class Step:
    """One ply as replayed. `node` is None for a forced Pass the record left out."""

    node: PlyNode | None
    side: int
    move: Any  # the game's own move (a `WrittenMove` for a kind it does not have)
    ply: int  # 0-based ply of the game (passes count)
    removed: tuple[int, ...] = ()
    applied: bool = True
    after: Any = None  # the position after the move, kept when replaying with positions
    variations: list[ReplayedLine] = field(default_factory=list)
    notation: str | None = None  # the canonical text, where the move alone cannot say it

    @property
    def number(self) -> int:
        return self.ply // 2 + 1

    @property
    def second(self) -> bool:
        return self.ply % 2 == 1


@dataclass(slots=True)
class ReplayedLine:
    line: Line
    start: Any  # the position before the first move (kept with positions), or None
    steps: list[Step] = field(default_factory=list)

    def positions(self) -> list[Any]:
        """The position before the first move, then the one after each move (the
        line must be replayed with `keep_positions=True`)."""
        if self.start is None:
            raise ValueError("the line was replayed without keep_positions=True")
        return [self.start, *(step.after for step in self.steps)]

    def accept(self, visitor: ReplayVisitor) -> None:
        """Walk the line as replayed, in reading order (see `ReplayVisitor`)."""
        for comment in self.line.comments:
            visitor.visit_comment(comment)
        for step in self.steps:
            visitor.visit_step(step)
            if step.node is not None:
                for comment in step.node.comments:
                    visitor.visit_comment(comment)
            for variation in step.variations:  # they nest a bounded depth (build.py)
                visitor.begin_variation(variation)
                variation.accept(visitor)
                visitor.end_variation(variation)


class ReplayVisitor:
    """What to do at each part of a replayed line, called by `ReplayedLine.accept`
    in reading order: the line's own comments, then each step followed by its
    move's comments and its variations (each between `begin_variation` and
    `end_variation`). As `notation.record.RecordVisitor` walks the record, this
    walks the replay, where each move carries its number and side (a forced Pass
    the record left out is a step too). Every method does nothing unless
    overridden."""

    def visit_step(self, step: Step) -> None:
        """A move as replayed; its NAGs are `step.node.nags`."""

    def visit_comment(self, comment: Comment) -> None:
        pass

    def begin_variation(self, line: ReplayedLine) -> None:
        pass

    def end_variation(self, line: ReplayedLine) -> None:
        pass


@dataclass(slots=True)
class ReplayedGame:
    """A record replayed under its game's rules: every step, the final position, and
    every problem found (see `valid`)."""

    record: GameRecord
    game: Game
    rules: Any  # the game's settings for this record (the tags read)
    main: ReplayedLine
    final: Any  # the game's position after the main line
    diagnostics: list[Diagnostic]

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def plies(self) -> int:
        """Plies of the main line, passes included."""
        return len(self.main.steps)

    @property
    def finished(self) -> bool:
        return bool(self.final.is_game_over())

    @property
    def result(self) -> str | None:
        """The winner ("Dark", "Light") or "Tie"/"Draw" once the game is over, else None."""
        outcome: str | None = self.final.outcome()
        return outcome

    @property
    def score(self) -> Score | None:
        """The final position's points in a scored game; None in a game won otherwise."""
        score: Score | None = self.final.score()
        return score

    @property
    def ending(self) -> str | None:
        """How the game ended (its game's word for it), None while it goes on."""
        ending: str | None = self.final.ending
        return ending

    @property
    def scoring(self) -> str | None:
        """The scoring rule in force, in a scored game."""
        return self.game.scoring(self.rules)

    def mainline_moves(self) -> list[Any]:
        """The moves of the main line, passes included, as the game's moves."""
        return [step.move for step in self.main.steps]


def result_of(score: tuple[int, int]) -> str:
    dark, light = score
    return "Dark" if dark > light else "Light" if light > dark else "Tie"
