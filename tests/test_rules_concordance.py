"""The rules concordance, checked: every book and card against the source's points.

For each game, `books/concordance/GAME.yaml` lists the source's rule points in
the source's own words, and each passage of a book names the points it states
by a `{§ point}` marker (maerstanas_print/rulebook/concordance.py). These tests
fail when a quote is not the source's, when a book drops a point it does not
leave out on purpose, when a passage states a reading without marking it as
this edition's, or when a passage has no point behind it.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from maerstanas_print.rulebook.concordance import (
    Concordance,
    load_concordance,
    marked_blocks,
    strip_markers,
)
from maerstanas_print.rulebook.source import read_source

ROOT = Path(__file__).parent.parent
BOOKS = ROOT / "maerstanas_print" / "games" / "books"
TABLES = sorted((BOOKS / "concordance").glob("*.yaml"))


def _seeds() -> Path:
    """The source texts: $MAERSTANAS_SEEDS, else the first `shared/seeds` beside the
    checkout or one of its parents (../shared/seeds for the main checkout)."""
    if os.environ.get("MAERSTANAS_SEEDS"):
        return Path(os.environ["MAERSTANAS_SEEDS"])
    found = (folder / "shared" / "seeds" for folder in ROOT.parents)
    return next((path for path in found if path.is_dir()), ROOT.parent / "shared" / "seeds")


SEEDS = _seeds()

# Words that mark a passage as this edition's reading, by the book's language.
READING_WORDS = {
    "en": re.compile(
        r"\bour readings?\b|\bwe read\b|\bthis edition reads\b|\bthis edition's readings?\b"
        r"|\bwe decided\b|\bwe chose\b|\(reading\)",
        re.I,
    ),
    "de": re.compile(r"\bunsere Lesart\b|\bwir lesen\b|\bdiese Ausgabe liest\b", re.I),
}


def _table_id(path: Path) -> str:
    return path.stem


@pytest.fixture(scope="module", params=TABLES, ids=_table_id)
def table(request) -> Concordance:
    return load_concordance(request.param)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _seed_text(name: str) -> str:
    """A seed's words as a reader sees them: tags dropped, entities decoded, one
    space for every run of white space."""
    text = (SEEDS / name).read_text("utf-8")
    text = re.sub(r"<[^>]+>", "", text)
    return _flat(html.unescape(text))


def test_the_concordance_covers_every_shipped_book() -> None:
    covered = {book for path in TABLES for book in load_concordance(path).books}
    shipped = {path.stem for path in BOOKS.glob("*.md")}
    assert covered == shipped


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the seeds are not at {SEEDS}")
def test_every_quote_is_the_sources_own_words(table: Concordance) -> None:
    wrong = [
        f"{key}: {source}: {quote!r}"
        for key, point in table.points.items()
        for source, quotes in point.says.items()
        for quote in quotes
        if _flat(quote) not in _seed_text(table.sources[source])
    ]
    assert not wrong, "not in the source:\n" + "\n".join(wrong)


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the seeds are not at {SEEDS}")
def test_the_version_is_the_sources(table: Concordance) -> None:
    assert _flat(table.version) in _seed_text(next(iter(table.sources.values())))


def test_every_book_adapts_the_tables_version(table: Concordance) -> None:
    """A book's licence names the version of the rules it adapts: the table's."""
    for book in table.books:
        text = (BOOKS / f"{book}.md").read_text("utf-8")
        for named in re.findall(r"```include licence\n(?:.*\n)*?version: (.*)\n", text):
            assert named.strip() == table.version, f"{book}.md adapts version {named}"


def _blocks(book: str):
    return marked_blocks((BOOKS / f"{book}.md").read_text("utf-8"))


def test_every_passage_has_a_point_behind_it(table: Concordance) -> None:
    wrong = [
        f"{book}.md:{block.line}: {block.kind} without a point: {block.text[:70]!r}"
        for book in table.books
        for block in _blocks(book)
        if not block.points
    ]
    assert not wrong, "\n".join(wrong)


def test_every_marker_names_a_point_of_the_table(table: Concordance) -> None:
    wrong = [
        f"{book}.md:{block.line}: no point {key!r}"
        for book in table.books
        for block in _blocks(book)
        for key in block.points
        if key not in table.points
    ]
    assert not wrong, "\n".join(wrong)


def test_no_book_drops_a_point(table: Concordance) -> None:
    wrong = []
    for book in table.books:
        stated = {key for block in _blocks(book) for key in block.points}
        for key, point in table.points.items():
            if book in point.omitted and key in stated:
                wrong.append(f"{book}: states {key}, which the table says it leaves out")
            elif book not in point.omitted and key not in stated:
                wrong.append(f"{book}: drops {key} (state it, or say why it is left out)")
        for book_named in point_books(table):
            assert book_named in table.books, f"{book_named} is no book of {table.game}"
    assert not wrong, "\n".join(wrong)


def point_books(table: Concordance) -> set[str]:
    return {book for point in table.points.values() for book in point.omitted}


def test_every_reading_is_marked_as_one(table: Concordance) -> None:
    wrong = []
    for book, settings in table.books.items():
        marked_sections = set(settings.get("readings-sections", ()))
        words = READING_WORDS[settings.get("language", "en")]
        for block in _blocks(book):
            readings = [k for k in block.points if table.points[k].kind == "reading"]
            if readings and block.section not in marked_sections and not words.search(block.text):
                wrong.append(
                    f"{book}.md:{block.line}: states {', '.join(readings)} without marking "
                    f"it as this edition's reading: {block.text[:70]!r}"
                )
    assert not wrong, "\n".join(wrong)


def test_the_typesetter_never_prints_a_marker() -> None:
    for path in BOOKS.glob("*.md"):
        read = read_source(path.read_text("utf-8"), path.name)
        assert "{§" not in repr(read.book), path.name


def test_a_marker_is_stripped_and_read_back() -> None:
    text = "---\ngame: Maerstanas\ntitle: T\n---\n\n# One\n\nA rule. {§ a b}\n\n- item {§ c}\n"
    blocks = marked_blocks(text)
    assert [(b.kind, b.text, b.points) for b in blocks] == [
        ("paragraph", "A rule.", ("a", "b")),
        ("item", "item", ("c",)),
    ]
    assert strip_markers("A rule. {§ a} Next.") == "A rule. Next."
    unmarked = marked_blocks(text.replace(" {§ c}", ""))
    assert unmarked[1].points == ()
