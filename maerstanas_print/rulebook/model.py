"""The rulebook as data: chapters of blocks, written once for the PDF and the HTML.

Running text uses a tiny inline markup, kept deliberately small so that both
renderers can translate it exactly:

- `*italic*` and `**bold**`;
- `` `E4` `` for notation (set apart, never reflowed inside);
- `[words](https://...)` for a link;
- `{fig:key}` for "figure N", numbered in order of appearance.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from maerstanas_print.rule_points import PUNCTUATION as _PUNCTUATION
from maerstanas_print.rule_points import masked
from maerstanas_print.rulebook.figures import Figure
from maerstanas_print.rulebook.words import words


@dataclass(frozen=True)
class Para:
    text: str
    style: str = "body"  # "body", "lead" (larger opening text) or "note" (a boxed aside)


@dataclass(frozen=True)
class Heading:
    """A section heading inside a chapter (level 2 of the contents)."""

    text: str

    @property
    def anchor(self) -> str:
        return slug(self.text)


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]
    numbered: bool = False
    start: int = 1  # a numbered list's first number, as written (`3.` continues one)


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...] = ()  # shares of the text width; even when empty...
    balanced: bool = False  # ...unless balanced: sized by what the columns hold


@dataclass(frozen=True)
class RecordText:
    """A game record shown as written; the build replays it and refuses an invalid one."""

    text: str
    caption: str = ""


@dataclass(frozen=True)
class Glossary:
    entries: tuple[tuple[str, str], ...]  # (term, gloss)


@dataclass(frozen=True)
class StoneKey:
    """The game's pieces in both colours (the default game's, by default)."""

    game: str = ""  # a Game tag; empty: the default game
    theme: str = "print"  # a kit's theme reaches its key as it reaches the figures


@dataclass(frozen=True)
class BlankBoards:
    """A page of blank boards for pencil games (the `board --per-page N` sheet)."""

    game: str = ""  # a Game tag; empty: the default game
    per_page: int = 6


@dataclass(frozen=True)
class SampleGame:
    """The shipped sample game with its diagrams (appendix)."""

    resource: str = "sample-game.mrs"


Block = (
    Para
    | Heading
    | Bullets
    | Table
    | RecordText
    | Glossary
    | Figure
    | StoneKey
    | BlankBoards
    | SampleGame
)


@dataclass(frozen=True)
class Chapter:
    title: str
    blocks: tuple[Block, ...]
    appendix: bool = False

    @property
    def anchor(self) -> str:
        return slug(self.title)


@dataclass(frozen=True)
class Book:
    title: str
    subtitle: str
    author: str
    chapters: tuple[Chapter, ...]
    front: tuple[Block, ...] = field(default_factory=tuple)  # the title page's small print
    game: str = ""  # the Game tag of the game the book teaches; empty: the default game
    # The document's metadata (PDF info, HTML head); an empty `subject`,
    # `keywords` or `description` is made from the book's title (every shipped
    # source gives its own). `licence_url` empty: no licence is claimed.
    pdf_author: str = ""  # the people the book is by (a source: its authors or the designer)
    subject: str = ""
    keywords: tuple[str, ...] = ()
    description: str = ""
    licence_url: str = "https://creativecommons.org/licenses/by-sa/4.0/"
    released: datetime.date | None = None  # dates the PDF; None: SOURCE_DATE_EPOCH or no date
    language: str = "en"  # the text's language: the typesetter's words and typography

    @property
    def full_title(self) -> str:
        """The document's title: "Title: Subtitle", or the title alone."""
        return f"{self.title}: {self.subtitle}" if self.subtitle else self.title

    @property
    def running_head(self) -> str:
        """What the head of each page names: "Title · Subtitle", or the title alone."""
        return f"{self.title} · {self.subtitle}" if self.subtitle else self.title

    @property
    def meta_subject(self) -> str:
        return self.subject or f"The rules of {self.title}, illustrated"

    @property
    def meta_keywords(self) -> tuple[str, ...]:
        return self.keywords or (self.title, "board game", "rules", "rulebook")

    @property
    def meta_description(self) -> str:
        return self.description or (
            f"The rules of {self.title}, a game by John Beers, "
            "illustrated: an adaptation under CC BY-SA 4.0."
        )

    def figures(self) -> Iterator[Figure]:
        for chapter in self.chapters:
            for block in chapter.blocks:
                if isinstance(block, Figure):
                    yield block

    def figure_numbers(self) -> dict[str, int]:
        return {figure.key: n for n, figure in enumerate(self.figures(), 1)}

    def texts(self) -> Iterator[str]:
        """Every string the book prints, for glyph checks, in the book's markup (the
        front matter's values are plain text, so written as `literal_value`)."""
        yield from map(literal_value, (self.title, self.subtitle, self.author))
        for block in self.front:
            yield from block_texts(block)
        for chapter in self.chapters:
            yield chapter.title
            for block in chapter.blocks:
                yield from block_texts(block)


