"""Numbers given on the command line, read as a user types them: ASCII digits.

`int()` and `float()` also take the digits of every other script (`١٢`), `_`
between digits (`1_000`), and `float()` takes `nan`, `inf` and `infinity`;
an option value such as `--depth ٣` would then be read as 3 while the help
and the messages speak of 0-9. These readers take a sign, the digits 0-9 and,
for seconds, one decimal point and an exponent: anything else is None, for
the command to refuse with its own message.

Python refuses to read a whole number of more than 4,300 digits (a guard
against slow conversions) with a ValueError; no option takes a value a tenth
that long, so a number of more than `MAX_DIGITS` digits (leading zeros left
out) is refused first, as a usage error that says so.
"""

from __future__ import annotations

import re

from maerstanas_print.io.exits import EXIT_USAGE, CommandError
from maerstanas_print.io.limits import MAX_NUMBER_DIGITS as MAX_DIGITS

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_SPACES = " \t"  # around a value, as a shell may pass it from a quoted variable


def whole_number(text: str, option: str) -> int | None:
    """`text` (the value of `option`) as a whole number in the digits 0-9, or None;
    `CommandError` (exit 2) for one of more than `MAX_DIGITS` digits."""
    text = text.strip(_SPACES)
    if not _WHOLE.fullmatch(text):
        return None
    within_digits(text, option)
    negative = text.startswith("-")
    digits = text.lstrip("+-").lstrip("0") or "0"  # int() counts leading zeros too
    return -int(digits) if negative else int(digits)


def within_digits(number: str, option: str) -> None:
    """Refuse `number` (ASCII digits, maybe a sign) with more than `MAX_DIGITS`
    digits after its leading zeros, before `int()` sees it."""
    digits = len(number.lstrip("+-").lstrip("0"))
    if digits > MAX_DIGITS:
        raise CommandError(
            f"{option}: a number of {digits:,} digits; no value it takes has more "
            f"than {MAX_DIGITS}",
            EXIT_USAGE,
        )


def decimal_number(text: str) -> float | None:
    """`text` as a number such as `2`, `0.5` or `1e2` in the digits 0-9, or None."""
    text = text.strip(_SPACES)
    return float(text) if _DECIMAL.fullmatch(text) else None
