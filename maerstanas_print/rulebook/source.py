"""Read a rulebook source (Markdown with front matter) into a `Book`, remembering places.

The Markdown is parsed by markdown-it-py (CommonMark with tables): `#` starts
a chapter (`{.appendix}` after its title makes it an appendix), `##` a
section, a paragraph ending in `{.lead}` is the larger opening text, a block
quote is a boxed note; lists and tables are what they look like, and a
table's column widths follow the dashes of its delimiter row. Text before the
first chapter is the title page's small print. Fenced blocks carry what the
engine checks (see `source_blocks`). The format is described for authors in
docs/writing-rulebooks.md.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from typing import Any
from urllib.parse import unquote

from maerstanas_print.diagnostics import Source
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import all_games, game_named
from maerstanas_print.io import limits
from maerstanas_print.io.errors import InputError
from maerstanas_print.io.inputs import read_text
from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games, first_error
from maerstanas_print.rule_points import holds_markers, marker_in_braces, strip_markers
from maerstanas_print.rulebook.figures import Figure
from maerstanas_print.rulebook.front_matter import read_front_matter
from maerstanas_print.rulebook.kit import kit_of
from maerstanas_print.rulebook.links import is_place, refusal
from maerstanas_print.rulebook.model import (
    BlankBoards,
    Block,
    Book,
    Bullets,
    Chapter,
    Heading,
    Para,
    RecordText,
    SampleGame,
    StoneKey,
    Table,
    ascii_letters,
    ends_with_markup,
    escaped,
    has_ink,
    heading_ids,
    literal,
    masked,
    plain,
    spans,
)
from maerstanas_print.rulebook.source_blocks import (
    FigurePlaces,
    TextBudget,
    read_figure,
    read_glossary,
    read_record,
    read_settings,
    refuse_large_table,
    refuse_other_breaks,
    written_cells,
)
from maerstanas_print.rulebook.source_errors import SourceError, Where
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import SheetError

# A `{{ reference }}`, found in `masked` text (so one with an escaped brace is words,
# and a name holding an escape is no name): see `references`.
REFERENCE = re.compile(r"\{\{\s*([^{}\x1a]*?)\s*\}\}")
# A `{{ reference }}` in a link's address (`[b](https://x.org/{{ book.edition }})`):
# Markdown reads no link there (the spaces) or one to `%7B%7B...`, never the value.
_ADDRESS_REFERENCE = re.compile(r"\]\([^()]*?\{\{")
# The largest first number of a numbered list: its number stands in the list's margin.
MAX_LIST_START = 999
BOOKS_PACKAGE = "maerstanas_print.games"  # the shipped sources live in its books/ folder


# What markdown-it makes of a list item holding only text, which is what a book sets.
_LIST_ITEM_PARTS = ("list_item_open", "list_item_close", "paragraph_open", "paragraph_close")


@dataclass
class ReadSource:
    """A source read into a book whose texts still hold `{{ references }}`."""

    book: Book
    source: Source
    figures: dict[str, FigurePlaces] = field(default_factory=dict)
    records: dict[str, tuple[RecordText, Where]] = field(default_factory=dict)
    references: dict[str, Where] = field(default_factory=dict)  # first place of each
    places: list[tuple[str, Where]] = field(default_factory=list)  # `#place` links
    chapter_places: list[Where] = field(default_factory=list)  # each chapter's `#` line
    block_places: list[list[Where]] = field(default_factory=list)  # each chapter's blocks'
    front_place: Where | None = None  # the small print's first paragraph
    directives: list[tuple[str, Where]] = field(default_factory=list)  # (kind, its ``` line)
    released: datetime.date | None = None
    edition: str = ""
    language: str = "en"


class _Reader:
    """Walks markdown-it's tokens and builds chapters, keeping places for later errors."""

    def __init__(self, read: ReadSource, game: Game) -> None:
        self.read, self.game = read, game
        self.front: list[Block] = []
        self.chapters: list[tuple[str, bool, list[Block]]] = []
        self.chapter_places: list[Where] = []  # each chapter's `#` line
        self.block_places: list[list[Where]] = []  # where each block of a chapter starts
        self.budget = TextBudget()
        self.budget.reader = self.markup  # captions and glosses read as paragraphs are
        self.parsing: tuple[Any, dict] | None = None  # the parser and env of the text walked
        # the user's ```include line while a shared text is walked: a reference the
        # shared text makes is the user's to answer (`edition:` in the front matter)
        self.included_at: Where | None = None

    def walk(self, source: Source, text: str, params: dict[str, str] | None = None) -> None:
        from markdown_it import MarkdownIt

        # The inline markup of each paragraph, heading or cell is parsed in `inline`, once
        # its length is known to be within the limit: markdown-it's inline parser takes
        # time and memory that grow faster than the text (2 MB of `a*`: 40 s, 770 MB).
        markdown = MarkdownIt("commonmark").enable("table").disable("inline")
        # Markdown-it keeps the text of a link it refuses as text; every link is made a
        # link here instead, and the book's own policy refuses it with its place.
        markdown.validateLink = lambda url: True  # type: ignore[method-assign]
        env: dict = {}  # the text's link reference definitions
        tokens = markdown.parse(text, env)
        outer, self.parsing = self.parsing, (markdown, env)  # an include walks its own text
        try:
            i = 0
            while i < len(tokens):
                i = self.token(source, tokens, i, params or {})
        finally:
            self.parsing = outer

    # -- helpers ------------------------------------------------------------------

    def where(self, source: Source, token, column: int = 1, width: int = 1) -> Where:
        line = (token.map[0] + 1) if token.map else 1
        return Where.at(source, line, column, width)

    def add(self, block: Block, where: Where) -> None:
        if self.chapters:
            self.chapters[-1][2].append(block)
            self.block_places[-1].append(where)
        elif isinstance(block, Para):
            self.front.append(block)
            self.read.front_place = self.read.front_place or where
        else:
            raise SourceError(
                where,
                "R101",
                "only paragraphs may come before the first chapter",
                "start a chapter with a `# Title` line",
            )

    def inline(
        self,
        source: Source,
        token,
        params: dict[str, str],
        what: str = "paragraph",
        known_class: str = "",
    ) -> str:
        """The inline markup of `token` in the book's own small markup (see `model`);
        `known_class` is the class markup (`{.lead}`) that may end it."""
        where = self.where(source, token)
        if len(token.content) > limits.MAX_BOOK_PARAGRAPH_CHARS:  # as written, markup and all
            raise SourceError(
                where,
                "R110",
                f"this {what} is {len(token.content):,} characters long as written; the "
                f"limit is {limits.MAX_BOOK_PARAGRAPH_CHARS:,}",
                "split it (docs/writing-rulebooks.md lists the limits)",
            )
        text = self.markup(token.content, where, params)
        written = len(token.content)
        return self.budget.take(text, where, what, known_class=known_class, written=written)

    def markup(self, content: str, where: Where, params: dict[str, str] | None = None) -> str:
        """`content` as written in the source (a paragraph's, a cell's, a caption's or a
        gloss's words) in the book's own markup. The one reader of inline Markdown, so a
        backslash escape, an entity or a star reads the same in every text of a book."""
        assert self.parsing is not None  # set by `walk`
        markdown, env = self.parsing
        children = markdown.inline.parse(content, markdown, env, [])
        out: list[str] = []
        open_: list[str] = []  # the spans open here: the book's markup does not nest
        href = stray = ""  # stray: text that holds a link's `](` Markdown did not read
        for child in children:
            kind = child.type
            self.refuse_nesting(where, open_, child, out)
            if kind == "text_special":  # `\{`, `\:`, `&#123;`: the character, never markup
                out.append(escaped(child.content))
            elif kind == "text":
                if "](" in child.content and not stray:  # `[a [b](u) c](v)`: no outer link
                    stray = child.content.strip()
                out.append(literal(child.content))  # what Markdown read as text stays text
            elif kind in ("softbreak", "hardbreak"):
                out.append(" ")
            elif kind == "code_inline":
                out.append(f"`{literal(child.content)}`")
            elif kind in ("em_open", "em_close"):
                out.append("*")
            elif kind in ("strong_open", "strong_close"):
                out.append("**")
            elif kind == "link_open":
                out.append("[")
                href = self.link(where, str(child.attrs.get("href", "")))
            elif kind == "link_close":
                out.append(f"]({href})")
            else:
                what = {"html_inline": "raw HTML", "image": "an image"}.get(kind, kind)
                raise SourceError(
                    where,
                    "R101",
                    f"{what} cannot be set in a rulebook",
                    "use *italic*, **bold**, `notation` and [links](https://...)",
                )
        refuse_address_reference(content, where)
        if stray:
            raise SourceError(
                where.find(stray),
                "R101",
                "link markup that makes no link (a link inside a link's words, or an "
                "address with a space) would be printed as its brackets",
                "write the links one after the other: [the rules](https://...) and "
                "[the notes](https://...)",
            )
        marked = "".join(out)
        text = strip_markers(marked)  # rule-point markers are for the concordance
        if holds_markers(text) or marker_in_braces(marked):  # `{§ {§ 1}}`, `{fig:{§ 1}}`
            raise SourceError(
                where.find("{§"),
                "R101",
                "a rule-point marker {§ ...} holds no braces and no other marker, and "
                "stands in no other braces ({fig:...}, {{ ... }})",
                "write the markers one after the other, after the words: {fig:f} {§ 1}{§ 2}",
            )
        for name, value in (params or {}).items():
            text = text.replace(f"{{{{ include.{name} }}}}", value)
        self.note_references(where, text, content)
        return text

    def refuse_empty(self, source: Source, token, title: str) -> None:
        """SourceError R101 at a heading with no words (`#`, `## {.appendix}`, a space):
        it would be an empty line of the contents and of the page."""
        if not has_ink(plain(title)):
            raise SourceError(
                self.where(source, token),
                "R101",
                "a heading without words cannot be set",
                "write its title after the `#`, or leave the line out",
            )

    def refuse_chapter_link(self, source: Source, token, title: str) -> None:
        """SourceError R101 at a link in a `#` chapter title: the title is also the
        contents line, the running head and the PDF outline entry, which are plain
        words, so the HTML printed it without its link while the PDF kept it."""
        if any(span.kind == "link" for span in spans(title)):
            raise SourceError(
                self.where(source, token).find("["),
                "R101",
                "a chapter title cannot hold a link (it is also the contents line and "
                "the running head, which are plain words)",
                "put the link in the chapter's first paragraph, or in a `##` section title",
            )

    def refuse_heading_figure(self, where: Where, text: str) -> None:
        """SourceError R101 at a figure reference (`{fig:f}`, `{{ f.figure }}`) in a `#` or
        `##` heading. A heading is also a contents line, an outline entry and a running
        head, plain words set before the figures are counted (they printed "figure 0");
        `figure {{ f.number }}` is plain words, and is set alike in all of them."""
        mark = next((f"{{fig:{s.text}}}" for s in spans(text) if s.kind == "fig"), None)
        for match in references(text):
            if mark is None and match[1].count(".") == 1 and match[1].endswith(".figure"):
                mark = match[0]
        if mark is not None:
            raise SourceError(
                where.find(mark),
                "R101",
                "a heading cannot refer to a figure (it is also the contents line, the "
                "outline entry and the running head, which are plain words)",
                "write `figure {{ id.number }}`, which is plain words, or refer to the "
                "figure in the text under the heading",
            )

    def refuse_nesting(self, where: Where, open_: list[str], child, out: list[str]) -> None:
        """SourceError R101 where markup would nest (`*a **b***`, `*[x](url)*`, `[*x*](url)`,
        `` *`E4`* ``, `*{fig:x}*`) or a link has no words: the book's markup is flat, so
        the inner markup would be printed as its stars, brackets and backticks."""
        names = {"em": "*italic*", "strong": "**bold**", "link": "a link"}
        kind = child.type
        inner = {
            "em_open": "*italic*",
            "strong_open": "**bold**",
            "link_open": "a link",
            "code_inline": "`notation`",
        }.get(kind)
        if kind == "text" and "{fig:" in child.content:
            inner = "{fig:...}"
        if inner is not None and open_:
            raise SourceError(
                where,
                "R101",
                f"{inner} inside {names[open_[-1]]} cannot be set: a book's markup does not nest",
                "write them one after the other: *see* [the rules](https://...)",
            )
        if kind.endswith("_open"):
            open_.append(kind.removesuffix("_open"))
        elif kind.endswith("_close") and open_:
            open_.pop()
            if kind == "link_close" and not has_ink(plain("".join(out[_last(out, "[") + 1 :]))):
                raise SourceError(
                    where,
                    "R101",
                    "a link without words cannot be set",
                    "write the words to click between the brackets: [the rules](https://...)",
                )

    def link(self, where: Where, href: str) -> str:
        """`href` as the book's markup writes it, once the link policy allows it."""
        if "{{" in href or "%7B%7B" in href.upper():  # `<https://x/{{a}}>`, `[r]: ...{{a}}`
            raise _address_reference(self.address_place(where, href))
        written = href
        if is_place(href) and not unquote(href).isascii():  # Markdown encoded `#über-uns`
            written = unquote(href)
            href = "#" + ascii_letters(written[1:])  # as the heading's id drops accents
        reason = refusal(href)
        if reason is not None:
            scheme = href.partition(":")[0].strip()
            raise SourceError(
                where.find(written) if where.find(written) != where else where.find(scheme),
                "R109",
                reason.replace(repr(href), repr(written)),
                "a book links to http, https and mailto addresses, and to #places in itself",
            )
        if is_place(href):
            self.read.places.append((href, where.find(written)))
        return href.replace("(", "%28").replace(")", "%29")

    def address_place(self, where: Where, href: str) -> Where:
        """Where the `{{` (or `%7B%7B`) of `href` is written: in the text read at `where`
        (an autolink, an inline link), or in the reference definition that gave it."""
        source = where.source
        starts = [where.start]
        assert self.parsing is not None  # set by `walk`
        for definition in self.parsing[1].get("references", {}).values():
            if definition.get("href") == href and definition.get("map"):
                starts.insert(0, Where.at(source, definition["map"][0] + 1).start)
        decoded = unquote(href)
        for text, cut, mark in (
            (decoded, decoded.find("{{"), 2),  # written as braces
            (href, href.upper().find("%7B%7B"), 6),  # written percent-encoded
        ):
            needle = text[: cut + mark] if cut >= 0 else ""
            for start in starts if needle else ():
                found = source.text.find(needle, start)
                if found >= 0:
                    return Where(source, found + len(needle) - mark, found + len(needle))
        return where.find("{{")

    def note_references(self, where: Where, text: str, written: str) -> None:
        """The first place of each `{{ reference }}` of `text` (in the book's markup),
        found as `written` in the source: the inline reader may have turned a part of
        it into markup (`{{ book.__class__ }}` holds `**class**`), and a message
        quotes and marks the reference as the writer wrote it."""
        as_written = {_unmarked(m[0]): m[0] for m in reversed(list(references(written)))}
        for match in references(text):
            if match[0] not in self.read.references:
                found = as_written.get(_unmarked(match[0]), match[0])
                self.read.references[match[0]] = self.included_at or where.find(found)

    # -- blocks -------------------------------------------------------------------

    def token(self, source: Source, tokens: list, i: int, params: dict[str, str]) -> int:
        token = tokens[i]
        kind = token.type
        if kind == "heading_open":
            self.budget.count_heading(self.where(source, token))
            chapter = "{.appendix}" if token.tag == "h1" else ""
            text = self.inline(source, tokens[i + 1], params, "heading", chapter)
            self.refuse_heading_figure(self.where(source, token), text)
            if token.tag == "h1":
                appendix = ends_with_markup(text, "{.appendix}")
                title = (text[: -len("{.appendix}")] if appendix else text).strip()
                self.refuse_empty(source, token, title)
                self.refuse_chapter_link(source, token, title)
                if appendix and sum(a for _, a, _ in self.chapters) == limits.MAX_BOOK_APPENDICES:
                    raise SourceError(
                        self.where(source, token),
                        "R110",
                        f"a book has at most {limits.MAX_BOOK_APPENDICES} appendices (A to H)",
                        "put two appendices together, or make one a chapter",
                    )
                self.chapters.append((title, appendix, []))
                self.chapter_places.append(self.where(source, token, 1, 1))
                self.block_places.append([])
            elif token.tag == "h2":
                self.refuse_empty(source, token, text)
                self.add(Heading(text), self.where(source, token))
            else:
                raise SourceError(
                    self.where(source, token, 1, int(token.tag[1])),
                    "R101",
                    "only `#` (a chapter) and `##` (a section) headings are set",
                    "make this a `##` section or a **bold** lead-in",
                )
            return i + 3
        if kind == "paragraph_open":
            text = self.inline(source, tokens[i + 1], params, known_class="{.lead}")
            lead = ends_with_markup(text, "{.lead}")
            words = text[: -len("{.lead}")] if lead else text
            self.add(
                Para(words.rstrip(), "lead" if lead else "body"),
                self.where(source, token),
            )
            return i + 3
        if kind == "blockquote_open":
            j = i + 1
            while tokens[j].type != "blockquote_close":
                if tokens[j].type == "paragraph_open":
                    self.add(
                        Para(self.inline(source, tokens[j + 1], params), "note"),
                        self.where(source, token),
                    )
                    j += 3
                else:
                    raise SourceError(
                        self.where(source, tokens[j]), "R101", "a note holds only paragraphs"
                    )
            return j + 1
        if kind in ("bullet_list_open", "ordered_list_open"):
            return self.list_(source, tokens, i, params)
        if kind == "table_open":
            return self.table(source, tokens, i, params)
        if kind == "fence":
            self.fence(source, token, params)
            return i + 1
        what = {
            "html_block": "raw HTML",
            "code_block": "an indented code block",
            "hr": "a horizontal rule",
        }.get(kind, kind)
        raise SourceError(
            self.where(source, token),
            "R101",
            f"{what} cannot be set in a rulebook",
            "records go in a ```record block; see docs/writing-rulebooks.md",
        )

    def list_(self, source: Source, tokens: list, i: int, params: dict[str, str]) -> int:
        numbered = tokens[i].type == "ordered_list_open"
        close = tokens[i].type.replace("_open", "_close")
        items, j = [], i + 1
        while tokens[j].type != close:
            kind = tokens[j].type
            if kind == "list_item_open" and tokens[j + 1].type == "list_item_close":
                raise SourceError(  # Markdown reads a bare `-` or `1.` as an empty item
                    self.where(source, tokens[j]),
                    "R101",
                    "a list item without words cannot be set",
                    "write the item's words after its `-` or number, or leave the line out",
                )
            if kind == "inline":
                if tokens[j - 2].type != "list_item_open":  # not the item's first paragraph
                    raise SourceError(
                        self.where(source, tokens[j]),
                        "R101",
                        "a list item holds one paragraph; this one would be set as an item "
                        "of its own",
                        "join the paragraphs, or end the list and write this one after it",
                    )
                items.append(self.inline(source, tokens[j], params, "list item"))
            elif kind not in _LIST_ITEM_PARTS:  # nothing in an item is dropped unsaid
                what = {
                    "html_block": "raw HTML",
                    "code_block": "an indented code block",
                    "fence": "a fenced block",
                    "blockquote_open": "a note",
                    "bullet_list_open": "a nested list",
                    "ordered_list_open": "a nested list",
                    "heading_open": "a heading",
                    "table_open": "a table",
                    "hr": "a horizontal rule",
                }.get(kind, kind)
                raise SourceError(
                    self.where(source, tokens[j]),
                    "R101",
                    f"a list item holds only text, not {what}",
                    "nested lists are not set; end the list before the block, or "
                    "write the item's words without the four spaces that make code",
                )
            j += 1
        start = int(tokens[i].attrs.get("start", 1)) if numbered else 1
        if not 1 <= start <= MAX_LIST_START:  # a larger number would not fit the margin
            raise SourceError(
                self.where(source, tokens[i]),
                "R110",
                f"a numbered list starts at {start:,}; it may start at 1 to {MAX_LIST_START}",
                "number the list from 1, or from where the list it continues stopped",
            )
        self.add(Bullets(tuple(items), numbered, start), self.where(source, tokens[i]))
        return j + 1

    def table(self, source: Source, tokens: list, i: int, params: dict[str, str]) -> int:
        rows: list[list[str]] = []
        placed: list[list[tuple[str, Where]]] = []  # each cell as written, with its place
        j = i + 1
        while tokens[j].type != "table_close":
            if tokens[j].type == "tr_open":
                if rows:  # the header row sets the count; Markdown drops any cell past it
                    self.refuse_dropped_cells(source, tokens[j], len(rows[0]))
                rows.append([])
                placed.append([])
            elif tokens[j].type == "inline":
                rows[-1].append(self.inline(source, tokens[j], params, "table cell"))
                where = self.where(source, tokens[j]).find(tokens[j].content[:40])
                placed[-1].append((tokens[j].content, where))  # its length as written
            j += 1
        refuse_large_table(placed)
        delimiter = source.line_text(tokens[i].map[0] + 2)
        dashes = [cell.count("-") for cell in delimiter.strip().strip("|").split("|")]
        widths = () if len(set(dashes)) == 1 else tuple(d / sum(dashes) for d in dashes)
        if len(rows[0]) > limits.MAX_TABLE_COLUMNS or min(widths, default=1) < (
            limits.MIN_TABLE_COLUMN_SHARE
        ):
            raise SourceError(
                Where.at(source, tokens[i].map[0] + 2),
                "R110",
                f"a table has at most {limits.MAX_TABLE_COLUMNS} columns, each at least "
                f"{_share_words(limits.MIN_TABLE_COLUMN_SHARE)} of the width (its share of "
                "the dashes)",
                "split the table, or give a narrow column more dashes",
            )
        self.add(
            Table(tuple(rows[0]), tuple(tuple(r) for r in rows[1:]), widths),
            self.where(source, tokens[i]),
        )
        return j + 1

    def refuse_dropped_cells(self, source: Source, row, header: int) -> None:
        """SourceError R102 at a table row written with more cells than its header
        has: Markdown drops the rest, words and all, without a word. A pipe splits
        cells even inside `notation` (escape it: `\\|`)."""
        line = row.map[0] + 1
        written = written_cells(source.line_text(line))
        if written > header:
            raise SourceError(
                Where.at(source, line),
                "R102",
                f"this row has {written} cells and the table's header {header}: the cells "
                "past the header's would be left out",
                "give the header as many cells, or escape a | that is not a cell's edge (\\|)",
            )

    def fence(self, source: Source, token, params: dict[str, str]) -> None:
        info = token.info.split()
        kind = info[0] if info else ""
        refuse_unclosed(source, token)
        refuse_other_breaks(source, token.map[0] + 1, token.map[1])
        start = self.where(source, token, 4, max(1, len(kind)))
        self.read.directives.append((kind, start))
        if kind in DRAWN_BLOCKS:  # figures and records count themselves, once read
            self.budget.count_figure(start, DRAWN_BLOCKS[kind])
        first = token.map[0] + 2  # the body's first line
        body = token.content
        for name, value in params.items():
            body = body.replace(f"{{{{ include.{name} }}}}", value)
        if kind == "figure":
            figure, places = read_figure(body, start, first, self.game, self.budget)
            self.unique(figure.key, start)
            self.read.figures[figure.key] = places
            self.add(figure, start)
        elif kind == "record":
            record, key, where = read_record(body, start, first, self.budget)
            self.unique(key, where)
            self.read.records[key] = (record, where)
            self.add(record, start)
        elif kind == "glossary":
            glossary = read_glossary(body, start, first, self.budget)
            if not glossary.entries:
                raise SourceError(
                    start, "R102", "the glossary has no entries", "write `term: what it means`"
                )
            self.add(glossary, start)
        elif kind == "stone-key":
            read_settings(body, start, first, (), "stone-key")
            self.add(StoneKey(self.game.tag), start)
        elif kind == "pencil-boards":
            settings = read_settings(body, start, first, ("per-page",), "pencil-boards")
            per_page, where = settings.get("per-page", ("6", start))
            if per_page not in ("1", "2", "4", "6", "9"):
                raise SourceError(where, "R102", f"per-page {per_page!r} is not 1, 2, 4, 6 or 9")
            try:  # the sheet the book prints, made as `board` makes it (and refuses it)
                board_sheet(BoardSheetOptions(per_page=int(per_page), game=self.game))
            except SheetError as exc:
                raise SourceError(
                    where, "R102", str(exc), "write `per-page: N` with a number the board takes"
                ) from None
            self.add(BlankBoards(self.game.tag, int(per_page)), start)
        elif kind == "sample-game":
            settings = read_settings(body, start, first, ("file",), "sample-game")
            name, where = settings.get("file", ("sample-game.mrs", start))
            shipped = resources.files("maerstanas_print").joinpath("samples")
            if not re.fullmatch(r"[a-z0-9-]+\.mrs", name) or not shipped.joinpath(name).is_file():
                raise SourceError(
                    where,
                    "R108",
                    f"there is no shipped game {name!r}",
                    "the shipped games: "
                    + ", ".join(
                        sorted(p.name for p in shipped.iterdir() if p.name.endswith(".mrs"))
                    ),
                )
            self.sample_game(name, shipped.joinpath(name).read_text("utf-8"), where)
            self.add(SampleGame(name), start)
        elif kind in ("setup-table", "options-table"):
            kit = kit_of(self.game)
            try:
                if kind == "setup-table":
                    table = kit.setup_table()
                    read_settings(body, start, first, (), "setup-table")
                    self.add(table, start)
                else:
                    meanings = {
                        (name, value): gloss
                        for term, gloss in read_glossary(body, start, first, self.budget).entries
                        for name, _, value in [term.partition("=")]
                    }
                    self.add(kit.options_table(meanings), start)
            except SourceError:  # the reader's own, placed where it is written
                raise
            except LookupError:
                raise SourceError(
                    start,
                    "R102",
                    f"```{kind} is for the movement games",
                    f"{self.game.title} has no setup or rule options to list",
                ) from None
            except ValueError as exc:
                raise SourceError(
                    start,
                    "R102",
                    str(exc),
                    "write one line `option=value: what it does` for each value the game "
                    "offers, and no other",
                ) from None
        elif kind == "include":
            self.include(source, token, start, info[1:], body, first)
        else:
            raise SourceError(
                start,
                "R102",
                f"```{kind} is not a kind of block a rulebook has",
                "the kinds are figure, record, glossary, stone-key, "
                "pencil-boards, sample-game, include, and for the movement "
                "games setup-table and options-table",
            )

    def sample_game(self, name: str, text: str, where: Where) -> None:
        """A shipped record the appendix can draw: one game of this book's game that
        replays (some shipped files are damaged on purpose, for `check --fix`)."""
        tag = re.search(r'\[Game "([^"]*)"\]', text)
        if game_named(tag[1] if tag else None) is not self.game:
            raise SourceError(
                where,
                "R102",
                f"{name} is not a game of {self.game.title}",
                "a book shows games of its own game only",
            )
        checked = check_games(text, name, budget=NO_FIX_SEARCH)
        games = list(checked)
        problem = first_error(checked, games)
        if problem is not None or len(games) != 1:
            raise SourceError(
                where,
                "R107",
                f"the shipped file {name} is not one valid game: "
                f"{problem or f'it holds {len(games)} games'}",
                "name a shipped sample game, such as sample-game.mrs",
            )

    def unique(self, key: str, where: Where) -> None:
        if key in self.read.figures or key in self.read.records:
            raise SourceError(
                where,
                "R103",
                f"two blocks have the id {key!r}",
                "give each figure and record its own id",
            )

    def include(
        self, source: Source, token, start: Where, args: list[str], body: str, first: int
    ) -> None:
        """Set a shared text (books/shared/NAME.md, or NAME.<language>.md when the book's
        language has one) here, with `key: value` parameters."""
        if len(args) != 1 or not re.fullmatch(r"[a-z0-9-]+", args[0]):
            raise SourceError(
                start,
                "R102",
                "an include names one shared text",
                "write ```include edition (the shared texts are listed in "
                "docs/writing-rulebooks.md)",
            )
        shared = resources.files(BOOKS_PACKAGE).joinpath("books", "shared")
        translated = shared.joinpath(f"{args[0]}.{self.read.language}.md")
        try:  # the text in the book's language when there is one
            text = (
                translated if translated.is_file() else shared.joinpath(f"{args[0]}.md")
            ).read_text("utf-8")
        except (FileNotFoundError, OSError):
            raise SourceError(
                start.find(args[0]),
                "R108",
                f"there is no shared text {args[0]!r}",
                "see docs/writing-rulebooks.md for the shared texts",
            ) from None
        settings = read_settings(body, start, first, ("example", "rules", "version"), "include")
        params = {key: self.parameter(value, where) for key, (value, where) in settings.items()}
        outer, self.included_at = self.included_at, start
        try:
            self.walk(Source(f"books/shared/{args[0]}.md", text), text, params)
        finally:
            self.included_at = outer

    def parameter(self, value: str, where: Where) -> str:
        """An include parameter as written at `where` (the user's own line), read as a
        paragraph's words are and judged there: raw HTML is R101, a link goes through
        the policy, an unknown `{{ reference }}` is R106 at this line. The shared text
        then holds it as it was read, in the book's markup."""
        text = self.budget.take_text(value, where, "include parameter")
        for match in references(text):
            if match[1].split(".")[0] == "include":
                raise SourceError(
                    where.find(match[0]),
                    "R106",
                    f"{match[0]} names nothing here: a parameter is filled into the "
                    "shared text, and cannot name another",
                    "write the value itself",
                )
        return text


