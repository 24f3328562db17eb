"""Book sources: the notes the twelfth to fourteenth reviews left uncounted (issue 26).

- a text of only invisible characters (U+200B, a word joiner, a soft hyphen, a
  blank entity, a rule-point marker) was accepted as a heading, a paragraph, a
  list item, a caption, a panel label, a glossary term or gloss, an include
  parameter, a link's words or a front-matter value, and printed as an empty space;
- a glossary term given twice was printed twice;
- a fenced block never closed ran to the end of the source, taking every later
  chapter in as its lines, with no message;
- a link's host mixing Latin and Cyrillic letters (`eхample.org`) passed the link
  policy, in the text (where Markdown writes it as punycode) and in `licence-url`.

Each test failed on the code it reviewed; every reader (`--check` of the book and
the card, the PDF and HTML builds) refuses alike (`_refused`).
"""

from __future__ import annotations

import pytest

from maerstanas_print.cli import main
from tests.test_book_sources_review8 import book
from tests.test_book_sources_review12_blocks import HEAD, _refused

INVISIBLE = ["\u200b", "\u2060", "\u00ad", "\u200b \u200b", "&#32;", "&#8203;"]

# Each text with `{}` where its words go; the line of that place (HEAD ends on line 9).
WORDED = {
    "heading": ("## {}\n\nx\n", "10:1", "a heading without words"),
    "paragraph": ("{}\n", "10:1", "a paragraph without words"),
    "list item": ("- a\n- {}\n", "11:1", "a list item without words"),
    "link": ("see [{}](https://e.org/) here\n", "10:1", "a link without words"),
    "caption": (
        "```figure\nid: f\ncaption: {}\nstones: dark D3\n```\n",
        "12:10",
        "a caption without words",
    ),
    "panel label": (
        "```figure\nid: f\ncaption: c\npanel: {}\nstones: dark D3\n```\n",
        "13:8",
        "a panel label without words",
    ),
    "glossary term": ("```glossary\n{}: gloss\n```\n", "11:1", "a glossary term without"),
    "gloss": ("```glossary\nterm: {}\n```\n", "11:1", "a gloss without words"),
    "include parameter": (
        "```include licence\nrules: {}\nversion: 1\n```\n",
        "11:8",
        "an include parameter without words",
    ),
}


@pytest.mark.parametrize(
    "invisible", INVISIBLE, ids=lambda s: s.encode("ascii", "backslashreplace")
)
@pytest.mark.parametrize("field", sorted(WORDED))
def test_a_text_of_only_invisible_characters_is_refused(
    tmp_path, capsys, field: str, invisible: str
) -> None:
    text, place, says = WORDED[field]
    if field in ("glossary term", "panel label") and invisible.startswith("&"):
        invisible = "\u200b"  # plain words there: an entity is printed as its characters
    message = _refused(tmp_path, capsys, HEAD + text.format(invisible), place, "R101")
    assert says in message


def test_words_beside_an_invisible_character_are_still_set(tmp_path, capsys) -> None:
    """The rule is about texts with nothing to print, not about U+200B itself."""
    body = "## a\u200bb\n\nsee [x\u200b](https://e.org/) and y\n\n- \u00adz\n"
    path = book(tmp_path, HEAD + body)
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


@pytest.mark.parametrize("key", ["title", "subtitle", "edition"])
@pytest.mark.parametrize("value", ['"\\u200b"', '"\\u2060 "', '"\\u00ad"'])
def test_a_front_matter_text_of_only_invisible_characters_needs_a_value(
    tmp_path, capsys, key: str, value: str
) -> None:
    front = {"title": "T", "subtitle": "S", "edition": "1"}
    front[key] = value
    lines = "".join(f"{k}: {v}\n" for k, v in front.items())
    path = book(tmp_path, f"---\ngame: Maerstanas\n{lines}---\n\n# A\n\nx\n")
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"error R100: `{key}:` needs a value" in err, err


def test_a_glossary_term_given_twice_is_refused_at_the_second(tmp_path, capsys) -> None:
    block = "```glossary\nStone: one\nhinge: two\nstone:  three\n```\n"
    message = _refused(tmp_path, capsys, HEAD + block, "13:1", "R102")
    assert "'stone' twice (first on line 11)" in message


