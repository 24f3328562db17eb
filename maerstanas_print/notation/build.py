"""From a flat run of notation items to `GameRecord`s.

Both readers (the Lark grammar and the fast scanner) produce the same items,
`(kind, start, end, payload)`, and this one builder turns them into games, so
the two readers cannot drift apart in what a record means:

- a tag after movetext, or anything after a termination, starts a new game;
- glyphs, NAGs, comments and variations attach to the move before them;
- comment text has its whitespace folded and embedded commands (`[%diagram "..."]`,
  `[%eval +3]`) lifted out (`maerstanas_print.notation.embedded`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal
from weakref import WeakKeyDictionary

from maerstanas_print.diagnostics import Diagnostic, visible
from maerstanas_print.games.base import OffBoard
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import default_game, game_named
from maerstanas_print.geometry import FILES
from maerstanas_print.io import limits
from maerstanas_print.notation.embedded import split, unreadable_evals
from maerstanas_print.notation.record import (
    GLYPH_NAGS,
    RESULT_TOKENS,
    Comment,
    GameRecord,
    Line,
    MoveNumber,
    PlyNode,
    Tag,
    Termination,
)

# (kind, start, end, payload); the payload by kind: "move" a MovePayload, "tag"
# (name, raw value), "number" a MoveNumber, "score" (dark, light), "comment",
# "lcomment", "glyph", "nag" and "result" the text as written, "open", "close"
# and "unfinished" None.
Item = tuple[str, int, int, Any]

# Deeper variations are refused: no real annotation needs them, and the
# verifier and writer walk variations recursively.
MAX_VARIATION_DEPTH = 50

# Where a game's items have got to: its tags, its movetext, past its termination.
_IN_TAGS, _IN_MOVES, _ENDED = 0, 1, 2

_TAG_ESCAPE = re.compile(r"\\(.)")


def unescape_tag_value(raw: str) -> str:
    """`"a \\"b\\""` -> `a "b"` (the quotes of the token removed)."""
    inner = raw[1:-1]
    return _TAG_ESCAPE.sub(r"\1", inner) if "\\" in inner else inner  # most have no escape


Bound = Literal["moves", "asides", "deep", "numbers", "problems", "removals", "words"]


class TooManyMoves(Exception):
    """A game past one of the reader's bounds, from `offset` on. `what` names the
    bound: "moves" (`limits.MAX_GAME_MOVES`, variations included), "asides"
    (`limits.MAX_GAME_ASIDES` variations, comments, NAGs, tags and [%commands]),
    "deep" (`limits.MAX_OPEN_VARIATIONS` open at once), "numbers" (more move numbers
    than moves may be), "problems" (`limits.MAX_GAME_PROBLEMS`), "removals" (a list
    longer than `limits.MAX_REMOVAL_SQUARES`) or "words" (more words than the grammar
    is given to read for one game). The parser says it (`parser._limit_message`)."""

    def __init__(self, offset: int, what: Bound = "moves") -> None:
        super().__init__(offset)
        self.offset = offset
        self.what = what


def make_comment(raw: str, start: int, end: int, line_comment: bool) -> Comment:
    text, diagram, commands = split(raw[1:] if line_comment else raw[1:-1])
    return Comment(text, start, end, diagram, commands)


def _note(game: GameRecord, diagnostic: Diagnostic) -> None:
    """Keep a problem found reading `game`, up to `limits.MAX_GAME_PROBLEMS`: each
    is held and reported with its excerpt."""
    game.diagnostics.append(diagnostic)
    if len(game.diagnostics) > limits.MAX_GAME_PROBLEMS:
        raise TooManyMoves(game.start, "problems")


def _shown(value: str) -> str:
    """A value as a message quotes it: control characters escaped, cut at 40."""
    return visible(value if len(value) <= 40 else value[:39] + "…")


MovePayload = tuple[str, str | None, str | None, tuple[str, ...] | None, str | None]


# Moves are values (`Game.read_move`): per game, the move read for a placement's
# (kind, square as written) serves every later one, so a record of thousands of
# games reads each placement once and looks it up after that.
_READ: WeakKeyDictionary[Game, dict[tuple[str, str], Any]] = WeakKeyDictionary()


def moves_read(game: Game) -> dict[tuple[str, str], Any]:
    """The placements `game` has read so far, by (kind, square as written)."""
    known = _READ.get(game)
    if known is None:
        known = _READ[game] = {}
    return known


def make_move(
    payload: MovePayload, start: int, end: int, game: Game, known: dict[tuple[str, str], Any]
) -> PlyNode:
    """A move item's payload is (kind, marker, square, removal squares, origin); the
    game makes its move of it (`known`: its placements read before, from
    `moves_read`). Raises OffBoard for a square its board does not have."""
    kind, marker, square_text, removal_texts, origin_text = payload
    if kind == "pass":
        move = game.read_move("pass", None, None, None)
        if marker == "Pass":
            return PlyNode(move, None, start, end)
        return PlyNode(move, None, start, end, lowercase=True, written=marker)
    assert square_text is not None
    lower = square_text[0] > "Z" or (marker is not None and marker > "Z")
    if removal_texts is None and kind != "move":  # the common case, kept short
        key = (kind, square_text)
        found = known.get(key)
        if found is None:
            found = known[key] = game.read_move(kind, marker, square_text, None)
        node = PlyNode(found, None, start, end, lowercase=lower)
        if lower:
            node.written = f"{marker} {square_text}" if marker else square_text
        return node
    removals = pieces = None
    if removal_texts is not None:
        if len(removal_texts) > limits.MAX_REMOVAL_SQUARES:  # read by the grammar
            raise TooManyMoves(start, "removals")
        # `KA5`: the king taken on A5; `K10`: whatever stood on K10 (19x19)
        squares = [r[1:] if r[1] > "9" else r for r in removal_texts]
        removals = tuple(_index(r, game) for r in squares)
        lower = lower or any(r[0] > "Z" for r in squares)
        if kind == "move":
            pieces = tuple(
                r[: len(r) - len(q)] for r, q in zip(removal_texts, squares, strict=True)
            )
    if kind == "move":
        assert origin_text is not None
        lower = lower or origin_text[0] > "Z"
    node = PlyNode(
        game.read_move(kind, marker, square_text, origin_text),
        removals,
        start,
        end,
        lowercase=lower,
        removal_pieces=pieces,
    )
    if lower and kind != "move":
        node.written = (
            (f"{marker} " if marker else "")
            + square_text
            + ("x" + "/".join(removal_texts) if removal_texts else "")
        )
    return node


def _index(text: str, game: Game) -> int:
    square = game.board.parse(text)
    if square is None:
        raise OffBoard(text)
    return square


def build_games(items: list[Item], text_length: int, first_index: int = 1) -> list[GameRecord]:
    """Assemble games; misplaced items are reported in each game's `diagnostics`."""
    return GameBuilder(first_index).build(items, text_length)


