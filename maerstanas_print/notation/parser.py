"""Reading record files: the Lark grammar, syntax diagnostics, and `parse()`.

`parse(text)` first tries the fast scanner (scan.py); when it declines, the
Lark LALR parser built from `grammar/record.lark` reads the text. On a syntax
error the reader reports it with a hint for the usual transcription slips,
blanks out the offending word and reads on, so one run reports every problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from maerstanas_print.diagnostics import Diagnostic, Source, quoted_token
from maerstanas_print.io import limits
from maerstanas_print.io.errors import LimitError
from maerstanas_print.notation.build import Bound, Item, TooManyMoves, build_games
from maerstanas_print.notation.move_kinds import marked_kinds, version
from maerstanas_print.notation.record import GameRecord, MoveNumber
from maerstanas_print.notation.scan import scan, scan_games

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

MAX_SYNTAX_ERRORS = 100

# What the grammar's terminals are called in messages.
_TERMINAL_WORDS = {
    "SQUARE": "a square (A1–G7)",
    "MOVE_NUMBER": "a move number like `12.`",
    "PASS": "`Pass`",
    "GLYPH": "a glyph like `!`",
    "NAG": "a NAG like `$1`",
    "COMMENT": "a `{comment}`",
    "LINE_COMMENT": "a `;` comment",
    "UNFINISHED": "`*`",
    "DARK_SIDE": "`Dark:`",
    "LIGHT_SIDE": "`Light:`",
    "POINTS": "a number of points",
    "TAG_NAME": "a tag name",
    "TAG_VALUE": "a tag value in double quotes",
    "VARIATION_OPEN": "`(`",
    "VARIATION_CLOSE": "`)`",
    "TAG_OPEN": "`[`",
    "TAG_CLOSE": "`]`",
    "COLON": "`:`",
    "COMMA": "`,`",
    "SLASH": "`/`",
    "X": "`x`",
    "$END": "the end of the file",
}

_WORD = re.compile(r"[^\s(){}\[\];]+")
_BAD_SQUARE = re.compile(r"[A-Za-z][0-9]+(?![A-Za-z])")
_ROW_FIRST = re.compile(r"([1-7])([A-Ga-g])(?![A-Za-z0-9])")
_LETTER_O = re.compile(r"[0-9]*[Oo][0-9Oo]*(\.\.\.|\.|\u2026)|[0-9]+[Oo][0-9Oo]*")
_SQUARE_RUN = re.compile(r"[A-Ga-g][1-7][A-Ga-g][1-7]")
_THUNDER_NO_X = re.compile(r"[Tt]\s*[A-Ga-g][1-7]\s+[A-Ga-g][1-7]\s*$")


def grammar_parser() -> Lark:
    """The LALR parser for the kinds of move registered now (built once for each).
    Lark and the data folders (whose finder, importlib.resources, brings tempfile
    and shutil) are imported only here: a file the scanner reads whole, as
    `check` of valid games does, needs neither."""
    return _grammar_parser(version())


@lru_cache(maxsize=4)
def _grammar_parser(kinds_version: int) -> Lark:
    from lark import Lark

    return Lark(grammar_text(), parser="lalr", maybe_placeholders=False)


def grammar_text() -> str:
    """grammar/record.lark with a rule and a mark for each registered marked move."""
    from maerstanas_print.resources import read_text  # for the start-up: see above

    text = read_text("grammar", "record.lark")
    alternatives, rules = "", ""
    for kind in marked_kinds():
        mark, name = kind.mark, f"{kind.kind.upper()}_MARK"
        alternatives += f"     | {kind.kind}\n"
        rules += (
            f"{kind.kind}: {name} SQUARE{' removals?' if kind.with_removals else ''}\n"
            f"{name}: /[{mark}{mark.lower()}](?![A-Za-z0-9_])/"
            f" | /[{mark}{mark.lower()}](?=[A-Sa-s][1-9])/\n"
        )
    return text.replace("_move: placement\n", "_move: placement\n" + alternatives, 1) + rules


def _terminal_word(name: str) -> str:
    """What a terminal of the grammar is called in messages."""
    word = _TERMINAL_WORDS.get(name)
    if word is not None:
        return word
    marks = {f"{k.kind.upper()}_MARK": k.mark for k in marked_kinds()}
    return f"`{marks[name]}`" if name in marks else f"`{name}`"


@dataclass(slots=True)
class ParsedFile:
    """A record file read into games; `diagnostics` are those that belong to no game."""

    source: Source
    games: list[GameRecord] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


class RecordReader:
    """Reads the games of a text one at a time, so a large file is checked in
    bounded memory; `diagnostics` collects problems that belong to no game."""

    def __init__(
        self,
        text: str,
        name: str = "<string>",
        *,
        fast: bool = True,
        first_index: int = 1,
        first_line: int = 1,
    ) -> None:
        """`first_index` and `first_line` place a piece of a larger file in it."""
        if not isinstance(text, str):  # a handle or bytes would fail far inside
            raise TypeError(
                f"the text of a record is a str, not {type(text).__name__}; "
                "read a handle with read_game or read_games, or decode bytes"
            )
        if text.startswith("\ufeff"):
            text = " " + text[1:]  # keep offsets: the byte order mark becomes a space
        self.text = text
        self.source = Source(name, text, first_line)
        self.diagnostics: list[Diagnostic] = []
        self.fast = fast
        self.first_index = first_index

    def __iter__(self) -> Iterator[GameRecord]:
        """The games, one at a time; LimitError for a game beyond a limit of
        `limits.py` (too many moves, a tag value too long)."""
        try:
            for game in self._games():
                self._check_tags(game)
                game.source = self.source
                yield game
        except TooManyMoves as exc:
            line, column = self.source.locate(exc.offset)
            where = f"{self.source.name}:{line + self.source.first_line - 1}:{column}"
            raise LimitError(f"{where}: {_limit_message(exc.what)}") from None

    def _check_tags(self, game: GameRecord) -> None:
        for tag in game.tags:
            if len(tag.value) > limits.MAX_TAG_CHARS:
                line, column = self.source.locate(tag.start)
                raise LimitError(
                    f"{self.source.name}:{line + self.source.first_line - 1}:{column}: the "
                    f"{tag.name} tag has {len(tag.value):,} characters, more than the limit "
                    f"({limits.MAX_TAG_CHARS:,}); put long text in a comment"
                )

    def _games(self) -> Iterator[GameRecord]:
        text, length = self.text, len(self.text)
        pos, read = 0, self.first_index - 1  # where the unread text starts; games so far
        while pos < length:
            failure = None
            for chunk in scan_games(text, pos):
                if isinstance(chunk, int):
                    failure = chunk
                    break
                items, end = chunk
                games = (
                    build_games(items, end, read + 1)
                    if self.fast
                    else self._read_region(pos, end, read + 1)
                )
                read += len(games)
                pos = end
                yield from games
            if failure is None:
                return
            # A damaged game: the grammar reads it, up to the next line that
            # starts with a tag, so the damage cannot spread past that line.
            end = next_tag_line(text, max(failure, pos) + 1)
            games = self._read_region(pos, end, read + 1)
            read += len(games)
            pos = end
            yield from games

    def _read_region(self, start: int, end: int, first_index: int) -> list[GameRecord]:
        _count_moves(self.text, start, end)
        items, syntax = read_with_grammar(self.text[start:end], start)
        games = build_games(items, end, first_index)
        for diagnostic in syntax:
            owner = None
            for game in games:
                if game.start <= diagnostic.start:
                    owner = game
            if owner is None and games:
                owner = games[0]
            (owner.diagnostics if owner else self.diagnostics).append(diagnostic)
        for game in games:
            game.diagnostics.sort(key=lambda d: d.start)
        return games


_TAG_LINE = re.compile(r"\n[ \t]*(?=\[[ \t]*[A-Za-z])")


def _move_like_pattern(braces: bool, quotes: bool) -> re.Pattern[str]:
    """Words (group 1) and parentheses (group 2), skipping line comments and, when
    asked, brace comments and quoted values, whose closing mark is optional (a
    group of its own that takes part only when it is there)."""
    parts = [r"([A-Za-z0-9]+)", r"([()])", r";[^\n]*"]
    if braces:
        parts.append(r"\{[^}]*(\})?")
    if quotes:
        parts.append(r"\"(?:\\.|[^\"\\\n])*(\")?")
    return re.compile("|".join(parts))


_MOVE_LIKE = {(b, q): _move_like_pattern(b, q) for b in (True, False) for q in (True, False)}


def _words_and_parens(text: str, start: int, end: int) -> Iterator[re.Match[str]]:
    """The words (group 1) and parentheses (group 2) of `text[start:end]` outside
    comments and quoted values, in time linear in the text.

    A `{` with no `}` after it, or a `"` not closed on its line, is skipped as
    one character. Once one is found open, every later `{` (or `"` on that
    line) is open too, so none is looked for again: a search for the closing
    mark from each of thousands of open ones would take time n squared.
    """
    braces, quotes_from, pos = True, start, start
    while pos < end:
        quotes = pos >= quotes_from
        restart = end
        done = pos
        for m in _MOVE_LIKE[braces, quotes].finditer(text, pos, end):
            if not quotes and m.start() >= quotes_from:  # past the line: quotes again
                restart = max(done, quotes_from)
                break
            kind = m.lastindex
            if kind is None:  # a line comment, or a comment or value never closed
                at = m.start()
                if text[at] == "{":
                    braces, restart = False, at + 1
                    break
                if text[at] == '"':
                    line_end = text.find("\n", at, end)
                    quotes_from, restart = (end if line_end < 0 else line_end), at + 1
                    break
            elif kind <= 2:
                yield m
            done = m.end()
        pos = restart


def _limit_message(what: Bound) -> str:
    """What a game past the reader's bound `what` (`TooManyMoves.what`) is told."""
    most = limits.MAX_GAME_MOVES
    return {
        "deep": f"more than {limits.MAX_OPEN_VARIATIONS:,} variations open at once (the "
        "limit); close them with `)`",
        "numbers": f"a game with more than {most:,} move numbers (the limit: a move number "
        "stands before a move); split it into several games",
        "words": f"a game with more than {most * 4:,} moves, squares and numbers to read "
        f"(the limit; a game has at most {most:,} moves); split it into several games",
        "removals": "a game with a removal list of more than "
        f"{limits.MAX_REMOVAL_SQUARES:,} squares (the limit: the largest board's squares); "
        "no move removes more",
        "problems": f"a game with more than {limits.MAX_GAME_PROBLEMS:,} problems to report "
        "(the limit, warnings included); check it in parts",
        "asides": f"a game with more than {limits.MAX_GAME_ASIDES:,} variations, comments, "
        "NAGs and tags (the limit, empty ones included, and each [%command] of a comment "
        "too); split it into several games",
        "moves": f"a game with more than {most:,} moves (the limit, variations included); "
        "split it into several games",
    }[what]


