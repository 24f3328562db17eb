"""One damaged record through `check`'s repair search, timed, for the benchmarks.

`run_repair` reads the damaged text, replays it, asks `repair_game` for its
fixes and says where the original text ranks among them, whether `check --fix`
would apply the first alone (`unique`) and whether that would write a game other
than the one copied (`wrong`), and how long the check and the search took.
Fixes of the same cost fit the evidence equally well under the slip model (a
true tie: no rule of the model prefers either), so their order among themselves
says nothing: `shared_first` and `shared_top3` count a copied game tied with
others as the share of those places it would get in a random order of the tie
(a tie of two for first place is half a first). The
original is compared with whitespace normalised (a fix may join two lines). Only
APIs every version of the package has are used, so the benchmarks can run it on
old code too. It lives with the benchmarks because it times; the tests that call it
(tests/test_explain.py) read only its ranks and fixes, never its seconds.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from maerstanas_print.diagnostics import Diagnostic, Source
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.play.repair import apply_edits, repair_game
from maerstanas_print.play.verify import replay


@dataclass(slots=True)
class RepairRun:
    valid: bool  # the damaged record checked as valid: nothing to repair
    rank: int  # the original's place among the fixes (1 = first), 0 when absent
    fixes: int
    unique: bool
    wrong: bool
    check_seconds: float
    seconds: float  # the check and the search
    diagnostics: list[Diagnostic]
    source: Source | None
    shared_first: float = 0.0  # first place, a tie counted as its share
    shared_top3: float = 0.0  # in the first three, a tie counted as its share
    # The chance the slip model gives the first fix of being the game copied,
    # among the fixes found (see `posterior_first`)
    expected_first: float = 0.0


def same_text(a: str, b: str) -> bool:
    return a.split() == b.split()


def run_repair(damaged: str, original: str) -> RepairRun:
    begin = time.perf_counter()
    reader = RecordReader(damaged)
    game = next(iter(reader))
    replayed = replay(game)
    checked = time.perf_counter()
    if replayed.valid:
        return RepairRun(True, 0, 0, False, False, checked - begin, checked - begin, [], None)
    repair = repair_game(game, replayed, reader.source)
    done = time.perf_counter()
    texts = [apply_edits(damaged, fix.edits) for fix in repair.fixes]
    rank = next((i + 1 for i, text in enumerate(texts) if same_text(text, original)), 0)
    unique = bool(repair.unique and repair.fixes)
    shared_first, shared_top3 = shares([fix.cost for fix in repair.fixes], rank)
    expected = posterior_first([fix.cost for fix in repair.fixes])
    return RepairRun(
        False,
        rank,
        len(texts),
        unique,
        unique and rank != 1,
        checked - begin,
        done - begin,
        list(repair.diagnostics),
        reader.source,
        shared_first,
        shared_top3,
        expected,
    )


def posterior_first(costs: list[float]) -> float:
    """The slip model's chance that the first fix restores the game copied: its
    weight exp(-cost) over the sum of all the fixes' weights. Averaged over a set,
    it is the share of firsts the model expects: if the model's chances are the
    copier's, no ranking of the same fixes can put the copied game first more
    often on average (the likeliest is first), so it is the ceiling the
    evidence allows, and its distance from the measured share says how far the
    model is from the copier. (Explanations the search did not find would add
    weight, so it is an upper bound.)"""
    if not costs:
        return 0.0
    low = min(costs)
    weights = [math.exp(low - c) for c in costs]
    return weights[costs.index(low)] / sum(weights)


def shares(costs: list[float], rank: int) -> tuple[float, float]:
    """The chance the fix at `rank` (1-based; 0: absent) would be first and in the
    first three if the fixes of its cost were put in a random order."""
    if not rank:
        return 0.0, 0.0
    mine = costs[rank - 1]
    tied = [i + 1 for i, c in enumerate(costs) if abs(c - mine) < 1e-6]
    top, size = tied[0], len(tied)
    return (1 / size if top == 1 else 0.0), max(0, min(3, tied[-1]) - top + 1) / size
