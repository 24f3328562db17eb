"""Reading record files, standard input and special files: one pass, decoded once.

Every command reads its input here. The bytes are read in blocks, checked for
NUL (a binary or UTF-16/32 file) and decoded as UTF-8 in the same pass, so a
file that changes while it is read cannot slip past the check. What cannot
be read raises `InputError` (a library error; the command line maps it to
exit code 3). Limits (`limits.py`): a non-regular file (a pipe, a device,
standard input) is read up to `MAX_STREAM_BYTES`; a named pipe without a
writer is waited for `FIFO_WAIT_SECONDS`.

`read_record` gives the whole text; `read_record_pieces` gives it in pieces
that end where a game's tag block begins, so `check` runs in bounded memory
on input of any length. The cut understands the grammar's tokens: a brace or
a `[` inside a `{comment}`, a `;` comment or a tag value is text.
"""

from __future__ import annotations

import codecs
import itertools
import os
import re
import select
import stat
import sys
from collections.abc import Iterator
from typing import BinaryIO

from maerstanas_print.diagnostics import visible
from maerstanas_print.io import limits
from maerstanas_print.io.errors import InputError, LimitError

_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)
BLOCK_BYTES = 2**16
STDIN_NAME = "<stdin>"

# A piece ends at the first tag block after this many characters (outside
# comments, tag values and variations), or at the first tag line after
# PIECE_CHARS * HARD_CUT_FACTOR characters in any state, so that one stray `{`
# or `(` cannot make a piece grow without bound.
PIECE_CHARS = 256 * 2**10
HARD_CUT_FACTOR = 16
_TAG_LINE = re.compile(r"[ \t]*\[[ \t]*[A-Za-z]")
_SPECIAL = re.compile(r'[{};"()\\\n]')
_TAG_LINES = re.compile(r"^[ \t]*\[[ \t]*[A-Za-z]", re.MULTILINE)  # _TAG_LINE, in a run of lines
# What can leave the token state changed at the end of a line (a tag value's
# quote cannot: the value ends with its line at the latest)
_STATEFUL = re.compile(r"[{};()\\]")
# A line that leaves the token state as it found it (outside comments and tag
# values): nothing special but its end, or one quoted value without a backslash
# (`[Event "Club night"]`). Most lines are one or the other.
_QUIET_LINE = re.compile(r'[^{};"()\\\n]*(?:"[^"\\\n]*"[^{};"()\\\n]*)?\n?')


def looks_like_tag_line(line: str) -> bool:
    """Whether `line` may begin a game's tag block: where `cut_pieces` may cut (in
    any state once a piece is past its hard bound)."""
    return bool(_TAG_LINE.match(line))


def display_name(path: str) -> str:
    """The name every message prints for `path`: its control and line-separator
    characters escaped (`diagnostics.visible`), so a file name stays on one line
    and cannot drive the terminal it is shown on."""
    return STDIN_NAME if path == "-" else visible(path)


def read_record(path: str) -> tuple[str, str]:
    """(display name, text) of a record file read whole; `-` reads standard input.
    Reading stops (LimitError) past `MAX_WHOLE_RECORD_CHARS`: the commands that read
    a record whole hold all its games (`check` reads one in pieces instead)."""
    name = display_name(path)
    most = limits.MAX_WHOLE_RECORD_CHARS
    parts: list[str] = []
    size = 0
    for block in _decoded(path, name):
        size += len(block)
        if size > most:
            raise LimitError(
                f"{name}: more than {most:,} characters, the most a record read whole "
                "may have; split it (check reads a record of any length)"
            )
        parts.append(block)
    return name, "".join(parts)


def read_text(path: str, what: str, max_bytes: int) -> tuple[str, str]:
    """(display name, text) of a file read whole that is not a record (a rulebook
    source): at most `max_bytes` from any kind of file, messages naming `what`."""
    name = display_name(path)
    return name, "".join(_decoded(path, name, what, max_bytes))


