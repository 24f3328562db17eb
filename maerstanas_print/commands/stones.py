"""`maerstanas-print stones`: a game's stones, to print on card and cut out."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import (
    BOARD_PAPER_CHOICES,
    THEME_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    emit,
    game_choice,
)
from maerstanas_print.draw.theme import theme_help
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.stones_sheet import TOKEN_SHAPES, StonesSheetOptions, stones_sheet

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _cut_out(game: Game) -> bool:
    """Games with a set of pieces to cut out."""
    return SHEETS.of(game).has_cut_outs


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stones",
        help="print a game's stones or pieces to cut out (PDF or HTML)",
        description="Both sides' pieces of a game (--game), sized to the squares of its "
        "full-size board on the same paper, with cut marks and 1.5 mm bleed on "
        "the Dark pieces; where the sides' sets differ (a king and men against "
        "men), each side gets its own.",
    )
    add_common_options(parser, BOARD_PAPER_CHOICES)
    add_game_option(parser, _cut_out, "the stone sheet")
    parser.add_argument(
        "--theme",
        default="print",
        metavar="{print,ink-saver}",
        help=theme_help("the pieces"),
    )
    add_tokens_option(parser)
    parser.set_defaults(func=run)


def add_tokens_option(parser: argparse.ArgumentParser) -> None:
    """`--tokens round|square`, shared with `kit`."""
    parser.add_argument(
        "--tokens",
        default="round",
        metavar="{round,square}",
        help="square: tokens edge to edge on a grid, cut apart with a ruler in "
        "straight lines (default: round discs)",
    )


def run(args: argparse.Namespace) -> int:
    options = StonesSheetOptions(
        game=game_choice(args.game, _cut_out),
        paper=choice(args.paper, BOARD_PAPER_CHOICES, "--paper"),
        theme=choice(args.theme, THEME_CHOICES, "--theme"),
        tokens=choice(args.tokens, TOKEN_SHAPES, "--tokens"),
    )
    return emit(lambda: stones_sheet(options), args)
