"""Long runs that the record reader once re-read from each of their offsets.

    python bench/bench_blank_runs.py             # runs of 20,000 and 200,000
    python bench/bench_blank_runs.py --size 5000

Issue 26's seventh review found blanks at the end of a record, or before a
stray character, taking time n squared (5,000 spaces: 12 s; 20,000: over
100 s), and so did thousands of `{` never closed. The tests check what is read
for each shape (tests/test_hostile_files_review7.py); the times are measured
here, never in a test. Each shape runs `check` as a whole process at two sizes, ten
times apart: the ratio column is near 1 when start-up dominates, and would be
near 100 for a reader that takes time n squared. The baseline is `check` of the
one-game sample in the same run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from maerstanas_print.resources import sample_path

TOOL = [sys.executable, "-m", "maerstanas_print"]
SHAPES = {
    "blanks at the end": lambda n: "1. D4 *" + " " * n,
    "blank lines at the end": lambda n: "1. D4 *" + "\r\n" * (n // 2),
    "blanks before a stray `@`": lambda n: "1. D4 " + " " * n + "@ E4 *",
    "blanks after a removal `/`": lambda n: "1. D4 E4 3. T C3 x E4 /" + " " * n + "D4 *",
    "`{` never closed": lambda n: "1. D4 (" + "{" * n,
    "a quote never closed": lambda n: '1. D4 (; x\n"' + '\\"' * n,
}


def seconds(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=20_000, help="the smaller run's length")
    size = parser.parse_args().size
    base = seconds([*TOOL, "check", str(sample_path("sample-game.mrs"))])
    print(f"baseline: check of the sample, {base:.2f} s")
    print(f"{'shape':<28} {size:>9,} {size * 10:>10,}  ratio  vs baseline")
    with tempfile.TemporaryDirectory() as folder:
        for name, make in SHAPES.items():
            times = []
            for n in (size, size * 10):
                path = Path(folder) / "run.mrs"
                path.write_text(make(n), encoding="utf-8")
                times.append(seconds([*TOOL, "check", str(path)]))
            small, large = times
            ratio, against = large / small, large / base
            print(f"{name:<28} {small:>8.2f}s {large:>9.2f}s  {ratio:5.1f}  {against:6.1f}")


if __name__ == "__main__":
    main()