def read_small_input(path: str, max_chars: int, what: str) -> tuple[str, str]:
    """(display name, text) of an input that has a size of its own, such as a
    copied move list: reading stops (LimitError) as soon as it passes
    `max_chars`, so no more than that is ever held, whatever comes in."""
    name = display_name(path)
    parts: list[str] = []
    size = 0
    for block in _decoded(path, name):
        size += len(block)
        if size > max_chars:
            raise LimitError(f"{name}: more than {max_chars:,} characters; {what}")
        parts.append(block)
    return name, "".join(parts)


def read_record_pieces(path: str) -> tuple[str, Iterator[tuple[str, int]]]:
    """(display name, pieces) of a record file: each piece is (text, number of
    its first line). Opening errors are raised here, reading errors while the
    pieces are taken."""
    name = display_name(path)
    blocks = _decoded(path, name)
    first = next(blocks, "")  # opens the file: a missing file fails here, not later
    return name, cut_pieces(_lines(first, blocks))


# --- opening and reading bytes ------------------------------------------------


def _open(path: str, name: str, what: str = "record") -> tuple[BinaryIO, bool]:
    """(binary stream, whether it is a regular file)."""
    if path == "-":
        stdin = sys.stdin
        if stdin is None or getattr(stdin, "buffer", None) is None:
            raise InputError(f"{name}: standard input is closed")
        try:
            regular = stat.S_ISREG(os.fstat(stdin.buffer.fileno()).st_mode)
        except (OSError, ValueError):
            regular = False  # not a real file descriptor (tests, embedding)
        return stdin.buffer, regular
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{name}: is a directory, not a {what} file")
        if stat.S_ISFIFO(info.st_mode):
            return _open_fifo(path, name), False
        return open(path, "rb"), stat.S_ISREG(info.st_mode)  # noqa: SIM115
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{name}: is a directory, not a {what} file") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {exc.strerror or exc}") from None


def _open_fifo(path: str, name: str) -> BinaryIO:
    """A named pipe, opened without blocking; refused when no writer comes."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP)
        if not poller.poll(limits.FIFO_WAIT_SECONDS * 1000):
            raise InputError(
                f"{name}: a named pipe that nobody writes to "
                f"(waited {limits.FIFO_WAIT_SECONDS:g} s)"
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_record_bytes(path: str) -> tuple[str, bytes, str]:
    """(display name, the bytes as read, their text as `read_record` gives it): the
    text for the search, the bytes for writing back exactly what was there."""
    name = display_name(path)
    stream, regular = _open(path, name)
    raw: list[bytes] = []
    text = "".join(decode_stream(stream, regular, name, close=path != "-", raw=raw))
    return name, b"".join(raw), text


def _decoded(
    path: str, name: str, what: str = "record", max_bytes: int | None = None
) -> Iterator[str]:
    """The text of `path` in blocks: one read of each byte, checked and decoded once;
    at most `max_bytes` (when given) from any file, else `MAX_STREAM_BYTES` from a
    file that is not a regular one."""
    stream, regular = _open(path, name, what)
    return decode_stream(stream, regular, name, close=path != "-", what=what, max_bytes=max_bytes)


def decode_stream(
    stream: BinaryIO,
    regular: bool,
    name: str,
    *,
    close: bool = True,
    raw: list[bytes] | None = None,
    what: str = "record",
    max_bytes: int | None = None,
) -> Iterator[str]:
    """The text of an open stream in blocks (see `_decoded`); a byte order mark at
    its start is left out of the text. `raw` collects the bytes as they were read."""
    most = max_bytes if max_bytes is not None else limits.MAX_STREAM_BYTES
    decoder = codecs.getincrementaldecoder("utf-8")()
    done = 0
    try:
        while True:
            try:
                block = stream.read(BLOCK_BYTES)
            except OSError as exc:
                raise InputError(f"{name}: cannot read: {exc.strerror or exc}") from None
            if not block:
                break
            if b"\x00" in block:
                wide = _wide_encoding(block) if done == 0 else None
                problem = (
                    f"{wide} text, not UTF-8; save the {what} as UTF-8"
                    if wide
                    else f"a binary file, not a {what}"
                )
                raise InputError(f"{name}: {problem}")
            try:
                text = decoder.decode(block)
            except UnicodeDecodeError as exc:
                raise InputError(
                    f"{name}: not UTF-8 text (byte {done + exc.start} cannot be "
                    f"read); save the {what} as UTF-8"
                ) from None
            if max_bytes is not None and done + len(block) > max_bytes:
                raise InputError(f"{name}: more than {max_bytes:,} bytes, the most a {what} may be")
            if not regular and done + len(block) > most:
                raise InputError(
                    f"{name}: more than {most:,} bytes from a "
                    f"pipe or device; save the {what} to a file first"
                )
            if done == 0 and text.startswith("\ufeff"):
                # Editors hide the byte order mark: without it, columns on
                # line 1 are the ones the user sees.
                text = text[1:]
            done += len(block)
            if raw is not None:
                raw.append(block)
            yield text
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise InputError(
                f"{name}: not UTF-8 text (it ends inside a character); save the {what} as UTF-8"
            ) from None
    finally:
        if close:
            stream.close()


def _wide_encoding(data: bytes) -> str | None:
    """ "UTF-16" or "UTF-32" when `data` looks like a record saved that way (a
    Windows editor's "Unicode"), so the message can say how to fix it."""
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):
            return encoding
    sample = data[:4096]
    if len(sample) < 4:
        return None
    for width, encoding in ((4, "UTF-32"), (2, "UTF-16")):
        lanes = [sample[i::width] for i in range(width)]
        used = [lane for lane in lanes if lane.strip(b"\x00")]
        # Latin text without a BOM: one lane of letters, the other lanes all zero.
        if len(used) == 1 and used[0] in (lanes[0], lanes[-1]):
            return encoding
    return None


