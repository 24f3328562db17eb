"""Issue 26, the third re-review of book sources: what the build refused (or drew
wrongly) while `--check` passed it, now found by the check at the place it is written.

A source `rulebook --check` passes must build without a traceback; one a card cannot
be must be refused by `quickref --check` with its place; nothing a source holds is
dropped or printed as markup without a word.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.rulebook.model import BlankBoards, Book, Chapter, Para, SampleGame
from maerstanas_print.rulebook.prepare import RulebookError, prepare

HEAD = "---\ngame: Maerstanas\ntitle: T\n---\n\n# Rules\n\n"  # the body starts on line 8
BOOKS = Path(__file__).parent.parent / "maerstanas_print" / "games" / "books"


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(capsys, args: list[str], place: str) -> str:
    """Run `args`, expect exit 1 with an R-code error at `place`, and no traceback."""
    assert main(args) == 1
    err = capsys.readouterr().err
    assert re.search(rf"book\.md:{place}: error R\d\d\d: ", err), err
    assert "Traceback" not in err
    return err


# --- 1. a shipped record that is no sample game -----------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("damaged-game.mrs", "is not one valid game: Result"),
        ("casual-games.mrs", "is not one valid game: it holds 12 games"),
    ],
)
def test_check_replays_the_shipped_sample_game_it_names(tmp_path, capsys, name, message) -> None:
    """--check passed `damaged-game.mrs`; the build ended in a ValueError traceback."""
    path = book(tmp_path, HEAD + f"```sample-game\nfile: {name}\n```\n")
    err = refused(capsys, ["rulebook", "--check", str(path)], "9:7")
    assert f"R107: the shipped file {name} {message}" in err
    for out in ("b.pdf", "b.html"):
        refused(capsys, ["rulebook", "--source", str(path), "-o", str(tmp_path / out)], "9:7")
        assert not (tmp_path / out).exists()


def test_the_build_of_a_book_made_in_code_refuses_an_invalid_sample_game() -> None:
    chapter = Chapter("A", (Para("x"), SampleGame("damaged-game.mrs")))
    with pytest.raises(RulebookError, match="damaged-game.mrs is not a valid sample game"):
        prepare(Book("T", "", "", (chapter,)))


# --- 2. front matter and links -----------------------------------------------------


@pytest.mark.parametrize("date", ["٢٠٢٦-٠١-٠١", "２０２６-０１-０１", "2026-0١-01"])
def test_released_takes_ascii_digits_only(tmp_path, capsys, date) -> None:
    path = book(tmp_path, f"---\ngame: Maerstanas\ntitle: T\nreleased: {date}\n---\n\n# R\n\nx\n")
    err = refused(capsys, ["rulebook", "--check", str(path)], "4:11")
    assert "R100: released is a date written YYYY-MM-DD" in err


@pytest.mark.parametrize(
    "url",
    [
        "https:javascript:alert(1)",
        "https:\\\\evil.example\\x",
        "https://bank.example@evil.example/",
        "http://",
        "https:///path",
        "https://a.example\\x",
    ],
)
def test_a_web_address_must_be_whole(tmp_path, capsys, url) -> None:
    """Accepted before: a browser reads them as addresses of other hosts than written."""
    front = f"---\ngame: Maerstanas\ntitle: T\nlicence-url: '{url}'\n---\n\n# R\n\nx\n"
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, front))], "4:14")
    assert "R109:" in err
    err = refused(
        capsys, ["rulebook", "--check", str(book(tmp_path, HEAD + f"[x](<{url}>)\n"))], r"8:\d+"
    )
    assert "R109:" in err


def test_whole_web_addresses_still_pass(tmp_path, capsys) -> None:
    links = "[a](https://a.example/x?y=1#z) [b](HTTP://B.EXAMPLE:8080) [c](mailto:c@d.example)"
    path = book(tmp_path, HEAD + links + "\n")
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr().err


# --- quickref --check --------------------------------------------------------------


@pytest.mark.parametrize("name", ["maerstanas-quickref", "cyngesheall-quickref"])
def test_quickref_check_passes_the_shipped_cards(capsys, name) -> None:
    assert main(["quickref", "--check", str(BOOKS / f"{name}.md")]) == 0
    assert "on one page of A4; no problems" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("body", "place", "message"),
    [
        ("```pencil-boards\n```\n", "8:4", "R102: a quick reference has no room for ```pencil"),
        ("```sample-game\n```\n", "8:4", "R102: a quick reference has no room for ```sample"),
        (
            "x\n\n# Words\n\n```glossary\n" + "t" * 1990 + ": a gloss\n```\n",
            "12:4",
            "R110: an entry of this glossary is taller than a column of the card (246 mm)",
        ),
        (
            "x\n\n" + "".join(f"# C{n}\n\n{'word ' * 300}\n\n" for n in range(8)),
            r"\d+:1",
            "R110: the quick reference runs past one page of A4 here",
        ),
    ],
    ids=["pencil-boards", "sample-game", "tall-glossary", "too-long"],
)
def test_quickref_check_refuses_what_a_card_cannot_set_where_it_is(
    tmp_path, capsys, body, place, message
) -> None:
    """There was no quickref --check; rulebook --check passed all of these."""
    path = book(tmp_path, HEAD + body)
    assert main(["rulebook", "--check", str(path)]) == 0
    capsys.readouterr()
    err = refused(capsys, ["quickref", "--check", str(path)], place)
    assert message in err
    out = tmp_path / "card.pdf"
    assert message in refused(capsys, ["quickref", "--source", str(path), "-o", str(out)], place)
    assert not out.exists()


def test_quickref_check_writes_nothing(tmp_path, capsys) -> None:
    out = tmp_path / "x.pdf"
    args = ["quickref", "--check", str(BOOKS / "maerstanas-quickref.md")]
    assert main([*args, "-o", str(out)]) == 2
    assert main([*args, "--game", "maerstanas"]) == 2
    assert not out.exists()


# --- 3. ids, list items, panel labels ------------------------------------------------


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(values["id"])
        if tag == "a" and (values.get("href") or "").startswith("#"):
            self.hrefs.append(values["href"][1:])


def test_headings_that_share_a_slug_get_ids_of_their_own(tmp_path, capsys) -> None:
    """Two chapters called Rules, two sections called Play, and chapters whose slugs
    are ids the page gives its drawings (key, art, fig-..., sample): ids were doubled."""
    text = (
        "---\ngame: Maerstanas\ntitle: T\n---\n\n"
        "# Rules\n\n## Play\n\nx\n\n## Play\n\n[first](#rules) [second](#rules-2) "
        "[third](#rules-play-2)\n\n# Rules\n\nx\n\n# Key\n\nx\n\n# Art\n\nx\n\n"
        "# Fig Edges\n\nx\n\n# Contents\n\nx\n\n# Sample\n\n```stone-key\n```\n\n"
        "```figure\nid: edges\ncaption: c\nstones: dark D4\n```\n\n"
        "# Appendix {.appendix}\n\n```sample-game\n```\n"
    )
    path = book(tmp_path, text)
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    page = _Ids()
    page.feed(out.read_text(encoding="utf-8"))
    doubled = {i for i in page.ids if page.ids.count(i) > 1}
    assert not doubled, sorted(doubled)
    assert set(page.hrefs) <= set(page.ids), set(page.hrefs) - set(page.ids)
    assert {"rules", "rules-2", "rules-play", "rules-play-2", "s-key", "s-fig-edges"} <= set(
        page.ids
    )


def test_a_section_called_title_is_chapter_dash_section(tmp_path, capsys) -> None:
    """`## Title` in `# A` is `#a-title`, as documented (`#chapter-section`): the
    chapter's own heading took that id and the section got `a-title-2` (review 26 books 8)."""
    text = HEAD + "[sec](#a-title) [ch](#a)\n\n# A\n\nx\n\n## Title\n\ny\n"
    path = book(tmp_path, text)
    out = tmp_path / "b.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    page = _Ids()
    page.feed(out.read_text(encoding="utf-8"))
    assert sorted({i for i in page.ids if page.ids.count(i) > 1}) == []
    sections = re.findall(r'<h3[^>]* id="([^"]+)"', out.read_text(encoding="utf-8"))
    assert sections == ["a-title"], sections
    assert {"a-title", "a"} <= set(page.hrefs) <= set(page.ids)


