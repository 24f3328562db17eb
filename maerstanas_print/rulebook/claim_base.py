"""What every game's rulebook claims share: the error a claim cannot be read with,
the `key value; key value` fields of a position line, and a figure's record replayed.

Each game's own claims (its book kit, `kit.BOOK_KITS`) build on these.
"""

from __future__ import annotations

from typing import Any

from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games, first_error


class ClaimError(ValueError):
    """A claim that cannot even be read (a bad square name, an unknown side)."""


def replayed_final(text: str) -> Any:
    """The final position of a figure's record, which must read and replay cleanly."""

    checked = check_games(text, "<figure>", budget=NO_FIX_SEARCH)
    games = list(checked)
    unread = first_error(checked, [])
    if unread is not None or len(games) != 1:
        raise ClaimError(f"the record does not read: {unread or ''}")
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
