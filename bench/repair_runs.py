"""One damaged record through `check`'s repair search, timed, for the benchmarks.

`run_repair` reads the damaged text, replays it, asks `repair_game` for its
fixes and says where the original text ranks among them, whether `check --fix`
would apply the first alone (`unique`) and whether that would write a game other
than the one copied (`wrong`), and how long the check and the search took. The
original is compared with whitespace normalised (a fix may join two lines). Only
APIs every version of the package has are used, so the benchmarks can run it on
old code too. It lives with the benchmarks because it times; the tests that call it
(tests/test_explain.py) read only its ranks and fixes, never its seconds.
"""

from __future__ import annotations

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
    )