# --- pieces ---------------------------------------------------------------------


def _lines(first: str, blocks: Iterator[str]) -> Iterator[str]:
    """Runs of whole lines (each with its `\n`) of decoded blocks: a line ends
    where `Source` counts one, and never runs on into the next run. A line longer
    than a block is joined once, not block by block."""
    pending: list[str] = []
    for block in itertools.chain((first,), blocks):
        cut = block.rfind("\n") + 1
        if not cut:
            pending.append(block)
            continue
        pending.append(block[:cut])
        yield "".join(pending)
        pending = [block[cut:]]
    rest = "".join(pending)
    if rest:
        yield rest


def _split_lf(text: str) -> Iterator[str]:
    start = 0
    while (end := text.find("\n", start)) >= 0:
        yield text[start : end + 1]
        start = end + 1
    if start < len(text):
        yield text[start:]


class _TokenState:
    """Whether the text so far ends inside a comment, tag value or variation."""

    __slots__ = ("comment", "string", "depth")

    def __init__(self) -> None:
        self.comment = False  # inside `{...}`
        self.string = False  # inside a tag value
        self.depth = 0  # open variations

    def feed(self, line: str) -> None:
        line_comment = False
        escaped_at = -1  # the offset a backslash in a tag value escapes
        for m in _SPECIAL.finditer(line):
            ch, at = m.group(), m.start()
            if self.comment:
                self.comment = ch != "}"
            elif line_comment:
                line_comment = ch != "\n"
            elif self.string:
                if at == escaped_at:
                    continue
                if ch == "\\":
                    escaped_at = at + 1
                elif ch in '"\n':
                    self.string = False
            elif ch == "{":
                self.comment = True
            elif ch == ";":
                line_comment = True
            elif ch == '"':
                self.string = True
            elif ch == "(":
                self.depth += 1
            elif ch == ")" and self.depth:
                self.depth -= 1

    @property
    def clear(self) -> bool:
        return not (self.comment or self.string or self.depth)


