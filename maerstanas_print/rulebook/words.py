"""The words the typesetter adds to a book, and the typography of its language.

A source's text is already in its language; what the program adds itself
("Contents", "Chapter 3", "Figure 2.", "figure 2" in a reference, the labels
screen readers hear) comes from a gettext catalogue read with Babel,
`locale/<language>/LC_MESSAGES/rulebook.po`. English is the source language
and needs no catalogue; a language without one falls back to English. Quotes
and the hyphenation dictionary follow the language too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

CATALOGUE_PACKAGE = "maerstanas_print.rulebook"

# Every message the typesetter translates; each catalogue must have them all.
MESSAGES = (
    "Contents",
    "Chapter {number}",
    "Appendix {number}",
    "Figure {number}.",
    "figure {number}",
    "Figure {number}, {panel}: {description}",
    "Figure {number}. {about} ({panel}: {description})",
    "A board in play, with every kind of stone",
)


@dataclass(frozen=True)
class Typography:
    """How running text is set in a language: quotation marks and hyphenation."""

    open_quote: str
    close_quote: str
    apostrophe: str
    hyphenation: str  # a pyphen dictionary name


TYPOGRAPHY = {
    "en": Typography("\u201c", "\u201d", "\u2019", "en_GB"),
    "de": Typography("\u201e", "\u201c", "\u2019", "de_DE"),
}


def typography(language: str) -> Typography:
    return TYPOGRAPHY.get(language.split("-")[0], TYPOGRAPHY["en"])


@cache
def catalogue(language: str) -> dict[str, str]:
    """msgid -> msgstr for `language` ({} for English or a language without a catalogue)."""
    from babel.messages.pofile import read_po

    path = resources.files(CATALOGUE_PACKAGE).joinpath(
        "locale", language.split("-")[0], "LC_MESSAGES", "rulebook.po"
    )
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        read = read_po(handle)
    return {str(m.id): str(m.string) for m in read if m.id and m.string}


def words(language: str) -> Callable[[str], str]:
    """A gettext function for `language`: the translation of a message, or the message."""
    table = catalogue(language)
    return lambda message: table.get(message, message)


def languages() -> list[str]:
    """The languages with a catalogue, besides English."""
    root = resources.files(CATALOGUE_PACKAGE).joinpath("locale")
    return sorted(p.name for p in root.iterdir() if p.is_dir())
