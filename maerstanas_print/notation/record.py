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
from typing import Any

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.notation.embedded import Comment as Comment  # defined beside Command
from maerstanas_print.notation.tags import TagDate

# Tags in the order the canonical form writes them; others follow as found.
KNOWN_TAGS = ("Game", "Event", "Site", "Date", "Round", "Dark", "Light", "Result",
              "Termination", "Annotator", "SpecialStones", "Scoring", "FirstPlayer", "Options",
              "Setup", "InHand")
# The roster every canonical record carries, `?` when unknown (as PGN's export form).
ROSTER_TAGS = ("Event", "Site", "Date", "Round", "Dark", "Light", "Result")
RESULT_TOKENS = {"1-0": "Dark", "0-1": "Light", "1/2-1/2": "Draw"}

# Suffix glyphs and the NAGs they stand for (the PGN numbering).
GLYPH_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
NAG_GLYPHS = {nag: glyph for glyph, nag in GLYPH_NAGS.items()}


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

    def mainline_nodes(self) -> list[PlyNode]:
        """The moves of the main line, as written."""
        return list(self.mainline.nodes)

    def walk(self) -> Iterator[tuple[PlyNode, int]]:
        """Every move of the record, main line and variations, in reading order, with
        its depth (0 main line, 1 a variation, 2 a variation inside one...)."""
        yield from walk_line(self.mainline, 0)


def walk_line(line: Line, depth: int) -> Iterator[tuple[PlyNode, int]]:
    """Every move of `line` and of its variations, in reading order (see `GameRecord.walk`)."""
    stack: list[tuple[Iterator[PlyNode], int]] = [(iter(line.nodes), depth)]
    while stack:
        nodes, level = stack[-1]
        node = next(nodes, None)
        if node is None:
            stack.pop()
            continue
        yield node, level
        for variation in reversed(node.variations):
            stack.append((iter(variation.nodes), level + 1))
