"""What a one-page card refuses that a book sets, found where the source writes it.

`rulebook --check` passes a source the book can set; a quick reference also has
no room for the pages of blank boards or the sample game, and must fit one page.
`quickref --check` and `quickref --source` run this after the book's own check, so
the card's refusals carry a place too: a directive at its ``` line, a panel label
wider than its board on the card at its `panel:` line, and a card
that runs past its page (or holds a block taller than a column) at the `#` line of
the first chapter that does not fit. Fitting is only known by setting the card, so
this check typesets it at its least size (a few times more, to find the chapter,
when it does not fit), then sets it whole as the build does (`card_pdf`), so a
card the check passes is a card the build sets.
"""

from __future__ import annotations

import dataclasses
import math
import re

from maerstanas_print.rulebook.card import (
    BODY_BOTTOM_MM,
    CREDIT_GAP_MM,
    FIGURE_CELL_MM,
    FOOT_MM,
    MAX_FOOT_EXTRA_MM,
    MAX_GROW,
    SIDE_MM,
    SINGLE_FIGURE_CELL_MM,
    CardGeometry,
    TooTall,
    card_pages,
    card_pdf,
)
from maerstanas_print.rulebook.card_band import MAX_BAND_LINES, TITLE_PT
from maerstanas_print.rulebook.compile_source import check_labels
from maerstanas_print.rulebook.figures import FigureView, figure_cell, least_cell
from maerstanas_print.rulebook.model import Book, Bullets, Glossary, Para, RecordText, Table
from maerstanas_print.rulebook.prepare import PreparedBook, RulebookError, prepare
from maerstanas_print.rulebook.source import ReadSource
from maerstanas_print.rulebook.source_errors import SourceError, Where
from maerstanas_print.sheets.common import PAPERS

# The directives a card has no room for, and what prints them instead.
NOT_ON_A_CARD = {
    "pencil-boards": "print blank boards with `maerstanas-print board`",
    "sample-game": "print the game with `maerstanas-print game`",
}


def check_card(read: ReadSource, book: Book, paper: str) -> None:
    """SourceError when the checked `book` (read from `read`) cannot be a one-page card."""
    for kind, where in read.directives:
        if kind in NOT_ON_A_CARD:
            raise SourceError(
                where, "R102", f"a quick reference has no room for ```{kind}", NOT_ON_A_CARD[kind]
            )
    try:
        prepared = prepare(book)
    except RulebookError as exc:  # compile_source checks all of it first; kept as a guard
        raise SourceError(read.chapter_places[0], "R102", str(exc)) from None
    geometry = CardGeometry.of(paper, prepared)
    _check_band(read, book, geometry)
    if geometry.foot_extra > geometry.mm(MAX_FOOT_EXTRA_MM):  # the credit at the foot
        room = geometry.mm(BODY_BOTTOM_MM - FOOT_MM - CREDIT_GAP_MM)
        raise SourceError(
            read.front_place or read.chapter_places[0],
            "R110",
            f"the small print before the first chapter takes "
            f"{room + geometry.foot_extra:.0f} mm at the foot of the quick reference; it "
            f"has room for {room + geometry.mm(MAX_FOOT_EXTRA_MM):.3g} mm",
            "shorten it; a card's credit is a line or two",
        )
    for view in prepared.figures.values():  # drawn as `_CardBuilder.figure` draws them
        _check_figure(read, view, geometry)
    problem = _overflow(prepared, paper)
    if problem is None:
        _set_as_built(read, prepared, paper)
        return
    index, message = problem
    tall = _tall_block(prepared, paper, index)
    if tall is not None and index < len(read.block_places):
        block, what = tall
        raise SourceError(
            read.block_places[index][block],
            "R110",
            f"{what} is taller than a column of the card "
            f"({geometry.body_height:.0f} mm), so no page can hold it",
            "shorten it, or split it into smaller ones",
        )
    raise SourceError(
        read.chapter_places[min(index, len(read.chapter_places) - 1)],
        "R110",
        message,
        "shorten this chapter or an earlier one, or leave a figure out",
    )


