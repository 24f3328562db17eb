"""`maerstanas-print scoresheet`: a paper record sheet of one game."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import (
    PAPER_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    emit,
    game_choice,
)
from maerstanas_print.commands.scannable import add_scannable_options, run_scannable
from maerstanas_print.io.exits import EXIT_USAGE, CommandError
from maerstanas_print.io.numbers import whole_number
from maerstanas_print.sheets.capabilities import SHEETS, game_score_sheet
from maerstanas_print.sheets.common import MAX_FIRST

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _scored(game: Game) -> bool:
    return SHEETS.of(game).score_sheet is not None


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
    parser.add_argument(
        "--from",
        dest="first",
        default=None,
        metavar="N",
        help="number the sheet's moves from N, for the next sheet of a long "
        "game (movement games; default: 1)",
    )
    add_scannable_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.scannable:
        return run_scannable(args)
    if args.layout is not None:
        raise CommandError(
            "--layout is for --scannable sheets (the marks a scan reads)", EXIT_USAGE
        )
    game = game_choice(args.game, _scored)
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    first = _first(args.first, game)
    return emit(lambda: game_score_sheet(game, game.title, paper, first), args)


def _first(value: str | None, game: Game) -> int:
    """`--from N`: a whole number from 1 up, for a score sheet that continues."""

    if value is None:
        return 1
    if not SHEETS.of(game).score_sheet_continues:
        raise CommandError(
            f"--from is for score sheets a long game goes on to; a {game.title} "
            "game fits on one sheet",
            EXIT_USAGE,
        )
    number = whole_number(value, "--from")
    if number is None or not 1 <= number <= MAX_FIRST:
        raise CommandError(
            f"--from must be a move number from 1 to {MAX_FIRST}, not {value!r}", EXIT_USAGE
        )
    return number
