"""A copier's slips, made on purpose: damaged records for tests and the repair benchmark.

Each function takes a valid record text (as `random_games.record_text` writes it)
and returns it with one slip of its kind, or None where the record offers no
place for that slip. Whether the slip makes the record invalid is for the
caller to check: a slip can happen to give another valid game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

_MOVE = re.compile(r"(?:(?<=\s)|^)(?:[TW] )?([A-G])([1-7])(?:x[A-G][1-7](?:/[A-G][1-7])*)?(?=\s)")
_REMOVALS = re.compile(r"(?<=x)[A-G][1-7](?:/[A-G][1-7])*")
_NUMBER = re.compile(r"(?:(?<=\s)|^)([0-9]+)(\.(?:\.\.)?)(?=\s)")
_SCORE = re.compile(r"Dark: ([0-9]+), Light: ([0-9]+)")
_PLY = re.compile(
    r"(?:(?<=\s)|^)(?:(?:[TW] )?[A-G][1-7](?:x[A-G][1-7](?:/[A-G][1-7])*)?|Pass)"
    r"(?=\s)"
)


def _movetext_start(text: str) -> int:
    """Past the tags: slips are made in the movetext only."""
    found = re.search(r"^[^\[\n]", text, re.M)
    return found.start() if found else 0


def square_letter(text: str, rng: random.Random) -> str | None:
    moves = list(_MOVE.finditer(text, _movetext_start(text)))
    if not moves:
        return None
    found = rng.choice(moves)
    letter = rng.choice([c for c in "ABCDEFG" if c != found.group(1)])
    return text[: found.start(1)] + letter + text[found.end(1) :]


def square_digit(text: str, rng: random.Random) -> str | None:
    moves = list(_MOVE.finditer(text, _movetext_start(text)))
    if not moves:
        return None
    found = rng.choice(moves)
    digit = rng.choice([c for c in "1234567" if c != found.group(2)])
    return text[: found.start(2)] + digit + text[found.end(2) :]


def swap(text: str, rng: random.Random) -> str | None:
    plies = list(_PLY.finditer(text, _movetext_start(text)))
    pairs = [(a, b) for a, b in zip(plies, plies[1:], strict=False) if a.group() != b.group()]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]


def removal_list(text: str, rng: random.Random) -> str | None:
    lists = list(_REMOVALS.finditer(text, _movetext_start(text)))
    if not lists:
        return None
    found = rng.choice(lists)
    squares = found.group().split("/")
    at = rng.randrange(len(squares))
    old = squares[at]
    if rng.random() < 0.5:
        squares[at] = old[0] + rng.choice([c for c in "1234567" if c != old[1]])
    else:
        squares[at] = rng.choice([c for c in "ABCDEFG" if c != old[0]]) + old[1]
    if len(squares) > 1 and rng.random() < 0.25:
        del squares[at]  # a square left out
    return text[: found.start()] + "/".join(squares) + text[found.end() :]


def score_line(text: str, rng: random.Random) -> str | None:
    found = _SCORE.search(text)
    if found is None:
        return None
    which = rng.choice((1, 2))
    value = int(found.group(which)) + rng.choice((-2, -1, 1, 2))
    return text[: found.start(which)] + str(max(0, value)) + text[found.end(which) :]


def move_number(text: str, rng: random.Random) -> str | None:
    numbers = list(_NUMBER.finditer(text, _movetext_start(text)))
    if not numbers:
        return None
    found = rng.choice(numbers)
    value = int(found.group(1)) + rng.choice((-1, 1, 10))
    return text[: found.start(1)] + str(max(1, value)) + text[found.end(1) :]


def extra_pass(text: str, rng: random.Random) -> str | None:
    plies = list(_PLY.finditer(text, _movetext_start(text)))
    if not plies:
        return None
    at = rng.choice(plies).start()
    return text[:at] + "Pass " + text[at:]


def left_out_pass(text: str, rng: random.Random) -> str | None:
    passes = [m for m in _PLY.finditer(text, _movetext_start(text)) if m.group() == "Pass"]
    if not passes:
        return None
    found = rng.choice(passes)
    end = found.end() + (text[found.end() : found.end() + 1] == " ")
    return text[: found.start()] + text[end:]


SLIPS: dict[str, Callable[[str, random.Random], str | None]] = {
    "square letter": square_letter,
    "square digit": square_digit,
    "swapped moves": swap,
    "removal list": removal_list,
    "score line": score_line,
    "move number": move_number,
    "extra Pass": extra_pass,
    "left-out Pass": left_out_pass,
}


_TAFL_MOVE = re.compile(r"(?:(?<=\s)|^)[KC]?([A-S])(1[0-9]|[1-9])-([A-S])(1[0-9]|[1-9])")
_TAFL_RESULT = re.compile(r"(?:1-0|0-1|1/2-1/2)\s*$")


def tafl_square(text: str, rng: random.Random) -> str | None:
    """A movement's origin or target letter or digit miscopied (the 7x7 tafl board)."""
    moves = list(_TAFL_MOVE.finditer(text, _movetext_start(text)))
    if not moves:
        return None
    found = rng.choice(moves)
    group = rng.choice((1, 2, 3, 4))
    old = found.group(group)
    if group in (1, 3):
        new = rng.choice([c for c in "ABCDEFG" if c != old])
    else:
        new = rng.choice([c for c in "1234567" if c != old])
    return text[: found.start(group)] + new + text[found.end(group) :]


def tafl_result(text: str, rng: random.Random) -> str | None:
    found = _TAFL_RESULT.search(text)
    if found is None:
        return None
    new = rng.choice([r for r in ("1-0", "0-1", "1/2-1/2") if r != found.group().strip()])
    return text[: found.start()] + new + "\n"


TAFL_SLIPS: dict[str, Callable[[str, random.Random], str | None]] = {
    "tafl square": tafl_square,
    "tafl result": tafl_result,
}
