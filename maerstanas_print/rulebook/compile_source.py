"""Check a read source against the engine and fill in its references: the finished `Book`.

Every figure is realised (each claim put to the engine) and every record
replayed; a failure becomes a diagnostic at the line of the claim, move or
record that is wrong. Then each `{{ name.value }}` in the text is replaced by
what the engine says (`{{ opening.captures }}` -> 3), so no number the engine
can know is typed by hand. The values are listed in docs/writing-rulebooks.md.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from maerstanas_print.fonts import text_width_mm
from maerstanas_print.io import limits
from maerstanas_print.io.limits import MAX_NUMBER_DIGITS as MAX_DIGITS
from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games, first_error
from maerstanas_print.rule_points import masked
from maerstanas_print.rulebook.figures import (
    LABEL_SIZE,
    PANEL_GAP,
    Figure,
    FigureError,
    FigureView,
    Panel,
    figure_cell,
    label_centres,
    panel_width,
    realise,
)
from maerstanas_print.rulebook.kit import kit_of
from maerstanas_print.rulebook.model import (
    Book,
    Bullets,
    Chapter,
    Glossary,
    Heading,
    Para,
    RecordText,
    Table,
    block_texts,
    inside_markup,
    literal_value,
    plain,
    set_length,
    spans,
)
from maerstanas_print.rulebook.source import REFERENCE, ReadSource, references
from maerstanas_print.rulebook.source_errors import SourceError, Where
from maerstanas_print.rulebook.words import words

BOOK_FIGURE_WIDTH = 156.0  # mm: the text width a book's figures are drawn in (A4, HTML)
FIGURE_VALUES = ("figure", "number")
PANEL_VALUES = ("dark-score", "light-score", "dark-moves", "light-moves", "captures", "winner")
RECORD_VALUES = ("moves", "captures", "dark-score", "light-score", "winner")
BOOK_VALUES = ("title", "edition", "released", "year")


def _figure_error(read: ReadSource, figure: Figure, exc: FigureError) -> SourceError:
    where = read.figures[figure.key].of(exc.panel, exc.part, exc.claim)
    message = str(exc)
    if exc.part == "claim":
        refuted = " claims " in message and "cannot be read" not in message
        return SourceError(
            where,
            "R201" if refuted else "R104",
            message,
            "the engine is the judge: correct the claim, or the position" if refuted else None,
        )
    if exc.part == "reachable":
        return SourceError(
            where, "R203", message, "a figure shows a position of the game: change the position"
        )
    if exc.part == "then":
        return SourceError(where, "R202", message, "write the move as the record would")
    return SourceError(where, "R105", message)


def realise_all(read: ReadSource) -> dict[str, FigureView]:
    numbers = read.book.figure_numbers()
    views = {}
    for figure in read.book.figures():
        try:
            views[figure.key] = realise(figure, numbers[figure.key])
        except FigureError as exc:
            raise _figure_error(read, figure, exc) from None
        check_labels(read, views[figure.key], figure_cell(views[figure.key], BOOK_FIGURE_WIDTH))
    return views


def check_labels(
    read: ReadSource, view: FigureView, cell: float, width: float | None = None
) -> None:
    """R110 at a panel label wider than its board and the gap beside it, with squares
    of `cell` mm (as the book's page draws them; a card draws them smaller): a label
    is one line under its board, so a longer one would run over the next panel's
    label, or off the page. With the `width` the figure is centred in (a card's
    column), the outermost labels get only the room inside it: no gap lies beyond
    the first and the last board."""
    rooms = [panel_width(panel, cell) + PANEL_GAP for panel in view.panels]
    if width is not None:
        centres = label_centres(view, width, cell)
        rooms[0] = min(rooms[0], 2 * centres[0])
        rooms[-1] = min(rooms[-1], 2 * (width - centres[-1]))
    for index, (panel, room) in enumerate(zip(view.panels, rooms, strict=True)):
        width_mm = text_width_mm(panel.label, "italic", LABEL_SIZE)
        if width_mm > room:
            place = read.figures[view.key].panels[index]
            # a tenth of a mm, the width rounded up and the room down: never "33 and 33"
            wide, left = math.ceil(width_mm * 10) / 10, math.floor(room * 10) / 10
            raise SourceError(
                place.label or place.setup,
                "R110",
                f"this panel label is {wide:.1f} mm wide, and its board leaves it {left:.1f} mm",
                "shorten the label, or say more in the caption",
            )


def replay_records(read: ReadSource) -> dict[str, Any]:
    """Every record block replayed (R107 at its id on an invalid one)."""

    games = {}
    for key, (record, where) in read.records.items():
        checked = check_games(record.text, key, budget=NO_FIX_SEARCH)
        every = list(checked)
        problem = first_error(checked, every[:1])
        if problem is None and len(every) > 1:  # the block shows one game, and its values
            problem = f"it holds {len(every)} games; a record block shows one"
        if problem is not None or not every:
            raise SourceError(
                where,
                "R107",
                f"record {key!r} is not valid: {problem or 'no game in it'}",
                "run `maerstanas-print check` on the record to see every problem",
            )
        games[key] = every[0].replayed
    return games


def _panel_value(view: FigureView, index: int, value: str, figure: Figure) -> str | None:
    panel: Panel = figure.panels[index]
    position = view.panels[index].position
    if value == "captures":
        return str(len(_then_removed(panel)))
    value_of: str | None = panel.kit.position_value(position, value, panel)
    return value_of


def _then_removed(panel: Panel) -> list[str]:
    written = panel.then or ""
    _, _, removed = written.rstrip("!").partition("x")
    return [name for name in removed.split("/") if name]


def _record_value(game, value: str) -> str | None:
    steps = game.main.steps
    if value == "moves":
        return str(len(steps))
    if value == "captures":
        return str(sum(len(step.removed) for step in steps))
    value_of: str | None = kit_of(game.game).position_value(game.final, value, None)
    return value_of


def _as_written(ref: str, where: Where) -> str:
    """The reference as the writer wrote it at `where` (or `ref`, when `where` is
    the ```include line of the shared text that holds it)."""
    written = where.source.text[where.start : where.end]
    return written if REFERENCE.fullmatch(written) else ref


def _book_value(read: ReadSource, value: str) -> str | None:
    """A value of the front matter, as plain text in the book's markup."""
    got = _front_value(read, value)
    return None if got is None else literal_value(got)


def _front_value(read: ReadSource, value: str) -> str | None:
    released = read.released
    if value == "title":
        return read.book.title
    if value == "edition":
        return read.edition or None
    if value == "released" and released is not None:  # "23 November 2026", "23. November 2026"
        from babel.dates import format_date

        language = read.language.split("-")[0]
        return format_date(released, "long", locale="en_GB" if language == "en" else language)
    if value == "year" and released is not None:
        return str(released.year)
    return None


def resolve(
    read: ReadSource, views: dict[str, FigureView], games: dict[str, Any]
) -> dict[str, str]:
    """The text each reference stands for (R106 at the first that names nothing)."""
    out = {}
    for ref, where in read.references.items():
        parts = REFERENCE.fullmatch(ref)[1].split(".")  # type: ignore[index]
        name, value = parts[0], parts[-1]
        got: str | None = None
        hint = None
        if name == "book" and len(parts) == 2:
            got = _book_value(read, value)
            hint = f"the book's values are {', '.join(BOOK_VALUES)} (from the front matter)"
            if got is None and value in BOOK_VALUES:
                key = "released" if value == "year" else value
                raise SourceError(
                    where,
                    "R106",
                    f"{_as_written(ref, where)} needs `{key}:` in the front matter, which "
                    "this book does not give",
                    f"add `{key}: ...` to the front matter (docs/writing-rulebooks.md)",
                )
        elif name in views and len(parts) in (2, 3):
            figure = views[name].figure
            if len(parts) == 2 and value in FIGURE_VALUES:
                got = f"{{fig:{name}}}" if value == "figure" else str(views[name].number)
            else:
                if len(parts) == 3:
                    # only ASCII digits name a panel ("-3", "banana", "+1", "1_0" name none);
                    # a number longer than MAX_DIGITS names no panel (and int() would refuse it)
                    digits = parts[1].isascii() and parts[1].isdigit()
                    long = not digits or len(parts[1].lstrip("0")) > MAX_DIGITS
                    index = len(figure.panels) if long else int(parts[1]) - 1
                else:
                    index = len(figure.panels) - 1
                if 0 <= index < len(figure.panels):
                    got = _panel_value(views[name], index, value, figure)
            hint = (
                f"a figure gives {', '.join(FIGURE_VALUES)}, and for its last panel (or "
                f"panel N: name.N.value) {', '.join(PANEL_VALUES)}"
            )
        elif name == "include":
            raise SourceError(
                where,
                "R106",
                f"the shared text needs `{value}:`, and the include block does not give it",
                f"add a line `{value}: ...` to the ```include block",
            )
        elif name in games and len(parts) == 2:
            got = _record_value(games[name], value)
            hint = f"a record gives {', '.join(RECORD_VALUES)}"
        else:
            known = sorted([*views, *games])
            hint = f"the figures and records are: {', '.join(known) or 'none'}"
        if got is None:
            shown = _as_written(ref, where)
            raise SourceError(where, "R106", f"{shown} names nothing the book can compute", hint)
        out[ref] = got
    return out


def _map_texts(book: Book, fill: Callable[[str], str]) -> Book:
    """The book with `fill` applied to every text it prints."""

    def block(b):
        if isinstance(b, Para | Heading):
            return dataclasses.replace(b, text=fill(b.text))
        if isinstance(b, Bullets):
            return dataclasses.replace(b, items=tuple(map(fill, b.items)))
        if isinstance(b, Table):
            return dataclasses.replace(
                b,
                header=tuple(map(fill, b.header)),
                rows=tuple(tuple(map(fill, r)) for r in b.rows),
            )
        if isinstance(b, RecordText):
            return dataclasses.replace(b, caption=fill(b.caption))
        if isinstance(b, Glossary):
            return dataclasses.replace(b, entries=tuple((t, fill(g)) for t, g in b.entries))
        if isinstance(b, Figure):
            return dataclasses.replace(b, caption=fill(b.caption), alt=fill(b.alt))
        return b

    chapters = tuple(
        Chapter(fill(c.title), tuple(map(block, c.blocks)), c.appendix) for c in book.chapters
    )
    return dataclasses.replace(book, chapters=chapters, front=tuple(map(block, book.front)))


def compile_source(read: ReadSource) -> Book:
    """The checked book, every reference filled in; SourceError on the first problem."""
    views = realise_all(read)
    games = replay_records(read)
    values = resolve(read, views, games)
    _check_figure_marks(read)
    if not values:
        return read.book

    words_of = _figure_words(read, views)

    def fill(text: str) -> str:
        filled = fill_references(text, values, words_of)
        if set_length(filled) > limits.MAX_BOOK_PARAGRAPH_CHARS:
            raise _too_long(read, text, f"{limits.MAX_BOOK_PARAGRAPH_CHARS:,} characters")
        return filled

    book = _map_texts(read.book, fill)
    _check_heading_words(read, book)
    total = sum(set_length(t) for c in book.chapters for b in c.blocks for t in block_texts(b))
    if total > limits.MAX_BOOK_TEXT_CHARS:
        raise _too_long(read, "", f"{limits.MAX_BOOK_TEXT_CHARS:,} characters in all")
    return book


def _check_heading_words(read: ReadSource, book: Book) -> None:
    """R110 at the reference that makes a word of a heading longer than a heading's
    word may be (`# A{{ book.title }}`): the limit was checked as written only."""
    for written, filled in zip(read.book.chapters, book.chapters, strict=True):
        texts = [(written.title, filled.title)] + [
            (a.text, b.text)
            for a, b in zip(written.blocks, filled.blocks, strict=True)
            if isinstance(a, Heading) and isinstance(b, Heading)
        ]
        for a, b in zip(written.blocks, filled.blocks, strict=True):
            if not (isinstance(a, Table) and isinstance(b, Table)):
                continue
            for before, after in zip(a.header, b.header, strict=True):
                if len(after) > limits.MAX_TABLE_HEADER_CELL_CHARS and before != after:
                    raise SourceError(
                        read.references[next(references(before))[0]],
                        "R110",
                        f"with its references filled in, this header cell is {len(after):,} "
                        "characters long; the limit is "
                        f"{limits.MAX_TABLE_HEADER_CELL_CHARS} (the header row is never "
                        "split across pages)",
                        "shorten the value, or name it in the rows",
                    )
        for before, after in texts:
            longest = max(len(word) for word in [*plain(after).split(), ""])
            if longest > limits.MAX_HEADING_WORD_CHARS and before != after:
                raise SourceError(
                    read.references[next(references(before))[0]],
                    "R110",
                    f"with its references filled in, a word of this heading is "
                    f"{longest:,} characters long; the limit is "
                    f"{limits.MAX_HEADING_WORD_CHARS}",
                    "shorten the value, or put a space between it and the words beside it",
                )
            if len(after) > limits.MAX_HEADING_CHARS and before != after:
                raise SourceError(
                    read.references[next(references(before))[0]],
                    "R110",
                    f"with its references filled in, this heading is {len(after):,} "
                    f"characters long; the limit is {limits.MAX_HEADING_CHARS} (a heading "
                    "is never split across pages)",
                    "shorten the value, or name it in a paragraph under the heading",
                )


def _figure_words(read: ReadSource, views: dict[str, FigureView]) -> dict[str, str]:
    """`{{ f.figure }}` as the words "figure 1" (in the book's language), for a place
    where the book's `{fig:f}` cannot stand: inside emphasis, notation or a link's words
    (the book's markup does not nest, so it was printed there as "{fig:f}")."""
    template = words(read.language)("figure {number}")
    return {
        f"{{fig:{key}}}": literal_value(template.format(number=view.number).replace(" ", "\u00a0"))
        for key, view in views.items()
    }


def fill_references(text: str, values: dict[str, str], words_of: dict[str, str]) -> str:
    """`text` with each `{{ reference }}` it holds unescaped filled in from `values`;
    a figure's (`{fig:f}`) inside emphasis, notation or a link's words as its words."""
    nested = inside_markup(text)
    out, start = [], 0
    for found in references(text):
        value = values[found[0]]
        if value in words_of and any(a < found.start() < b for a, b in nested):
            value = words_of[value]
        out += [text[start : found.start()], value]
        start = found.end()
    return "".join([*out, text[start:]])


def _check_figure_marks(read: ReadSource) -> None:
    """R106 at a `{fig:key}` written in the text for a figure the book does not have."""
    keys = {figure.key for figure in read.book.figures()}
    book = read.book
    start = Where(read.source, 0, 1)
    placed = [(start, b) for b in book.front]
    for index, chapter in enumerate(book.chapters):
        places = read.block_places[index] if index < len(read.block_places) else []
        placed += [
            (places[i] if i < len(places) else start, block)
            for i, block in enumerate(chapter.blocks)
        ]
    for where, block in placed:
        for text in block_texts(block):
            for span in spans(text):
                if span.kind == "fig" and span.text not in keys:
                    mark = f"{{fig:{span.text}}}"
                    raise SourceError(
                        _written(read, where, mark),
                        "R106",
                        f"{mark} names a figure the book does not have",
                        f"the figures are: {', '.join(sorted(keys)) or 'none'}",
                    )


def _written(read: ReadSource, where: Where, mark: str) -> Where:
    """The first place at or after `where` where `mark` is written as markup: not
    escaped (`\\{fig:f}`) and not inside a code span on its line."""
    text = masked(read.source.text)
    found = text.find(mark, where.start)
    while found >= 0:
        if text.count("`", text.rfind("\n", 0, found) + 1, found) % 2 == 0:
            return Where(read.source, found, found + len(mark))
        found = text.find(mark, found + 1)
    return where.find(mark)


def _too_long(read: ReadSource, text: str, limit: str) -> SourceError:
    """R110 at the first reference of `text` (of the book, when it has none)."""
    first = next(references(text), None)
    where = read.references[first[0]] if first else next(iter(read.references.values()))
    return SourceError(
        where,
        "R110",
        f"with its references filled in, the text runs past the limit of {limit}",
        "refer to long values less often (docs/writing-rulebooks.md lists the limits)",
    )
