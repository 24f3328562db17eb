"""How likely each copier's slip is: the model that ranks explanations of a record.

A record typed from a score sheet is the game as played, passed through a copier
who now and then slips. An explanation is a set of slips that turns the record
as written back into a game that replays and agrees with its own evidence (its
move numbers, removal lists, score line and Result). Explanations are ranked by
their cost, the sum over their slips of -ln(chance of that slip at that place):
the likeliest explanation has the lowest cost. Every chance is a constant here,
so the ranking is explicit, documented (docs/errors.md) and measured
(`bench/bench_explain.py`, on generated games the constants were not tuned on).

A wrong character is a handwriting confusion (`C` for `G`, `7` for `1`) with
chance `CONFUSION_SHARE`, split among the character's confusable partners, and
otherwise any other character of its kind, so `write G4 for C4` outranks
`write D4 for C4`. The chances were fitted on the copier's tuning sets
(`bench/fit_slip_model.py`, seeds 1-8, 150 copies a set), never on the
held-out sets.
"""

from __future__ import annotations

import functools
import math
from collections import Counter

# The chance of each kind of slip at one place where it can happen (one move, one
# row, one removal list, the score line, the Result tag, one move number). The
# kinds `tests/copier.py` makes (letter, digit, column, swap, rows, twice,
# skipped, removals, score) are fitted on its tuning sets by
# `bench/fit_slip_model.py` (150 copies a set); the others were set by hand.
SLIP_CHANCE: dict[str, float] = {
    "reading": 0.5,  # a slip the reader already read as meant (`Pas`, `4E`)
    "letter": 0.0126,  # a square's column letter miscopied
    "digit": 0.0119,  # a square's row digit miscopied
    "square": 0.0006,  # both characters of a square miscopied
    "column": 0.0141,  # the two moves of one row written in each other's column
    "swap": 0.0135,  # two moves swapped across a row's end (Light's, then Dark's)
    "rows": 0.0007,  # one column's moves of two neighbouring rows swapped
    "twice": 0.0129,  # a row written twice
    "skipped": 0.0432,  # a row left out (cannot be restored: only reported)
    "removals": 0.0195,  # a square of a thunder-stone's removal list miscopied or left out
    "score": 0.3656,  # the score line miscopied (either number)
    "result": 0.02,  # the Result tag written wrong
    "number": 0.01,  # a move number miscopied
    "pass": 0.002,  # a Pass written where none was, or one left out
}

# Handwriting confusions among the characters of a square (A-G, 1-7). Pairs whose
# other character lies off the board (3/8, 6/G in a digit's place, 0/D, 1/I) make
# a square the reader cannot read (M100, M101): they are reported where they are
# and are not part of the search.
CONFUSABLE: frozenset[frozenset[str]] = frozenset(
    frozenset(pair) for pair in ("CG", "EF", "BD", "AD", "BE", "17", "27", "14", "35", "56", "23")
)
CONFUSION_SHARE = 0.5
# A miscopied number of the score line: the chance it is off by 1 and by 2 points
# (fitted on the tuning sets by `bench/fit_slip_model.py`), and the chance left to
# any further distance (set by hand: the copier of the tuning sets makes none)
SCORE_OFF = (0.48, 0.52)
SCORE_TAIL = 0.05
# A removal list with one square left out, and one that differs from what the
# thunder-stone removed otherwise than by one character of one square or a square
# left out (set by hand: the copier of the tuning sets makes neither; the single
# slips of `tests/slips.py` leave a square out a quarter of the time)
REMOVALS_LEFT_OUT = 0.2
REMOVALS_OTHER = 0.05
LETTERS = "ABCDEFG"
DIGITS = "1234567"


def character_chance(old: str, new: str, share: float = CONFUSION_SHARE) -> float:
    """The chance that `old` is miscopied as `new`, given that it is miscopied: a
    confusion with chance `share` (split among `old`'s partners), else any other
    character of its kind."""
    alphabet = LETTERS if old in LETTERS else DIGITS
    if new == old or new not in alphabet:
        return 0.0
    partners = sum(1 for c in alphabet if frozenset((old, c)) in CONFUSABLE)
    other = 1 / (len(alphabet) - 1)
    if not partners:
        return other
    confused = share / partners if frozenset((old, new)) in CONFUSABLE else 0.0
    return confused + (1 - share) * other