def test_a_missing_figure_is_shown_where_it_is_markup(tmp_path, capsys) -> None:
    """The caret stands on the `{fig:zz}` that is markup, not on an escaped one or one
    in notation written above it (the place was the first such text in the file)."""
    text = HEAD + "a \\{fig:zz} `{fig:zz}`\n\n- see {fig:zz}\n"
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, text))], "10:7")
    assert "{fig:zz} names a figure the book does not have" in err


def test_a_link_to_a_second_heading_of_one_name_is_checked(tmp_path, capsys) -> None:
    text = HEAD + "[x](#rules-3)\n\n# Rules\n\nx\n"
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, text))], "8:5")
    assert "R106: the link #rules-3 names no chapter" in err


@pytest.mark.parametrize(
    ("item", "place", "what"),
    [
        ("- one\n\n      code in the item\n- two\n", "10:1", "an indented code block"),
        ("- one\n\n  <div>raw</div>\n- two\n", "10:1", "raw HTML"),
        ("- one\n\n  ---\n", "10:1", "a horizontal rule"),
        ("- # heading\n", "8:1", "a heading"),
    ],
    ids=["code", "html", "rule", "heading"],
)
def test_a_list_item_drops_nothing_unsaid(tmp_path, capsys, item, place, what) -> None:
    """The code block and the raw HTML were left out of the book without a word."""
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, HEAD + item))], place)
    assert f"R101: a list item holds only text, not {what}" in err


