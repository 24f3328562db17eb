"""Where a book's words may break at a line's end.

ReportLab hyphenates with pyphen's dictionary, whose patterns allow breaks a
reader stumbles on: "star-ted" reads as "star", "act-ive" and "or-dinary" leave
two or three letters alone, and "or-dinary" on one page stood beside "ordin-ary"
on another. A break here keeps at least three letters before it and four after
it, which removes those and keeps the good ones ("diag-onal", "hinge-stone").
A capitalised word is broken only at its own hyphen ("Woden-/stone") where only
names are capitalised: a name ("Bern-stein") otherwise reads as two words.
(German capitalises every noun, so there the capital says nothing and its
words break as before.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

MIN_BEFORE = 3  # letters before a break
MIN_AFTER = 4  # letters after it
NOUNS_CAPITALISED = ("de",)  # languages whose capitals do not mark a name
# A longer word is not hyphenated but split bare where the line ends: no word of
# a language is this long, and ReportLab tries every break of a word again for
# each line it runs onto (a 10,000-letter word took minutes; bare, a moment)
LONGEST_HYPHENATED = 64

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
    iterate = pyphen.Pyphen(lang=dictionary, left=MIN_BEFORE, right=MIN_AFTER).iterate
    capitalised = dictionary.split("_")[0] in NOUNS_CAPITALISED

    def breaks(word: str) -> Iterator[tuple[str, str]]:
        if len(word) > LONGEST_HYPHENATED:  # set bare: split at the line's edge
            return iter(())
        if word[:1].isupper() and not capitalised:  # a name breaks at its own hyphen only
            return (pair for pair in iterate(word) if pair[0].endswith("-"))
        return iterate(word)

    return breaks
