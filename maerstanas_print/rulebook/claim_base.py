"""What every game's rulebook claims share: the error a claim cannot be read with,
the `key value; key value` fields of a position line, and a figure's record replayed.

Each game's own claims (its book kit, `kit.BOOK_KITS`) build on these.
"""

from __future__ import annotations

from typing import Any

from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import replay


class ClaimError(ValueError):
    """A claim that cannot even be read (a bad square name, an unknown side)."""


def replayed_final(text: str) -> Any:
    """The final position of a figure's record, which must read and replay cleanly."""

    parsed = parse(text, "<figure>")
    errors = [d for d in parsed.diagnostics if d.severity == "error"]
    if errors or len(parsed.games) != 1:
        raise ClaimError(f"the record does not read: {errors[0].message if errors else ''}")
    game = replay(parsed.games[0])
    if not game.valid:
        first = next(d for d in game.diagnostics if d.severity == "error")
        raise ClaimError(f"the record is not valid: {first.message}")
    return game.final


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
