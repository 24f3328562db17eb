"""The sixth re-review of book sources as untrusted input (issue 26): another dialect's
attribute markup ending a text, a card title longer than a line, a running head too
long for its line, card blocks the check passed and the build refused, a sheet sharing
its chapter, and a file name that steers the terminal in a patch header. Each test
failed on the code it reviewed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from maerstanas_print.cli import main
from maerstanas_print.fonts import register_fonts
from maerstanas_print.io.patches import unified_diff
from tests.pdf_tools import reader, text_runs

HEAD = "---\ngame: Maerstanas\ntitle: Corner Rules\n---\n\n# Rules\n\n"  # body on line 8
KNOWN = "is not markup a book knows here"


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("line", "column", "shown"),
    [
        ("# Ch {: .appendix}", 6, "{: .appendix}"),
        ("## H {: #id}", 6, "{: #id}"),
        ("p {: .lead}", 3, "{: .lead}"),
        ("## H {-}", 6, "{-}"),
        ("# Ch {-}", 6, "{-}"),
        ("## H {-.x}", 6, "{-.x}"),
        ("## H {#_x}", 6, "{#_x}"),
        ("## H {#1}", 6, "{#1}"),
        ("## H {#über}", 6, "{#über}"),
        ('## H {#id .c key="a long value that is over forty characters"}', 6, "{#id .c key="),
        ("p {lead key=" + "a" * 45 + "}", 3, "{lead key="),
        ("p {#id}*", 3, "{#id}"),
        ("*p {#id}*", 4, "{#id}"),
        ("p {#id}\\*", 3, "{#id}"),
        ("x {#id}}", 3, "{#id}}"),
        ("p {#a} {.lead}", 3, "{#a}"),
        ("[words]{.smallcaps} here", 8, "{.smallcaps}"),
        ("[words]{#w} here", 8, "{#w}"),
        ("[a](https://a.example){#w} here", 23, "{#w}"),
        ("- item {#i}", 8, "{#i}"),
        ("| a {#c} |\n|--|\n| b |", 5, "{#c}"),
    ],
)
def test_any_brace_group_the_book_does_not_read_is_refused_where_it_is(
    tmp_path, capsys, line, column, shown
) -> None:
    """`# Ch {: .appendix}`, `{-}`, `{#_x}`, `{#über}`, `p {#id}*` ... passed --check
    and were printed as written (the pattern wanted an ASCII letter after `{`, `#`,
    `:` or `.`, and at most 40 characters)."""
    path = book(tmp_path, HEAD + "t\n\n" + line + "\n\nw\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    assert main(["quickref", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"book.md:10:{column}: error R101: `{shown}" in err, err
    assert KNOWN in err and "`{fig:id}`, `{{ references }}` and `{§ rule points}`" in err


@pytest.mark.parametrize(
    "line",
    [
        "See {{ book.title }}",
        "A rule point. {§ first-player}",
        "Lead text. {.lead}",
        "# More {.appendix}",
        "A set {a, b} is fine inside a sentence.",
        "In code `{#id}`",
    ],
)
def test_the_books_own_brace_forms_still_pass(tmp_path, capsys, line) -> None:
    path = book(tmp_path, HEAD + "t\n\n" + line + "\n\nw\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr().err


def _widest_end(pdf: bytes, page: int, words: str, font: str, size: float) -> float:
    """The right end (pt) of the farthest run of the page showing part of `words`."""
    register_fonts()
    runs = [run for run in text_runs(pdf, page) if run.text in words]
    assert runs, "the words are not on the page"
    return max(run.x + stringWidth(run.text, font, size) for run in runs)


LONG_TITLE = "The Complete and Unabridged Rules of Maerstanas with Commentary"


def test_a_card_title_longer_than_a_line_is_wrapped_inside_the_page(tmp_path, capsys) -> None:
    """A 64-character title was one line running past the A4 page's edge ("Commentary"
    cut off) while `quickref --check` passed."""
    source = f"---\ngame: Maerstanas\ntitle: {LONG_TITLE}\nauthor: A. Writer\n---\n\n# A\n\nx\n"
    path = book(tmp_path, source)
    assert main(["quickref", "--check", str(path)]) == 0
    out = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(path), "-o", str(out)]) == 0
    pdf = out.read_bytes()
    width = float(reader(pdf).pages[0].mediabox.width)
    assert _widest_end(pdf, 0, LONG_TITLE, "Cardo-Bold", 22) <= width - 12 / 25.4 * 72 + 0.01
    shown = " ".join(run.text for run in text_runs(pdf, 0) if run.text in LONG_TITLE)
    assert shown == LONG_TITLE


def test_a_card_title_too_long_for_the_band_is_refused_at_title_by_check_and_build(
    tmp_path, capsys
) -> None:
    path = book(tmp_path, f"---\ngame: Maerstanas\ntitle: {'W' * 999}\n---\n\n# A\n\nx\n")
    out = tmp_path / "card.pdf"
    for args in (["--check"], ["-o", str(out), "--source"]):
        assert main(["quickref", *args, str(path)]) == 1
        err = capsys.readouterr().err
        assert "book.md:3:1: error R110: the title and subtitle take 50 lines" in err, err
        assert "it has room for 3" in err
    assert not out.exists()


def test_a_long_running_head_is_cut_to_leave_room_for_the_chapter(tmp_path, capsys) -> None:
    """A 74-character title and an 81-character subtitle ran under "Contents" and the
    chapter title, and past the page's edge."""
    title = "The Complete and Unabridged Rules of Maerstanas with Commentary and Notes"
    source = (
        f"---\ngame: Maerstanas\ntitle: {title}\n"
        "subtitle: A subtitle that is rather long too, to see what happens with it on the page\n"
        "---\n\n# A chapter title that is quite long indeed, more than one line in the quick"
        " reference surely\n\nx\n"
    )
    out = tmp_path / "book.pdf"
    assert main(["rulebook", "--source", str(book(tmp_path, source)), "-o", str(out)]) == 0
    pdf = out.read_bytes()
    register_fonts()
    for page in (2, 3):  # the contents, the chapter
        runs = text_runs(pdf, page)
        top = max(run.y for run in runs)
        left, right = sorted((run for run in runs if run.y == top), key=lambda run: run.x)
        left_end = left.x + stringWidth(left.text, "Cardo-Italic", 8.5)
        right_end = right.x + stringWidth(right.text, "Cardo-Italic", 8.5)
        assert left_end + 12 <= right.x + 0.01, (left.text, right.text)
        assert right_end <= float(reader(pdf).pages[page].mediabox.width)
        assert left.text.startswith("The Complete")


