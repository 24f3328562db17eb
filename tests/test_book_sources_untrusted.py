"""A rulebook or quick-reference source is untrusted input (issue 26, causes 1 to 5, and
issue 21's front matter that prints right).

One test per root cause and its variants: a link is judged once, by one policy, where
it is written; every front-matter value reaches the PDF intact and inert; a source is
read through the shared reader and its limits; the front matter is held to a schema;
paragraphs, captions, the whole text, panels and tables have limits; and a book with
only a title and authors prints no dangling separator and no invented date. The
browser half (HTML and CSS in Chromium) is tests/test_book_sources_browser.py.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from tests.pdf_tools import all_text, reader

HEAD = "---\ngame: Maerstanas\ntitle: Corner Rules\n---\n\n# Rules\n\n"  # body on line 8
FIGURE = "```figure\nid: f\ncaption: {caption}\n{panels}```\n"


def book(tmp_path: Path, body: str, head: str = HEAD, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(head + body, encoding="utf-8")
    return path


def refused(capsys, args: list[str], code: str, exit_code: int = 1) -> str:
    """Run a command that must refuse its source: exit code, diagnostic, no traceback."""
    assert main(args) == exit_code
    err = capsys.readouterr().err
    assert f"error {code}:" in err, err
    assert "Traceback" not in err
    return err


# --- 1. one link policy, links read once -------------------------------------------

HOSTILE_LINKS = [
    "javascript:document.title=%22PWNED%22;void%200",  # the review's reproducer
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "&#106;avascript:alert(1)",  # Markdown reads the entity: javascript:
    "java&#x09;script:alert(1)",  # a tab, which a browser drops
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "%6Aavascript:alert(1)",  # no scheme at all: a path next to the page
    "//evil.example/x",
    "other-book.html",
]


@pytest.mark.parametrize("url", HOSTILE_LINKS)
def test_a_link_to_another_scheme_is_refused_where_it_is_written(tmp_path, capsys, url) -> None:
    path = book(tmp_path, f"Some text, then [click here]({url}) and more.\n")
    err = refused(capsys, ["rulebook", "--check", str(path)], "R109")
    assert f"{path}:8:" in err  # the paragraph's line, at the address
    out = tmp_path / "card.pdf"
    refused(capsys, ["quickref", "--source", str(path), "-o", str(out)], "R109")
    assert not out.exists()


def test_the_reproducer_points_at_the_address(tmp_path, capsys) -> None:
    url = "javascript:document.title=%22PWNED%22;void%200"
    path = book(tmp_path, f"[click]({url})\n")
    err = refused(
        capsys, ["rulebook", "--source", str(path), "-o", str(tmp_path / "b.pdf")], "R109"
    )
    assert f"{path}:8:9: error R109:" in err
    assert not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize(
    "body",
    [
        FIGURE.format(caption="[x](javascript:alert(1))", panels="stones: dark D4\n"),
        FIGURE.format(caption="c", panels="panel: [x](vbscript:x)\nstones: dark D4\n"),
        FIGURE.format(caption="c\nalt: [x](file:///etc/passwd)", panels="stones: dark D4\n"),
        "```glossary\nterm: a [gloss](javascript:alert(1))\n```\n",
        "```record\nid: r\ncaption: [x](javascript:alert(1))\n\n1. D4 *\n```\n",
        "| a | b |\n|---|---|\n| [x](javascript:alert(1)) | y |\n",
        "## A [section](javascript:alert(1))\n",
        "- an [item](javascript:alert(1))\n",
        "> a [note](javascript:alert(1))\n",
        "```include licence\nrules: [x](javascript:alert(1))\nversion: 1\n```\n",
    ],
)
def test_every_text_of_a_source_is_held_to_the_link_policy(tmp_path, capsys, body) -> None:
    refused(capsys, ["rulebook", "--check", str(book(tmp_path, body))], "R109")


def test_a_licence_address_is_held_to_the_policy(tmp_path, capsys) -> None:
    head = HEAD.replace("---\n\n", "licence-url: javascript:alert(1)\n---\n\n", 1)
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, "Text.\n", head))], "R109")
    assert ":4:14:" in err


def test_a_refused_image_stays_refused(tmp_path, capsys) -> None:
    path = book(tmp_path, "An image ![x](file:///etc/passwd) here.\n")
    refused(capsys, ["rulebook", "--check", str(path)], "R101")


def test_text_markdown_read_as_text_is_never_read_as_markup_again(tmp_path) -> None:
    """An escaped link and stray stars stay words: Markdown's reading is the only one."""
    body = r"Not a link: \[x\](javascript:alert(1)); 2 * 3 * 4; a \`tick; **bold**." + "\n"
    path = book(tmp_path, body)
    html, pdf = tmp_path / "b.html", tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "--format", "html", "-o", str(html)]) == 0
    assert main(["rulebook", "--source", str(path), "-o", str(pdf)]) == 0
    page = html.read_text("utf-8")
    assert (
        "Not a link: [x](javascript:alert(1)); 2 * 3 * 4; a `tick; <strong>bold</strong>." in page
    )
    assert 'href="javascript' not in page.lower()
    assert _link_targets(pdf.read_bytes()) == []
    assert "[x](javascript:alert(1)); 2 * 3 * 4; a `tick;" in " ".join(
        all_text(pdf.read_bytes()).split()
    )


