"""Diagnostics: a code, a severity, a message and where in the source it is.

Positions are character offsets while the record is read; `Source` turns them
into 1-based line and column numbers and a caret excerpt only when a message
is printed, so reading a valid file never pays for it.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from array import array
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "note"]

# Longest source line a diagnostic prints whole; longer ones are cut around the caret.
EXCERPT_WIDTH = 120

# Every code the toolchain can report, with a one-line summary (docs/notation.md
# lists them with examples). Codes never change meaning once published.
CODES: dict[str, str] = {
    # M1xx: the text cannot be read as notation
    "M100": "syntax error",
    "M101": "not a square on the board",
    "M102": "square written row first (4E for E4)",
    "M103": "misspelt Pass",
    "M104": "thunder removal list without its `x`",
    "M105": "letter O written for a digit 0 (or the other way round)",
    "M106": "unterminated comment, tag or variation",
    "M107": "misplaced annotation (a glyph, NAG or variation with no move before it)",
    "M108": "movetext or tags cannot be read here",
    "M109": "variations nested too deeply",
    # M2xx: a move the rules forbid
    "M201": "square already occupied",
    "M202": "placement would give a stone four hinges",
    "M203": "Woden-stone not on an opponent stone",
    "M204": "special stone already played",
    "M205": "special stone played with special stones off",
    "M206": "pass when a move is possible",
    "M207": "move after the game ended",
    "M208": "move of the wrong kind for this game (a placement in a tafl game, ...)",
    "M209": "no such piece of the mover's on that square (empty, the opponent's, wrong letter)",
    "M210": "the piece cannot go there (not a line, blocked, occupied, the throne)",
    "M211": "move that repeats a position for the third time (Cyngesheall)",
    # M3xx: the record contradicts itself or the replay
    "M301": "wrong move number",
    "M302": "removal or capture list differs from the stones removed",
    "M303": "final score line differs from the computed score",
    "M304": "score line on a game that is not over",
    "M305": "Result tag differs from the game's result",
    "M306": "rule tag with an unknown value",
    "M307": "duplicate tag",
    "M312": "`!` on a move that does not end the game",
    # M4xx: accepted in lenient mode (warnings), refused with --strict
    "M401": "written in lower case",
    "M402": "removal or capture list (or a piece letter in it) left out",
    "M403": "forced Pass left out",
    "M404": "game without a termination (`*` or the score line)",
    "M405": "tag value not in the standard form",
    "M406": "game-ending move without its `!`",
    "M407": "`[%eval]` value that cannot be read (ignored)",
    # M5xx: a move list copied from the author's apps (`import`)
    "M501": "a line that is not part of an app's move list",
    "M502": "an entry's `(Player n)` is not the side whose turn it is",
    "M503": "move numbers that do not run 1, 2, 3, ... (up or down)",
    "M504": "a list without move numbers whose order cannot be decided",
    "M505": "the app's scores differ from the replayed moves",
    "M506": "the app's end-of-game line differs from the replayed moves",
}


# Characters that steer a terminal, reorder text, end a line or hide text (C0 and
# C1 controls but the tab, DEL, every Bidi_Control character of Unicode (U+061C,
# U+200E/F, U+202A-E, U+2066-9), the line and paragraph separators, and the
# invisible format characters (category Cf) that make two names look alike: the
# soft hyphen, zero width space, word joiner and invisible operators, the
# deprecated format characters, U+FEFF, the interlinear annotation marks and the
# tag characters). A record or a file name must not retitle or clear the user's
# terminal, forge a line of the program's output or pass for another name, so
# they are printed as escapes. The zero width joiner and non-joiner (U+200C/D)
# stay: scripts and emoji need them, and they reorder nothing; so do the other
# format characters, visible signs of their scripts (Arabic number signs, ...).
# The code points Unicode keeps unassigned but ignorable (U+2065, U+FFF0-FFF8,
# the rest of the tag block) are escaped too: a terminal shows them as nothing.
_CONTROL = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\xad\u061c\u180e\u200b\u200e\u200f\u2028\u2029"
    "\u202a-\u202e\u2060-\u206f\ufeff\ufff0-\ufffb"
    "\U000e0000-\U000e00ff\U000e01f0-\U000e0fff]"
)


def _escape(found: re.Match[str]) -> str:
    return _escape_char(found.group())


def _escape_char(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` with its control characters written as `\\x1b`-style escapes."""
    return _CONTROL.sub(_escape, text)


# Characters that look like nothing, or like a plain space, when a message quotes
# them as the token at fault: Hangul fillers, the combining grapheme joiner,
# the Khmer inherent vowels, variation selectors (Mongolian ones too) and the
# blank braille pattern (their categories are Lo, Mn and So, so the category test
# below does not catch them).
_BLANK_LOOKING = frozenset(
    (
        0x034F,
        0x115F,
        0x1160,
        0x17B4,
        0x17B5,
        0x180B,
        0x180C,
        0x180D,
        0x180F,
        0x2800,
        0x3164,
        0xFFA0,
        *range(0xFE00, 0xFE10),
    )
)


def _invisible(char: str) -> bool:
    code = ord(char)
    category = unicodedata.category(char)
    return (
        (category == "Zs" and char != " ")
        or category == "Cf"
        or code in _BLANK_LOOKING
        or 0xE0100 <= code <= 0xE01EF
    )