def block_texts(block: Block) -> Iterator[str]:
    if isinstance(block, Para | Heading):
        yield block.text
    elif isinstance(block, Bullets):
        yield from block.items
    elif isinstance(block, Table):
        yield from block.header
        for row in block.rows:
            yield from row
    elif isinstance(block, RecordText):
        yield block.text
        yield block.caption
    elif isinstance(block, Glossary):
        for term, gloss in block.entries:
            yield term
            yield gloss
    elif isinstance(block, Figure):
        yield block.caption
        yield block.alt
        for panel in block.panels:
            yield panel.label


def slug(text: str) -> str:
    """An ASCII id for an anchor: "The Woden-stone" -> "the-woden-stone"."""
    # The words only: a link's address or a {fig:...} mark is no part of the name.
    text = "".join(span.text for span in spans(text) if span.kind != "fig")
    return re.sub(r"[^a-z0-9]+", "-", ascii_letters(text).lower()).strip("-") or "section"


def ascii_letters(text: str) -> str:
    """`text` with its letters' accents dropped and any other non-ASCII letter left
    out ("Über" -> "Uber"): how an id is made from a heading."""
    import unicodedata

    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


# The ids the HTML book gives its other parts (figures, drawings, the contents, the
# sample game): a heading whose slug falls among them is given an "s-" in front.
_MACHINE_ID = re.compile(
    r"fig\d*(?:-.*)?|sample(?:-.*)?|contents-title"
    r"|(?:art|key|key-narrow|boards\d+|final)(?:-title|-g\d+(?:-.*)?)?"
)


def heading_ids(chapters: tuple[Chapter, ...]) -> list[tuple[str, dict[int, str]]]:
    """Each chapter's id and its sections' ids by block index, unique in the page.

    An id is the heading's slug (a section's after its chapter's); a later heading
    whose id is taken gets "-2", "-3", ..., so a `#place` link to a shared title goes
    to the first, and the others are still reachable. A chapter's heading is `X--title`
    for a chapter `X`: no slug holds "--", so no section's id can be it."""
    taken: set[str] = set()

    def free(base: str, also: str = "") -> str:
        if _MACHINE_ID.fullmatch(base) or (also and _MACHINE_ID.fullmatch(base + also)):
            base = f"s-{base}"
        candidate, n = base, 1
        while candidate in taken or (also and candidate + also in taken):
            n += 1
            candidate = f"{base}-{n}"
        taken.add(candidate)
        if also:
            taken.add(candidate + also)
        return candidate

    out = []
    for chapter in chapters:
        anchor = free(chapter.anchor, "--title")
        sections = {
            index: free(f"{anchor}-{block.anchor}")
            for index, block in enumerate(chapter.blocks)
            if isinstance(block, Heading)
        }
        out.append((anchor, sections))
    return out


# --- inline markup -----------------------------------------------------------

# A backslash makes the next ASCII punctuation character plain text. The source
# reader writes what Markdown already read as text this way, so the text of a link
# Markdown refused, or a `*` it read as a star, is never read as markup again; and
# it keeps the writer's own escapes (`\{`, `\}`, `\:`), so no brace markup of the
# book (`{.lead}`, `{fig:f}`, `{{ ref }}`, `{§ 1}`) is read where one was escaped.
MARKUP_CHARS = "\\`*[]"
_ESCAPE = re.compile(r"([\\`*\[\]])")
_ESCAPE_VALUE = re.compile(r"([\\`*\[\]{])")
_ESCAPED = re.compile(r"\\(" + _PUNCTUATION + ")")
_INLINE = re.compile(
    r"\\(?P<escaped>" + _PUNCTUATION + ")"
    r"|`(?P<code>(?:\\.|[^`\\])+)`"
    r"|\*\*(?P<bold>(?:\\.|[^*\\])+)\*\*"
    r"|\*(?P<italic>(?:\\.|[^*\\])+)\*"
    # neither a link's words nor its address hold an unescaped `[` (Markdown writes one
    # in an address as %5B): a search from each `[` then stops at the next one, where
    # it ran to the end of a text of brackets (10,000 in a glossary took 24 s)
    r"|\[(?P<link>(?:\\.|[^\[\]\\])+)\]\((?P<url>[^)\s\[\]]+)\)"
    r"|\{fig:(?P<fig>[a-z0-9-]+)\}"
)


