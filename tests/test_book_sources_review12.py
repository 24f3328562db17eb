"""Book and card sources, twelfth review (issue 26): the kinds of failure it found.

- a long word that ReportLab hyphenated once had its rest set whole on the next
  line, never split again: on a card it ran through the gutter into the other
  column (a paragraph, a note, a gloss, a record's comment, a caption), and
  `quickref --check` passed it;
- an address split at the zero-width space put inside its `://` printed as
  "https:/ /", and text copied from the PDF held the invisible space.

Each word's glyphs are measured on the rendered page (pypdfium2): every glyph of
the card's body stands inside one of its two columns.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from layout_rules import glyphs

from maerstanas_print.cli import main
from tests.test_book_sources_review8 import book
from tests.test_book_sources_review9 import HEAD

MM = 72 / 25.4
# Mixed case, accents and wide capitals: 63 letters (the reviewer's word)
WORD = "wYFpcXäLwMßmáEEáVWJZyRSNpYóqtbKPndjxUKþttnécVMßMaáQuwFǽjuwKcöQ"


def _outside_the_columns(pdf: Path) -> list[str]:
    """Glyphs of a card's body that stand in its gutter, across it or past its sides
    (an A4 card: 12 mm side margins, a 7 mm gutter between two equal columns)."""
    problems = []
    for number, page in enumerate(pypdfium2.PdfDocument(pdf), 1):
        width, height = page.get_size()
        left, right = 12 * MM, width - 12 * MM
        column = (width - 24 * MM - 7 * MM) / 2
        gutter = (left + column, left + column + 7 * MM)
        for glyph in glyphs(page):
            x0, y0, x1, y1 = glyph.box
            if x0 < left - 2 or x1 > right + 2:  # a J's hook may stand out 1 pt
                problems.append(f"page {number}: {glyph.char!r} at {x0:.0f}-{x1:.0f} past the side")
            elif 21 * MM < y0 < height - 30 * MM and x1 > gutter[0] + 1 and x0 < gutter[1] - 1:
                problems.append(f"page {number}: {glyph.char!r} at {x0:.0f}-{x1:.0f} in the gutter")
    return problems


BLOCKS = {
    "paragraph": "{prefix} {word} y\n",
    "note": "> {prefix} {word} y\n",
    "list item": "- {prefix} {word} y\n",
    "gloss": "## Glossary\n\nterm\n: {prefix} {word} y\n",
    "record comment": '```record\nid: r\n\n[Event "E"]\n\n1. G4 {{{prefix} {word} y}} D2 *\n```\n',
    "caption": (
        "x\n\n```figure\nid: f\ncaption: {prefix} {word} y\npanel: p\nstones: dark D4\n"
        "claims:\n  legal E4\n```\n"
    ),
}


@pytest.mark.parametrize("kind", sorted(BLOCKS))
@pytest.mark.parametrize("prefix", [25, 44])
def test_a_long_word_never_leaves_its_card_column(tmp_path, capsys, kind, prefix) -> None:
    text = HEAD + BLOCKS[kind].format(prefix="x" * prefix, word=WORD)
    source = book(tmp_path, text)
    if main(["quickref", "--check", str(source)]) != 0:
        pytest.fail(capsys.readouterr().err)  # the card must be one the build sets
    out = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(source), "-o", str(out)]) == 0
    shown = pypdfium2.PdfDocument(out)[0].get_textpage().get_text_range()
    assert WORD[-20:] in "".join(shown.split()).replace("-", ""), shown
    assert not _outside_the_columns(out), _outside_the_columns(out)


def test_a_long_word_in_a_book_stays_inside_the_margins(tmp_path) -> None:
    for prefix in (10, 40, 70):
        text = HEAD + f"{'x' * prefix} {WORD} {WORD}{WORD} y\n"
        out = tmp_path / "b.pdf"
        assert main(["rulebook", "--source", str(book(tmp_path, text)), "-o", str(out)]) == 0
        for page in pypdfium2.PdfDocument(out):
            width, _ = page.get_size()
            outside = [
                g.char for g in glyphs(page) if g.box[0] < 20 * MM or g.box[2] > width - 20 * MM
            ]
            assert not outside, (prefix, outside)


@pytest.mark.parametrize("command", ["quickref", "rulebook"])
def test_an_address_is_copied_from_the_pdf_as_written(tmp_path, command) -> None:
    """A zero-width space in its `://` printed as "https:/ /" on a card's record,
    and text copied from any PDF carried it."""
    first = "https://example.org/egeacbhfgfha-feabhfhefcb-hgghchgdbhaa"
    second = "https://example.org/aaeffhhhf-ahfe-ddahdaa-hhbdeb-heacgfg-afad-dbfc-hgh"
    words = "xúDiüm kGdßOWLóüqZgHuaßOíúcßQGkEXöwFbtxxKotWjSPävTcOfyBQüjXotrðþDAKfpo"
    record = f'```record\nid: r\n\n[Event "E"]\n\n1. G4 {{{words} {first} {second}}} D2 *\n```\n'
    paragraph = f"p https://e.org/{'a' * 140} zz\n\n"
    out = tmp_path / "out.pdf"
    source = book(tmp_path, HEAD + "x\n\n" + paragraph + record)
    assert main([command, "--source", str(source), "-o", str(out)]) == 0
    shown = "".join(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(out))
    assert "\u200b" not in shown and "/ /" not in shown, shown
    joined = "".join(shown.split())
    assert first in joined and second in joined and f"e.org/{'a' * 140}zz" in joined
    if command == "quickref":
        assert not _outside_the_columns(out)


RTL_PLACES = {
    "paragraph": "Start שלום end.\n",
    "title": None,
    "table cell": "x\n\n| a | b |\n|---|---|\n| שלום | y |\n",
    "glossary term": "x\n\n## Glossary\n\nשלום\n: y\n",
    "panel label": (
        "x\n\n```figure\nid: f\ncaption: c\npanel: שלום\nstones: dark D4\nclaims:\n"
        "  legal E4\n```\n"
    ),
    "record comment": "x\n\n```record\nid: r\ncaption: c\n\n1. D4 {שלום} E3 *\n```\n",
    "override mark": "a \u202eb\u202c c\n",
}


@pytest.mark.parametrize("place", sorted(RTL_PLACES))
def test_right_to_left_text_is_refused_not_printed_backwards(tmp_path, capsys, place) -> None:
    """ReportLab sets each line left to right: "שלום" was drawn as "םולש" in the
    PDF (book and card) while `--check` passed it and the HTML showed it right."""
    body = RTL_PLACES[place]
    text = HEAD.replace("title: TT", "title: T שלום") + "x\n" if body is None else HEAD + body
    source = book(tmp_path, text)
    for command in (
        ["rulebook", "--check", str(source)],
        ["quickref", "--check", str(source)],
        ["rulebook", "--source", str(source), "-o", str(tmp_path / "b.html")],
        ["quickref", "--source", str(source), "-o", str(tmp_path / "c.pdf")],
    ):
        assert main(command) == 1, command
        err = capsys.readouterr().err
        assert "R101" in err and ("right to left" in err or "cannot be set" in err), err
    assert not list(tmp_path.glob("b.*")) and not list(tmp_path.glob("c.*"))


def test_greek_and_runes_are_still_set(tmp_path, capsys) -> None:
    text = HEAD + "ᚦ and ἀρχή.\n"
    assert main(["rulebook", "--check", str(book(tmp_path, text))]) == 0, capsys.readouterr()


@pytest.mark.parametrize(
    "table",
    [
        "| a | b |\n|---|---|\n| x | y | lost words |\n",
        "| a | b |\n|---|---|\n| `p|q` | z |\n",  # a pipe in notation splits cells too
        "a | b\n---|---\nx | y | z\n",
    ],
)
def test_a_table_row_with_more_cells_than_its_header_is_refused(tmp_path, capsys, table) -> None:
    """Markdown drops the cells past the header's, words and all: "lost words" was
    printed nowhere, and the check passed."""
    source = book(tmp_path, HEAD + table)
    for command in ("rulebook", "quickref"):
        assert main([command, "--check", str(source)]) == 1
        err = capsys.readouterr().err
        assert "book.md:10:1: error R102: this row has 3 cells and the table's header 2" in err


def test_a_table_row_with_an_escaped_pipe_or_fewer_cells_is_set(tmp_path, capsys) -> None:
    table = "| a | b |\n|---|---|\n| e \\| f | g |\n| x |\n"
    source = book(tmp_path, HEAD + table)
    assert main(["rulebook", "--check", str(source)]) == 0, capsys.readouterr()
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(source), "-o", str(out)]) == 0
    assert "e | f" in "".join(p.get_textpage().get_text_range() for p in pypdfium2.PdfDocument(out))


def test_a_numbered_list_keeps_its_first_number(tmp_path, capsys) -> None:
    """`3. three` / `4. four` printed "1." and "2." in every product."""
    source = book(tmp_path, HEAD + "3. three\n4. four\n\npara\n\n1. one\n")
    pdf, card, page = tmp_path / "b.pdf", tmp_path / "c.pdf", tmp_path / "b.html"
    assert main(["rulebook", "--source", str(source), "-o", str(pdf)]) == 0
    assert main(["quickref", "--source", str(source), "-o", str(card)]) == 0
    assert main(["rulebook", "--source", str(source), "-o", str(page)]) == 0
    for out in (pdf, card):
        words = "".join(
            p.get_textpage().get_text_range() for p in pypdfium2.PdfDocument(out)
        ).split()
        assert words[words.index("three") - 1] == "3." or words[words.index("3.") + 2] == "three"
        assert "4." in words and "1." in words and "2." not in words, words
    html = page.read_text(encoding="utf-8")
    assert '<ol start="3">' in html and "<ol>" in html


@pytest.mark.parametrize("first", ["0", "1000", "999999999"])
def test_a_numbered_list_starts_from_1_to_999(tmp_path, capsys, first) -> None:
    source = book(tmp_path, HEAD + f"{first}. x\n")
    assert main(["rulebook", "--check", str(source)]) == 1
    assert "R110: a numbered list starts at" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "see [the [rules](https://e.org/r) here](https://e.org/x)\n",
            "link markup that makes no link",
        ),
        ("a [b](c d) e\n", "link markup that makes no link"),
        ("a {§ {§ x}} b\n", "a rule-point marker {§ ...} holds no braces"),
    ],
)
def test_nested_links_and_markers_are_refused(tmp_path, capsys, text, says) -> None:
    """They printed "[the rules here](https://e.org/x)" and "{§ }"."""
    source = book(tmp_path, HEAD + text)
    assert main(["rulebook", "--check", str(source)]) == 1
    err = capsys.readouterr().err
    assert "R101" in err and says in err, err


def test_escaped_link_and_marker_markup_is_still_words(tmp_path, capsys) -> None:
    text = HEAD + "a \\[b\\](c) and \\{§ 1} and `[d](e)` and {§ 2\\}\n"
    assert main(["rulebook", "--check", str(book(tmp_path, text))]) == 0, capsys.readouterr()


def test_two_sample_games_on_one_page_have_ids_of_their_own(tmp_path, capsys) -> None:
    """Two `sample-game` blocks gave 356 ids used twice: in-page links and each
    viewer's script find their elements by id."""
    import collections
    import re

    block = "```sample-game\nfile: {}\n```\n\n"
    text = HEAD + "x\n\n" + block.format("sample-game.mrs") + "# B\n\n"
    text += block.format("annotated-game.mrs")
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(book(tmp_path, text)), "-o", str(out)]) == 0, (
        capsys.readouterr()
    )
    ids = collections.Counter(re.findall(r'\bid="([^"]+)"', out.read_text(encoding="utf-8")))
    assert ids and not [name for name, count in ids.items() if count > 1]


