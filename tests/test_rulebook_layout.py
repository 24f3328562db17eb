"""How the rulebook PDF places its figures and draws its key (issue 11, item 23).

A figure that does not fit the rest of a page waits for the top of the next
one while the text after it fills the page, as a book typesetter sets it; it
never lands on a page before its first reference, never overtakes an earlier
figure and never leaves its chapter. The stone key of every game keeps every
entry inside its width, wrapping into rows when the entries do not fit.
"""

from __future__ import annotations

import io
import re
from functools import cache

import pytest

from maerstanas_print.draw.flow import FloatingFigures
from maerstanas_print.draw.shapes import Group, Text, extent
from maerstanas_print.games import all_games
from maerstanas_print.rulebook import layout
from maerstanas_print.rulebook.books import book_for
from maerstanas_print.rulebook.kit import RULEBOOKS
from maerstanas_print.rulebook.pdf import rulebook_pdf
from maerstanas_print.rulebook.prepare import prepare
from maerstanas_print.sheets.common import PAPERS
from tests.pdf_tools import reader

BOOK_GAMES = [game for game in all_games() if RULEBOOKS.of(game) is not None]
CAPTION = re.compile(r"^Figure (\d+)\. ", re.MULTILINE)
REFERENCE = re.compile(r"\bfigure[\s\xa0]+(\d+)", re.IGNORECASE)


@cache
def _pdf(slug: str, paper: str) -> bytes:
    game = next(game for game in BOOK_GAMES if game.slug == slug)
    return rulebook_pdf(prepare(book_for(game)), paper)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("slug", [game.slug for game in BOOK_GAMES])
def test_figures_follow_their_first_reference_in_order(slug: str, paper: str) -> None:
    captions: dict[int, int] = {}
    first_reference: dict[int, int] = {}
    for number, page in enumerate(reader(_pdf(slug, paper)).pages, start=1):
        text = page.extract_text()
        for match in CAPTION.finditer(text):
            captions[int(match.group(1))] = number
        for match in REFERENCE.finditer(text):
            if not CAPTION.match(text, match.start()):
                first_reference.setdefault(int(match.group(1)), number)
    assert captions and sorted(captions) == list(range(1, len(captions) + 1))
    assert len(first_reference) >= len(captions) // 2, first_reference
    pages = [captions[figure] for figure in sorted(captions)]
    assert pages == sorted(pages), "a figure overtook an earlier one"
    early = {
        figure: (page, first_reference[figure])
        for figure, page in captions.items()
        if figure in first_reference and page < first_reference[figure]
    }
    assert not early, f"figure: (its page, its first reference's page) {early}"


# --- the float queue on a made-up story -----------------------------------------


def _typeset(story: list) -> list[tuple[str, int, float]]:
    """(name, page, top in pt from the frame's top) of every named flowable, set on A4
    pages with the rulebook's float queue."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    placed: list[tuple[str, int, float]] = []

    class Doc(FloatingFigures, BaseDocTemplate):
        def afterFlowable(self, flowable):
            name = getattr(flowable, "name", None)
            if name:
                placed.append((name, self.page, self.frame._y2 - self.frame._y))

    doc = Doc(io.BytesIO(), pagesize=(595, 842))
    doc.addPageTemplates([PageTemplate("body", [Frame(50, 50, 495, 742, id="body")])])
    doc.build(story)
    return placed


def _block(name: str, height: float, floating: bool = False, marker=None):
    from reportlab.platypus import KeepTogether, Spacer

    inner = Spacer(1, height)
    inner.name = name
    block = KeepTogether([inner]) if floating else inner
    block.floating = floating
    if marker is not None:
        block.marker = marker
    return block


def _text(name: str, lines: int) -> list:
    """`lines` one-line paragraphs, named `name 0`, `name 1`, ..."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    style = ParagraphStyle("t", fontSize=10, leading=14)
    out = []
    for index in range(lines):
        para = Paragraph("words of the text", style)
        para.name = f"{name} {index}"
        out.append(para)
    return out


def test_a_figure_that_does_not_fit_waits_while_the_text_fills_the_page() -> None:
    placed = _typeset(
        [
            _block("opening", 450),
            _block("figure 1", 400, floating=True),
            _block("figure 2", 100, floating=True),
            *_text("after", 60),
        ]
    )
    where = {name: (page, below) for name, page, below in placed}
    # The text after the figures fills page 1 under the opening ...
    assert where["after 0"][0] == 1
    assert max(below for name, page, below in placed if page == 1) > 742 - 20
    # ... and the figures open page 2, in their order, before the rest of the text.
    assert where["figure 1"] == (2, pytest.approx(400, abs=10))
    assert where["figure 2"] == (2, pytest.approx(500, abs=10))
    assert [name for name, _, _ in placed if not name.startswith("after")] == [
        "opening",
        "figure 1",
        "figure 2",
    ]


def test_figures_do_not_float_past_their_chapter() -> None:
    placed = _typeset(
        [
            _block("opening", 450),
            _block("figure", 400, floating=True),
            *_text("rest of the chapter", 3),
            _block("next chapter", 0, marker=("chapter", "2  Next", 0)),
            *_text("next chapter text", 3),
        ]
    )
    order = [name for name, _, _ in placed]
    assert (
        order.index("rest of the chapter 2")
        < order.index("figure")
        < order.index("next chapter")
        < order.index("next chapter text 0")
    )


def test_a_figure_that_fits_stays_where_the_text_puts_it() -> None:
    placed = _typeset(
        [_block("opening", 200), _block("figure", 300, floating=True), *_text("after", 1)]
    )
    assert [name for name, _, _ in placed] == ["opening", "figure", "after 0"]


# --- the stone key ---------------------------------------------------------------


def _entries(shape) -> list[Group]:
    """The key's entries: the groups that carry their own label."""
    if isinstance(shape, Group) and any(isinstance(c, Text) for c in shape.children):
        return [shape]
    return [e for child in getattr(shape, "children", ()) for e in _entries(child)]


@pytest.mark.parametrize(
    "width",
    sorted({PAPERS[p].width - 2 * layout.SIDE_MARGIN for p in ("a4", "letter")} | {156.0, 120.0}),
)
@pytest.mark.parametrize("game", BOOK_GAMES, ids=lambda g: g.slug)
def test_every_key_entry_lies_inside_the_width_and_clear_of_the_others(game, width) -> None:
    """Issue 11: the 1992 key set its last label past its 156 mm viewBox, and its
    labels ran into the next piece. Now a row too wide is wrapped."""
    shapes, height = layout.stone_key(width, game.tag)
    boxes = [extent([entry]) for entry in _entries(Group(tuple(shapes)))]
    assert len(boxes) >= 3 and all(box is not None for box in boxes)
    for box in boxes:
        assert box[0] >= 0 and box[2] <= width and box[1] >= 0 and box[3] <= height, box
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_the_1992_key_wraps_into_pieces_and_squares() -> None:
    game = next(game for game in BOOK_GAMES if game.look.pieces == "men")
    shapes, _ = layout.stone_key(156.0, game.tag)
    rows: dict[float, list[str]] = {}
    for entry in _entries(Group(tuple(shapes))):
        box = extent([entry])
        assert box is not None
        rows.setdefault(box[1] // 5, []).append(str(entry.title))
    assert [len(row) for _, row in sorted(rows.items())] == [3, 2]