@functools.cache
def square_cost(old: str, new: str) -> float:
    """-ln(chance) of writing the square `new` (`E4`) where `old` was meant."""
    letter, digit = old[0] != new[0], old[1] != new[1]
    if letter and digit:
        return -math.log(
            SLIP_CHANCE["square"]
            * character_chance(old[0], new[0])
            * character_chance(old[1], new[1])
        )
    if letter:
        return -math.log(SLIP_CHANCE["letter"] * character_chance(old[0], new[0]))
    return -math.log(SLIP_CHANCE["digit"] * character_chance(old[1], new[1]))


def score_cost(written: tuple[int, int], computed: tuple[int, int]) -> float:
    """-ln(odds) of the score line `written` where `computed` was meant. One number
    miscopied is the common slip: half the chance goes to each number, and of that
    `SCORE_OFF[d]` to being off by d points (half each way; a handwriting
    confusion of a digit counts as off by one); both numbers wrong at once is a
    tenth as likely again. The score line is one place with a large chance, so
    its cost is -ln of the odds p / (1 - p) of a slip there against none: the
    explanation without the score slip has the line right, with chance 1 - p
    (at the per-move places, about 1 %, the odds and the chance agree)."""
    chance = SLIP_CHANCE["score"] / (1 - SLIP_CHANCE["score"])
    wrong = 0
    for have, want in zip(written, computed, strict=True):
        if have == want:
            continue
        wrong += 1
        off = abs(have - want)
        a, b = str(have), str(want)
        if len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 1:
            pair = next(frozenset((x, y)) for x, y in zip(a, b, strict=True) if x != y)
            if pair in CONFUSABLE:
                off = 1
        chance *= 0.5 * 0.5 * score_off_chance(off)
    if wrong > 1:
        chance *= 0.1
    return -math.log(chance)


def score_off_chance(off: int) -> float:
    """The chance that a miscopied number of the score line is `off` points from
    the one meant (either way): `SCORE_OFF` for the distances fitted, then
    `SCORE_TAIL` shared among the further ones, halving per point."""
    if off <= len(SCORE_OFF):
        return SCORE_OFF[off - 1] * (1 - SCORE_TAIL)
    return SCORE_TAIL * 0.5 ** min(off - len(SCORE_OFF), 40)


def removals_cost(written: tuple[str, ...], computed: tuple[str, ...]) -> float:
    """-ln(chance) of the removal list `written` (squares, `("A5", "B6")`) where
    the thunder-stone removed `computed`. The copier's slip is one square of the
    list miscopied: which square (one of the list's), its letter or its digit
    (half each), and the character as in `character_chance`; or, with chance
    `REMOVALS_LEFT_OUT`, one of its squares left out. A list that differs
    otherwise (a square added, two squares wrong) takes `REMOVALS_OTHER`, shared
    among the 49 squares for each square that differs. So a list one confusion
    off (`C7` for `C1`) is likelier than one a whole square off, and the
    explanations whose removals are nearer the written list come first."""
    chance = SLIP_CHANCE["removals"]
    extra = sorted((Counter(written) - Counter(computed)).elements())
    missing = sorted((Counter(computed) - Counter(written)).elements())
    miscopied = 1 - REMOVALS_LEFT_OUT - REMOVALS_OTHER
    if len(extra) == len(missing) == 1:
        (have,), (meant,) = extra, missing
        place = [i for i in (0, 1) if have[i] != meant[i]]
        if len(place) == 1:
            character = character_chance(meant[place[0]], have[place[0]])
            return -math.log(chance * miscopied / len(computed) * 0.5 * character)
    if not extra and len(missing) == 1:
        return -math.log(chance * REMOVALS_LEFT_OUT / len(computed))
    differing = max(len(extra), len(missing))
    # in logs: (1/49) ** 190 is no number a float holds (its log was a ValueError)
    return -math.log(chance * REMOVALS_OTHER) + differing * math.log(49)


def cost(kind: str) -> float:
    """-ln(chance) of one slip of `kind` with nothing more to say about it."""
    return -math.log(SLIP_CHANCE[kind])
