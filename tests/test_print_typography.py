"""Typographic slips, looked for in the text of every PDF and every HTML page
`build` writes (issue 23).

Each kind the print designer found, searched for everywhere, not only where it
was seen: a space before a full stop or comma ("(figure 5) ."), a straight
apostrophe in running text, a number parted from its unit at a line's end
("1.5 / mm"), an ASCII arrow or a hyphen for a minus ("-8 -> -9"), and a
position string broken across lines on a setup sheet. A web page is read in
its visible text (not its scripts, styles, head or SVG descriptions): the web
edition of a game once showed "(-8 -> -9, proved)" where its PDF was set.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader

from maerstanas_print.commands.build import jobs
from maerstanas_print.draw.typography import prose
from maerstanas_print.games import all_games

PDFS = [name for name, _ in jobs() if name.endswith(".pdf")]
PAGES = [name for name, _ in jobs() if name.endswith(".html")]

SLIPS = {
    "space before a stop": re.compile(r"[^\s.] [.,](?=\s|$)", re.MULTILINE),
    "straight apostrophe": re.compile(r"[^\W\d_]'[^\W\d_]"),
    "unit parted from its number": re.compile(r"\d\s*\n\s*(?:mm|cm|%)(?!\w)"),
    "ASCII arrow": re.compile(r"->|<-"),
    "hyphen for a minus": re.compile(r"(?:^|[\s(])-\d", re.MULTILINE),
    "straight double quote": re.compile(r'"'),  # once the records' tags are set aside
    # "T / E4xE3/D4/F4", "Light T / W.": a stone's letter ends a line, its move the next
    "move parted from its stone": re.compile(r"\S [A-Z]\n[ \t]*[A-Z](?:\d|[.,;])"),
}


# A record's tag, [Game "Cyngesheall"]: notation, whose straight quotes are right.
_TAG = re.compile(r'\[\w+ "[^"\n]*"\]')


def _text(pdf: bytes) -> str:
    lines = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for line in (page.extract_text() or "").splitlines():
            if ". . ." not in line:  # a contents line's dot leaders
                lines.append(_TAG.sub("[tag]", line))
    return "\n".join(lines)


class _VisibleText(HTMLParser):
    """The words a reader sees on a page: no script, style, head or SVG title/desc
    (an SVG's description is for screen readers and may spell notation plainly)."""

    UNSEEN = frozenset({"script", "style", "head", "title", "desc"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.depth += tag in self.UNSEEN

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag in self.UNSEEN

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return "\n".join(_TAG.sub("[tag]", line) for line in "".join(parser.parts).splitlines())


def slips(text: str) -> dict[str, list[str]]:
    """Each kind of slip found in `text`, with up to three places it occurs."""
    found = {
        kind: [text[max(0, m.start() - 30) : m.end() + 10] for m in pattern.finditer(text)][:3]
        for kind, pattern in SLIPS.items()
    }
    return {kind: where for kind, where in found.items() if where}


@pytest.mark.parametrize("name", PDFS)
def test_no_typographic_slip(products, name: str) -> None:
    assert not slips(_text(products[name].pdf))


@pytest.mark.parametrize("name", PAGES)
def test_no_typographic_slip_on_a_web_page(products, name: str) -> None:
    """The same typography step sets a game's words and a book's contents for both
    media (`draw.typography.prose`, `rulebook.inline.heading_entry`)."""
    html = (products.folder / name).read_text(encoding="utf-8")
    assert not slips(visible_text(html))


def test_visible_text_finds_the_slips_of_a_web_page_and_skips_what_is_unseen() -> None:
    page = (
        "<html><head><title>Light's game</title><style>a{x:'-1'}</style></head><body>"
        "<svg><desc>A1: Light's corner</desc></svg><script>var a = 'b' -> 1</script>"
        "<p>(-8 -&gt; -9, proved); Light's stone</p></body></html>"
    )
    assert visible_text(page) == "(-8 -> -9, proved); Light's stone"
    assert set(slips(visible_text(page))) == {
        "straight apostrophe",
        "ASCII arrow",
        "hyphen for a minus",
    }


@pytest.mark.parametrize("game", [g for g in all_games() if g.start_stones()], ids=str)
def test_a_setup_sheet_prints_its_position_string_whole(products, game) -> None:
    """The 1992 string was broken after a `/` in mid-string; copied into a record it
    would carry the line break."""
    name = next(n for n, _ in jobs() if n.startswith(f"setup-{game.slug}") and n.endswith(".pdf"))
    setup = game.tafl.setup  # type: ignore[attr-defined]
    assert setup in PdfReader(io.BytesIO(products[name].pdf)).pages[0].extract_text()


def test_prose_sets_what_records_write_in_ascii() -> None:
    assert prose("Light's stone (-8 -> -9, proved); E1 keeps -8.") == (
        "Light\u2019s stone (\u22128 \u2192 \u22129, proved); E1 keeps \u22128."
    )
    assert prose("printed 1.5 mm past, at 100 % on card") == (
        "printed 1.5\u00a0mm past, at 100\u00a0% on card"
    )
    # notation keeps its hyphens: a move, a range, a square pair
    assert prose("CF6-E5 and A1-A4xA5/B4, e-mail") == "CF6-E5 and A1-A4xA5/B4, e-mail"


def test_a_move_written_in_words_is_bound_to_its_stone_letter() -> None:
    """Review 7-A #1: "T / E4xE3/D4/F4" in a book's caption and an engine note, and
    "Light T / W." in a web caption: the stone letter ended a line."""
    from maerstanas_print.rulebook.inline import to_html, to_reportlab

    assert prose("written T E4xE3/D4/F4.") == "written T\u00a0E4xE3/D4/F4."
    assert prose("In hand: Dark W, Light T W.") == "In hand: Dark W, Light T\u00a0W."
    assert prose("A Dark stone; W. A1") == "A Dark stone; W. A1"  # words are left alone
    assert "T\u00a0E4xE3" in to_reportlab("The move is written T E4xE3/D4/F4.", {})
    assert "T\u00a0E4xE3" in str(to_html("The move is written T E4xE3/D4/F4.", {}))
    assert set(slips("Dark plays T\nE4xE3/D4/F4 and Light T\nW.")) == {"move parted from its stone"}


def test_a_quotation_with_emphasis_inside_gets_both_curly_marks() -> None:
    """The book printed `"if they *were* historical ... checkers."` with straight
    quotes: each span was paired on its own, and the emphasis split the pair."""
    from maerstanas_print.rulebook.inline import to_html, to_reportlab

    said = 'in his words, "if they *were* historical," and "the *Wóden-stone*" is'
    assert to_reportlab(said, {}) == (
        "in his words, \u201cif they <i>were</i> historical,\u201d and "
        "\u201cthe <i>Wóden-stone</i>\u201d is"
    )
    assert '"' not in str(to_html(said, {}))


def test_every_comment_in_a_shipped_record_ends_its_sentence() -> None:
    """Review 7-A #3: "...where no piece can be taken 7... C5-E5" ran a note into the
    next move; the printed notes set a record's comments as written."""
    samples = Path(__file__).resolve().parents[1] / "maerstanas_print" / "samples"
    unended = []
    for record in sorted(samples.glob("*.mrs")):
        for comment in re.findall(r"\{([^}]*)\}", record.read_text(encoding="utf-8")):
            words = re.sub(r"\[%[^\]]*\]", "", comment).strip()  # a command is not words
            if words and not re.search(r"[.!?)]$", words):
                unended.append(f"{record.name}: {words[-40:]}")
    assert not unended


def test_an_option_name_in_a_web_table_never_breaks_mid_word() -> None:
    """Review 7-A #5: at 390 px the 1992 book's Options table showed
    "no_legal_move=l/ose": the cell's notation could break anywhere. Now a table
    too wide for the phone scrolls in its own frame instead."""
    css = (Path(__file__).resolve().parents[1] / "templates" / "rulebook.css").read_text()
    narrow = css[css.index("@media screen and (max-width") :]
    cell = re.search(r"td code\.notation\.long, th code\.notation\.long \{([^}]*)\}", narrow)
    assert cell is not None and "overflow-wrap: normal" in cell.group(1)


@pytest.mark.parametrize("name", [n for n in PAGES if n.startswith("rulebook")])
def test_no_page_of_a_printed_web_book_opens_with_a_stranded_word(products, name: str) -> None:
    """Review 8-C #1: the Cyngesheall book printed from the browser opened p8 with
    "G7." alone, the last word of a list item left on p7. A short item moves whole."""
    for number, page in enumerate(PdfReader(io.BytesIO(products[name].pdf)).pages[1:], 2):
        lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
        body = [line for line in lines[1:] if not line.isdigit()]  # past the head, folio
        if body:
            first = body[0]
            stranded = len(first.split()) <= 2 and first.endswith((".", ",", ";", ":", ")"))
            assert not stranded, (number, first)
