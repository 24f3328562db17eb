"""The fenced blocks of a rulebook source: figures, records, glossaries and directives.

A block's body is a list of `key: value` lines (a value may run on over
indented lines); `claims:` is followed by one claim a line, indented. Each
key and claim keeps its place in the file, so when the engine refutes a claim
later, the error points at that claim's line. Which claims and positions a
game understands is decided by the game family's own claim module.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from maerstanas_print.diagnostics import Source
from maerstanas_print.draw.board import Mark
from maerstanas_print.fonts import FACES, drawn_as_a_mark, missing_glyphs
from maerstanas_print.games.protocol import Game
from maerstanas_print.io import limits
from maerstanas_print.rule_points import holds_markers, strip_markers, unquoted
from maerstanas_print.rulebook.claim_base import ClaimError
from maerstanas_print.rulebook.figures import Figure, Panel
from maerstanas_print.rulebook.kit import kit_of
from maerstanas_print.rulebook.links import refusal
from maerstanas_print.rulebook.model import (
    Glossary,
    RecordText,
    ends_with_markup,
    has_ink,
    links,
    masked,
    plain,
    spans,
)
from maerstanas_print.rulebook.source_errors import SourceError, Where

ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MARK_KINDS = ("ghost", "barred", "hinges", "cross", "points", "dot")
SIDES = ("top", "left", "right", "bottom")


def refuse_link(url: str, where: Where) -> None:
    """SourceError R109 at `where` when the link policy refuses `url`."""
    reason = refusal(url)
    if reason is not None:
        raise SourceError(
            where.find(url),
            "R109",
            reason,
            "a book links to http, https and mailto addresses, and to #places in itself",
        )


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# The characters besides "\n" (and "\r", refused in every text) that end a line for
# str.splitlines(): a block is read line by line, and one of them read as a line end
# would put every later place of the block a line off (see `refuse_other_breaks`).
_OTHER_BREAK = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def refuse_other_breaks(source: Source, first: int, last: int) -> None:
    """SourceError R101 at a line break that is not a newline (U+2028, U+0085, a form
    feed, ...) in lines `first` to `last` of `source`, a fenced block. Its lines are
    `key: value` lines, as the front matter's are, and the front matter refuses them
    for the same reason: they would end a line for one reader and not for another."""
    starts = source._starts()
    begin = starts[first - 1]
    end = starts[last] if last < len(starts) else len(source.text)
    odd = _OTHER_BREAK.search(source.text, begin, end)
    if odd is not None:
        raise SourceError(
            Where(source, odd.start(), odd.start() + 1),
            "R101",
            f"a block has a line break {odd[0]!r} (U+{ord(odd[0]):04X}) that is not a newline",
            "end each line with a plain newline; indent a line to continue the one above",
        )


def refuse_unsettable(text: str, where: Where) -> None:
    """SourceError R101 at the first character of `text` that the book cannot print: a
    control character, one Cardo has no glyph for, a format character it would draw
    as a mark, or a right-to-left one. The build refuses them, so the check refuses
    them first, where they are written (`--check` then passes only what the build
    sets); each is told why."""
    missing = {c for face in FACES for c in missing_glyphs(text, face)}
    for char in text:
        said = f"the character {char!r} (U+{ord(char):04X})"
        if unicodedata.bidirectional(char) in _RIGHT_TO_LEFT:
            message, hint = (
                f"{said} is written right to left, and the PDF would set its words letter "
                "by letter from the left, backwards",
                "a book is set left to right; write the word in Latin letters",
            )
        elif unicodedata.category(char) in ("Mn", "Me"):
            message, hint = (
                f"{said} is a combining mark, which the PDF would set beside its letter "
                "or after it with a gap (it places no mark on a letter)",
                "write the accented letter as one character (as ā, U+0101, for a and "
                "U+0304): most editors can save text composed (NFC)",
            )
        elif drawn_as_a_mark(char):
            message, hint = (
                f"{said} is an invisible format character, which Cardo draws as a visible "
                "mark in the PDF",
                "leave it out (the PDF sets no ligatures a joiner or non-joiner would change)",
            )
        elif char in missing or _CONTROL.match(char):
            message, hint = (
                f"{said} cannot be set in a rulebook",
                "Cardo has Latin, Greek, runes and the usual marks; write it another way",
            )
        else:
            continue
        raise SourceError(where.find(char), "R101", message, hint)


# Bidirectional classes the PDF cannot set in order (ReportLab does no bidi): the
# letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...) and
# the marks that embed, override or isolate a run of text.
_RIGHT_TO_LEFT = frozenset(
    {"R", "AL", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"}
)


def refuse_markup(text: str, where: Where, what: str) -> None:
    """SourceError R101 at the first markup of `text`, which is printed as it is written
    (a panel label is drawn under its board, a glossary term set, as plain words): `*`,
    `**`, `` ` ``, a link, `{fig:...}`, a `{{ reference }}` (not filled in there) or a
    backslash escape would show up as those characters."""
    marked = next((span for span in spans(text) if span.kind != "text"), None)
    entity = _ENTITY.search(text)
    marker = "{§" if holds_markers(text) else ""  # a rule point is a paragraph's, never a label's
    if marked is None and "\\" not in text and "{{" not in text and not entity and not marker:
        return
    mark = {"code": "`", "link": "[", "fig": "{fig:", "bold": "**", "italic": "*"}
    written = (
        mark.get(marked.kind, "") if marked else "",
        "\\",
        "{{",
        entity[0] if entity else "",
        marker,
    )
    first = next((sign for sign in written if sign and sign in text), text[:1])
    raise SourceError(
        where.find(first),
        "R101",
        f"{what} is plain text: *, **, `, links, {{fig:...}}, {{{{ references }}}}, \\, "
        "entities (&amp;) and rule-point markers {§ ...} are not set in it",
        "write the words alone, each character as itself (& for &amp;)",
    )


# An HTML entity as Markdown reads one (`&amp;`, `&#8203;`, `&#x41;`): in a plain-text
# field it would be printed as its characters.
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


# Class markup (`{.lead}`, `{ .x`) anywhere: a book knows two classes, each in one place;
# and attributes right after a bracket or a link (Pandoc's `[words]{.smallcaps}`).
_CLASS = re.compile(r"\{\s*\.[A-Za-z]|(?:\\?\]|\))\{(?!fig:|\{)")
# The book's own brace forms that may end a text: a figure reference and a `{{ ref }}`
# (rule-point markers `{§ ...}` are taken off first; they are never printed).
_FIGURE = re.compile(r"\{fig:[a-z0-9-]+\}")
_REFERENCE_END = re.compile(r"\{\{[^{}]*\}\}$")
_CLOSING = re.compile(r"(?:\s|\\?\*)+$")  # spaces and stars (emphasis, or escaped) at the end
CLASS_PLACES = (
    "`{.lead}` ending a paragraph and `{.appendix}` ending a `#` chapter title "
    "(its other braces are `{fig:id}`, `{{ references }}` and `{§ rule points}`)"
)


def trailing_group(text: str) -> str:
    """The brace group ending `text` (perhaps inside emphasis: `p {#id}*`) when it is
    not one of the book's own forms, or ''.

    It is where every Markdown dialect writes its attributes (`{#id}`, `{: .x}`, `{-}`,
    `{#id k="v"}`); any of them would be printed as it is written, so any `{...}` there
    that the book does not read is refused, whatever is inside the braces."""
    body = _CLOSING.sub("", text)
    hidden = unquoted(masked(body))  # an escaped brace, or one in notation, is a letter
    start = hidden.rfind("{")
    if not hidden.endswith("}") or start < 0 or _REFERENCE_END.search(hidden):
        return ""
    if "\x1a" in hidden[start:] or body[max(0, start - 2) : start] == "\\{":
        return ""  # a brace escaped in it or before it (`{fig\:f}`, `\{{ x }}`): words
    return "" if _FIGURE.fullmatch(hidden[start:]) else body[start:]


def _class_markup(text: str) -> re.Match[str] | None:
    """The first class markup of `text` (`{.x`, `]{`) the writer did not escape: an
    escaped brace at either end (`\\{.x}`, `{.x\\}`) makes the group words."""
    # an escaped `}` is \x1a there; brace markup in notation is printed as written
    hidden, closes = unquoted(masked(text, "{}")), unquoted(masked(text, "}"))
    for found in _CLASS.finditer(hidden):
        begin = hidden.index("{", found.start())
        close, escaped_close = hidden.find("}", begin), closes.find("\x1a", begin)
        if escaped_close < 0 or 0 <= close < escaped_close:
            return found
    return None


def refuse_classes(text: str, where: Where, known: str = "") -> None:
    """SourceError R101 at brace markup the book does not know in its place: `known`
    (`{.lead}` for a paragraph, `{.appendix}` for a chapter title) may end `text` once;
    any other `{.word}` (`{.Lead}`, `## H {.appendix}`, `x {.lead}{.lead}`), and any
    brace group ending the text that is not the book's own (`{#id}`, `{: .appendix}`,
    `{-}`), would be printed as it is written, so it is refused where it is written."""
    bare = strip_markers(text)
    bare = bare.removesuffix(known) if known and ends_with_markup(bare, known) else bare
    found = _class_markup(bare)
    if found is not None:
        begin = bare.index("{", found.start())
        end = bare.find("}", begin)
        shown = bare[begin : end + 1] if 0 <= end < begin + 40 else bare[begin : found.end()]
    else:
        shown = trailing_group(bare)
        if not shown:
            return
    if len(shown) > 60:
        shown = shown[:59] + "…"
    raise SourceError(
        where.find(shown.removesuffix("…")),
        "R101",
        f"`{shown}` is not markup a book knows here; it knows only {CLASS_PLACES}",
        "leave it out, or move it to its place",
    )


def refuse_large_table(rows: list[list[tuple[str, Where]]], what: str = "table") -> None:
    """SourceError R110 where a table's (or a glossary's) text passes a bound: one cell
    (`MAX_BOOK_TABLE_CELL_CHARS`, for a table), one row or glossary entry, the whole
    block. Each row is its cells' (text, place); the typesetter's time grows fast with
    a row's text (see `limits`), so these bounds are far below a paragraph's."""
    row_name = "row" if what == "table" else "entry"
    total = 0
    for row, cells in enumerate(rows):
        for text, where in cells if what == "table" else ():
            if row == 0 and len(text) > limits.MAX_TABLE_HEADER_CELL_CHARS:
                raise SourceError(
                    where,
                    "R110",
                    f"this header cell is {len(text):,} characters long; the limit is "
                    f"{limits.MAX_TABLE_HEADER_CELL_CHARS:,} (the header row is never split "
                    "across pages, and is set again on each)",
                    "shorten the column's name, and say more in the rows or a paragraph",
                )
            if len(text) > limits.MAX_BOOK_TABLE_CELL_CHARS:
                raise SourceError(
                    where,
                    "R110",
                    f"this table cell is {len(text):,} characters long; the limit is "
                    f"{limits.MAX_BOOK_TABLE_CELL_CHARS:,}",
                    "move the long text out of the table into a paragraph",
                )
        size = sum(len(text) for text, _ in cells)
        total += size
        for most, amount, whose in (
            (limits.MAX_BOOK_TABLE_ROW_CHARS, size, f"this {what} {row_name}"),
            (limits.MAX_BOOK_TABLE_CHARS, total, f"this {what}'s text up to here"),
        ):
            if amount > most:
                raise SourceError(
                    cells[0][1] if cells else Where(rows[0][0][1].source, 0, 0),
                    "R110",
                    f"{whose} is {amount:,} characters long; the limit is {most:,}",
                    f"split the {what}, or move the long text into a paragraph",
                )


# The texts a caption's limit holds (MAX_BOOK_CAPTION_CHARS), each named as it is.
SHORT_TEXTS = ("caption", "alt text", "panel label", "glossary term", "record", "heading")
# the texts that are printed for their words: one of only spaces, U+200B or a
# rule-point marker would print as an empty space (a table cell may be empty)
WORDED_TEXTS = (
    "paragraph",
    "list item",
    "heading",
    "caption",
    "alt text",
    "panel label",
    "glossary term",
    "gloss",
    "include parameter",
)


@dataclass
class TextBudget:
    """Every text of a book passes here once: its links are judged by the link policy,
    its length against the limit on its kind, and the whole book's against its own."""

    used: int = 0
    figures: int = 0  # figures and record blocks
    headings: int = 0  # chapters and sections
    # The source reader's inline-markup reader (`_Reader.markup`): a caption or a gloss
    # is read by it as a paragraph is. None: the text is taken in the book's markup.
    reader: Callable[[str, Where], str] | None = None

    def count_heading(self, where: Where) -> None:
        self.headings += 1
        if self.headings > limits.MAX_BOOK_HEADINGS:
            raise SourceError(
                where,
                "R110",
                f"the book has more than {limits.MAX_BOOK_HEADINGS} chapters and sections",
                "split it into more than one book",
            )

    def count_figure(self, where: Where, weight: int = 1) -> None:
        """Count a drawn block: a figure, a record, or another (`weight` figures)."""
        self.figures += weight
        if self.figures > limits.MAX_BOOK_FIGURES:
            raise SourceError(
                where,
                "R110",
                f"the book has more than {limits.MAX_BOOK_FIGURES} figures, records and "
                f"other drawn blocks (a sample game counts as {limits.SAMPLE_GAME_FIGURES})",
                "split it into more than one book",
            )

    def take_text(self, text: str, where: Where, kind: str = "paragraph") -> str:
        """A text written in a block (a caption, an `alt`, a gloss) read as Markdown, as
        a paragraph's words are (`reader`), then taken. Its length is judged as written
        first, before the inline parser runs on it."""
        self.refuse_long(len(text), where, kind)
        read = self.reader(text, where) if self.reader is not None else text
        return self.take(read, where, kind, written=len(text))

    @staticmethod
    def refuse_long(length: int, where: Where, kind: str) -> None:
        """R110 at a text of `length` characters as written, past its kind's limit."""
        short = kind in SHORT_TEXTS
        most = limits.MAX_BOOK_CAPTION_CHARS if short else limits.MAX_BOOK_PARAGRAPH_CHARS
        if length > most:
            raise SourceError(
                where,
                "R110",
                f"this {kind} is {length:,} characters long; the limit is {most:,}",
                "split it (docs/writing-rulebooks.md lists the limits)",
            )

    def take(
        self,
        text: str,
        where: Where,
        kind: str = "paragraph",
        markup: bool = True,
        known_class: str = "",
        written: int | None = None,
    ) -> str:
        """`text` (in the book's markup when `markup`) once it passes the limits, which
        count what the writer wrote: `written` characters (`text`'s own length when
        None), not the escapes the book's markup adds (`[` is written `\\[` there)."""
        length = len(text) if written is None else written
        self.refuse_long(length, where, kind)
        if kind == "heading":
            if length > limits.MAX_HEADING_CHARS:
                raise SourceError(
                    where,
                    "R110",
                    f"this heading is {length:,} characters long; the limit is "
                    f"{limits.MAX_HEADING_CHARS} (a heading is never split across pages)",
                    "shorten it, and say more in a paragraph under it",
                )
            longest = max(plain(text).split(), key=len, default="")
            if len(longest) > limits.MAX_HEADING_WORD_CHARS:
                raise SourceError(
                    where,
                    "R110",
                    f"a word of this heading is {len(longest):,} characters long; the "
                    f"limit is {limits.MAX_HEADING_WORD_CHARS}",
                    "put a space or a hyphen in it",
                )
        self.used += max(length, limits.MIN_BOOK_TEXT_CHARGE)
        if self.used > limits.MAX_BOOK_TEXT_CHARS:
            raise SourceError(
                where,
                "R110",
                f"the book's text runs past {limits.MAX_BOOK_TEXT_CHARS:,} characters here",
                "split it into more than one book",
            )
        if kind in WORDED_TEXTS and not has_ink(plain(text) if markup else text):
            raise SourceError(
                where,
                "R101",
                f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} without words cannot be set: "
                "it would print as an empty space",
                "write its words, or leave it out",
            )
        refuse_unsettable(text, where)
        for url in links(text) if markup else ():
            refuse_link(url, where)
        if markup:
            refuse_classes(text, where, known_class)
        return text


@dataclass
class Line:
    """One `key: value` entry of a block, with where the value starts."""

    key: str
    value: str
    where: Where
    items: list[tuple[str, Where]] = field(default_factory=list)  # the lines under `claims:`


def block_lines(body: str, first: Where, line_no: int) -> list[Line]:
    """Split a block body (starting on file line `line_no`) into its entries."""
    source = first.source
    out: list[Line] = []
    for n, raw in enumerate(body.split("\n")):
        here = line_no + n
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        if indent and out:
            text = raw.strip()
            where = Where.at(source, here, indent + 1, len(text))
            if out[-1].key == "claims":
                out[-1].items.append((text, where))
            else:
                out[-1].value += " " + text
            continue
        key, colon, value = raw.partition(":")
        if not colon or not re.fullmatch(r"[a-z][a-z-]*", key.strip()) or indent:
            raise SourceError(
                Where.at(source, here, indent + 1, len(raw.strip())),
                "R102",
                f"{raw.strip()!r} is not a `key: value` line",
                "each line of a block starts with a key such as `id:`, "
                "`caption:` or `claims:`; indent a line to continue the one above",
            )
        column = len(key) + 2 + (len(value) - len(value.lstrip()))
        where = Where.at(source, here, column, max(1, len(value.strip())))
        out.append(Line(key.strip(), value.strip(), where))
        if out[-1].key == "claims" and out[-1].value:  # `claims: legal E4`: the first claim
            out[-1].items.append((out[-1].value, where))
            out[-1].value = ""
    return out


def refuse_twice(line: Line, given: set[str], what: str) -> None:
    """SourceError R102 at `line` when its key is among those already `given` in this
    block (or panel): one of the two values would be dropped without a word."""
    if line.key in given:
        raise SourceError(
            Where.at(line.where.source, line.where.source.locate(line.where.start)[0]),
            "R102",
            f"`{line.key}:` is given twice in this {what}",
            "keep one of the two lines",
        )
    given.add(line.key)


def _unknown(line: Line, allowed: tuple[str, ...], what: str) -> SourceError:
    return SourceError(
        Where.at(line.where.source, line.where.source.locate(line.where.start)[0]),
        "R102",
        f"{line.key!r} is not a key of a {what} block",
        f"the keys are: {', '.join(allowed)}",
    )


def _block_id(lines: list[Line], start: Where, what: str) -> tuple[str, Where]:
    ids = [line for line in lines if line.key == "id"]
    if not ids:
        raise SourceError(
            start,
            "R103",
            f"the {what} block has no `id:`",
            "add a line such as `id: opening`; the id names it in references",
        )
    if not ID.match(ids[0].value):
        raise SourceError(
            ids[0].where,
            "R103",
            f"{ids[0].value!r} is not an id",
            "an id is lower-case letters, digits and hyphens, e.g. `own-limit`",
        )
    return ids[0].value, ids[0].where


# --- figures -----------------------------------------------------------------

FIGURE_KEYS = (
    "id",
    "caption",
    "alt",
    "panel",
    "stones",
    "record",
    "setup",
    "then",
    "window",
    "marks",
    "claim-marks",
    "claims",
)
POSITION_KEYS = ("stones", "record", "setup")


@dataclass
class PanelPlaces:
    """Where each part of one panel was written."""

    setup: Where
    label: Where | None = None  # the `panel:` line, when the panel has one
    then: Where | None = None
    window: Where | None = None
    marks: Where | None = None
    claims: list[Where] = field(default_factory=list)


@dataclass
class FigurePlaces:
    start: Where
    panels: list[PanelPlaces]

    def of(self, panel: int, part: str, claim: int) -> Where:
        places = self.panels[min(panel, len(self.panels) - 1)]
        if part == "claim" and claim < len(places.claims):
            return places.claims[claim]
        return getattr(places, part, None) or places.setup


def read_marks(text: str, where: Where, game: Game) -> dict[str, Mark]:
    """`ghost A1; hinges D1 top left; barred E1` as marks by square name."""
    out: dict[str, Mark] = {}
    for part in text.split(";"):
        words = part.split()
        if len(words) < 2 or words[0] not in MARK_KINDS or any(w not in SIDES for w in words[2:]):
            raise SourceError(
                where.find(part.strip()),
                "R102",
                f"{part.strip()!r} is not a mark",
                f"a mark is a kind ({', '.join(MARK_KINDS)}), a square and, for "
                "hinges and points, the sides: `hinges D1 top left`",
            )
        try:
            kit_of(game).check_square(words[1])
        except ClaimError as exc:
            raise SourceError(where.find(words[1]), "R105", str(exc)) from None
        out[words[1]] = Mark(words[0], sides=frozenset(words[2:]))  # type: ignore[arg-type]
    return out


def _position(line: Line, game: Game):
    try:
        return kit_of(game).read_position(line.key, line.value)
    except ClaimError as exc:
        raise SourceError(
            line.where,
            "R105",
            str(exc),
            "stones: dark D3 C4; light E4 (see docs/writing-rulebooks.md)",
        ) from None


def _claim(text: str, where: Where, game: Game):
    kit = kit_of(game)
    try:
        return kit.read_claim(text)
    except ClaimError as exc:
        raise SourceError(
            where, "R104", str(exc), f"{game.title} claims read: " + "; ".join(kit.claim_forms)
        ) from None


def read_figure(
    body: str, start: Where, line_no: int, game: Game, budget: TextBudget
) -> tuple[Figure, FigurePlaces]:
    budget.count_figure(start)
    lines = block_lines(body, start, line_no)
    key, _ = _block_id(lines, start, "figure")
    caption = alt = ""
    panels: list[dict] = []
    places: list[PanelPlaces] = []
    given: set[str] = set()  # the keys of the figure, then of its current panel
    for line in lines:
        if line.key not in FIGURE_KEYS:
            raise _unknown(line, FIGURE_KEYS, "figure")
        if line.key in ("id", "caption", "alt"):
            refuse_twice(line, given, "figure")
        if line.key == "caption":
            caption = budget.take_text(line.value, line.where, "caption")
        elif line.key == "alt":
            alt = budget.take_text(line.value, line.where, "alt text")
        elif (
            line.key in POSITION_KEYS
            and panels
            and "setup" in panels[-1]
            and places[-1].label is not None
        ):
            raise SourceError(
                line.where,
                "R102",
                f"panel {panels[-1]['label']!r} already has its position; one of the two "
                "would be dropped",
                "give a panel one of `stones:`, `record:` or `setup:`; start another with "
                "`panel: LABEL`",
            )
        elif line.key == "panel" or (
            line.key in POSITION_KEYS and (not panels or "setup" in panels[-1])
        ):
            if len(panels) == limits.MAX_FIGURE_PANELS:
                raise SourceError(
                    line.where,
                    "R110",
                    f"figure {key!r} has more than {limits.MAX_FIGURE_PANELS} panels",
                    "a figure's panels stand side by side; split it into two figures",
                )
            if line.key == "panel":
                budget.take(line.value, line.where, "panel label")
                refuse_markup(line.value, line.where, "a panel label")
            given = {"id", "caption", "alt"} & given  # a new panel's keys start afresh
            refuse_twice(line, given, "panel")
            panels.append({"label": line.value if line.key == "panel" else ""})
            places.append(PanelPlaces(line.where, line.where if line.key == "panel" else None))
            if line.key != "panel":
                panels[-1]["setup"] = _position(line, game)
                places[-1].setup = line.where
        elif line.key != "id":
            if not panels:
                raise SourceError(
                    line.where,
                    "R102",
                    f"`{line.key}:` comes before any position",
                    "start a panel with `panel: LABEL` and give "
                    "its position with `stones:` or `record:`",
                )
            panel, place = panels[-1], places[-1]
            refuse_twice(line, given, "panel")
            if line.key in POSITION_KEYS:
                panel["setup"] = _position(line, game)
                place.setup = line.where
            elif line.key == "then":
                panel["then"], place.then = line.value, line.where
            elif line.key == "window":
                panel["window"], place.window = line.value, line.where
            elif line.key == "marks":
                panel["marks"], place.marks = read_marks(line.value, line.where, game), line.where
            elif line.key == "claim-marks":
                if line.value not in ("on", "off"):
                    raise SourceError(line.where, "R102", "claim-marks is `on` or `off`")
                panel["show_claim_marks"] = line.value == "on"
            elif line.key == "claims":
                panel["claims"] = tuple(_claim(t, w, game) for t, w in line.items)
                place.claims = [w for _, w in line.items]
    if not caption:
        raise SourceError(
            start, "R102", f"figure {key!r} has no caption", "add `caption: what the figure shows`"
        )
    if not panels:
        raise SourceError(
            start,
            "R102",
            f"figure {key!r} has no position",
            "add `stones: dark D3; light E4` or `record: 1. D4 E4 *`",
        )
    for panel, place in zip(panels, places, strict=True):
        if "setup" not in panel:
            raise SourceError(
                place.setup,
                "R102",
                "this panel has no position",
                "give it `stones:`, `record:` or (tafl) `setup:`",
            )
    kit = kit_of(game)
    figure = Figure(key, caption, tuple(Panel(**panel, kit=kit) for panel in panels), alt)
    return figure, FigurePlaces(start, places)


# --- records, glossaries and directives ----------------------------------------


def read_record(
    body: str, start: Where, line_no: int, budget: TextBudget
) -> tuple[RecordText, str, Where]:
    """A record block: `id:` and `caption:` lines, a blank line, then the record."""
    head, blank, text = body.partition("\n\n")
    if not re.match(r"^(id|caption):", head):
        raise SourceError(
            start,
            "R103",
            "the record block has no `id:`",
            "write `id: NAME` and `caption: ...`, a blank line, then the record",
        )
    head_lines = head.split("\n")
    stray = next(  # an indented line continues the one above (a long caption)
        (n for n, line in enumerate(head_lines) if not re.match(r"^(id:|caption:|[ \t])", line)),
        None,
    )
    if not blank or stray is not None:  # the record begins before a blank line
        n = len(head_lines) if stray is None else stray
        raise SourceError(
            Where.at(start.source, line_no + n, 1, 1),
            "R103",
            "a record block needs a blank line between its `id:` and `caption:` lines "
            "and the record",
            "write `id: NAME` and `caption: ...`, a blank line, then the record",
        )
    budget.count_figure(start)
    lines = block_lines(head, start, line_no)
    key, where = _block_id(lines, start, "record")
    caption = ""
    given: set[str] = set()
    for line in lines:
        if line.key == "caption":
            caption = budget.take_text(line.value, line.where, "caption")
        elif line.key != "id":
            raise _unknown(line, ("id", "caption"), "record")
        refuse_twice(line, given, "record block")
    # Shown as written (no markup, so no links), less the spaces no reader can see.
    text = "\n".join(line.rstrip() for line in text.strip("\n").split("\n"))
    budget.take(text, start, "record", markup=False)
    return RecordText(text, caption), key, where


def read_glossary(body: str, start: Where, line_no: int, budget: TextBudget) -> Glossary:
    """`term: gloss` a line (indented lines continue the gloss); terms may have spaces."""
    entries: list[list[str]] = []
    places: list[Where] = []
    for n, raw in enumerate(body.split("\n")):
        if not raw.strip():
            continue
        if raw[0].isspace() and entries:
            entries[-1][1] += " " + raw.strip()
            continue
        term, colon, gloss = raw.partition(": ")
        if not colon or not term.strip():
            raise SourceError(
                Where.at(start.source, line_no + n, 1, len(raw)),
                "R102",
                f"{raw.strip()!r} is not a glossary entry",
                "write `term: what it means`, one entry a line",
            )
        entries.append([term.strip(), gloss.strip()])
        places.append(Where.at(start.source, line_no + n, 1, len(raw)))
    pairs = zip(entries, places, strict=True)
    written = [[(term, where), (gloss, where)] for (term, gloss), where in pairs]
    seen: dict[str, Where] = {}
    for entry, where in zip(entries, places, strict=True):
        budget.take(entry[0], where, "glossary term")
        refuse_markup(entry[0], where, "a glossary term")
        term = _as_printed(entry[0])
        if term in seen:
            raise SourceError(
                where.find(entry[0]),
                "R102",
                f"the glossary gives the term {entry[0]!r} twice (first on line "
                f"{seen[term].source.locate(seen[term].start)[0]})",
                "write its meanings in one entry",
            )
        seen[term] = where
        entry[1] = budget.take_text(entry[1], where, "gloss")
    refuse_large_table(written, "glossary")  # as written: the book's markup adds escapes
    return Glossary(tuple((term, strip_markers(gloss).strip()) for term, gloss in entries))


def _as_printed(term: str) -> str:
    """A glossary term as a reader sees it printed, to find one given twice: composed,
    without the characters that print nothing, quotes as the typesetter sets them,
    in any case and spacing."""
    shown = "".join(c for c in unicodedata.normalize("NFC", term) if not _prints_nothing(c))
    shown = shown.translate(_QUOTES)
    return " ".join(shown.casefold().split())


_QUOTES = str.maketrans("\u201c\u201d\u201e\u2018\u2019\u201a", "\"\"\"'''")


def _prints_nothing(char: str) -> bool:
    return unicodedata.category(char) == "Cf"


def read_settings(
    body: str, start: Where, line_no: int, allowed: tuple[str, ...], what: str
) -> dict[str, tuple[str, Where]]:
    """A directive's `key: value` lines, only the keys it takes."""
    out: dict[str, tuple[str, Where]] = {}
    for line in block_lines(body, start, line_no):
        if line.key not in allowed:
            raise _unknown(line, allowed, what)
        refuse_twice(line, set(out), f"{what} block")
        for url in links(line.value):
            refuse_link(url, line.where)
        out[line.key] = (line.value, line.where)
    return out


def written_cells(line: str) -> int:
    """The cells of a table row as written: its unescaped pipes split it (also
    inside backticks, as GitHub's tables read them), the outer ones excepted."""
    text = line.strip().lstrip("> ")  # inside a note, its quote marks first
    if text.startswith("|"):
        text = text[1:]
    count, i, end = 1, 0, len(text)
    while i < end:
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "|" and i < end - 1:  # a pipe that ends the row closes no new cell
            count += 1
        i += 1
    return count
