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
from typing import cast

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.games.base import OffBoard
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import default_game, game_named
from maerstanas_print.geometry import FILES
from maerstanas_print.notation.embedded import split
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

Item = tuple[str, int, int, object]

# Deeper variations are refused: no real annotation needs them, and the
# verifier and writer walk variations recursively.
MAX_VARIATION_DEPTH = 50

_TAG_ESCAPE = re.compile(r"\\(.)")


def unescape_tag_value(raw: str) -> str:
    """`"a \\"b\\""` -> `a "b"` (the quotes of the token removed)."""
    return _TAG_ESCAPE.sub(r"\1", raw[1:-1])


def make_comment(raw: str, start: int, end: int, line_comment: bool) -> Comment:
    text, diagram, commands = split(raw[1:] if line_comment else raw[1:-1])
    return Comment(text, start, end, diagram, commands)


MovePayload = tuple[str, str | None, str | None, tuple[str, ...] | None, str | None]


def make_move(payload: MovePayload, start: int, end: int, game: Game) -> PlyNode:
    """A move item's payload is (kind, marker, square, removal squares, origin); the
    game makes its move of it. Raises OffBoard for a square its board does not have."""
    kind, marker, square_text, removal_texts, origin_text = payload
    if kind == "pass":
        move = game.read_move("pass", None, None, None)
        if marker == "Pass":
            return PlyNode(move, None, start, end)
        return PlyNode(move, None, start, end, lowercase=True, written=marker)
    assert square_text is not None
    lower = square_text[0] > "Z" or (marker is not None and marker > "Z")
    table = game.move_table
    if table is not None and removal_texts is None:  # the common case, kept short
        found = table.get((kind, square_text))
        if found is not None:
            node = PlyNode(found, None, start, end, lowercase=lower)
            if lower:
                node.written = f"{marker} {square_text}" if marker else square_text
            return node
    removals = pieces = None
    if removal_texts is not None:
        # `KA5`: the king taken on A5; `K10`: whatever stood on K10 (19x19)
        squares = [r[1:] if r[1] > "9" else r for r in removal_texts]
        removals = tuple(_index(r, game) for r in squares)
        lower = lower or any(r[0] > "Z" for r in squares)
        if kind == "move":
            pieces = tuple(r[:len(r) - len(q)] for r, q in zip(removal_texts, squares,
                                                                strict=True))
    if kind == "move":
        assert origin_text is not None
        lower = lower or origin_text[0] > "Z"
    node = PlyNode(game.read_move(kind, marker, square_text, origin_text), removals, start, end,
                   lowercase=lower, removal_pieces=pieces)
    if lower and kind != "move":
        node.written = (f"{marker} " if marker else "") + square_text + (
            "x" + "/".join(removal_texts) if removal_texts else "")
    return node


def _index(text: str, game: Game) -> int:
    square = game.board.parse(text)
    if square is None:
        raise OffBoard(text)
    return square


