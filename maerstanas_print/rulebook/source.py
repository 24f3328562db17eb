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
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from maerstanas_print.diagnostics import Source
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import all_games, game_named
from maerstanas_print.rulebook.concordance import strip_markers
from maerstanas_print.rulebook.kit import kit_of
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
)
from maerstanas_print.rulebook.source_blocks import (
    FigurePlaces,
    read_figure,
    read_glossary,
    read_record,
    read_settings,
)
from maerstanas_print.rulebook.source_errors import SourceError, Where

FRONT_KEYS = (
    "game",
    "title",
    "subtitle",
    "author",
    "edition",
    "released",
    "language",
    "licence",
    "licence-url",
    "authors",
    "pdf-author",
    "subject",
    "keywords",
    "description",
)
REFERENCE = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")
BOOKS_PACKAGE = "maerstanas_print.games"  # the shipped sources live in its books/ folder


@dataclass
class ReadSource:
    """A source read into a book whose texts still hold `{{ references }}`."""

    book: Book
    source: Source
    figures: dict[str, FigurePlaces] = field(default_factory=dict)
    records: dict[str, tuple[RecordText, Where]] = field(default_factory=dict)
    references: dict[str, Where] = field(default_factory=dict)  # first place of each
    released: datetime.date | None = None
    edition: str = ""
    language: str = "en"


def _front_matter(source: Source) -> tuple[dict, int]:
    import yaml

    text = source.text
    if not text.startswith("---\n"):
        raise SourceError(
            Where.at(source, 1),
            "R100",
            "the source does not start with its front matter",
            "begin with a `---` line, `game:` and `title:` lines, and another `---` line",
        )
    end = text.find("\n---\n", 3)
    if end < 0:
        raise SourceError(
            Where.at(source, 1, 1, 3),
            "R100",
            "the front matter is not closed",
            "end it with a line of three hyphens, `---`",
        )
    try:
        data = yaml.safe_load(text[4 : end + 1]) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 2
        raise SourceError(
            Where.at(source, line, (mark.column + 1) if mark else 1),
            "R100",
            f"the front matter is not YAML: {getattr(exc, 'problem', exc)}",
            "write one `key: value` a line; quote a value with a colon in it",
        ) from None
    if not isinstance(data, dict):
        raise SourceError(
            Where.at(source, 2), "R100", "the front matter is not a list of `key: value` lines"
        )
    for key in data:
        if key not in FRONT_KEYS:
            raise SourceError(
                Where(source, 0, 3).find(f"\n{key}:").find(str(key)),
                "R100",
                f"{key!r} is not a front-matter key",
                f"the keys are: {', '.join(FRONT_KEYS)}",
            )
    for key in ("game", "title"):
        if not data.get(key):
            raise SourceError(
                Where.at(source, 1, 1, 3),
                "R100",
                f"the front matter has no `{key}:`",
                "for example `game: Maerstanas` and `title: Mǽrstánas`",
            )
    return data, text[: end + 5].count("\n")


def _text(value, key: str) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