def _check_figure(read: ReadSource, view: FigureView, geometry: CardGeometry) -> None:
    """R110 at a figure whose boards the card's column draws too small to read (at its
    ``` line), or at a panel label with no room under its board (at its `panel:`),
    for every square size the build may draw it with: the least (as the fitting pass
    sets it) up to the figures grown into spare room (`MAX_GROW`)."""
    cap = geometry.mm(FIGURE_CELL_MM if len(view.panels) > 1 else SINGLE_FIGURE_CELL_MM)
    widest = figure_cell(view, geometry.column)
    cell, least = min(widest, cap), least_cell(view)
    if cell < least:
        fitting = [
            count
            for count in range(1, len(view.panels))
            if figure_cell(dataclasses.replace(view, panels=view.panels[:count]), geometry.column)
            >= least
        ]
        raise SourceError(
            read.figures[view.key].start,
            "R110",
            f"a column of the quick reference draws the {len(view.panels)} boards of this "
            f"figure with squares of {math.floor(cell * 10) / 10:.1f} mm; their coordinates "
            f"need {math.ceil(least * 10) / 10:.1f} mm, or they print on top of each other",
            f"split it into figures of at most {max(fitting, default=1)} panels"
            if len(view.panels) > 1
            else "draw part of the board (`window:`)",
        )
    check_labels(read, view, cell, geometry.column)
    check_labels(read, view, min(widest, cap * MAX_GROW), geometry.column)


def _set_as_built(read: ReadSource, prepared: PreparedBook, paper: str) -> None:
    """Set the card as `quickref --source` sets it (`card_pdf`, the one typesetting of
    the build: figures grown, columns balanced, bottoms made flush), so nothing the
    build does after the fitting pass can refuse or fail on a card the check passed."""
    try:
        card_pdf(prepared, paper)
    except RulebookError as exc:
        raise SourceError(
            read.chapter_places[0],
            "R110",
            str(exc),
            "shorten the card, or leave a figure out",
        ) from None


def _check_band(read: ReadSource, book: Book, geometry: CardGeometry) -> None:
    """SourceError R110 at `title:` (at `subtitle:` when the title alone fits) when the
    title and subtitle take more lines of the card's title band than it has room for."""
    lines = len(geometry.band(book))
    if lines <= MAX_BAND_LINES:
        return
    # The subtitle is the one to shorten when the title alone fits the band.
    alone = len(geometry.band(dataclasses.replace(book, subtitle="")))
    key = "subtitle" if book.subtitle and alone <= MAX_BAND_LINES else "title"
    found = re.search(rf"^{key}:", read.source.text, re.MULTILINE)
    line = read.source.text.count("\n", 0, found.start()) + 1 if found else 2
    width = geometry.width - 2 * geometry.mm(SIDE_MM)
    raise SourceError(
        Where.at(read.source, line, 1, len(key)),
        "R110",
        f"the title and subtitle take {lines} lines of the quick reference's title band "
        f"({width:.0f} mm wide, the title in {TITLE_PT:.0f} pt); it has room for "
        f"{MAX_BAND_LINES}",
        "shorten the title, or move words into the subtitle or the small print",
    )


def _kind(block: object) -> str:
    """What in a block is too tall, as a message names it."""
    names = {
        Table: "a row of this table",
        Glossary: "an entry of this glossary",
        RecordText: "this record",
        Para: "this paragraph",
        Bullets: "an item of this list",
    }
    return names.get(type(block), "this block")


def _tall_block(prepared: PreparedBook, paper: str, chapter: int) -> tuple[int, str] | None:
    """The index and kind of the first block of the chapter `chapter` that is taller
    than a column of the card (the build's own typesetting tells: `card_pages` raises
    TooTall), or None when none is. Each try sets that chapter alone, up to a block."""
    whole = prepared.book.chapters[chapter]

    def too_tall(count: int) -> bool:
        part = dataclasses.replace(whole, blocks=whole.blocks[:count])
        book = dataclasses.replace(prepared.book, chapters=(part,))
        try:
            card_pages(PreparedBook(book, prepared.figures, prepared.numbers), paper)
        except TooTall:
            return True
        return False

    if not too_tall(len(whole.blocks)):
        return None
    low, high = 0, len(whole.blocks)  # too_tall(low) is False, too_tall(high) is True
    while high - low > 1:
        middle = (low + high) // 2
        if too_tall(middle):
            high = middle
        else:
            low = middle
    return high - 1, _kind(whole.blocks[high - 1])


def _overflow(prepared: PreparedBook, paper: str) -> tuple[int, str] | None:
    """None when the card fits one page of `paper`; else the index of the first
    chapter with which it no longer does, and why."""

    def problem(count: int) -> str | None:
        part = dataclasses.replace(prepared.book, chapters=prepared.book.chapters[:count])
        try:
            pages = card_pages(PreparedBook(part, prepared.figures, prepared.numbers), paper)
        except RulebookError as exc:
            return str(exc)
        if pages == 1:
            return None
        return (
            f"the quick reference runs past one page of {PAPERS[paper].name} here "
            f"({pages} pages with this chapter)"
        )

    chapters = len(prepared.book.chapters)
    if problem(chapters) is None:
        return None
    low, high = 0, chapters  # problem(low) is None (nothing is set), problem(high) is not
    while high - low > 1:
        middle = (low + high) // 2
        if problem(middle) is None:
            low = middle
        else:
            high = middle
    return high - 1, problem(high) or ""
