"""`maerstanas-print kit`: a game's print-and-play kit in one PDF.

The quick reference, then the setup (movement games), the full-size board,
the stones to cut out and the score sheet, whichever the game has, all on
one paper size, with a bookmark for each part.
"""

from __future__ import annotations

import argparse

from maerstanas_print.commands._output import (
    BOARD_PAPER_CHOICES,
    THEME_CHOICES,
    add_game_option,
    choice,
    game_choice,
    output_format,
    output_target,
    write_and_report,
)
from maerstanas_print.commands.quickref import _has_card, add_paper_and_output
from maerstanas_print.commands.stones import add_tokens_option
from maerstanas_print.draw.theme import theme_help
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_USAGE, CommandError
from maerstanas_print.rulebook.kit_cover import KIT_THEMED
from maerstanas_print.rulebook.prepare import RulebookError
from maerstanas_print.rulebook.print_and_play import kit_pdf
from maerstanas_print.sheets.capabilities import FILE_PARTS
from maerstanas_print.sheets.common import SheetError
from maerstanas_print.sheets.stones_sheet import TOKEN_SHAPES


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "kit",
        help="print a game's print-and-play kit (PDF)",
        description="Everything to play a game from paper: a cover listing the parts and "
        "how to print them, the one-page quick reference, the setup (movement games), a "
        "full-size board, stones to cut out and two score sheets, as the game has them. "
        "Default output: output/kit-<paper>.pdf (Mǽrstánas) or "
        "output/kit-<game>-<paper>.pdf, with -ink-saver after the paper for that theme.",
    )
    add_paper_and_output(parser)
    parser.add_argument(
        "--theme",
        default="print",
        metavar="{print,ink-saver}",
        help=theme_help(KIT_THEMED),
    )
    add_game_option(parser, _has_card, "the kit")
    add_tokens_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    paper = choice(args.paper, BOARD_PAPER_CHOICES, "--paper")
    theme = choice(args.theme, THEME_CHOICES, "--theme")
    tokens = choice(args.tokens, TOKEN_SHAPES, "--tokens")
    game = game_choice(args.game, _has_card)
    output_format(None, args.output, ("pdf",))  # a kit is a PDF: refuse -o kit.html
    suffix = ("" if theme == "print" else f"-{theme}") + ("" if tokens == "round" else f"-{tokens}")
    target = output_target(args.output, f"kit{FILE_PARTS.of(game)}-{paper}{suffix}.pdf")
    try:
        data = kit_pdf(game, paper, theme, tokens)
    except SheetError as exc:
        raise CommandError(f"kit: {exc}", EXIT_USAGE) from None
    except RulebookError as exc:
        raise CommandError(f"kit: {exc}", EXIT_INVALID) from None
    return write_and_report(target, data)