def _count_moves(text: str, start: int, end: int) -> None:
    """Raise TooManyMoves when a region the grammar is about to read holds more
    words (moves, at most) than one game may have, or more variations open at
    once than the limit: the grammar's tree costs far more memory per move than
    the scanner's items, and its parser slows down with the depth it holds."""
    most, deepest = limits.MAX_GAME_MOVES, limits.MAX_OPEN_VARIATIONS
    if end - start <= min(most * 4, deepest):
        return  # too short to hold that many moves or variations
    words = depth = 0
    asides = sum(text.count(sign, start, end) for sign in ("(", "{", "\n["))  # "\n[": tags
    if asides > limits.MAX_GAME_ASIDES:
        raise TooManyMoves(start, "asides")  # each is held as a move is, even empty
    for m in _words_and_parens(text, start, end):
        word, paren = m.group(1), m.group(2)
        if word is not None and not word.isdigit():
            words += 1
            if words > most * 4:
                raise TooManyMoves(start, "words")
        elif paren == "(":
            depth += 1
            if depth > deepest:
                raise TooManyMoves(m.start(), "deep")
        elif paren == ")" and depth:
            depth -= 1


def next_tag_line(text: str, pos: int) -> int:
    """The start of the first line after `pos` that begins with a tag, or the end."""
    found = _TAG_LINE.search(text, pos)
    return found.start() + 1 if found else len(text)


