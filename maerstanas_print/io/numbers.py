"""Numbers given on the command line, read as a user types them: ASCII digits.

`int()` and `float()` also take the digits of every other script (`١٢`), `_`
between digits (`1_000`), and `float()` takes `nan`, `inf` and `infinity`;
an option value such as `--depth ٣` would then be read as 3 while the help
and the messages speak of 0-9. These readers take a sign, the digits 0-9 and,
for seconds, one decimal point and an exponent: anything else is None, for
the command to refuse with its own message.
"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_SPACES = " \t"  # around a value, as a shell may pass it from a quoted variable


def whole_number(text: str) -> int | None:
    """`text` as a whole number in the digits 0-9, or None."""
    text = text.strip(_SPACES)
    return int(text) if _WHOLE.fullmatch(text) else None


def decimal_number(text: str) -> float | None:
    """`text` as a number such as `2`, `0.5` or `1e2` in the digits 0-9, or None."""
    text = text.strip(_SPACES)
    return float(text) if _DECIMAL.fullmatch(text) else None
