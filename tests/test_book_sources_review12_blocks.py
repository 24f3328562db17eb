"""Book sources, twelfth review (issue 26), failures 7 and 8: the fenced blocks.

- an `include` block's parameters were put into the shared text as they were
  written, unread: raw HTML in one was printed as its characters, and an unknown
  `{{ reference }}` in one was reported inside the shipped shared file, not at
  the parameter the writer wrote;
- a line break other than a newline (U+2028, U+2029, U+0085, a vertical tab, a
  form feed, the separators U+001C-U+001E) inside a block ended a line for the
  block reader (`str.splitlines`) but not for the source's places, so every
  later place of the block was a line off.

Each test failed on the code it reviewed. `rulebook --check`, `quickref --check`
and the builds read a source alike, so each refusal is asked of all of them.
"""

from __future__ import annotations

import pytest

from maerstanas_print.cli import main
from tests.test_book_sources_review8 import book

HEAD = "---\ngame: Maerstanas\ntitle: TT\n---\n\n# A\n\nintro\n\n"  # the block on line 10


def _refused(tmp_path, capsys, text: str, place: str, code: str) -> str:
    """The message every reader of `text` gives: `--check` of the book and of the
    card, and the book's PDF and HTML builds, each at `place` ("line:column"),
    writing nothing."""
    path = book(tmp_path, text)
    messages = []
    for args in (
        ["rulebook", "--check", str(path)],
        ["quickref", "--check", str(path)],
        ["rulebook", "--source", str(path), "-o", str(tmp_path / "b.pdf")],
        ["rulebook", "--source", str(path), "-o", str(tmp_path / "b.html")],
    ):
        assert main(args) == 1, args
        err = capsys.readouterr().err
        assert f"{path}:{place}: error {code}:" in err, (args, err)
        messages.append(err.split(f"error {code}:")[1].splitlines()[0])
    assert len(set(messages)) == 1, messages
    assert not (tmp_path / "b.pdf").exists() and not (tmp_path / "b.html").exists()
    return messages[0]


# -- failure 8: a line break that is not a newline, in each kind of block ------------

BREAKS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]

# Each block with `{}` where the break is written, and the line of that place: the
# break stands just after "c" (its column is the "c"'s plus one).
BLOCKS = {
    "figure caption": "```figure\nid: f\ncaption: c{}  d\nstones: dark D3\n```\n",
    "figure claim": "```figure\nid: f\ncaption: d\nstones: dark D3\nclaims:\n  legal D4 c{}\n```\n",
    "panel label": "```figure\nid: f\ncaption: d\npanel: c{}x\nstones: dark D3\n```\n",
    "record caption": '```record\nid: r\ncaption: c{}d\n\n[Event "E"]\n\n1. G4 D2 *\n```\n',
    "record text": '```record\nid: r\ncaption: d\n\n[Event "E"]\n\n1. G4 {{c{}}} D2 *\n```\n',
    "glossary": "```glossary\nterm: c{}  gloss\nother: gloss\n```\n",
    "include": "```include licence\nrules: [a](https://e.org) c{}\nversion: 1\n```\n",
    "pencil-boards": "```pencil-boards\nper-page: 6 c{}\n```\n",
    "fence line": "```figure c{}\nid: f\ncaption: d\nstones: dark D3\n```\n",
}


def _place(block: str) -> str:
    """The "line:column" of the `{}` in `block` written after HEAD."""
    before = block.split("{}")[0].replace("{{", "{").replace("}}", "}")
    lines = before.split("\n")
    return f"{HEAD.count(chr(10)) + len(lines)}:{len(lines[-1]) + 1}"


@pytest.mark.parametrize("kind", sorted(BLOCKS))
def test_a_line_break_that_is_no_newline_is_refused_where_it_is_in_a_block(
    tmp_path, capsys, kind
) -> None:
    """The reviewer's figure printed its claim's R201 under the closing ``` (a line
    late); `caption: c<U+2028>d` gave R102 "'d' is not a `key: value` line" shown at
    the next line's text."""
    block = BLOCKS[kind]
    for brk in BREAKS:
        message = _refused(tmp_path, capsys, HEAD + block.format(brk), _place(block), "R101")
        assert f"U+{ord(brk):04X}" in message and "not a newline" in message


def test_the_reviewers_figure_is_refused_at_the_line_separator(tmp_path, capsys) -> None:
    text = (
        HEAD + "```figure\nid: f\ncaption: c\u2028  d\nstones: dark D3\nclaims:\n  legal D3\n```\n"
    )
    _refused(tmp_path, capsys, text, "12:11", "R101")