def _link_targets(pdf: bytes) -> list[str]:
    """Every URI a link annotation of the PDF opens."""
    out = []
    for page in reader(pdf).pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action is not None and "/URI" in action:
                out.append(str(action["/URI"]))
    return out


def test_allowed_links_and_places_in_the_book(tmp_path, capsys) -> None:
    body = (
        "See [the site](https://example.org/a_(b)), [plain](http://example.org), "
        "[mail](mailto:club@example.org) and [the rules](#rules).\n\n"
        + FIGURE.format(caption="See [it](https://example.org/fig).", panels="stones: dark D4\n")
    )
    path = book(tmp_path, body)
    html, pdf = tmp_path / "b.html", tmp_path / "b.pdf"
    assert main(["rulebook", "--source", str(path), "--format", "html", "-o", str(html)]) == 0
    assert main(["rulebook", "--source", str(path), "-o", str(pdf)]) == 0
    assert main(["quickref", "--source", str(path), "-o", str(tmp_path / "q.pdf")]) == 0
    page = html.read_text("utf-8")
    assert '<a href="#rules">the rules</a>' in page
    assert '<a href="https://example.org/a_%28b%29">the site</a>' in page
    assert sorted(_link_targets(pdf.read_bytes())) == [
        "http://example.org",
        "https://example.org/a_%28b%29",
        "https://example.org/fig",
        "mailto:club@example.org",
    ]
    nowhere = book(tmp_path, "Go [there](#nowhere).\n", name="nowhere.md")
    err = refused(capsys, ["rulebook", "--check", str(nowhere)], "R106")
    assert f"{nowhere}:8:" in err


def test_a_figure_mark_for_no_figure_is_found_by_check(tmp_path, capsys) -> None:
    path = book(tmp_path, "As {fig:nope} shows.\n")
    err = refused(capsys, ["rulebook", "--check", str(path)], "R106")
    assert f"{path}:8:4: error R106: {{fig:nope}} names a figure" in err


# --- 2. every value reaches the PDF intact and inert ----------------------------------

HOSTILE_FRONT = (
    "---\ngame: Maerstanas\n"
    "title: 'x</style><script>window.pwned=1</script><style>'\n"
    "subtitle: ') /S /JavaScript /JS (app.alert(1)) \\ ('\n"
    "author: '[by](javascript:alert(1)) *me*'\n"
    "subject: '(a) /URI (javascript:alert(1))'\n"
    "keywords: ['k</title>', '(b)\\)']\n"
    "---\n\n"
    '# Chapter &lt;a href="javascript:alert(1)"&gt;one&lt;/a&gt;\n\n'
    "## Section &lt;b&gt;two&lt;/b&gt;\n\nText.\n"
)


def test_every_front_matter_value_and_heading_reaches_the_pdf_intact(tmp_path) -> None:
    path = tmp_path / "hostile.md"
    path.write_text(HOSTILE_FRONT, encoding="utf-8")
    pdf = tmp_path / "hostile.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(pdf)]) == 0
    data = pdf.read_bytes()
    meta = reader(data).metadata
    title = "x</style><script>window.pwned=1</script><style>"
    assert meta["/Title"] == f"{title}: ) /S /JavaScript /JS (app.alert(1)) \\ ("
    assert meta["/Subject"] == "(a) /URI (javascript:alert(1))"
    assert meta["/Keywords"] == "k</title>, (b)\\)"
    assert _link_targets(data) == []  # the contents set the heading as words, not a link
    outline = reader(data).outline
    assert outline[0].title == '1 Chapter <a href="javascript:alert(1)">one</a>'
    assert outline[1][0].title == "Section <b>two</b>"
    text = " ".join(all_text(data).split())
    assert "[by](javascript:alert(1)) *me*" in text  # the byline is words, not markup
    assert 'Chapter <a href="javascript:alert(1)">one</a>' in text
    card = tmp_path / "card.pdf"
    assert main(["quickref", "--source", str(path), "-o", str(card)]) == 0
    assert reader(card.read_bytes()).metadata["/Title"] == meta["/Title"]
    assert _link_targets(card.read_bytes()) == []


