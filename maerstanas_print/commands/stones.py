"""`maerstanas-print stones`: Cyngesheall's twenty stones, to print on card and cut out."""

from __future__ import annotations

import argparse

from maerstanas_print.commands._sheet_output import (
    PAPER_CHOICES,
    add_common_options,
    choice,
    emit,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stones",
        help="print Cyngesheall stones to cut out (PDF or HTML)",
        description="Ten stones of each colour for Cyngesheall (eight plain, a commander "
                    "and a king), 21 mm across, with dashed cutting circles. A Mǽrstánas "
                    "set already contains them.",
    )
    add_common_options(parser)
    parser.add_argument("--theme", default="print", metavar="{print,ink-saver}",
                        help="ink-saver: Dark stones hatched instead of solid (default: print)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet

    options = StonesSheetOptions(
        paper=choice(args.paper, PAPER_CHOICES, "--paper"),
        theme=choice(args.theme, ("print", "ink-saver"), "--theme"),
    )
    return emit(lambda: stones_sheet(options), args)
