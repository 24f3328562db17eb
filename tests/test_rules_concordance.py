"""The rules concordance, checked: every book and card against the source's points.

For each game, `books/concordance/GAME.yaml` lists the source's rule points in
the source's own words, and each passage of a book names the points it states
by a `{§ point}` marker (maerstanas_print/rulebook/concordance.py). These tests
fail when a quote is not the source's, when a book drops a point it does not
leave out on purpose, when a passage states a reading without marking it as
this edition's, or when a passage has no point behind it. The same holds for the
rules a game's sheets print (`SheetKit.rule_texts`), and for each sentence of a
passage that states both the source's points and this edition's.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from maerstanas_print.games.registry import all_games, game_named
from maerstanas_print.rule_points import marked_spans
from maerstanas_print.rulebook.concordance import (
    Concordance,
    MarkedBlock,
    load_concordance,
    marked_blocks,
    sentences,
    strip_markers,
)
from maerstanas_print.rulebook.source import read_source
from maerstanas_print.sheets.capabilities import SHEETS

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
    "de": re.compile(r"\bunserer? Lesart\b|\bwir lesen\b|\bdiese Ausgabe liest\b", re.I),
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


# The source's own points, and this edition's (its readings and its own matter).
SOURCE_KINDS = ("rule", "advice", "history")


def _unmarked_readings(table: Concordance, where: str, spans, words: re.Pattern) -> list[str]:
    """The spans of a text that state a reading without saying, in their own words,
    that it is this edition's."""
    return [
        f"{where}: states {', '.join(readings)} without marking it as this edition's "
        f"reading: {text[:70]!r}"
        for text, points in spans
        for readings in [[k for k in points if _kind(table, k) == "reading"]]
        if readings and not words.search(text)
    ]


def _mixed_spans(table: Concordance, where: str, spans) -> list[str]:
    """The spans of more than one sentence that name both the source's points and this
    edition's: which sentence is the source's and which ours must be marked."""
    wrong = []
    for text, points in spans:
        kinds = {_kind(table, key) in SOURCE_KINDS for key in points if key in table.points}
        if len(kinds) == 2 and len(sentences(text)) > 1:
            wrong.append(
                f"{where}: one marker ({' '.join(points)}) for {len(sentences(text))} "
                f"sentences stating the source's points and ours; mark each sentence: "
                f"{text[:70]!r}"
            )
    return wrong


def _kind(table: Concordance, key: str) -> str:
    return table.points[key].kind if key in table.points else "?"


def test_every_reading_is_marked_as_one(table: Concordance) -> None:
    """Each span that names a reading says it is ours, unless its passage stands in
    a section all of whose words are readings (*What we decided*)."""
    wrong = []
    for book, settings in table.books.items():
        marked_sections = set(settings.get("readings-sections", ()))
        words = READING_WORDS[settings.get("language", "en")]
        for block in _blocks(book):
            if block.section not in marked_sections:
                wrong += _unmarked_readings(table, f"{book}.md:{block.line}", block.spans, words)
    assert not wrong, "\n".join(wrong)


