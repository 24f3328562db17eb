"""What every game's rulebook claims share: the error a claim cannot be read with,
the `key value; key value` fields of a position line, and a figure's record replayed.

Each game's own claims (its book kit, `kit.BOOK_KITS`) build on these.
"""

from __future__ import annotations

import re
from typing import Any

from maerstanas_print.io.errors import LimitError
from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games, first_error

_NAME = "<figure>"  # the record's name in the reader's messages, taken off them


def _unplaced(message: str) -> str:
    """`message` without the `<figure>:LINE:COLUMN:` the reader puts before it."""
    return re.sub(rf"^{re.escape(_NAME)}:\d+:\d+: ", "", message)


class ClaimError(ValueError):
    """A claim that cannot even be read (a bad square name, an unknown side)."""


def replayed_final(text: str) -> Any:
    """The final position of a figure's record, which must read and replay cleanly."""

    checked = check_games(text, _NAME, budget=NO_FIX_SEARCH)
    try:
        games = list(checked)
    except LimitError as exc:  # named at the figure's `record:` line, not at `<figure>`
        raise ClaimError(f"the record is past a limit: {_unplaced(str(exc))}") from None
    unread = first_error(checked, [])
    if unread is not None:
        raise ClaimError(f"the record does not read: {_unplaced(unread)}")
    if len(games) != 1:
        raise ClaimError(f"the record holds {len(games)} games; a panel shows one")
    if not games[0].valid:
        raise ClaimError(f"the record is not valid: {games[0].errors[0].message}")
    return games[0].replayed.final


def setup_fields(text: str, allowed: tuple[str, ...]) -> dict[str, str]:
    """`name value words; name value` -> {name: "value words"} (a figure's `stones:` line)."""
    out: dict[str, str] = {}
    for part in text.split(";"):
        name, _, value = part.strip().partition(" ")
        if name not in allowed:
            raise ClaimError(f"{name!r} is not one of: {', '.join(allowed)}")
        if name in out:
            raise ClaimError(f"{name!r} is given twice")
        out[name] = value.strip()
    return out
