"""`maerstanas-print setup`: the start position of a movement game, drawn and listed."""

from __future__ import annotations

import argparse

from maerstanas_print.commands._sheet_output import (
    PAPER_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    emit,
    game_choice,
)

SETUP_GAMES = ("cyngesheall", "hnefatafl1992")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "setup",
        help="print the start position of Cyngesheall or the 1992 Hnefatafl (PDF or HTML)",
        description="A setup diagram: the start position drawn from the game's definition, "
                    "the squares of every piece, and (Cyngesheall) each king's way home.",
    )
    add_common_options(parser)
    add_game_option(parser, SETUP_GAMES, "cyngesheall")
    parser.add_argument("--theme", default="print", metavar="{print,ink-saver}",
                        help="ink-saver: light lines and no filled areas (default: print)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.sheets.setup_sheet import SetupSheetOptions, setup_sheet

    options = SetupSheetOptions(
        game=game_choice(args.game, SETUP_GAMES),
        paper=choice(args.paper, PAPER_CHOICES, "--paper"),
        theme=choice(args.theme, ("print", "ink-saver"), "--theme"),
    )
    return emit(lambda: setup_sheet(options), args)
