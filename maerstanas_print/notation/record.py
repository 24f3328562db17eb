"""The record model: what a game record says, with where it says it.

Plain data classes, like python-chess's `pgn.GameNode` but flatter: a game
has tags, a main `Line` of `PlyNode`s, and a termination. Each node may carry
variations (alternatives to that node's move), comments and NAGs. Every
object keeps `start`/`end` character offsets into the source text, so the
verifier can point at the exact token.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from maerstanas_print.diagnostics import Diagnostic, Source
from maerstanas_print.games.base import IllegalMove, Problem, WrittenMove
from maerstanas_print.notation.embedded import Comment as Comment  # defined beside Command
from maerstanas_print.notation.tags import TagDate

# Tags in the order the canonical form writes them; others follow as found.
KNOWN_TAGS = (
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "Dark",
    "Light",
    "Result",
    "Termination",
    "Annotator",
    "SpecialStones",
    "Scoring",
    "FirstPlayer",
    "Options",
    "Setup",
    "InHand",
)
# The roster every canonical record carries, `?` when unknown (as PGN's export form).
ROSTER_TAGS = ("Event", "Site", "Date", "Round", "Dark", "Light", "Result")
RESULT_TOKENS = {"1-0": "Dark", "0-1": "Light", "1/2-1/2": "Draw"}

# Suffix glyphs and the NAGs they stand for (the PGN numbering).
GLYPH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
NAG_GLYPHS = {nag: glyph for glyph, nag in GLYPH_NAGS.items()}

T = TypeVar("T")  # what a visitor's walk gives back


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    start: int = 0
    end: int = 0


@dataclass(slots=True)
class MoveNumber:
    number: int
    second: bool  # `14...`: the number before the second player's move
    start: int = 0
    end: int = 0


@dataclass(slots=True)
class PlyNode:
    """One move as written, with what is attached to it.

    `move` is the game's own move (its `Game.read_move` made it from the text;
    a move of a kind the game does not have stays a `WrittenMove`); `removals`
    is the `x` list as written (None: not written), with `removal_pieces` the
    piece letters written in front of its squares.
    """

    move: Any
    removals: tuple[int, ...] | None
    start: int = 0
    end: int = 0
    number: MoveNumber | None = None
    lowercase: bool = False  # squares, marker or `pass` written in lower case
    written: str | None = None  # the move as written, kept only when it is in lower case
    removal_pieces: tuple[str, ...] | None = None  # "" where no letter was written
    ends: bool = False  # `!` (or `++`) after a movement: the move ends the game
    threat: bool = False  # `+` after a movement
    nags: list[int] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    variations: list[Line] = field(default_factory=list)


@dataclass(slots=True)
class Line:
    """A sequence of moves: the main line, or a variation.

    `comments` are those written before the line's first move (for the main
    line, the comment on the whole game).
    """

    nodes: list[PlyNode] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    start: int = 0
    end: int = 0


@dataclass(slots=True)
class Termination:
    """`Dark: 42, Light: 39` (a score), `1-0`/`0-1`/`1/2-1/2` (a result) or `*`."""

    dark: int | None = None
    light: int | None = None
    start: int = 0
    end: int = 0
    result: str | None = None  # "Dark", "Light" or "Draw" for a result token

    @property
    def unfinished(self) -> bool:
        return self.dark is None and self.result is None


class ReadAs(Protocol):
    """What a record asks of the game it is read as (a `games.protocol.Game`, which
    the record does not import: the games sit above the records)."""

    title: str
    tag: str  # what a Game tag names it by (or its slug), in any case
    slug: str

    def replay(self, record: GameRecord) -> Any: ...

    def read_move(
        self, kind: str, piece: str | None, square: str | None, origin: str | None
    ) -> Any: ...


@dataclass(slots=True)
class GameRecord:
    """One game of a record file, as written (not yet replayed)."""

    index: int  # 1-based position in its file
    tags: list[Tag] = field(default_factory=list)
    mainline: Line = field(default_factory=Line)
    termination: Termination | None = None
    start: int = 0
    end: int = 0
    comments_after: list[Comment] = field(default_factory=list)  # after the termination
    diagnostics: list[Diagnostic] = field(default_factory=list)  # from reading the text
    # Set by the readers: the game the record is read as (its Game tag, or the
    # default game), and the text its offsets count in.
    definition: ReadAs | None = field(default=None, compare=False, repr=False)
    source: Source | None = field(default=None, compare=False, repr=False)

    def tag(self, name: str) -> str | None:
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return None

    def find_tag(self, name: str) -> Tag | None:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    @property
    def date(self) -> TagDate | None:
        """The Date tag as a date (parts may be unknown); None when absent or unreadable."""
        value = self.tag("Date")
        return TagDate.parse(value) if value is not None else None

    def walk(self) -> Iterator[tuple[PlyNode, int]]:
        """Every move of the record, main line and variations, in reading order, with
        its depth (0 main line, 1 a variation, 2 a variation inside one...)."""
        yield from self.accept(_MovesWithDepth())

    def accept(self, visitor: RecordVisitor[T]) -> T:
        """Walk the record in reading order, calling `visitor` (see `RecordVisitor`);
        its `result()`."""
        visitor.begin_game(self)
        for tag in self.tags:
            visitor.visit_tag(tag)
        _accept_line(self.mainline, visitor)
        if self.termination is not None:
            visitor.visit_termination(self.termination)
        for comment in self.comments_after:
            visitor.visit_comment(comment)
        visitor.end_game(self)
        return visitor.result()

    # --- positions (the library's python-chess-like side) --------------------------

    def board(self) -> Any:
        """The start position under this record's own rules and setup tags
        (`[SpecialStones "off"]`, `[Scoring]`, `[FirstPlayer]`, `[Setup]`, `[Options]`),
        read as the verifier reads them: a tag it cannot read leaves the default
        (`replay` reports it). A new position each call. ValueError for a Game tag
        that names no registered game (the record would be read as the default)."""
        game = self._game()
        tags_only = GameRecord(self.index, list(self.tags), definition=game)
        named = self.tag("Game")
        if named is not None and named.strip().lower() not in (game.tag.lower(), game.slug.lower()):
            raise ValueError(
                f'Game "{named}" is not a game we know (the record is read '
                f"as {game.title}; replay reports it)"
            )
        return game.replay(tags_only).final

    def root(self) -> GameNode:
        """The game as a tree of `GameNode`s: the root is the start, before any move."""
        return GameNode(self, self.mainline, -1, None)

    def locate(self, offset: int) -> tuple[int, int]:
        """The (line, column) in its file of a character offset of this record (a
        diagnostic's `start`), counted from 1."""
        if self.source is None:
            raise ValueError("this record was not read from a text, so it has no lines")
        line, column = self.source.locate(offset)
        return line + self.source.first_line - 1, column

    def _game(self) -> ReadAs:
        if self.definition is None:
            raise ValueError(
                "this record was not made by a reader (read_game, read_games, "
                "parse), so it does not know its game"
            )
        return self.definition


class GameNode:
    """One place in a record's tree of moves, as python-chess's `GameNode` offers it.

    The root stands before the first move; every other node is a move of the
    main line or of a variation, with the moves that may follow it (`children`,
    the main continuation first). `board()` is the position after the node's
    move, played from `GameRecord.board()`. The record itself is not changed:
    a node is a view, made when asked for.
    """

    __slots__ = ("record", "line", "index", "parent")

    def __init__(self, record: GameRecord, line: Line, index: int, parent: GameNode | None) -> None:
        self.record = record
        self.line = line  # the line the node's move is in
        self.index = index  # its place in that line; -1 for the root
        self.parent = parent  # None for the root

    @property
    def node(self) -> PlyNode | None:
        """The move as written (with its comments and NAGs); None at the root."""
        return self.line.nodes[self.index] if self.index >= 0 else None

    @property
    def move(self) -> Any:
        """The game's move; None at the root."""
        node = self.node
        return node.move if node is not None else None

    def children(self) -> list[GameNode]:
        """The moves that may follow: the main continuation, then its alternatives."""
        following = self.index + 1
        if following >= len(self.line.nodes):
            return []
        nxt = self.line.nodes[following]
        return [
            GameNode(self.record, self.line, following, self),
            *(GameNode(self.record, line, 0, self) for line in nxt.variations if line.nodes),
        ]

    def next(self) -> GameNode | None:
        """The main continuation, or None at the end of the line."""
        if self.index + 1 >= len(self.line.nodes):
            return None
        return GameNode(self.record, self.line, self.index + 1, self)

    def mainline(self) -> Iterator[GameNode]:
        """The nodes that follow this one along its line."""
        node = self.next()
        while node is not None:
            yield node
            node = node.next()

    def end(self) -> GameNode:
        """The last node of this line (this node when nothing follows it)."""
        node = self
        for node in self.mainline():  # noqa: B007 - the last one is wanted
            pass
        return node

    def moves(self) -> list[Any]:
        """The moves from the start to this node, in order."""
        out = []
        node: GameNode | None = self
        while node is not None and node.index >= 0:
            out.append(node.move)
            node = node.parent
        return out[::-1]

    def board(self) -> Any:
        """The position after this node's move: the record's start position
        (`GameRecord.board()`) with every move up to here pushed, each checked
        against `legal_moves()`, so `move_stack` lists them; a forced pass the
        record leaves out is played for it. IllegalMove when the record plays an
        illegal move on the way (`replay` reports it and reads on)."""
        record = self.record
        game = record._game()
        position = record.board()
        for move in self.moves():
            _play(position, move, game)
        return position

    def __repr__(self) -> str:
        where = "start" if self.index < 0 else f"{self.move} (ply {len(self.moves())})"
        return f"<GameNode {where} of game {self.record.index}>"


def _play(position: Any, move: Any, game: ReadAs) -> None:
    """Push one recorded move as the verifier plays it, or raise IllegalMove."""
    passing = getattr(move, "kind", None) == "pass"
    must_pass = getattr(position, "must_pass", None)  # a game with passes has it
    forced = bool(must_pass is not None and must_pass())
    if forced and not passing:  # a forced pass the record leaves out (M403)
        position.push(game.read_move("pass", None, None, None))
        forced = False
    if not (passing and forced) and move not in position.legal_moves():
        problem: Problem | None
        if isinstance(move, WrittenMove) and not passing:
            problem = Problem("wrong-kind", f"`{move}` is not a move of {game.title}")
        else:
            explain = getattr(position, "move_problem", None)  # the engine's reason
            problem = explain(move) if explain is not None and not passing else None
            problem = problem or Problem("illegal", f"{move} is not legal here")
        raise IllegalMove(move, problem)
    position.push(move)


# --- walking a record: the visitor -------------------------------------------


class RecordVisitor(Generic[T]):
    """What to do at each part of a record, called by `GameRecord.accept` in
    reading order: the tags, the comment on the whole game, then each move
    followed by its comments and its variations (each between `begin_variation`
    and `end_variation`, its own comments first), the termination and the
    comments after it. Every method does nothing unless overridden; `result()`
    is what `accept` returns. In the spirit of python-chess's `BaseVisitor`."""

    def begin_game(self, record: GameRecord) -> None:
        pass

    def visit_tag(self, tag: Tag) -> None:
        pass

    def visit_comment(self, comment: Comment) -> None:
        pass

    def visit_move(self, node: PlyNode) -> None:
        """A move; its NAGs are `node.nags`."""

    def begin_variation(self, line: Line) -> None:
        pass

    def end_variation(self, line: Line) -> None:
        pass

    def visit_termination(self, termination: Termination) -> None:
        pass

    def end_game(self, record: GameRecord) -> None:
        pass

    def result(self) -> T:
        raise NotImplementedError


def _accept_line(line: Line, visitor: RecordVisitor[T]) -> None:
    """The one walk of a line: its comments, then each move with its comments and
    variations (recursion only into variations, which nest at most
    `build.MAX_VARIATION_DEPTH` deep)."""
    for comment in line.comments:
        visitor.visit_comment(comment)
    for node in line.nodes:
        visitor.visit_move(node)
        for comment in node.comments:
            visitor.visit_comment(comment)
        for variation in node.variations:
            visitor.begin_variation(variation)
            _accept_line(variation, visitor)
            visitor.end_variation(variation)


class _MovesWithDepth(RecordVisitor[list[tuple[PlyNode, int]]]):
    """Every move with how deep in variations it lies (`GameRecord.walk`)."""

    def __init__(self) -> None:
        self.depth = 0
        self.moves: list[tuple[PlyNode, int]] = []

    def visit_move(self, node: PlyNode) -> None:
        self.moves.append((node, self.depth))

    def begin_variation(self, line: Line) -> None:
        self.depth += 1

    def end_variation(self, line: Line) -> None:
        self.depth -= 1

    def result(self) -> list[tuple[PlyNode, int]]:
        return self.moves


class _HeldItems(RecordVisitor[int]):
    """Counts what a record holds once read: moves, NAGs, comments, variations."""

    def __init__(self) -> None:
        self.count = 0

    def visit_comment(self, comment: Comment) -> None:
        self.count += 1

    def visit_move(self, node: PlyNode) -> None:
        self.count += 1 + len(node.nags)

    def begin_variation(self, line: Line) -> None:
        self.count += 1

    def result(self) -> int:
        return self.count


def held_items(record: GameRecord) -> int:
    """The moves, NAGs, comments and variations of `record` (empty ones too): what
    its replay and every document of it hold one of each, at about the cost of a
    move (the bounds of records read whole and of documents count these)."""
    return record.accept(_HeldItems())
