"""A progress bar on standard error, for the commands that take long.

The document layer only reports progress through a callback (`make(total,
what)` returning an object with `step()` and `close()`); this is the
command line's answer to it.
"""

from __future__ import annotations

import sys
from typing import TextIO


class Progress:
    """A one-line bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, what: str, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.total = total
        self.what = what
        self.done = 0
        self.on = (
            total > 0
            and self.stream is not None
            and bool(getattr(self.stream, "isatty", lambda: False)())
        )

    def step(self, n: int = 1) -> None:
        self.done += n
        if self.on:
            width = 30
            full = width * self.done // max(1, self.total)
            self.stream.write(
                f"\r{self.what} [{'#' * full}{'.' * (width - full)}] {self.done}/{self.total}"
            )
            self.stream.flush()

    def close(self) -> None:
        if self.on:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()
