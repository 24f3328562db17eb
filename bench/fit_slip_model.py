"""Fit the slip model's chances on the tuning sets (seeds 1-8 of `tests/copier.py`).

    python bench/fit_slip_model.py [GAMES_PER_SET]

`play.slip_model` ranks explanations by the chance of each slip at one place.
This script measures those chances on copies made from the tuning seeds only
(the held-out sets of `bench/bench_explain.py` use seeds 101 and up and are
never looked at here): for each kind, the slips made over the places where that
kind can happen (a letter or digit per square written, a column slip per row of
two moves, a swap per pair of neighbouring rows, a removal slip per removal
list, a score slip per game), the share of wrong characters that are a
handwriting confusion, and how far a miscopied score is off (1 or 2 points).
It prints the values to put in `SLIP_CHANCE`, `SCORE_OFF` and
`CONFUSION_SHARE`; kinds this copier never makes keep their chances. Not a test.
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/

_SQUARE = re.compile(r"[A-G][1-7]")


def places(original: str) -> Counter[str]:
    """Where each kind of slip can happen in one copied game."""
    body = original.split("\n\n", 1)[1]
    rows = re.findall(r"\d+\.((?:\s+(?!\d+\.)[^\s]+(?:\s[A-G][1-7][^\s]*)?)+)", body)
    words = re.findall(r"(?:[TW] )?[A-G][1-7](?:x[^\s]+)?|Pass", body)
    full_rows = sum(1 for row in rows if len(re.findall(r"(?:[TW] )?[A-G][1-7]|Pass", row)) == 2)
    count: Counter[str] = Counter()
    count["letter"] = count["digit"] = sum(w != "Pass" for w in words)
    count["column"] = full_rows
    count["swap"] = count["rows"] = count["twice"] = count["skipped"] = max(len(rows) - 1, 0)
    count["removals"] = sum("x" in w for w in words)
    count["score"] = 1
    return count


def character_slips(original: str, damaged: str) -> list[tuple[str, str]]:
    """(meant, written) for every square that differs in one character between the
    two texts, where the copy changed a square in place (the words line up)."""
    a, b = original.split(), damaged.split()
    if len(a) != len(b):
        return []
    out = []
    for x, y in zip(a, b, strict=True):
        if x == y or (x in b and y in a):  # a word moved, not miscopied
            continue
        for p, q in zip(_SQUARE.findall(x), _SQUARE.findall(y), strict=False):
            diff = [(c, d) for c, d in zip(p, q, strict=True) if c != d]
            if len(diff) == 1:
                out.append(diff[0])
    return out


def score_offsets(original: str, damaged: str) -> list[int]:
    """How far each number of the score line was miscopied (none when it was not)."""

    def numbers(text: str) -> list[int]:
        found = re.search(r"Dark: (\d+), Light: (\d+)\s*$", text)
        return [int(found.group(1)), int(found.group(2))] if found else []

    return [abs(a - b) for a, b in zip(numbers(original), numbers(damaged), strict=False) if a != b]


def confusion_share(pairs: list[tuple[str, str]]) -> float:
    """The share q of wrong characters that are a handwriting confusion, by maximum
    likelihood under `slip_model.character_chance` (grid search)."""
    from maerstanas_print.play import slip_model

    best, best_ll = 0.0, -math.inf
    for step in range(0, 100):
        q = step / 100
        ll = sum(math.log(slip_model.character_chance(a, b, q)) for a, b in pairs)
        if ll > best_ll:
            best, best_ll = q, ll
    return best


def main() -> None:
    from tests.copier import TUNING_SETS, copied_set

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    slips: Counter[str] = Counter()
    where: Counter[str] = Counter()
    pairs: list[tuple[str, str]] = []
    offsets: Counter[int] = Counter()
    for spec in TUNING_SETS:
        for made in copied_set(spec.seed, count, spec.slips, spec.plies, spec.kinds):
            for kind in made.kinds:
                slips[kind] += 1
            present = places(made.original)
            for kind in spec.kinds:
                if kind == "swapped":
                    where["swap"] += present["swap"]
                    where["column"] += present["column"]
                else:
                    where[kind] += present[kind]
            pairs += character_slips(made.original, made.damaged)
            if "score" in made.kinds:
                offsets.update(score_offsets(made.original, made.damaged))
    # "swapped" is a swap or a column slip, half each
    swapped = slips.pop("swapped", 0)
    slips["swap"] += swapped / 2
    slips["column"] += swapped / 2
    print("SLIP_CHANCE (tuning seeds):")
    for kind in sorted(where):
        if where[kind]:
            print(
                f"    {kind!r}: {slips[kind] / where[kind]:.4f},  # {slips[kind]:g} / {where[kind]}"
            )
    near = offsets[1] + offsets[2]
    print(
        f"SCORE_OFF = ({offsets[1] / max(near, 1):.2f}, {offsets[2] / max(near, 1):.2f})"
        f"  # {offsets[1]} off by 1, {offsets[2]} by 2, {sum(offsets.values()) - near} further"
    )
    print(f"CONFUSION_SHARE = {confusion_share(pairs):.2f}  # {len(pairs)} wrong characters")


if __name__ == "__main__":
    main()
