"""`maerstanas-print stones`: Cyngesheall's twenty stones, to print on card and cut out."""

from __future__ import annotations

import argparse

from maerstanas_print.commands._sheet_output import (
    EXIT_USAGE,
    FORMAT_CHOICES,
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
    from maerstanas_print.cli import CommandError
    from maerstanas_print.sheets.common import SheetError
    from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet

    options = StonesSheetOptions(
        paper=choice(args.paper, PAPER_CHOICES, "--paper"),
        theme=choice(args.theme, ("print", "ink-saver"), "--theme"),
    )
    fmt = choice(args.format, FORMAT_CHOICES, "--format")
    try:
        sheet = stones_sheet(options)
    except SheetError as exc:  # pragma: no cover - the options are checked above
        raise CommandError(str(exc), EXIT_USAGE) from None
    return emit(sheet, fmt, args.output)
