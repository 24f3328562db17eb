"""`maerstanas-print rulebook`: the illustrated rules as a PDF or an HTML page.

Every figure's claim is put to the engine first; a false one stops the build
with a one-line message naming the figure, exit code 1, and nothing written.
`--source FILE.md` builds any rulebook source (docs/writing-rulebooks.md) the
same way, and `--check FILE.md` only checks one: a problem is printed as
`check` prints a record's, `file:line:column`, the line, a caret and a hint.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import (
    PAPER_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    game_choice,
    output_format,
    output_target,
    write_and_report,
)
from maerstanas_print.diagnostics import visible
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_USAGE, CommandError
from maerstanas_print.io.outputs import refuse_overwriting_input
from maerstanas_print.rulebook import books
from maerstanas_print.rulebook.card_check import check_card
from maerstanas_print.rulebook.compile_source import compile_source
from maerstanas_print.rulebook.html import rulebook_html
from maerstanas_print.rulebook.kit import RULEBOOKS
from maerstanas_print.rulebook.pdf import rulebook_pdf
from maerstanas_print.rulebook.prepare import RulebookError, prepare
from maerstanas_print.rulebook.source import read_source_file
from maerstanas_print.rulebook.source_errors import SourceError

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _has_book(game: Game) -> bool:
    return RULEBOOKS.of(game) is not None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "rulebook",
        help="print the illustrated rules (PDF or HTML)",
        description="The rules of Mǽrstánas, Cyngesheall or the 1992 e-mail Hnefatafl in our "
        "own words, with figures checked by the rules engine. Default output: "
        "output/rulebook-<paper>.<format> (Mǽrstánas) or "
        "output/rulebook-<game>-<paper>.<format>.",
    )
    add_common_options(parser)
    add_game_option(parser, _has_book, "the rulebook")  # with --source: the source's game
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--source",
        metavar="FILE.md",
        help="build the rulebook written in FILE.md (any game; see "
        "docs/writing-rulebooks.md); default output: "
        "output/<file>-<paper>.<format>",
    )
    source.add_argument(
        "--check",
        metavar="FILE.md",
        help="check the rulebook source FILE.md (every claim, reference and "
        "record) without typesetting it",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    fmt = output_format(args.format, args.output)
    if args.check is not None or args.source is not None:  # '' is a name, and no file
        from pathlib import Path

        if args.check is not None and args.output is not None:
            raise CommandError("--check writes nothing; leave -o out", EXIT_USAGE)
        named = args.check if args.check is not None else args.source
        book = read_checked_source(named)
        if args.game is not None and game_choice(args.game).tag != book.game:
            raise CommandError(
                f"--game {args.game} does not match the source, which is a "
                f"{book.game} book (leave --game out)",
                EXIT_USAGE,
            )
        if args.check is not None:
            report_checked(args.check, book)
            return 0
        stem = f"{Path(args.source).stem}-{paper}"
        refuse_overwriting_input(output_target(args.output, f"{stem}.{fmt}"), args.source)
        return write_rulebook(book, paper, fmt, args.output, stem)
    game = game_choice(args.game, _has_book)
    return write_rulebook(
        books.book_for(game), paper, fmt, args.output, books.file_stem(game, paper, fmt)
    )


def read_checked_source(path: str, command: str = "rulebook", card_paper: str | None = None):
    """The checked book of a source file; its first problem printed whole, then exit 1
    (exit 3 when the file cannot be read); messages start with `command`. With
    `card_paper` it is also checked as a one-page card on that paper (`check_card`)."""

    try:
        read = read_source_file(path)
        book = compile_source(read)
        if card_paper is not None:
            check_card(read, book, card_paper)
        return book
    except SourceError as exc:
        if exc.code == "R108" and not exc.where.source.text:  # the file itself is unreadable
            raise CommandError(f"{command}: {exc.message}", 3) from None
        print(exc, file=sys.stderr)
        raise CommandError(
            f"{command}: {visible(path)} is not a correct rulebook source", EXIT_INVALID
        ) from None


def report_checked(path: str, book, what: str = "") -> None:
    """The one line a check that found nothing prints (on standard error)."""
    figures = list(book.figures())
    claims = sum(len(panel.claims) for f in figures for panel in f.panels)
    print(
        f"{visible(path)}: checked {len(figures)} figures and {claims} claims{what}; no problems",
        file=sys.stderr,
    )


def write_rulebook(
    source, paper: str, fmt: str, output: str | None, stem: str | None = None
) -> int:
    """Check, render and write `source` (a rulebook `Book`); used by tests with other books."""

    target = output_target(output, f"{stem or f'rulebook-{paper}'}.{fmt}")
    try:
        prepared = prepare(source)
        if fmt == "pdf":
            data: bytes | str = rulebook_pdf(prepared, paper)
        else:
            data = rulebook_html(prepared, paper)
    except RulebookError as exc:
        raise CommandError(f"rulebook: {exc}", EXIT_INVALID) from None
    return write_and_report(target, data)
