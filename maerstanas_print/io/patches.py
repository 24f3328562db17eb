"""A unified diff of a text and its edits, byte for byte: what `check --diff` prints.

The diff shows exactly the bytes `check --fix` would write, so that applying
it gives the same file: lines end at `\\n` only (a `\\r` before it stays part
of the line, a byte order mark part of the first line), and a last line
without a final newline carries the `\\ No newline at end of file` marker
`patch` and `git apply` expect. The headers name a relative NAME `a/NAME`
and `b/NAME`, the form both `patch -p1` and `git apply` read (an absolute
name is written as it is: `patch -p0` reads it). NAME is written without
`./` or `dir/..` steps (`git apply` refuses them), and in double quotes with
C escapes when it has a space, a quote, a backslash or a control character
(a character a terminal obeys, such as U+202E, as the octal escapes of its bytes),
the form both tools read (unquoted, a space ends the name for `patch` and a
newline ends the header for both).

The hunks are made from the edits themselves, not by comparing the two
texts: the lines each edit touches, with three lines of context, edits close
together in one hunk. That is linear in the text, where a general line
comparison of a file of many similar games took minutes.
"""

from __future__ import annotations

import bisect
import posixpath
from dataclasses import dataclass

from maerstanas_print.diagnostics import visible

CONTEXT_LINES = 3
_NO_NEWLINE = b"\\ No newline at end of file\n"

Edit = tuple[int, int, str]  # replace text[start:end] (code points) by the string


def unified_diff(text: str, edits: list[Edit], name: str, prefix: bytes = b"") -> bytes:
    """The diff that applies `edits` (which must not overlap) to `text`, a file
    named `name` whose bytes are `prefix` and `text` in UTF-8; empty when the
    edits change nothing."""
    lines = _lines(text) or [""]
    out: list[bytes] = []
    shift = 0  # lines the hunks so far added (or removed)
    for hunk in _hunks(_changes(lines, sorted(edits))):
        top = max(0, hunk[0].first - CONTEXT_LINES)
        bottom = min(len(lines) - 1, hunk[-1].last + CONTEXT_LINES)
        body: list[bytes] = []
        at = top  # the next old line to show
        grown = 0
        for change in hunk:
            body += _marked(b" ", lines[at : change.first], at, prefix)
            body += _marked(b"-", change.old, change.first, prefix)
            body += _marked(b"+", change.new, change.first, prefix)
            at = change.last + 1
            grown += len(change.new) - len(change.old)
        body += _marked(b" ", lines[at : bottom + 1], at, prefix)
        old_count = bottom - top + 1
        out.append(
            b"@@ -"
            + _range(top, old_count)
            + b" +"
            + _range(top + shift, old_count + grown)
            + b" @@\n"
        )
        out += body
        shift += grown
    if not out:
        return b""
    plain = posixpath.normpath(name)
    if plain.startswith("/") or plain == ".." or plain.startswith("../"):
        old = new = _header_name(plain)  # outside the folder: `patch FILE` (docs/errors.md)
    else:
        old, new = _header_name("a/" + plain), _header_name("b/" + plain)
    return b"--- " + old + b"\n+++ " + new + b"\n" + b"".join(out)


_ESCAPES = {'"': b'\\"', "\\": b"\\\\", "\t": b"\\t", "\n": b"\\n", "\r": b"\\r"}


def _header_name(name: str) -> bytes:
    """`name` for a `---`/`+++` line: as it is, or quoted with C escapes when a
    space, quote, backslash or control character would cut or bend it. A name with
    a character the terminal would obey (a bidirectional override, U+2028, a C1
    control: what every message escapes) has all its non-ASCII bytes written as
    octal escapes, as git writes names, so the header shows no such character and
    `patch` and `git apply` still read the file's real name from it."""
    data = name.encode("utf-8", "surrogateescape")
    steering = visible(name) != name  # what every message escapes (`diagnostics.visible`)
    if not steering and not any(c in _ESCAPES or c == " " or ord(c) < 0x20 for c in name):
        return data
    out = bytearray(b'"')
    for byte in data:
        char = chr(byte)
        if char in _ESCAPES:
            out += _ESCAPES[char]
        elif byte < 0x20 or byte == 0x7F or (steering and byte >= 0x80):
            out += b"\\%03o" % byte
        else:
            out.append(byte)
    return bytes(out + b'"')


@dataclass(frozen=True, slots=True)
class _Change:
    """Old lines first..last, and the lines the edits in them make of them."""

    first: int
    last: int
    old: list[str]
    new: list[str]


def _lines(text: str) -> list[str]:
    """`text` cut after each `\n` (the last line may have none)."""
    lines = text.split("\n")
    whole = [line + "\n" for line in lines[:-1]]
    return whole + [lines[-1]] if lines[-1] else whole


def _changes(lines: list[str], edits: list[Edit]) -> list[_Change]:
    """The changed runs of lines, in order: edits on the same lines go together."""
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line))
    groups: list[tuple[int, int, list[Edit]]] = []
    for edit in edits:
        start, end, _ = edit
        first = bisect.bisect_right(starts, start) - 1
        last = min(len(lines) - 1, max(first, bisect.bisect_right(starts, max(start, end - 1)) - 1))
        if groups and first <= groups[-1][1]:
            head, tail, inside = groups[-1]
            groups[-1] = (head, max(tail, last), [*inside, edit])
        else:
            groups.append((first, last, [edit]))
    changes = []
    for first, last, inside in groups:
        base = starts[first]
        block = "".join(lines[first : last + 1])
        for start, end, content in reversed(inside):
            block = block[: start - base] + content + block[end - base :]
        old, new = lines[first : last + 1], _lines(block)
        if old != new:
            changes.append(_Change(first, last, old, new))
    return changes


def _hunks(changes: list[_Change]) -> list[list[_Change]]:
    """The changes in hunks: two whose context lines would meet share one."""
    hunks: list[list[_Change]] = []
    for change in changes:
        if hunks and change.first - hunks[-1][-1].last - 1 <= 2 * CONTEXT_LINES:
            hunks[-1].append(change)
        else:
            hunks.append([change])
    return hunks


def _marked(mark: bytes, lines: list[str], first: int, prefix: bytes) -> list[bytes]:
    """`lines` (from line `first` on) as bytes behind `mark`; the file's first
    line carries the prefix (a byte order mark)."""
    out = []
    for index, line in enumerate(lines, first):
        data = line.encode("utf-8", "surrogateescape")
        out.append(mark + (prefix if index == 0 else b"") + data)
        if not data.endswith(b"\n"):
            out.append(b"\n" + _NO_NEWLINE)
    return out


def _range(start: int, count: int) -> bytes:
    """A hunk's `start,count` (1-based; an empty range names the line before it)."""
    if count == 1:
        return b"%d" % (start + 1)
    return b"%d,%d" % (start + 1 if count else start, count)
