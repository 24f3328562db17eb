"""The record model: what a game record says, with where it says it.

Plain data classes, like python-chess's `pgn.GameNode` but flatter: a game
has tags, a main `Line` of `PlyNode`s, and a termination. Each node may carry
variations (alternatives to that node's move), comments and NAGs. Every
object keeps `start`/`end` character offsets into the source text, so the
verifier can point at the exact token.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.engine import DARK, LIGHT, SCORINGS, Move, Rules
from maerstanas_print.games.tafl import TaflMove

# Tags in the order the canonical form writes them; others follow as found.
KNOWN_TAGS = ("Game", "Event", "Site", "Date", "Round", "Dark", "Light", "Result",
              "Termination", "Annotator", "SpecialStones", "Scoring", "FirstPlayer", "Options",
              "Setup", "InHand")
# The roster every canonical record carries, `?` when unknown (as PGN's export form).
ROSTER_TAGS = ("Event", "Site", "Date", "Round", "Dark", "Light", "Result")
RULE_TAGS = ("SpecialStones", "Scoring", "FirstPlayer")
RESULTS = ("Dark", "Light", "Tie", "*")
TAFL_RESULTS = ("Dark", "Light", "Draw", "*")
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
class Comment:
    """A `{brace}` or `; line` comment, whitespace folded.

    `diagram` holds the caption of a `[%diagram "caption"]` command ("" when the
    command has no caption); the command itself is not part of `text`.
    """

    text: str
    start: int = 0
    end: int = 0
    diagram: str | None = None


@dataclass(slots=True)
class MoveNumber:
    number: int
    second: bool  # `14...`: the number before the second player's move
    start: int = 0
    end: int = 0


@dataclass(slots=True)
class PlyNode:
    """One move as written, with what is attached to it.

    `move` is an engine `Move` in Mǽrstánas and a `TaflMove` in the movement
    games; `removals` is the `x` list as written (None: not written), with
    `removal_pieces` the piece letters written in front of its squares.
    """

    move: Move | TaflMove
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

    def rules(self) -> Rules:
        """The rule settings from the tags (defaults where absent or unreadable)."""
        special = (self.tag("SpecialStones") or "on").lower() != "off"
        scoring = (self.tag("Scoring") or "default").lower()
        first = (self.tag("FirstPlayer") or "Dark").lower()
        return Rules(special_stones=special,
                     scoring=scoring if scoring in SCORINGS else "default",  # type: ignore[arg-type]
                     first_player=LIGHT if first == "light" else DARK)