# The blocks drawn from the engine or a shipped file, each counted against the book's
# figures as this many (a sample game is a whole game document).
DRAWN_BLOCKS = {
    "stone-key": 1,
    "pencil-boards": 1,
    "setup-table": 1,
    "options-table": 1,
    "sample-game": limits.SAMPLE_GAME_FIGURES,
}


def refuse_unclosed(source: Source, token) -> None:
    """SourceError R101 at a fenced block that is never closed: Markdown runs it to the
    end of the source, so every chapter written after it would be read as the block's
    lines (and a figure's or a record's could even pass as such)."""
    last = source.line_text(token.map[1]).strip() if token.map[1] > token.map[0] + 1 else ""
    fence = token.markup
    if not (len(last) >= len(fence) and set(last) == {fence[0]}):
        raise SourceError(
            Where.at(source, token.map[0] + 1, 1, len(fence)),
            "R101",
            f"this {fence} block is never closed: it would run to the end of the source",
            f"end the block with a line of {fence}",
        )


def _last(parts: list[str], part: str) -> int:
    """The index of the last `part` in `parts` (the link's `[` a close belongs to)."""
    return len(parts) - 1 - parts[::-1].index(part)


def _unmarked(reference: str) -> str:
    """A reference without the characters Markdown may read as emphasis or code."""
    return re.sub(r"[*_`\\\s]", "", reference)


