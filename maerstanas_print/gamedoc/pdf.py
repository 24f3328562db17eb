"""ReportLab flowables for a game document, and the `game` command's PDF.

`game_flowables` is the contract the rulebook builds on: a list of platypus
flowables for one game, fitting a frame `width_mm` wide, set in Cardo. Every
piece of record text is escaped before it reaches Paragraph markup, so a
comment saying `<b>` prints those three characters.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from maerstanas_print.draw.flow import FloatingFigures
from maerstanas_print.draw.pdf import draw_shapes, pdf_color
from maerstanas_print.draw.shapes import PT_PER_MM, Shape
from maerstanas_print.draw.typography import prose
from maerstanas_print.fonts import drawn_as_a_mark, register_fonts
from maerstanas_print.gamedoc import figures
from maerstanas_print.gamedoc.metadata import document_info
from maerstanas_print.gamedoc.model import (
    Block,
    Diagram,
    Document,
    Run,
    collection_title,
    credit_line,
    document,
    evaluation_words,
    event_of,
    progress_words,
)
from maerstanas_print.play.replayed import ReplayedGame
from maerstanas_print.sheets.common import PAPERS

NBSP = "\u00a0"
_STYLES: dict[str, object] | None = None


def styles() -> dict:
    """Paragraph styles of the game document, all Cardo (built once)."""
    global _STYLES
    if _STYLES is None:
        from reportlab.lib.enums import TA_CENTER, TA_LEFT
        from reportlab.lib.styles import ParagraphStyle

        register_fonts()
        base = ParagraphStyle(
            "gd-body",
            fontName="Cardo",
            fontSize=9.6,
            leading=13.2,
            alignment=TA_LEFT,
            spaceAfter=3.2,
            textColor=pdf_color("#000000"),
            allowWidows=0,
            allowOrphans=0,
        )
        _STYLES = {
            "title": ParagraphStyle(
                "gd-title", base, fontName="Cardo-Bold", fontSize=15, leading=18, spaceAfter=1
            ),
            "subtitle": ParagraphStyle(
                "gd-subtitle",
                base,
                fontName="Cardo-Italic",
                fontSize=10,
                leading=12.5,
                spaceAfter=4,
            ),
            "detail": ParagraphStyle("gd-detail", base, fontSize=8.4, leading=10.4, spaceAfter=0),
            "intro": ParagraphStyle("gd-intro", base, fontName="Cardo-Italic", spaceAfter=5),
            "para": base,
            "variation": ParagraphStyle(
                "gd-variation",
                base,
                fontSize=8.8,
                leading=11.6,
                leftIndent=4.5 * 72 / 25.4,
                spaceAfter=3.2,
            ),
            "result": ParagraphStyle(
                "gd-result", base, fontName="Cardo-Bold", spaceBefore=2, spaceAfter=6
            ),
            "heading": ParagraphStyle(
                "gd-heading",
                base,
                fontName="Cardo-Bold",
                fontSize=11,
                leading=14,
                spaceBefore=6,
                spaceAfter=3,
            ),
            "caption": ParagraphStyle(
                "gd-caption", base, fontSize=7.8, leading=9.6, alignment=TA_CENTER, spaceAfter=0
            ),
            "caption-title": ParagraphStyle(
                "gd-caption-title",
                base,
                fontName="Cardo-Bold",
                fontSize=8.2,
                leading=10,
                alignment=TA_CENTER,
                spaceBefore=0,
                spaceAfter=0.5,
            ),
        }
    return _STYLES


# Every caption stands this far under its figure (the figure's box holds all its ink).
CAPTION_GAP_PT = 5.5  # about 2 mm


def _text(text: str) -> str:
    """`text` for ReportLab: composed (NFC: ReportLab places no combining mark on its
    letter, and Cardo gives some an advance, "stā n"), escaped, and without the
    format characters a browser sets as nothing and ReportLab would draw."""
    composed = unicodedata.normalize("NFC", text)
    return escape("".join(char for char in composed if not drawn_as_a_mark(char)))


def _move(text: str) -> str:
    """A move never breaks across lines: `16. W E1` stays whole."""
    return _text(text).replace(" ", NBSP)


def runs_markup(runs: Sequence[Run], main: bool) -> str:
    """Paragraph markup for runs: main-line moves bold, variation comments italic."""
    out: list[str] = []
    for run in runs:
        if run.kind == "move":
            out.append(f"<b>{_move(run.text)}</b>" if main else _move(run.text))
        elif run.kind == "comment":  # a record's words, set for print
            text = _text(prose(run.text))
            out.append(text if main else f"<i>{text}</i>")
        elif run.kind == "lead":
            out.append(f"<i>{_text(prose(run.text))}</i>")
        else:
            out.append(_text(run.text))
    text = " ".join(out)
    return text.replace("( ", "(").replace(" )", ")")


def _shapes_flowable():
    from reportlab.platypus import Flowable

    class ShapesFlowable(Flowable):
        """A group of our shapes (mm, y down) as a fixed-size flowable."""

        def __init__(
            self, shapes: Sequence[Shape], width_mm: float, height_mm: float, align: str = "CENTER"
        ) -> None:
            super().__init__()
            self.shapes = shapes
            self.w_mm, self.h_mm = width_mm, height_mm
            self.width, self.height = width_mm * PT_PER_MM, height_mm * PT_PER_MM
            self.hAlign = align

        def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
            return self.width, self.height

        def draw(self) -> None:
            self.canv.saveState()
            draw_shapes(self.canv, self.shapes, self.h_mm)
            self.canv.restoreState()

    return ShapesFlowable


def shapes_flowable(shapes: Sequence[Shape], width_mm: float, height_mm: float):
    return _shapes_flowable()(shapes, width_mm, height_mm)


def caption_paragraphs(diagram: Diagram) -> list:
    from reportlab.platypus import Paragraph

    st = styles()
    out = [
        Paragraph(_text(diagram.title), st["caption-title"]),
        Paragraph(_move(diagram.range_text).replace(NBSP + "to" + NBSP, " to "), st["caption"]),
    ]
    for note in diagram.notes:
        out.append(Paragraph(_text(prose(note)), st["caption"]))
    board, hand, *rest = (_text(t).replace(" ", NBSP) for t in diagram.checkpoint.sentences())
    out.append(Paragraph(f"<i>{board} {hand}<br/>{' '.join(rest)}</i>", st["caption"]))
    return out


def diagram_parts(
    diagram: Diagram, width_mm: float, theme: str, doc: Document | None = None
) -> list:
    """The board and its caption, to be kept together. The document's scored
    diagram (see `Document.scored_diagram`) is drawn with the final score."""
    from reportlab.platypus import Paragraph, Spacer

    if doc is not None and doc.scored_diagram == diagram.index - 1:
        assert doc.explanation is not None
        group, w, h = figures.score_shapes(doc.explanation, width_mm, theme, diagram)
        dark, light = doc.explanation.score
        return [
            Paragraph("Final position and score", styles()["heading"]),
            shapes_flowable([group], w, h),
            Spacer(1, CAPTION_GAP_PT),
            *caption_paragraphs(diagram),
            Paragraph(
                f"<b>Dark {dark}, Light {light}.</b> {_text(prose(doc.explanation.text()))}",
                styles()["caption"],
            ),
            Spacer(1, 6),
        ]
    group, w, h = figures.diagram_shapes(diagram, width_mm, theme)
    return [
        Spacer(1, 3),
        shapes_flowable([group], w, h),
        Spacer(1, CAPTION_GAP_PT),
        *caption_paragraphs(diagram),
        Spacer(1, 6),
    ]


def diagram_flowable(diagram: Diagram, width_mm: float, theme: str, doc: Document | None = None):
    """A diagram floats (draw/flow.py): when it does not fit the rest of the column,
    the moves after it fill the column and it opens the next one."""
    return figure(diagram_parts(diagram, width_mm, theme, doc))


def figure(parts: list, free: bool = False):
    """Parts kept together that float as a figure; a `free` one (a chart nobody
    looks up by number) may be set before figures waiting for room."""
    from reportlab.platypus import KeepTogether

    block = KeepTogether(parts)
    block.floating = True
    block.float_free = free
    return block


def _title_block(doc: Document) -> list:
    from reportlab.platypus import Paragraph

    st = styles()
    out = [Paragraph(_text(doc.title), st["title"])]
    if doc.subtitle:
        out.append(Paragraph(_text(prose(doc.subtitle)), st["subtitle"]))
    for label, value in doc.details:
        out.append(Paragraph(f"<i>{_text(label)}:</i> {_text(prose(value))}", st["detail"]))
    return out


def document_flowables(doc: Document, width_mm: float, theme: str = "print") -> list:
    """The flowables of one game's document model."""
    from reportlab.platypus import KeepTogether, Paragraph, Spacer

    st = styles()
    out: list = [KeepTogether(_title_block(doc)), Spacer(1, 6)]
    out += [Paragraph(_text(prose(text)), st["intro"]) for text in doc.intro]
    for block in doc.blocks:
        out.append(_block(block, doc, width_mm, theme))
    if doc.explanation is None:
        return out + _won_closing(doc, width_mm, theme)
    if doc.scored_diagram is None:  # else the last diagram was drawn with the score
        group, w, h = figures.score_shapes(doc.explanation, width_mm, theme)
        dark, light = doc.explanation.score
        out.append(
            figure(
                [  # the heading never stands alone at a column's foot
                    Paragraph("Final position and score", st["heading"]),
                    shapes_flowable([group], w, h),
                    Spacer(1, CAPTION_GAP_PT),
                    Paragraph(
                        f"<b>Dark {dark}, Light {light}.</b> "
                        + _text(prose(doc.explanation.text())),
                        st["caption"],
                    ),
                    Spacer(1, 6),
                ]
            )
        )
    chart_w = min(width_mm, 120.0)
    chart, chart_h = figures.document_chart(doc, chart_w, theme)
    out.append(
        figure(
            [
                Paragraph("The score move by move", st["heading"]),
                shapes_flowable([chart], chart_w, chart_h),
                Spacer(1, CAPTION_GAP_PT),
                Paragraph(
                    "Dark: solid line, filled dots. Light: dashed line, open dots. "
                    "Stones under the axis mark thunder- and Woden-stones.",
                    st["caption"],
                ),
            ],
            free=True,
        )
    )
    return out + evaluation_part(doc, width_mm, theme)


