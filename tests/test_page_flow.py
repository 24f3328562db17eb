"""The page-flow model (draw/flow.py, issue 23) on made-up stories in two columns.

Game documents set their diagrams and charts as floats: a chart that fits the
room left is set there even while another chart waits (never before a waiting
diagram), a story that ends with
figures loses none, a game's start stops the figures of the game before it;
and a heading never stands alone at a column's foot, whether a block kept
together (a record) or a paragraph follows it.
"""

from __future__ import annotations

import io

from maerstanas_print.draw.flow import FloatingFigures

COLUMN_H = 700.0  # pt: the height of each of the two columns


def _typeset(story: list) -> list[tuple[str, int, int, float]]:
    """(name, page, column, top in pt from the column's top) of every named flowable."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    placed: list[tuple[str, int, int, float]] = []

    class Doc(FloatingFigures, BaseDocTemplate):
        def afterFlowable(self, flowable):
            name = getattr(flowable, "name", None)
            if name:
                column = 0 if self.frame.id == "left" else 1
                placed.append((name, self.page, column, self.frame._y2 - self.frame._y))

    doc = Doc(io.BytesIO(), pagesize=(595, 842))
    frames = [
        Frame(50 + i * 250, 50, 240, COLUMN_H, id=side, leftPadding=0, topPadding=0)
        for i, side in enumerate(("left", "right"))
    ]
    doc.addPageTemplates([PageTemplate("body", frames)])
    doc.build(story)
    return placed


def _box(name: str, height: float):
    from reportlab.platypus import Spacer

    box = Spacer(1, height)
    box.name = name
    return box


def _figure(name: str, height: float, free: bool = False):
    from reportlab.platypus import KeepTogether

    block = KeepTogether([_box(name, height)])
    block.floating, block.float_free = True, free
    return block


def _heading(name: str):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    heading = Paragraph(name, ParagraphStyle("h", fontSize=12, leading=16, keepWithNext=1))
    heading.name = name
    return heading


def _where(placed) -> dict[str, tuple[int, int]]:
    return {name: (page, column) for name, page, column, _ in placed}


def test_a_chart_fills_the_room_another_waiting_chart_leaves() -> None:
    """Free charts (nobody looks them up by number) fill the room left among
    themselves: the shorter one is set first when the first does not fit."""
    placed = _typeset(
        [
            _box("moves", COLUMN_H - 250),
            _figure("score chart", 330, free=True),
            _figure("value chart", 200, free=True),
        ]
    )
    where = _where(placed)
    assert where["value chart"] == (1, 0)
    assert where["score chart"] == (1, 1)


def test_a_chart_never_reads_before_the_final_diagram() -> None:
    """Issue 23 (review A, sample-game p2): the score chart was set in the room a
    waiting final diagram left, so the game read result, chart, final position.
    A free chart never passes a numbered figure, whether text follows the diagram
    or not; the story loses nothing."""
    for between in ([], [_box("result line", 20)]):
        placed = _typeset(
            [
                _box("moves", COLUMN_H - 250),
                _figure("final position", 330),
                *between,
                _figure("score chart", 200, free=True),
                _figure("value chart", 200, free=True),
            ]
        )
        order = [name for name, *_ in placed]
        assert order.index("final position") < order.index("score chart")
        assert order.index("score chart") < order.index("value chart")
        assert _where(placed)["final position"] == (1, 1)
        assert set(order) == {"moves", "final position", "score chart", "value chart"} | {
            "result line" for _ in between
        }


def test_numbered_figures_keep_their_order() -> None:
    """A diagram (not free) never jumps ahead of one that waits."""
    placed = _typeset(
        [
            _box("moves", COLUMN_H - 250),
            _figure("diagram 1", 330),
            _figure("diagram 2", 100),
        ]
    )
    order = [name for name, *_ in placed]
    assert order.index("diagram 1") < order.index("diagram 2")
    assert _where(placed)["diagram 1"] == (1, 1)


def test_text_fills_the_column_a_waiting_diagram_leaves() -> None:
    placed = _typeset(
        [
            _box("moves", COLUMN_H - 250),
            _figure("diagram", 330),
            _box("more moves", 150),
            _box("last moves", 50),
        ]
    )
    where = _where(placed)
    assert where["more moves"] == (1, 0) and where["last moves"] == (1, 0)
    assert where["diagram"] == (1, 1)


def test_figures_stop_at_the_next_game() -> None:
    from reportlab.platypus import Spacer

    start = Spacer(1, 0)
    start.ends_floats = True
    placed = _typeset(
        [
            _box("game 1", COLUMN_H - 100),
            _figure("game 1 diagram", 330),
            _box("game 1 end", 20),
            start,
            _box("game 2", 40),
        ]
    )
    order = [name for name, *_ in placed]
    assert order.index("game 1 diagram") < order.index("game 2")


def test_a_heading_goes_with_the_record_after_it() -> None:
    """A user's book: "A short opening" stood alone at a page's foot, its record (a
    block kept together) on the next page; ReportLab keeps a heading only with a
    flowable that is not itself kept together."""
    from reportlab.platypus import KeepTogether

    placed = _typeset(
        [
            _box("text", COLUMN_H - 60),
            _heading("A short opening"),
            KeepTogether([_box("record", 120)]),
        ]
    )
    where = _where(placed)
    assert where["A short opening"] == where["record"] == (1, 1)


def test_a_heading_goes_with_the_start_of_a_paragraph() -> None:
    """With room for the heading but not three lines after it, both move on; with
    room for three lines the paragraph starts under its heading and runs on."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    style = ParagraphStyle("b", fontSize=10, leading=14)

    def story(room: float) -> list:
        para = Paragraph("word " * 600, style)
        para.name = "paragraph"
        return [_box("text", COLUMN_H - room), _heading("Heading"), para]

    tight = _typeset(story(40))
    assert _where(tight)["Heading"] == (1, 1)
    roomy = _typeset(story(100))
    assert _where(roomy)["Heading"] == (1, 0)
    assert COLUMN_H - 100 <= roomy[-1][3] <= COLUMN_H - 100 + 20  # at the foot


