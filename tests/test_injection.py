"""Record text is text: tag values, player names, comments and diagram captions
full of HTML, SVG, JavaScript URLs, CSS, Jinja syntax and ReportLab paragraph
markup come out literally in the HTML and the PDF of `game`, and in `fmt`.

tests/records/hostile.mrs holds the vectors. The HTML is compared element by
element with the page of a harmless copy of the same game: the hostile one
must have no element, attribute, script, style or link the harmless one lacks.
tests/test_injection_browser.py runs the page in Chromium.
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pdf_tools import all_text, reader

from maerstanas_print.cli import main
from maerstanas_print.notation.parser import parse

# What the record says, as a reader must see it in every output: six tag
# values, then the game comment, a diagram caption, four comments, a `;` comment.
LITERALS = [
    "<script>window.pwned=1</script> {{ 7*7 }} {% if 1 %}TPL{% endif %}",
    '<img src=x onerror="window.pwned=2"> <iframe src="javascript:window.pwned=3">',
    "<svg onload=window.pwned=4> ]]> <![CDATA[ x",
    "<b>Bold</b> &amp; <font color=red>Red</font> <para>P</para> &lt;",
    '</style><style>body{display:none}</style> <a href="javascript:window.pwned=5">link</a>',
    '</title><script>window.pwned=6</script> <img src="/etc/hostname"/> <onDraw name=x/>',
    "<script>window.pwned=7</script> opens <!-- and </textarea> and <br/> & &amp; &#60;",
    "</title><script>window.pwned=8</script> ]]> <b>cap</b> {{ c",
    '<img src=x onerror="window.pwned=9"> <a href="javascript:window.pwned=10">click</a>',
    '</script><script>window.pwned=11</script> <link href="https://example.invalid/">L</link>',
    "</svg><svg onload=window.pwned=12> <font size=40>big</font> {{ x {% raw",
    "<style>* { color: red</style> ]]>",
    "{{ 7*7 }} {% raw %} } <style>*{color:red}</style>",
]

TEMPLATE = """[Event "{0}"]
[Site "{1}"]
[Date "2026.11.21"]
[Round "{2}"]
[Dark "{3}"]
[Light "{4}"]
[Annotator "{5}"]

