"""Benchmark: verified fix suggestions on a corpus of damaged records, in one run.

Generates random valid Mǽrstánas games of 35-45 plies (tags with the Result,
move numbers, the final score line), makes one copier's slip in each
(`tests.slips`: a square's letter or digit, two neighbouring moves
swapped, a removal list, the score line, a move number, a Pass put in or left
out; in random Cyngesheall games, a move's square or the result), keeps the
damaged records that `check` finds invalid, and asks `repair_game` for their
fixes (`bench/repair_runs.py`, as `bench_explain.py` does). It prints, per kind
of slip and overall, how
often the original record is the first fix and among the first three, and
the time per damaged game, beside the time `check` alone takes on the same
game (the baseline). Not a test: `python bench/bench_repair.py [GAMES_PER_SLIP]`.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/


@dataclass
class Tally:
    games: int = 0
    first: int = 0
    top3: int = 0
    found: int = 0
    seconds: float = 0.0
    check_seconds: float = 0.0
    worst: float = 0.0


def valid_records(count: int, rng: random.Random) -> list[str]:
    from maerstanas_print.play.verify import result_of
    from tests.random_games import random_game, record_text

    records: list[str] = []
    while len(records) < count:
        moves = random_game(rng, special_chance=0.15)
        if not 35 <= len(moves) <= 45:
            continue
        from maerstanas_print.games.maerstanas.engine import Position

        position = Position.start()
        for move, _ in moves:
            position.push(move)
        tags = {
            "Event": "Bench",
            "Date": "2026.11.21",
            "Dark": "A",
            "Light": "B",
            "Result": result_of(position.score()),
        }
        records.append(record_text(moves, tags=tags))
    return records


def tafl_records(count: int, rng: random.Random) -> list[str]:
    """Random Cyngesheall games of 20-60 plies that end (the result is then checked)."""
    from maerstanas_print.games import game_named
    from tests.random_games import random_tafl_game

    info = game_named("Cyngesheall")
    assert info is not None
    records: list[str] = []
    while len(records) < count:
        text = random_tafl_game(rng, info, max_plies=60)
        if not text.rstrip().endswith("*") and text.count("-") >= 20:
            records.append(text)
    return records


def main() -> None:
    from tests.slips import SLIPS, TAFL_SLIPS

    per_slip = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(12)
    originals = valid_records(per_slip * 3, rng)
    tallies = {name: Tally() for name in [*SLIPS, *TAFL_SLIPS]}
    measure(SLIPS, originals, tallies, per_slip, rng)
    tafl_per_slip = max(1, per_slip // 3)
    measure(TAFL_SLIPS, tafl_records(tafl_per_slip * 3, rng), tallies, tafl_per_slip, rng)
    report(tallies, SLIPS)


def measure(
    slips: dict, originals: list[str], tallies: dict[str, Tally], per_slip: int, rng: random.Random
) -> None:
    from bench.repair_runs import run_repair

    for name, slip in slips.items():
        tally = tallies[name]
        for original in originals:
            if tally.games >= per_slip:
                break
            damaged = slip(original, rng)
            if damaged is None:
                continue
            run = run_repair(damaged, original)
            if run.valid:
                continue  # this slip happened to leave a valid game: nothing to repair
            tally.games += 1
            tally.check_seconds += run.check_seconds
            tally.seconds += run.seconds
            tally.worst = max(tally.worst, run.seconds)
            tally.found += bool(run.fixes)
            tally.first += run.rank == 1
            tally.top3 += 1 <= run.rank <= 3


def report(tallies: dict[str, Tally], counted: dict) -> None:
    """One row per kind of slip; `all` sums the Mǽrstánas kinds (`counted`)."""
    total = Tally()
    print(
        f"{'slip':16} {'games':>5} {'fixed':>6} {'top-1':>6} {'top-3':>6} "
        f"{'ms/game':>8} {'worst':>6} {'check ms':>9} {'ratio':>6}"
    )
    rows = (
        [(n, t) for n, t in tallies.items() if n in counted]
        + [("all", total)]
        + [(n, t) for n, t in tallies.items() if n not in counted]
    )
    for name, t in rows:
        if name in counted:
            for attr in ("games", "first", "top3", "found", "seconds", "check_seconds"):
                setattr(total, attr, getattr(total, attr) + getattr(t, attr))
            total.worst = max(total.worst, t.worst)
        if not t.games:
            print(f"{name:16} {0:5}  no invalid record (a lenient warning at most)")
            continue
        n = t.games
        print(
            f"{name:16} {t.games:5} {t.found / n:6.0%} {t.first / n:6.0%} {t.top3 / n:6.0%} "
            f"{t.seconds / n * 1000:8.1f} {t.worst * 1000:6.0f} "
            f"{t.check_seconds / n * 1000:9.2f} {t.seconds / max(t.check_seconds, 1e-9):6.0f}"
        )


if __name__ == "__main__":
    main()
