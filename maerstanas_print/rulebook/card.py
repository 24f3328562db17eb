"""A rulebook source set as a one-page quick reference (PDF).

The same source format, checks and figures as a book (`source`, `prepare`),
set differently: no title page or contents, a title band, two columns in
smaller type, chapters as column headings, figures in place. Room to spare
goes first to the figures, then the columns are balanced, so the page looks
set rather than run out. A quick reference is one side of paper or it is not
one, so a source that runs over is refused with the number of pages it would
need.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from reportlab.lib.colors import CMYKColor

from maerstanas_print.draw.pdf import draw_shapes
from maerstanas_print.draw.shapes import PT_PER_MM, Page, Shape
from maerstanas_print.fonts import register_fonts
from maerstanas_print.rulebook import layout
from maerstanas_print.rulebook.card_band import (
    MAX_BAND_LINES,
    Run,
    band_lines,
    extra_mm,
    line_drop,
    room_pt,
)
from maerstanas_print.rulebook.figures import figure_cell, figure_shapes, least_cell
from maerstanas_print.rulebook.inline import to_reportlab
from maerstanas_print.rulebook.line_breaks import book_paragraph
from maerstanas_print.rulebook.model import BlankBoards, Book, Chapter, Para, SampleGame, plain
from maerstanas_print.rulebook.pdf import (
    ACCENT,
    SOFT,
    _Builder,
    _marker,
    _shapes_flowable,
    date_the_file,
)
from maerstanas_print.rulebook.prepare import PreparedBook, RulebookError
from maerstanas_print.sheets.common import PAPERS

# The card is designed for A4 and Letter; on larger paper (A3, Tabloid) every
# length and type size grows by `CardGeometry.scale`, as a copier would enlarge it.
SIDE_MM = 12.0
TOP_MM = 11.0
FOOT_MM = 12.0  # the credit line's baseline above the paper edge (10 mm is the least)
GUTTER_MM = 7.0
BAND_MM = 15.0  # the title band
FIGURE_CELL_MM = 4.6  # squares in figures: two 7 x 7 panels side by side in a column
SINGLE_FIGURE_CELL_MM = 6.0  # a figure of one board may be larger
BODY_TOP_GAP_MM = 4.0
LEAD_IN_CHARS = 80  # a paragraph this short stays with the block it introduces
BALANCE_MM = 3.0  # how closely the two columns are balanced
MIN_STRETCH_MM = 1.0  # columns closer than this are left as they end
MAX_GROW, GROW_STEPS = 2.0, 4  # figures grow into spare room, up to twice, in 4 halvings
BODY_BOTTOM_MM = 21.0  # the columns end here above the paper edge, clear of the credit
CREDIT_GAP_MM = 1.5  # the least space between the credit's top and the columns' end
MAX_FOOT_EXTRA_MM = 30.0  # how much higher a long credit may make the columns end
# Black as one ink (K), as on the sheets: a press prints RGB near-black as four.
PURE_BLACK = CMYKColor(0, 0, 0, 1)
# Big paper and the paper whose design it enlarges (A3 is A4 times the square
# root of two; Tabloid is as wide as Letter is long).
ENLARGES = {"a3": "a4", "tabloid": "letter"}


class TooTall(RulebookError):
    """A block (a table row, a glossary entry, a record) taller than a column of the
    card: ReportLab cannot split it, so no page can hold it."""


@dataclass(frozen=True, slots=True)
class CardGeometry:
    """Where the parts of the page go, in mm from the top left, and how much
    larger than designed everything is drawn."""

    width: float
    height: float
    scale: float = 1.0
    band_extra: float = 0.0  # mm the title band grows by for a title of more lines
    foot_extra: float = 0.0  # mm the columns end higher by, over a credit of more lines

    @classmethod
    def of(
        cls, paper: str, prepared: PreparedBook | None = None, credit: bool = True
    ) -> CardGeometry:
        """The geometry of `paper`; with a `prepared` book, its title band as tall as
        its title, and (when the card has its `credit` at the foot) the columns ending
        above the credit however many lines it takes."""
        size = PAPERS[paper]
        design = PAPERS[ENLARGES.get(paper, paper)]
        plain_geometry = cls(size.width, size.height, size.width / design.width)
        if prepared is None:
            return plain_geometry
        lines = plain_geometry.band(prepared.book)
        foot = 0.0
        if credit:
            builder = _CardBuilder(prepared, paper, plain_geometry)
            width = size.width * PT_PER_MM
            tall = _credit_paragraph(builder, plain_geometry, width).height / PT_PER_MM
            room = plain_geometry.mm(BODY_BOTTOM_MM - FOOT_MM - CREDIT_GAP_MM)
            foot = max(0.0, tall - room)
        return replace(
            plain_geometry, band_extra=extra_mm(lines, plain_geometry.scale), foot_extra=foot
        )

    def band(self, book: Book) -> list[list[Run]]:
        """The title band's lines for `book` (`card_band.band_lines`)."""
        register_fonts()
        return band_lines(book, self.scale, room_pt(self.width, self.mm(SIDE_MM)))

    def mm(self, length: float) -> float:
        return length * self.scale

    @property
    def column(self) -> float:
        return (self.width - 2 * self.mm(SIDE_MM) - self.mm(GUTTER_MM)) / 2

    @property
    def body_top(self) -> float:
        return self.mm(TOP_MM + BAND_MM + BODY_TOP_GAP_MM) + self.band_extra

    @property
    def body_height(self) -> float:
        return self.height - self.body_top - self.mm(BODY_BOTTOM_MM) - self.foot_extra


