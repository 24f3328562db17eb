"""`maerstanas-print fmt FILE [-o OUT]`: write the canonical export form."""

from __future__ import annotations

import argparse
import sys

from maerstanas_print.io.exits import EXIT_INVALID, EXIT_OK
from maerstanas_print.io.inputs import read_record
from maerstanas_print.io.outputs import refuse_folder_name, refuse_overwriting_input, write_output
from maerstanas_print.notation.export import export_games
from maerstanas_print.play.checking import NO_FIX_SEARCH, check_games, held_games


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "fmt",
        help="rewrite a record in the canonical export form",
        description="Write the canonical form: fixed tag order, every move number, "
        "removal lists filled in, forced passes written, lines under 80 columns. "
        "Refuses records with errors (warnings are fixed).",
    )
    parser.add_argument("file", metavar="FILE", help="record file (.mrs); '-' reads stdin")
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="output file (default: standard output)"
    )
    parser.add_argument(
        "--strict", action="store_true", help="refuse records that need a lenient reading"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:

    output = args.output if args.output is not None else "-"
    refuse_folder_name(output)
    refuse_overwriting_input(output, args.file)  # before reading: a usage error comes first
    name, text = read_record(args.file)
    checked = check_games(text, name, strict=args.strict, budget=NO_FIX_SEARCH)
    games = held_games(checked, name)
    problems = [*checked.diagnostics, *(d for game in games for d in game.errors)]
    if problems or not games:
        for diagnostic in problems:
            print(checked.source.format(diagnostic), file=sys.stderr)
        print(
            f"{name}: not formatted: {'no game found' if not games else 'the record has errors'}",
            file=sys.stderr,
        )
        return EXIT_INVALID
    write_output(output, export_games([game.replayed for game in games]))
    return EXIT_OK
