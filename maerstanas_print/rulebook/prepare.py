"""Check the whole book before anything is drawn, and hand both renderers the results.

`prepare` realises every figure (the engine checks each claim), replays every
record shown as text, and checks that Cardo can set every character. Any
failure is a `RulebookError` whose one-line message names what is wrong, and
the command writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.fonts import FACES, missing_glyphs
from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games, first_error
from maerstanas_print.rulebook.figures import FigureError, FigureView, realise
from maerstanas_print.rulebook.inline import typeset
from maerstanas_print.rulebook.layout import blank_board_page, sample_game
from maerstanas_print.rulebook.model import (
    BlankBoards,
    Book,
    RecordText,
    SampleGame,
    plain,
    spans,
)
from maerstanas_print.sheets.common import SheetError


class RulebookError(ValueError):
    """The book cannot be built as written; the message is one line."""


@dataclass(frozen=True)
class PreparedBook:
    book: Book
    figures: dict[str, FigureView]  # by key
    numbers: dict[str, int]  # figure key -> number

    def figure(self, key: str) -> FigureView:
        return self.figures[key]


def check_record(block: RecordText) -> None:

    checked = check_games(block.text, "<rulebook record>", budget=NO_FIX_SEARCH)
    games = list(checked)
    problem = first_error(checked, games)
    if problem is not None or not games:
        first = block.text.splitlines()[0]
        raise RulebookError(
            f"the record beginning {first!r} is not valid: {problem or 'no game in it'}"
        )


def check_sample_game(block: SampleGame) -> None:
    """The shipped game the appendix draws must replay (a book built from a `Book`
    made in code never went through the source's check)."""
    try:
        sample_game(block.resource)
    except (ValueError, StopIteration, OSError):
        raise RulebookError(
            f"the shipped game {block.resource} is not a valid sample game"
        ) from None


def check_blank_boards(block: BlankBoards) -> None:
    """The pencil sheet must be one `board` can make (a 19 x 19 board takes 1 or 2 a page)."""
    try:
        blank_board_page("a4", block.game, block.per_page)
    except SheetError as exc:
        raise RulebookError(f"the pencil boards cannot be printed: {exc}") from None


def prepare(book: Book) -> PreparedBook:
    numbers = book.figure_numbers()
    if len(numbers) != sum(1 for _ in book.figures()):
        raise RulebookError("two figures share a key")
    figures: dict[str, FigureView] = {}
    for figure in book.figures():
        try:
            figures[figure.key] = realise(figure, numbers[figure.key])
        except FigureError as exc:
            raise RulebookError(str(exc)) from None
    for chapter in book.chapters:
        for block in chapter.blocks:
            if isinstance(block, RecordText):
                check_record(block)
            elif isinstance(block, SampleGame):
                check_sample_game(block)
            elif isinstance(block, BlankBoards):
                check_blank_boards(block)
    for text in book.texts():
        for span in spans(text):
            if span.kind == "fig" and span.text not in numbers:
                raise RulebookError(
                    f"the text refers to a figure {span.text!r} that the book does not have"
                )
    text = "".join(typeset(plain(t, numbers, book.language), book.language) for t in book.texts())
    for face in FACES:
        missing = missing_glyphs(text, face)
        if missing:
            raise RulebookError(f"Cardo {face} cannot set {''.join(missing)!r} used in the book")
    return PreparedBook(book, figures, numbers)
