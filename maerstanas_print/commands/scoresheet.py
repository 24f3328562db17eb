"""`maerstanas-print scoresheet`: a paper record sheet, two to a page."""

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
        "scoresheet",
        help="print score sheets for recording a game by hand",
        description="A Mǽrstánas score sheet laid out in notation order (tags, numbered "
                    "moves, final score), two to a page.",
    )
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.cli import CommandError
    from maerstanas_print.sheets.common import SheetError
    from maerstanas_print.sheets.score_sheet import ScoreSheetOptions, score_sheet

    options = ScoreSheetOptions(paper=choice(args.paper, PAPER_CHOICES, "--paper"))
    fmt = choice(args.format, FORMAT_CHOICES, "--format")
    try:
        sheet = score_sheet(options)
    except SheetError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    return emit(sheet, fmt, args.output)
