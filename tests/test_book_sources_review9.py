"""The ninth re-review of book sources as untrusted input (issue 26): the documented
escapes of the book's brace markup at the end of a text. Each test failed on the code
it reviewed (the gloss that ran off the page and the running head's lost blanks are
in tests/test_book_sources_review8.py and tests/test_book_sources_browser.py).
"""

from __future__ import annotations

import re

import pytest

from maerstanas_print.cli import main
from tests.test_book_sources_review8 import book

HEAD = "---\ngame: Maerstanas\ntitle: TT\n---\n\n# A\n\n"  # body on line 8


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("p \\{{ book.title }}", "p {{ book.title }}"),
        ("p {fig\\:f}", "p {fig:f}"),
        ("p \\{{ book.title }} and \\{§ 1}", "p {{ book.title }} and {§ 1}"),
        ("p \\{{ book.title \\}}", "p {{ book.title }}"),
        ("- item \\{{ book.title }}", "item {{ book.title }}"),
        ("> note {fig\\:f}", "note {fig:f}"),
    ],
)
def test_an_escaped_brace_ending_a_text_prints_as_written(
    tmp_path, capsys, written, printed
) -> None:
    """The docs' own examples (`\\{{ book.title }}`, `{fig\\:f}`, `\\{§ 1}`) were
    refused as an unknown brace group (R101) when they ended a paragraph, item or
    note; in the middle of one they printed right."""
    path = book(tmp_path, HEAD + written + "\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    text = re.sub(r"<[^>]+>", " ", out.read_text(encoding="utf-8"))
    assert printed in " ".join(text.split())


@pytest.mark.parametrize("written", ["p {#id}", "p \\*{#id}", "p x\\{ {#id}", "p {: .x}"])
def test_an_attribute_group_of_another_dialect_is_still_refused(tmp_path, capsys, written):
    assert main(["rulebook", "--check", str(book(tmp_path, HEAD + written + "\n"))]) == 1
    assert "error R101: `{" in capsys.readouterr().err


RECORD = (
    "x\n\n```record\nid: r\ncaption: c\n\n1. D4 {https://example.org/maerstanas/club-archive/"
    "2026/tuesday-evening-games/round-three/board-two/comments-and-analysis.html} E3 "
    "2. A1 A3 3. B5 C7 4. G1 G3 5. E6 F4 *\n```\n"
)


def test_a_record_line_with_a_long_word_wraps_inside_the_page(tmp_path, capsys) -> None:
    """A comment holding an address made a record line longer than the page: the
    PDF set it on one line (XPreformatted) and lost its end past the paper's edge."""
    import pypdfium2

    path = book(tmp_path, HEAD + RECORD)
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    pdf = pypdfium2.PdfDocument(str(out))
    shown = ""
    for page in pdf:
        width, height = page.get_size()
        shown += page.get_textpage().get_text_bounded(0, 0, width, height)
    joined = "".join(shown.split())
    assert "comments-and-analysis.html}E32.A1A33.B5C74.G1G35.E6F4*" in joined, shown


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        ("p `{§ 1}` zz", "p {§ 1} zz"),
        ("p zz `{.lead}` end", "p zz {.lead} end"),
        ("p `a {§ 1} b` zz", "p a {§ 1} b zz"),
        ("- item `{§ 1}` zz", "item {§ 1} zz"),
        ("p {§ 1}{{ book.title }} zz", "p TT zz"),
    ],
)
def test_brace_markup_in_notation_is_printed_as_written(tmp_path, capsys, written, printed):
    """A marker inside a code span was stripped before the span was read (its two
    backticks then printed: "p `` zz"), and `{.lead}` in one was refused (R101).
    A marker between two words took the blank that kept them apart ("pTT zz")."""
    path = book(tmp_path, HEAD + written + "\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    text = " ".join(re.sub(r"<[^>]+>", " ", out.read_text(encoding="utf-8")).split())
    assert printed in text and "``" not in text


FIGURE = "x\n\n```figure\nid: f\ncaption: c\npanel: p\nstones: dark D4\n{}\n```\n"


def test_a_claim_on_the_claims_line_is_checked(tmp_path, capsys) -> None:
    """`claims: illegal E4` was dropped unchecked: the book said what the engine denies."""
    path = book(tmp_path, HEAD + FIGURE.format("claims: illegal E4"))
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "15:9: error R201" in capsys.readouterr().err
    path = book(tmp_path, HEAD + FIGURE.format("claims: legal E4\n  legal E5"))
    assert main(["rulebook", "--check", str(path)]) == 0
    assert "2 claims" in capsys.readouterr().err


def test_a_second_position_in_a_panel_is_refused(tmp_path, capsys) -> None:
    """`stones:` and `record:` in one panel: one of the two was dropped unsaid."""
    path = book(tmp_path, HEAD + FIGURE.format("record: 1. D4 *"))
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "15:9: error R102: panel 'p' already has its position" in capsys.readouterr().err


def test_a_word_longer_than_any_language_has_is_split_bare_not_hyphenated() -> None:
    """ReportLab tries every hyphenation of a word again for each line it runs onto:
    one 9,990-letter word in a paragraph took minutes (a card's check too)."""
    from maerstanas_print.rulebook.hyphenation import LONGEST_HYPHENATED, hyphenator

    for dictionary in ("en_GB", "de_DE"):
        hyphenate = hyphenator(dictionary)
        if hyphenate is None:
            pytest.skip("pyphen is not installed")
        word = ("donaudampfschifffahrt" * 10)[:LONGEST_HYPHENATED]
        assert list(hyphenate(word))  # a long word of the language still breaks
        assert list(hyphenate(word + "x")) == []


def test_a_long_word_builds_and_is_shown_whole(tmp_path, capsys) -> None:
    import pypdfium2

    word = ("donaudampfschifffahrt" * 200)[:3000]
    path = book(tmp_path, HEAD.replace("title: TT\n", "title: TT\nlanguage: de\n") + word + "\n")
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    shown = "".join(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(out))
    assert word in "".join(shown.split())


def test_a_paragraph_of_long_compounds_builds_as_a_book(tmp_path, capsys) -> None:
    """A paragraph that set itself again (no two hyphens in a row) did not split where
    ReportLab had measured it: "too large to set on a page" for a plain paragraph
    `--check` passed. The book is then set without that care."""
    import random

    rng = random.Random(3)
    parts = [
        "donau",
        "dampf",
        "schiff",
        "fahrts",
        "gesell",
        "schaft",
        "kapitaens",
        "muetzen",
        "abzeichen",
        "halter",
        "ung",
        "spiel",
        "brett",
        "stein",
        "regel",
        "buch",
    ]
    words = ["".join(rng.choice(parts) for _ in range(rng.randint(3, 6))) for _ in range(400)]
    path = book(tmp_path, HEAD + " ".join(words)[:3710] + "\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()


def test_a_note_longer_than_a_page_builds_across_pages(tmp_path, capsys) -> None:
    """A boxed note taller than the page was handed back whole by its box, which
    ReportLab called a splitting error: `--check` passed, the PDF build failed."""
    path = book(tmp_path, HEAD + "> " + "stone " * 700 + "\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()


def test_a_heading_breaks_between_its_words(tmp_path, capsys) -> None:
    """A heading is among the titles a cross-reference cites whole, and its own words
    were joined as one: "WWWW WWWW WWWW WW" / "WW WWWW WWWW"."""
    import pypdfium2

    path = book(tmp_path, HEAD.replace("# A", "# WWWW WWWW WWWW WWWW WWWW WWWW") + "x\n")
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    page = pypdfium2.PdfDocument(out)[2].get_textpage().get_text_range()
    lines = [line.strip() for line in page.splitlines() if "WW" in line]
    heading = [line for line in lines if not line.startswith("TT")]  # not the running head
    assert len(heading) == 2 and all(set(line.split()) == {"WWWW"} for line in heading), lines


def test_a_cited_title_in_a_narrow_cell_breaks_at_its_spaces(tmp_path, capsys) -> None:
    """Bound with no-break spaces, a cited title too long for a card's cell was split
    inside its words: "see Placin / g and taki / ng stones" (review 26 books 10)."""
    import pypdfium2

    text = HEAD + (
        "x\n\n## Placing and taking stones\n\ny\n\n| a | b | c | d | e | f |\n"
        "|---|---|---|---|---|---|\n| see *Placing and taking stones* | bbbbbbbbbbbb | "
        "cccccccccccccc | ddddddddddddd | eeeeeeeeeeeeee | fffffffffffffff |\n"
    )
    out = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(book(tmp_path, text)), "-o", str(out)]) == 0
    shown = pypdfium2.PdfDocument(out)[0].get_textpage().get_text_range().split()
    assert {"Placing", "taking", "stones"} <= set(shown), shown


@pytest.mark.parametrize("command", ["rulebook", "quickref"])
def test_a_bare_address_with_a_long_run_stays_on_the_page(tmp_path, capsys, command) -> None:
    """ReportLab splits an address only at its slashes: a run of 140 letters after the
    last one was left past the paper's edge, in a paragraph and in a record's comment
    (review 26 books 10)."""
    import pypdfium2

    run = "a" * 140
    comment = "https://example.org/tuesday-evening-games-round-three-board-two-comments.html"
    record = f"```record\nid: r\ncaption: c\n\n1. D4 {{{comment}}} E3 *\n```\n"
    text = HEAD + f"p https://e.org/{run} zz\n\n" + record
    out = tmp_path / "out.pdf"
    assert main([command, "--source", str(book(tmp_path, text)), "-o", str(out)]) == 0
    shown = ""
    for page in pypdfium2.PdfDocument(out):
        width, height = page.get_size()
        shown += page.get_textpage().get_text_bounded(0, 0, width, height)
    assert "\u200b" not in shown  # copied from the PDF, the address is as written
    joined = "".join(shown.split())
    assert f"e.org/{run}zz" in joined and f"{comment}}}E3*" in joined, shown
