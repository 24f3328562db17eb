"""The date a reproducible build asks for: `SOURCE_DATE_EPOCH`, checked before any use.

ReportLab reads the variable itself when a PDF is begun and takes it with `int()`:
`abc` ended every PDF command in a ValueError traceback, and a number past the
year 9999 was written as a date no reader understands. The reproducible-builds
convention is a whole number of seconds since 1970 (UTC); anything else is
refused before any work starts, so no command writes a file with a broken date.
"""

from __future__ import annotations

import os
import re

LATEST_SECONDS = 253_402_300_799  # 9999-12-31 23:59:59 UTC: four digits of year in a PDF date
_SECONDS = re.compile(r"[0-9]+")


def source_date_problem() -> str | None:
    """Why SOURCE_DATE_EPOCH cannot date a file, or None when it is unset or fine."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value:
        return None
    # More digits than the latest date has (leading zeros aside) is refused before
    # int(), which raises on thousands of digits.
    digits = value.lstrip("0") or "0"
    if not _SECONDS.fullmatch(value) or len(digits) > len(str(LATEST_SECONDS)):
        return _not_a_date(value)
    if int(digits) > LATEST_SECONDS:
        return _not_a_date(value)
    # The PDF library reads the variable again with int(): give it the plain number.
    os.environ["SOURCE_DATE_EPOCH"] = digits
    return None


def _not_a_date(value: str) -> str:
    return (
        f"SOURCE_DATE_EPOCH={value[:40]!r} is not a date: give whole seconds since "
        f"1970-01-01 UTC, from 0 to {LATEST_SECONDS} (9999-12-31), or unset it"
    )
