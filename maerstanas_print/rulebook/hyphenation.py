"""Where a book's words may break at a line's end.

ReportLab hyphenates with pyphen's dictionary, whose patterns allow breaks a
reader stumbles on: "star-ted" reads as "star", "act-ive" and "or-dinary" leave
two or three letters alone, and "or-dinary" on one page stood beside "ordin-ary"
on another. A break here keeps at least three letters before it and four after
it, which removes those and keeps the good ones ("diag-onal", "hinge-stone").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

MIN_BEFORE = 3  # letters before a break
MIN_AFTER = 4  # letters after it

Hyphenator = Callable[[str], Iterator[tuple[str, str]]]


@cache
def hyphenator(dictionary: str) -> Hyphenator | None:
    """ReportLab's `hyphenationLang` for a pyphen dictionary (a word -> its
    (head, tail) pairs), or None when pyphen or the dictionary is missing."""
    try:
        import pyphen
    except ImportError:
        return None
    if dictionary not in pyphen.LANGUAGES:
        return None
    return pyphen.Pyphen(lang=dictionary, left=MIN_BEFORE, right=MIN_AFTER).iterate
