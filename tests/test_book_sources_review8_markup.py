"""The eighth re-review of book sources (issue 26), the book's own markup: an escaped
brace still read as markup (its backslash printed), a figure reference inside other
markup printed as the raw `{fig:f}`, R109's caret on the wrong `{{`, and the length
limits counting the escapes the reader adds. Each test failed on the code it reviewed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from tests.pdf_tools import reader

HEAD = "---\ngame: Maerstanas\ntitle: TT\n---\n\n"


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def pdf_text(path: Path) -> str:
    pages = reader(path.read_bytes()).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def html_text(path: Path) -> str:
    """The words of an HTML page's body (its tags left out, its spaces squeezed)."""
    body = path.read_text(encoding="utf-8").split("<body", 1)[1]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def built(tmp_path: Path, capsys, path: Path) -> dict[str, str]:
    """The printed words of the book's HTML, its PDF and its card; each command's
    `--check` passes first."""
    printed = {}
    for command, kind in (("rulebook", "html"), ("rulebook", "pdf"), ("quickref", "pdf")):
        assert main([command, "--check", str(path)]) == 0, capsys.readouterr()
        out = tmp_path / f"{command}.{kind}"
        assert main([command, "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
        printed[f"{command} {kind}"] = html_text(out) if kind == "html" else pdf_text(out)
    return printed


FIGURE = "```figure\nid: f\ncaption: {caption}\nalt: {alt}\npanel: p\nstones: dark D4\n"
FIGURE += "claims:\n  legal E4\n```\n"

# An escape in every place the book's brace markup can stand: it means the character.
ESCAPED = (
    HEAD
    + "Small \\{.lead\\} s0.\n\n# A\n\npara \\{.lead\\}\n\np2 \\{.lead}\n\np3 {.lead\\}\n\n"
    + "a \\{{ book.title }} b1, {{ book.title \\}} b2, \\{§ 1} b3, {§ 2\\} b4, {fig\\:f} b5, "
    + "&#123;fig:f} b6, {{ book\\.title }} b7.\n\n"
    + "- item \\{§ 1} i1\n- item {.lead\\}\n\n> note {fig\\:f} n1\n\n"
    + "| h \\{.x\\} |\n|---|\n| cell {fig\\:f} c1 |\n\n"
    + FIGURE.format(caption="cap \\{{ book.title }} k1 \\{.lead\\}", alt="alt {fig\\:f} a1")
    + "\n```glossary\nterm: gloss \\{§ 1} g1 {fig\\:f} g2 \\{#id\\}\n```\n\n"
    + "```record\nid: r\ncaption: rec \\{{ book.title }} r1\n\n1. D4 E3 *\n```\n\n"
    + "# B \\{.appendix\\}\n\ny\n\n# C {.appendix\\}\n\nz\n"
)
ESCAPED_PRINTED = (
    "Small {.lead} s0.",
    "para {.lead}",
    "p2 {.lead}",
    "p3 {.lead}",
    "a {{ book.title }} b1, {{ book.title }} b2, {§ 1} b3, {§ 2} b4, {fig:f} b5, {fig:f} b6, "
    "{{ book.title }} b7.",
    "item {§ 1} i1",
    "item {.lead}",
    "note {fig:f} n1",
    "h {.x}",
    "cell {fig:f} c1",
    "cap {{ book.title }} k1 {.lead}",
    "gloss {§ 1} g1 {fig:f} g2 {#id}",
    "rec {{ book.title }} r1",
    "B {.appendix}",
    "C {.appendix}",
)


def test_an_escaped_brace_is_printed_as_the_brace_and_is_no_markup(tmp_path, capsys) -> None:
    """`para \\{.lead\\}` was a lead paragraph "para \\", `# B \\{.appendix\\}` an appendix
    "B \\", `\\{{ book.title }}` printed "\\TT" and `{fig\\:f}` "figure 1": the escape was
    lost or left standing, and the brace markup read anyway."""
    path = book(tmp_path, ESCAPED)
    for where, printed in built(tmp_path, capsys, path).items():
        assert "\\" not in printed, (where, printed)
        for expected in ESCAPED_PRINTED:
            assert expected in printed, (where, expected, printed)
        assert "figure 1" not in printed.replace("\u00a0", " "), where
        assert "Appendix" not in printed, where
    html = (tmp_path / "rulebook.html").read_text(encoding="utf-8")
    assert 'class="lead"' not in html


def test_an_escaped_brace_group_ending_a_text_is_words(tmp_path, capsys) -> None:
    """What the writer escaped is never refused as markup of another dialect."""
    path = book(tmp_path, HEAD + "# A\n\nx {.lead\\}\n\ny \\{#id}\n\nz {#id\\}\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


NESTED = (
    HEAD
    + "Small *{{ f.figure }}* s0.\n\n# A\n\n"
    + "x [see {{ f.figure }}](#fig-f) p1, *{{ f.figure }}* p2, **{{ f.figure }}** p3, "
    + "`{{ f.figure }}` p4, {{ f.figure }} p5, [{{ f.figure }}](https://example.org) p6.\n\n"
    + "- *{{ f.figure }}* i1\n\n> **{{ f.figure }}** n1\n\n"
    + "| h *{{ f.figure }}* h1 |\n|---|\n| *{{ f.figure }}* c1 |\n\n"
    + FIGURE.format(caption="c *{{ f.figure }}* k1", alt="a *{{ f.figure }}* a1")
    + "\n```glossary\nterm: g *{{ f.figure }}* g1\n```\n\n"
    + "```record\nid: r\ncaption: rec *{{ f.figure }}* r1\n\n1. D4 E3 *\n```\n"
)


def test_a_figure_reference_is_filled_in_wherever_it_stands(tmp_path, capsys) -> None:
    """`[see {{ f.figure }}](#fig-f)` and `*{{ f.figure }}*` printed "{fig:f}" (the
    book's own markup, which does not nest), in HTML, PDF and card alike."""
    path = book(tmp_path, NESTED)
    for where, printed in built(tmp_path, capsys, path).items():
        assert "fig:" not in printed, (where, printed)
        words = printed.replace("\u00a0", " ")
        for mark in ("s0", "p1", "p2", "p3", "p4", "p5", "p6", "i1", "n1", "h1", "c1"):
            assert f"figure 1 {mark}" in words, (where, mark, printed)
        for mark in ("k1", "g1", "r1"):
            assert f"figure 1 {mark}" in words, (where, mark, printed)
    html = (tmp_path / "rulebook.html").read_text(encoding="utf-8")
    assert "a figure\u00a01 a1" in html  # the figure's alt text
    assert '<a href="#fig-f">see figure\u00a01</a>' in html
    assert "<em>figure\u00a01</em> p2" in html


def test_a_figure_reference_in_a_german_link_is_german_words(tmp_path, capsys) -> None:
    text = NESTED.replace("title: TT\n", "title: TT\nlanguage: de\n")
    path = book(tmp_path, text)
    out = tmp_path / "book.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    assert '<a href="#fig-f">see Abbildung\u00a01</a>' in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("body", "place"),
    [
        (
            "[b {{ book.edition }}](https://example.org/x) end "
            "<https://example.org/{{book.edition}}>.\n",
            "9:72",
        ),
        (
            "[b {{ book.edition }}](https://example.org/x) and "
            "[c](https://example.org/{{ book.edition }}).\n",
            "9:75",
        ),
        ("x\n> y {{ book.edition }} and\n> [c](https://e.org/{{ book.edition }})\n", "11:21"),
        ("x {{ book.edition }} [c][r].\n\n[r]: https://e.org/{{book.edition}}\n", "11:20"),
        ("x {{ book.edition }} [c](https://e.org/%7B%7Bbook.edition%7D%7D).\n", "9:40"),
    ],
    ids=["autolink", "inline", "note", "definition", "encoded"],
)
def test_r109_points_at_the_reference_in_the_address(tmp_path, capsys, body, place) -> None:
    """The caret stood on the first `{{` of the paragraph (one in a link's words, which
    the hint itself says is allowed), not on the one in the address."""
    path = book(tmp_path, HEAD.replace("TT\n", 'TT\nedition: "7"\n') + "# A\n\n" + body)
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"book.md:{place}: error R109" in err, err
    line = err.splitlines()[1]
    caret = err.splitlines()[2]
    column = int(place.split(":")[1])
    assert caret.index("^") - 2 == column - 1
    assert line[2 + column - 1 :].startswith(("{{", "%7B%7B")), err


@pytest.mark.parametrize(
    "body",
    [
        "x [1] " * 1400,  # 8,400 characters: "11,199"
        "[" * 5001,  # "10,002"
        "*a " * 3000,  # "11,999"
        "x [1] " * 1600 + "{{ book.title }}",  # "with its references filled in"
        "| h |\n|---|\n| " + "[" * 900 + " |",  # a cell: "1,800"
        "x\n\n```glossary\nt: " + "[" * 1900 + "\n```",  # an entry: "3,803"
        "x\n\n```record\nid: r\ncaption: " + "[" * 1900 + "\n\n1. D4 *\n```",  # "3,800"
        "## " + "[" * 50 + "\n\ny",  # a heading's word: "100"
    ],
    ids=["links", "brackets", "stars", "filled", "cell", "gloss", "caption", "heading-word"],
)
def test_a_text_within_its_limit_as_written_is_taken(tmp_path, capsys, body) -> None:
    """The limits counted the book's markup, in which a `[` or a lone `*` is written
    with a backslash: texts well within them were refused with a length never written."""
    path = book(tmp_path, HEAD + "# A\n\n" + body + "\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


def test_a_text_past_its_limit_is_measured_as_written(tmp_path, capsys) -> None:
    text = "x [1] " * 1700  # 10,199 characters once its last space is gone
    path = book(tmp_path, HEAD + "# A\n\n" + text + "\n\n| h |\n|---|\n| " + "[" * 1001 + " |\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "this paragraph is 10,199 characters long as written" in capsys.readouterr().err
    path = book(tmp_path, HEAD + "# A\n\nx\n\n| h |\n|---|\n| " + "[" * 1001 + " |\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "this table cell is 1,001 characters long" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("heading", "place", "length"),
    [("# A{{ book.title }}", "6:4", 201), ("## B {{ book.title }}", "10:6", 200)],
)
def test_a_reference_making_a_heading_word_too_long_is_refused(
    tmp_path, capsys, heading, place, length
) -> None:
    """A heading's word was measured before its references were filled in: a title of
    200 letters made a 201-letter word of `# A{{ book.title }}` past the check."""
    text = '---\ngame: Maerstanas\ntitle: "' + "W" * 200 + '"\n---\n\n'
    body = f"{heading}\n\nx\n" if heading[1] == " " else f"# A\n\nx\n\n{heading}\n\ny\n"
    path = book(tmp_path, text + body)
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"book.md:{place}: error R110" in err, err
    assert f"a word of this heading is {length} characters long" in err, err
