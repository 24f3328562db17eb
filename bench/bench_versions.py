"""`check` as a user runs it, old code against new, alternated in one run, as whole processes.

    python bench/bench_versions.py                      # old = the default ref below
    python bench/bench_versions.py --old b839494^ --rounds 15
    python bench/bench_versions.py --new HEAD           # a commit instead of the working tree

Times three commands, each a fresh Python process (start-up, imports and all),
in rounds: every round runs each command once, in turn, so a slow spell of a
shared machine falls on all of them alike:

- (a) `maerstanas-print check` of the shipped sample game (one game: the
  command's start-up dominates), old code and new;
- (b) `maerstanas-print check` of 3,000 valid generated games, old and new;
- (c) python-chess's `chess.pgn.read_game` over a PGN of 3,000 random chess
  games of the same lengths (the nearest peer: it parses SAN and checks every
  move; install it with the `bench` extra).

The old code is `git archive`d into a temporary folder and run with its own
`PYTHONPATH`, the new code likewise (the working tree by default). numba is kept
out (`NUMBA_DISABLE_JIT=1`): `check` never needs it. The inputs come from
`bench/make_bench_games.py` with a fixed seed, so every run reads the same bytes.
Prints the median seconds of each, wall and CPU (user and system: on a machine
shared with other work the steadier of the two), and their ratios. Not a test.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "maerstanas_print" / "samples" / "sample-game.mrs"
# The last commit before the previous round of work (2026-11-23), the start the
# issue measures against; `--old b839494` is issue 20's own start.
DEFAULT_OLD = "2d2204f"
CHECK = "from maerstanas_print.cli import run; run()"  # what the console script runs
READ_PGN = (
    "import sys, chess.pgn\n"
    "handle = open(sys.argv[1], encoding='utf-8')\n"
    "count = 0\n"
    "while chess.pgn.read_game(handle) is not None:\n"
    "    count += 1\n"
    "assert count == int(sys.argv[2]), count\n"
)
WHERE = "import maerstanas_print; print(maerstanas_print.__file__)"


def unpack(ref: str, folder: Path) -> Path:
    """The tree of `ref` in `folder`, with the data folders where the package looks for them."""
    folder.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    for data in ("grammar", "templates"):  # setuptools maps them into the package
        link = folder / "maerstanas_print" / data
        if (folder / data).is_dir() and not link.exists():
            link.symlink_to(folder / data)
    return folder


def environment(tree: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(tree), NUMBA_DISABLE_JIT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # both sides run from compiled bytecode
    return env


def timed(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user and system) of one run of `command`. On a
    busy machine the CPU time is the steadier figure: waiting for a core is not in it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        command,
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command} exited {done.returncode}: {done.stderr[-2000:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(times: dict[str, list[tuple[float, float]]], games: int, rounds: int) -> None:
    """Medians of wall and CPU seconds, and the ratios the issue asks about."""
    many = f"{games} games"
    print(f"\n{rounds} rounds, median seconds per process (wall min-max):")
    print(f"  {'':42} {'wall':>7} {'cpu':>7}")
    median: dict[str, tuple[float, float]] = {}
    for name, values in times.items():
        walls, cpus = [w for w, _ in values], [c for _, c in values]
        median[name] = (statistics.median(walls), statistics.median(cpus))
        print(
            f"  {name:42} {median[name][0]:7.3f} {median[name][1]:7.3f}"
            f"  ({min(walls):.3f}-{max(walls):.3f})"
        )
    ratios = [
        ("sample game, new / old", "new check, sample game", "old check, sample game", ""),
        (f"{many}, new / old", f"new check, {many}", f"old check, {many}", ""),
        (
            f"{many}, python-chess / old",
            f"python-chess read_game, {many}",
            f"old check, {many}",
            "x",
        ),
        (
            f"{many}, python-chess / new",
            f"python-chess read_game, {many}",
            f"new check, {many}",
            "x",
        ),
    ]
    print(f"\nratios of the medians:{'wall':>18} {'cpu':>7}")
    for label, top, bottom, unit in ratios:
        wall = median[top][0] / median[bottom][0]
        cpu = median[top][1] / median[bottom][1]
        print(f"  {label:36} {wall:6.2f}{unit:1} {cpu:6.2f}{unit:1}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default=DEFAULT_OLD, help=f"git ref (default {DEFAULT_OLD})")
    parser.add_argument("--new", default=None, help="git ref (default: the working tree)")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="bench-versions-") as scratch:
        folder = Path(scratch)
        old = unpack(args.old, folder / "old")
        new = unpack(args.new, folder / "new") if args.new else ROOT
        envs = {"old": environment(old), "new": environment(new)}
        for label, env in envs.items():
            # Every process runs in the scratch folder: `python -c` puts the
            # current folder first on sys.path, which must not be a checkout.
            where = subprocess.run(
                [python, "-c", WHERE],
                env=env,
                capture_output=True,
                text=True,
                check=True,
                cwd=folder,
            ).stdout.strip()
            print(
                f"{label}: {args.old if label == 'old' else args.new or 'working tree'} -> {where}"
            )
        subprocess.run(
            [
                python,
                str(ROOT / "bench" / "make_bench_games.py"),
                str(folder),
                "--games",
                str(args.games),
            ],
            env=envs["new"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        games, pgn = folder / "games.mrs", folder / "games.pgn"
        if not pgn.exists():
            raise SystemExit("python-chess is not installed: pip install -e '.[bench]'")
        runs: dict[str, tuple[list[str], dict[str, str]]] = {}
        for label, env in envs.items():
            runs[f"{label} check, sample game"] = ([python, "-c", CHECK, "check", str(SAMPLE)], env)
            runs[f"{label} check, {args.games} games"] = (
                [python, "-c", CHECK, "check", "-q", str(games)],
                env,
            )
        runs[f"python-chess read_game, {args.games} games"] = (
            [python, "-c", READ_PGN, str(pgn), str(args.games)],
            envs["new"],
        )
        for command, env in runs.values():  # warm up: compile the bytecode, fill the caches
            timed(command, env, folder)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for _ in range(args.rounds):
            for name, (command, env) in runs.items():
                times[name].append(timed(command, env, folder))
    report(times, args.games, args.rounds)


if __name__ == "__main__":
    main()
