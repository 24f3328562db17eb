"""`maerstanas-print import LOG`: a move log of the author's apps as a record."""

from __future__ import annotations

import argparse
import sys

from maerstanas_print.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE, CommandError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "import", help="turn a move log of John Beers' Mǽrstánas apps into a record",
        description="Read a move log as the author's web apps show it "
                    "(`E4 - standard stone (Player 1)`, `Pass (Player 2)`; passes and "
                    "players may be missing) and write the record in canonical form, "
                    "with thunder removal lists and forced passes filled in.")
    parser.add_argument("log", metavar="LOG", help="the log file; - for stdin")
    parser.add_argument("--special-stones", default="on", metavar="{on,off}",
                        help="whether the game used special stones (default: on)")
    parser.add_argument("--scoring", default="default", metavar="{default,simple}",
                        help="the game's scoring (default: default)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="output file (default: standard output)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.export import export_game
    from maerstanas_print.importer import LogError, record_from_log
    from maerstanas_print.inputs import read_record
    from maerstanas_print.outputs import refuse_overwriting_input, write_output

    special = args.special_stones.lower()
    scoring = args.scoring.lower()
    if special not in ("on", "off") or scoring not in ("default", "simple"):
        raise CommandError("--special-stones takes on|off and --scoring default|simple",
                           EXIT_USAGE)
    output = args.output if args.output is not None else "-"
    refuse_overwriting_input(output, args.log)
    name, text = read_record(args.log)
    try:
        imported = record_from_log(text, special_stones=special == "on", scoring=scoring,
                                   name=name)
    except LogError as exc:
        raise CommandError(f"{name}: {exc}", EXIT_INVALID) from None
    if imported.diagnostics:
        for diagnostic in imported.diagnostics:
            line, _ = imported.source.locate(diagnostic.start)
            print(f"{name}:{line}: {diagnostic.severity} {diagnostic.code}: "
                  f"{diagnostic.message}", file=sys.stderr)
        print(f"{name}: not imported: the log has illegal moves", file=sys.stderr)
        return EXIT_INVALID
    write_output(output, export_game(imported.game))
    return EXIT_OK
