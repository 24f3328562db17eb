"""The rulebook as one self-contained HTML page: the same text and figures as the PDF.

Blocks become semantic HTML (sections, figures with inline SVG and captions,
tables, a definition list for the glossary); the page skeleton, the contents
list and the screen and print styles live in `templates/rulebook.html.j2` and
`templates/rulebook.css`. Cardo is embedded as subsets, as on the sheets.
"""

from __future__ import annotations

from markupsafe import Markup

from maerstanas_print.draw.board import describe
from maerstanas_print.draw.shapes import Page
from maerstanas_print.draw.svg import readable_width, render_svg
from maerstanas_print.fonts import FACES, font_face_css
from maerstanas_print.resources import read_text
from maerstanas_print.rulebook import layout
from maerstanas_print.rulebook.figures import (
    Figure,
    FigureView,
    figure_cell,
    figure_shapes,
    panel_width,
)
from maerstanas_print.rulebook.inline import heading_entry, to_html
from maerstanas_print.rulebook.model import (
    BlankBoards,
    Block,
    Bullets,
    Glossary,
    Heading,
    Para,
    RecordText,
    SampleGame,
    StoneKey,
    Table,
    heading_ids,
    plain,
)
from maerstanas_print.rulebook.prepare import PreparedBook
from maerstanas_print.rulebook.words import words
from maerstanas_print.sheets.common import PAPERS
from maerstanas_print.templating import environment

FIGURE_WIDTH = 156.0  # mm: the PDF's text width on A4
# A list item of up to this many characters (about four printed lines) moves whole to
# the next page in print (rulebook.css): Chromium, weighing a heading's `break-after:
# avoid` against an item's widows, left "G7." alone at the top of a page.
SHORT_ITEM = 400
NARROW_KEY_WIDTH = 80.0  # mm: the stone legend as a phone shows it (rulebook.css)
# The narrowest column a figure stands in: a 320 px phone less the page's padding
# (rulebook.css). A figure that needs more to keep its text 8 px tall scrolls
# sideways in its own frame, which is then reachable with the keyboard.
NARROWEST_COLUMN_PX = 320 - 2 * 16
# A word longer than this (letters) in a table cell may break anywhere (`cell_class`):
# the longest word of the shipped books' tables is well under it.
LONG_WORD = 30
# A table's room in print: A4's text width as Chromium prints it (Letter's is wider),
# and a cell's text size (0.95rem of 16 px), to tell whether a word fits its column
PRINT_TEXT_PX = 612.0
CELL_PX_PER_EM = 15.2
CELL_PADDING_PX = 10.0


def word_px(word: str) -> float:
    """A generous width of `word` in a table cell (Cardo: W and M near an em, other
    capitals about three quarters, small letters and digits about half, and any
    other character, `@`, `%`, `Œ`, `…`, counted as a whole em)."""
    return CELL_PX_PER_EM * sum(_EMS.get(c, 1.0) for c in word)


_EMS = {
    **dict.fromkeys("abcdefghijklnopqrstuvxyz0123456789.,;:'-()", 0.55),
    **dict.fromkeys("ABCDEFGHIJKLNOPQRSTUVXYZ", 0.75),
    **dict.fromkeys("WMmw", 0.95),
}


RUNNING_HEAD = '"Title · Subtitle"'  # in rulebook.css, where each book puts its own
_CSS_PLAIN = frozenset(" ·-_.,;:!?'()&+/")  # ASCII written as itself in a CSS string


def css_string(text: str) -> str:
    """`text` as a quoted CSS string that nothing in it can end: inside `<style>` the
    HTML parser looks for `</style` before CSS is read, so every character but
    letters, digits and a few marks is written as a CSS escape (`\\3c ` for `<`). An
    escape ends with a space, which CSS takes as its end: a blank after it would be
    taken instead (`\\002014 and` read as "—and")."""
    out = []
    for char in text:
        if char.isalnum() and (char.isascii() or char.isprintable()) or char in _CSS_PLAIN:
            out.append(char)
        else:
            out.append(f"\\{ord(char):x} ")
    return '"' + "".join(out) + '"'


