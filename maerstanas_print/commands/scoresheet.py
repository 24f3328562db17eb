"""`maerstanas-print scoresheet`: a paper record sheet of one game."""

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


def _scored(game: Game) -> bool:
    return game.has_score_sheet


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scoresheet",
        help="print score sheets for recording a game by hand",
        description="A score sheet laid out in notation order (tags, numbered moves, final "
                    "score or result): Mǽrstánas with boxes for the special stones, the "
                    "movement games with a box for each move and a line for the pieces "
                    "it took.",
    )
    add_common_options(parser)
    add_game_option(parser, _scored, "the score sheet")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = game_choice(args.game, _scored)
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    return emit(lambda: game.score_sheet(paper), args)