def build_games(items: list[Item], text_length: int, first_index: int = 1) -> list[GameRecord]:
    """Assemble games; misplaced items are reported in each game's `diagnostics`.

    The state lives in local variables (this loop runs for every token of
    every record that `check` reads).
    """
    games: list[GameRecord] = []
    game: GameRecord | None = None
    lines: list[Line] = []
    nodes: list[PlyNode] = []  # the nodes of lines[-1]
    number: MoveNumber | None = None
    phase = _IN_TAGS
    definition = default_game()

    def dangling(number: MoveNumber) -> None:
        game.diagnostics.append(Diagnostic(  # type: ignore[union-attr]
            "error", "M108", "move number with no move after it", number.start, number.end))

    def off_board(off: OffBoard, start: int) -> None:
        size = definition.size
        where = f"the {size}x{size} board of {definition.title}"
        last = FILES[size - 1]
        game.diagnostics.append(Diagnostic(  # type: ignore[union-attr]
            "error", "M101", f"`{off.text}` is not a square on {where}",
            start, start + len(off.text),
            f"columns are A–{last} from the left, rows 1–{size} from the top "
            "(A1 is the top-left square)"))

    def finish(end: int) -> None:
        game.mainline.end = end  # type: ignore[union-attr]
        game.end = end  # type: ignore[union-attr]
        if game.termination is None:  # type: ignore[union-attr]
            game.diagnostics.append(Diagnostic(  # type: ignore[union-attr]
                "warning", "M404",
                f"game {game.index} has no termination; read as unfinished",  # type: ignore[union-attr]
                end, end, "end each game with its score line (`Dark: 42, Light: 39`) or `*`"))

    for kind, start, end, payload in items:
        if kind == "move" and phase == _IN_MOVES:  # the common case first
            try:
                node = make_move(payload, start, end, definition)  # type: ignore[arg-type]
            except OffBoard as off:
                off_board(off, start)
                continue
            if number is not None:
                node.number = number
                number = None
            nodes.append(node)
            continue
        if kind == "tag":
            if game is None or phase != _IN_TAGS:
                if game is not None and phase == _IN_MOVES:
                    if number is not None:
                        dangling(number)
                        number = None
                    finish(start)
                game = _new_game(games, start, first_index)
                lines, nodes, phase = [game.mainline], game.mainline.nodes, _IN_TAGS
            name, raw = cast("tuple[str, str]", payload)
            game.tags.append(Tag(name, unescape_tag_value(raw), start, end))
            continue
        if game is None or (phase == _ENDED and kind not in ("comment", "lcomment")):
            game = _new_game(games, start, first_index)
            lines, nodes = [game.mainline], game.mainline.nodes
        elif phase == _ENDED:  # a comment after the termination
            game.comments_after.append(make_comment(payload, start, end,  # type: ignore[arg-type]
                                                    kind == "lcomment"))
            continue
        if phase != _IN_MOVES:
            phase = _IN_MOVES
            definition = game_named(game.tag("Game")) or default_game()
            game.definition = definition
        if kind == "move":
            try:
                node = make_move(payload, start, end, definition)  # type: ignore[arg-type]
            except OffBoard as off:
                off_board(off, start)
                continue
            node.number, number = number, None
            nodes.append(node)
        elif kind == "number":
            if number is not None:
                dangling(number)
            number = payload  # type: ignore[assignment]
        elif kind in ("comment", "lcomment"):
            comment = make_comment(payload, start, end, kind == "lcomment")  # type: ignore[arg-type]
            (nodes[-1].comments if nodes else lines[-1].comments).append(comment)
        elif kind == "glyph" and nodes and number is None and payload in ("!", "++", "+") \
                and definition.move_squares(nodes[-1].move)[0] is not None:
            if payload == "+":  # a threat; `!` and `++` say the move ends the game
                nodes[-1].threat = True
            else:
                nodes[-1].ends = True
        elif kind in ("glyph", "nag"):
            nag = GLYPH_NAGS.get(payload) if kind == "glyph" else int(payload[1:])  # type: ignore
            if nag is not None and nag > 255:
                game.diagnostics.append(Diagnostic(
                    "error", "M107", f"`{payload}` is not a NAG", start, end,
                    "NAGs run from $0 to $255, as in PGN"))
            elif nag is None:
                game.diagnostics.append(Diagnostic(
                    "error", "M107", f"`{payload}` belongs after a move from one square "
                    "to another (it says the move ends the game, or threatens to)",
                    start, end, "judge any other move with ! ? !! ?? !? ?! or $n"))
            elif nodes and number is None:
                nodes[-1].nags.append(nag)
            else:
                game.diagnostics.append(Diagnostic(
                    "error", "M107", f"`{payload}` annotates no move", start, end,
                    "write glyphs and NAGs right after the move they judge"))
        elif kind == "open":
            variation = Line(start=start)
            if len(lines) > MAX_VARIATION_DEPTH:  # kept off the tree: never replayed
                if not any(d.code == "M109" for d in game.diagnostics):
                    game.diagnostics.append(Diagnostic(
                        "error", "M109",
                        f"variations nested more than {MAX_VARIATION_DEPTH} deep",
                        start, end, "write deep lines as separate variations"))
            elif nodes and number is None:
                nodes[-1].variations.append(variation)
            else:
                game.diagnostics.append(Diagnostic(
                    "error", "M107", "a variation must follow the move it replaces",
                    start, end))
            lines.append(variation)
            nodes = variation.nodes
        elif kind == "close":
            if number is not None:
                dangling(number)
                number = None
            lines.pop().end = end
            nodes = lines[-1].nodes
        else:  # "score", "result" or "unfinished"
            if number is not None:
                dangling(number)
                number = None
            dark, light = cast("tuple[int | None, int | None]",
                               payload if kind == "score" else (None, None))
            result = RESULT_TOKENS[payload] if kind == "result" else None  # type: ignore[index]
            game.termination = Termination(dark, light, start, end, result)
            game.mainline.end = start
            game.end = end
            phase = _ENDED
    if game is not None and phase != _ENDED:
        if number is not None:
            dangling(number)
        finish(text_length)
    for game in games:
        game.diagnostics.sort(key=lambda d: d.start)
        if game.definition is None:  # a game of tags alone
            game.definition = game_named(game.tag("Game")) or default_game()
    return games


_IN_TAGS, _IN_MOVES, _ENDED = 0, 1, 2


def _new_game(games: list[GameRecord], start: int, first_index: int) -> GameRecord:
    game = GameRecord(index=len(games) + first_index, start=start)
    game.mainline.start = start
    games.append(game)
    return game
