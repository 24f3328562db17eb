"""Benchmark: `import` on the apps' copied lists, and how its cost grows with a line's length.

Times, in one run,
- importing the shipped sample game as the Django app shows it (numbered), and
  the same list with its numbers deleted (both orders are replayed);
- reading a list holding one hostile line of 250 KB and of 500 KB (an entry
  followed by spaces and junk, the shape that made the old pattern backtrack):
  linear cost gives a ratio near 2;
- the pattern the importer used before (kept here only for comparison) on the
  same shape at 4 KB and 8 KB: its ratio near 4 shows the quadratic growth that
  made a 250 KB line run for minutes.
Not a test: run it with `python bench/bench_import.py`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from maerstanas_print.plugins.maerstanas.importer import LogError, record_from_log

SAMPLE = Path(__file__).resolve().parent.parent / "maerstanas_print" / "samples"
OLD_MOVE = re.compile(
    r"\s*([A-Ga-g][1-7])\s*-\s*(standard stone|thunder-stone|woden-stone)"
    r"\s*(?:\(\s*player\s*([12])\s*\))?\s*$",
    re.IGNORECASE,
)


def best_of(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def hostile(size: int) -> str:
    return "E4 - standard stone" + " " * size + "x"


def refuse(text: str) -> None:
    try:
        record_from_log(text)
    except LogError:
        return
    raise AssertionError("the hostile line was read")


def main() -> None:
    listed = (SAMPLE / "sample-game-django.txt").read_text(encoding="utf-8")
    bare = re.sub(r"(?m)^\d+\. ", "", listed)
    numbered = best_of(20, lambda: record_from_log(listed))
    unnumbered = best_of(20, lambda: record_from_log(bare))
    print(f"sample list, numbered:   {numbered * 1000:8.2f} ms")
    print(
        f"sample list, unnumbered: {unnumbered * 1000:8.2f} ms  (ratio {unnumbered / numbered:.2f})"
    )
    small, large = (best_of(5, partial(refuse, hostile(n) + "\n")) for n in (250_000, 500_000))
    print(f"hostile line 250 KB:     {small * 1000:8.2f} ms")
    print(
        f"hostile line 500 KB:     {large * 1000:8.2f} ms  (ratio {large / small:.2f}; linear = 2)"
    )
    old_small, old_large = (best_of(3, partial(OLD_MOVE.match, hostile(n))) for n in (4_000, 8_000))
    print(f"old pattern 4 KB:        {old_small * 1000:8.2f} ms")
    print(
        f"old pattern 8 KB:        {old_large * 1000:8.2f} ms  (ratio "
        f"{old_large / old_small:.2f}; quadratic = 4)"
    )


if __name__ == "__main__":
    main()
