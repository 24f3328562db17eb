"""Random quick-reference cards: does the build set every card the check passes?

    python bench/bench_card_fuzz.py                 # seeds 0 to 199
    python bench/bench_card_fuzz.py --first 200 --count 100

Each seed makes a card of random paragraphs, lists, glossaries, tables, notes,
figures and records on a random paper (A4, Letter, A3, Tabloid), as
tests/card_fuzz.py writes them, checks it as `quickref --check` does, and builds it
as `quickref --source` does when the check passed. It prints how many the check
passed and refused, how many of those passed the build set, and every seed where
the two disagree or either raised an exception (exit 1 then). The seventh review of
issue 26 found 4 of about 45 such cards crashing the build; the test suite runs a
few seeds (tests/test_book_sources_review7.py), this runs hundreds.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.card_fuzz import check_then_build, random_card  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--count", type=int, default=200, help="how many seeds (default 200)")
    args = parser.parse_args()
    checked = built = refused = 0
    bad: list[str] = []
    start = time.perf_counter()
    for seed in range(args.first, args.first + args.count):
        text, paper = random_card(seed)
        try:
            outcome = check_then_build(text, paper)
        except Exception:  # the point of the run: report it, and go on
            bad.append(f"seed {seed} ({paper}): {traceback.format_exc(limit=-1).strip()}")
            continue
        if not outcome.checked:
            refused += 1
            continue
        checked += 1
        if outcome.built:
            built += 1
        else:
            bad.append(f"seed {seed} ({paper}): checked, not built: {outcome.problem}")
    seconds = time.perf_counter() - start
    print(f"{args.count} cards in {seconds:.1f} s: the check passed {checked} and refused")
    print(f"{refused}; the build set {built} of the {checked} passed")
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