class _Cutter:
    """Where `cut_pieces` is: the piece being gathered, its size and first line,
    the token state, and whether the last line that was not blank was a tag line."""

    __slots__ = (
        "least",
        "hard",
        "piece",
        "size",
        "first_line",
        "line_number",
        "state",
        "last_is_tag",
    )

    def __init__(self, least: int) -> None:
        self.least = least
        self.hard = PIECE_CHARS * HARD_CUT_FACTOR
        self.piece: list[str] = []
        self.size, self.first_line, self.line_number = 0, 1, 0
        self.state = _TokenState()
        self.last_is_tag = False

    def line(self, line: str) -> tuple[str, int] | None:
        """Add one line; the piece it closes, if it starts the next one."""
        done = None
        self.line_number += 1
        state = self.state
        # A line that looks like a tag inside a comment or a variation is text: it
        # must not hide the next game's tag block behind it.
        is_tag = bool(_TAG_LINE.match(line)) and (state.clear or self.size >= self.hard)
        if is_tag and not self.last_is_tag and self.size >= self.least:
            done = self.cut(self.line_number)
            state = self.state
        self.piece.append(line)
        self.size += len(line)
        if state.comment or state.string or not _QUIET_LINE.fullmatch(line):
            state.feed(line)
        if line.strip():
            self.last_is_tag = is_tag
        return done

    def quiet_run(self, run: str) -> Iterator[tuple[str, int]]:
        """Add a run of whole lines holding none of `{};()\\`, read from outside
        comments, tag values and variations: the state stays clear at every line
        (a tag value ends with its line at the latest), so only the tag lines
        can start a piece, and the run is taken in one piece, not line by line."""
        taken = 0  # what of `run` is in the piece already
        after_tag = 0  # where the text after the last tag line (of this run) starts
        if self.size + len(run) < self.least:  # no cut in this run: its last line tells
            text = run.rstrip()
            if text:
                self.last_is_tag = bool(_TAG_LINE.match(text, text.rfind("\n") + 1))
            after_tag = len(run)
        for found in _TAG_LINES.finditer(run, after_tag):
            start = found.start()
            if run[after_tag:start].strip():
                self.last_is_tag = False  # a line that is not blank came between
            if not self.last_is_tag and self.size + start - taken >= self.least:
                self.piece.append(run[taken:start])
                self.line_number += run.count("\n", taken, start)
                self.size += start - taken
                yield self.cut(self.line_number + 1)
                taken = start
            self.last_is_tag = True
            end = run.find("\n", start)
            after_tag = len(run) if end < 0 else end + 1
        if run[after_tag:].strip():
            self.last_is_tag = False
        self.piece.append(run[taken:])
        self.line_number += run.count("\n", taken)
        self.size += len(run) - taken
        if run and run[-1] != "\n":
            self.line_number += 1  # the text's last line, without its end
            self.state.feed(run[run.rfind("\n") + 1 :])

    def cut(self, first_line: int) -> tuple[str, int]:
        """The piece so far; the next one starts on `first_line`."""
        done = "".join(self.piece), self.first_line
        self.piece, self.size, self.first_line = [], 0, first_line
        self.state = _TokenState()
        return done


def cut_pieces(lines: Iterator[str], least: int | None = None) -> Iterator[tuple[str, int]]:
    """(text, number of its first line) pieces of `lines`, each cut where a game's
    tag block begins once it holds `least` characters (default `PIECE_CHARS`):
    outside comments, tag values and variations, or in any state past
    `PIECE_CHARS * HARD_CUT_FACTOR`. `least=1` gives a game at a time
    (`notation.stream` reads handles so). An item of `lines` may hold several
    whole lines (no line runs on into the next item): a run with nothing in it
    that changes the token state is taken whole, which is `check`'s common case."""
    cutter = _Cutter(PIECE_CHARS if least is None else least)
    for run in lines:
        if not (
            cutter.state.comment or cutter.state.string or cutter.state.depth
        ) and not _STATEFUL.search(run):
            yield from cutter.quiet_run(run)
            continue
        for line in _split_lf(run):
            done = cutter.line(line)
            if done is not None:
                yield done
    if cutter.piece or cutter.line_number == 0:
        yield "".join(cutter.piece), cutter.first_line
