"""Languages: the typesetter's own words come from a gettext catalogue, quotes and
hyphenation follow the language, and the German quick reference is German throughout."""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.rulebook.compile_source import compile_source
from maerstanas_print.rulebook.html import rulebook_html
from maerstanas_print.rulebook.inline import typeset
from maerstanas_print.rulebook.pdf import rulebook_pdf
from maerstanas_print.rulebook.prepare import prepare
from maerstanas_print.rulebook.source import shipped_source
from maerstanas_print.rulebook.words import MESSAGES, catalogue, languages, words
from tests.pdf_tools import all_text, outline_titles, reader

GERMAN = "maerstanas-kurzregeln.de"


def test_every_catalogue_translates_every_message() -> None:
    assert "de" in languages()
    for language in languages():
        table = catalogue(language)
        missing = [m for m in MESSAGES if not table.get(m)]
        assert missing == [], (language, missing)
        for message in MESSAGES:  # the placeholders survive translation
            assert set(_fields(table[message])) == set(_fields(message)), message


def _fields(text: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def test_words_and_quotes_follow_the_language() -> None:
    assert words("de")("Contents") == "Inhalt"
    assert words("de")("Chapter {number}").format(number=3) == "Kapitel 3"
    assert words("en")("Contents") == "Contents"
    assert words("fr")("Contents") == "Contents"  # no catalogue: English
    assert typeset('"Stein" and it\'s', "en") == "\u201cStein\u201d and it\u2019s"
    assert typeset('"Stein"', "de") == "\u201eStein\u201c"


@pytest.fixture(scope="module")
def german():
    book = compile_source(shipped_source(GERMAN))
    return book, prepare(book)


def test_the_german_quick_reference_is_german_throughout(german) -> None:
    book, prepared = german
    assert book.language == "de"
    pdf = rulebook_pdf(prepared, "a4")
    text = all_text(pdf)
    for word in (
        "Inhalt",
        "Kapitel 1",
        "Abbildung 1.",
        "Abbildung 3.",
        "\u201eGrenzsteine\u201c",
        "erschienen am 23. November 2026",
        "Dunkel 12, Hell 10",
    ):
        assert word in " ".join(text.split()), word
    for english in ("Contents", "Chapter", "Figure", "figure", "released", "Dark", "Light"):
        assert english not in text, english
    assert reader(pdf).trailer["/Root"]["/Lang"] == "de"
    assert outline_titles(pdf)[0] == (0, "1 Die Regeln in Kürze")
    page = rulebook_html(prepared, "a4")
    assert '<html lang="de">' in page and '<h2 id="contents-title">Inhalt</h2>' in page
    assert "<b>Abbildung 2.</b>" in page and "Chapter" not in page


def test_the_english_books_hyphenate_and_the_german_one_too(german) -> None:
    """ReportLab hyphenates with pyphen's dictionary of the book's language."""
    from maerstanas_print.rulebook.hyphenation import hyphenator

    assert hyphenator("en_GB") and hyphenator("de_DE")
    text = all_text(rulebook_pdf(german[1], "a4"))
    assert any(line.endswith("-") and line[-2].isalpha() for line in text.splitlines())


def test_no_break_leaves_a_stub_that_misreads() -> None:
    """pyphen's patterns printed "star-ted", "act-ive", "or-dinary" beside "ordin-ary"."""
    from maerstanas_print.rulebook.hyphenation import hyphenator

    breaks = hyphenator("en_GB")
    assert breaks is not None
    for word in ("started", "active", "ordinary"):
        assert list(breaks(word)) == [], word
    assert ("diag", "onal") in list(breaks("diagonal"))
    assert all(len(head) >= 3 and len(tail) >= 4 for head, tail in breaks("diagonally"))


def test_a_name_is_never_hyphenated_in_english() -> None:
    """Review 7-A #6: the 1992 book printed "Neil Bern-/stein"; in German every noun
    is capitalised, so there a capital is no sign of a name."""
    from maerstanas_print.rulebook.hyphenation import hyphenator

    english, german = hyphenator("en_GB"), hyphenator("de_DE")
    assert english is not None and german is not None
    assert list(english("Bernstein")) == [] and list(english("Traditionally")) == []
    assert list(english("traditionally"))
    assert list(english("Woden-stone")) == [("Woden-", "stone")]  # its own hyphen
    assert list(german("Spielbrett"))


def test_the_german_source_ships(tmp_path) -> None:
    root = Path(__file__).resolve().parents[1] / "maerstanas_print" / "games" / "books"
    assert (root / f"{GERMAN}.md").is_file() and (root / "shared" / "edition.de.md").is_file()


def test_the_german_page_is_valid_html5(german, tmp_path) -> None:
    from tests.html_checker import html_errors

    page = tmp_path / "kurzregeln.html"
    page.write_text(rulebook_html(german[1], "a4"), encoding="utf-8")
    assert html_errors(page) == ""
