"""Reading record files: one message and exit code 3 for anything unreadable."""

from __future__ import annotations

import codecs
import sys
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