class GameBuilder:
    """The games being assembled from one run of items: where the next item goes
    (the current game, its open lines, a move number waiting for its move) and
    one method per kind of item."""

    __slots__ = (
        "first_index",
        "commands",
        "games",
        "game",
        "lines",
        "nodes",
        "number",
        "phase",
        "definition",
        "known",
    )

    def __init__(self, first_index: int = 1) -> None:
        self.first_index = first_index
        self.games: list[GameRecord] = []
        self.game = GameRecord(index=0)  # a stand-in until the first item starts a game
        self.lines: list[Line] = []
        self.nodes: list[PlyNode] = []  # the nodes of lines[-1]
        self.number: MoveNumber | None = None  # read, waiting for its move
        self.phase = _IN_TAGS
        self.definition: Game = default_game()
        self.known = moves_read(self.definition)  # the definition's placements read
        self.commands = 0  # `[%...]` commands in the game's comments, each held as an aside

    def build(self, items: list[Item], text_length: int) -> list[GameRecord]:
        """Add every item and finish. Moves and move numbers, nearly every item
        of a record, take the short way: this loop runs for every token of every
        record `check` reads."""
        add = self.add
        definition: Game | None = None
        table: dict[tuple[str, str], Any] = self.known
        for kind, start, end, payload in items:
            if self.phase != _IN_MOVES:
                add(kind, start, end, payload)
            elif kind == "move":
                if self.definition is not definition:
                    definition, table = self.definition, self.known
                if payload[0] == "place":
                    # `make_move`'s own common case, without the call: an upper-case
                    # placement the game has read before
                    found = table.get(("place", payload[2]))
                    if found is not None and payload[2][0] <= "Z":
                        self.nodes.append(PlyNode(found, None, start, end, self.number))
                        self.number = None
                        continue
                try:  # as `move` does, without a call
                    node = make_move(payload, start, end, self.definition, self.known)
                except OffBoard as off:
                    self._off_board(off, start)
                    continue
                if self.number is not None:
                    node.number, self.number = self.number, None
                self.nodes.append(node)
            elif kind == "number" and self.number is None:
                self.number = payload
            else:
                add(kind, start, end, payload)
        return self.finish(text_length)

    # --- the items -----------------------------------------------------------

    def move(self, payload: MovePayload, start: int, end: int) -> None:
        """A move of the movetext: the game makes its move of it."""
        try:
            node = make_move(payload, start, end, self.definition, self.known)
        except OffBoard as off:
            self._off_board(off, start)
            return
        if self.number is not None:
            node.number, self.number = self.number, None
        self.nodes.append(node)

    def move_number(self, number: MoveNumber) -> None:
        if self.number is not None:
            self._drop_number()
        self.number = number

    def add(self, kind: str, start: int, end: int, payload: Any) -> None:
        """Any item: a tag, or movetext (which may start a game, or end one)."""
        if kind == "tag":
            self._tag(start, end, payload)
            return
        game = self.game
        comment = kind in ("comment", "lcomment")
        if not self.games or (self.phase == _ENDED and not comment):
            game = self._start_game(start)
        elif self.phase == _ENDED:  # a comment after the termination
            game.comments_after.append(make_comment(payload, start, end, kind == "lcomment"))
            return
        if self.phase != _IN_MOVES:
            self.phase = _IN_MOVES
            self.definition = game_named(game.tag("Game")) or default_game()
            self.known = moves_read(self.definition)
            game.definition = self.definition
        if kind == "move":
            self.move(payload, start, end)
        elif kind == "number":
            self.move_number(payload)
        else:
            _HANDLERS[kind](self, game, start, end, payload)

    def finish(self, text_length: int) -> list[GameRecord]:
        """The games, once every item is added; an open game ends with the text."""
        if self.games and self.phase != _ENDED:
            self._drop_number()
            self._close_game(text_length)
        for game in self.games:
            game.diagnostics.sort(key=lambda d: d.start)
            if game.definition is None:  # a game of tags alone
                game.definition = game_named(game.tag("Game")) or default_game()
        return self.games

    def _tag(self, start: int, end: int, payload: tuple[str, str]) -> None:
        if not self.games or self.phase != _IN_TAGS:
            if self.games and self.phase == _IN_MOVES:
                self._drop_number()
                self._close_game(start)
            self._start_game(start)
            self.phase = _IN_TAGS
        name, raw = payload
        self.game.tags.append(Tag(name, unescape_tag_value(raw), start, end))

    def _comment(self, game: GameRecord, start: int, end: int, payload: str) -> None:
        self._count_commands(game, payload)
        self._attach(make_comment(payload, start, end, line_comment=False))
        self._check_evals(game, start, payload)

    def _line_comment(self, game: GameRecord, start: int, end: int, payload: str) -> None:
        self._count_commands(game, payload)
        self._attach(make_comment(payload, start, end, line_comment=True))
        self._check_evals(game, start, payload)

    def _count_commands(self, game: GameRecord, payload: str) -> None:
        """Each `[%...]` command of a comment is held as an aside is: a comment of
        two million of them must not be read (counted before it is split)."""
        self.commands += payload.count("[%")
        if self.commands > limits.MAX_GAME_ASIDES:
            raise TooManyMoves(game.start, "asides")

    def _check_evals(self, game: GameRecord, start: int, payload: str) -> None:
        """A warning (an error with --strict) at each `[%eval]` that is ignored
        because its value cannot be read."""
        if "[%eval" not in payload:  # nearly every comment
            return
        for first, last, value in unreadable_evals(payload):
            _note(
                game,
                Diagnostic(
                    "warning",
                    "M407",
                    f"`[%eval {_shown(value)}]` is not an engine value; it is ignored",
                    start + first,
                    start + last,
                    "write a whole number in the digits 0-9, `+3` for a proved value, "
                    "`~-2,9` for an estimate 9 plies deep",
                ),
            )

    def _attach(self, comment: Comment) -> None:
        """A comment goes with the move before it, or before a line's first move."""
        (self.nodes[-1].comments if self.nodes else self.lines[-1].comments).append(comment)

    def _glyph(self, game: GameRecord, start: int, end: int, written: str) -> None:
        """`!` `?`...; after a move from one square to another, `+` (a threat) and
        `!` or `++` (the move ends the game)."""
        last = self._judged()
        if (
            last is not None
            and written in ("!", "++", "+")
            and self.definition.move_squares(last.move)[0] is not None
        ):
            if written == "+":
                last.threat = True
            else:
                last.ends = True
            return
        self._judge(game, start, end, written, GLYPH_NAGS.get(written))

    def _nag(self, game: GameRecord, start: int, end: int, written: str) -> None:
        self._judge(game, start, end, written, int(written[1:]))

    def _judged(self) -> PlyNode | None:
        """The move a glyph or NAG here would judge: the one right before it."""
        return self.nodes[-1] if self.nodes and self.number is None else None

    def _judge(self, game: GameRecord, start: int, end: int, written: str, nag: int | None) -> None:
        last = self._judged()
        if nag is not None and nag > 255:
            self._error(
                game,
                "M107",
                f"`{written}` is not a NAG",
                start,
                end,
                "NAGs run from $0 to $255, as in PGN",
            )
        elif nag is None:
            self._error(
                game,
                "M107",
                f"`{written}` belongs after a move from one square "
                "to another (it says the move ends the game, or threatens to)",
                start,
                end,
                "judge any other move with ! ? !! ?? !? ?! or $n",
            )
        elif last is not None:
            last.nags.append(nag)
        else:
            self._error(
                game,
                "M107",
                f"`{written}` annotates no move",
                start,
                end,
                "write glyphs and NAGs right after the move they judge",
            )

    def _open(self, game: GameRecord, start: int, end: int, payload: Any) -> None:
        variation = Line(start=start)
        if len(self.lines) > MAX_VARIATION_DEPTH:  # kept off the tree: never replayed
            if not any(d.code == "M109" for d in game.diagnostics):
                self._error(
                    game,
                    "M109",
                    f"variations nested more than {MAX_VARIATION_DEPTH} deep",
                    start,
                    end,
                    "write deep lines as separate variations",
                )
        elif self.nodes and self.number is None:
            self.nodes[-1].variations.append(variation)
        else:
            self._error(game, "M107", "a variation must follow the move it replaces", start, end)
        self.lines.append(variation)
        self.nodes = variation.nodes

    def _close(self, game: GameRecord, start: int, end: int, payload: Any) -> None:
        self._drop_number()
        self.lines.pop().end = end
        self.nodes = self.lines[-1].nodes

    def _score(self, game: GameRecord, start: int, end: int, payload: tuple[int, int]) -> None:
        dark, light = payload
        self._end(game, Termination(dark, light, start, end))

    def _result(self, game: GameRecord, start: int, end: int, payload: str) -> None:
        self._end(game, Termination(None, None, start, end, RESULT_TOKENS[payload]))

    def _unfinished(self, game: GameRecord, start: int, end: int, payload: None) -> None:
        self._end(game, Termination(None, None, start, end))

    def _end(self, game: GameRecord, termination: Termination) -> None:
        """A score line, a result token or `*`: the game ends."""
        self._drop_number()
        start, end = termination.start, termination.end
        game.termination = termination
        game.mainline.end = start
        game.end = end
        self.phase = _ENDED

    # --- games and problems ----------------------------------------------------

    def _start_game(self, start: int) -> GameRecord:
        game = GameRecord(index=len(self.games) + self.first_index, start=start)
        game.mainline.start = start
        self.games.append(game)
        self.game, self.lines, self.nodes = game, [game.mainline], game.mainline.nodes
        self.commands = 0
        return game

    def _close_game(self, end: int) -> None:
        """End a game that has no termination (read as unfinished)."""
        game = self.game
        game.mainline.end = end
        game.end = end
        if game.termination is None:
            _note(
                game,
                Diagnostic(
                    "warning",
                    "M404",
                    f"game {game.index} has no termination; read as unfinished",
                    end,
                    end,
                    "end each game with its score line (`Dark: 42, Light: 39`) or `*`",
                ),
            )

    def _drop_number(self) -> None:
        """A move number with no move after it is reported and forgotten."""
        number = self.number
        if number is not None:
            self._error(
                self.game, "M108", "move number with no move after it", number.start, number.end
            )
            self.number = None

    def _off_board(self, off: OffBoard, start: int) -> None:
        size, title = self.definition.board.size, self.definition.title
        self._error(
            self.game,
            "M101",
            f"`{off.text}` is not a square on the {size}x{size} board of {title}",
            start,
            start + len(off.text),
            f"columns are A–{FILES[size - 1]} from the left, rows 1–{size} from the "
            "top (A1 is the top-left square)",
        )

    @staticmethod
    def _error(
        game: GameRecord, code: str, message: str, start: int, end: int, hint: str | None = None
    ) -> None:
        _note(game, Diagnostic("error", code, message, start, end, hint))


# The method for each kind of item but moves, numbers and tags (see `GameBuilder.add`).
_HANDLERS: dict[str, Callable[[GameBuilder, GameRecord, int, int, Any], None]] = {
    "comment": GameBuilder._comment,
    "lcomment": GameBuilder._line_comment,
    "glyph": GameBuilder._glyph,
    "nag": GameBuilder._nag,
    "open": GameBuilder._open,
    "close": GameBuilder._close,
    "score": GameBuilder._score,
    "result": GameBuilder._result,
    "unfinished": GameBuilder._unfinished,
}