def quoted_token(text: str) -> str:
    """`text` in backticks as a message quotes the thing at fault ("unexpected
    `…`"): `visible`, and every space other than U+0020 (a no-break space pasted
    from a web page, U+3000, U+2007...), every format character (U+200C, U+200D)
    and every blank-looking filler or variation selector escaped too, since the
    user could not otherwise tell what is wrong. A single such character is
    also named: "`\\u00a0` (no-break space)". A combining mark that opens the
    token is escaped too: printed, it would merge with the backtick."""
    seen = visible(text)
    shown = "".join(
        _escape_char(char)
        if _invisible(char) or (index == 0 and unicodedata.category(char).startswith("M"))
        else char  # a mark first would sit on the opening backtick
        for index, char in enumerate(seen)
    )
    name = unicodedata.name(text, "") if len(text) == 1 and shown != text else ""
    return f"`{shown}`" + (f" ({name.lower()})" if name else "")


@dataclass(slots=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    start: int
    end: int
    hint: str | None = None
    # A slip whose intent is clear (`Pas`, `4E`, a missing `x`) is read as this
    # text, so the game is still replayed; the diagnostic stays an error.
    read_as: str | None = None

    def as_error(self) -> Diagnostic:
        return Diagnostic(
            "error", self.code, self.message, self.start, self.end, self.hint, self.read_as
        )


_COUNTED_LOOKUPS = 8  # then the index of line starts is built, once


class Source:
    """A record text with its name, for turning offsets into lines and columns."""

    def __init__(self, name: str, text: str, first_line: int = 1) -> None:
        self.name = name
        self.text = text
        self.first_line = first_line  # the file's line number of the text's first line
        # 8 bytes a line in an array (a list of ints took 36: 160 MB for the four
        # million lines of a 36 MB record without tags, which is read as one piece)
        self._line_starts: array[int] | None = None
        self._counted = 0  # places found without the index of line starts
        self._last_span: tuple[int, tuple[int, int]] = (0, (0, 0))  # line -> its span

    def _starts(self) -> array[int]:
        if self._line_starts is None:
            starts = array("q", [0])
            find = self.text.find
            pos = find("\n")
            while pos >= 0:
                starts.append(pos + 1)
                pos = find("\n", pos + 1)
            self._line_starts = starts
        return self._line_starts

    def locate(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset. The first few are counted
        in the text: an index of every line start costs 36 bytes a line (430 MB for
        twelve million lines), far more than the one place a limit's message needs."""
        offset = max(0, min(offset, len(self.text)))
        if self._line_starts is None and self._counted < _COUNTED_LOOKUPS:
            self._counted += 1
            line_start = self.text.rfind("\n", 0, offset) + 1
            return self.text.count("\n", 0, line_start) + 1, offset - line_start + 1
        starts = self._starts()
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    def line_text(self, line: int) -> str:
        begin, end = self._line_span(line)
        return self.text[begin:end]

    def _line_span(self, line: int) -> tuple[int, int]:
        """Where 1-based `line` starts and ends in the text (its CRs left out), found
        without copying it: many diagnostics on one long line must not each copy it."""
        if self._last_span[0] == line:  # diagnostics come line by line
            return self._last_span[1]
        starts = self._starts()
        begin = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        while end > begin and self.text[end - 1] == "\r":
            end -= 1
        self._last_span = (line, (begin, end))
        return begin, end

    def excerpt(self, start: int, end: int) -> str:
        """The source line with a caret under [start, end) (clipped to the line).

        A line longer than EXCERPT_WIDTH is shown as a window around the caret,
        with `…` where it is cut: a record on one megabyte line must not print
        a megabyte per diagnostic.
        """
        line, column = self.locate(start)
        first, last = self._line_span(line)
        length = last - first
        width = max(1, min(end, start + length - column + 1) - start)
        at = column - 1
        if length > EXCERPT_WIDTH:
            begin = max(0, min(at - EXCERPT_WIDTH // 3, length - EXCERPT_WIDTH))
            finish = begin + EXCERPT_WIDTH
            text = self.text[first + begin : first + finish]  # only the window is copied
            cut = "…" if begin else ""
            shown = cut + visible(text) + ("…" if finish < length else "")
            before = cut + visible(text[: at - begin])
            marked = visible(text[at - begin : at - begin + min(width, finish - at)])
        else:
            text = self.text[first:last]
            shown, before = visible(text), visible(text[:at])
            marked = visible(text[at : at + width])
        width = max(1, len(marked))
        # Keep tabs in the caret line so the caret lines up under them.
        lead = "".join("\t" if ch == "\t" else " " for ch in before)
        return f"  {shown}\n  {lead}^{'~' * (width - 1)}"

    def format(self, diagnostic: Diagnostic) -> str:
        line, column = self.locate(diagnostic.start)
        line += self.first_line - 1
        head = (
            f"{visible(self.name)}:{line}:{column}: {diagnostic.severity} "
            f"{diagnostic.code}: {visible(diagnostic.message)}"
        )
        parts = [head, self.excerpt(diagnostic.start, diagnostic.end)]
        if diagnostic.hint:
            parts.append(f"  hint: {visible(diagnostic.hint)}")
        return "\n".join(parts)

    def as_json(self, diagnostic: Diagnostic) -> dict[str, object]:
        line, column = self.locate(diagnostic.start)
        line += self.first_line - 1
        out: dict[str, object] = {
            "severity": diagnostic.severity,
            "code": diagnostic.code,
            "line": line,
            "column": column,
            "message": diagnostic.message,
        }
        if diagnostic.hint:
            out["hint"] = diagnostic.hint
        return out
