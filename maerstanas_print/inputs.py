"""Reading record files: one message and exit code 3 for anything unreadable."""

from __future__ import annotations

import sys
from pathlib import Path

from maerstanas_print.cli import EXIT_IO, CommandError


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
        raise CommandError(f"{name}: a binary file, not a record", EXIT_IO)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CommandError(f"{name}: not UTF-8 text (byte {exc.start} cannot be read); "
                           "save the record as UTF-8", EXIT_IO) from None
    return name, text
