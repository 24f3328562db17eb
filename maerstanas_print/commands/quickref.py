"""`maerstanas-print quickref`: a game's rules on one side of paper.

The quick reference is a rulebook source (docs/writing-rulebooks.md) set as a
one-page card: every figure and claim is checked by the engine as in a book,
and a source that does not fit one page is refused (exit 1, nothing written).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import (
    BOARD_PAPER_CHOICES,
    add_game_option,
    choice,
    game_choice,
    output_format,
    output_target,
    write_and_report,
)
from maerstanas_print.commands.rulebook import read_checked_source, report_checked
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_USAGE, CommandError
from maerstanas_print.io.outputs import refuse_overwriting_input
from maerstanas_print.rulebook.books import quickref_for
from maerstanas_print.rulebook.card import card_pdf
from maerstanas_print.rulebook.kit import quickref_source
from maerstanas_print.rulebook.prepare import RulebookError, prepare
from maerstanas_print.sheets.capabilities import FILE_PARTS
from maerstanas_print.sheets.common import PAPERS

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _has_card(game: Game) -> bool:
    return quickref_source(game) is not None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "quickref",
        help="print a game's one-page quick reference (PDF)",
        description="The rules, notation and scoring of a game on one side of paper, with "
        "figures checked by the rules engine. Default output: "
        "output/quickref-<paper>.pdf (Mǽrstánas) or "
        "output/quickref-<game>-<paper>.pdf.",
    )
    add_paper_and_output(parser)
    add_game_option(parser, _has_card, "the quick reference")
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--source",
        metavar="FILE.md",
        help="set the rulebook source FILE.md as a one-page card instead; "
        "default output: output/<file>-quickref-<paper>.pdf",
    )
    source.add_argument(
        "--check",
        metavar="FILE.md",
        help="check the source FILE.md as a card (every claim, reference and record, "
        "and that it fits one page of --paper) without writing it",
    )
    parser.set_defaults(func=run)


def add_paper_and_output(parser: argparse.ArgumentParser) -> None:
    """--paper (A4, Letter, and A3 or Tabloid, where the card is enlarged) and -o."""
    parser.add_argument(
        "--paper",
        default="a4",
        metavar="{" + ",".join(BOARD_PAPER_CHOICES) + "}",
        help="paper size (default: a4); on a3 and tabloid the card is enlarged to fill the page",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output file or folder; '-' writes to stdout (default: output/<name>)",
    )


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    paper = choice(args.paper, BOARD_PAPER_CHOICES, "--paper")
    checking = args.check is not None
    if checking or args.source is not None:  # '' is a name, and no file
        if args.game is not None:
            raise CommandError(
                f"--game and {'--check' if checking else '--source'} do not go together: "
                "the source names its game",
                EXIT_USAGE,
            )
        if checking and args.output is not None:
            raise CommandError("--check writes nothing; leave -o out", EXIT_USAGE)
        named = args.check if checking else args.source
        book = read_checked_source(named, "quickref", card_paper=paper)
        if checking:
            report_checked(args.check, book, f" on one page of {PAPERS[paper].name}")
            return 0
        stem = f"{Path(args.source).stem}-quickref-{paper}"  # not the source's rulebook
    else:
        game = game_choice(args.game, _has_card)
        book = quickref_for(game)
        stem = f"quickref{FILE_PARTS.of(game)}-{paper}"
    output_format(None, args.output, ("pdf",))  # a card is a PDF: refuse -o card.html
    target = output_target(args.output, f"{stem}.pdf")
    if args.source is not None:  # a typo in -o must not cost the user their book
        refuse_overwriting_input(target, args.source)
    try:
        data = card_pdf(prepare(book), paper)
    except RulebookError as exc:
        raise CommandError(f"quickref: {exc}", EXIT_INVALID) from None
    return write_and_report(target, data)
