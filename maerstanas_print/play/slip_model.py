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
(`bench/fit_slip_model.py`, seeds 1-9), never on the held-out sets.
"""

from __future__ import annotations

import functools
import math

# The chance of each kind of slip at one place where it can happen (one move, one
# row, one removal list, the score line, the Result tag, one move number). The
# kinds `tests/copier.py` makes (letter, digit, column, swap, twice, skipped,
# score) are fitted on its tuning sets by `bench/fit_slip_model.py`; the others
# were set by hand.
SLIP_CHANCE: dict[str, float] = {
    "reading": 0.5,  # a slip the reader already read as meant (`Pas`, `4E`)
    "letter": 0.013,  # a square's column letter miscopied
    "digit": 0.012,  # a square's row digit miscopied
    "square": 0.0006,  # both characters of a square miscopied
    "column": 0.015,  # the two moves of one row written in each other's column
    "swap": 0.013,  # two moves swapped across a row's end (Light's, then Dark's)
    "rows": 0.002,  # one column's moves of two neighbouring rows swapped
    "twice": 0.012,  # a row written twice
    "skipped": 0.045,  # a row left out (cannot be restored: only reported)
    "removals": 0.03,  # a square of a thunder-stone's removal list miscopied or left out
    "score": 0.33,  # the score line miscopied (either number)
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
    """-ln(chance) of the score line `written` where `computed` was meant. One number
    miscopied is the common slip: half the chance goes to each number, and of that
    a quarter to each side off by one, halving per point further (a handwriting
    confusion of a digit counts as off by one); both numbers wrong at once is a
    tenth as likely again."""
    chance = SLIP_CHANCE["score"]
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
        chance *= 0.5 * 0.25 * 0.5 ** min(off - 1, 20)
    if wrong > 1:
        chance *= 0.1
    return -math.log(chance)


def cost(kind: str) -> float:
    """-ln(chance) of one slip of `kind` with nothing more to say about it."""
    return -math.log(SLIP_CHANCE[kind])