def parse(text: str, name: str = "<string>", *, fast: bool = True) -> ParsedFile:
    """Read every game in `text`; problems become diagnostics, never exceptions."""
    reader = RecordReader(text, name, fast=fast)
    games = list(reader)
    return ParsedFile(reader.source, games, reader.diagnostics)


def parse_game(text: str) -> GameRecord:
    """The first game of `text` (for tests and small scripts)."""
    games = parse(text).games
    if not games:
        raise ValueError("no game in the text")
    return games[0]


# --- the grammar reader ------------------------------------------------------

MAX_TRUNCATIONS = 20


def read_with_grammar(text: str, base: int = 0) -> tuple[list[Item], list[Diagnostic]]:
    """Items from the Lark parse of `text` (offsets moved on by `base`); on an
    error, blank the bad word and read again, so every error is reported.

    When the text ends in the middle of something, only the first such error is
    reported and the unfinished words are dropped from the end.
    """
    from lark.exceptions import UnexpectedInput

    parser = grammar_parser()
    diagnostics: list[Diagnostic] = []
    recovered: list[Item] = []  # what clear slips were read as
    truncations = 0
    while True:
        try:
            items = tree_items(parser.parse(text), base)
            break
        except UnexpectedInput as error:
            if truncations:
                truncations += 1
                text = _blank_last_word(text) if truncations < MAX_TRUNCATIONS else _blank(text)
                continue
            diagnostic, blank = explain(text, error)
            diagnostics.append(diagnostic)
            if diagnostic.read_as is not None:
                recovered += _items_read_as(diagnostic, base)
            if len(diagnostics) >= MAX_SYNTAX_ERRORS:
                text = text[: diagnostic.start] + _blank(text[diagnostic.start :])
                truncations = 1
            elif blank is None:
                truncations = 1
                text = _blank_last_word(text)
            else:
                text = _blank_spans(text, blank)
    for d in diagnostics:
        d.start += base
        d.end += base
    if recovered:
        items = sorted(items + recovered, key=lambda item: item[1])
    return items, diagnostics