def _card_styles(base: dict, scale: float) -> dict:
    """The book's styles, made smaller for a page that holds a whole game."""
    from reportlab.lib.styles import ParagraphStyle

    body = ParagraphStyle(
        "card-body",
        parent=base["body"],
        fontSize=9 * scale,
        leading=11.4 * scale,
        spaceAfter=4 * scale,
    )

    def style(name: str, size: float, leading: float, **kw) -> ParagraphStyle:
        for key in ("spaceBefore", "spaceAfter", "leftIndent", "bulletIndent", "rightIndent"):
            if key in kw:
                kw[key] *= scale
        return ParagraphStyle(
            name, parent=body, fontSize=size * scale, leading=leading * scale, **kw
        )

    styles = dict(base)
    body.textColor = PURE_BLACK
    styles.update(
        {
            "body": body,
            "lead": style("card-lead", 9.5, 12, spaceAfter=5),
            "note": style(
                "card-note",
                9,
                11.4,
                backColor="#f4f0e6",
                borderPadding=tuple(v * scale for v in (4, 5, 4, 5)),
                spaceBefore=3,
                spaceAfter=8,
                leftIndent=5,
                rightIndent=5,
            ),
            "chapter": style(
                "card-chapter",
                11.5,
                14,
                fontName="Cardo-Bold",
                textColor=ACCENT,
                spaceBefore=5,
                spaceAfter=3,
                keepWithNext=1,
            ),
            "section": style(
                "card-section",
                9.5,
                12,
                fontName="Cardo-Bold",
                spaceBefore=3,
                spaceAfter=2,
                keepWithNext=1,
            ),
            "bullet": style("card-bullet", 9, 11.4, leftIndent=10, bulletIndent=2, spaceAfter=1.5),
            "caption": style("card-caption", 7.5, 9.5, spaceAfter=0),
            "cell": style("card-cell", 8, 10, spaceAfter=0),
            "cell-head": style("card-cell-head", 8, 10, fontName="Cardo-Bold", spaceAfter=0),
            "record": style(
                "card-record",
                8,
                10.5,
                spaceAfter=0,
                textColor=base["record"].textColor,
                hyphenationLang=base["record"].hyphenationLang,  # never: split bare
            ),
            "credit": style("card-credit", 7.5, 9, textColor=SOFT, alignment=1),
        }
    )
    return styles


