"""The rulebook as a PDF: ReportLab platypus, Cardo throughout, figures as vector drawings.

Three page templates: the title page (no furniture), body pages (running
header, folio) and full-page sheets (the blank boards, which bring their own
furniture). Chapters and sections feed the table of contents and the PDF
outline; `multiBuild` settles the page numbers. `invariant=1` makes the same
book give the same bytes.
"""

from __future__ import annotations

import datetime
import io
import os
from collections.abc import Sequence
from html import escape

from maerstanas_print.draw.flow import FloatingFigures
from maerstanas_print.draw.pdf import draw_shapes
from maerstanas_print.draw.shapes import PT_PER_MM, Shape
from maerstanas_print.fonts import register_fonts
from maerstanas_print.rulebook import layout
from maerstanas_print.rulebook.cited import book_titles, cited_titles
from maerstanas_print.rulebook.figures import Figure, figure_shapes
from maerstanas_print.rulebook.fitting import fit_head
from maerstanas_print.rulebook.hyphenation import hyphenator
from maerstanas_print.rulebook.inline import (
    NOTATION_COLOUR,
    heading_entry,
    notation_words,
    to_reportlab,
)
from maerstanas_print.rulebook.kept_box import kept_box_class
from maerstanas_print.rulebook.kept_table import kept_table_class
from maerstanas_print.rulebook.line_breaks import MAX_RESETS, book_paragraph
from maerstanas_print.rulebook.model import (
    BlankBoards,
    Block,
    Book,
    Bullets,
    Chapter,
    Glossary,
    Heading,
    Para,
    RecordText,
    SampleGame,
    StoneKey,
    Table,
    literal_value,
    plain,
    spans,
)
from maerstanas_print.rulebook.prepare import PreparedBook, RulebookError
from maerstanas_print.rulebook.table_widths import column_widths
from maerstanas_print.rulebook.words import typography, words
from maerstanas_print.sheets.common import PAPERS

INK, SOFT, ACCENT, TINT = "#1a1a1a", "#6b6b6b", "#8a3324", "#f4f0e6"


CELL_PADDING = 4 + 6 + 0.5  # pt: the cells' left and right padding, and a hair to spare


