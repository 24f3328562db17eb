"""The timings the test suite no longer makes: pathological records and long lines.

    python bench/bench_limits.py             # every case, best of 3
    python bench/bench_limits.py --repeat 1

The tests check what each case *does* (the exit code, the diagnostic, that the
work grows linearly, counted in function calls: tests/work_counter.py); how long
it takes depends on the machine and its load, so it is measured here instead.
Each case runs `maerstanas-print` as a whole process, and the baseline is `check`
of the one-game sample in the same run: the ratio column compares across
machines, the seconds do not. Before the limits of issue 16 some of these took
minutes; today each should be a small multiple of the baseline.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from record_helpers import sample_text  # noqa: E402
from test_pathological_records import CASES  # noqa: E402

from maerstanas_print.resources import sample_path  # noqa: E402

TOOL = [sys.executable, "-m", "maerstanas_print"]


def best_of(command: list[str], repeat: int) -> tuple[float, int]:
    """The best wall time of `repeat` runs of a whole process, and its exit code."""
    times, code = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
        )
        times.append(time.perf_counter() - start)
        code = done.returncode
    return min(times), code


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    """(name, arguments) for every case, its input written into `folder`."""
    found: list[tuple[str, list[str]]] = []
    for name, text in CASES.items():
        path = folder / f"{name}.mrs"
        path.write_text(text, encoding="utf-8")
        found.append((f"check {name}", ["check", str(path)]))
        found.append((f"fmt {name}", ["fmt", str(path), "-o", str(folder / "out.mrs")]))
    for name in ("megabyte-comment", "longest-tag", "3000-sibling-variations"):
        found.append(
            (
                f"game --format html {name}",
                [
                    "game",
                    str(folder / f"{name}.mrs"),
                    "--format",
                    "html",
                    "-o",
                    str(folder / "out.html"),
                ],
            )
        )
    long_comment = folder / "long-comment.mrs"
    long_comment.write_text("1. D4 {" + "lorem ipsum dolor " * 1500 + "} E3 *\n", encoding="utf-8")
    found.append(
        (
            "game PDF, a long allowed comment",
            ["game", str(long_comment), "-o", str(folder / "out.pdf")],
        )
    )
    event = folder / "event.mrs"
    event.write_text(
        f'[Event "{"Midsummer open " * 660}"]\n' + sample_text().split("\n\n", 1)[1],
        encoding="utf-8",
    )
    found.append(
        ("game PDF, a 9,900-character Event", ["game", str(event), "-o", str(folder / "event.pdf")])
    )
    unclosed = folder / "unclosed.mrs"
    unclosed.write_text("1. D4 E3 " + "( " * 9_000 + "*\n", encoding="utf-8")
    found.append(("check, 9,000 unclosed `(`", ["check", str(unclosed)]))
    log = folder / "app.log"
    log.write_text("D4 - standard stone (Player 1)" + " " * 60_000 + "x\n", encoding="utf-8")
    found.append(("import, a 60,000-character line", ["import", str(log)]))
    for device in ("/dev/zero", "/dev/urandom"):
        found.append((f"check {device}", ["check", device]))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    baseline, _ = best_of([*TOOL, "check", str(sample_path("sample-game.mrs"))], args.repeat)
    print(f"{'case':<48} {'exit':>4} {'seconds':>8} {'x baseline':>10}")
    print(f"{'check of the one-game sample (baseline)':<48} {0:>4} {baseline:>8.3f} {1:>10.1f}")
    with tempfile.TemporaryDirectory() as folder:
        for name, arguments in cases(Path(folder)):
            seconds, code = best_of([*TOOL, *arguments], args.repeat)
            print(f"{name:<48} {code:>4} {seconds:>8.3f} {seconds / baseline:>10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
