"""The eighth re-review of book sources as untrusted input (issue 26): a panel place
that is not a number, and long words the HTML cut off where the PDF wraps them.
Each test failed on the code it reviewed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.cli import main

HEAD = "---\ngame: Maerstanas\ntitle: T\n---\n\n# Rules\n\n"  # body on line 8
TWO_PANELS = (
    "```figure\nid: f\ncaption: c\npanel: one\nstones: dark D4\nclaims:\n  legal E4\n"
    "panel: two\nstones: dark D4 E4\nclaims:\n  legal E5\n```\n"
)


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("place", ["-3", "banana", "+1", "1_0", "-0"])
def test_a_panel_place_that_is_not_a_number_names_nothing(tmp_path, capsys, place) -> None:
    """`{{ f.-3.dark-score }}` and `{{ f.banana.dark-score }}` silently gave the last
    panel's value; only ASCII digits naming an existing panel name a panel."""
    path = book(tmp_path, HEAD + f"See {{{{ f.{place}.dark-score }}}} zz.\n\n" + TWO_PANELS)
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:8:5: error R106: {{{{ f.{place}.dark-score }}}}" in err, err


def test_a_panel_number_still_names_its_panel(tmp_path, capsys) -> None:
    path = book(
        tmp_path, HEAD + "See {{ f.1.dark-score }} and {{ f.2.dark-score }}.\n\n" + TWO_PANELS
    )
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


LONG_WORDS = (
    "---\ngame: Maerstanas\ntitle: T\nlanguage: de\n---\n\n# "
    + "W" * 60
    + "\n\n## S"
    + "W" * 59
    + "\n\nP"
    + "W" * 300
    + " end.\n\n| h | k |\n|---|---|\n| C"
    + "W" * 200
    + " | k |\n"
    # a glossary's gloss and term (review 26 books 9: a grid column of 1fr grew to
    # the long word, past the screen and the printed page)
    + "\n```glossary\nterm: G"
    + "W" * 300
    + " und mehr.\nT"
    + "W" * 40
    + ": a gloss.\n```\n"
    # and a record's comment (review 26 books 9: a <pre> line is never wrapped)
    + "\n```record\nid: r\ncaption: c\n\n1. D4 {R"
    + "W" * 300
    + "} E3 *\n```\n"
    # and six columns of words under 30 letters, each too wide for a sixth of the page
    + "\n| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n"
    + ("| Schifffahrtsgesellschaften " * 6)
    + "|\n"
    + ("| " + "W" * 29 + " ") * 6
    + "|\n"
    # and of signs wider than a letter (review 26 books 10: the estimate took `@` as one)
    + "\n| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n"
    + ("| " + "@" * 11 + " ") * 6
    + "|\n"
)
# Every text's right edge, and the document's width, against the viewport's. A table
# in a frame that scrolls (a phone's screen) counts by the frame's own edge.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let widest = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const frame = node.parentElement.closest('.table-frame.scrolls');
    if (frame && getComputedStyle(frame).overflowX === 'auto') {
      widest = Math.max(widest, frame.getBoundingClientRect().right);
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) widest = Math.max(widest, rect.right);
  }
  return [width, document.documentElement.scrollWidth, Math.ceil(widest)];
}"""


@pytest.mark.browser
@pytest.mark.parametrize(("media", "width"), [("print", 612), ("screen", 1280), ("screen", 390)])
def test_a_long_word_wraps_inside_the_page_in_html(tmp_path, capsys, browser, media, width):
    """A 60-letter heading word (the documented limit) and a 300-letter word in a
    paragraph, a cell or a gloss: the PDF wraps them, the HTML cut them off at the printed
    page's edge (and dropped a table's second column) and ran past the screen's.
    612 px is A4's text width (162 mm) as Chromium prints it."""
    from tests.browser_support import new_context

    path = book(tmp_path, LONG_WORDS)
    out = tmp_path / "book.html"
    assert main(["rulebook", "--source", str(path), "-o", str(out)]) == 0, capsys.readouterr()
    context = new_context(browser, viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.emulate_media(media=media)
        page.goto(out.resolve().as_uri())
        client, scrolled, widest = page.evaluate(OVERFLOW)
    finally:
        context.close()
    assert scrolled <= client and widest <= client, (media, width, client, scrolled, widest)