def evaluation_part(doc: Document, width_mm: float, theme: str) -> list:
    """The engine's values under the score chart, when the record carries them."""
    from reportlab.platypus import Paragraph, Spacer

    if not doc.valued:
        return []
    st = styles()
    words = evaluation_words(doc)
    chart_w = min(width_mm, 120.0)
    chart, chart_h = figures.document_value_chart(doc, chart_w, theme, words)
    return [
        figure(
            [
                Paragraph(_text(words["heading"]), st["heading"]),
                shapes_flowable([chart], chart_w, chart_h),
                Spacer(1, CAPTION_GAP_PT),
                Paragraph(_text(words["caption"]), st["caption"]),
            ],
            free=True,
        )
    ]


def _won_closing(doc: Document, width_mm: float, theme: str) -> list:
    """The end of a game won rather than scored: the whole final board (the
    diagrams may have shown part of it), then the pieces on the board after
    every move."""
    from reportlab.platypus import Paragraph, Spacer

    st = styles()
    out: list = []
    words = progress_words(doc)
    if doc.final is not None and doc.game is not None:
        stones = doc.game.stones(doc.final)
        group, w, h = figures.position_shapes(
            doc.game, stones, min(width_mm, figures.FULL_BOARD_MAX), theme
        )
        out.append(
            figure(
                [
                    Paragraph("Final position", st["heading"]),
                    shapes_flowable([group], w, h),
                    Spacer(1, CAPTION_GAP_PT),
                    Paragraph(_text(prose(doc.final_words)), st["caption"]),
                    Spacer(1, 6),
                ]
            )
        )
    chart_w = min(width_mm, 120.0)
    chart, chart_h = figures.document_chart(doc, chart_w, theme, words)
    out.append(
        figure(
            [
                Paragraph(_text(words["heading"]), st["heading"]),
                shapes_flowable([chart], chart_w, chart_h),
                Spacer(1, CAPTION_GAP_PT),
                Paragraph(_text(words["caption"]), st["caption"]),
            ],
            free=True,
        )
    )
    return out + evaluation_part(doc, width_mm, theme)


