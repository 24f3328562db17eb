"""Holding back signals while a user's file is half written.

A file being rewritten in place is half old, half new until the write ends,
and a file written beside its target leaves a temporary file if the run ends
before the rename. Ctrl-C, SIGTERM, SIGHUP and SIGQUIT are turned into
exceptions whose `finally` cleans up, but SIGUSR1, SIGALRM and every other
signal whose default is to end the process would end it on the spot. Both
writers therefore hold signals for the short section that must not be cut,
and the held signals are delivered when it ends; only SIGKILL and SIGSTOP
cannot be held. `check --fix` holds them all from its write until it has
said what it wrote, so a stopped run never hides a change it made.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


@contextlib.contextmanager
def signals_held(keep_handled: bool = False) -> Iterator[None]:
    """Hold every signal that can be held for the block, then deliver them.
    With `keep_handled`, a signal this program turns into an exception (Ctrl-C,
    SIGTERM, SIGHUP, SIGQUIT) still stops the block at once: the caller's
    cleanup runs and nothing is half done. Blocks nest: an inner block leaves
    the outer one's holding in place."""
    held = set(signal.valid_signals())
    if keep_handled:
        held -= {signum for signum in held if callable(signal.getsignal(signum))}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class _Run:
    """Whether the run has said what it did (its last `wrote` line): a stopping
    signal then waits (`postponed`) instead of changing the exit code, and is
    delivered if the run goes on after all (`build` makes the next file)."""

    over = False
    pending: int | None = None


def run_starts() -> None:
    """A run (a command line) begins: nothing is said yet, and no signal waits."""
    _Run.over = False
    _Run.pending = None


def run_over() -> None:
    """The run has written and said its output: a stopping signal now waits."""
    _Run.over = True


def run_goes_on() -> None:
    """More work follows: a signal that waited is delivered now."""
    _Run.over = False
    pending, _Run.pending = _Run.pending, None
    if pending is not None:
        signal.raise_signal(pending)


def postponed(signum: int) -> bool:
    """Whether the handler of `signum` should let it wait (the run is over)."""
    if _Run.over:
        _Run.pending = signum
        return True
    return False


@contextlib.contextmanager
def signals_let_through() -> Iterator[None]:
    """Inside `signals_held`: let the signals this program handles (Ctrl-C, SIGTERM,
    SIGHUP, SIGQUIT) through for a wait that changes nothing (a lock another
    program holds), so they stop the run at once, before anything is written."""
    handled = {s for s in signal.valid_signals() if callable(signal.getsignal(s))}
    before = signal.pthread_sigmask(signal.SIG_UNBLOCK, handled)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