def references(text: str) -> Iterator[re.Match[str]]:
    """The `{{ references }}` of `text` (in the book's markup, or Markdown as written)
    that the writer did not escape: `\\{{ x }}`, `{{ x \\}}` and `{{ a\\.b }}` are words.
    Each match's text is the reference as written (it holds no escape)."""
    return REFERENCE.finditer(masked(text))


def _share_words(share: float) -> str:
    """`1/12 (8.4 in 100)`: a share as a fraction, and in hundredths rounded up (a
    column of 8.3 in 100 is narrower than 1/12)."""
    import math
    from fractions import Fraction

    fraction = Fraction(share).limit_denominator(100)
    return f"{fraction} ({math.ceil(share * 1000) / 10:g} in 100)"


def refuse_address_reference(content: str, where: Where) -> None:
    """SourceError R109 at a `{{ reference }}` written in a link's address. A reference
    is filled in after the links are read, and an address must pass the link policy as
    written, so the address is written in full (docs/writing-rulebooks.md)."""
    found = _ADDRESS_REFERENCE.search(content)
    if found is not None:  # the caret on its `{{`: the address's words up to it, found
        needle = found[0].rsplit("\n", 1)[-1].lstrip()
        place = where.find(needle)
        if place != where:
            raise _address_reference(Where(where.source, place.end - 2, place.end))
        raise _address_reference(where.find("{{"))


