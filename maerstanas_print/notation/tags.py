"""Tag values read as what they mean: dates, option lists.

A record keeps every tag as the text written (`record.Tag`); these readers
give the values a program wants (`record.date` is a `TagDate`, the Options tag
a list of name/value pairs), and one place decides how such a value is read.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)", re.ASCII)  # digits 0-9 only
# Dates as people write them: 2026-11-20, 2026/3/7, 2026.11.??
_LOOSE = re.compile(
    r"\s*(\d{4}|\?{4})\s*[-./ ]\s*(\d{1,2}|\?\?)\s*[-./ ]\s*(\d{1,2}|\?\?)\s*", re.ASCII
)


_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


@dataclass(frozen=True, slots=True)
class TagDate:
    """A `[Date "2026.11.??"]` value: each part may be unknown (None)."""

    year: int | None
    month: int | None
    day: int | None

    @classmethod
    def parse(cls, text: str) -> TagDate | None:
        """The date a Date tag writes, or None when it is not `YYYY.MM.DD` (with `??`
        for unknown parts) or names a month or day that does not exist."""
        found = DATE.fullmatch(text.strip())
        if found is None:
            return None
        year, month, day = (None if "?" in part else int(part) for part in found.groups())
        if year == 0 or (month is not None and not 1 <= month <= 12):
            return None  # the calendar has no year 0 (`date` could not give one)
        if day is not None:
            last = 31
            if month is not None:
                last = _MONTH_DAYS[month - 1]
                if month == 2 and (year is None or _leap(year)):  # an unknown year may be
                    last = 29
            if not 1 <= day <= last:
                return None
        return cls(year, month, day)

    @classmethod
    def parse_loose(cls, text: str) -> TagDate | None:
        """Like `parse`, but also read `2026-11-20` or `2026/3/7` (any of - . / or a
        space between the parts, one-digit months and days)."""
        found = _LOOSE.fullmatch(text)
        if found is None:
            return None
        parts = [part if "?" in part else f"{int(part):02d}" for part in found.groups()]
        return cls.parse(".".join(parts))

    @property
    def date(self) -> datetime.date | None:
        """The calendar date, when every part is known."""
        if self.year is None or self.month is None or self.day is None:
            return None
        return datetime.date(self.year, self.month, self.day)

    def __str__(self) -> str:
        parts = (
            f"{self.year:04d}" if self.year is not None else "????",
            f"{self.month:02d}" if self.month is not None else "??",
            f"{self.day:02d}" if self.day is not None else "??",
        )
        return ".".join(parts)


def date_hint(value: str) -> str:
    """What to write instead of a Date value that is not a date: the value rewritten
    when its parts can be told apart (`2026-11-20` -> 2026.11.20)."""
    if _LOOSE.fullmatch(value) is not None:
        date = TagDate.parse_loose(value)
        if date is not None:
            return f"write `{date}`"
        return "months run from 01 to 12 and days from 01 to 31; write ?? for an unknown part"
    return "write the date as YYYY.MM.DD, with ?? for an unknown part (2026.11.??)"


def parse_options(value: str) -> list[tuple[str, str]]:
    """`"repetition=forbid3; no_legal_move=lose"` -> [(name, value), ...].

    Options are separated by `;` or `,`; spaces around names and values are
    dropped, and a part with nothing in it is skipped.
    """
    pairs = []
    for part in value.replace(",", ";").split(";"):
        if part.strip():
            name, _, chosen = part.partition("=")
            pairs.append((name.strip(), chosen.strip()))
    return pairs
