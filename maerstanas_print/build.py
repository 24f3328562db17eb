"""From a flat run of notation items to `GameRecord`s.

Both readers (the Lark grammar and the fast scanner) produce the same items,
`(kind, start, end, payload)`, and this one builder turns them into games, so
the two readers cannot drift apart in what a record means:

- a tag after movetext, or anything after a termination, starts a new game;
- glyphs, NAGs, comments and variations attach to the move before them;
- comment text has its whitespace folded and `[%diagram "..."]` lifted out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.engine import Move, parse_square
from maerstanas_print.record import (
    GLYPH_NAGS,
    Comment,
    GameRecord,
    Line,
    MoveNumber,
    PlyNode,
    Tag,
    Termination,
)

Item = tuple[str, int, int, object]

_DIAGRAM = re.compile(r'\[%diagram(?:\s+"((?:\\.|[^"\\])*)")?\s*\]')
_SPACES = re.compile(r"\s+")
_TAG_ESCAPE = re.compile(r"\\(.)")


def unescape_tag_value(raw: str) -> str:
    """`"a \\"b\\""` -> `a "b"` (the quotes of the token removed)."""
    return _TAG_ESCAPE.sub(r"\1", raw[1:-1])


def make_comment(raw: str, start: int, end: int, line_comment: bool) -> Comment:
    body = raw[1:] if line_comment else raw[1:-1]
    diagram = None
    found = _DIAGRAM.search(body)
    if found:
        diagram = _TAG_ESCAPE.sub(r"\1", found.group(1) or "")
        diagram = _SPACES.sub(" ", diagram).strip()
        body = body[:found.start()] + " " + body[found.end():]
    return Comment(_SPACES.sub(" ", body).strip(), start, end, diagram)


def make_move(payload: tuple[str, str | None, str | None, tuple[str, ...] | None],
              start: int, end: int) -> PlyNode:
    """A move item's payload is (kind, marker, square, removal squares or None)."""
    kind, marker, square_text, removal_texts = payload
    if kind == "pass":
        return PlyNode(Move.pass_(), None, start, end, lowercase=marker != "Pass")
    square = parse_square(square_text)  # type: ignore[arg-type]
    lower = square_text[0].islower() or (marker is not None and marker.islower())  # type: ignore[index]
    removals = None
    if removal_texts is not None:
        removals = tuple(parse_square(r) for r in removal_texts)
        lower = lower or any(r[0].islower() for r in removal_texts)
    return PlyNode(Move(kind, square), removals, start, end, lowercase=lower)  # type: ignore[arg-type]


@dataclass(slots=True)
class _GameBuilder:
    game: GameRecord
    lines: list[Line] = field(default_factory=list)
    number: MoveNumber | None = None
    phase: str = "tags"  # then "moves", then "done"


def build_games(items: list[Item], text_length: int) -> list[GameRecord]:
    """Assemble games; misplaced items are reported in each game's `diagnostics`."""
    games: list[GameRecord] = []
    current: _GameBuilder | None = None

    def finish(builder: _GameBuilder | None, end: int) -> None:
        if builder is None:
            return
        if builder.number is not None:
            builder.game.diagnostics.append(Diagnostic(
                "error", "M108", "move number with no move after it",
                builder.number.start, builder.number.end))
        game = builder.game
        game.mainline.end = end
        game.end = end
        if game.termination is None:
            game.diagnostics.append(Diagnostic(
                "warning", "M404", f"game {game.index} has no termination; read as unfinished",
                end, end, "end each game with its score line (`Dark: 42, Light: 39`) or `*`"))

    def begin(start: int) -> _GameBuilder:
        game = GameRecord(index=len(games) + 1, start=start)
        game.mainline.start = start
        games.append(game)
        return _GameBuilder(game, [game.mainline])

    for kind, start, end, payload in items:
        if kind == "tag":
            if current is None or current.phase != "tags":
                if current is not None and current.phase == "moves":
                    finish(current, start)
                current = begin(start)
            name, raw = payload  # type: ignore[misc]
            current.game.tags.append(Tag(name, unescape_tag_value(raw), start, end))
            continue
        if current is None or (current.phase == "done" and kind not in ("comment", "lcomment")):
            current = begin(start)
        game = current.game
        if current.phase == "done":  # a comment after the termination
            game.comments_after.append(make_comment(payload, start, end,  # type: ignore[arg-type]
                                                    kind == "lcomment"))
            continue
        current.phase = "moves"
        line = current.lines[-1]
        if kind == "move":
            node = make_move(payload, start, end)  # type: ignore[arg-type]
            node.number = current.number
            current.number = None
            line.nodes.append(node)
        elif kind == "number":
            if current.number is not None:
                game.diagnostics.append(Diagnostic(
                    "error", "M108", "move number with no move after it",
                    current.number.start, current.number.end))
            current.number = payload  # type: ignore[assignment]
        elif kind in ("comment", "lcomment"):
            comment = make_comment(payload, start, end, kind == "lcomment")  # type: ignore[arg-type]
            (line.nodes[-1].comments if line.nodes else line.comments).append(comment)
        elif kind in ("glyph", "nag"):
            nag = GLYPH_NAGS[payload] if kind == "glyph" else int(payload[1:])  # type: ignore[index]
            if line.nodes and current.number is None:
                line.nodes[-1].nags.append(nag)
            else:
                game.diagnostics.append(Diagnostic(
                    "error", "M107", f"`{payload}` annotates no move", start, end,
                    "write glyphs and NAGs right after the move they judge"))
        elif kind == "open":
            variation = Line(start=start)
            if line.nodes and current.number is None:
                line.nodes[-1].variations.append(variation)
            else:
                game.diagnostics.append(Diagnostic(
                    "error", "M107", "a variation must follow the move it replaces",
                    start, end))
            current.lines.append(variation)
        elif kind == "close":
            if current.number is not None:
                game.diagnostics.append(Diagnostic(
                    "error", "M108", "move number with no move after it",
                    current.number.start, current.number.end))
                current.number = None
            current.lines.pop().end = end
        else:  # "score" or "unfinished"
            if current.number is not None:
                game.diagnostics.append(Diagnostic(
                    "error", "M108", "move number with no move after it",
                    current.number.start, current.number.end))
                current.number = None
            dark, light = payload if kind == "score" else (None, None)  # type: ignore[misc]
            game.termination = Termination(dark, light, start, end)
            game.mainline.end = start
            game.end = end
            current.phase = "done"
    if current is not None and current.phase != "done":
        finish(current, text_length)
    return games