@pytest.mark.parametrize(
    ("label", "column"),
    [("*Before*", 8), ("After **two**", 14), ("See `E4`", 12), (r"a \* b", 10), ("{fig:f}", 8)],
)
def test_a_panel_label_with_markup_is_refused(tmp_path, capsys, label, column) -> None:
    """Labels are drawn as plain words: the stars and backticks were printed."""
    text = HEAD + f"```figure\nid: f\ncaption: c\npanel: {label}\nstones: dark D4\n```\n"
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, text))], f"11:{column}")
    assert "R101: a panel label is plain text" in err


# --- found in this round: directives and figures the build refused or drew wrongly ----


@pytest.mark.parametrize("per_page", ["per-page: 6\n", "per-page: 9\n", ""])
def test_pencil_boards_the_board_cannot_take_are_refused_at_the_check(
    tmp_path, capsys, per_page
) -> None:
    """A 19 x 19 board fits 1 or 2 a page: --check passed 4, 6 (the default) and 9,
    and the build ended in a SheetError traceback."""
    text = (
        "---\ngame: Hnefatafl1992\ntitle: T\n---\n\n# R\n\nx\n\n# B {.appendix}\n\n"
        f"```pencil-boards\n{per_page}```\n"
    )
    path = book(tmp_path, text)
    place = "13:11" if per_page else "12:4"
    err = refused(capsys, ["rulebook", "--check", str(path)], place)
    assert "R102: the 19 x 19 board fits 1 or 2 to a page" in err
    refused(capsys, ["rulebook", "--source", str(path), "-o", str(tmp_path / "b.pdf")], place)


def test_the_build_of_a_book_made_in_code_refuses_pencil_boards_it_cannot_print() -> None:
    chapter = Chapter("A", (BlankBoards("EmailHnefatafl1992", 6),))
    with pytest.raises(RulebookError, match="fits 1 or 2 to a page"):
        prepare(Book("T", "", "", (chapter,), game="EmailHnefatafl1992"))


def _figure(label: str, panels: int = 2) -> str:
    return (
        HEAD
        + "```figure\nid: f\ncaption: c\n"
        + f"panel: {label}\nstones: dark D4\n" * panels
        + "```\n"
    )


@pytest.mark.parametrize("label", ["W" * 60, "word " * 400])
def test_a_panel_label_wider_than_its_board_is_refused(tmp_path, capsys, label) -> None:
    """It was drawn as one line across the other panels and off the page."""
    path = book(tmp_path, _figure(label.strip(), panels=6))
    err = refused(capsys, ["rulebook", "--check", str(path)], "11:8")
    assert "R110: this panel label is" in err


