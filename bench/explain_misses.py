"""Where the explanation search misses, by cause, on the tuning sets only.

    python bench/explain_misses.py [GAMES_PER_SET] [--verbose] [--only NAME]

For every copy of the tuning sets (`tests/copier.py`: `TUNING_SETS`, seeds 1-8,
the only sets the model may be tuned on) whose copied game is not the first fix,
it says why:

- `tie`: a fix before it restores another game that agrees with all the
  evidence (every fix is verified: its moves replay, its removal lists, move
  numbers, score line and Result agree) at the same cost. The slip model
  cannot tell them apart (nor could the score sheet's other evidence): both
  are offered, and `check` says they fit equally well.
- `fewer`, `score`, `ranked`: the copied game is found but the model prices
  it higher than another explanation that also fits every piece of evidence
  (`first cost` and `true cost` show by how much): `fewer` when one before it
  needs fewer slips, `score` when one before it rewrites the score line where
  the copied game changes moves (a miscopied score line is the likeliest slip
  of all), `ranked` otherwise (another slip of the same number judged likelier).
- `limit`: not found, but found when the search may make ten times as many
  replays (`MAX_EVALUATIONS`) and verify more explanations.
- `gap`: not found even then: a slip (or a pair of slips) the search does not
  try. The kinds the copier made are printed, and the plies of the slips made
  against the ply of the first error, to see which are missing.

Sets with a skipped row are left out (such a row cannot be restored, so the
copied game is never a fix). Not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/


def slip_plies(original: str, damaged: str) -> list[int]:
    """The plies (0-based, as written) where the damaged movetext differs."""
    import re

    def plies(text: str) -> list[str]:
        body = text.split("\n\n", 1)[1].rsplit("\n", 2)[0]
        return re.findall(r"(?:[TW] )?[A-G][1-9](?:x\S+)?|Pass|\S+(?<!\.)(?=\s)", body)

    a, b = plies(original), plies(damaged)
    return [i for i in range(max(len(a), len(b))) if i >= len(a) or i >= len(b) or a[i] != b[i]]


def _ranked(fixes: list, rank: int) -> str:
    """Why a costlier copied game lost: `fewer` when a fix before it needs fewer
    slips, `score` when one before it rewrites the score line where the copied
    game changes moves, else `ranked`."""
    true = fixes[rank - 1]
    ahead = fixes[: rank - 1]
    if any(fix.slips < true.slips for fix in ahead):
        return "fewer"
    if "Dark:" not in true.message and any("Dark:" in fix.message for fix in ahead):
        return "score"
    return "ranked"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=30)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--only", default="", help="the sets whose name has this in it")
    args = parser.parse_args()

    from bench.repair_runs import same_text
    from maerstanas_print.notation.parser import RecordReader
    from maerstanas_print.play.repair import apply_edits, repair_game
    from maerstanas_print.play.verify import replay
    from maerstanas_print.plugins.maerstanas import explain, repair
    from tests.copier import TUNING_SETS

    def wide_rank(damaged: str, original: str) -> tuple[int, float]:
        """The copied game's rank and cost with ten times the limits."""
        saved = explain.MAX_EVALUATIONS, repair.MAX_VERIFIED, repair.MAX_FIXES
        explain.MAX_EVALUATIONS, repair.MAX_VERIFIED, repair.MAX_FIXES = 40000, 400, 400
        try:
            reader = RecordReader(damaged)
            game = next(iter(reader))
            found = repair_game(game, replay(game), reader.source)
        finally:
            explain.MAX_EVALUATIONS, repair.MAX_VERIFIED, repair.MAX_FIXES = saved
        for i, fix in enumerate(found.fixes):
            if same_text(apply_edits(damaged, fix.edits), original):
                return i + 1, fix.cost
        return 0, 0.0

    table: Counter[tuple[str, str]] = Counter()
    totals: Counter[str] = Counter()
    seconds: Counter[str] = Counter()
    for spec in TUNING_SETS:
        if "skipped" in spec.kinds or args.only not in spec.name:
            continue
        for number, made in enumerate(spec.copies(args.games)):
            totals[spec.name] += 1
            reader = RecordReader(made.damaged)
            game = next(iter(reader))
            begin = time.process_time()
            found = repair_game(game, replay(game), reader.source)
            seconds[spec.name] += time.process_time() - begin
            texts = [apply_edits(made.damaged, fix.edits) for fix in found.fixes]
            rank = next((i + 1 for i, t in enumerate(texts) if same_text(t, made.original)), 0)
            if rank == 1:
                continue
            first = found.fixes[0].cost if found.fixes else 0.0
            detail = ""
            if rank > 1:
                true = found.fixes[rank - 1].cost
                cause = "tie" if abs(true - first) < 1e-6 else _ranked(found.fixes, rank)
                detail = (
                    f"rank {rank} first {first:.2f} true {true:.2f}: "
                    f"{found.fixes[0].message} | {found.fixes[rank - 1].message}"
                )
            else:
                wide, true = wide_rank(made.damaged, made.original)
                cause = "limit" if wide else "gap"
                plies = slip_plies(made.original, made.damaged)
                first_move = game.mainline.nodes[0].start if game.mainline.nodes else 0
                first_error = min(
                    (
                        d.start
                        for d in replay(game).diagnostics
                        if d.severity == "error" and d.start >= first_move
                    ),
                    default=-1,
                )
                error_ply = sum(1 for n in game.mainline.nodes if n.start < first_error)
                detail = (
                    f"wide rank {wide} (cost {true:.2f}) fixes {len(found.fixes)}; "
                    f"slips at plies {plies[:6]}, first error at ply {error_ply}"
                )
            table[(spec.name, cause)] += 1
            if args.verbose:
                print(f"{spec.name} #{number} {made.kinds} {cause}: {detail}", flush=True)
    causes = ("tie", "fewer", "score", "ranked", "limit", "gap")
    print(f"\n{'set':28} {'games':>5} " + " ".join(f"{c:>7}" for c in causes) + "  cpu ms")
    for name, games in totals.items():
        print(
            f"{name:28} {games:5} "
            + " ".join(f"{table[(name, c)]:7}" for c in causes)
            + f"  {seconds[name] / games * 1000:6.0f}"
        )


if __name__ == "__main__":
    main()