def test_a_line_separator_in_a_paragraph_is_still_no_line_end(tmp_path, capsys) -> None:
    """Outside a block U+2028 stays what it was (markdown-it and the places count
    lines at "\\n" only): a fault after it is found on its own line."""
    text = HEAD + "a\u2028b [x](ftp://e.org)\n"
    assert main(["rulebook", "--check", str(book(tmp_path, text))]) == 1
    assert ":10:9: error R109" in capsys.readouterr().err


# -- failure 7: include parameters are read where they are written -------------------

PARAMETERS = {  # each shared text with its parameters; `{}` is the one under test
    "licence rules": "```include licence\nrules: {}\nversion: 1\n```\n",
    "licence version": "```include licence\nrules: [a](https://e.org)\nversion: {}\n```\n",
    "checked-figures example": "```include checked-figures\nexample: {}\n```\n",
}


def _parameter_place(block: str, written: str, needle: str) -> str:
    lines = block.split("\n")
    n = next(i for i, line in enumerate(lines) if "{}" in line)
    column = lines[n].index("{}") + written.index(needle) + 1
    return f"{HEAD.count(chr(10)) + n + 1}:{column}"


@pytest.mark.parametrize("kind", sorted(PARAMETERS))
@pytest.mark.parametrize(
    ("written", "needle", "code", "says"),
    [
        ("<script>alert(1)</script>", "<script>", "R101", "raw HTML cannot be set"),
        ('"<b>1</b>"', '"', "R101", "raw HTML cannot be set"),  # the value's place
        ("![i](https://e.org/i.png)", "![i]", "R101", "an image cannot be set"),
        ("{{ book.title }} {{ nothing.here }}", "{{ nothing.here }}", "R106", "names nothing"),
        ("{{ include.version }}", "{{ include.version }}", "R106", "cannot name another"),
        # quoted as written, not as the inline reader marked it up (`**class**`)
        ("a {{ book.__class__ }}", "{{ book.__class__ }}", "R106", "{{ book.__class__ }} names"),
        ("x {.lead}", "{.lead}", "R101", "is not markup a book knows here"),
        ("[a](javascript:alert(1))", "javascript:", "R109", "javascript"),
        ("a 漢", "漢", "R101", "cannot be set"),
    ],
)
def test_an_include_parameter_is_read_and_refused_at_its_own_line(
    tmp_path, capsys, kind, written, needle, code, says
) -> None:
    """Raw HTML in a parameter was printed as its characters (exit 0), and an unknown
    reference in one was reported at "books/shared/licence.md:1:1"."""
    block = PARAMETERS[kind]
    place = _parameter_place(block, written, needle)
    message = _refused(tmp_path, capsys, HEAD + block.format(written), place, code)
    assert says in message
    assert "books/shared" not in message


@pytest.mark.parametrize("kind", sorted(PARAMETERS))
def test_a_reference_in_an_include_parameter_is_filled_in_once(tmp_path, capsys, kind) -> None:
    """A parameter is a paragraph's words: its `{{ book.title }}` is filled in, and
    what it stands for (a title holding braces and stars) is never read again."""
    head = HEAD.replace("title: TT", "title: 'T *x* {{ book.edition }}'")
    path = book(tmp_path, head + PARAMETERS[kind].format("see *{{ book.title }}*"))
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
    assert main(["quickref", "--check", str(path)]) == 0, capsys.readouterr()
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    html = out.read_text(encoding="utf-8")
    assert "see <em>T *x* {{ book.edition }}</em>" in html


@pytest.mark.parametrize(
    ("written", "quoted"),
    [
        ("{{ book.__class__ }}", "{{ book.__class__ }}"),
        ("{{ book._x_ }}", "{{ book._x_ }}"),
        ("{{ a_b_c.`d` }}", "{{ a_b_c.`d` }}"),
        ("{{ book.*x* }}", "{{ book.*x* }}"),
    ],
)
def test_an_unknown_reference_is_quoted_and_placed_as_written(
    tmp_path, capsys, written, quoted
) -> None:
    """Review 26 books 14 #2: `{{ book.__class__ }}` was quoted as
    `{{ book.**class** }}` (the inline reader's markup) and placed at column 1."""
    line = f"see *this* and {written} here"
    place = f"{HEAD.count(chr(10)) + 1}:{line.index(written) + 1}"
    message = _refused(tmp_path, capsys, HEAD + line + "\n", place, "R106")
    assert message.strip().startswith(f"{quoted} names nothing")