class _Reader:
    """Walks markdown-it's tokens and builds chapters, keeping places for later errors."""

    def __init__(self, read: ReadSource, game: Game) -> None:
        self.read, self.game = read, game
        self.front: list[Block] = []
        self.chapters: list[tuple[str, bool, list[Block]]] = []

    def walk(self, source: Source, text: str, params: dict[str, str] | None = None) -> None:
        from markdown_it import MarkdownIt

        tokens = MarkdownIt("commonmark").enable("table").parse(text)
        i = 0
        while i < len(tokens):
            i = self.token(source, tokens, i, params or {})

    # -- helpers ------------------------------------------------------------------

    def where(self, source: Source, token, column: int = 1, width: int = 1) -> Where:
        line = (token.map[0] + 1) if token.map else 1
        return Where.at(source, line, column, width)

    def add(self, block: Block, where: Where) -> None:
        if self.chapters:
            self.chapters[-1][2].append(block)
        elif isinstance(block, Para):
            self.front.append(block)
        else:
            raise SourceError(
                where,
                "R101",
                "only paragraphs may come before the first chapter",
                "start a chapter with a `# Title` line",
            )

    def inline(self, source: Source, token, params: dict[str, str]) -> str:
        """The inline markup of `token` in the book's own small markup (see `model`)."""
        out: list[str] = []
        for child in token.children or []:
            kind = child.type
            if kind == "text":
                out.append(child.content)
            elif kind in ("softbreak", "hardbreak"):
                out.append(" ")
            elif kind == "code_inline":
                out.append(f"`{child.content}`")
            elif kind in ("em_open", "em_close"):
                out.append("*")
            elif kind in ("strong_open", "strong_close"):
                out.append("**")
            elif kind == "link_open":
                out.append("[")
                href = child.attrs.get("href", "")
            elif kind == "link_close":
                out.append(f"]({href})")
            else:
                what = {"html_inline": "raw HTML", "image": "an image"}.get(kind, kind)
                raise SourceError(
                    self.where(source, token),
                    "R101",
                    f"{what} cannot be set in a rulebook",
                    "use *italic*, **bold**, `notation` and [links](https://...)",
                )
        text = strip_markers("".join(out))  # rule-point markers are for the concordance
        for name, value in params.items():
            text = text.replace(f"{{{{ include.{name} }}}}", value)
        self.note_references(source, token, text)
        return text

    def note_references(self, source: Source, token, text: str) -> None:
        for match in REFERENCE.finditer(text):
            if match[0] not in self.read.references:
                self.read.references[match[0]] = self.where(source, token).find(match[0])

    # -- blocks -------------------------------------------------------------------

    def token(self, source: Source, tokens: list, i: int, params: dict[str, str]) -> int:
        token = tokens[i]
        kind = token.type
        if kind == "heading_open":
            text = self.inline(source, tokens[i + 1], params)
            if token.tag == "h1":
                appendix = text.endswith("{.appendix}")
                title = text.removesuffix("{.appendix}").strip()
                self.chapters.append((title, appendix, []))
            elif token.tag == "h2":
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
            text = self.inline(source, tokens[i + 1], params)
            lead = text.endswith("{.lead}")
            self.add(
                Para(text.removesuffix("{.lead}").rstrip(), "lead" if lead else "body"),
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
            if kind == "inline":
                items.append(self.inline(source, tokens[j], params))
            elif kind in ("bullet_list_open", "ordered_list_open", "fence", "blockquote_open"):
                raise SourceError(
                    self.where(source, tokens[j]),
                    "R101",
                    "a list item holds only text",
                    "nested lists are not set",
                )
            j += 1
        self.add(Bullets(tuple(items), numbered), self.where(source, tokens[i]))
        return j + 1

    def table(self, source: Source, tokens: list, i: int, params: dict[str, str]) -> int:
        rows: list[list[str]] = []
        j = i + 1
        while tokens[j].type != "table_close":
            if tokens[j].type == "tr_open":
                rows.append([])
            elif tokens[j].type == "inline":
                rows[-1].append(self.inline(source, tokens[j], params))
            j += 1
        delimiter = source.line_text(tokens[i].map[0] + 2)
        dashes = [cell.count("-") for cell in delimiter.strip().strip("|").split("|")]
        widths = () if len(set(dashes)) == 1 else tuple(d / sum(dashes) for d in dashes)
        self.add(
            Table(tuple(rows[0]), tuple(tuple(r) for r in rows[1:]), widths),
            self.where(source, tokens[i]),
        )
        return j + 1

    def fence(self, source: Source, token, params: dict[str, str]) -> None:
        info = token.info.split()
        kind = info[0] if info else ""
        start = self.where(source, token, 4, max(1, len(kind)))
        first = token.map[0] + 2  # the body's first line
        body = token.content
        for name, value in params.items():
            body = body.replace(f"{{{{ include.{name} }}}}", value)
        for match in REFERENCE.finditer(body):
            self.read.references.setdefault(match[0], Where(source, 0, 1).find(match[0]))
        if kind == "figure":
            figure, places = read_figure(body, start, first, self.game)
            self.unique(figure.key, start)
            self.read.figures[figure.key] = places
            self.add(figure, start)
        elif kind == "record":
            record, key, where = read_record(body, start, first)
            self.unique(key, where)
            self.read.records[key] = (record, where)
            self.add(record, start)
        elif kind == "glossary":
            self.add(read_glossary(body, start, first), start)
        elif kind == "stone-key":
            read_settings(body, start, first, (), "stone-key")
            self.add(StoneKey(self.game.tag), start)
        elif kind == "pencil-boards":
            settings = read_settings(body, start, first, ("per-page",), "pencil-boards")
            per_page, where = settings.get("per-page", ("6", start))
            if per_page not in ("1", "2", "4", "6", "9"):
                raise SourceError(where, "R102", f"per-page {per_page!r} is not 1, 2, 4, 6 or 9")
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
            tag = re.search(r'\[Game "([^"]*)"\]', shipped.joinpath(name).read_text("utf-8"))
            if game_named(tag[1] if tag else None) is not self.game:
                raise SourceError(
                    where,
                    "R102",
                    f"{name} is not a game of {self.game.title}",
                    "a book shows games of its own game only",
                )
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
                        for term, gloss in read_glossary(body, start, first).entries
                        for name, _, value in [term.partition("=")]
                    }
                    self.add(kit.options_table(meanings), start)
            except LookupError:
                raise SourceError(
                    start,
                    "R102",
                    f"```{kind} is for the movement games",
                    f"{self.game.title} has no setup or rule options to list",
                ) from None
            except ValueError as exc:
                raise SourceError(
                    start, "R102", str(exc), "add a line `option=value: what it does` for it"
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
        params = {key: value for key, (value, _) in settings.items()}
        self.walk(Source(f"books/shared/{args[0]}.md", text), text, params)


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
    data, body_line = _front_matter(source)
    game = game_named(str(data["game"]))
    if game is None:
        raise SourceError(
            Where(source, 0, 1).find(f"game: {data['game']}").find(str(data["game"])),
            "R100",
            f"{data['game']!r} is not a game this toolchain knows",
            "the games are " + ", ".join(g.tag for g in all_games()),
        )
    released = data.get("released")
    if released is not None and not isinstance(released, datetime.date):
        raise SourceError(
            Where(source, 0, 1).find("released:"), "R100", "released is a date written YYYY-MM-DD"
        )
    read = ReadSource(
        Book("", "", "", ()),
        source,
        released=released,
        edition=str(data.get("edition", "")),
        language=str(data.get("language", "en")),
    )
    reader = _Reader(read, game)
    # Blank out the front matter, so markdown-it's line numbers are the file's.
    reader.walk(
        source,
        "\n" * body_line
        + source.text[len("".join(source.text.splitlines(keepends=True)[:body_line])) :],
    )
    if not reader.chapters:
        lines = source.text.splitlines()
        first = next((n for n in range(body_line, len(lines)) if lines[n].strip()), body_line)
        raise SourceError(
            Where.at(source, first + 1),
            "R101",
            "the source has no chapter",
            "start one with a `# Title` line",
        )
    chapters = tuple(
        Chapter(title, tuple(blocks), appendix) for title, appendix, blocks in reader.chapters
    )
    fields: dict[str, Any] = {
        "title": str(data["title"]),
        "subtitle": str(data.get("subtitle", "")),
        "author": str(data.get("author", "")),
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
            fields[attr] = _text(data[key], key)
    if "authors" in data and "pdf-author" not in data:
        fields["pdf_author"] = _text(data["authors"], "authors")
    if "keywords" in data:
        fields["keywords"] = tuple(map(str, data["keywords"]))
    read.book = Book(**fields)
    return read


def read_source_file(path: str | Path) -> ReadSource:
    """Read a source from a file; SourceError R108 if the file cannot be read."""
    name = str(path)
    try:
        text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(
            Where(Source(name, ""), 0, 0),
            "R108",
            f"cannot read {name}: {getattr(exc, 'strerror', None) or exc}",
        ) from None
    return read_source(text, name)


def shipped_source(name: str) -> ReadSource:
    """One of the books shipped with the game definitions (books/NAME.md)."""
    text = resources.files(BOOKS_PACKAGE).joinpath("books", f"{name}.md").read_text("utf-8")
    return read_source(text, f"books/{name}.md")