# --- 3. sources are read through the shared reader and its limits --------------------


def _bounded_run(args: list[str], seconds: float = 120) -> subprocess.CompletedProcess:
    """The command in a process held to 1.5 GiB of address space."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**29, 3 * 2**29))

    return subprocess.run(
        [sys.executable, "-m", "maerstanas_print", *args],
        capture_output=True,
        text=True,
        timeout=seconds,
        preexec_fn=limit,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["rulebook", "--source", "/dev/zero"],
        ["quickref", "--source", "/dev/zero"],
        ["rulebook", "--check", "/dev/urandom"],
    ],
)
def test_a_device_is_refused_in_bounded_memory(args) -> None:
    done = _bounded_run(args)
    assert done.returncode == 3, done.stderr[-500:]
    assert "not a rulebook source" in done.stderr and "Traceback" not in done.stderr


def test_a_folder_a_missing_file_and_a_large_file_are_refused(
    tmp_path, capsys, monkeypatch
) -> None:
    assert main(["rulebook", "--check", str(tmp_path)]) == 3
    assert "is a directory, not a rulebook source file" in capsys.readouterr().err
    assert main(["rulebook", "--check", str(tmp_path / "missing.md")]) == 3
    assert "no such file" in capsys.readouterr().err
    monkeypatch.setattr(limits, "MAX_BOOK_SOURCE_BYTES", 4096)
    large = book(tmp_path, "Words. " * 1000)
    assert main(["quickref", "--source", str(large)]) == 3
    err = capsys.readouterr().err
    assert "more than 4,096 bytes, the most a rulebook source may be" in err
    assert "Traceback" not in err


def test_a_named_pipe_nobody_writes_to_is_given_up(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(limits, "FIFO_WAIT_SECONDS", 0.2)
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    result: list[int] = []
    worker = threading.Thread(
        target=lambda: result.append(main(["rulebook", "--check", str(fifo)])), daemon=True
    )
    worker.start()
    worker.join(60)  # a hang fails here (the old reader blocked in open for ever)
    assert result == [3]
    assert "a named pipe that nobody writes to" in capsys.readouterr().err


# --- 4. the front matter is held to a schema ----------------------------------------

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n"  # the alias bomb's first two levels
BOMB += "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"


@pytest.mark.parametrize(
    ("front", "code", "line", "column"),
    [
        ("released: 2026-02-30\n", "R100", 4, 11),
        ("released: 2026-11-23 10:00:00\n", "R100", 4, 11),
        ("keywords: 5\n", "R100", 4, 11),
        ("keywords: [a, [b, c]]\n", "R100", 4, 15),
        ("authors: Ann\n", "R100", 4, 10),
        ("subject: [a, b]\n", "R100", 4, 10),
        ("language: ../../x\n", "R100", 4, 11),
        ("language: fr\n", "R100", 4, 11),
        ("subtitle: &s x\nauthor: *s\n", "R100", 4, 11),
        ("keywords: " + BOMB.split(": ", 1)[1] + "description: x\n", "R100", 4, 11),
        ("subtitle: !!python/object/apply:os.system [true]\n", "R100", 4, 11),
        ("subtitle: !!binary aGk=\n", "R100", 4, 11),
        ("title: again\n", "R100", 4, 1),
        ("subtitle:\n", "R100", 4, 10),
        ("subtitle: '" + "x" * 1_001 + "'\n", "R110", 4, 11),
        ("description: '" + "x " * 9_000 + "'\n", "R110", 1, 1),
    ],
)
def test_the_front_matter_is_held_to_its_schema(
    tmp_path, capsys, front, code, line, column
) -> None:
    head = HEAD.replace("---\n\n", front + "---\n\n", 1)
    path = book(tmp_path, "Text.\n", head)
    err = refused(capsys, ["rulebook", "--check", str(path)], code)
    assert f"{path}:{line}:{column}: error {code}:" in err


def test_an_alias_bomb_is_refused_at_its_first_anchor(tmp_path, capsys) -> None:
    """Five levels of nine (59,049 texts from 300 bytes); the review's nine levels made a
    242 MB page, and `--check` called it fine."""
    keys = ["keywords", "authors", "subject", "description", "pdf-author"]
    lines = ["keywords: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for n, key in enumerate(keys[1:], 1):
        lines.append(f"{key}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]")
    head = "---\ngame: Maerstanas\ntitle: T\n" + "\n".join(lines) + "\n---\n\n# x\n\nText.\n"
    path = tmp_path / "bomb.md"
    path.write_text(head, encoding="utf-8")
    err = refused(capsys, ["rulebook", "--check", str(path)], "R100")
    assert f"{path}:4:11: error R100: the front matter may not use an anchor" in err


# --- 5. limits on paragraphs, captions, the whole text, panels and tables -------------


def _panels(count: int) -> str:
    return "".join(f"panel: p{n}\nstones: dark D4\n" for n in range(count))


@pytest.mark.parametrize("count", [8, 14])
def test_a_figure_has_at_most_six_panels_and_check_says_so(tmp_path, capsys, count) -> None:
    path = book(tmp_path, FIGURE.format(caption="Many.", panels=_panels(count)))
    err = refused(capsys, ["rulebook", "--check", str(path)], "R110")
    assert "more than 6 panels" in err and f"{path}:23:" in err
    refused(capsys, ["quickref", "--source", str(path), "-o", str(tmp_path / "q.pdf")], "R110")
    refused(capsys, ["rulebook", "--source", str(path), "-o", str(tmp_path / "b.pdf")], "R110")


def test_six_panels_are_set_in_a_book_and_refused_on_a_card(tmp_path, capsys) -> None:
    """A card's column draws six boards too small for their coordinates to stay apart
    (review 26 books 12 #9; measured in tests/test_book_sources_review12_panels.py):
    check and build refuse them at the figure; the book's wider page sets them."""
    path = book(tmp_path, FIGURE.format(caption="Six.", panels=_panels(6)))
    line = path.read_text(encoding="utf-8").splitlines().index("```figure") + 1
    err = refused(capsys, ["quickref", "--check", str(path)], "R110")
    assert f"{path}:{line}:" in err and "print on top of each other" in err
    refused(capsys, ["quickref", "--source", str(path), "-o", str(tmp_path / "q.pdf")], "R110")
    assert not (tmp_path / "q.pdf").exists()
    assert main(["rulebook", "--source", str(path), "-o", str(tmp_path / "b.pdf")]) == 0


@pytest.mark.parametrize(
    ("body", "what"),
    [
        ("word " * 60 + "\n", "paragraph"),
        ("- " + "word " * 60 + "\n", "list item"),
        ("## " + "word " * 30 + "\n", "heading"),
        (FIGURE.format(caption="word " * 30, panels="stones: dark D4\n"), "caption"),
        (
            FIGURE.format(caption="c", panels="panel: " + "w" * 130 + "\nstones: dark D4\n"),
            "panel label",
        ),
        ("```glossary\nterm: " + "word " * 60 + "\n```\n", "gloss"),
        ("```record\nid: r\ncaption: c\n\n1. D4 {" + "w " * 70 + "} *\n```\n", "record"),
    ],
)
def test_paragraphs_and_captions_have_limits(tmp_path, capsys, monkeypatch, body, what) -> None:
    monkeypatch.setattr(limits, "MAX_BOOK_PARAGRAPH_CHARS", 200)
    monkeypatch.setattr(limits, "MAX_BOOK_CAPTION_CHARS", 100)
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, body))], "R110")
    assert f"this {what} is" in err and "the limit is" in err


