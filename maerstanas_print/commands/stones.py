"""`maerstanas-print stones`: a game's stones, to print on card and cut out."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from maerstanas_print.commands._sheet_output import (
    PAPER_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    emit,
    game_choice,
)

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _cut_out(game: Game) -> bool:
    """Games played with stones (the 1992 game's men have no such sheet)."""
    return bool(game.stone_set)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stones",
        help="print a game's stones to cut out (PDF or HTML)",
        description="Both sides' stones of a game, 21 mm across, with dashed cutting "
                    "circles, cut marks and 1.5 mm bleed on the Dark stones: Mǽrstánas' 21 a "
                    "side (19 stones, a thunder-stone and a Woden-stone; the default) or "
                    "Cyngesheall's ten (a Mǽrstánas set already contains them).",
    )
    add_common_options(parser)
    add_game_option(parser, _cut_out, "the stones")
    parser.add_argument("--theme", default="print", metavar="{print,ink-saver}",
                        help="ink-saver: Dark stones hatched instead of solid (default: print)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet

    options = StonesSheetOptions(
        game=game_choice(args.game, _cut_out),
        paper=choice(args.paper, PAPER_CHOICES, "--paper"),
        theme=choice(args.theme, ("print", "ink-saver"), "--theme"),
    )
    return emit(lambda: stones_sheet(options), args)