def test_a_card_checks_its_labels_at_the_cards_smaller_boards(tmp_path, capsys) -> None:
    path = book(tmp_path, _figure("Dark closes the corner at A1 now and then"))
    assert main(["rulebook", "--check", str(path)]) == 0
    capsys.readouterr()
    assert "R110: this panel label is" in refused(
        capsys, ["quickref", "--check", str(path)], "11:8"
    )


@pytest.mark.parametrize(
    ("block", "place", "key", "what"),
    [
        ("```pencil-boards\nper-page: 1\nper-page: 9\n```\n", "10:1", "per-page", "pencil-boards"),
        (
            "```figure\nid: f\ncaption: a\nstones: dark D4\ncaption: b\n```\n",
            "12:1",
            "caption",
            "figure",
        ),
        (
            "```figure\nid: f\ncaption: a\nstones: dark D4\nthen: E4\nthen: E5\n```\n",
            "13:1",
            "then",
            "panel",
        ),
        ("```record\nid: r\ncaption: a\ncaption: b\n\n1. D4 *\n```\n", "11:1", "caption", "record"),
    ],
    ids=["settings", "figure", "panel", "record"],
)
def test_a_key_given_twice_is_refused(tmp_path, capsys, block, place, key, what) -> None:
    """The first value was dropped without a word."""
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, HEAD + block))], place)
    assert f"R102: `{key}:` is given twice in this {what}" in err


# --- the adversarial round of this fix: markup printed as markup, places, bounds ------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("*a **b** c*", "**bold** inside *italic*"),
        ("***a***", "**bold** inside *italic*"),
        ("*see [x](https://a.example)*", "a link inside *italic*"),
        ("[*x*](https://a.example)", "*italic* inside a link"),
        ("*a `E4` b*", "`notation` inside *italic*"),
        ("**{fig:f}**", "{fig:...} inside **bold**"),
        ("[](https://a.example)", "a link without words"),
    ],
    ids=["bold-in-italic", "triple", "link-in-italic", "italic-in-link", "code", "fig", "empty"],
)
def test_markup_the_book_cannot_nest_is_refused(tmp_path, capsys, text, message) -> None:
    """The inner markup was printed as its stars, brackets and backticks (a figure
    reference as `{fig:f}`), or the outer markup lost."""
    figure = "\n\n```figure\nid: f\ncaption: c\nstones: dark D4\n```\n"
    path = book(tmp_path, HEAD + text + figure)
    err = refused(capsys, ["rulebook", "--check", str(path)], "8:1")
    assert f"R101: {message}" in err


def test_a_heading_with_a_link_is_named_by_its_words(tmp_path, capsys) -> None:
    """Its id was made of the words and the address (#r-go-https-a-example); a
    chapter title holds no link (review 4), so a section title shows it."""
    text = (
        "---\ngame: Maerstanas\ntitle: T\n---\n\n# R\n\nt\n\n"
        "## [Go](https://a.example) on\n\n[x](#r-go-on)\n"
    )
    assert main(["rulebook", "--check", str(book(tmp_path, text))]) == 0, capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "place", "message"),
    [
        (HEAD + "one\rtwo\n\n[x](javascript:x)\n", "8:4", "R101: a carriage return that does"),
        (
            "---\ngame: Maerstanas\ntitle: T\nsubtitle: a\u2028b\n---\n\n# R\n\nx\n",
            "4:12",
            "R100: the front matter has a line break '\\u2028'",
        ),
        (
            "---\ngame: Maerstanas\ntitle: T\u2028\n---\n\n# R\n\nx\n",
            "3:9",
            "R100: the front matter has a line break '\\u2028'",
        ),
    ],
    ids=["lone-cr", "u2028-value", "u2028-end"],
)
def test_line_ends_markdown_or_yaml_count_and_the_file_does_not(
    tmp_path, capsys, text, place, message
) -> None:
    """Markdown counts a lone CR as a line end and YAML a U+2028: every later place was
    a line off, and a closing `---` read as a horizontal rule in the body."""
    assert message in refused(capsys, ["rulebook", "--check", str(book(tmp_path, text))], place)


