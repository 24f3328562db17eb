"""Book sources, fifteenth review (issue 26).

1. Blocks drawn from the engine or a shipped file counted against no limit:
   4,000 `sample-game` blocks (a 76 KB source that `--check` called fine) ended
   in a MemoryError traceback at 3.8 GB; 9,000 `stone-key` blocks made a 115 MB
   page. Each drawn block now counts against the book's figures, a sample game
   (a whole game document) as ten.

Each test failed on the code it reviewed.
"""

from __future__ import annotations

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from tests.test_book_sources_review8 import book
from tests.test_book_sources_review12_blocks import HEAD, _refused

SAMPLE = "```sample-game\n```\n\n"


@pytest.mark.parametrize(
    ("block", "weight"),
    [
        (SAMPLE, limits.SAMPLE_GAME_FIGURES),
        ("```stone-key\n```\n\n", 1),
        ("```figure\nid: f{n}\ncaption: c\nstones: dark D3\n```\n\n", 1),
    ],
    ids=["sample-game", "stone-key", "figure"],
)
def test_every_drawn_block_counts_against_the_books_figures(
    tmp_path, capsys, block: str, weight: int
) -> None:
    fits = limits.MAX_BOOK_FIGURES // weight
    blocks = [block.format(n=n) for n in range(fits + 1)]
    line = HEAD.count("\n") + 1 + sum(b.count("\n") for b in blocks[:fits])
    message = _refused(tmp_path, capsys, HEAD + "".join(blocks), f"{line}:4", "R110")
    assert f"more than {limits.MAX_BOOK_FIGURES} figures, records and other drawn" in message


def test_a_book_at_the_limit_of_sample_games_is_still_made(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + SAMPLE * (limits.MAX_BOOK_FIGURES // limits.SAMPLE_GAME_FIGURES))
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


def test_drawn_blocks_and_figures_share_one_count(tmp_path, capsys) -> None:
    figures = "".join(
        f"```figure\nid: f{n}\ncaption: c\nstones: dark D3\n```\n\n"
        for n in range(limits.MAX_BOOK_FIGURES - limits.SAMPLE_GAME_FIGURES + 1)
    )
    path = book(tmp_path, HEAD + figures + SAMPLE)
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "error R110" in capsys.readouterr().err


# -- 4. format characters a browser sets as nothing, which the PDF drew as bars -------

FORMAT_CHARACTERS = ["\u200c", "\u200d", "\u200e", "\ufeff"]


@pytest.mark.parametrize("char", FORMAT_CHARACTERS, ids=ascii)
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Die Auf{}lage.\n", "10:8"),
        ("## Auf{}lage\n\nx\n", "10:7"),
        ("```figure\nid: f\ncaption: Auf{}lage\nstones: dark D3\n```\n", "12:13"),
    ],
    ids=["paragraph", "heading", "caption"],
)
def test_a_format_character_the_pdf_would_draw_is_refused(
    tmp_path, capsys, char: str, text: str, place: str
) -> None:
    """Cardo draws U+200C, U+200D and U+200E as tall bars, and ReportLab set them
    (`Auf|lage`) where the HTML page shows nothing; `--check` called them fine."""
    message = _refused(tmp_path, capsys, HEAD + text.format(char), place, "R101")
    assert "invisible format character, which Cardo draws as a visible mark" in message