class _Renderer:
    def __init__(self, prepared: PreparedBook, paper: str) -> None:
        self.prepared = prepared
        self.paper = paper
        self.extra_css: list[str] = []
        self.sample_games = 0  # each game's viewer has ids of its own on the page
        self.language = prepared.book.language
        self.words = words(self.language)

    def inline(self, text: str) -> Markup:
        return to_html(text, self.prepared.numbers, self.language)

    def svg(self, shapes, width: float, height: float, label: str, prefix: str) -> Markup:
        # Our SVG writer escapes every text and attribute it writes.
        return Markup(render_svg(Page(width, height, tuple(shapes), label), prefix, readable=True))

    def frame(self, css_class: str, drawings: list[tuple[Page, str]], label: str) -> Markup:
        """A `<div>` holding drawings; when they may be wider than a phone's column
        (to keep their text readable) it scrolls sideways, and then it is a labelled
        region in the tab order, so a keyboard can scroll it too."""
        wide = any((readable_width(page) or 0) > NARROWEST_COLUMN_PX for page, _ in drawings)
        svgs = Markup("").join(
            self.svg(page.shapes, page.width, page.height, page.label or label, prefix)
            for page, prefix in drawings
        )
        if not wide:
            return Markup('<div class="{}">{}</div>').format(css_class, svgs)
        return Markup(
            '<div class="{} scrolls" role="region" tabindex="0" aria-label="{}">{}</div>'
        ).format(css_class, label, svgs)

    def block(self, block: Block, anchor: str = "") -> Markup:
        """`block` as HTML; `anchor` is a section heading's id (`heading_ids`)."""
        if isinstance(block, Para):
            return Markup('<p class="{}">{}</p>').format(block.style, self.inline(block.text))
        if isinstance(block, Heading):
            return Markup('<h3 id="{}">{}</h3>').format(anchor, self.inline(block.text))
        if isinstance(block, Bullets):
            tag = "ol" if block.numbered else "ul"
            items = Markup("").join(
                Markup("<li{}>{}</li>").format(
                    Markup(' class="long"') if len(plain(i)) > SHORT_ITEM else "", self.inline(i)
                )
                for i in block.items
            )
            start = Markup(' start="{}"').format(block.start) if block.start != 1 else ""
            return Markup("<{0}{1}>{2}</{0}>").format(Markup(tag), start, items)
        if isinstance(block, Figure):
            return self.figure(block)
        if isinstance(block, Table):
            return self.table(block)
        if isinstance(block, RecordText):
            caption = (
                Markup("<figcaption>{}</figcaption>").format(self.inline(block.caption))
                if block.caption
                else Markup("")
            )
            return Markup('<figure class="record"><pre><code>{}</code></pre>{}</figure>').format(
                block.text, caption
            )
        if isinstance(block, Glossary):
            rows = Markup("").join(
                Markup('<div><dt lang="ang">{}</dt><dd>{}</dd></div>').format(
                    term, self.inline(gloss)
                )
                for term, gloss in block.entries
            )
            return Markup('<dl class="glossary">{}</dl>').format(rows)
        if isinstance(block, StoneKey):
            shapes, height = layout.stone_key(FIGURE_WIDTH, block.game, block.theme)
            label = layout.stone_key_label(block.game)
            key = Page(FIGURE_WIDTH, height, tuple(shapes), label)
            # A phone gets the legend wrapped to a narrow column, its text as large as
            # in print; paper and wide screens the one row of the PDF.
            shapes, height = layout.stone_key(NARROW_KEY_WIDTH, block.game, block.theme)
            narrow = Page(NARROW_KEY_WIDTH, height, tuple(shapes), label)
            return Markup("{}{}").format(
                self.frame("stone-key wide", [(key, "key")], label),
                self.frame("stone-key narrow", [(narrow, "key-narrow")], label),
            )
        if isinstance(block, SampleGame):
            return self.sample_game(block)
        if isinstance(block, BlankBoards):
            page = layout.blank_board_page(self.paper, block.game, block.per_page)
            return self.frame("sheet", [(page, f"boards{block.per_page}")], page.label or "")
        raise TypeError(f"no HTML form for {block!r}")  # pragma: no cover

    def figure(self, figure: Figure) -> Markup:
        """One SVG per panel, side by side, so that on a narrow screen they stack instead
        of shrinking (issue 11, item 22); the squares are as large as in the PDF."""
        view = self.prepared.figure(figure.key)
        cell = figure_cell(view, FIGURE_WIDTH)
        numbers = self.prepared.numbers
        about = plain(figure.alt or figure.caption, numbers, self.language)
        pages = []
        for n, panel in enumerate(view.panels, 1):
            width = panel_width(panel, cell)
            shapes, height = figure_shapes(FigureView(figure, view.number, (panel,)), width, cell)
            message = (
                "Figure {number}, {panel}: {description}"
                if n > 1
                else "Figure {number}. {about} ({panel}: {description})"
            )
            label = self.words(message).format(
                number=view.number, about=about, panel=panel.label, description=describe(panel.spec)
            )
            pages.append((Page(width, height, tuple(shapes), label), f"fig{view.number}-{n}"))
        caption_word = self.words("Figure {number}.").format(number=view.number)
        return Markup(
            '<figure class="diagram" id="fig-{}">{}<figcaption><b>{}</b> {}</figcaption></figure>'
        ).format(
            figure.key,
            self.frame("panels", pages, caption_word.rstrip(".")),
            caption_word,
            self.inline(figure.caption),
        )

    def cell_class(self, text: str, share: float) -> Markup:
        """` class="long-word"` for a cell holding a word too long for its column:
        the CSS lets such a cell break its words anywhere (its least width then no
        longer holds the whole word), as the PDF does, instead of pushing the table
        past the page, where print cuts it off (print has no frame that scrolls).
        `share` is the room a column of its table has (`column_share`). Other cells
        keep their layout."""
        tokens = self.words_of(text)
        if any(len(token) > LONG_WORD or word_px(token) > share for token in tokens):
            return Markup(' class="long-word"')
        return Markup("")

    def words_of(self, text: str) -> list[str]:
        return plain(text, self.prepared.numbers, self.language).split()

    def column_share(self, table: Table) -> float:
        """The room a column's words must fit in: unlimited when each column's
        longest word fits the printed page side by side (a column is never narrower
        than its longest word, so nothing need break); else the page's width over
        the columns (six columns of "Schifffahrtsgesellschaften" do not fit)."""
        columns = len(table.header)
        rows = (table.header, *table.rows)
        longest = [
            max(
                (word_px(w) for row in rows if i < len(row) for w in self.words_of(row[i])),
                default=0.0,
            )
            + CELL_PADDING_PX
            for i in range(columns)
        ]
        if sum(longest) <= PRINT_TEXT_PX:
            return float("inf")
        return PRINT_TEXT_PX / max(1, columns) - CELL_PADDING_PX

    def table(self, table: Table) -> Markup:
        share = self.column_share(table)
        head = Markup("").join(
            Markup('<th scope="col"{}>{}</th>').format(self.cell_class(c, share), self.inline(c))
            for c in table.header
        )
        rows = Markup("").join(
            Markup("<tr>{}</tr>").format(
                Markup("").join(
                    Markup("<td{}>{}</td>").format(self.cell_class(c, share), self.inline(c))
                    for c in row
                )
            )
            for row in table.rows
        )
        # In a frame that scrolls sideways on a screen too narrow for the table
        # (rulebook.css), labelled and in the tab order so the keyboard scrolls it too.
        label = " · ".join(plain(c, self.prepared.numbers, self.language) for c in table.header)
        return Markup(
            '<div class="table-frame scrolls" role="region" tabindex="0" aria-label="{}">'
            "<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>"
        ).format(label, head, rows)

    def sample_game(self, block: SampleGame) -> Markup:
        game = layout.sample_game(block.resource)
        gamedoc = layout.gamedoc()
        if gamedoc is not None:
            self.extra_css.append(gamedoc.game_css())
            self.sample_games += 1
            prefix = "sample" if self.sample_games == 1 else f"sample{self.sample_games}"
            return Markup(gamedoc.game_html_fragment(game, id_prefix=prefix))
        shapes, height = layout.final_diagram(game, FIGURE_WIDTH)
        svg = self.svg(
            shapes, FIGURE_WIDTH, height, "The final position of the sample game", "final"
        )
        return Markup(
            '<p>{}</p><figure class="record"><pre><code>{}</code></pre></figure>'
            '<figure class="diagram">{}<figcaption>{}</figcaption></figure>'
        ).format(
            layout.sample_details(game),
            layout.sample_movetext(game),
            svg,
            layout.final_caption(game),
        )

    def chapters(self) -> list[dict]:
        out = []
        chapters = self.prepared.book.chapters
        for (number, chapter), (anchor, sections) in zip(
            layout.numbered(chapters), heading_ids(chapters), strict=True
        ):
            out.append(
                {
                    "number": number,
                    "label": self.words(
                        "Appendix {number}" if chapter.appendix else "Chapter {number}"
                    ).format(number=number),
                    "title": plain(chapter.title),
                    "anchor": anchor,
                    "appendix": chapter.appendix,
                    "sheet": isinstance(chapter.blocks[0], BlankBoards),
                    "sections": [
                        {"title": heading_entry(b.text, self.language), "anchor": sections[index]}
                        for index, b in enumerate(chapter.blocks)
                        if isinstance(b, Heading)
                    ],
                    "body": Markup("\n").join(
                        self.block(b, sections.get(index, ""))
                        for index, b in enumerate(chapter.blocks)
                    ),
                }
            )
        return out


def rulebook_html(prepared: PreparedBook, paper: str = "a4") -> str:
    """The finished HTML document (one file, no scripts, no external resources)."""

    renderer = _Renderer(prepared, paper)
    book = prepared.book
    chapters = renderer.chapters()
    art_w, art_h, art = layout.title_art(book.game)
    front = [renderer.inline(b.text) for b in book.front if isinstance(b, Para)]
    context = {
        "book": book,
        "paper": PAPERS[paper],
        "chapters": chapters,
        "front": front,
        "art": renderer.svg(
            art, art_w, art_h, renderer.words(layout.title_art_label(book.game)), "art"
        ),
        "contents_title": renderer.words("Contents"),
    }
    template = environment().get_template("rulebook.html.j2")
    draft = template.render(font_css="", css="", **context)
    chars = "".join(sorted(set(draft)))  # every character the page can show
    head = css_string(book.running_head)
    css = read_text("templates", "rulebook.css").replace(RUNNING_HEAD, head)
    css = Markup(css + "\n".join(renderer.extra_css))
    return template.render(
        font_css=Markup(font_face_css({face: chars for face in FACES})), css=css, **context
    )
