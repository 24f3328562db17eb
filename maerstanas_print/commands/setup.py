"""`maerstanas-print setup`: the start position of a movement game, drawn and listed."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import (
    PAPER_CHOICES,
    THEME_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    emit,
    game_choice,
)
from maerstanas_print.draw.theme import theme_help
from maerstanas_print.sheets.capabilities import game_setup_sheet

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _set_up(game: Game) -> bool:
    return bool(game.start_stones())  # set up: stones on its start board


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "setup",
        help="print the start position of a game that begins set up (PDF or HTML)",
        description="A setup diagram: the start position drawn from the game's definition, "
        "the squares of every piece, and (where a king races to a corner) each "
        "king's way home.",
    )
    add_common_options(parser)
    add_game_option(parser, _set_up, "the setup")
    parser.add_argument(
        "--theme",
        default="print",
        metavar="{print,ink-saver}",
        help=theme_help("the board and its pieces"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = game_choice(args.game, _set_up)
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    theme = choice(args.theme, THEME_CHOICES, "--theme")
    return emit(lambda: game_setup_sheet(game, game.title, paper, theme), args)
