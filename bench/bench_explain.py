"""Benchmark: explanations of records copied with one to three slips, on held-out sets.

    python bench/bench_explain.py [GAMES_PER_SET] [--lengths]
    python bench/bench_explain.py [GAMES_PER_SET] --old REF [--rounds N]
    python bench/bench_explain.py [GAMES_PER_SET] --tuning [--old REF]

Makes sets of engine-played games copied with slips (`tests/copier.py`:
`HELD_OUT_SETS`, seeds 101 and up; the slip model is fitted on seeds 1-8 only,
`bench/fit_slip_model.py`) and asks `check`'s search to explain them
(`bench/repair_runs.py`). For each set it prints how often the copied game is
the first fix and among the first three (`top-1`, `top-3`: in the order `check`
lists the fixes), the same with a tie shared (`tie-1`, `tie-3`: fixes of the
same cost fit all the evidence equally well under the slip model, so a copied
game tied with k others for first place counts 1/k of a first, as it would in a
random order of the tie; `bench/repair_runs.py`, `shares`), how often `check --fix` would apply a
fix (the search finds it unique) and how often that fix would write a game
other than the one copied (must be 0), and the time per game (mean and worst).
Under each set's row, `95 %` gives the Wilson interval of top-1 and top-3: with
30 games a set it spans about ±17 points, with 150 about ±8, so the default is
150 games a set (a set's first N copies are the same for every N, so a small
run measures the start of the large one).
Slips the copier draws that leave a valid game (two swapped moves that
both still replay and reach the same score) show nowhere, so no one could find
them: the copier draws them again, and this prints how many per set (they are
not in the sets; every slip in a set shows on its own). Slips that show but
fit another game just as well (a square written twice, fixed at either place)
stay in the sets: they are the ties below.
A skipped row counts as found ("at gap", of the games that have one) when it
is one error at the gap's line and column, with at most two errors in all and
no hint to end the game with `*`.
`model` is the share of firsts the slip model itself expects: the mean, over
the set, of the chance it gives the first fix (its weight exp(-cost) over all
the fixes' weights; `bench/repair_runs.py`, `posterior_first`). If the model's
chances are the copier's, no ranking of the same explanations can do better on
average, so it is the ceiling the evidence allows; a measured top-1 far from it
says the model is not the copier's.
`--lengths` adds the time by slips and game length. `--tuning` measures the
tuning sets (seeds 1-8) instead: the only sets a change may be judged on while
it is made; the held-out sets are measured once, at the end.

With `--old REF` the same copies go through the code of git ref REF and the
working tree's, each in its own process (`PYTHONPATH`), alternated `--rounds`
times so a slow spell of the shared machine falls on both alike; it prints both
tables (from the last round) and the ratio old/new of the CPU seconds per set
(medians over the rounds). Not a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    games: int = 0
    first: int = 0
    top3: int = 0
    shared_first: float = 0.0
    shared_top3: float = 0.0
    expected: float = 0.0
    applied: int = 0
    wrong: int = 0
    gap: int = 0
    gaps: int = 0  # games with a row left out
    seconds: float = 0.0
    worst: float = 0.0

    def add(self, result: dict) -> None:
        self.games += 1
        self.first += result["rank"] == 1
        self.top3 += 1 <= result["rank"] <= 3
        self.shared_first += result["shared_first"]
        self.shared_top3 += result["shared_top3"]
        self.expected += result.get("expected_first", 0.0)
        self.applied += result["unique"]
        self.wrong += result["wrong"]
        self.gap += result["gap"]
        self.gaps += result["has_gap"]
        self.seconds += result["cpu"]
        self.worst = max(self.worst, result["cpu"])

    def row(self, name: str) -> str:
        n = max(self.games, 1)
        low1, high1 = wilson(self.first, self.games)
        low3, high3 = wilson(self.top3, self.games)
        interval = f"{'  95 % interval':34} {low1:4.0%}-{high1:.0%} {low3:4.0%}-{high3:.0%}"
        return (
            f"{name:28} {self.games:5} {self.first / n:6.0%} {self.top3 / n:6.0%} "
            f"{self.shared_first / n:6.0%} {self.shared_top3 / n:6.0%} {self.expected / n:6.0%} "
            f"{self.applied / n:6.0%} {self.wrong:6} {self.gap / max(self.gaps, 1):6.0%} "
            f"{self.seconds / n * 1000:8.0f} {self.worst * 1000:7.0f}\n{interval}"
        )


def wilson(hits: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share `hits / games`: how far the
    measured share may be from the share a set of endless size would give."""
    if not games:
        return 0.0, 1.0
    share = hits / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


HEADER = (
    f"{'set':28} {'games':>5} {'top-1':>6} {'top-3':>6} {'tie-1':>6} {'tie-3':>6} {'model':>6} "
    f"{'--fix':>6} {'wrong':>6} "
    f"{'at gap':>6} {'cpu ms':>8} {'worst':>7}"
)


