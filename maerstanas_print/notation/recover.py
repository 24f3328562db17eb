"""Reading a copier's slip as what was evidently meant.

When the grammar stops at a word whose intent is clear (`Pas`, `4E`, a thunder
move without its `x` or with commas in its list, a score line in a common
human form, a comma between moves), the reader still reports the error, but
reads the span as the text returned here and goes on, so the rest of the game
(its removal lists, its score line, its Result) is checked in the same run.

A reading is only offered when the fast scanner reads the proposed text as
exactly one item of the expected kind: a guess that is not notation is no guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from maerstanas_print.notation.move_kinds import MoveKind, marked_kinds, version
from maerstanas_print.notation.scan import scan

_SQ = r"[A-Ga-g][1-7]"
_ROW_FIRST_SQ = r"[1-7][A-Ga-g]"
_ANY_SQ = rf"(?:{_SQ}|{_ROW_FIRST_SQ})"
_LIST = rf"{_ANY_SQ}(?:\s*[/,;]\s*{_ANY_SQ})*"


class _Marked:
    """The slips of the marked moves registered now (`move_kinds`): a mark before
    the word the grammar stopped at; a move with a removal list (`T E4xE3/D4`)
    written with any of row-first squares, no `x` (then the list touches the
    square or has a `/`), commas for slashes; one without (`W C5`)."""

    def __init__(self, kinds: tuple[MoveKind, ...]) -> None:
        def letters(chosen: list[MoveKind]) -> str:  # never empty: `(?!)` matches nothing
            return f"[{''.join(k.mark + k.mark.lower() for k in chosen)}]" if chosen else "(?!)"

        removing = [k for k in kinds if k.with_removals]
        self.kind_of = {k.mark: k.kind for k in kinds}
        self.before = re.compile(rf"(?<![A-Za-z0-9])({letters(list(kinds))})\s*$")
        self.removing = re.compile(
            rf"({letters(removing)})\s*({_ANY_SQ})(?:\s*([xX])\s*({_LIST})|({_LIST})"
            rf"|\s+({_ANY_SQ}(?:\s*/\s*{_ANY_SQ})+))?"
        )
        self.removing_before = re.compile(
            rf"(?<![A-Za-z0-9]){letters(removing)}\s*{_ANY_SQ}(?:\s*[xX]?\s*\S*)?$"
        )
        self.plain = re.compile(
            rf"({letters([k for k in kinds if not k.with_removals])})"
            rf"\s*({_ANY_SQ})(?![A-Za-z0-9])"
        )


@lru_cache(maxsize=4)
def _marked(kinds_version: int) -> _Marked:
    return _Marked(marked_kinds())


_SCORE_WORDS = re.compile(r"Dark\s*:?\s*([0-9]{1,6})\s*[,;]?\s*Light\s*:?\s*([0-9]{1,6})(?![0-9])")
_SCORE_DASH = re.compile(r"([0-9]{1,6})\s*[-–]\s*([0-9]{1,6})(?=[ \t\r]*(?:\n|$))")
_MOVE_BEFORE = re.compile(rf"(?:{_SQ}|[Pp]ass)[!?]*\s*$")


@dataclass(slots=True)
class Reading:
    """A slip's span [start, end), the text it is read as, and how to explain it."""

    start: int
    end: int
    text: str
    code: str
    message: str
    hint: str


def _square(text: str) -> str:
    """`e4` or `4e` -> `E4`."""
    if text[0].isdigit():
        text = text[1] + text[0]
    return text.upper()


def _touch(a: str, b: str) -> bool:
    """Orthogonal neighbours, on the plain board or across its wrapped edges."""
    dc = abs(ord(a[0]) - ord(b[0]))
    dr = abs(int(a[1]) - int(b[1]))
    return sorted((dc, dr)) in ([0, 1], [0, 6])