def _address_reference(where: Where) -> SourceError:
    return SourceError(
        where,
        "R109",
        "a link's address cannot hold a {{ reference }} (it is not filled in there)",
        "write the address in full; a reference may stand in the link's words",
    )


def book_game(tag: str) -> Game:
    """The game a book's source names by its Game tag (ValueError if none is called so).
    A source names its game as a record does, so this reader asks the registry."""
    game = game_named(tag or None)
    if game is None:
        raise ValueError(f"no game is called {tag!r}")
    return game


def read_source(text: str, name: str) -> ReadSource:
    """Read a rulebook source; SourceError (a full diagnostic) on the first problem."""
    source = Source(name, text.replace("\r\n", "\n"))
    alone = source.text.find("\r")
    if alone >= 0:  # Markdown ends a line there, the file's other readers do not
        raise SourceError(
            Where(source, alone, alone + 1),
            "R101",
            "a carriage return that does not end a line (CR LF) cannot be set",
            "save the file with LF or CR LF line ends",
        )
    starts = source._starts()
    if len(starts) > limits.MAX_BOOK_SOURCE_LINES + 1:  # a final newline is no line
        raise SourceError(
            Where.at(source, limits.MAX_BOOK_SOURCE_LINES + 1),
            "R110",
            f"the source has more than {limits.MAX_BOOK_SOURCE_LINES:,} lines",
            "split it into more than one book",
        )
    front = read_front_matter(source)
    data, body_line = front.values, front.body_line
    game = game_named(data["game"])
    if game is None:
        raise SourceError(
            Where(source, 0, 1).find(f"game: {data['game']}").find(data["game"]),
            "R100",
            f"{data['game']!r} is not a game this toolchain knows",
            "the games are " + ", ".join(g.tag for g in all_games()),
        )
    released = data.get("released")
    read = ReadSource(
        Book("", "", "", ()),
        source,
        released=released,
        edition=data.get("edition", ""),
        language=data.get("language", "en"),
    )
    reader = _Reader(read, game)
    # Blank out the front matter, so markdown-it's line numbers are the file's (lines
    # end at "\n" only, as the Source counts them: not at U+2028 as splitlines does).
    body = source.text[starts[body_line] if body_line < len(starts) else len(source.text) :]
    reader.walk(source, "\n" * body_line + body)
    if not reader.chapters:
        lines = source.text.split("\n")
        first = next((n for n in range(body_line, len(lines)) if lines[n].strip()), body_line)
        raise SourceError(
            Where.at(source, first + 1),
            "R101",
            "the source has no chapter",
            "start one with a `# Title` line",
        )
    for (title, _, blocks), where in zip(reader.chapters, reader.chapter_places, strict=True):
        if not blocks:  # the typesetters open a chapter with its first block
            raise SourceError(
                where,
                "R101",
                f"the chapter {title!r} has nothing in it",
                "write its text under its `#` line, or leave the heading out",
            )
    _refuse_shared_sheets(reader.chapters, reader.block_places)
    chapters = tuple(
        Chapter(title, tuple(blocks), appendix) for title, appendix, blocks in reader.chapters
    )
    read.chapter_places = reader.chapter_places
    read.block_places = reader.block_places
    _check_places(read.places, chapters)
    authors = ", ".join(data.get("authors", ()))
    fields: dict[str, Any] = {
        "title": data["title"],
        "subtitle": data.get("subtitle", ""),
        "author": data.get("author", authors),  # the byline: `author`, or the `authors`
        "chapters": chapters,
        "front": tuple(reader.front),
        "game": game.tag,
        "released": released,
        "language": read.language,
    }
    optional = {
        "pdf-author": "pdf_author",
        "subject": "subject",
        "description": "description",
        "licence-url": "licence_url",
    }
    for key, attr in optional.items():
        if key in data:
            fields[attr] = data[key]
    if "pdf-author" not in data:
        # The PDF's Author names people, never the tool (it is the Creator): the
        # book's authors, else the designer of the game it teaches.
        fields["pdf_author"] = authors or SHEETS.of(game).designer
    if "keywords" in data:
        fields["keywords"] = tuple(data["keywords"])
    read.book = Book(**fields)
    return read