class _CardBuilder(_Builder):
    """The book's flowables at column width, in card type."""

    ink = PURE_BLACK

    def __init__(
        self, prepared: PreparedBook, paper: str, geometry: CardGeometry, grow: float = 1.0
    ) -> None:
        super().__init__(prepared, paper)
        self.geometry = geometry
        self.grow = grow  # figures this much larger than their smallest size
        self.width_mm = geometry.column
        self.styles = _card_styles(self.styles, geometry.scale)
        self.list_indent = 12.0 * geometry.scale
        self.bullet_size = 9.0 * geometry.scale
        self.table_room = 0.0  # one page: its tables split as ReportLab does

    def story(self) -> list:
        out: list = []
        for number, chapter in layout.numbered(self.prepared.book.chapters):
            out += self.chapter(number, chapter)
        return out

    def chapter(self, number: str, chapter: Chapter) -> list:
        for block in chapter.blocks:
            if isinstance(block, BlankBoards | SampleGame):
                what = "pencil boards" if isinstance(block, BlankBoards) else "a sample game"
                raise RulebookError(
                    f"a quick reference has no room for {what} (chapter "
                    f"{chapter.title!r}); print them with their own command"
                )
        from reportlab.platypus import KeepTogether

        blocks = [self.block(block) for block in chapter.blocks]
        # A heading never ends a column: it stays with the block it introduces, and a
        # short lead-in paragraph ("Numbered pairs of moves:") with what it leads into.
        lead = 2 if len(chapter.blocks) > 1 and _is_lead_in(chapter.blocks[0]) else 1
        head = [self.p(chapter.title, "chapter")]
        for flowables in blocks[:lead]:
            head += flowables
        out: list = [_marker("chapter", plain(chapter.title)), KeepTogether(head)]
        for flowables in blocks[lead:]:
            out += flowables
        return out

    def figure(self, figure):
        """At most FIGURE_CELL_MM squares, set in place: a one-page card has nowhere
        for a figure to float to."""
        from reportlab.platypus import KeepTogether, Spacer

        view = self.prepared.figure(figure.key)
        cap = (FIGURE_CELL_MM if len(view.panels) > 1 else SINGLE_FIGURE_CELL_MM) * self.grow
        cell = min(figure_cell(view, self.width_mm), self.geometry.mm(cap))
        if cell < least_cell(view):  # a source's check says where (`check_card`)
            raise RulebookError(
                f"figure {view.number} has too many panels for a column of the card: "
                "their coordinates would print on top of each other"
            )
        shapes, height = figure_shapes(view, self.width_mm, cell)
        label = self.words("Figure {number}.").format(number=view.number)
        caption = self.p(f"**{label}** {figure.caption}", "caption")
        gap = self.geometry.scale
        return KeepTogether(
            [
                Spacer(1, 2 * gap),
                _shapes_flowable(shapes, self.width_mm, height),
                Spacer(1, 2 * gap),
                caption,
                Spacer(1, 7 * gap),
            ]
        )


@dataclass(frozen=True, slots=True)
class _Meta:
    """The PDF's title, subject and keywords when they are not the source's."""

    title: str | None = None
    subject: str | None = None
    keywords: Sequence[str] | None = None
    cover: Page | None = None  # a kit's first page, before the card
    foot: Callable[[int], Sequence[Shape]] | None = None  # a kit's foot, by page number


def _is_lead_in(block: object) -> bool:
    """A paragraph of a line or two that introduces the block after it."""
    return isinstance(block, Para) and len(block.text) < LEAD_IN_CHARS


