"""How much work one run of the analysis may do, all positions and games together.

`--time` bounds one timed search and the exact solves have a node cap each,
but a run is many searches: without a bound on the whole, a record of
positions far from the end (or `--exact-from 99999`) ran for ten minutes.
A `RunBudget` is the run's allowance in seconds of wall clock. Each search is
given what is left: a timed search at most the seconds left, a search
bounded by nodes (an exact solve, a `--depth` search) at most the nodes the
measured speed does in that time. Once it is spent, the positions not yet
searched are left unanalysed, and the output says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable

# Nodes a second before the run has measured its own speed (the development
# machine, in the middle of a game): a first guess on the careful side.
FIRST_GUESS_RATE = {"numba": 1_000_000, "python": 30_000}
# Seconds of searching before the measured speed replaces the first guess.
MEASURED_AFTER = 0.2


class RunBudget:
    """Seconds of wall clock for a whole run; `None` for no bound."""

    def __init__(
        self,
        seconds: float | None,
        core: str = "python",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seconds = seconds
        self.clock = clock
        self.started: float | None = None  # the first search starts the clock
        self.rate = FIRST_GUESS_RATE.get(core, FIRST_GUESS_RATE["python"])
        self.nodes = 0  # nodes searched while the clock ran
        self.unanalysed = 0  # positions left without a value, for the message

    def begin(self) -> None:
        """Start the clock, once: loading and compiling the core is not searching."""
        if self.started is None:
            self.started = self.clock()

    def elapsed(self) -> float:
        return 0.0 if self.started is None else self.clock() - self.started

    def left(self) -> float | None:
        """Seconds left (never below 0), or None without a bound."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed())

    @property
    def spent(self) -> bool:
        left = self.left()
        return left is not None and left <= 0

    def seconds_for(self, wanted: float | None) -> float | None:
        """The seconds one timed search may take: what it asks, at most what is left."""
        left = self.left()
        if left is None:
            return wanted
        return left if wanted is None else min(wanted, left)

    def nodes_for(self, cap: int | None) -> int | None:
        """The nodes one search may visit: its own cap, at most what the time left buys."""
        left = self.left()
        if left is None:
            return cap
        affordable = max(1, int(left * self.rate))
        return affordable if cap is None else min(cap, affordable)

    def record(self, nodes: int) -> None:
        """Count a finished search's nodes, and learn the speed from them."""
        self.nodes += nodes
        elapsed = self.elapsed()
        if elapsed >= MEASURED_AFTER and self.nodes:
            self.rate = max(1, int(self.nodes / elapsed))