{{{6}}}
1. D4 {{[%diagram "{7}"] {8}}} E3 {{{9}}} 2. C5 F4 ({{{10}}} 2... F5 {{{11}}})
3. T E4xE3/D4/F4 ; {12}
3... W C5 *
"""


def record(texts: list[str]) -> str:
    quoted = [t.replace("\\", "\\\\").replace('"', '\\"') for t in texts]
    return TEMPLATE.format(*quoted[:6], *texts[6:7], quoted[7], *texts[8:])


HOSTILE = record(LITERALS)
HARMLESS = record([f"plain text number {i}" for i in range(len(LITERALS))])


class Elements(HTMLParser):
    """Every element and attribute of a page, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: Counter[str] = Counter()
        self.attributes: list[tuple[str, str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        self.attributes += [(tag, name, value or "") for name, value in attrs]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def elements(html: str) -> Elements:
    found = Elements()
    found.feed(html)
    found.close()
    return found


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("injection")
    made = {}
    for name, text in (("hostile", HOSTILE), ("harmless", HARMLESS)):
        path = folder / f"{name}.mrs"
        path.write_text(text, encoding="utf-8")
        made[f"{name}.mrs"] = path
        for fmt in ("html", "pdf"):
            target = folder / f"{name}.{fmt}"
            assert main(["game", str(path), "--format", fmt, "-o", str(target)]) == 0
            made[f"{name}.{fmt}"] = target
    return made


def test_the_hostile_record_is_valid_and_holds_every_text() -> None:
    for source in (HOSTILE, HARMLESS):
        parsed = parse(source)
        assert not parsed.diagnostics and len(parsed.games) == 1
        assert not parsed.games[0].diagnostics
    game = parse(HOSTILE).games[0]
    assert [t.value for t in game.tags if t.name not in ("Date",)] == LITERALS[:6]


def test_html_has_no_element_or_attribute_the_harmless_page_lacks(outputs: dict[str, Path]) -> None:
    hostile = elements(outputs["hostile.html"].read_text(encoding="utf-8"))
    harmless = elements(outputs["harmless.html"].read_text(encoding="utf-8"))
    assert hostile.tags == harmless.tags
    assert sorted((t, n) for t, n, _ in hostile.attributes) == sorted(
        (t, n) for t, n, _ in harmless.attributes
    )
    for tag, name, value in hostile.attributes:
        assert not name.startswith("on"), (tag, name)
        if tag == "meta" and name == "content":
            # The page's description and its Open Graph words name the players and
            # the event, record text held as inert, escaped text (the tags above
            # are the harmless page's); no address is made of it.
            assert not value.lower().startswith(("javascript:", "http", "data:")), value
            continue
        assert "javascript:" not in value.lower(), (tag, name, value)
        assert "pwned" not in value, (tag, name, value)


def test_html_shows_every_hostile_text_literally(outputs: dict[str, Path]) -> None:
    page = elements(outputs["hostile.html"].read_text(encoding="utf-8"))
    text = re.sub(r"\s+", " ", "".join(page.text))
    for literal in LITERALS:
        assert literal in text, literal


def test_html_scripts_are_only_ours(outputs: dict[str, Path]) -> None:
    """The script elements hold the viewer and JSON data; no record text in
    them can end the element early or open an HTML comment."""
    html = outputs["hostile.html"].read_text(encoding="utf-8")
    bodies = re.findall(r"<script\b[^>]*>(.*?)</script>", html, flags=re.S)
    assert bodies
    for body in bodies:
        assert "<!--" not in body and "<script" not in body.lower()
        assert "pwned" not in body or "\\u003c" in body


def test_pdf_shows_every_hostile_text_literally(outputs: dict[str, Path]) -> None:
    """ReportLab paragraph markup (`<b>`, `<font>`, `<para>`, `<img>`, `<link>`,
    `<onDraw>`, entities) is escaped: it shows as typed. Lines may break
    anywhere, so whitespace is left out of the comparison."""
    data = outputs["hostile.pdf"].read_bytes()
    text = "".join(all_text(data).split())
    for literal in LITERALS:
        assert "".join(literal.split()) in text, literal
    outline = reader(data).outline
    assert "<b>Bold</b> &amp; <font color=red>Red</font>" in outline[0]["/Title"]


def test_pdf_has_no_links_scripts_or_files_the_harmless_one_lacks(outputs: dict[str, Path]) -> None:
    hostile = outputs["hostile.pdf"].read_bytes()
    harmless = outputs["harmless.pdf"].read_bytes()
    for key in (
        b"/URI",
        b"/JavaScript",
        b"/JS",
        b"/Launch",
        b"/Annots",
        b"/Link",
        b"/Subtype /Image",
        b"/EmbeddedFile",
        b"/OpenAction",
    ):
        assert hostile.count(key) == harmless.count(key) == 0, key


def test_fmt_keeps_the_hostile_text_exactly(
    outputs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.mrs"
    assert main(["fmt", str(outputs["hostile.mrs"]), "-o", str(target)]) == 0
    before = parse(HOSTILE).games[0]
    after = parse(target.read_text(encoding="utf-8")).games[0]
    assert not after.diagnostics
    values = {t.name: t.value for t in before.tags}
    assert {t.name: t.value for t in after.tags if t.name in values} == values

    def comments(game) -> list[str]:
        out = [c.text for c in game.mainline.comments]
        for node in game.mainline.nodes:
            out += [c.text for c in node.comments] + [str(c.diagram) for c in node.comments]
            for line in node.variations:
                out += [c.text for n in line.nodes for c in n.comments]
        return out

    assert comments(after) == comments(before)
    capsys.readouterr()