def test_a_format_character_in_the_title_is_refused(tmp_path, capsys) -> None:
    path = book(tmp_path, "---\ngame: Maerstanas\ntitle: Auf\u200clage\n---\n\n# A\n\nx\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    assert ":3:11: error R101: the character '\\u200c'" in capsys.readouterr().err


def test_a_zero_width_space_and_a_soft_hyphen_are_still_set(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + "Die Auf\u200blage und Schil\u00adfeld.\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


def _pdf_text(path) -> str:
    """The text of every page of the PDF at `path`, as a reader would copy it."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return "".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def _game_pdf_text(tmp_path, capsys, comment: str) -> str:
    """The text of the game document's PDF of `1. D4 {comment} E3 *`."""
    record = tmp_path / "g.mrs"
    record.write_text(f'[Game "Maerstanas"]\n\n1. D4 {{{comment}}} E3 *\n', encoding="utf-8")
    out = tmp_path / "g.pdf"
    assert main(["game", str(record), "-o", str(out)]) == 0, capsys.readouterr()
    return _pdf_text(out)


def test_a_game_document_sets_a_joiner_in_a_comment_as_nothing(tmp_path, capsys) -> None:
    """A record is the user's own text: its PDF leaves the mark out, as its page does."""
    text = _game_pdf_text(tmp_path, capsys, "Auf\u200clage")
    assert "Auflage" in text and "\u200c" not in text


# -- 2. a figure's record past the reader's limits, or of two games -------------------

FIGURE_RECORD = "```figure\nid: f\ncaption: c\nrecord: {}\n```\n"


@pytest.mark.parametrize(
    ("record", "says"),
    [
        ("1. D4 " + "{} " * 61 + "E3 *", "the record is past a limit: a game with more than 60"),
        ('[Event "' + "x" * 10_001 + '"] 1. D4 E3 *', "the record is past a limit: the Event tag"),
        ("1. D4 E3 * 1. D4 *", "the record holds 2 games; a panel shows one"),
    ],
    ids=["asides", "tag", "two games"],
)
def test_a_figures_record_is_refused_at_its_line_with_the_reason(
    tmp_path, capsys, monkeypatch, record: str, says: str
) -> None:
    """It was "<figure>:1:1: ..." with no file, line or code, or "does not read: "."""
    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 60)
    message = _refused(tmp_path, capsys, HEAD + FIGURE_RECORD.format(record), "13:9", "R105")
    assert says in message and "<figure>" not in message


# -- 3. a setting the game does not read ---------------------------------------------


@pytest.mark.parametrize("window", ["A1:B2", "banana"])
def test_a_window_in_a_maerstanas_figure_is_refused_at_its_line(tmp_path, capsys, window) -> None:
    """It was accepted and ignored: the whole board drawn, no word said."""
    block = f"```figure\nid: f\ncaption: c\nstones: dark D4\nwindow: {window}\n```\n"
    message = _refused(tmp_path, capsys, HEAD + block, "14:9", "R105")
    assert "`window:` is for the movement games" in message


# -- 5. a link to a heading whose title has accents -------------------------------------

UBER = "x [a](#a-{}) y\n\n## Über uns\n\nz\n"


def test_a_link_written_with_the_accents_of_its_heading_reaches_it(tmp_path, capsys) -> None:
    """`[a](#a-über-uns)`, as the docs say to write it, was refused as "#a-%C3%BCber-uns"."""
    path = book(tmp_path, HEAD + UBER.format("über-uns"))
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    html = out.read_text(encoding="utf-8")
    assert 'href="#a-uber-uns"' in html and 'id="a-uber-uns"' in html


def test_a_link_to_no_heading_is_quoted_as_written_at_its_column(tmp_path, capsys) -> None:
    message = _refused(tmp_path, capsys, HEAD + UBER.format("über-unz"), "10:7", "R106")
    assert message.strip().startswith("the link #a-über-unz names no chapter")


# -- 6. a shared text's reference to a front-matter value the book does not give ------


@pytest.mark.parametrize(
    ("front", "key"),
    [("", "edition"), ('edition: "2"\n', "released")],
    ids=["no edition", "no release date"],
)
def test_include_edition_is_refused_at_the_users_line(tmp_path, capsys, front, key) -> None:
    """It was reported at books/shared/edition.md:1:17 as a reference that "names
    nothing", with the user's file not named."""
    head = HEAD.replace("title: TT\n", f"title: TT\n{front}")
    place = f"{head.count(chr(10)) + 1}:4"
    message = _refused(tmp_path, capsys, head + "```include edition\n```\n", place, "R106")
    assert f"needs `{key}:` in the front matter" in message  # at the user's own line


# -- 7. a note, paragraph or gloss of only a marker or a blank entity ------------------


@pytest.mark.parametrize(
    ("text", "place", "says"),
    [
        ("> {§ x}\n", "10:1", "a paragraph without words"),
        ("> &#32;\n", "10:1", "a paragraph without words"),
        ("{§ x}\n", "10:1", "a paragraph without words"),
        ("```glossary\nt: {§ x}\n```\n", "11:1", "a gloss without words"),
    ],
    ids=["note of a marker", "note of an entity", "paragraph of a marker", "gloss"],
)
def test_a_text_of_only_a_marker_or_entity_is_refused(tmp_path, capsys, text, place, says):
    """Each printed an empty tinted box, paragraph or gloss, and `--check` passed."""
    assert says in _refused(tmp_path, capsys, HEAD + text, place, "R101")


# -- 8. a rule-point marker in a plain-text field ---------------------------------------


@pytest.mark.parametrize(
    ("block", "place"),
    [
        ("```glossary\nterm {§ x}: gloss\n```\n", "11:6"),
        ("```figure\nid: f\ncaption: c\npanel: p {§ y}\nstones: dark D3\n```\n", "13:10"),
    ],
    ids=["glossary term", "panel label"],
)
def test_a_marker_in_a_term_or_label_is_refused(tmp_path, capsys, block, place) -> None:
    """ "term {§ x}" and "p {§ y}" were printed, braces and section sign."""
    message = _refused(tmp_path, capsys, HEAD + block, place, "R101")
    assert "rule-point markers {§ ...} are not set in it" in message


# -- 9. a #place link that two headings' ids answer to ---------------------------------


def test_a_link_two_headings_answer_to_is_refused(tmp_path, capsys) -> None:
    """`#a-title` went to the section Title of chapter A, not to the chapter A title."""
    text = "see [the chapter](#a-title)\n\n## Title\n\ny\n\n# A title\n\nz\n"
    message = _refused(tmp_path, capsys, HEAD + text, "10:19", "R106")
    assert "could name the chapter 'A title' or the section 'Title' of 'A'" in message


def test_two_chapters_of_one_name_are_still_told_apart_by_number(tmp_path, capsys) -> None:
    text = "see [a](#rules) and [b](#rules-2)\n\n# Rules\n\ny\n\n# Rules\n\nz\n"
    path = book(tmp_path, HEAD + text)
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


# -- 13. a combining mark Cardo gives an advance --------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("sta\u0304n\n", "10:4"),
        ("*Wo\u0304den*\n", "10:4"),
        ("a\u034fb\n", "10:2"),
        ("*cafe\u0301*\n", "10:6"),  # no advance, but drawn beside the e in italics
        ("I\u0307\n", "10:2"),
    ],
    ids=["macron", "macron in italics", "grapheme joiner", "acute", "dot above"],
)
def test_a_combining_mark_the_pdf_would_set_with_a_gap_is_refused(
    tmp_path, capsys, text: str, place: str
) -> None:
    """a + U+0304 printed "stā n" (Cardo Regular gives the macron 1.7 mm; ReportLab
    places no mark on its letter), while the HTML showed "stān"."""
    message = _refused(tmp_path, capsys, HEAD + text, place, "R101")
    assert "is a combining mark, which the PDF would set beside its letter" in message