@pytest.mark.parametrize(
    "items", ["-\n", "1.\n", "- a\n-\n", "- {§ 1}\n", "- &#32;\n", "p\n\n* \n"]
)
def test_a_list_item_without_words_is_refused(tmp_path, capsys, items) -> None:
    """A bare `-` passed the check and ended the PDF and the card in an IndexError
    traceback (review 26 books 13); next to a real item it was dropped unsaid."""
    source = book(tmp_path, HEAD + items)
    for command in (["rulebook", "--check"], ["quickref", "--check"], ["rulebook", "--source"]):
        assert main([*command, str(source)]) == 1
        err = capsys.readouterr().err
        assert "R101: a list item without words cannot be set" in err and "Traceback" not in err


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_address_in_a_card_table_cell_stays_in_its_column(
    tmp_path, capsys, language
) -> None:
    """After a paragraph, the address broke once after `https://` and its 160-letter
    rest ran across both columns and off the paper (review 26 books 13)."""
    address = (
        "https://example.org/beebhbghebgabcdc-dcbbhdhhhahbabhch-gfacaehc-dbeaacgafccbfdfgad"
        "-fchcdafdfg-hhgh-cfeegcd-hhgb-gfee-bdchheacabd-aefedbgh-ghabcegcfh-bbagecafhbbdhceb"
        "b-hbaabf-abhgehbheaebbgbc"
    )
    head = HEAD.replace("title: TT", f"title: T68\nlanguage: {language}")
    text = (
        head + "xxxxxxxx " * 40 + f"\n\n| a | b |\n|---|---|\n| xxxxxxxxxx xx {address} y | x |\n"
    )
    source = book(tmp_path, text)
    assert main(["quickref", "--check", str(source)]) == 0, capsys.readouterr()
    out = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(source), "-o", str(out)]) == 0
    assert not _outside_the_columns(out), _outside_the_columns(out)
    shown = "".join(pypdfium2.PdfDocument(out)[0].get_textpage().get_text_range().split())
    assert address[-30:] in shown.replace("-", "").replace("\u00ad", "") or address[-20:] in shown


