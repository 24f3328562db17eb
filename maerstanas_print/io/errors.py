"""The library's own errors, and the limits that keep every stage bounded.

Library code (reading files, writing outputs, rendering) raises these; only
the command line turns them into messages and exit codes (`exits.py`), so a
Python user gets exceptions to catch rather than a program that exits.
"""

from __future__ import annotations


class MaerstanasError(Exception):
    """Base class: a failure with a one-line, user-facing message."""


class InputError(MaerstanasError):
    """An input that cannot be read: missing, a folder, binary, not UTF-8,
    no permission, endless, a symlink loop."""


class OutputError(MaerstanasError):
    """An output that cannot be written: a read-only folder, a path under a file,
    a full disk, a closed standard output."""


class SameFileError(MaerstanasError):
    """An output that would overwrite its own input, or whose name names a
    folder (usage errors)."""


class LimitError(MaerstanasError):
    """An input within the grammar but beyond a documented limit (docs/errors.md)."""


class Terminated(BaseException):
    """SIGTERM, SIGHUP or SIGQUIT, raised like KeyboardInterrupt so that
    `finally` blocks run and no temporary file is left behind."""
