"""`maerstanas-print board`: blank boards, one full-size or a page of small ones."""

from __future__ import annotations

import argparse

from maerstanas_print.commands._output import (
    BOARD_PAPER_CHOICES,
    THEME_CHOICES,
    add_common_options,
    add_game_option,
    choice,
    emit,
    game_choice,
    number,
)
from maerstanas_print.draw.theme import theme_help
from maerstanas_print.games.registry import all_games
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet

PER_PAGE_CHOICES = ("1", "2", "4", "6", "9", "12")


def variants() -> tuple[str, ...]:
    """The boards the registered games are played on (`--variant`), in their order."""
    return tuple(dict.fromkeys(v for game in all_games() for v in game.look.variants))


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "board",
        help="print blank boards (PDF or HTML)",
        description="Blank boards: one true-to-scale playing board for stones, or a page "
        "of small boards for pencil games, for any game (--game; boards wider "
        "than 7 squares: 1 or 2 a page).",
    )
    add_common_options(parser, BOARD_PAPER_CHOICES)
    add_game_option(parser)
    parser.add_argument(
        "--per-page",
        default="1",
        metavar="{1,2,4,6,9,12}",
        help="boards per page; 1 is a full-size playing board (default: 1)",
    )
    parser.add_argument(
        "--variant",
        default="standard",
        metavar=f"{{{','.join(variants())}}}",
        help="wraparound marks which edges join (default: standard)",
    )
    parser.add_argument(
        "--cell-mm",
        metavar="N",
        help="side of a square in mm (default: 24 for one board, else the largest that fits)",
    )
    parser.add_argument(
        "--landscape",
        action="store_true",
        help="turn the paper on its side (six boards: three by two)",
    )
    parser.add_argument(
        "--theme",
        default="print",
        metavar="{print,ink-saver}",
        help=theme_help("the board"),
    )
    rules = parser.add_mutually_exclusive_group()
    rules.add_argument(
        "--rules",
        dest="rules",
        action="store_true",
        default=None,
        help="print the rules in brief under the title (default, except with 12 boards "
        "and with more than one board wider than 7 × 7, where the room is the boards')",
    )
    rules.add_argument("--no-rules", dest="rules", action="store_false", help="leave the rules out")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    options = BoardSheetOptions(
        paper=choice(args.paper, BOARD_PAPER_CHOICES, "--paper"),
        per_page=int(choice(args.per_page, PER_PAGE_CHOICES, "--per-page")),
        variant=choice(args.variant, variants(), "--variant"),  # type: ignore[arg-type]
        cell=number(args.cell_mm, "--cell-mm"),
        theme=choice(args.theme, THEME_CHOICES, "--theme"),
        rules=args.rules,
        game=game_choice(args.game),
        landscape=args.landscape,
    )
    return emit(lambda: board_sheet(options), args)
