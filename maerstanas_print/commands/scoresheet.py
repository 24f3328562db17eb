"""`maerstanas-print scoresheet`: a paper record sheet, two to a page."""

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
        "scoresheet",
        help="print score sheets for recording a game by hand",
        description="A Mǽrstánas score sheet laid out in notation order (tags, numbered "
                    "moves, final score), two to a page.",
    )
    add_common_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.sheets.score_sheet import ScoreSheetOptions, score_sheet

    options = ScoreSheetOptions(paper=choice(args.paper, PAPER_CHOICES, "--paper"))
    return emit(lambda: score_sheet(options), args)