def _check_places(places: list[tuple[str, Where]], chapters: tuple[Chapter, ...]) -> None:
    """R106 at a `#place` link that names no chapter, section or figure of the book."""
    known = set()
    named: dict[str, set[str]] = {}  # the id the docs' rule gives -> the headings it names
    for chapter, (anchor, sections) in zip(chapters, heading_ids(chapters), strict=True):
        known.add(anchor)
        known.update(sections.values())
        known.update(f"fig-{b.key}" for b in chapter.blocks if isinstance(b, Figure))
        named.setdefault(chapter.anchor, set()).add(f"the chapter {plain(chapter.title)!r}")
        for index in sections:
            section = chapter.blocks[index]
            assert isinstance(section, Heading)
            named.setdefault(f"{anchor}-{section.anchor}", set()).add(
                f"the section {plain(section.text)!r} of {plain(chapter.title)!r}"
            )
    for href, where in places:
        written = where.source.text[where.start : where.end]
        if len(named.get(href[1:], ())) > 1:  # `# A` + `## Title` and `# A title`
            raise SourceError(
                where,
                "R106",
                f"the link {written if written.startswith('#') else href} could name "
                + " or ".join(sorted(named[href[1:]])),
                "give one of them another title, so that each has an id of its own",
            )
        if href[1:] not in known:
            raise SourceError(
                where,
                "R106",
                f"the link {written if written.startswith('#') else href} names no "
                "chapter, section or figure of the book",
                "link to #chapter-title, #chapter-title-section-title or #fig-ID (an id is "
                "the title in lower case, accents dropped, words joined by hyphens: "
                "## Über uns is #uber-uns)",
            )


