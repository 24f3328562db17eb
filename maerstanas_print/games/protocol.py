"""What every game of this toolchain provides, and what a position answers.

The rest of the code (readers, verifier, writer, documents, sheets, books,
commands) talks to a game only through `Game` and `GamePosition`; a game's
own types (its moves, its positions, its settings) stay behind them. Adding a
game is writing a `Game` subclass and registering it (`games.register`);
docs/adding-a-game.md walks through a small one.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Literal

from maerstanas_print.games.base import (
    GamePosition,
    IllegalMove,
    OffBoard,
    PieceStyle,
    Problem,
    Score,
    WrittenMove,
)
from maerstanas_print.geometry import Board
from maerstanas_print.pieces import BoardVariant, SpecialKind, Stone, StoneKind
from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

__all__ = ["DARK", "LIGHT", "SIDE_NAMES", "Game", "GamePosition", "IllegalMove", "OffBoard",
           "Problem", "Score", "WrittenMove"]

if TYPE_CHECKING:
    from maerstanas_print.notation.record import GameRecord
    from maerstanas_print.play.replayed import ReplayedGame, Step




class Game(ABC):
    """One game: its identity, its board, its rules and its printed forms.

    Subclasses set the attributes in `__init__` and implement the methods;
    the defaults here suit any game.
    """

    tag: str  # the value of the Game tag
    title: str  # the name as printed
    slug: str  # how command lines and file names call the game
    board: Board
    credit: str  # one line naming the game's author and licence
    pieces: PieceStyle = "stones"  # rune stones, or the 1992 post's X/O/K men
    results: tuple[str, ...] = ("Dark", "Light", "Draw", "*")  # values of the Result tag
    # Settings tags with their canonical values (`[Scoring "simple"]`); settings the
    # game reads itself (checked there); both are errors in a record of another game.
    setting_values: dict[str, tuple[str, ...]] = {}
    free_settings: tuple[str, ...] = ()
    # How documents draw its diagrams: "placement" (numbered stones, removal crosses)
    # or "movement" (arrows, captures, windows on big boards).
    figure_style: Literal["placement", "movement"] = "placement"
    file_part: str = ""  # in file names: board{file_part}-a4.pdf
    move_example: str = "A1"  # how a move of the game is written, for hints
    # (kind, square as written) -> the game's move, for games whose moves are a
    # kind and a square: the readers look moves up here first (speed), then ask
    # `read_move`.
    move_table: dict[tuple[str, str], Any] | None = None
    variants: tuple[str, ...] = ("standard",)  # boards it is played on (Mǽrstánas: wraparound)

    def __init__(self, tag: str, title: str, slug: str, size: int, credit: str) -> None:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", tag):
            raise ValueError(f"a Game tag is letters and digits, not {tag!r}")
        if not re.fullmatch(r"[a-z][a-z0-9-]*", slug):
            raise ValueError(f"a game's slug is lower-case letters, digits and -, not {slug!r}")
        self.tag, self.title, self.slug, self.credit = tag, title, slug, credit
        self.board = Board(size)
        if "file_part" not in vars(type(self)):
            self.file_part = f"-{slug}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.tag}>"

    @property
    def size(self) -> int:
        return self.board.size

    def square_name(self, square: int) -> str:
        return self.board.name(square)

    # --- records and replay -----------------------------------------------------

    def read_move(self, kind: str, piece: str | None, square: str | None,
                  origin: str | None) -> Any:
        """The move a record's move token writes (squares as text); raises OffBoard
        for a square this board does not have. The readers call this per move."""
        to, start = (square or "").upper(), (origin or "").upper()
        text = {"pass": "Pass", "thunder": f"T {to}", "woden": f"W {to}",
                "move": f"{piece or ''}{start}-{to}"}.get(kind, to)
        return self.make_move(WrittenMove(kind, self._index(square), self._index(origin),
                                          piece, text))

    def _index(self, text: str | None) -> int | None:
        if text is None:
            return None
        square = self.board.parse(text)
        if square is None:
            raise OffBoard(text)
        return square

    @abstractmethod
    def make_move(self, written: WrittenMove) -> Any:
        """The game's move for a move as written (a game keeps moves of kinds it
        does not have as the `WrittenMove`, for its replayer to refuse)."""

    def replay(self, record: GameRecord, *, strict: bool = False,
               keep_positions: bool = False) -> ReplayedGame:
        """Replay a record under this game's rules; never raises on a bad record.

        The default plays each move if it is among `legal_moves()` (see
        `replayed.PositionReplayer`); a game with more to check brings its own.
        """
        from maerstanas_print.play.replayed import replay_positions

        return replay_positions(record, self, strict=strict, keep_positions=keep_positions)

    @abstractmethod
    def start(self) -> GamePosition:
        """The start position under the default rules."""

    def kept(self, position: Any) -> Any:
        """A copy of `position` to keep with a replayed step (for documents): it must
        cost memory in proportion to the board, not to the game so far."""
        return position.copy(stack=False)

    def option_choices(self) -> dict[str, tuple[str, ...]]:
        """The options an `[Options "name=value; ..."]` tag may set, with their values."""
        return {}

    def scoring(self, rules: Any) -> str | None:
        """The scoring rule a record's settings choose (None: the game is not scored)."""
        return None

    @abstractmethod
    def owns(self, position: Any) -> bool:
        """Is `position` a position of this game? (`svg.board` finds a position's game.)"""

    def move_squares(self, move: Any) -> tuple[int | None, int | None]:
        """(where a move starts, where it lands): (None, E4) for a placement, (A1, A4)
        for a movement, (None, None) for a pass."""
        return None, None

    def step_text(self, step: Step) -> str:
        """The canonical text of a replayed move: `str(move)`, and for a movement
        (a move with an origin) `x` and the squares it emptied; the notation gives
        other moves no removal list."""
        text = str(step.move)
        if step.removed and self.move_squares(step.move)[0] is not None:
            text += "x" + "/".join(self.square_name(sq) for sq in step.removed)
        return text

    def short_text(self, step: Step) -> str:
        """The move without its removal list, as captions and notes cite it."""
        return str(step.move)

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

    # --- printed forms (each loads its own part on first use) ----------------------

    def document_reader(self, game: ReplayedGame) -> Any:
        """The game document's board reader (see `gamedoc.readers.BoardReader`); the
        default numbers the stones moves land on and counts them."""
        from maerstanas_print.gamedoc.readers import PositionReader

        return PositionReader(self)

    @abstractmethod
    def stones(self, position: Any) -> dict[int, Stone]:
        """A position as drawable stones: square -> `draw.board.Stone`."""

    def sheet_rules(self, variant: str = "standard") -> tuple[str, ...]:
        """The rules summary printed at the foot of a board sheet."""
        return ()

    def board_variant(self, position: Any) -> BoardVariant:
        """How a board of this position is drawn: "standard" or "wraparound"."""
        return "standard"

    def start_stones(self, setup: str | None = None) -> dict[int, Stone]:
        """The start position (or a Setup string's) as drawable stones."""
        return {}

    def special_squares(self) -> dict[int, SpecialKind]:
        """Squares the board marks: kings' home corners, a throne (square -> kind)."""
        return {}

    escape_edge: bool = False  # the board marks its edge ring as the king's way out

    def licence_line(self) -> str:
        """The credit line a sheet of the game carries."""
        return f"{self.credit} Sheet made with maerstanas_print."

    def stone_legend(self) -> tuple[tuple[StoneKind, str, str | None, str], ...]:
        """Pieces for a legend and the cut-out sheet: (stone kind, name, rune or None,
        the rune's name); the default is one plain stone a side."""
        return (("standard", "stone", None, ""),)

    def cover(self) -> tuple[dict[int, Stone], str, str]:
        """The board a rulebook's title page shows: (stones, the picture's title, its
        description); the default is the start position."""
        text = f"The start position of {self.title}"
        return self.start_stones(), text, text

    def start_setup(self) -> str | None:
        """The start position as a position string, for games that begin set up."""
        return None

    # --- the game's own printables (see `commands.setup`, `stones`, `scoresheet`) -----

    has_score_sheet: bool = False
    # The stones one side plays with, for the sheet of stones to cut out: (stone kind
    # as drawn, how many, name in this game); empty: no such sheet. `stones_note` is a
    # sentence the sheet adds.
    stone_set: tuple[tuple[StoneKind, int, str], ...] = ()
    stones_note: str = ""
    # How the game is played in pencil on the small boards (a line under their legend);
    # empty: nothing to add (a movement game's pencil boards carry its start).
    pencil_note: str = ""

    def stone_set_of(self, side: int) -> tuple[tuple[StoneKind, int, str], ...]:
        """The pieces `side` plays with, for the cut-out sheet, as in `stone_set`; the
        default is `stone_set` for both sides. A game whose sides differ overrides it."""
        return self.stone_set

    @property
    def has_cut_outs(self) -> bool:
        """Whether the game has a sheet of pieces to cut out."""
        return any(self.stone_set_of(side) for side in (DARK, LIGHT))

    def setup_sheet(self, paper: str, theme: str) -> Any:
        """The setup page (a `sheets.common.Sheet`) of a game that begins set up."""
        raise LookupError(f"{self.title} starts on an empty board: there is no setup to draw")

    # True: a long game goes on to more score sheets, each printed with the number of
    # its first move (`score_sheet(..., first=)`, `scoresheet --from`).
    score_sheet_continues: bool = False

    def score_sheet(self, paper: str, first: int = 1) -> Any:
        """A score sheet for recording a game by hand, its moves numbered from `first`."""
        raise LookupError(f"{self.title} has no score sheet")

    def repair_search(self) -> Any:
        """The `repair.Search` subclass that looks for this game's verified fixes, or
        None: `check` then reports without suggesting fixes."""
        return None

    def command_modules(self) -> tuple[str, ...]:
        """Modules of commands only this game has (each with `register(subparsers)`),
        which the command line adds to its own."""
        return ()

    def app_importer(self) -> Any:
        """The module that reads move lists copied from the game's own apps (with
        `record_from_log` and `LogError`), or None when the game has none."""
        return None

    def book_kit(self) -> Any:
        """What the game gives its rulebooks: claims, positions, figures, tables (see
        `rulebook.kit.BookKit`); None for a game without one."""
        return None

    def rulebook_source(self) -> str | None:
        """The name of this game's rulebook source in `maerstanas_print/games/books/`
        (`NAME.md`), or None when it has no book."""
        return None

    def quickref_source(self) -> str | None:
        """The name of this game's one-page quick reference source in
        `maerstanas_print/games/books/`: by default `BOOK-quickref` beside the
        rulebook source `BOOK`, when that file is there; None otherwise."""
        from importlib.resources import files

        book = self.rulebook_source()
        if book is None:
            return None
        name = f"{book}-quickref"
        return name if (files("maerstanas_print") / "games" / "books" / f"{name}.md").is_file() \
            else None

    def printables(self) -> list[tuple[str, list[str]]]:
        """(file name, command words) for what `build` makes of this game."""
        return []

    def sample(self) -> str | None:
        """The file name of a sample record shipped in `maerstanas_print/samples/`."""
        return None