@pytest.mark.parametrize("fence", ["```", "````", "~~~"])
@pytest.mark.parametrize(
    "closing", ["", "``", "```` x", "~~"], ids=["none", "short", "words", "other"]
)
def test_a_fenced_block_never_closed_is_refused_at_its_opening(
    tmp_path, capsys, fence: str, closing: str
) -> None:
    """Markdown runs it to the end: chapter B was read as lines of the figure."""
    if closing and closing[0] == fence[0] and len(closing.split()[0]) >= len(fence):
        closing = closing.replace(closing[0], "`" if fence[0] == "~" else "~")
    block = f"{fence}figure\nid: f\ncaption: c\nstones: dark D3\n{closing}\n\n# B\n\nb\n"
    message = _refused(tmp_path, capsys, HEAD + block, "10:1", "R101")
    assert "never closed" in message


@pytest.mark.parametrize("fence", ["```", "````", "~~~"])
def test_a_closed_block_passes_with_a_longer_closing_fence(tmp_path, capsys, fence) -> None:
    block = f"{fence}figure\nid: f\ncaption: c\nstones: dark D3\n{fence}{fence[0]}  \n\nb\n"
    path = book(tmp_path, HEAD + block)
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


LOOK_ALIKE = "https://e\u0445ample.org/"  # a Cyrillic х among Latin letters


@pytest.mark.parametrize(
    ("text", "place"),
    [
        (f"see [a]({LOOK_ALIKE}) here\n", "10:9"),
        (f"see <{LOOK_ALIKE}> here\n", "10:6"),
        (f"see [a][r] here\n\n[r]: {LOOK_ALIKE}\n", "12:6"),
        ("see [a](https://xn--eample-bsf.org/) here\n", "10:9"),  # the same, as punycode
        ("see [a](https://www.\u0440aypal.com/) here\n", "10:9"),  # a Cyrillic р
        ("see [a](https://XN--PYPAL-4VE.com/) here\n", "10:9"),  # punycode in capitals
        ("see [a](mailto:me@XN--PYPAL-4VE.com) here\n", "10:9"),  # a mail address's host
    ],
    ids=["inline", "autolink", "reference", "punycode", "paypal", "capitals", "mailto"],
)
def test_a_host_that_mixes_look_alike_scripts_is_refused(tmp_path, capsys, text, place) -> None:
    message = _refused(tmp_path, capsys, HEAD + text, place, "R109")
    assert "mixes Cyrillic and Latin letters" in message


def test_a_look_alike_licence_address_is_refused(tmp_path, capsys) -> None:
    path = book(
        tmp_path, f'---\ngame: Maerstanas\ntitle: T\nlicence-url: "{LOOK_ALIKE}"\n---\n\n# A\n\nx\n'
    )
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "error R109: the host name 'eхample' of the link mixes" in capsys.readouterr().err


def test_a_host_in_one_script_of_its_own_passes(tmp_path, capsys) -> None:
    text = (
        "see [a](https://b\u00fccher.example/), [b](https://\u043f\u0440\u0438\u043c\u0435\u0440"
        ".\u0440\u0444/), [c](https://\u03b5\u03bb.example/) and [d](https://xn--bcher-kva.example/)\n"
    )
    path = book(tmp_path, HEAD + text)
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


@pytest.mark.parametrize(
    ("text", "column"),
    [("see {fig:{§ 1}} here\n", 10), ("see {{ book.{§ 1}title }} here\n", 13)],
    ids=["figure", "reference"],
)
def test_a_marker_inside_other_braces_is_refused(tmp_path, capsys, text, column) -> None:
    """`{fig:{§ 1}}` printed "{fig:}"; `{{ book.{§ 1}title }}` became a reference."""
    figure = "\n```figure\nid: f\ncaption: c\nstones: dark D3\n```\n"
    message = _refused(tmp_path, capsys, HEAD + text + figure, f"10:{column}", "R101")
    assert "stands in no other braces" in message


def test_a_marker_after_a_brace_left_open_in_words_is_no_error(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + "a set { of b {§ 1}, and \\{ c {§ 2}\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


@pytest.mark.parametrize("entity", ["&lt;b&gt;", "&amp;", "&#8203;", "&#x41;"])
@pytest.mark.parametrize(
    ("block", "column"),
    [
        ("```glossary\nx{} y: gloss\n```\n", 2),
        ("```figure\nid: f\ncaption: c\npanel: x{} y\nstones: dark D3\n```\n", 9),
    ],
    ids=["glossary term", "panel label"],
)
def test_an_entity_in_a_plain_text_field_is_refused(tmp_path, capsys, entity, block, column):
    """A glossary term and a panel label are plain words: `&lt;b&gt;` printed as
    written, `&lt;b&gt;`."""
    line = 10 + block.split("\n").index(next(x for x in block.split("\n") if "{}" in x))
    message = _refused(tmp_path, capsys, HEAD + block.format(entity), f"{line}:{column}", "R101")
    assert "entities (&amp;) and rule-point markers" in message