def test_a_figure_under_a_heading_lets_the_heading_keep_its_text() -> None:
    """The book's "The end" stood at a page's foot: a figure came between it and its
    paragraph, and ReportLab kept the heading with neither."""
    placed = _typeset(
        [
            _box("text", COLUMN_H - 60),
            _heading("The end"),
            _figure("figure", 300),
            _box("paragraph", 100),
        ]
    )
    where = _where(placed)
    assert where["The end"] == where["paragraph"] == (1, 1)
    order = [name for name, *_ in placed]
    assert order.index("The end") < order.index("paragraph") < order.index("figure")


def _outline(reader, entries=None) -> list:
    out = []
    for entry in reader.outline if entries is None else entries:
        if isinstance(entry, list):
            out += _outline(reader, entry)
        else:
            out.append(entry)
    return out


def test_every_bookmark_and_contents_line_names_the_page_its_heading_is_on() -> None:
    """A section's bookmark stood at the foot of the page before its heading (the
    heading moved on, its marker did not), so the contents cited "The Woden-stone
    (wóden-stán) 7" for a heading on page 8."""
    from maerstanas_print.games import all_games
    from maerstanas_print.rulebook.books import book_for
    from maerstanas_print.rulebook.kit import RULEBOOKS
    from maerstanas_print.rulebook.pdf import rulebook_pdf
    from maerstanas_print.rulebook.prepare import prepare
    from tests.pdf_tools import reader

    def plain(text: str) -> str:
        return " ".join(text.replace("\u2019", "'").split())

    for game in (g for g in all_games() if RULEBOOKS.of(g) is not None):
        book = reader(rulebook_pdf(prepare(book_for(game)), "a4"))
        pages = [plain(page.extract_text()) for page in book.pages]
        for entry in _outline(book):
            number, _, rest = str(entry.title).partition(" ")
            heading = plain(rest if len(number) <= 2 and number.isalnum() else str(entry.title))
            page = book.get_destination_page_number(entry)
            assert heading[:24] in pages[page], (game.slug, heading, page + 1)