def _repair_runs():  # noqa: ANN202 - the module, loaded by path (see `worker`)
    spec = importlib.util.spec_from_file_location("repair_runs", ROOT / "bench" / "repair_runs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["repair_runs"] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def measure(sets: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """Per set, per copy: the original's rank, `--fix`'s choice, the gap, CPU seconds."""
    run_repair = _repair_runs().run_repair
    out: dict[str, list[dict]] = {}
    for name, copies in sets.items():
        results = []
        for copy in copies:
            begin = time.process_time()
            run = run_repair(copy["damaged"], copy["original"])
            cpu = time.process_time() - begin
            gap = False
            if copy["gap"] is not None and run.source is not None:
                errors = [d for d in run.diagnostics if d.severity == "error"]
                place = tuple(copy["gap"])
                at_gap = [d for d in errors if tuple(run.source.locate(d.start)) == place]
                starred = any("`*`" in (d.hint or "") for d in run.diagnostics)
                gap = bool(at_gap) and len(errors) <= 2 and not starred
            results.append(
                {
                    "rank": run.rank,
                    "shared_first": run.shared_first,
                    "shared_top3": run.shared_top3,
                    "expected_first": run.expected_first,
                    "unique": run.unique,
                    "wrong": run.wrong,
                    "gap": gap,
                    "has_gap": copy["gap"] is not None,
                    "cpu": cpu,
                }
            )
        out[name] = results
    return out


def copies(
    count: int, lengths: bool, tuning: bool = False, only: str = ""
) -> dict[str, list[dict]]:
    sys.path.insert(0, str(ROOT))  # the test helpers: tests/
    from tests.copier import HELD_OUT_SETS, ISSUE_KINDS, TUNING_SETS, copied_set

    specs = [s for s in (TUNING_SETS if tuning else HELD_OUT_SETS) if only in s.name]
    made = {spec.name: spec.copies(count) for spec in specs}
    if lengths:  # random movers end a game after 33-46 plies: the lengths there are
        for slips in (1, 2, 3):
            for plies in ((33, 36), (37, 40), (41, 46)):
                name = f"{slips} slips, {plies[0]}-{plies[1]} plies"
                seed = 200 + 10 * slips + plies[0]
                made[name] = copied_set(seed, max(4, count // 6), slips, plies, ISSUE_KINDS)
    print("Slips drawn that left a valid game (nothing shows them; drawn again, not in the sets):")
    for name, group in made.items():
        drawn = sum(c.drawn for c in group)
        lost = sum(c.undetectable for c in group)
        print(f"  {name:28} {lost:5} of {drawn:5} ({lost / max(drawn, 1):.0%})")
    return {
        name: [{"original": c.original, "damaged": c.damaged, "gap": c.gap} for c in group]
        for name, group in made.items()
    }


def table(results: dict[str, list[dict]]) -> None:
    print(HEADER)
    for name, rows in results.items():
        tally = Tally()
        for row in rows:
            tally.add(row)
        print(tally.row(name), flush=True)


def unpack(ref: str, folder: Path) -> Path:
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


def versions(sets: dict[str, list[dict]], ref: str, rounds: int) -> None:
    """The same copies through the old code and the new, alternated, each in its
    own process; the tables of the last round and the CPU ratios old/new."""
    with tempfile.TemporaryDirectory(prefix="bench-explain-") as scratch:
        folder = Path(scratch)
        old_tree = unpack(ref, folder / "old")
        given = folder / "copies.json"
        given.write_text(json.dumps(sets), encoding="utf-8")
        cpu: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
        last: dict[str, dict[str, list[dict]]] = {}
        for _round in range(rounds):
            for label, tree in (("old", old_tree), ("new", ROOT)):
                answer = folder / f"{label}.json"
                env = dict(os.environ, PYTHONPATH=str(tree), NUMBA_DISABLE_JIT="1")
                subprocess.run(
                    [sys.executable, __file__, "--worker", str(given), str(answer)],
                    env=env,
                    cwd=tree,
                    check=True,
                )
                last[label] = json.loads(answer.read_text(encoding="utf-8"))
                for name, rows in last[label].items():
                    cpu[label].setdefault(name, []).append(sum(r["cpu"] for r in rows))
    for label in ("old", "new"):
        print(f"\n{label} ({ref if label == 'old' else 'working tree'}):")
        table(last[label])
    print(f"\nCPU seconds per set, median of {rounds} rounds: old, new, old/new")
    for name in sets:
        old, new = statistics.median(cpu["old"][name]), statistics.median(cpu["new"][name])
        print(f"  {name:28} {old:7.2f} {new:7.2f} {old / max(new, 1e-9):6.2f}")
    old_all = sum(statistics.median(v) for v in cpu["old"].values())
    new_all = sum(statistics.median(v) for v in cpu["new"].values())
    print(f"  {'all':28} {old_all:7.2f} {new_all:7.2f} {old_all / max(new_all, 1e-9):6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=150, help="games per set")
    parser.add_argument("--lengths", action="store_true", help="time by slips and length")
    parser.add_argument("--old", help="git ref to compare with, alternated in one run")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", default="", help="the sets whose name has this in it")
    parser.add_argument(
        "--tuning", action="store_true", help="the tuning sets (seeds 1-8) instead: to tune on"
    )
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:  # run by `versions` under the PYTHONPATH of one version
        given, answer = map(Path, args.worker)
        sets = json.loads(given.read_text(encoding="utf-8"))
        answer.write_text(json.dumps(measure(sets)), encoding="utf-8")
        return
    sets = copies(args.games, args.lengths, args.tuning, args.only)
    if args.old:
        versions(sets, args.old, args.rounds)
    else:
        table(measure(sets))


if __name__ == "__main__":
    main()
