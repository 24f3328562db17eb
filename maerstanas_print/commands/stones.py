"""`maerstanas-print stones`: a game's stones, to print on card and cut out."""

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
from maerstanas_print.games import GAMES

# The games played with stones (the 1992 game's men have no such sheet).
STONE_GAMES = tuple(game.slug for game in GAMES.values() if game.stone_set)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stones",
        help="print a game's stones to cut out (PDF or HTML)",
        description="Both sides' stones of a game, 21 mm across, with dashed 22 mm cutting "
                    "circles, cut marks and 1.5 mm bleed on the Dark stones: Cyngesheall's "
                    "ten a side (the default; a Mǽrstánas set already contains them) or "
                    "Mǽrstánas' 21 a side (19 stones, a thunder-stone and a Woden-stone).",
    )
    add_common_options(parser)
    add_game_option(parser, STONE_GAMES, "cyngesheall")
    parser.add_argument("--theme", default="print", metavar="{print,ink-saver}",
                        help="ink-saver: Dark stones hatched instead of solid (default: print)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet

    options = StonesSheetOptions(
        paper=choice(args.paper, PAPER_CHOICES, "--paper"),
        theme=choice(args.theme, ("print", "ink-saver"), "--theme"),
        game=game_choice(args.game, STONE_GAMES),
    )
    return emit(lambda: stones_sheet(options), args)