TERM = " ".join(["stone"] * 60)
GLOSS = " ".join(["word"] * 380)
CELL = " ".join(["word"] * 190)


@pytest.mark.parametrize(
    "body",
    [
        f"```glossary\n{TERM}: a stone.\n```\n",
        f"```glossary\nstone: {GLOSS}\n```\n",
        f"| a | b |\n|--|--|\n| {CELL} | x |\n",
    ],
    ids=["term", "gloss", "cell"],
)
def test_the_card_build_takes_what_its_check_passes(tmp_path, capsys, body) -> None:
    """These fit a column of the card, and --check passed them; the build refused them
    ("taller than a column", no place) when balancing tried shorter columns."""
    path = book(tmp_path, HEAD + body)
    assert main(["quickref", "--check", str(path)]) == 0
    out = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    assert out.exists()


def test_a_block_taller_than_a_column_is_refused_at_its_line_by_check_and_build(
    tmp_path, capsys
) -> None:
    cell = " ".join(["word"] * 199)
    path = book(tmp_path, HEAD + f"t\n\n| a | b | c | d |\n|--|--|--|--|\n| {cell} | x | y | z |\n")
    out = tmp_path / "card.pdf"
    for args in (["--check"], ["-o", str(out), "--source"]):
        assert main(["quickref", *args, str(path)]) == 1
        err = capsys.readouterr().err
        assert "book.md:10:1: error R110: a row of this table is taller than a column" in err
    assert not out.exists()