@pytest.mark.parametrize("unit", ["a*", "[", "<a"])
def test_a_long_paragraph_is_refused_before_its_markup_is_parsed(tmp_path, capsys, unit) -> None:
    """The limit was applied after markdown-it had parsed it: 2 MB of `a*` took 40 s and
    770 MB, of `[` 55 s, before the R110."""
    path = book(tmp_path, HEAD + unit * (300_000 // len(unit)) + "\n")
    err = refused(capsys, ["rulebook", "--check", str(path)], "8:1")
    assert "R110: this paragraph is 300,000 characters long as written" in err


def test_a_ninth_appendix_is_refused_where_it_starts(tmp_path, capsys) -> None:
    """Appendices are lettered A to H: the build of a ninth ended in an IndexError."""
    text = "---\ngame: Maerstanas\ntitle: T\n---\n\n" + "".join(
        f"# A{n} {{.appendix}}\n\nx\n\n" for n in range(9)
    )
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, text))], "38:1")
    assert "R110: a book has at most 8 appendices" in err


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("---\ngame: Maerstanas\ntitle: T\n---\n\n#\n\nx\n", "6:1"),
        ("---\ngame: Maerstanas\ntitle: T\n---\n\n# {.appendix}\n\nx\n", "6:1"),
        (HEAD + "## \u00a0\n\nx\n", "8:1"),
    ],
    ids=["chapter", "appendix", "section"],
)
def test_a_heading_without_words_is_refused(tmp_path, capsys, text, place) -> None:
    """It was set as an empty line of the contents and of the page."""
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, text))], place)
    assert "R101: a heading without words" in err


@pytest.mark.parametrize(
    ("block", "place", "what"),
    [
        (
            "```figure\nid: f\ncaption: c\npanel: {{ book.title }}\nstones: dark D4\n```\n",
            "11:8",
            "a panel label",
        ),
        ("```glossary\n{{ book.title }}: g\n```\n", "9:1", "a glossary term"),
        ("```glossary\n*term*: g\n```\n", "9:1", "a glossary term"),
        ("```glossary\n[x](https://a.example): g\n```\n", "9:1", "a glossary term"),
    ],
    ids=["label-reference", "term-reference", "term-italic", "term-link"],
)
def test_labels_and_terms_are_plain_words(tmp_path, capsys, block, place, what) -> None:
    """A reference there was printed as `{{ book.title }}`, markup as its stars."""
    err = refused(capsys, ["rulebook", "--check", str(book(tmp_path, HEAD + block))], place)
    assert f"R101: {what} is plain text" in err


def test_a_source_of_too_many_lines_is_refused_before_it_is_parsed(tmp_path, capsys) -> None:
    """Markdown-it parsed all of it first: 400,000 list items took 41 s and 770 MB."""
    path = book(tmp_path, HEAD + "- x\n" * 30_000)
    err = refused(capsys, ["rulebook", "--check", str(path)], "20001:1")
    assert "R110: the source has more than 20,000 lines" in err


@pytest.mark.parametrize(
    "args",
    [
        ["rulebook", "--check", ""],
        ["rulebook", "--source", ""],
        ["quickref", "--check", ""],
        ["quickref", "--source", ""],
    ],
)
def test_an_empty_source_name_is_no_file(tmp_path, capsys, monkeypatch, args) -> None:
    """An empty name was taken as no --check or --source at all: the game's own book
    was built and written to output/, exit 0."""
    monkeypatch.chdir(tmp_path)
    assert main(args) == 3
    assert "no such file" in capsys.readouterr().err
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("command", ["rulebook", "quickref"])
def test_check_with_an_output_is_a_usage_error(tmp_path, capsys, command) -> None:
    """rulebook --check took -o and wrote nothing without a word."""
    out = tmp_path / "x.pdf"
    assert main([command, "--check", str(BOOKS / "maerstanas-quickref.md"), "-o", str(out)]) == 2
    assert "--check writes nothing" in capsys.readouterr().err
    assert not out.exists()
