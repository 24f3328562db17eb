"""An independent re-review of book sources as untrusted input (issue 26, causes 1-5):
the variants the first battery did not cover, each of which failed on the fix it reviewed.

A source `--check` passes must build, and one it cannot build must be refused by the
check at the place it is written; nothing a source holds ends in a traceback or in
work that grows with the square of a text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.rulebook.model import spans
from tests.pdf_tools import all_text, reader

HEAD = "---\ngame: Maerstanas\ntitle: Corner Rules\n---\n\n# Rules\n\n"  # body on line 8


def book(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "book.md"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "extra",
    ["keywords: " + "[" * 5000 + "]" * 5000, "subject: " + "{a: " * 3000 + "b" + "}" * 3000],
    ids=["lists", "tables"],
)
def test_front_matter_nested_too_deeply_is_refused_without_a_traceback(
    tmp_path, capsys, extra
) -> None:
    path = book(tmp_path, f"---\ngame: Maerstanas\ntitle: T\n{extra}\n---\n\n# Rules\n\nx\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "error R100: the front matter nests lists or tables too deeply" in err, err


@pytest.mark.parametrize(
    ("text", "place", "char"),
    [
        (HEAD + "The 漢字 board.\n", "8:5", "漢"),
        (HEAD + "## a\x01b\n\nx\n", "8:5", "\\x01"),
        (HEAD + "Turn \u202eback.\n", "8:6", "\\u202e"),
        (HEAD + "```figure\nid: f\ncaption: 😀\nstones: dark D3\n```\n", "10:10", "😀"),
        ("---\ngame: Maerstanas\ntitle: 漢\n---\n\n# Rules\n\nx\n", "3:8", "漢"),
        ("---\ngame: Maerstanas\ntitle: T\nauthors: [Ann, 漢]\n---\n\n# R\n\nx\n", "4:16", "漢"),
    ],
    ids=["cjk", "control", "bidi", "caption", "title", "authors"],
)
def test_check_refuses_what_the_typesetter_cannot_set_where_it_is_written(
    tmp_path, capsys, text, place, char
) -> None:
    """The build refused these ("Cardo cannot set"), with no place; --check passed them."""
    path = book(tmp_path, text)
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"book.md:{place}: error R101: the character '{char}'" in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "body",
    [
        "| a | b |\n|-|-----------|\n| " + "y" * 1000 + " | b |\n",  # a 1/12 column
        "```glossary\n" + "t" * 1990 + ": a gloss\n```\n",
    ],
    ids=["table-cell", "glossary-term"],
)
def test_a_row_taller_than_a_page_is_set_across_pages_and_refused_on_a_card(
    tmp_path, capsys, body
) -> None:
    """ReportLab's LayoutError ended both builds in a traceback after --check passed."""
    path = book(tmp_path, HEAD + body)
    assert main(["rulebook", "--check", str(path)]) == 0
    out = tmp_path / "book.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0
    assert len(reader(out.read_bytes()).pages) > 1
    assert "yyyyy" in all_text(out.read_bytes()) or "tttttttt" in all_text(out.read_bytes())
    card = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(path), "-o", str(card)]) == 1
    err = capsys.readouterr().err
    assert "taller than a column of the card" in err and "Traceback" not in err
    assert not card.exists()


def test_a_search_for_a_link_stops_at_the_next_bracket() -> None:
    """A search for a link from each `[` ran to the end of a text of brackets (10,000 `[`
    in a glossary took 24 s to check, 64 s to build): a link's words now hold no
    unescaped `[` and neither does its address, so each search stops at the next one
    and reading a text is linear in its length."""
    assert [(s.kind, s.text) for s in spans("[a [b](https://x.example)")] == [
        ("text", "[a "),
        ("link", "b"),
    ]
    assert [(s.kind, s.text) for s in spans("[a](x[b](https://y.example)")] == [
        ("text", "[a](x"),
        ("link", "b"),
    ]
    assert [s.kind for s in spans("[" * 10_000)] == ["text"]
    assert [s.kind for s in spans("[a](x" * 2_000)] == ["text"]