def literal(text: str) -> str:
    """`text` written in the inline markup as plain text: nothing in it is markup."""
    return _ESCAPE.sub(r"\\\1", text)


def literal_value(text: str) -> str:
    """A value filled in for a `{{ reference }}` (a front-matter value) as plain text: as
    `literal`, and a `{` too, so no `{fig:...}` in it is read as markup. The value is
    filled in after the text is read, so nothing else in it can become markup."""
    return _ESCAPE_VALUE.sub(r"\\\1", text)


def _unescape(text: str) -> str:
    return _ESCAPED.sub(r"\1", text)


def escaped(char: str) -> str:
    """`char` as an escaped character of the book's markup: itself, never markup (an
    ASCII punctuation character gets its backslash; any other is never markup)."""
    return f"\\{char}" if _ESCAPED.fullmatch(f"\\{char}") else literal(char)


def ends_with_markup(text: str, markup: str) -> bool:
    """Whether `text` ends with `markup` (`{.lead}`) unescaped: `p \\{.lead}` does not."""
    return masked(text).endswith(markup)


def inside_markup(text: str) -> list[tuple[int, int]]:
    """Where `text`'s emphasis, notation and links stand (start, end): a figure's
    `{fig:...}` cannot be set there (the book's markup does not nest)."""
    return [
        found.span()
        for found in _INLINE.finditer(text)
        if found.lastgroup not in ("escaped", "fig")
    ]


@dataclass(frozen=True)
class Span:
    """A run of inline text: kind is text, code, bold, italic, link or fig."""

    kind: str
    text: str
    url: str = ""


def spans(text: str) -> list[Span]:
    """The runs of `text`, each read once; neighbouring plain runs are joined."""
    out: list[Span] = []
    words: list[str] = []  # plain text not yet added

    def flush() -> None:
        if words:
            out.append(Span("text", "".join(words)))
            words.clear()

    pos = 0
    for match in _INLINE.finditer(text):
        words.append(text[pos : match.start()])
        pos = match.end()
        kind = match.lastgroup if match.lastgroup != "url" else "link"
        if kind == "escaped":
            words.append(match["escaped"])
            continue
        flush()
        if match["link"] is not None:
            out.append(Span("link", _unescape(match["link"]), match["url"]))
        elif kind == "fig":
            out.append(Span("fig", match["fig"]))
        else:
            out.append(Span(kind or "text", _unescape(match[kind or 0])))
    words.append(text[pos:])
    flush()
    return [span for span in out if span.text or span.kind != "text"]


def set_length(text: str) -> int:
    """How many characters `text` sets: its words, without the markup and escapes of
    the book's markup (a figure's words counted as "figure N")."""
    return sum(len(span.text) if span.kind != "fig" else 10 for span in spans(text))


def links(text: str) -> list[str]:
    """The address of every link in `text`."""
    return [span.url for span in spans(text) if span.kind == "link"]


def has_ink(text: str) -> bool:
    """Whether `text` prints a mark: it holds a character that is not white space, a
    control or a format character (U+200B, U+2060, a soft hyphen ...). A text of only
    such characters would be set as an empty-looking heading, item, term or value."""
    import unicodedata

    return any(
        not char.isspace() and unicodedata.category(char) not in ("Cc", "Cf", "Zs", "Zl", "Zp")
        for char in text
    )


def plain(text: str, figures: dict[str, int] | None = None, language: str = "en") -> str:
    """The words of `text` without markup (for glyph checks, alt text and the outline)."""

    parts = []
    for span in spans(text):
        if span.kind == "fig":
            number = (figures or {}).get(span.text, 0)
            parts.append(words(language)("figure {number}").format(number=number))
        else:
            parts.append(span.text)
    return "".join(parts)