def card_pdf(
    prepared: PreparedBook,
    paper: str = "a4",
    *,
    one_page: bool = True,
    pages_after: Sequence[tuple[str, Page]] = (),
    cover: Page | None = None,
    foot: Callable[[int], Sequence[Shape]] | None = None,
    title: str | None = None,
    subject: str | None = None,
    keywords: Sequence[str] | None = None,
) -> bytes:
    """The one-page PDF, or RulebookError when the source does not fit one page
    (`one_page=False` lets it run on, to see how far over it is).

    `pages_after` are (bookmark, page) pairs of whole pages drawn after the card,
    on the same paper: the print-and-play kit is the card and its sheets, under its
    own `title`, `subject` and `keywords` (else the source's). A kit also has a
    `cover` before the card, and a `foot(page number)` drawn on every page after
    it in place of the card's credit (the cover gives the credit once)."""
    meta = _Meta(title, subject, keywords, cover, foot)
    register_fonts()
    size = PAPERS[paper]
    geometry = CardGeometry.of(paper, prepared, credit=foot is None)
    if len(geometry.band(prepared.book)) > MAX_BAND_LINES:  # a source's check says where
        raise RulebookError("the title and subtitle are too long for the card's title band")
    if geometry.foot_extra > geometry.mm(MAX_FOOT_EXTRA_MM):
        raise RulebookError("the small print is too long for the card's foot")
    full = geometry.body_height

    def pages(column: float, grow: float) -> int:
        return _typeset(prepared, paper, geometry, column, (), _Meta(), grow)[1]

    def fits(column: float, grow: float) -> bool:
        # a shorter column or larger figures may leave a block taller than the column
        # (it fits the full one, or `least` below refuses): that try does not fit
        try:
            return pages(column, grow) == 1
        except TooTall:
            return False

    least = pages(full, 1.0)
    if least > 1:
        if one_page:
            raise RulebookError(
                f"the quick reference runs to {least} pages of "
                f"{size.name}; shorten the source to fit one"
            )
        return _typeset(prepared, paper, geometry, full, pages_after, meta, 1.0)[0]
    # Room to spare goes first to the figures (up to MAX_GROW times their least size),
    # then the columns are balanced: the shortest that still hold the card, so the
    # right column ends level with the left. Both found by halving.
    grow = 1.0
    low, high = 1.0, MAX_GROW
    for _ in range(GROW_STEPS):
        middle = (low + high) / 2
        if fits(full, middle):
            grow = low = middle
        else:
            high = middle
    low, column = full / 2, full
    while column - low > BALANCE_MM:
        middle = (low + column) / 2
        if fits(middle, grow):
            column = middle
        else:
            low = middle
    stretch = _flush_bottom(prepared, paper, geometry, column, grow)
    return _typeset(prepared, paper, geometry, column, pages_after, meta, grow, stretch)[0]


@dataclass
class _Probe:
    """Where the card's blocks landed on its page: the column each story item
    starts in, the item each column opens with, and how low each column's ink goes
    (pt from the paper's foot)."""

    landed: dict[int, str] = field(default_factory=dict)
    first: dict[str, int | None] = field(default_factory=dict)
    bottoms: dict[str, float] = field(default_factory=dict)


def _flush_bottom(
    prepared: PreparedBook, paper: str, geometry: CardGeometry, column: float, grow: float
) -> dict[int, float]:
    """Extra space (pt) before story items of the shorter column, so both columns end
    level, as a typesetter's flush bottom does. Balancing alone leaves them a block
    apart (the Letter card's right column ended 15 mm above its left): no block can
    move across without overflowing. The shortfall is shared among the gaps between
    the short column's blocks, twice as much above a chapter's heading; kept only if
    every block stays in its column."""
    probe = _Probe()
    _typeset(prepared, paper, geometry, column, (), _Meta(), grow, probe=probe)
    if len(probe.bottoms) < 2:
        return {}
    short = max(probe.bottoms, key=lambda frame: probe.bottoms[frame])
    shortfall = probe.bottoms[short] - min(probe.bottoms.values())
    if shortfall < MIN_STRETCH_MM * PT_PER_MM:
        return {}
    items = _CardBuilder(prepared, paper, geometry, grow).story()
    weights: dict[int, float] = {}
    for index in sorted(i for i, frame in probe.landed.items() if frame == short):
        if index == probe.first.get(short) or index == 0:
            continue
        kind = getattr(items[index], "marker", (None,))[0]
        previous = getattr(items[index - 1], "marker", (None,))[0]
        if kind == "chapter":
            weights[index] = 2.0
        elif kind is None and previous != "chapter":
            weights[index] = 1.0
    if not weights:
        return {}
    unit = shortfall / sum(weights.values())
    stretch = {index: weight * unit for index, weight in weights.items()}
    check = _Probe()
    pages = _typeset(prepared, paper, geometry, column, (), _Meta(), grow, stretch, check)[1]
    return stretch if pages == 1 and check.landed == probe.landed else {}


def card_pages(prepared: PreparedBook, paper: str = "a4") -> int:
    """How many pages the card runs to at its least size: 1 when `card_pdf` can set it
    (RulebookError when a block is taller than a column). One typesetting, for checks."""
    register_fonts()
    geometry = CardGeometry.of(paper, prepared)
    return _typeset(prepared, paper, geometry, geometry.body_height, (), _Meta(), 1.0)[1]


