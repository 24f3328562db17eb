"""The page-flow model (draw/flow.py, issue 23) on made-up stories in two columns.

Game documents set their diagrams and charts as floats: a chart that fits the
room left is set there even while a diagram waits, a story that ends with
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


def test_a_chart_fills_the_room_a_waiting_diagram_leaves() -> None:
    """The annotated game's last page held only a chart while the column before had
    room for it: now the chart that fits goes there, the diagram opens the next column."""
    placed = _typeset(
        [
            _box("moves", COLUMN_H - 250),
            _figure("final position", 330),
            _figure("score chart", 200, free=True),
            _figure("value chart", 200, free=True),
        ]
    )
    where = _where(placed)
    assert where["score chart"] == (1, 0)
    assert where["final position"] == (1, 1)
    assert where["value chart"] == (1, 1)
    assert {name for name, *_ in placed} == {
        "moves",
        "final position",
        "score chart",
        "value chart",
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