def _blank_spans(text: str, spans: Spans) -> str:
    """`text` with every span blanked, in one pass (thousands of unclosed `(`
    must not rebuild the text once each)."""
    parts, done = [], 0
    for start, end in sorted(spans):
        start = max(start, done)
        if end <= start:
            continue
        parts += [text[done:start], _blank(text[start:end])]
        done = end
    parts.append(text[done:])
    return "".join(parts)


def _items_read_as(diagnostic: Diagnostic, base: int) -> list[Item]:
    """The items of a slip's intended text, placed on the slip's span."""
    start, end = diagnostic.start + base, diagnostic.end + base
    return [
        (kind, start, end, payload) for kind, _, _, payload in scan(diagnostic.read_as or "") or []
    ]


def _blank_last_word(text: str) -> str:
    """`text` with its last word blanked (and the blanks after it), found from
    the end: a search for a word followed by blanks to the end would re-read a
    long word from each of its offsets."""
    word_end = len(text.rstrip())
    word_start = word_end
    while word_start and not text[word_start - 1].isspace():
        word_start -= 1
    if word_end == 0:
        return text
    return text[:word_start] + _blank(text[word_start:])


def _blank(chunk: str) -> str:
    return "".join(ch if ch == "\n" else " " for ch in chunk)


def tree_items(tree: Tree[Token], base: int = 0) -> list[Item]:
    """Flatten the parse tree into the items the record builder takes.

    Iterative, so thousands of nested variations cannot exhaust the stack.
    """
    from lark import Token

    items: list[Item] = []
    stack: list[Iterator[Tree[Token] | Token]] = [iter(tree.children)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        if isinstance(child, Token):
            items.append(_token_item(child, base))
            continue
        rule = child.data
        if rule == "variation":
            stack.append(iter(child.children))
            continue
        start = _at(_first_token(child).start_pos) + base
        end = _at(_last_token(child).end_pos) + base
        if rule == "tag":
            _, name, value, _ = child.children
            items.append(("tag", start, end, (str(name), str(value))))
        elif rule == "score_line":
            _, dark, _, light = child.children
            items.append(("score", start, end, (int(str(dark)), int(str(light)))))
        else:
            items.append(("move", start, end, _move_payload(child)))
    return items


def _token_item(token: Token, base: int) -> Item:
    kind = token.type
    start, end = _at(token.start_pos) + base, _at(token.end_pos) + base
    if kind == "MOVE_NUMBER":
        digits = token.rstrip(".\u2026")
        return (
            "number",
            start,
            end,
            MoveNumber(int(digits), token[len(digits) :] != ".", start, end),
        )
    if kind == "VARIATION_OPEN":
        return ("open", start, end, None)
    if kind == "VARIATION_CLOSE":
        return ("close", start, end, None)
    if kind == "UNFINISHED":
        return ("unfinished", start, end, None)
    if kind == "RESULT":
        return ("result", start, end, str(token))
    kinds = {"GLYPH": "glyph", "NAG": "nag", "COMMENT": "comment", "LINE_COMMENT": "lcomment"}
    return (kinds[kind], start, end, str(token))


MovePayload = tuple[str, str | None, str | None, tuple[str, ...] | None, str | None]


def _move_payload(tree: Tree[Token]) -> MovePayload:
    """(kind, marker, square, removal squares as written, origin) of a move."""
    rule = tree.data
    tokens = tree.children
    if rule == "pass_move":
        return ("pass", str(tokens[0]), None, None, None)
    if rule == "placement":
        return ("place", None, str(tokens[0]), None, None)
    removals = None
    if tokens and not isinstance(tokens[-1], str):  # the removals subtree
        written: list[str] = []
        letter = ""
        for token in tokens[-1].children:
            if token.type == "REMOVED_PIECE":  # type: ignore[union-attr]
                letter = str(token)
                continue
            written.append(letter + str(token))
            letter = ""
        removals = tuple(written)
        tokens = tokens[:-1]
    if rule != "movement":  # a marked move a game registered: `T E4xE3/D4`, `W C5`
        return (str(rule), str(tokens[0]), str(tokens[1]), removals, None)
    piece = str(tokens[0]) if len(tokens) == 3 else None
    origin, target = tokens[-2], tokens[-1]
    return ("move", piece, str(target), removals, str(origin))


def _first_token(tree: Tree[Token]) -> Token:
    from lark import Tree

    node: Tree[Token] | Token = tree
    while isinstance(node, Tree):
        node = node.children[0]
    return node


def _at(position: int | None) -> int:
    """A token's offset (the grammar keeps every position: it is never None)."""
    assert position is not None
    return position


def _last_token(tree: Tree[Token]) -> Token:
    from lark import Tree

    node: Tree[Token] | Token = tree
    while isinstance(node, Tree):
        node = node.children[-1]
    return node


# --- explaining syntax errors ------------------------------------------------

Spans = list[tuple[int, int]]


def explain(text: str, error: Exception) -> tuple[Diagnostic, Spans | None]:
    """A diagnostic for a Lark error, and the spans to blank out before reading
    on (None: the text ended early; drop unfinished words from the end)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        return _at_end(text, error)
    if isinstance(error, UnexpectedToken):
        pos = error.token.start_pos
        expected = error.accepts or error.expected
    elif isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream
        expected = error.allowed or set()
    else:  # UnexpectedEOF from other parser modes
        return _at_end(text, error)
    word = _WORD.match(text, pos)
    end = word.end() if word else pos + 1
    if (text[pos] == "*" or text.startswith("Dark", pos)) and "DARK_SIDE" not in expected:
        opened = _unclosed_parens(text[:pos])
        if opened:  # the game ends inside a variation: the `(` is the mistake
            return _never_closed(opened), [(at, at + 1) for at in opened]
    # Imported here: only text the grammar stops on needs the slips' patterns,
    # whose compiling would otherwise be paid at every start of `check`.
    from maerstanas_print.notation.recover import read_slip

    reading = read_slip(text, pos, end)
    if reading is not None:
        return (
            Diagnostic(
                "error",
                reading.code,
                reading.message,
                reading.start,
                reading.end,
                reading.hint,
                reading.text,
            ),
            [(reading.start, reading.end)],
        )
    diagnostic = _classify(text, pos, end, expected)
    if diagnostic.code == "M103":
        diagnostic.read_as = "Pass"
    return diagnostic, [_span_to_drop(text, pos, end, expected, diagnostic)]


def _span_to_drop(
    text: str, pos: int, end: int, expected: set[str], diagnostic: Diagnostic
) -> tuple[int, int]:
    """What to blank before reading on: the bad word, or the whole construct
    (tag, score line, unclosed comment) it sits in, so one slip gives one error."""
    line_end = text.find("\n", pos)
    line_end = len(text) if line_end < 0 else line_end
    if text[pos] == "{":
        return pos, len(text)  # an unclosed comment runs to the end
    if expected & {"TAG_NAME", "TAG_VALUE", "TAG_CLOSE"} or diagnostic.message.startswith("a tag"):
        opened = text.rfind("[", 0, pos + 1)
        closed = text.find("]", pos, line_end)
        return (opened if opened >= 0 else pos), (closed + 1 if closed >= 0 else line_end)
    if expected & {"COLON", "COMMA", "POINTS", "LIGHT_SIDE"} or diagnostic.message.startswith(
        "a score line"
    ):
        opened = text.rfind("Dark", 0, pos + 1)
        return (opened if opened >= 0 else pos), line_end
    return pos, end


def _classify(text: str, pos: int, end: int, expected: set[str]) -> Diagnostic:
    chunk = text[pos:end]
    before = text[max(0, pos - 40) : pos]
    char = text[pos]
    if char == "{":
        return Diagnostic(
            "error",
            "M106",
            "comment is never closed with `}`",
            pos,
            pos + 1,
            "close the comment with `}`; comments cannot contain `}`",
        )
    if char == ")" and "VARIATION_CLOSE" not in expected:
        return Diagnostic("error", "M100", "`)` closes no variation", pos, pos + 1)
    if char == "[" and "TAG_OPEN" not in expected:
        return Diagnostic(
            "error",
            "M108",
            "a tag inside a variation",
            pos,
            end,
            "close the variation with `)` before the next game's tags",
        )
    if char == '"' and "TAG_VALUE" in expected:
        return Diagnostic(
            "error",
            "M106",
            'tag value is never closed with `"`',
            pos,
            end,
            'write tags as [Name "value"] on one line',
        )
    if chunk.startswith("Dark") and "DARK_SIDE" not in expected:
        return Diagnostic(
            "error",
            "M108",
            "a score line inside a variation",
            pos,
            end,
            "the final score line goes after the main line, outside `( )`",
        )
    if re.match(r"[xX][A-Ga-g][1-7]", chunk):
        return Diagnostic(
            "error",
            "M100",
            "only a thunder-stone removes stones",
            pos,
            end,
            "write the thunder-stone with its marker: `T E4xE3/D4`",
        )
    if _THUNDER_NO_X.search(before) and char == "/":
        start = _THUNDER_NO_X.search(before).start() + pos - len(before)  # type: ignore[union-attr]
        return Diagnostic(
            "error",
            "M104",
            "thunder removal list without its `x`",
            start,
            end,
            "write `T E4xE3/D4`: an `x`, then the removed squares split by `/`",
        )
    if _SQUARE_RUN.fullmatch(chunk[:4]) and re.search(r"[Tt]\s*$", before):
        return Diagnostic(
            "error",
            "M104",
            "thunder removal list without its `x`",
            pos,
            end,
            f"write `{chunk[:2]}x{chunk[2:]}`",
        )
    digits_before = re.search(r"[0-9]+$", before)
    if char in "Oo" and digits_before:
        pos -= len(digits_before.group())
        chunk = text[pos:end].rstrip(",")
        end = pos + len(chunk)
    if _LETTER_O.match(chunk):
        return Diagnostic(
            "error",
            "M105",
            f"`{chunk}` has a letter O where a digit 0 belongs",
            pos,
            end,
            f"write `{chunk.replace('O', '0').replace('o', '0')}`",
        )
    row_first = _ROW_FIRST.fullmatch(chunk.rstrip("!?"))
    if row_first:
        square = f"{row_first.group(2).upper()}{row_first.group(1)}"
        return Diagnostic(
            "error",
            "M102",
            f"`{chunk}` names the row before the column",
            pos,
            end,
            f"squares are written column first: `{square}`",
        )
    if _BAD_SQUARE.match(chunk) and chunk[0].upper() not in _marks():
        bad = _BAD_SQUARE.match(chunk).group()  # type: ignore[union-attr]
        hint = "columns are A–G from the left, rows 1–7 from the top (A1 is the top-left square)"
        if "0" in bad[1:]:
            hint += "; there is no row 0"
        return Diagnostic(
            "error", "M101", f"`{bad}` is not a square on the board", pos, pos + len(bad), hint
        )
    if chunk.isalpha() and _close_to_pass(chunk):
        return Diagnostic(
            "error", "M103", f"`{chunk}` is not a move", pos, end, "a pass is written `Pass`"
        )
    found = quoted_token(chunk if chunk.strip() else char)
    wanted = _expected_words(expected)
    message = f"unexpected {found}" + (f"; expected {wanted}" if wanted else "")
    return Diagnostic("error", "M100", message, pos, end)


def _marks() -> str:
    """The marks of every registered marked move: "TW"."""
    return "".join(kind.mark for kind in marked_kinds())


def _close_to_pass(word: str) -> bool:
    import difflib  # only a syntax error pays for it, not every start of `check`

    return difflib.SequenceMatcher(None, word.lower(), "pass").ratio() >= 0.75 or word.lower() in (
        "pas",
        "passe",
        "pss",
        "pasa",
    )


def _expected_words(expected: set[str]) -> str:
    words = sorted({_terminal_word(name) for name in expected if not name.startswith("__")})
    if len(words) > 6:
        words = [
            w
            for w in words
            if w
            in (
                _TERMINAL_WORDS["SQUARE"],
                _TERMINAL_WORDS["MOVE_NUMBER"],
                _TERMINAL_WORDS["PASS"],
                *(f"`{mark}`" for mark in _marks()),
            )
        ] + ["…"]
    return ", ".join(words)


def _at_end(text: str, error: Exception) -> tuple[Diagnostic, Spans | None]:
    """The text ended inside something: an open variation, tag or thunder list."""
    end = len(text.rstrip())
    opened = _unclosed_parens(text)
    if opened:
        return _never_closed(opened), [(at, at + 1) for at in opened]
    expected = getattr(error, "accepts", None) or getattr(error, "expected", None) or set()
    wanted = _expected_words(set(expected))
    return Diagnostic(
        "error",
        "M100",
        "the file ends in the middle of a move or tag" + (f"; expected {wanted}" if wanted else ""),
        max(0, end - 1),
        end,
    ), None


def _never_closed(opened: list[int]) -> Diagnostic:
    count = f" ({len(opened)} are open)" if len(opened) > 1 else ""
    return Diagnostic(
        "error",
        "M106",
        f"variation is never closed with `)`{count}",
        opened[0],
        opened[0] + 1,
        "close every `(` with `)`",
    )


def _unclosed_parens(text: str) -> list[int]:
    """Offsets of the `(` left open, outermost first, ignoring comments."""
    stack: list[int] = []
    for m in _words_and_parens(text, 0, len(text)):
        paren = m.group(2)
        if paren == "(":
            stack.append(m.start())
        elif paren == ")" and stack:
            stack.pop()
    return stack
