"""What a one-page card refuses that a book sets, found where the source writes it.

`rulebook --check` passes a source the book can set; a quick reference also has
no room for the pages of blank boards or the sample game, and must fit one page.
`quickref --check` and `quickref --source` run this after the book's own check, so
the card's refusals carry a place too: a directive at its ``` line, a panel label
wider than its board on the card at its `panel:` line, and a card
that runs past its page (or holds a block taller than a column) at the `#` line of
the first chapter that does not fit. Fitting is only known by setting the card, so
this check typesets it once (and a few times more, to find the chapter, when it
does not fit).
"""

from __future__ import annotations

import dataclasses

from maerstanas_print.rulebook.card import (
    FIGURE_CELL_MM,
    SINGLE_FIGURE_CELL_MM,
    CardGeometry,
    card_pages,
)
from maerstanas_print.rulebook.compile_source import check_labels
from maerstanas_print.rulebook.figures import figure_cell
from maerstanas_print.rulebook.model import Book
from maerstanas_print.rulebook.prepare import PreparedBook, RulebookError, prepare
from maerstanas_print.rulebook.source import ReadSource
from maerstanas_print.rulebook.source_errors import SourceError
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
    geometry = CardGeometry.of(paper)
    for view in prepared.figures.values():  # drawn as `_CardBuilder.figure` draws them
        cap = FIGURE_CELL_MM if len(view.panels) > 1 else SINGLE_FIGURE_CELL_MM
        check_labels(read, view, min(figure_cell(view, geometry.column), geometry.mm(cap)))
    problem = _overflow(prepared, paper)
    if problem is None:
        return
    index, message = problem
    raise SourceError(
        read.chapter_places[min(index, len(read.chapter_places) - 1)],
        "R110",
        message,
        "shorten this chapter or an earlier one, or leave a figure out",
    )


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