def test_a_passage_marks_the_source_apart_from_our_readings(table: Concordance) -> None:
    wrong = [
        message
        for book in table.books
        for block in _blocks(book)
        for message in _mixed_spans(table, f"{book}.md:{block.line}", block.spans)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_words_after_a_passages_last_marker(table: Concordance) -> None:
    wrong = [
        f"{book}.md:{block.line}: words after the last marker: {text[:70]!r}"
        for book in table.books
        for block in _blocks(book)
        if block.points
        for text, points in block.spans
        if not points
    ]
    assert not wrong, "\n".join(wrong)


# --- the rules the sheets print -------------------------------------------------


def _sheet_texts(table: Concordance) -> dict[str, str]:
    game = game_named(table.game)
    assert game is not None, f"{table.game} is no game of the registry"
    return SHEETS.of(game).rule_texts()


def test_every_game_with_sheet_rules_has_a_concordance() -> None:
    """A game whose sheets print rules is held to a concordance, like its books."""
    tables = {load_concordance(path).game for path in TABLES}
    printing = {game.tag for game in all_games() if SHEETS.of(game).rule_texts()}
    assert printing <= tables, f"sheet rules without a concordance: {printing - tables}"


def test_the_sheets_rules_follow_the_concordance(table: Concordance) -> None:
    """Every sentence of the rules a game's sheets print names its points, the points
    are the table's, readings say they are ours, and the source's points stand
    apart from ours, as in the books."""
    texts = _sheet_texts(table)
    assert texts, f"{table.game} prints no rules on its sheets"
    wrong = []
    for where, text in texts.items():
        spans = marked_spans(text)
        wrong += [f"{where}: words without a point: {t[:70]!r}" for t, pts in spans if not pts]
        wrong += [
            f"{where}: no point {key!r}"
            for _, points in spans
            for key in points
            if key not in table.points
        ]
        wrong += _unmarked_readings(table, where, spans, READING_WORDS["en"])
        wrong += _mixed_spans(table, where, spans)
    assert not wrong, "\n".join(wrong)


def test_a_sheet_prints_its_rules_without_markers() -> None:
    for game in all_games():
        kit = SHEETS.of(game)
        printed = [*(t for v in kit.rules for t in kit.rules_for(v)), kit.stones_line]
        printed.append(kit.pencil_line)
        assert not [text for text in printed if "{§" in text], game.tag


def test_a_reading_hidden_in_a_sheets_rule_is_found() -> None:
    """The 1992 sheets' old rule line, marked with the points it states: its reading
    of the throne is not marked as ours, and one marker covers the post's rule and
    our reading in two sentences."""
    table = load_concordance(BOOKS / "concordance" / "hnefatafl1992.yaml")
    old = (
        "A man caught between two enemies, or between an enemy and the empty throne, is "
        "taken. White wins by surrounding the king on all four sides (the empty throne "
        "counts as one). {§ capture white-goal reading-hostile-throne}"
    )
    spans = marked_spans(old)
    assert _unmarked_readings(table, "old", spans, READING_WORDS["en"])
    assert _mixed_spans(table, "old", spans)
    new = (
        "A man caught between two enemies is taken. {§ capture} As we read the post, the "
        "empty throne counts as an enemy too. {§ reading-hostile-throne}"
    )
    assert not _unmarked_readings(table, "new", marked_spans(new), READING_WORDS["en"])
    assert not _mixed_spans(table, "new", marked_spans(new))


def test_a_span_is_the_words_up_to_its_marker() -> None:
    text = "Dark first. {§ first} Light next. We read it so. {§ a reading-x} tail"
    assert marked_spans(text) == [
        ("Dark first.", ("first",)),
        ("Light next. We read it so.", ("a", "reading-x")),
        ("tail", ()),
    ]
    assert sentences("Light next. We read it so.") == ["Light next.", "We read it so."]
    assert sentences('He said "no." Then ({{ a.figure }}) went.') == [
        'He said "no."',
        "Then ({{ a.figure }}) went.",
    ]
    block = marked_blocks("# S\n\nOne. {§ a} Two. {§ b} {.lead}\n")[0]
    assert isinstance(block, MarkedBlock)
    assert block.spans == (("One.", ("a",)), ("Two.", ("b",)))


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


def test_an_escaped_marker_is_words_the_concordance_does_not_read() -> None:
    # As the typesetter prints it: `\{§ a}` is the words "{§ a}", no point (review 26 books 8 #1).
    block = marked_blocks("# S\n\nCite \\{§ a} here. {§ b}\n")[0]
    assert block.points == ("b",)
    assert block.spans == (("Cite \\{§ a} here.", ("b",)),)
    assert strip_markers("x \\{§ a} y {§ 1\\} z {§ c}") == "x \\{§ a} y {§ 1\\} z"


def _missing_needs(table: Concordance, where: str, stated: set[str]) -> list[str]:
    """The points a text states without the points they need (`needs:` in the table)."""
    return [
        f"{where}: states {key} without {need} (read alone, it says more than the source)"
        for key in sorted(stated)
        if key in table.points
        for need in table.points[key].needs
        if need not in stated
    ]


def test_a_point_comes_with_the_points_it_needs(table: Concordance) -> None:
    """A book, and each rules text of a sheet, that states a point states the points
    it needs: the 1992 capture is stated with "only the mover captures"."""
    wrong = []
    for book in table.books:
        stated = {key for block in _blocks(book) for key in block.points}
        wrong += _missing_needs(table, f"{book}.md", stated)
    for where, text in _sheet_texts(table).items():
        stated = {key for _, points in marked_spans(text) for key in points}
        wrong += _missing_needs(table, where, stated)
    assert not wrong, "\n".join(wrong)


def test_the_old_1992_sheet_capture_is_found_wanting() -> None:
    """The 1992 sheets' old capture sentence, read alone, took a man that moved in
    between two enemies; the post says capturing is active."""
    table = load_concordance(BOOKS / "concordance" / "hnefatafl1992.yaml")
    old = "A man caught between two enemies on a row or column is taken. {§ capture}"
    stated = {key for _, points in marked_spans(old) for key in points}
    assert _missing_needs(table, "old", stated)


def _texts(shape) -> list[str]:
    from maerstanas_print.draw.shapes import Group, Text

    if isinstance(shape, Text):
        return [shape.text]
    if isinstance(shape, Group):
        return [text for child in shape.children for text in _texts(child)]
    return []


def test_a_boards_legend_states_only_the_games_marked_texts() -> None:
    """The home-corners line under a board (sheets, books, cards, setup sheet) says
    which corner is whose: a reading for Cyngesheall. Its words are the kit's marked
    `corners_notes`, held to the concordance above, and say it is ours; a legend
    that typed them itself ("Dark's king starts on G7 and wins on A1") fails."""
    from maerstanas_print.draw.board import spec_for_game
    from maerstanas_print.sheets.common import game_legend

    for game in all_games():
        spec = spec_for_game(game)
        if "dark-home" not in spec.specials.values():
            continue
        kit = SHEETS.of(game)
        group, _ = game_legend(game, spec, 0, 0, 160.0, "print")
        homes = {kind: spec.name(square) for square, kind in spec.specials.items()}
        marked = {
            kit.corners_line(0, homes["dark-home"], homes["light-home"]),
            kit.corners_line(1, homes["light-home"], homes["dark-home"]),
        }
        corner_texts = [t for t in _texts(group) if "king starts" in t or " wins " in t]
        assert corner_texts, game.tag
        assert set(corner_texts) <= marked, (game.tag, corner_texts)
        assert all(READING_WORDS["en"].search(t) for t in corner_texts), corner_texts


def test_a_caption_is_a_passage_held_to_the_concordance() -> None:
    """Captions are read like paragraphs (continued lines too, a record's text not),
    so an unmarked caption, or one stating a reading as plain fact, is found: the
    1992 book's old caption said the king captures without saying it is our reading."""
    text = (
        "# S\n\n```figure\nid: f\ncaption: Left: the king takes part in a capture like any\n"
        "  of his men. {§ reading-armed-king edition-figure}\npanel: p\nstones: start\n```\n\n"
        "```record\nid: r\ncaption: A record.\n\n1. D4 *\n```\n"
    )
    blocks = [b for b in marked_blocks(text) if b.kind == "caption"]
    assert [(b.line, b.points) for b in blocks] == [
        (5, ("reading-armed-king", "edition-figure")),
        (13, ()),
    ]
    assert blocks[0].text.endswith("like any of his men.")
    table = load_concordance(BOOKS / "concordance" / "hnefatafl1992.yaml")
    assert _unmarked_readings(table, "old", blocks[0].spans, READING_WORDS["en"])