def _cell_extent(cell: str, style) -> tuple[float, float]:
    """A table cell's longest word and its whole text on one line, in pt with the
    cell's padding, in the cell's font: notation (a code span) breaks where it
    does in print (`notation_words`)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = "".join(
        notation_words(span.text) if span.kind == "code" else span.text for span in spans(cell)
    )
    font, size = style.fontName, style.fontSize
    longest = max(stringWidth(word, font, size) for word in text.split(" "))
    return longest + CELL_PADDING, stringWidth(text, font, size) + CELL_PADDING


def unhyphenated(style):
    """`style` that never hyphenates (the cells of a table whose words all fit)."""
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(f"{style.name}-whole", parent=style, hyphenationLang="")


def _styles(hyphenation: str = "en_GB"):
    from reportlab.lib.enums import TA_CENTER, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

    base = ParagraphStyle(
        "body",
        fontName="Cardo",
        fontSize=11,
        leading=15.5,
        textColor=INK,
        spaceAfter=7,
        alignment=TA_LEFT,
        allowWidows=0,
        hyphenationLang=hyphenator(hyphenation) or "",
    )

    def style(name: str, **kw) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    return {
        "body": base,
        "lead": style("lead", fontSize=12.5, leading=17.5, spaceAfter=9),
        "note": style(
            "note",
            backColor=TINT,
            borderPadding=(7, 9, 7, 9),
            spaceBefore=6,
            spaceAfter=14,
            leftIndent=9,
            rightIndent=9,
        ),
        "chapter-label": style(
            "chapter-label",
            fontName="Cardo-Italic",
            fontSize=12,
            textColor=ACCENT,
            spaceAfter=2,
            leading=15,
        ),
        "chapter": style("chapter", fontName="Cardo-Bold", fontSize=25, leading=30, spaceAfter=16),
        "section": style(
            "section",
            fontName="Cardo-Bold",
            fontSize=13,
            leading=16,
            spaceBefore=11,
            spaceAfter=5,
            keepWithNext=1,
        ),
        "bullet": style("bullet", leftIndent=15, bulletIndent=3, spaceAfter=3.5),
        "caption": style(
            "caption",
            fontName="Cardo",
            fontSize=9.5,
            leading=12.8,
            textColor="#333333",
            spaceAfter=0,
        ),
        "cell": style("cell", fontSize=9.5, leading=12.5, spaceAfter=0),
        "cell-head": style(
            "cell-head", fontName="Cardo-Bold", fontSize=9.5, leading=12.5, spaceAfter=0
        ),
        "record": style(
            "record",
            fontSize=9.5,
            leading=13,
            textColor=NOTATION_COLOUR,
            spaceAfter=0,
            hyphenationLang="",  # notation is never hyphenated (a long word is split bare)
        ),
        "term": style("term", fontName="Cardo-Bold", fontSize=11, leading=14.6, spaceAfter=0),
        "title": style(
            "title", fontName="Cardo-Bold", fontSize=46, leading=52, alignment=TA_CENTER
        ),
        "subtitle": style(
            "subtitle",
            fontName="Cardo-Italic",
            fontSize=19,
            leading=24,
            alignment=TA_CENTER,
            textColor=INK,
        ),
        "byline": style("byline", fontSize=13, leading=17, alignment=TA_CENTER, textColor=SOFT),
        "small": style(
            "small",
            fontSize=9,
            leading=12.5,
            alignment=TA_CENTER,
            textColor=SOFT,
            leftIndent=60,
            rightIndent=60,
            spaceAfter=4,
        ),
        "toc0": style(
            "toc0", fontSize=11.5, leading=13.5, leftIndent=22, firstLineIndent=-22, spaceBefore=2
        ),
        "toc1": style("toc1", fontSize=9.5, leading=11, leftIndent=34, textColor="#333333"),
    }


def _shapes_flowable(shapes: Sequence[Shape], width_mm: float, height_mm: float):
    """A platypus Flowable that draws our mm shapes (the draw/ PDF backend) in place."""
    from reportlab.platypus import Flowable

    class ShapesFlowable(Flowable):
        def wrap(self, avail_width, avail_height):
            return width_mm * PT_PER_MM, height_mm * PT_PER_MM

        def draw(self):
            draw_shapes(self.canv, shapes, height_mm)

    return ShapesFlowable()


def _marker(kind: str, text: str, level: int = 0):
    """A zero-size flowable that only tells the document where a heading is."""
    from reportlab.platypus import Flowable

    class Marker(Flowable):
        def wrap(self, avail_width, avail_height):
            return 0, 0

        def draw(self):
            pass

    marker = Marker()
    marker.marker = (kind, text, level)
    marker.keepWithNext = 1  # the bookmark goes where its heading goes
    return marker


class _Builder:
    """Turns the prepared book into a platypus story."""

    ink = INK  # the rules of tables (the quick reference card prints them in pure K)
    list_indent, bullet_size = 15.0, 10.5  # pt

    def __init__(self, prepared: PreparedBook, paper: str) -> None:
        self.prepared = prepared
        self.paper = PAPERS[paper]
        self.language = prepared.book.language
        self.words = words(self.language)
        self.in_appendix = False
        self.styles = _styles(typography(self.language).hyphenation)
        self.titles = book_titles(prepared.book)  # what a cross-reference may cite whole
        self.width_mm = self.paper.width - 2 * layout.SIDE_MARGIN
        # A table row taller than a page (a long text in a narrow column) may be split
        # across pages; only a book that cannot be set otherwise is set this way.
        self.split_rows = 0
        # How often a paragraph may set itself again to keep hyphens from stacking:
        # a book whose pages cannot split such a paragraph is set without (0)
        self.resets = MAX_RESETS
        # The body frame's height: a table splits knowing how full it leaves a page.
        self.table_room = (self.paper.height - layout.TOP_MARGIN - layout.BOTTOM_MARGIN) * PT_PER_MM

    def p(self, text: str, style: str = "body"):
        # A cited title is set on one line in running text; in a table's narrow
        # column or a glossary's term it may break at its spaces (bound, it was split
        # inside its words: "Placin / g and taki / ng stones")
        narrow = style.startswith("cell") or style == "term"
        whole = frozenset() if narrow else self.titles
        return book_paragraph(
            to_reportlab(text, self.prepared.numbers, self.language, whole),
            self.styles[style],
            keep_whole=cited_titles(text, self.titles),
            resets=self.resets,
        )

    def story(self) -> list:
        from reportlab.platypus import CondPageBreak, NextPageTemplate, PageBreak, Spacer

        story: list = self.title_page()
        story += [NextPageTemplate("body"), PageBreak()]
        story += self.contents()
        for number, chapter in layout.numbered(self.prepared.book.chapters):
            if isinstance(chapter.blocks[0], BlankBoards) or chapter.appendix:
                _ends_page(story[-1])  # the chapter before ends its page
            if isinstance(chapter.blocks[0], BlankBoards):
                story += [
                    NextPageTemplate("sheet"),
                    PageBreak(),
                    _marker("chapter", f"{number}  {plain(chapter.title)}"),
                ]
                story += [
                    self.blank_boards(chapter.blocks[0], number, chapter),
                    NextPageTemplate("body"),
                ]
                continue
            if chapter.appendix or number == "1":
                story.append(PageBreak())
            else:  # chapters run on, but never start in the last 55 mm of a page
                story += [CondPageBreak(55 * PT_PER_MM), Spacer(1, 14)]
            story += self.chapter(number, chapter)
        return story

    def title_page(self) -> list:
        from reportlab.platypus import Spacer

        book = self.prepared.book
        art_w, art_h, art = layout.title_art(book.game)
        # The front matter's values are plain text, never markup (`literal`).
        out = [
            Spacer(1, 30 * PT_PER_MM),
            self.p(literal_value(book.title), "title"),
            Spacer(1, 5 * PT_PER_MM),
            *([self.p(literal_value(book.subtitle), "subtitle")] if book.subtitle else []),
            Spacer(1, 4 * PT_PER_MM),
            *([self.p(literal_value(book.author), "byline")] if book.author else []),
            Spacer(1, 16 * PT_PER_MM),
        ]
        flow = _shapes_flowable(art, art_w, art_h)
        flow.hAlign = "CENTER"
        out += [flow, Spacer(1, 22 * PT_PER_MM)]
        for block in book.front:
            if isinstance(block, Para):
                out.append(self.p(block.text, "small"))
        return out

    def contents(self) -> list:
        from reportlab.platypus.tableofcontents import TableOfContents

        toc = TableOfContents(dotsMinLevel=0)
        toc.levelStyles = [self.styles["toc0"], self.styles["toc1"]]
        toc.tableStyle = [
            ("FONT", (0, 0), (-1, -1), "Cardo", 10),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ]
        return [self.p(self.words("Contents"), "chapter"), toc]

    def chapter(self, number: str, chapter: Chapter) -> list:
        label = self.words("Appendix {number}" if chapter.appendix else "Chapter {number}").format(
            number=number
        )
        out: list = [
            _marker("chapter", f"{number}  {plain(chapter.title)}"),
            self.p(label, "chapter-label"),
            self.p(chapter.title, "chapter"),
        ]
        self.in_appendix = chapter.appendix
        blocks = chapter.blocks
        for index, block in enumerate(blocks):
            if isinstance(block, StoneKey) and index and _introduces(blocks[index - 1]):
                continue  # set with the block that introduces it (below)
            follows = blocks[index + 1] if index + 1 < len(blocks) else None
            if isinstance(follows, StoneKey) and _introduces(block):
                out += self.introduced(block, self.block(follows))
                continue
            out += self.block(block)
        return out

    def introduced(self, lead: Block, figure: list) -> list:
        """`lead` (a list or a paragraph) with the unnumbered figure it introduces (the
        stone key under "What you need"), kept on one page: the whole paragraph, or a
        list's last item, goes with the figure, so the key never opens a page apart
        from the list it illustrates (the Letter book set it at the top of p4)."""
        from reportlab.platypus import KeepTogether

        if isinstance(lead, Bullets) and len(lead.items) > 1:
            head = Bullets(lead.items[:-1], lead.numbered, lead.start)
            tail = Bullets(lead.items[-1:], lead.numbered, lead.start + len(lead.items) - 1)
            return [
                # the gap between the two parts is the list's own between items
                self.bullets(head, space_after=self.styles["bullet"].spaceAfter),
                KeepTogether([self.bullets(tail), *figure]),
            ]
        return [KeepTogether([*self.block(lead), *figure])]

    def bullets(self, block: Bullets, space_after: float = 6):
        """A list, numbered from its `start` if it is numbered."""
        from reportlab.platypus import ListFlowable, ListItem

        indent = self.list_indent
        items = [ListItem(self.p(item, "bullet"), leftIndent=indent) for item in block.items]
        kind = (
            {
                "bulletType": "1",
                "bulletFormat": "%s.",
                "bulletFontName": "Cardo-Bold",
                **({"start": block.start} if block.start != 1 else {}),
            }
            if block.numbered
            else {"bulletType": "bullet", "start": "•", "bulletFontName": "Cardo"}
        )
        return ListFlowable(
            items,
            leftIndent=indent,
            bulletFontSize=self.bullet_size,
            bulletColor=ACCENT,
            spaceAfter=space_after,
            **kind,
        )

    def block(self, block: Block) -> list:

        if isinstance(block, Para):
            if block.style == "note" and self.table_room:  # read whole: it moves, not splits
                # (a one-page card, room 0, measures and balances its items itself)
                box = kept_box_class()([self.p(block.text, block.style)])
                box.room = self.table_room
                return [box]
            return [self.p(block.text, block.style)]
        if isinstance(block, Heading):
            marker = "appendix-section" if self.in_appendix else "section"
            # the contents and the outline set the heading's quotes as the page does
            entry = heading_entry(block.text, self.language)
            return [_marker(marker, entry, 1), self.p(block.text, "section")]
        if isinstance(block, Bullets):
            return [self.bullets(block)]
        if isinstance(block, Figure):
            return [self.figure(block)]
        if isinstance(block, Table):
            return [self.table(block)]
        if isinstance(block, RecordText):
            return [self.record(block)]
        if isinstance(block, Glossary):
            return [self.glossary(block)]
        if isinstance(block, StoneKey):
            shapes, height = layout.stone_key(self.width_mm, block.game, block.theme)
            return [_shapes_flowable(shapes, self.width_mm, height)]
        if isinstance(block, SampleGame):
            return self.sample_game(block)
        raise TypeError(f"no PDF form for {block!r}")  # pragma: no cover

    def figure(self, figure: Figure):
        from reportlab.platypus import KeepTogether, Spacer

        view = self.prepared.figure(figure.key)
        shapes, height = figure_shapes(view, self.width_mm)
        label = self.words("Figure {number}.").format(number=view.number)
        caption = self.p(f"**{label}** {figure.caption}", "caption")
        block = KeepTogether(
            [
                Spacer(1, 4),
                _shapes_flowable(shapes, self.width_mm, height),
                Spacer(1, 3),
                caption,
                Spacer(1, 12),
            ]
        )
        block.floating = True
        return block

    def table(self, table: Table):
        from reportlab.platypus import TableStyle

        RLTable = kept_table_class()  # noqa: N806 - a class

        width = self.width_mm * PT_PER_MM
        columns = list(zip(table.header, *table.rows, strict=True))
        head, body = self.styles["cell-head"], self.styles["cell"]
        extents = [
            [_cell_extent(cell, head if i == 0 else body) for i, cell in enumerate(col)]
            for col in columns
        ]
        fit = column_widths(
            [max(low for low, _ in col) for col in extents],
            [max(high for _, high in col) for col in extents],
            width,
            table.widths or (() if table.balanced else (1 / len(columns),) * len(columns)),
        )
        whole = "-whole" if fit.whole_words else ""
        if whole:  # as this book sets its cells, without hyphens
            for name in ("cell-head", "cell"):
                self.styles[name + whole] = unhyphenated(self.styles[name])
        rows = [[self.p(cell, f"cell-head{whole}") for cell in table.header]]
        rows += [[self.p(cell, f"cell{whole}") for cell in row] for row in table.rows]
        out = RLTable(
            rows,
            colWidths=list(fit.widths),
            repeatRows=1,
            spaceBefore=4,
            spaceAfter=12,
            splitInRow=self.split_rows,
        )
        out.room = self.table_room
        out.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), "Cardo", 9.5),
                    ("TEXTCOLOR", (0, 0), (-1, -1), self.ink),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LINEABOVE", (0, 0), (-1, 0), 0.8, self.ink),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.5, self.ink),
                    ("LINEBELOW", (0, -1), (-1, -1), 0.8, self.ink),
                    ("LINEBELOW", (0, 1), (-1, -2), 0.25, "#bdb6a6"),
                    ("TOPPADDING", (0, 0), (-1, -1), 3.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                    ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ]
            )
        )
        return out

    def record(self, block: RecordText):
        from reportlab.platypus import KeepTogether, Paragraph, Spacer
        from reportlab.platypus import Table as RLTable

        text = Paragraph(_record_lines(block.text), self.styles["record"])
        box = RLTable(
            [[text]],
            colWidths=[self.width_mm * PT_PER_MM],
            splitInRow=self.split_rows,
            style=[
                ("FONT", (0, 0), (-1, -1), "Cardo", 9.5),
                ("TEXTCOLOR", (0, 0), (-1, -1), self.ink),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("LINEBEFORE", (0, 0), (0, -1), 2, ACCENT),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 7),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ],
        )
        parts = [Spacer(1, 2), box]
        if block.caption:
            parts += [Spacer(1, 4), self.p(block.caption, "caption")]
        return KeepTogether([*parts, Spacer(1, 12)])

    def glossary(self, block: Glossary):
        KeptTable = kept_table_class()  # noqa: N806 - a class

        width = self.width_mm * PT_PER_MM
        rows = [[self.p(term, "term"), self.p(gloss, "body")] for term, gloss in block.entries]
        out = KeptTable(
            rows,
            colWidths=[width * 0.28, width * 0.72],
            splitInRow=self.split_rows,
            style=[
                ("FONT", (0, 0), (-1, -1), "Cardo", 10.5),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.25, "#bdb6a6"),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ],
        )
        out.room = self.table_room
        return out

    def sample_game(self, block: SampleGame) -> list:
        from reportlab.platypus import KeepTogether, Spacer

        game = layout.sample_game(block.resource)
        gamedoc = layout.gamedoc()
        if gamedoc is not None:
            return list(gamedoc.game_flowables(game, width_mm=self.width_mm))
        out: list = [
            self.p(layout.sample_details(game)),
            self.record(RecordText(layout.sample_movetext(game))),
        ]
        shapes, height = layout.final_diagram(game, self.width_mm)
        out.append(
            KeepTogether(
                [
                    _shapes_flowable(shapes, self.width_mm, height),
                    Spacer(1, 3),
                    self.p(layout.final_caption(game), "caption"),
                ]
            )
        )
        return out

    def blank_boards(self, block: BlankBoards, number: str, chapter: Chapter):
        """The sheet as `board` prints it, its title line made the appendix's heading
        under the book's running head (the folio is the sheet template's)."""
        book = self.prepared.book
        label = self.words("Appendix {number}").format(number=number)
        page = layout.appendix_sheet_page(
            layout.blank_board_page(self.paper.key, block.game, block.per_page),
            heading=plain(chapter.title),
            running_head=((book.running_head, book.title), label),
        )
        return _shapes_flowable(page.shapes, page.width, page.height)


def _record_lines(text: str) -> str:
    """A record's text as a paragraph: its own line breaks kept, its blanks kept
    (no-break spaces but one before each word, so a line still breaks there), and
    a line too long for the box wrapped at a space or, a word longer than the
    line (an address in a comment), inside the word: never cut off at the edge."""
    lines = []
    for line in text.split("\n"):
        words = _xml(line).split(" ")
        lines.append(" ".join(word if word else "\u00a0" for word in words))
    return "<br/>".join(lines)


def _xml(text: str) -> str:
    from html import escape

    return escape(text, quote=False)


def _ends_page(flowable: object) -> None:
    """Mark a book's table that ends a chapter followed by a new page: its split leaves
    no runt page (`kept_table.runt_free_split`)."""
    if isinstance(flowable, kept_table_class()):
        setattr(flowable, "ends_page", True)  # noqa: B010 - a class made at run time


def _introduces(block: object) -> bool:
    """A block that may introduce the figure after it: a list or a paragraph."""
    return isinstance(block, Bullets | Para)


def date_the_file(canvas, book: Book) -> None:
    """Date the PDF by the book's `released` day, else by SOURCE_DATE_EPOCH (which
    ReportLab reads itself), else not at all: no clock is read, so the same book gives
    the same bytes, and no date is made up (ReportLab's fixed one is 1 January 2000)."""
    released = book.released
    if released is not None:
        stamp = f"D:{_digits(released)}000000+00'00'"
        canvas.setDateFormatter(lambda *_: stamp)
    elif not os.environ.get("SOURCE_DATE_EPOCH", "").strip():
        _leave_undated(canvas._doc.info)


def _digits(day: datetime.date) -> str:
    return f"{day.year:04d}{day.month:02d}{day.day:02d}"


def _leave_undated(info) -> None:
    """Make the document's info dictionary leave out CreationDate and ModDate."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFInfo, PDFName, PDFString

    class UndatedInfo(PDFInfo):
        def format(self, document):
            fields = {
                "Title": PDFString(self.title),
                "Author": PDFString(self.author),
                "Producer": PDFString(self.producer),
                "Creator": PDFString(self.creator),
                "Subject": PDFString(self.subject),
                "Keywords": PDFString(self.keywords),
                "Trapped": PDFName(self.trapped),
            }
            return PDFDictionary(fields).format(document)

    info.__class__ = UndatedInfo


def _doc(buffer: io.BytesIO, prepared: PreparedBook, paper: str):
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    size = PAPERS[paper]
    width, height = size.width * PT_PER_MM, size.height * PT_PER_MM
    side, top, bottom = (
        layout.SIDE_MARGIN * PT_PER_MM,
        layout.TOP_MARGIN * PT_PER_MM,
        layout.BOTTOM_MARGIN * PT_PER_MM,
    )
    book = prepared.book

    class Doc(FloatingFigures, BaseDocTemplate):
        def beforeDocument(self):
            super().beforeDocument()
            self.chapter_title = words(book.language)("Contents")  # multiBuild: many passes
            self.page_head = self.chapter_title

        def handle_pageBegin(self):
            super().handle_pageBegin()
            # The running head names the chapter being read at the top of the page; a
            # chapter that opens the page names it instead (see afterFlowable).
            self.page_head = self.chapter_title
            self.page_started = False

        def afterFlowable(self, flowable):
            from reportlab.platypus import Spacer
            from reportlab.platypus.doctemplate import ActionFlowable

            marker = getattr(flowable, "marker", None)
            if marker is None:
                if not isinstance(flowable, Spacer | ActionFlowable):
                    self.page_started = True
                return
            kind, text, level = marker
            key = f"h{self.seq.nextf('heading')}"
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(text.replace("  ", " "), key, level=level, closed=True)
            if kind != "appendix-section":  # the contents list an appendix, not its sections
                # The contents set each entry as paragraph markup: the words are escaped.
                entry = escape(text, quote=False).replace("  ", "\u2002")
                self.notify("TOCEntry", (level, entry, self.page, key))
            if kind == "chapter":
                self.chapter_title = text.split("  ", 1)[1]
                if not getattr(self, "page_started", True):
                    self.page_head = self.chapter_title

    def furniture(canvas, doc):
        canvas.saveState()
        canvas.setFillColor(SOFT)
        y = height - top + 16
        canvas.setFont("Cardo-Italic", 8.5)
        left, right = fit_head(
            (book.running_head, book.title), doc.page_head, "Cardo-Italic", 8.5, width - 2 * side
        )
        canvas.drawString(side, y, left)
        canvas.drawRightString(width - side, y, right)
        canvas.setStrokeColor("#bdb6a6")
        canvas.setLineWidth(0.4)
        canvas.line(side, y - 5, width - side, y - 5)
        canvas.setFont("Cardo", 9.5)
        canvas.setFillColor(INK)
        canvas.drawCentredString(width / 2, bottom - 24, str(doc.page))
        canvas.restoreState()

    def opening(canvas, doc):
        # Open with the bookmarks panel shown, and date the file by the edition's release.
        canvas.showOutline()
        date_the_file(canvas, book)

    body = Frame(
        side,
        bottom,
        width - 2 * side,
        height - top - bottom,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    full = Frame(
        0, 0, width, height, id="full", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0
    )

    def sheet_folio(canvas, doc):
        """A sheet page's number, centred as on the body pages, on the line the sheet's
        own credit takes when it is printed alone (its legend may reach lower)."""
        canvas.saveState()
        canvas.setFont("Cardo", 9.5)
        canvas.setFillColor(INK)
        canvas.drawCentredString(width / 2, layout.SHEET_FOLIO_Y * PT_PER_MM, str(doc.page))
        canvas.restoreState()

    doc = Doc(
        buffer,
        pagesize=(width, height),
        invariant=1,
        pageCompression=1,
        initialFontName="Cardo",
        initialFontSize=10,
        title=book.full_title,
        author=book.pdf_author,
        subject=book.meta_subject,
        keywords=list(book.meta_keywords),
        creator="maerstanas_print",
        lang=book.language,
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                "title",
                [
                    Frame(
                        side,
                        bottom,
                        width - 2 * side,
                        height - top - bottom,
                        id="title",
                        leftPadding=0,
                        rightPadding=0,
                        topPadding=0,
                        bottomPadding=0,
                    )
                ],
                onPage=opening,
            ),
            PageTemplate("body", [body], onPageEnd=furniture),
            PageTemplate("sheet", [full], onPageEnd=sheet_folio),
        ]
    )
    return doc


def rulebook_pdf(prepared: PreparedBook, paper: str = "a4") -> bytes:
    """The finished PDF (bytes)."""
    from reportlab.platypus.doctemplate import LayoutError

    register_fonts()
    # Rows split across pages only when a row is too tall; a paragraph that set itself
    # again to keep hyphens from stacking may not split where ReportLab measured
    # it (a page of long compounds): then the book is set without that care.
    for split_rows, resets in ((0, MAX_RESETS), (1, MAX_RESETS), (1, 0)):
        buffer = io.BytesIO()
        doc = _doc(buffer, prepared, paper)
        builder = _Builder(prepared, paper)
        builder.split_rows, builder.resets = split_rows, resets
        try:
            doc.multiBuild(builder.story())
        except LayoutError:
            continue
        return buffer.getvalue()
    raise RulebookError(
        "a block of the book (a table, glossary, record, note or paragraph) is too large "
        "to set on a page; shorten it"
    )
