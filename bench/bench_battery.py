"""The reliability battery at full size: time, peak memory and exit code per attack.

    python bench/bench_battery.py              # every attack at full size (a few minutes)
    python bench/bench_battery.py --quick      # a tenth of the sizes

Each attack runs `maerstanas-print` in a subprocess with the shipped limits
(`maerstanas_print/io/limits.py`); peak memory is the child's ru_maxrss, taken in
a watcher process per run so the runs do not mix. The baseline is `check` on
the one-game sample in the same run; the last column is the attack's peak
memory over the baseline's. The test suite runs the same attacks small
(`tests/test_reliability_battery.py`, with small limits).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import attacks  # noqa: E402

from maerstanas_print.resources import sample_path  # noqa: E402

SAMPLE_GAME = str(sample_path("sample-game.mrs"))

# Runs one attack and prints "exit code, peak KiB, first line of stderr"; the
# feed "yes" is `yes '1. D4 E3 *' |`, endless standard input.
WATCH = """
import resource, subprocess, sys
feed, command = sys.argv[1], sys.argv[2:]
source = None
if feed == "yes":
    source = subprocess.Popen(["yes", "1. D4 E3 *"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    stdin = source.stdout
else:
    stdin = subprocess.DEVNULL if feed == "-" else open(feed, "rb")
done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=stdin)
if source is not None:
    source.kill()
    source.wait()
print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
      repr(done.stderr.decode(errors="replace").strip()[:90]))
"""
TOOL = [sys.executable, "-m", "maerstanas_print"]


@dataclass
class Attack:
    name: str
    make: Callable[[Path, int], tuple[list[str], str]]  # (arguments, stdin file or "-")
    size: int


def _file(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


ATTACKS = [
    Attack("1 endless stdin (fmt -)", lambda d, n: (["fmt", "-"], "yes"), 1),
    Attack("1 /dev/urandom", lambda d, n: (["check", "/dev/urandom"], "-"), 1),
    Attack(
        "7 stray { in tags and ; comments (MB)",
        lambda d, n: (
            ["check", "-q", _file(d, "braces.mrs", attacks.stray_brace_games(n * 12_000, "{"))],
            "-",
        ),
        20,
    ),
    Attack(
        "9 one game of 20 MB after a tag",
        lambda d, n: (
            ["check", "-q", _file(d, "long.mrs", attacks.one_long_game(n * 340_000))],
            "-",
        ),
        20,
    ),
    Attack(
        "10 check --json, small games",
        lambda d, n: (["check", "--json", _file(d, "many.mrs", attacks.many_games(n))], "-"),
        200_000,
    ),
    Attack(
        "11 unclosed ( (2.8 MB)",
        lambda d, n: (
            ["check", "-q", _file(d, "parens.mrs", "1. D4 E3 " + "( " * (n * 140_000) + "*\n")],
            "-",
        ),
        10,
    ),
    Attack(
        "11 unclosed (1... C4 (game, 40,000)",
        lambda d, n: (
            ["check", "-q", _file(d, "parens2.mrs", attacks.unclosed_variations(n * 4_000))],
            "-",
        ),
        10,
    ),
    Attack(
        "12 20 games of 49,000 characters as PDF",
        lambda d, n: (
            [
                "game",
                _file(
                    d,
                    "twenty.mrs",
                    "\n".join(
                        "1. D4 {" + "lorem ipsum dolor " * 2_700 + "} E3 *\n" for _ in range(n)
                    ),
                ),
                "-o",
                str(d / "twenty.pdf"),
            ],
            "-",
        ),
        20,
    ),
    Attack(
        "13 a 10,000-character Event as PDF",
        lambda d, n: (
            [
                "game",
                _file(d, "event.mrs", f'[Event "{"Midsummer " * n}"]\n1. D4 E3 *\n'),
                "-o",
                str(d / "event.pdf"),
            ],
            "-",
        ),
        1_000,
    ),
    Attack(
        "14 a legal Hnefatafl game (plies), game --format html",
        lambda d, n: (
            [
                "game",
                "--format",
                "html",
                _file(d, "tafl.mrs", attacks.long_tafl_game(n)),
                "-o",
                str(d / "tafl.html"),
            ],
            "-",
        ),
        5_000,
    ),
    Attack(
        "16 Hnefatafl games of 10,000 moves in all (the document limit) as PDF",
        lambda d, n: (
            [
                "game",
                _file(
                    d, "tafl-pdf.mrs", attacks.long_tafl_game(min(n, 2_000)) * max(1, n // 2_000)
                ),
                "-o",
                str(d / "tafl.pdf"),
            ],
            "-",
        ),
        10_000,
    ),
    Attack(
        "17 Hnefatafl games of 250,000 moves in all (the whole-record limit), game --index 1",
        lambda d, n: (
            [
                "game",
                "--index",
                "1",
                _file(
                    d, "tafl-held.mrs", attacks.long_tafl_game(min(n, 2_000)) * max(1, n // 2_000)
                ),
                "-o",
                str(d / "tafl1.html"),
            ],
            "-",
        ),
        250_000,
    ),
    Attack(
        "18 an animated GIF at both its limits (plies; a 24-line comment each)",
        lambda d, n: (
            [
                "diagram",
                _file(d, "gif.mrs", attacks.commented_tafl_game(n)),
                "-o",
                str(d / "g.gif"),
            ],
            "-",
        ),
        399,
    ),
    Attack(
        "15 a 250 KB import line",
        lambda d, n: (
            [
                "import",
                _file(d, "app.log", "D4 - standard stone (Player 1)" + " " * (n * 25_000) + "x\n"),
            ],
            "-",
        ),
        10,
    ),
]


def measure(args: list[str], stdin: str) -> tuple[int, float, int, str]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", WATCH, stdin, *TOOL, *args],
        capture_output=True,
        text=True,
        check=True,
    )
    elapsed = time.perf_counter() - started
    code, peak_kb, message = done.stdout.split(" ", 2)
    return int(code), elapsed, int(peak_kb), message.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    options = parser.parse_args()
    base_code, base_time, base_kb, _ = measure(["check", "-q", SAMPLE_GAME], "-")
    print(
        f"baseline: check on the sample game: exit {base_code}, {base_time:.2f} s, "
        f"{base_kb / 1024:.0f} MiB"
    )
    print(f"{'attack':48} {'size':>9} {'exit':>4} {'time':>8} {'peak':>8} {'x base':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for attack in ATTACKS:
            size = max(1, attack.size // 10) if options.quick else attack.size
            args, stdin = attack.make(Path(folder), size)
            code, elapsed, peak_kb, message = measure(args, stdin)
            print(
                f"{attack.name:48} {size:>9,} {code:>4} {elapsed:>7.2f}s "
                f"{peak_kb / 1024:>6.0f}Mi {peak_kb / base_kb:>6.1f}  {message}"
            )


if __name__ == "__main__":
    main()