@pytest.mark.parametrize("text", ["x\n\n```pencil-boards\n```\n", "```pencil-boards\n```\n\nx\n"])
def test_blank_boards_sharing_a_chapter_are_refused_at_the_check(tmp_path, capsys, text) -> None:
    """Text before the sheet ended the PDF build in a TypeError traceback; text after
    it was dropped. --check passed both."""
    path = book(tmp_path, HEAD + text)
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "error R102: ```pencil-boards is a chapter of its own" in capsys.readouterr().err
    out = tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 1
    assert not out.exists()


def test_a_patch_header_shows_no_character_a_terminal_obeys(tmp_path) -> None:
    """`check --diff` printed a file name's U+202E and U+2028 raw; the header now
    writes their bytes as octal escapes, which `git apply` reads back."""
    name = "r\u202eevil\u2028x.mrs"
    patch = unified_diff("a\nb\n", [(2, 3, "c")], name)
    header = patch.split(b"\n@@")[0].decode("ascii")
    assert header == '--- "a/r\\342\\200\\256evil\\342\\200\\250x.mrs"\n' + (
        '+++ "b/r\\342\\200\\256evil\\342\\200\\250x.mrs"'
    )
    (tmp_path / name).write_text("a\nb\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "p.diff").write_bytes(patch)
    subprocess.run(["git", "apply", "p.diff"], cwd=tmp_path, check=True)
    assert (tmp_path / name).read_text(encoding="utf-8") == "a\nc\n"
    plain = unified_diff("a\n", [(0, 1, "b")], "Mǽrstánas.mrs")
    assert plain.startswith("--- a/Mǽrstánas.mrs\n".encode())


@pytest.mark.parametrize("words", [1200, 1280])
def test_a_long_credit_keeps_the_columns_above_it(tmp_path, capsys, words) -> None:
    """Six lines of small print were drawn over the foot of full columns (1,280 words
    of text): the columns ended 21 mm above the paper's edge whatever the credit's
    height. Now they end above it, and a text that no longer fits is refused."""
    credit, body = " ".join(["credit"] * 150), " ".join(["body"] * words)
    path = book(tmp_path, f"---\ngame: Maerstanas\ntitle: T\n---\n\n{credit}\n\n# A\n\n{body}\n")
    out = tmp_path / "card.pdf"
    if main(["quickref", "--source", str(path), "-o", str(out)]) != 0:
        assert words > 1200 and "runs past one page" in capsys.readouterr().err
        return
    runs = text_runs(out.read_bytes(), 0)
    lowest_body = min(run.y for run in runs if "body" in run.text)
    highest_credit = max(run.y for run in runs if "credit" in run.text)
    assert lowest_body - highest_credit > 9  # a credit line's leading and more


def test_small_print_too_long_for_the_cards_foot_is_refused_where_it_starts(
    tmp_path, capsys
) -> None:
    """Small print of 6 paragraphs ran over the whole card and --check passed it."""
    credit = " ".join(["credit"] * 1280)
    text = "\n\n".join([credit] * 6)
    path = book(tmp_path, f"---\ngame: Maerstanas\ntitle: T\n---\n\n{text}\n\n# A\n\nx\n")
    out = tmp_path / "card.pdf"
    for args in (["--check"], ["-o", str(out), "--source"]):
        assert main(["quickref", *args, str(path)]) == 1
        err = capsys.readouterr().err
        assert "book.md:6:1: error R110: the small print before the first chapter takes" in err
    assert not out.exists()
