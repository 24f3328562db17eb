"""Exit codes, and the one place where errors become a message and an exit code.

The library raises its own errors (`errors.py`); the sub-commands raise
`CommandError` for what only a command can judge (a bad option value).
`exit_for` is the only code that decides which exit code a failure gives.
"""

from __future__ import annotations

from maerstanas_print.io.errors import (
    InputError,
    LimitError,
    MaerstanasError,
    OutputError,
    SameFileError,
)

EXIT_OK = 0
EXIT_INVALID = 1  # a record with errors, or beyond a limit
EXIT_USAGE = 2  # a bad option or value; an output that would overwrite the input
EXIT_IO = 3  # an input that cannot be read, an output that cannot be written
EXIT_HANGUP = 129  # SIGHUP, a closed terminal or a dropped ssh session (128 + SIGHUP)
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)
EXIT_QUIT = 131  # Ctrl-\\, SIGQUIT (128 + SIGQUIT)
EXIT_TERMINATED = 143  # SIGTERM (128 + SIGTERM)


class CommandError(Exception):
    """A failure a sub-command reports with a one-line message and an exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_IO) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def exit_for(exc: BaseException) -> int:
    """The exit code of a failure `main` reports in one line."""
    if isinstance(exc, CommandError):
        return exc.exit_code
    if isinstance(exc, SameFileError):
        return EXIT_USAGE
    if isinstance(exc, LimitError):
        return EXIT_INVALID
    if isinstance(exc, (InputError, OutputError)):
        return EXIT_IO
    if isinstance(exc, MaerstanasError):
        return EXIT_INVALID
    raise TypeError(f"no exit code for {type(exc).__name__}")