def test_a_list_item_of_two_paragraphs_is_refused(tmp_path, capsys) -> None:
    """ "1. first step / its second paragraph / 2. second step" printed three numbered
    steps, the second step as 3 (review 26 books 13)."""
    text = HEAD + "1. first step\n\n   its second paragraph\n\n2. second step\n"
    source = book(tmp_path, text)
    for command in ("rulebook", "quickref"):
        assert main([command, "--check", str(source)]) == 1
        err = capsys.readouterr().err
        assert "book.md:10:1: error R101: a list item holds one paragraph" in err, err
    loose = HEAD + "- a\n\n- b\n\n1. x\n2. y\n"
    assert main(["rulebook", "--check", str(book(tmp_path, loose))]) == 0, capsys.readouterr()


def test_the_narrowest_table_column_is_told_as_it_is_enforced(tmp_path, capsys) -> None:
    """ "each at least 8% of the width" refused a column of 8 in 100 (the limit is
    1/12): the message named a limit the writer could meet and be refused again."""
    row = "| x | y |\n"
    narrow = HEAD + "| a | b |\n|" + "-" * 8 + "|" + "-" * 92 + "|\n" + row
    assert main(["rulebook", "--check", str(book(tmp_path, narrow))]) == 1
    assert "each at least 1/12 (8.4 in 100) of the width" in capsys.readouterr().err
    for dashes in ((84, 916), (1, 11)):
        wide = HEAD + "| a | b |\n|" + "-" * dashes[0] + "|" + "-" * dashes[1] + "|\n" + row
        assert main(["rulebook", "--check", str(book(tmp_path, wide))]) == 0, capsys.readouterr()
