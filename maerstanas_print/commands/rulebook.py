"""`maerstanas-print rulebook`: the illustrated rules as a PDF or an HTML page.

Every figure's claim is put to the engine first; a false one stops the build
with a one-line message naming the figure, exit code 1, and nothing written.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from maerstanas_print.commands._sheet_output import (
    FORMAT_CHOICES,
    PAPER_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    game_choice,
)
from maerstanas_print.exits import EXIT_INVALID, EXIT_USAGE

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game



def _has_book(game: Game) -> bool:
    return game.rulebook_source() is not None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "rulebook",
        help="print the illustrated rules (PDF or HTML)",
        description="The rules of a game (--game) in our own words, with figures checked "
                    "by the rules engine. Default output: "
                    "output/rulebook-<paper>.<format> (Mǽrstánas) or "
                    "output/rulebook-<game>-<paper>.<format>.",
    )
    add_common_options(parser)
    add_game_option(parser, _has_book, "the rulebook")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.rulebook.books import book_for, file_stem

    game = game_choice(args.game, _has_book)
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    fmt = choice(args.format, FORMAT_CHOICES, "--format")
    return write_rulebook(book_for(game), paper, fmt, args.output, file_stem(game, paper, fmt))


def write_rulebook(source, paper: str, fmt: str, output: str | None,
                   stem: str | None = None) -> int:
    """Check, render and write `source` (a rulebook `Book`); used by tests with other books."""
    from maerstanas_print.exits import CommandError
    from maerstanas_print.outputs import resolve_output, write_output
    from maerstanas_print.rulebook.prepare import RulebookError, prepare

    target = resolve_output(output, f"{stem or f'rulebook-{paper}'}.{fmt}")
    if target == "-" and fmt == "pdf" and sys.stdout.isatty():
        raise CommandError("refusing to write a PDF to the terminal; redirect it or use -o FILE",
                           EXIT_USAGE)
    try:
        prepared = prepare(source)
    except RulebookError as exc:
        raise CommandError(f"rulebook: {exc}", EXIT_INVALID) from None
    if fmt == "pdf":
        from maerstanas_print.rulebook.pdf import rulebook_pdf

        data: bytes | str = rulebook_pdf(prepared, paper)
    else:
        from maerstanas_print.rulebook.html import rulebook_html

        data = rulebook_html(prepared, paper)
    write_output(target, data)
    if target != "-":
        print(f"wrote {target}", file=sys.stderr)
    return 0
