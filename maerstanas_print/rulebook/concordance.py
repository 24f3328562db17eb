"""Rule points: which point of the source each passage of a book states.

A book's Markdown ties its passages to the points of a concordance (a YAML
table of the source's rule points, each with the source's own words; see
docs/writing-rulebooks.md) by markers: `{§ point point}` at the end of a
paragraph, list item, note, table row or glossary entry. The typesetter strips
the markers (`strip_markers`), so the reader never sees them; `marked_blocks`
reads them back, so a test can check the book against its concordance: no
point dropped, no reading stated without being marked as one, no passage
without a point behind it.

A marker may also stand after any sentence inside a passage; then each
marker names the points of the words since the one before (`MarkedBlock.spans`),
so a passage that states several points can say which sentence states which.
The markers themselves are `maerstanas_print.rule_points`' (the sheets' rule
texts carry them too).

A figure's or record's caption is a passage too (kind "caption"): its words
about the rules carry markers like any paragraph, and its words about the
position drawn name the edition's figure point; the claims themselves are the
engine's to check. Panel labels carry none. Shared texts (`include`) are this
edition's own words about itself and are not read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from maerstanas_print.rule_points import MARKER, marked_spans, points_in, strip_markers

__all__ = [
    "MARKER",
    "Concordance",
    "MarkedBlock",
    "Point",
    "load_concordance",
    "marked_blocks",
    "marked_spans",
    "points_in",
    "sentences",
    "strip_markers",
]

POINT_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
KINDS = ("rule", "advice", "history", "reading", "edition")
QUOTED_KINDS = ("rule", "advice", "history")  # the source's words: each needs a quote


# A sentence ends at a full stop, question or exclamation mark (and any closing
# quote, bracket or emphasis after it) followed by a space and a capital, a quote
# or a bracket.
SENTENCE_END = re.compile(r"[.!?][\"”’)*_]*(?=\s+[A-Z\u00c0-\u00de\"“‘(*_`])")
LEAD = re.compile(r"(?<!\s)\s*\{\.lead\}\s*$")  # from the start of the blanks only (as MARKER)


def sentences(text: str) -> list[str]:
    """The sentences of a span of printed words."""
    ends = [found.end() for found in SENTENCE_END.finditer(text)]
    parts = [text[start:end] for start, end in zip([0, *ends], [*ends, len(text)], strict=True)]
    return [part.strip() for part in parts if part.strip()]


@dataclass(frozen=True)
class MarkedBlock:
    """One passage of a book: where it is, its words as printed, and its points."""

    line: int
    kind: str  # paragraph, item, note, row, gloss
    text: str
    points: tuple[str, ...]
    section: str  # the title of the chapter or section it stands in
    # The passage cut after each of its markers: (words, the points they state).
    spans: tuple[tuple[str, tuple[str, ...]], ...] = ()


def marked_blocks(markdown: str) -> list[MarkedBlock]:
    """Every passage of a rulebook source that must carry a marker, with its points.
    Headings, figures, records and other fenced blocks but the glossary carry none."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(_body(markdown))
    blocks: list[MarkedBlock] = []
    section, in_quote, in_header = "", False, False
    row: list[str] = []
    row_line = 0
    for i, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else 0
        if token.type == "heading_open":
            section = strip_markers(tokens[i + 1].content).removesuffix("{.appendix}").strip()
        elif token.type in ("blockquote_open", "blockquote_close"):
            in_quote = token.type == "blockquote_open"
        elif token.type in ("thead_open", "thead_close"):
            in_header = token.type == "thead_open"
        elif token.type == "tr_open":
            row, row_line = [], line
        elif token.type == "tr_close" and not in_header:
            text = " | ".join(row)
            blocks.append(_block(row_line, "row", text, section))
        elif token.type == "inline" and tokens[i - 1].type in ("th_open", "td_open"):
            row.append(token.content)
        elif token.type == "inline" and tokens[i - 1].type == "paragraph_open":
            kind = "note" if in_quote else "item" if _in_list(tokens, i) else "paragraph"
            blocks.append(_block(line, kind, token.content, section))
        elif token.type == "fence" and token.info.split()[:1] == ["glossary"]:
            for number, entry in _glossary(token.content, line + 1):
                blocks.append(_block(number, "gloss", entry, section))
        elif token.type == "fence" and token.info.split()[:1] in (["figure"], ["record"]):
            for number, caption in _captions(token.content, line + 1):
                blocks.append(_block(number, "caption", caption, section))
    return blocks