def _one_item(text: str, kind: str) -> bool:
    items = scan(text)
    return items is not None and len(items) == 1 and items[0][0] == kind


def read_marked_move(text: str, start: int) -> Reading | None:
    """A marked move (`T E4xE3/D4`, `W C5`) from `start` (its marker) that the grammar
    could not read."""
    marked = _marked(version())
    removing = marked.removing.match(text, start)
    found = removing or marked.plain.match(text, start)
    if found is None:
        return None
    marker, square = found.group(1).upper(), _square(found.group(2))
    removals = None
    if removing is not None:
        removals = found.group(4) or found.group(5) or found.group(6)
    written = text[start : found.end()]
    intended = f"{marker} {square}"
    if removals:
        squares = [_square(sq) for sq in re.split(r"\s*[/,;]\s*", removals)]
        if not all(_touch(square, sq) for sq in squares):
            return None  # not a removal list: more likely separate moves
        intended += "x" + "/".join(squares)
    if intended == written or not _one_item(intended, "move"):
        return None
    if re.search(rf"(?<![A-Za-z]){_ROW_FIRST_SQ}", written):
        code, message = "M102", f"`{written}` names a row before its column"
    elif removals and found.group(3) is None:
        code, message = "M104", f"{marked.kind_of[marker]} removal list without its `x`"
    elif removals and re.search(r"[,;]", removals):
        code, message = "M100", "the squares of a removal list are split by `/`, not commas"
    else:
        return None
    return Reading(start, found.end(), intended, code, message, f"write `{intended}`")


def read_slip(text: str, pos: int, end: int) -> Reading | None:
    """What the word at `pos` (ending at `end`), where the grammar stopped, was meant to be."""
    line_start = text.rfind("\n", 0, pos) + 1
    marked = _marked(version())
    marker = marked.before.search(text, line_start, pos)
    if marker is not None:
        return read_marked_move(text, marker.start(1))
    thunder = marked.removing_before.search(text[line_start:pos])
    if thunder is not None:  # `T C2 C1/B2`: the grammar read `T C2`, then stopped
        reading = read_marked_move(text, line_start + thunder.start())
        if reading is not None and reading.end >= pos + len(text[pos:end].rstrip("!?")):
            return reading
    word = text[pos:end]
    if text[pos] == "," and _MOVE_BEFORE.search(text, line_start, pos):
        return Reading(
            pos,
            pos + 1,
            "",
            "M100",
            "moves are separated by spaces, not commas",
            "remove the comma",
        )
    score = _score_line(text, line_start, pos)
    if score is not None:
        return score
    row_first = re.fullmatch(rf"({_ROW_FIRST_SQ})([!?]*)", word)
    if row_first and _one_item(_square(row_first.group(1)), "move"):
        square = _square(row_first.group(1))
        return Reading(
            pos,
            end,
            square + row_first.group(2),
            "M102",
            f"`{word}` names the row before the column",
            f"squares are written column first: `{square}`",
        )
    return None


def _score_line(text: str, line_start: int, pos: int) -> Reading | None:
    """`Dark 16, Light 16`, `Dark: 16 Light: 16`, `16-16` as the score line."""
    dark_at = text.rfind("Dark", line_start, pos + 1)
    found = _SCORE_WORDS.match(text, dark_at) if dark_at >= 0 else None
    if found is None:
        found = _SCORE_DASH.match(text, pos)
        if found is None or text[line_start:pos].strip():
            return None
    if not found.start() <= pos < found.end():
        return None  # the `Dark` found is elsewhere on the line (a comment, a tag)
    intended = f"Dark: {int(found.group(1))}, Light: {int(found.group(2))}"
    written = text[found.start() : found.end()]
    if written == intended or not _one_item(intended, "score"):
        return None
    return Reading(
        found.start(),
        found.end(),
        intended,
        "M100",
        f"`{written}` is not a score line in the standard form",
        f"write `{intended}`",
    )