def read_source_file(path: str) -> ReadSource:
    """Read a source file through the shared input reader and its limits: SourceError
    R108 (with an empty source) if it cannot be read or is larger than a source may be."""
    try:
        name, text = read_text(path, "rulebook source", limits.MAX_BOOK_SOURCE_BYTES)
    except InputError as exc:
        raise SourceError(Where(Source(str(path), ""), 0, 0), "R108", str(exc)) from None
    return read_source(text, name)


def shipped_source(name: str) -> ReadSource:
    """One of the books shipped with the game definitions (books/NAME.md)."""
    text = resources.files(BOOKS_PACKAGE).joinpath("books", f"{name}.md").read_text("utf-8")
    return read_source(text, f"books/{name}.md")


def _refuse_shared_sheets(
    chapters: list[tuple[str, bool, list[Block]]], places: list[list[Where]]
) -> None:
    """SourceError R102 at a ```pencil-boards that shares its chapter: the book prints
    the sheet as a whole page under the chapter's title, so anything else in that
    chapter had no place (text after it was dropped, and a sheet after text stopped
    the build with a traceback)."""
    for (title, _, blocks), wheres in zip(chapters, places, strict=True):
        if len(blocks) < 2:
            continue
        for block, where in zip(blocks, wheres, strict=True):
            if isinstance(block, BlankBoards):
                raise SourceError(
                    where,
                    "R102",
                    f"```pencil-boards is a chapter of its own, but {title!r} holds more",
                    "give the sheet its own `# Title {.appendix}` and move the rest out",
                )