def _block(line: int, kind: str, raw: str, section: str) -> MarkedBlock:
    raw = LEAD.sub("", raw)
    spans = tuple(marked_spans(raw))
    return MarkedBlock(line, kind, _plain(raw), points_in(raw), section, spans)


def _body(markdown: str) -> str:
    """The text after the front matter, with blank lines in its place (line numbers
    stay the file's)."""
    if markdown.startswith("---\n"):
        end = markdown.find("\n---\n", 3)
        if end >= 0:
            return "\n" * markdown[: end + 5].count("\n") + markdown[end + 5 :]
    return markdown


def _in_list(tokens: list, i: int) -> bool:
    return i >= 2 and tokens[i - 2].type == "list_item_open"


def _plain(text: str) -> str:
    return " ".join(strip_markers(text).removesuffix("{.lead}").split())


def _captions(body: str, first: int) -> list[tuple[int, str]]:
    """The `caption:` of a figure or record block (continued on indented lines), with
    its line: a record's text after the blank line is not read."""
    found: list[tuple[int, str]] = []
    reading = False
    for n, raw in enumerate(body.split("\n\n")[0].splitlines()):
        if raw.startswith("caption:"):
            found.append((first + n, raw.removeprefix("caption:").strip()))
            reading = True
        elif reading and raw[:1].isspace() and raw.strip():
            found[-1] = (found[-1][0], found[-1][1] + " " + raw.strip())
        else:
            reading = False
    return found


def _glossary(body: str, first: int) -> list[tuple[int, str]]:
    entries: list[tuple[int, str]] = []
    for n, raw in enumerate(body.splitlines()):
        if raw.strip() and raw[0].isspace() and entries:
            entries[-1] = (entries[-1][0], entries[-1][1] + " " + raw.strip())
        elif raw.strip():
            entries.append((first + n, raw.strip()))
    return entries


@dataclass(frozen=True)
class Point:
    """One point of a concordance: what kind it is, the source's words (a quote from
    each named source), and the books that leave it out, with why."""

    key: str
    kind: str
    says: dict[str, tuple[str, ...]]
    omitted: dict[str, str]
    why: str
    # Points a text that states this one must state too (a rule read alone would
    # say more than the source: the 1992 capture without "only the mover captures").
    needs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Concordance:
    """A game's rule points and the books that state them (`books/concordance/*.yaml`)."""

    game: str
    version: str
    sources: dict[str, str]  # source name -> seed file name
    books: dict[str, dict[str, Any]]  # book -> {language, readings-sections}
    points: dict[str, Point]


def load_concordance(path: Path) -> Concordance:
    """Read a concordance table; ValueError naming the entry that is malformed."""
    import yaml

    data = yaml.safe_load(path.read_text("utf-8"))
    points: dict[str, Point] = {}
    for key, entry in (data.get("points") or {}).items():
        if not POINT_ID.fullmatch(str(key)):
            raise ValueError(f"{path.name}: {key!r} is not a point id (a-z, 0-9, hyphens)")
        kind = entry.get("kind", "rule")
        if kind not in KINDS:
            raise ValueError(f"{path.name}: {key}: kind {kind!r} is not one of {KINDS}")
        says = {
            source: tuple([words] if isinstance(words, str) else words)
            for source, words in (entry.get("says") or {}).items()
        }
        if kind in QUOTED_KINDS and not says:
            raise ValueError(f"{path.name}: {key}: a {kind} point quotes its source (says:)")
        if kind not in QUOTED_KINDS and not entry.get("why"):
            raise ValueError(f"{path.name}: {key}: a {kind} point says why (why:)")
        omitted = {str(book): str(why) for book, why in (entry.get("omit") or {}).items()}
        needs = tuple(str(need) for need in entry.get("needs") or ())
        points[str(key)] = Point(str(key), kind, says, omitted, str(entry.get("why", "")), needs)
    return Concordance(
        game=str(data["game"]),
        version=str(data["version"]),
        sources=dict(data["sources"]),
        books=dict(data["books"]),
        points=points,
    )
