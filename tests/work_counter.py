"""Work counted in steps, not seconds: how many function calls an action makes.

A test that wants to know that reading a record stays linear compares the calls
made for n and for 4n items. The count is the same on any machine, loaded or
idle, where a time limit fails on a slow one and passes a regression on a fast
one. (Work done inside one C call, such as one regular-expression match, counts
as one step: the timings of such cases are in bench/bench_limits.py.)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def calls_made(action: Callable[[], T]) -> tuple[T, int]:
    """`action()`'s result and the number of Python and C function calls it made."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        result = action()
    finally:
        sys.setprofile(previous)
    return result, count


def grows_linearly(counts: dict[int, int], slack: float = 1.5) -> bool:
    """Whether the calls counted per size grow no faster than the size (with slack
    for a fixed cost): for sizes n < m, calls(m) <= calls(n) * m / n * slack."""
    sizes = sorted(counts)
    return all(
        counts[m] <= counts[n] * m / n * slack for n, m in zip(sizes, sizes[1:], strict=False)
    )