def _typeset(
    prepared: PreparedBook,
    paper: str,
    geometry: CardGeometry,
    column_mm: float,
    pages_after: Sequence[tuple[str, Page]],
    meta: _Meta,
    grow: float,
    stretch: Mapping[int, float] | None = None,
    probe: _Probe | None = None,
) -> tuple[bytes, int]:
    """The PDF with columns `column_mm` tall, and how many pages the card took;
    `stretch`: extra space (pt) before story items (`_flush_bottom`); `probe`, if
    given, is filled with where the card's items landed (a card without a cover)."""
    from reportlab.platypus import (
        BaseDocTemplate,
        Frame,
        KeepTogether,
        NextPageTemplate,
        PageBreak,
        PageTemplate,
        Spacer,
    )

    size = PAPERS[paper]
    mm = geometry.mm
    width, height = size.width * PT_PER_MM, size.height * PT_PER_MM
    book = prepared.book
    builder = _CardBuilder(prepared, paper, geometry, grow)
    state = {"card_pages": 0}

    items = builder.story()
    positions: dict[int, int] = {}  # id of a flowable drawn -> its item's index
    for index, item in enumerate(items):
        positions.setdefault(id(item), index)
        if isinstance(item, KeepTogether):  # drawn as its parts when it fits
            for part in item._content:
                positions.setdefault(id(part), index)

    def watch(frame, flowable) -> None:
        assert probe is not None
        index = positions.get(id(flowable))
        probe.first.setdefault(frame.id, index)
        if index is not None:
            probe.landed.setdefault(index, frame.id)
        if not isinstance(flowable, Spacer):
            bottom = frame._y + flowable.getSpaceAfter()
            probe.bottoms[frame.id] = min(probe.bottoms.get(frame.id, bottom), bottom)

    class Doc(BaseDocTemplate):
        def afterFlowable(self, flowable):
            # An action (a kept box's frame break) can end the page: no frame is
            # current then, and nothing is drawn to watch.
            frame = getattr(self, "frame", None)
            on_card = probe is not None and self.page == 1 and frame is not None
            if on_card and frame.id.startswith("column"):
                watch(frame, flowable)
            marker = getattr(flowable, "marker", None)
            if marker is None:
                return
            kind, text, level = marker
            if kind == "card-end":
                state["card_pages"] = self.page
                return
            key = f"h{self.seq.nextf('heading')}"
            self.canv.bookmarkPage(key)
            nested = kind != "part" and bool(pages_after)  # in a kit, under its part
            self.canv.addOutlineEntry(text, key, level=level + nested, closed=False)

    def opening(canvas, doc):
        canvas.showOutline()
        date_the_file(canvas, book)

    def footed(canvas, doc):
        if meta.foot is not None and doc.page > 1:
            draw_shapes(canvas, meta.foot(doc.page), size.height)

    def band(canvas, doc):
        if doc.page == 1:
            opening(canvas, doc)
        _band(canvas, book, geometry, width, height)
        if meta.foot is None:
            _credit(canvas, builder, geometry, width)
        footed(canvas, doc)

    def sheet(canvas, doc):
        opening(canvas, doc)
        footed(canvas, doc)

    column = geometry.column * PT_PER_MM
    frame_h = column_mm * PT_PER_MM
    frame_y = height - geometry.body_top * PT_PER_MM - frame_h  # columns hang from the top
    frames = [
        Frame(
            mm(SIDE_MM) * PT_PER_MM + i * (column + mm(GUTTER_MM) * PT_PER_MM),
            frame_y,
            column,
            frame_h,
            id=f"column{i + 1}",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        for i in range(2)
    ]
    full = Frame(
        0, 0, width, height, id="full", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0
    )
    buffer = io.BytesIO()
    doc = Doc(
        buffer,
        pagesize=(width, height),
        invariant=1,
        pageCompression=1,
        initialFontName="Cardo",
        initialFontSize=9,
        title=meta.title or book.full_title,
        author=book.pdf_author,
        subject=meta.subject or book.meta_subject,
        keywords=list(meta.keywords or book.meta_keywords),
        creator="maerstanas_print",
        lang=book.language,
    )
    templates = [
        PageTemplate("card", frames, onPage=band),
        PageTemplate("sheet", [full], onPage=sheet),
    ]
    story: list = []
    if meta.cover is not None:  # the cover comes first, on the whole page
        templates.reverse()
        story += [
            _marker("part", "Contents and printing"),
            _shapes_flowable(meta.cover.shapes, meta.cover.width, meta.cover.height),
            NextPageTemplate("card"),
            PageBreak(),
        ]
    doc.addPageTemplates(templates)
    if pages_after:
        story.append(_marker("part", "Quick reference"))
    for index, item in enumerate(items):
        if stretch and stretch.get(index):
            story.append(Spacer(1, stretch[index]))
        story.append(item)
    story.append(_marker("card-end", ""))
    for label, page in pages_after:
        story += [
            NextPageTemplate("sheet"),
            PageBreak(),
            _marker("part", label),
            _shapes_flowable(page.shapes, page.width, page.height),
        ]
    from reportlab.platypus.doctemplate import LayoutError

    try:
        doc.build(story)
    except LayoutError:  # a table row or record taller than the card's column
        raise TooTall(
            f"a table, glossary or record is taller than a column of the card "
            f"({column_mm:.0f} mm); shorten it"
        ) from None
    return buffer.getvalue(), state["card_pages"]


def _band(canvas, book, geometry: CardGeometry, width: float, height: float) -> None:
    """The title band: title and subtitle at the left, the author at the right
    when there is room (on a long title the credit at the foot names them). A title
    too long for one line is wrapped (`card_band`), the band's rule lower by as much."""
    scale, mm = geometry.scale, geometry.mm
    title_pt, subtitle_pt, author_pt = 22 * scale, 13 * scale, 10 * scale
    canvas.saveState()
    left, right = mm(SIDE_MM) * PT_PER_MM, width - mm(SIDE_MM) * PT_PER_MM
    baseline = height - mm(TOP_MM + 9.0) * PT_PER_MM
    canvas.setFillColor(PURE_BLACK)
    lines = geometry.band(book)
    if len(lines) == 1:  # as it was always set
        canvas.setFont("Cardo-Bold", title_pt)
        canvas.drawString(left, baseline, book.title)
        subtitle_x = left + canvas.stringWidth(book.title, "Cardo-Bold", title_pt) + 8 * scale
        canvas.setFont("Cardo-Italic", subtitle_pt)
        canvas.drawString(subtitle_x, baseline, book.subtitle)
        title_end = subtitle_x + canvas.stringWidth(book.subtitle, "Cardo-Italic", subtitle_pt)
    else:
        for number, line in enumerate(lines):
            if number:
                baseline -= line_drop(line, scale) * PT_PER_MM
            x = left
            for words, font, size in line:
                canvas.setFont(font, size)
                canvas.drawString(x, baseline, words)
                title_end = x + canvas.stringWidth(words, font, size)
                x = title_end + 8 * scale
    if title_end + 12 * scale + canvas.stringWidth(book.author, "Cardo", author_pt) <= right:
        canvas.setFillColor(SOFT)
        canvas.setFont("Cardo", author_pt)
        canvas.drawRightString(right, baseline, book.author)
    rule_y = height - (mm(TOP_MM + BAND_MM - 2.0) + geometry.band_extra) * PT_PER_MM
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(0.8 * scale)
    canvas.line(left, rule_y, right, rule_y)
    canvas.restoreState()


def _credit_paragraph(builder: _CardBuilder, geometry: CardGeometry, width: float):
    """The credit and licence (the front matter's paragraphs), wrapped to the page's
    width between its side margins (`width`: the page's, pt)."""
    text = " ".join(block.text for block in builder.prepared.book.front if isinstance(block, Para))
    left = geometry.mm(SIDE_MM) * PT_PER_MM
    paragraph = book_paragraph(
        to_reportlab(text, builder.prepared.numbers, builder.language), builder.styles["credit"]
    )
    paragraph.wrap(width - 2 * left, 200)
    return paragraph


def _credit(canvas, builder: _CardBuilder, geometry: CardGeometry, width: float) -> None:
    """The credit and licence, centred at the foot in small type (inline markup kept)."""
    left = geometry.mm(SIDE_MM) * PT_PER_MM
    paragraph = _credit_paragraph(builder, geometry, width)
    paragraph.drawOn(canvas, left, geometry.mm(FOOT_MM) * PT_PER_MM)