def test_composed_letters_are_set(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + "st\u0101n and W\u014dden and caf\u00e9\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


def test_a_game_documents_pdf_sets_a_decomposed_letter_composed(tmp_path, capsys) -> None:
    text = _game_pdf_text(tmp_path, capsys, "sta\u0304n")
    assert "st\u0101n" in text and "\u0304" not in text


# -- 12. a heading or a table's header row taller than a page ----------------------------


def test_a_heading_too_long_for_a_page_is_refused_by_the_check(tmp_path, capsys) -> None:
    """1,979 characters of a chapter title passed --check, and the PDF build stopped
    with "a block of the book ... is too large to set on a page", no place given."""
    title = " ".join(["W" * 59] * 33)
    text = f"---\ngame: Maerstanas\ntitle: T\n---\n\n# {title}\n\nx\n"
    message = _refused(tmp_path, capsys, text, "6:1", "R110")
    assert f"this heading is 1,979 characters long; the limit is {limits.MAX_HEADING_CHARS}" in (
        message
    )


def test_a_header_cell_too_long_for_a_page_is_refused(tmp_path, capsys) -> None:
    cell = " ".join(["WWWWW"] * 165)
    text = HEAD + f"| {cell} | b |\n|-|-----------|\n| x | y |\n"
    message = _refused(tmp_path, capsys, text, "10:3", "R110")
    assert "this header cell is 989 characters long" in message


def test_a_heading_and_a_header_cell_at_their_limits_build(tmp_path, capsys) -> None:
    title = ("W" * 59 + " ") * 3
    cell = " ".join(["WWWWW"] * 17)[: limits.MAX_TABLE_HEADER_CELL_CHARS]
    table = f"| {cell} | b |\n|-|-----------|\n| x | y |\n"
    body = f"# {title[: limits.MAX_HEADING_CHARS].strip()}\n\n{table}"
    path = book(tmp_path, HEAD + body)
    for args in (["--check", str(path)], ["--source", str(path), "-o", str(tmp_path / "b.pdf")]):
        assert main(["rulebook", *args]) == 0, capsys.readouterr()


# -- 11. a notation span longer than its line -----------------------------------------------

OPENING = "1. D4 E3 2. C5 F4 3. T E4xE3/D4/F4 W C5 4. B6 F6 5. G7 A1 6. E5 C3 7. B2 F2"


@pytest.mark.parametrize("command", ["quickref", "rulebook"])
def test_a_long_notation_span_breaks_between_moves_only(tmp_path, capsys, command) -> None:
    """On the card it was split inside a square ("4. B6 F" / "6 5. G7")."""
    path = book(tmp_path, HEAD + f"The opening `{OPENING}` shows it, {'and more words ' * 6}\n")
    out = tmp_path / "b.pdf"
    assert main([command, "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    text = _pdf_text(out)
    lines = " | ".join(line.strip() for line in text.splitlines())
    for move in ["1. D4", "2. C5", "3. T E4xE3/D4/F4", "W C5", "4. B6", "F6", "5. G7", "7. B2 F2"]:
        assert move in lines, (move, lines)  # a move split at a line's end holds " | "
    assert "F | 6" not in lines and "D | 4" not in lines


# -- re-review 16 #1: a record block without its blank line ---------------------------------


@pytest.mark.parametrize(
    ("block", "place"),
    [
        ("```record\nid: r\n1. D4 *\n```\n", "12:1"),
        ("```record\nid: r\ncaption: c\n1. D4 *\n```\n", "13:1"),
    ],
    ids=["after the id", "after the caption"],
)
def test_a_record_without_its_blank_line_is_told_so_where_it_begins(
    tmp_path, capsys, block, place
) -> None:
    """It was "the record block has no `id:`" at the ``` line, with `id: r` there."""
    message = _refused(tmp_path, capsys, HEAD + block, place, "R103")
    assert "needs a blank line between its `id:` and `caption:` lines and the record" in message


# -- re-review 16 #4, #5, #6, #8 -------------------------------------------------------------


def test_the_heading_and_header_limits_hold_with_references_filled_in(tmp_path, capsys) -> None:
    """A heading or header cell made long by a front-matter value passed --check and
    stopped the PDF build with no place given."""
    value = " ".join(["W" * 20] * 45)
    head = HEAD.replace("title: TT\n", f'title: TT\nedition: "{value}"\n')
    heading = "# B {{ book.edition }} {{ book.edition }}\n\nx\n"
    message = _refused(tmp_path, capsys, head + heading, f"{head.count(chr(10)) + 1}:5", "R110")
    assert "with its references filled in, this heading is" in message
    table = "| {{ book.edition }} | b |\n|-|-----------|\n| x | y |\n"
    message = _refused(tmp_path, capsys, head + table, f"{head.count(chr(10)) + 1}:3", "R110")
    assert "with its references filled in, this header cell is" in message


@pytest.mark.parametrize(
    ("first", "second"),
    [('"q"', "\u201cq\u201d"), ("it's", "it\u2019s"), ("ab", "a\u00adb"), ("ab", "a\u200bb")],
    ids=["quotes", "apostrophe", "soft hyphen", "zero-width space"],
)
def test_a_glossary_term_given_twice_as_printed_is_refused(tmp_path, capsys, first, second):
    block = f"```glossary\n{first}: one\n{second}: two\n```\n"
    message = _refused(tmp_path, capsys, HEAD + block, "12:1", "R102")
    assert "twice (first on line 11)" in message


def test_a_comment_inside_long_notation_is_never_hyphenated(tmp_path, capsys) -> None:
    span = " ".join(f"{i}. D4 {{a comment here}} E3" for i in range(1, 30))
    path = book(tmp_path, HEAD + f"x `{span}` y\n")
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    text = _pdf_text(out)
    assert "com-" not in text and text.count("{a comment here}") == 29


def test_a_problem_inside_an_options_table_is_reported_where_it_is(tmp_path, capsys) -> None:
    """It was wrapped in an R102 at the block's ``` line, its own text flattened."""
    head = HEAD.replace("game: Maerstanas", "game: Cyngesheall")
    block = "```options-table\ncorner_access=all: [a](javascript:x)\n```\n"
    message = _refused(tmp_path, capsys, head + block, "11:24", "R109")
    assert "javascript" in message and "error R" not in message


def test_an_options_table_line_for_no_option_of_the_game_is_refused(tmp_path, capsys) -> None:
    """Re-review 16 #7: `bogus=1: ...` passed --check and printed nowhere."""
    from importlib import resources

    shipped = resources.files("maerstanas_print.games").joinpath("books", "cyngesheall.md")
    lines = shipped.read_text("utf-8").split("```options-table\n", 1)[1].split("```", 1)[0]
    block = f"```options-table\n{lines}bogus=1: BOGUS\n```\n"
    head = HEAD.replace("game: Maerstanas", "game: Cyngesheall")
    message = _refused(tmp_path, capsys, head + block, "10:4", "R102")
    assert "the game has no option bogus=1, so its line would print nowhere" in message
