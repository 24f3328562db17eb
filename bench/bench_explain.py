"""Benchmark: explanations of records copied with one to three slips, on held-out sets.

    python bench/bench_explain.py [GAMES_PER_SET]

Makes sets of engine-played games copied with slips (`tests/copier.py`, each set
from its own seed) and asks `check`'s search (`repair_game`) to explain them.
Seeds 1-9 are the tuning sets the slip model's constants were chosen on; the
sets here use seeds 101 and up, never looked at while tuning. For each set it
prints how often the copied game is the first fix and among the first three,
how often `check --fix` would apply a fix (the search finds it unique) and how
often that fix would write a game other than the one copied (must be 0), and
the time per game (mean and worst). A skipped row counts as found when it is
one error at the gap's line and column, with at most two errors in all and no
hint to end the game with `*`. The last table gives the time by game length.
Not a test.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/


@dataclass
class Tally:
    games: int = 0
    first: int = 0
    top3: int = 0
    applied: int = 0
    wrong: int = 0
    gap: int = 0
    seconds: float = 0.0
    worst: float = 0.0

    def row(self, name: str) -> str:
        n = max(self.games, 1)
        return (
            f"{name:28} {self.games:5} {self.first / n:6.0%} {self.top3 / n:6.0%} "
            f"{self.applied / n:6.0%} {self.wrong:6} {self.gap / n:6.0%} "
            f"{self.seconds / n * 1000:8.0f} {self.worst * 1000:7.0f}"
        )


HEADER = (
    f"{'set':28} {'games':>5} {'top-1':>6} {'top-3':>6} {'--fix':>6} {'wrong':>6} "
    f"{'at gap':>6} {'ms/game':>8} {'worst':>7}"
)


def measure(copies: list, tally: Tally) -> None:
    from maerstanas_print.diagnostics import Source
    from maerstanas_print.notation.parser import RecordReader
    from maerstanas_print.play.repair import apply_edits, repair_game
    from maerstanas_print.play.verify import replay

    for copy in copies:
        begin = time.perf_counter()
        reader = RecordReader(copy.damaged)
        game = next(iter(reader))
        replayed = replay(game)
        repair = repair_game(game, replayed, reader.source)
        spent = time.perf_counter() - begin
        tally.games += 1
        tally.seconds += spent
        tally.worst = max(tally.worst, spent)
        texts = [" ".join(apply_edits(copy.damaged, fix.edits).split()) for fix in repair.fixes]
        original = " ".join(copy.original.split())
        tally.first += texts[:1] == [original]
        tally.top3 += original in texts[:3]
        if repair.unique and repair.fixes:
            tally.applied += 1
            tally.wrong += texts[0] != original
        if copy.gap is not None:
            source: Source = reader.source
            errors = [d for d in repair.diagnostics if d.severity == "error"]
            at_gap = [d for d in errors if source.locate(d.start) == copy.gap]
            starred = any("`*`" in (d.hint or "") for d in repair.diagnostics)
            tally.gap += bool(at_gap) and len(errors) <= 2 and not starred


def main() -> None:
    from tests.copier import ISSUE_KINDS, KINDS, copied_set
    from tests.slips import SLIPS

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(HEADER)
    sets = [
        ("one slip", 101, 1, (30, 45), ISSUE_KINDS),
        ("two slips", 102, 2, (30, 45), ISSUE_KINDS),
        ("two slips, second set", 103, 2, (30, 45), ISSUE_KINDS),
        ("three slips", 104, 3, (30, 45), ISSUE_KINDS),
        ("one slip, every kind", 107, 1, (30, 45), KINDS),
        ("two slips, every kind", 108, 2, (30, 45), KINDS),
        ("skipped row", 105, 1, (30, 45), ("skipped",)),
        ("skipped row and a slip", 106, 2, (30, 45), ("skipped", "letter", "digit", "removals")),
    ]
    for name, seed, slips, plies, kinds in sets:
        tally = Tally()
        measure(copied_set(seed, count, slips, plies, kinds), tally)
        print(tally.row(name), flush=True)
    # Random movers end a game after 33-46 plies: the lengths there are
    print("\ntime by slips and length")
    print(HEADER)
    for slips in (1, 2, 3):
        for plies in ((33, 36), (37, 40), (41, 46)):
            tally = Tally()
            games = max(4, count // 6)
            measure(
                copied_set(200 + 10 * slips + plies[0], games, slips, plies, ISSUE_KINDS), tally
            )
            print(tally.row(f"{slips} slips, {plies[0]}-{plies[1]} plies"), flush=True)
    print(f"\nsingle slips of tests/slips.py: run bench/bench_repair.py ({len(SLIPS)} kinds)")


if __name__ == "__main__":
    main()