def _block(block: Block, doc: Document, width_mm: float, theme: str):
    from reportlab.platypus import Paragraph

    st = styles()
    if block.kind == "diagram":
        assert block.diagram is not None
        return diagram_flowable(doc.diagrams[block.diagram], width_mm, theme, doc)
    if block.kind == "result":
        return Paragraph(_text(block.runs[0].text), st["result"])
    main = block.depth == 0
    return Paragraph(runs_markup(block.runs, main), st["para" if main else "variation"])


def game_flowables(
    game: ReplayedGame,
    *,
    every: int | None = None,
    numbers: bool = True,
    theme: str = "print",
    width_mm: float,
) -> list:
    """Platypus flowables for one game (title block, moves, diagrams with captions,
    final-position score explanation, score chart) fitting a frame `width_mm` wide.

    Uses the Cardo faces registered by `maerstanas_print.fonts`; the game must be
    replayed with `keep_positions=True`.
    """
    return document_flowables(document(game, every=every, numbers=numbers), width_mm, theme)


# --- the `game` command's document ------------------------------------------------


class _Silent:
    """Progress reports nobody listens to (the default)."""

    def step(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def game_pdf(
    games: list[ReplayedGame],
    *,
    title: str,
    paper: str = "a4",
    every: int | None = None,
    numbers: bool = True,
    theme: str = "print",
    progress: Callable[[int, str], Any] | None = None,
) -> bytes:
    """One PDF of every game, two columns, with a contents list for several games.

    `progress(total, what)` returns an object with `step()` and `close()`; the
    command line draws a bar with it."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer

    register_fonts()
    make_progress = progress or (lambda total, what: _Silent())
    sheet = PAPERS[paper]
    page_w, page_h = sheet.width * PT_PER_MM, sheet.height * PT_PER_MM
    margin, top, bottom, gutter = 16 * PT_PER_MM, 21 * PT_PER_MM, 21 * PT_PER_MM, 7 * PT_PER_MM
    col_w = (page_w - 2 * margin - gutter) / 2
    frames = [
        Frame(
            margin + i * (col_w + gutter),
            bottom,
            col_w,
            page_h - top - bottom,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"col{i}",
        )
        for i in range(2)
    ]
    buffer = io.BytesIO()
    models = []
    prepare = make_progress(len(games), "preparing")
    for game in games:
        models.append(document(game, every=every, numbers=numbers))
        prepare.step()
    prepare.close()
    several = len(models) > 1
    heading = collection_title(models, title)
    credit = credit_line(models, "Document made")
    heads = [
        (f"{i}. {m.title}" if several else m.title, event_of(m)) for i, m in enumerate(models, 1)
    ]
    # The running head names the game on the page (the first one seen on it); the
    # opening page carries none, as a book's chapter openings do: its title block
    # says it all.
    state: dict = {"current": None, "seen": []}
    info = document_info(models, heading if several else heads[0][0])

    def begin_page(canvas, doc) -> None:
        state["seen"] = []  # filled as flowables land: the games this page shows

    def end_page(canvas, doc) -> None:
        canvas.saveState()
        if doc.page > 1 and state["seen"]:
            left, event = heads[state["seen"][0]]
            game_name = models[state["seen"][0]].game_name
            right = heading if several else (event or game_name)
            if right == left:
                right = game_name
            y = page_h - 14 * PT_PER_MM  # cap tops 12 mm in: clear of the 10 mm margin
            room = (page_w - 2 * margin) / 2 - 12
            canvas.setFont("Cardo-Italic", 8)
            canvas.setFillColor("#555555")
            canvas.drawString(margin, y, _fit(left, "Cardo-Italic", 8, room))
            canvas.drawRightString(page_w - margin, y, _fit(right, "Cardo-Italic", 8, room))
            canvas.setStrokeColor("#999999")
            canvas.setLineWidth(0.4)
            canvas.line(margin, y - 1.6 * PT_PER_MM, page_w - margin, y - 1.6 * PT_PER_MM)
        canvas.setFont("Cardo", 8.5)
        canvas.setFillColor(pdf_color("#000000"))
        canvas.drawCentredString(page_w / 2, 15.5 * PT_PER_MM, str(doc.page))
        if doc.page == 1:
            canvas.setFont("Cardo-Italic", 6.5)
            canvas.setFillColor("#555555")
            canvas.drawCentredString(page_w / 2, 11.5 * PT_PER_MM, credit)
        canvas.restoreState()

    class GameDocTemplate(FloatingFigures, BaseDocTemplate):
        def afterFlowable(self, flowable) -> None:
            if isinstance(flowable, GameStart):
                state["current"] = int(flowable.key[1:]) - 1
                layout.step()
            if state["current"] is not None and state["current"] not in state["seen"]:
                state["seen"].append(state["current"])

    doc = GameDocTemplate(
        buffer,
        pagesize=(page_w, page_h),
        leftMargin=margin,
        rightMargin=margin,
        topMargin=top,
        bottomMargin=bottom,
        title=info.title,
        author=info.author,
        creator="maerstanas_print",
        subject=info.subject,
        keywords=list(info.keywords),
        invariant=1,
        initialFontName="Cardo",
        lang="en",
    )
    doc.addPageTemplates(
        [PageTemplate(id="body", frames=frames, onPage=begin_page, onPageEnd=end_page)]
    )
    width_mm = col_w / PT_PER_MM
    story: list = []
    st = styles()
    if several:
        story.append(Paragraph(_text(heading), st["title"]))
        story.append(Paragraph(f"{len(games)} games", st["subtitle"]))
        story.append(Paragraph("Contents", st["heading"]))
        for i, model in enumerate(models, 1):
            story.append(ContentsLine(f"g{i}", f"{i}. {model.title}", model.subtitle))
        story.append(Spacer(1, 10))
    for i, model in enumerate(models, 1):
        story.append(GameStart(f"g{i}", f"{i}. {model.title}", contents=several, first=i == 1))
        story += document_flowables(model, width_mm, theme)
    layout = make_progress(len(games), "laying out")
    try:
        doc.build(story)
    finally:
        layout.close()
    return buffer.getvalue()


def _fit(text: str, font: str, size: float, room: float) -> str:
    """`text` cut with an ellipsis to fit `room` points; the cut is found by
    halving, so a tag of any length costs a few dozen width measurements."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= room:
        return text
    fits, too_long = 1, len(text)  # text[:fits] + "…" fits (or fits == 1); text[:too_long] not
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if stringWidth(text[:middle] + "…", font, size) <= room:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"


def _flowable_base():
    from reportlab.platypus import Flowable

    return Flowable


class GameStart(_flowable_base()):  # type: ignore[misc]
    """Where a game begins: a new column unless there is room, a bookmark, an
    outline entry, and (with a contents list) the page number the list shows.
    The figures of the game before it never float past it (`ends_floats`).

    The contents entries draw a named PDF form; this defines it once the page is
    known, so the document is laid out once, not twice as TableOfContents needs.
    """

    def __init__(self, key: str, title: str, contents: bool, first: bool) -> None:
        super().__init__()
        self.key, self.title, self.contents, self.first = key, title, contents, first
        self.width = self.height = 0
        self.ends_floats = True

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if not self.first and avail_height < 110 * PT_PER_MM:
            return avail_width, avail_height + 1  # pushes the game to the next column
        return 0, 0

    def split(self, avail_width: float, avail_height: float) -> list:
        return []

    def draw(self) -> None:
        canvas = self.canv
        canvas.bookmarkPage(self.key)
        canvas.addOutlineEntry(self.title, self.key, level=0)
        if self.contents:
            canvas.beginForm(f"page-{self.key}", lowerx=-60, lowery=-6, upperx=6, uppery=16)
            canvas.setFont("Cardo", 9.6)
            canvas.setFillColor(pdf_color("#000000"))
            canvas.drawRightString(0, 0, str(canvas.getPageNumber()))
            canvas.endForm()


class ContentsLine(_flowable_base()):  # type: ignore[misc]
    """One contents entry: the game, dotted leaders and its page (a form filled later)."""

    def __init__(self, key: str, title: str, subtitle: str) -> None:
        super().__init__()
        self.key, self.title, self.subtitle = key, title, subtitle

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = 21 if self.subtitle else 12.5
        return self.width, self.height

    def draw(self) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        canvas = self.canv
        y = self.height - 9.6
        canvas.setFont("Cardo", 9.6)
        canvas.setFillColor(pdf_color("#000000"))
        title = self.title
        room = self.width - 26
        while stringWidth(title, "Cardo", 9.6) > room and len(title) > 4:
            title = title[:-2].rstrip() + "…"
        canvas.drawString(0, y, title)
        start = stringWidth(title, "Cardo", 9.6) + 4
        canvas.setFillColor("#888888")
        dots = int((self.width - 18 - start) / stringWidth(" .", "Cardo", 9.6))
        canvas.drawString(start, y, " ." * max(0, dots))
        if self.subtitle:
            canvas.setFont("Cardo-Italic", 7.5)
            canvas.setFillColor("#555555")
            sub = self.subtitle if len(self.subtitle) < 70 else self.subtitle[:68] + "…"
            canvas.drawString(9, y - 8.6, sub)
        canvas.linkRect("", self.key, (0, y - 2, self.width, y + 9), relative=1, thickness=0)
        canvas.saveState()
        canvas.translate(self.width, y)
        canvas.doForm(f"page-{self.key}")
        canvas.restoreState()
