"""The `[Date]` tag: PGN's YYYY.MM.DD with `??` for an unknown part, and a hint
that rewrites a date written another common way."""

from __future__ import annotations

import re

DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
_OTHER_FORM = re.compile(r"\s*(\d{4})\s*[-./ ]\s*(\d{1,2})\s*[-./ ]\s*(\d{1,2})\s*")


def real_date(value: str) -> bool:
    """YYYY.MM.DD with a month 01-12 and a day 01-31 (or `??` parts)."""
    found = DATE.fullmatch(value)
    if found is None:
        return False
    month, day = found.group(2), found.group(3)
    return (month == "??" or 1 <= int(month) <= 12) and (day == "??" or 1 <= int(day) <= 31)


def date_hint(value: str) -> str:
    """The value rewritten when its parts can be told apart: `2026-11-20` -> 2026.11.20."""
    parts = _OTHER_FORM.fullmatch(value)
    if parts is not None:
        year, month, day = parts.group(1), int(parts.group(2)), int(parts.group(3))
        if 1 <= month <= 12 and 1 <= day <= 31:
            return f"write `{year}.{month:02}.{day:02}`"
        return "months run from 01 to 12 and days from 01 to 31; write ?? for an unknown part"
    return "write the date as YYYY.MM.DD, with ?? for an unknown part (2026.11.??)"
