"""A unified diff of two versions of a file, byte for byte: what `check --diff` prints.

The diff shows exactly the bytes `check --fix` would write, so that applying
it gives the same file: lines end at `\\n` only (a `\\r` before it stays part
of the line, a byte order mark part of the first line), and a last line
without a final newline carries the `\\ No newline at end of file` marker
`patch` and `git apply` expect. The headers name a relative NAME `a/NAME`
and `b/NAME`, the form both `patch -p1` and `git apply` read (an absolute
name is written as it is: `patch -p0` reads it).
"""

from __future__ import annotations

import difflib

CONTEXT_LINES = 3
_NO_NEWLINE = b"\\ No newline at end of file\n"


def unified_diff(old: bytes, new: bytes, name: str) -> bytes:
    """The diff that turns `old` into `new`, a file named `name`; empty when equal."""
    if old == new:
        return b""
    before, after = _lines(old), _lines(new)
    label = name.encode("utf-8", "surrogateescape")
    old_label, new_label = (
        (label, label) if name.startswith("/") else (b"a/" + label, b"b/" + label)
    )
    out = [b"--- " + old_label + b"\n", b"+++ " + new_label + b"\n"]
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for group in matcher.get_grouped_opcodes(CONTEXT_LINES):
        first, last = group[0], group[-1]
        old_range, new_range = _range(first[1], last[2]), _range(first[3], last[4])
        out.append(b"@@ -" + old_range + b" +" + new_range + b" @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += _marked(b" ", before[i1:i2])
                continue
            out += _marked(b"-", before[i1:i2])
            out += _marked(b"+", after[j1:j2])
    return b"".join(out)


def _lines(data: bytes) -> list[bytes]:
    """`data` cut after each `\\n` (the last line may have none)."""
    lines = data.split(b"\n")
    whole = [line + b"\n" for line in lines[:-1]]
    return whole + [lines[-1]] if lines[-1] else whole


def _marked(mark: bytes, lines: list[bytes]) -> list[bytes]:
    out = []
    for line in lines:
        out.append(mark + line)
        if not line.endswith(b"\n"):
            out.append(b"\n" + _NO_NEWLINE)
    return out


def _range(start: int, end: int) -> bytes:
    """A hunk's `start,count` (1-based; an empty range names the line before it)."""
    count = end - start
    if count == 1:
        return b"%d" % (start + 1)
    return b"%d,%d" % (start + 1 if count else start, count)