def test_the_whole_text_has_a_limit_references_filled_in(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_BOOK_TEXT_CHARS", 1_000)
    many = "\n\n".join(["Forty characters of text in a paragraph."] * 30) + "\n"
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, many))], "R110")
    assert "runs past 1,000 characters" in err
    monkeypatch.setattr(limits, "MAX_BOOK_PARAGRAPH_CHARS", 300)
    head = HEAD.replace("Corner Rules", "A long title of the book " * 3)
    refs = "{{ book.title }} " * 5 + "\n"
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, refs, head))], "R110")
    assert "with its references filled in" in err


def test_short_texts_and_figures_count_against_the_book(tmp_path, capsys, monkeypatch) -> None:
    """A table of one-letter cells is thousands of paragraphs to set, 2,000 figures took
    32 s and 4,800 headings 82 s: each text counts as at least 100 characters, and
    figures and headings are counted."""
    monkeypatch.setattr(limits, "MAX_BOOK_TEXT_CHARS", 1_000)
    cells = "| a | b |\n|---|---|\n" + "| w | w |\n" * 6
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, cells))], "R110")
    assert "runs past 1,000 characters" in err
    monkeypatch.setattr(limits, "MAX_BOOK_FIGURES", 3)
    figures = "".join(
        FIGURE.format(caption="c", panels="stones: dark D4\n").replace("id: f", f"id: f{n}")
        for n in range(4)
    )
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, figures))], "R110")
    assert "more than 3 figures, records and other drawn blocks" in err
    assert ":23:4:" in err  # the 4th
    monkeypatch.setattr(limits, "MAX_BOOK_HEADINGS", 3)
    headings = "## One\n\n## Two\n\n## Three\n"  # and the chapter: four
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, headings))], "R110")
    assert "more than 3 chapters and sections" in err and ":12:1:" in err


