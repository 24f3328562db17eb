"""Reading record files: one message and exit code 3 for anything unreadable."""

from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from maerstanas_print.cli import EXIT_IO, CommandError

_WIDE_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
              (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


def read_record(path: str) -> tuple[str, str]:
    """(display name, text) of a record file; `-` reads standard input."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        name = path
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            raise CommandError(f"{path}: no such file", EXIT_IO) from None
        except IsADirectoryError:
            raise CommandError(f"{path}: is a directory, not a record file", EXIT_IO) from None
        except OSError as exc:
            raise CommandError(f"{path}: cannot read: {exc.strerror or exc}", EXIT_IO) from None
    if b"\x00" in data:
        wide = _wide_encoding(data)
        if wide:
            raise CommandError(f"{name}: {wide} text, not UTF-8; save the record as UTF-8",
                               EXIT_IO)
        raise CommandError(f"{name}: a binary file, not a record", EXIT_IO)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CommandError(f"{name}: not UTF-8 text (byte {exc.start} cannot be read); "
                           "save the record as UTF-8", EXIT_IO) from None
    if text.startswith("\ufeff"):
        # Editors hide the byte order mark: without it, columns on line 1 are
        # the ones the user sees.
        text = text[1:]
    return name, text


def _wide_encoding(data: bytes) -> str | None:
    """"UTF-16" or "UTF-32" when `data` looks like a record saved that way (a
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


# Files up to this size are read whole; larger ones are read in pieces.
WHOLE_FILE_BYTES = 4 * 2**20
PIECE_CHARS = 256 * 2**10  # a piece ends at the first tag block after this many characters
_TAG_LINE = re.compile(r"[ \t]*\[[ \t]*[A-Za-z]")


def read_record_pieces(path: str) -> tuple[str, Iterator[tuple[str, int]]]:
    """(display name, pieces) of a record file: each piece is (text, number of its
    first line). Small files and stdin come as one piece; a large file is first
    checked to be UTF-8 text in one pass that keeps nothing, then read in pieces
    that end where a game's tag block begins, so memory does not grow with it.
    """
    if path == "-" or _size(path) <= WHOLE_FILE_BYTES:
        name, text = read_record(path)
        return name, iter([(text, 1)])
    _check_encoding(path)
    return path, _pieces(path)


def _size(path: str) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0  # read_record gives the right message


def _check_encoding(path: str) -> None:
    decoder = codecs.getincrementaldecoder("utf-8")()
    done = 0
    try:
        with open(path, "rb") as handle:
            while block := handle.read(2**20):
                if b"\x00" in block:
                    wide = _wide_encoding(block) if done == 0 else None
                    what = f"{wide} text, not UTF-8; save the record as UTF-8" if wide \
                        else "a binary file, not a record"
                    raise CommandError(f"{path}: {what}", EXIT_IO)
                try:
                    decoder.decode(block)
                except UnicodeDecodeError as exc:
                    raise CommandError(f"{path}: not UTF-8 text (byte {done + exc.start} "
                                       "cannot be read); save the record as UTF-8",
                                       EXIT_IO) from None
                done += len(block)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not UTF-8 text (it ends inside a character); "
                           "save the record as UTF-8", EXIT_IO) from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot read: {exc.strerror or exc}", EXIT_IO) from None


def _pieces(path: str) -> Iterator[tuple[str, int]]:
    lines: list[str] = []
    size, first_line, line_number = 0, 1, 0
    opened = 0  # `{` minus `}` so far in the piece: never cut inside a comment
    last_is_tag = False
    with open(path, encoding="utf-8", newline="") as handle:
        for line in handle:
            line_number += 1
            if line_number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            is_tag = bool(_TAG_LINE.match(line))
            if is_tag and size >= PIECE_CHARS and not last_is_tag and opened <= 0:
                yield "".join(lines), first_line
                lines, size, first_line, opened = [], 0, line_number, 0
            lines.append(line)
            size += len(line)
            opened += line.count("{") - line.count("}")
            if line.strip():
                last_is_tag = is_tag
    if lines:
        yield "".join(lines), first_line


def read_text(path: str) -> tuple[str, str]:
    """(display name, text) of a record file, for library callers: a file that cannot
    be read raises OSError with the same one-line message the commands print."""
    try:
        return read_record(path)
    except CommandError as exc:
        raise OSError(str(exc)) from None