@pytest.mark.parametrize(
    ("body", "place", "message"),
    [
        ("# A\n\n# B\n\ntext\n", "6:1", "R101: the chapter 'A' has nothing in it"),
        ("# A\n\ntext\n\n# B\n", "10:1", "R101: the chapter 'B' has nothing in it"),
        ("# A\n\n```glossary\n```\n", "8:4", "R102: the glossary has no entries"),
    ],
    ids=["empty-chapter", "empty-last-chapter", "empty-glossary"],
)
def test_check_refuses_an_empty_chapter_or_glossary_the_build_cannot_set(
    tmp_path, capsys, body, place, message
) -> None:
    """--check passed these; the build ended in an IndexError or ReportLab's ValueError."""
    path = book(tmp_path, "---\ngame: Maerstanas\ntitle: T\n---\n\n" + body)
    for args in (["rulebook", "--check"], ["rulebook", "--source"], ["quickref", "--source"]):
        out = tmp_path / "out.pdf"
        assert main([*args, str(path), "-o", str(out)][: 3 if "--check" in args else 5]) == 1
        err = capsys.readouterr().err
        assert f"book.md:{place}: error {message}" in err, err
        assert not out.exists()


@pytest.mark.parametrize(
    "value",
    ["abc", "1e3", "-1", "99999999999999", "9" * 5000],  # past int()'s digits
    ids=["abc", "1e3", "-1", "14-digits", "5000-digits"],
)
def test_a_source_date_epoch_that_is_no_date_is_refused_before_any_work(
    tmp_path, capsys, monkeypatch, value
) -> None:
    """ReportLab read `abc` with int() (a traceback from every PDF command) and wrote
    99999999999999 as the year 3170843; -1 was silently ignored."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    path = book(tmp_path, HEAD + "x\n")
    out = tmp_path / "book.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"SOURCE_DATE_EPOCH={value[:40]!r} is not a date" in err, err
    assert not out.exists()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 253402300799 ")
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0
    assert reader(out.read_bytes()).metadata["/CreationDate"].startswith("D:99991231")


def test_a_source_date_epoch_with_leading_zeros_is_its_number(tmp_path, monkeypatch) -> None:
    """Final re-review: `0000000000001` (one second) was refused; and thousands of
    leading zeros must not reach the PDF library's own int()."""
    path = book(tmp_path, HEAD + "x\n")
    out = tmp_path / "book.pdf"
    for value in ("0000000000001", "0" * 4999 + "1"):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
        assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0
        assert reader(out.read_bytes()).metadata["/CreationDate"].startswith("D:19700101000001")


def test_a_heading_word_wider_than_the_page_is_refused_at_check(tmp_path, capsys) -> None:
    """Final re-review: a chapter title of one 1,800-letter word passed --check, then
    the PDF build stopped with a message about tables."""
    path = book(tmp_path, HEAD + "x\n\n# " + "W" * 180 + "\n\nx\n")  # under 200 in all
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "R110" in err and "a word of this heading is" in err and "Traceback" not in err
    path = book(tmp_path, HEAD + "x\n\n# " + "W" * 1800 + "\n\nx\n")  # the heading's own limit
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "this heading is 1,800 characters long" in capsys.readouterr().err
    path = book(tmp_path, HEAD + "x\n\n# " + "W" * 60 + "\n\nx\n")
    assert main(["rulebook", "--check", str(path)]) == 0


def test_a_file_name_cannot_drive_the_terminal(tmp_path, capsys) -> None:
    """A name with `\\x1b[...` reached the terminal raw in "no such file" and in the
    --check summary (a source's own lines were already shown escaped)."""
    named = tmp_path / "a\x1b]0;owned\x07\x1b[31m.md"
    named.write_text(HEAD + "x\n", encoding="utf-8")
    assert main(["rulebook", "--check", str(named)]) == 0
    assert main(["rulebook", "--check", str(tmp_path / "gone\x1b[2J.md")]) == 3
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "a\\x1b]0;owned\\x07\\x1b[31m.md: checked 0 figures" in err
    assert "gone\\x1b[2J.md: no such file" in err


@pytest.mark.parametrize(
    ("command", "source", "output"),
    [
        (["rulebook", "--format", "html"], "s.html", "s.html"),
        (["quickref"], "s.pdf", "./s.pdf"),
        (["quickref"], "s.md", "link.pdf"),  # a symlink to the source
    ],
)
def test_an_output_that_names_the_source_is_refused(tmp_path, monkeypatch, command, source, output):
    """Third review: `-o` naming the book's source (or a link to it) overwrote the
    user's book and exited 0; `game` already refused this with exit 2."""
    text = (
        Path(__file__).parent.parent / "maerstanas_print/games/books/maerstanas-quickref.md"
    ).read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / source).write_text(text, encoding="utf-8")
    if output == "link.pdf":
        (tmp_path / output).symlink_to(tmp_path / source)
    assert main([*command, "--source", source, "-o", output]) == 2
    assert (tmp_path / source).read_text(encoding="utf-8") == text