@pytest.mark.parametrize(
    "table",
    [
        "|" + " a |" * 60 + "\n|" + "---|" * 60 + "\n|" + " b |" * 60 + "\n",
        "| a | b |\n|-|" + "-" * 40 + "|\n| x | y |\n",
    ],
)
def test_a_table_too_wide_to_set_is_refused(tmp_path, capsys, table) -> None:
    path = book(tmp_path, table)
    refused(capsys, ["rulebook", "--check", str(path)], "R110")
    refused(capsys, ["rulebook", "--source", str(path), "-o", str(tmp_path / "b.pdf")], "R110")


# --- issue 21: a book with a title and authors only prints right --------------------

USER = (
    "---\ngame: maerstanas\ntitle: Corner Rules for the Village Club\n"
    "authors: [Ann Example, Bob Example]\n---\n\nWe play for fun.\n\n"
    "# Rules\n\nA corner square starts with two hinges.\n\n# More\n\nAnother page.\n"
)


def test_a_book_without_subtitle_prints_no_dangling_separator(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    path = tmp_path / "village.md"
    path.write_text(USER, encoding="utf-8")
    pdf, card, html = tmp_path / "v.pdf", tmp_path / "card.pdf", tmp_path / "v.html"
    assert main(["rulebook", "--source", str(path), "-o", str(pdf)]) == 0
    assert main(["quickref", "--source", str(path), "-o", str(card)]) == 0
    assert main(["rulebook", "--source", str(path), "--format", "html", "-o", str(html)]) == 0
    for data in (pdf.read_bytes(), card.read_bytes()):
        meta = reader(data).metadata
        assert meta["/Title"] == "Corner Rules for the Village Club"
        assert meta["/Author"] == "Ann Example, Bob Example"
        assert "/CreationDate" not in meta and "/ModDate" not in meta  # no made-up date
    pages = [" ".join(page.extract_text().split()) for page in reader(pdf.read_bytes()).pages]
    assert "Ann Example, Bob Example" in pages[0]  # the byline lists the authors
    assert "·" not in " ".join(pages)  # the running head has no dangling separator
    assert "Corner Rules for the Village Club" in pages[2]  # the running head
    assert "Ann Example, Bob Example" in " ".join(all_text(card.read_bytes()).split())
    page = html.read_text("utf-8")
    assert "<title>Corner Rules for the Village Club</title>" in page
    assert '<p class="byline">Ann Example, Bob Example</p>' in page
    assert 'content: "Corner Rules for the Village Club";' in page


def test_a_pdf_is_dated_by_released_or_source_date_epoch_only(tmp_path, monkeypatch) -> None:
    path = tmp_path / "village.md"
    path.write_text(USER, encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764000000")  # 2025-11-24 16:00 UTC
    pdf = tmp_path / "v.pdf"
    assert main(["rulebook", "--source", str(path), "-o", str(pdf)]) == 0
    assert reader(pdf.read_bytes()).metadata["/CreationDate"].startswith("D:20251124160000")
    path.write_text(USER.replace("---\n\n", "released: 2026-11-23\n---\n\n", 1), encoding="utf-8")
    assert main(["rulebook", "--source", str(path), "-o", str(pdf)]) == 0
    assert reader(pdf.read_bytes()).metadata["/CreationDate"].startswith("D:20261123000000")
