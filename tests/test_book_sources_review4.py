"""The fourth re-review of book sources as untrusted input (issue 26): a table whose
rows hold several long cells, class markup a book does not know, a link in a chapter
title, and a line break in a file name. Each test failed on the code it reviewed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.cli import main

HEAD = "---\ngame: Maerstanas\ntitle: Corner Rules\n---\n\n# Rules\n\n"  # body on line 8


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("breaker", ["\n", "\r", "\x85", "\u2028", "\u2029"])
def test_a_file_name_cannot_forge_a_line_of_the_output(tmp_path, capsys, breaker) -> None:
    """A newline in a file name split the one-line error in two (the ESC was escaped)."""
    named = book(tmp_path, HEAD + "x\n", f"a{breaker}forged.md")
    assert main(["rulebook", "--check", str(named)]) == 0
    assert main(["quickref", "--check", str(tmp_path / f"gone{breaker}x.md")]) == 3
    assert main(["check", str(tmp_path / f"gone{breaker}y.mrs")]) == 3
    out = tmp_path / f"o{breaker}.html"
    assert main(["rulebook", "--format", "html", "--source", str(named), "-o", str(out)]) == 0
    assert main(["rulebook", "--source", str(named), "-o", str(named)]) == 2
    html = book(tmp_path, HEAD + "x\n", f"b{breaker}.html")
    assert main(["rulebook", "--format", "html", "--source", str(html), "-o", str(html)]) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 6, err
    assert lines[0].endswith("forged.md: checked 0 figures and 0 claims; no problems")
    assert lines[1].endswith("x.md: no such file") and lines[2].endswith("y.mrs: no such file")
    assert lines[3].startswith("wrote ") and lines[3].endswith(".html")
    assert lines[4].endswith("forged.md: this command writes .pdf or .html files, not .md")
    assert lines[5].endswith(".html: the output would overwrite the input; pick another -o")


@pytest.mark.parametrize(
    ("line", "column", "shown"),
    [
        ("## H {.appendix}", 6, "{.appendix}"),
        ("# Glossary {.Appendix}", 12, "{.Appendix}"),
        ("x {.Lead}", 3, "{.Lead}"),
        ("# T {.lead}", 5, "{.lead}"),
        ("# T {.appendix .lead}", 5, "{.appendix .lead}"),
        ("v {.lead}{.lead}", 3, "{.lead}"),
        ("u {.x}", 3, "{.x}"),
        ("t {.lead onclick=alert(1)}", 3, "{.lead onclick=alert(1)}"),
        ("- an item {.lead}", 11, "{.lead}"),
        ("| a {.lead} |\n|--|\n| b |", 5, "{.lead}"),
        ("> a note {.lead}", 10, "{.lead}"),
    ],
)
def test_class_markup_a_book_does_not_know_is_refused_where_it_is_written(
    tmp_path, capsys, line, column, shown
) -> None:
    """`## H {.appendix}`, `# G {.Appendix}` and `x {.Lead}` were printed as written
    and --check passed them; the chapter was not made an appendix."""
    path = book(tmp_path, HEAD + "t\n\n" + line + "\n\nw\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"book.md:10:{column}: error R101: `{shown}` is not markup a book knows here" in err
    assert "`{.lead}` ending a paragraph and `{.appendix}` ending a `#` chapter title" in err


def test_the_known_classes_in_their_places_still_pass(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + "t {.lead}\n\n# More {.appendix}\n\nw\n")
    assert main(["rulebook", "--check", str(path)]) == 0


def test_a_link_in_a_chapter_title_is_refused_as_both_media_cannot_show_it(
    tmp_path, capsys
) -> None:
    """The HTML printed `# Rules [x](https://a.example)` without its link (the PDF kept
    it), and --check passed it; a link in a `##` section title is kept in both."""
    path = book(tmp_path, HEAD.replace("# Rules", "# Rules [x](https://a.example)") + "t\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "book.md:6:9: error R101: a chapter title cannot hold a link" in err
    section = book(tmp_path, HEAD + "t\n\n## See [x](https://a.example) now\n\nw\n", "s.md")
    out = tmp_path / "s.html"
    assert main(["rulebook", "--format", "html", "--source", str(section), "-o", str(out)]) == 0
    assert 'href="https://a.example"' in out.read_text(encoding="utf-8")


SIX = "| a | b | c | d | e | f |\n|--|--|--|--|--|--|\n"


def six_rows(cell: int, rows: int) -> str:
    return SIX + ("| " + " | ".join("W" * cell for _ in range(6)) + " |\n") * rows


@pytest.mark.parametrize(
    ("body", "place", "message"),
    [
        (six_rows(9990, 8), "10:3", "this table cell is 9,990 characters long; the limit is 1,000"),
        (six_rows(400, 1), "10:3", "this table row is 2,400 characters long; the limit is 2,000"),
        (
            six_rows(330, 6),
            "15:3",
            "this table's text up to here is 11,886 characters long; the limit is 10,000",
        ),
        (
            "```glossary\n" + "T" * 1500 + ": " + "g" * 600 + "\n```\n",
            "9:1",
            "this glossary entry is 2,100 characters long; the limit is 2,000",
        ),
    ],
    ids=["cell", "row", "table", "glossary-entry"],
)
def test_check_bounds_the_text_of_a_table_before_the_build_is_tried(
    tmp_path, capsys, body, place, message
) -> None:
    """Rows of six 9,990-character cells passed --check in 0.6 s; the PDF build ran over
    a minute and 400 MB (ReportLab sets a tall row again at every height it tries)."""
    path = book(tmp_path, HEAD + body)
    assert main(["rulebook", "--check", str(path)]) == 1
    assert main(["quickref", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"book.md:{place}: error R110: {message}" in err, err


def test_a_table_at_its_limits_passes_the_check_and_builds(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + six_rows(333, 5))
    assert main(["rulebook", "--check", str(path)]) == 0
    out = tmp_path / "book.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0


@pytest.mark.parametrize("text", ["## H {#myid}", "p {:.lead}", "p {lead}", "p { #top }"])
def test_other_dialects_attribute_markup_is_refused(tmp_path: Path, capsys, text: str) -> None:
    """Final re-review: `{#id}`, `{:.lead}` and `{lead}` passed --check and were
    printed as written."""
    path = book(tmp_path, HEAD + f"x\n\n{text}\n\ny\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "R101" in err and "is not markup a book knows here" in err


def test_a_figure_reference_ending_a_paragraph_is_still_a_reference(tmp_path: Path, capsys) -> None:
    """The book's own `{fig:...}` is not taken for another dialect's markup."""
    path = book(tmp_path, HEAD + "x {.lead}\n\nSee {fig:corner}\n")
    main(["rulebook", "--check", str(path)])  # no figure `corner` here: its own error
    err = capsys.readouterr().err
    assert "is not markup a book knows here" not in err and "corner" in err
