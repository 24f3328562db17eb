"""`check` on a 50 MB file of 100,000 games: wall time and peak memory.

    python bench/bench_large.py                 # 100,000 games (about 50 MB)
    python bench/bench_large.py --games 20000   # a smaller run

Generates the file in a temporary folder (legal random games with tags and a
comment, cycled from a pool of distinct games; one game in --damaged-every has
a syntax error, so the grammar's recovery path runs too), then runs
`maerstanas-print check -q` on it in a subprocess, and the same on a one-game
file as the baseline. Peak memory is the child's ru_maxrss (RUSAGE_CHILDREN),
measured in a separate watcher process per run so the runs do not mix.

`check` reads a large file in pieces that end where a game's tag block begins
(read once, decoded and checked block by block), and every game only while it
is replayed, so its memory does not grow with the file.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/

from maerstanas_print.games.maerstanas.engine import Rules
from tests.random_games import random_game, record_text

WATCH = (
    "import resource, subprocess, sys; "
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def pool(size: int, seed: int = 7) -> list[str]:
    """Distinct legal games, as move text with a score line."""
    rng = random.Random(seed)
    games = []
    for _ in range(size):
        rules = Rules(special_stones=rng.random() < 0.8)
        text = record_text(random_game(rng, rules), rules)
        games.append(text)
    return games


def write_file(path: Path, games: int, damaged_every: int) -> int:
    """Write `games` games; returns the number of damaged ones."""
    bodies = pool(500)
    damaged = 0
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            body = bodies[i % len(bodies)]
            if damaged_every and i % damaged_every == damaged_every - 1:
                body = body.replace(" ", " H9 ", 1)  # not a square: M101, the grammar reads it
                damaged += 1
            out.write(
                f'[Event "Large file benchmark"]\n[Site "bench_large.py"]\n'
                f'[Date "2026.11.21"]\n[Round "{i + 1}"]\n'
                f'[Dark "Player {i % 97}"]\n[Light "Player {i % 89}"]\n'
                f'[Annotator "maerstanas_print bench"]\n'
                f"{{Game {i + 1} of {games}: random legal moves, generated for the "
                f"large-file benchmark; nothing here is a real game.}}\n{body}\n"
            )
    return damaged


def measure(args: list[str]) -> tuple[int, float, int]:
    """(exit code, wall seconds, peak RSS in KiB) of one command in a fresh watcher."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", WATCH, *args], capture_output=True, text=True, check=True
    )
    elapsed = time.perf_counter() - started
    code, peak = (int(x) for x in done.stdout.split())
    return code, elapsed, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument(
        "--damaged-every", type=int, default=1000, help="one damaged game in N (0: none)"
    )
    args = parser.parse_args()
    command = [sys.executable, "-m", "maerstanas_print", "check", "-q"]
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "large.mrs"
        started = time.perf_counter()
        damaged = write_file(big, args.games, args.damaged_every)
        size = big.stat().st_size
        print(
            f"generated {args.games:,} games ({damaged} damaged), {size / 1e6:.1f} MB, "
            f"in {time.perf_counter() - started:.1f} s"
        )
        small = Path(folder) / "one.mrs"
        small.write_text(pool(1)[0], encoding="utf-8")
        _, base_time, base_peak = measure([*command, str(small)])
        code, elapsed, peak = measure([*command, str(big)])
    mb = size / 2**20
    print(f"baseline (one game): {base_time:.2f} s, peak RSS {base_peak / 1024:.0f} MiB")
    print(
        f"check -q on {mb:.1f} MiB: exit {code}, {elapsed:.1f} s "
        f"({args.games / elapsed:,.0f} games/s, {mb / elapsed:.1f} MiB/s)"
    )
    extra = (peak - base_peak) / 1024
    print(
        f"peak RSS {peak / 1024:.0f} MiB: {extra:.0f} MiB over the baseline, "
        f"{extra / mb:.2f}x the file size"
    )


if __name__ == "__main__":
    main()
