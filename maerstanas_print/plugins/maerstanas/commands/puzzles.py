"""`maerstanas-print puzzles FILE... -o puzzles.pdf|html`: a puzzle book from games."""

from __future__ import annotations

import argparse
import sys

from maerstanas_print.diagnostics import visible
from maerstanas_print.games.maerstanas.analysis.puzzles import find_puzzles
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE, CommandError
from maerstanas_print.io.numbers import whole_number
from maerstanas_print.io.outputs import refuse_folder_name, refuse_overwriting_input, write_output
from maerstanas_print.plugins.maerstanas.commands.analyse import (
    CORE_CHOICES,
    add_budget_option,
    load_maerstanas,
    run_budget,
    say_unanalysed,
)
from maerstanas_print.plugins.maerstanas.puzzle_book import (
    render_html_book,
    render_pdf_book,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "puzzles",
        help="a puzzle book: positions from games with one clearly best move",
        description="Search the last plies of every game for positions where one move is "
        "best and every other move ends at least --margin points worse (proved "
        "by exact search), and set them as a book: numbered diagrams with who "
        "plays and the goal, the answers with the full line at the back.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="record files (.mrs)")
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="puzzles.pdf or puzzles.html (default: output/puzzles.pdf)",
    )
    parser.add_argument(
        "--margin",
        metavar="POINTS",
        default="2",
        help="how much worse every other move must be (default: 2)",
    )
    parser.add_argument(
        "--reach",
        metavar="PLIES",
        default="10",
        help="look at positions up to this many plies before the end (default: 10)",
    )
    parser.add_argument(
        "--paper", metavar="{a4,letter}", default="a4", help="paper size of the PDF (default: a4)"
    )
    parser.add_argument(
        "--core",
        metavar="{auto,numba,python}",
        default="auto",
        help="the search core (default: auto)",
    )
    add_budget_option(parser)
    parser.set_defaults(func=run)


def _whole(value: str, option: str, least: int, most: int) -> int:
    read = whole_number(value, option)
    number = least - 1 if read is None else read
    if not least <= number <= most:
        raise CommandError(
            f"{option} must be a whole number from {least} to {most}, not {value!r}", EXIT_USAGE
        )
    return number


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    margin = _whole(args.margin, "--margin", 1, 100)
    reach = _whole(args.reach, "--reach", 1, 40)
    if args.paper not in ("a4", "letter"):
        raise CommandError(f"--paper must be a4 or letter, not {args.paper!r}", EXIT_USAGE)
    run_budget(args, "python")  # a usage error before any reading
    if args.core not in CORE_CHOICES:
        raise CommandError(
            f"--core must be one of {', '.join(CORE_CHOICES)}, not {args.core!r}", EXIT_USAGE
        )
    output = args.output or "output/puzzles.pdf"
    suffix = Path(output).suffix.lower()
    if output == "-" or suffix not in (".pdf", ".html"):
        raise CommandError(f"{output}: the book is written to a .pdf or .html file", EXIT_USAGE)
    refuse_folder_name(output)
    for path in args.files:
        refuse_overwriting_input(output, path)
    budget = run_budget(args, args.core)
    puzzles = []
    for path in args.files:
        for game in load_maerstanas(path):
            name = "<stdin>" if path == "-" else Path(path).name
            puzzles += find_puzzles(
                game, name, margin=margin, reach=reach, core=args.core, budget=budget
            )
    say_unanalysed(
        budget,
        "not searched to the end",
        "each position's node cap or the --budget of {} s ran out",
    )
    if not puzzles:
        raise CommandError(
            "no position in these games makes a puzzle "
            "(try a smaller --margin or a larger --reach); nothing written",
            EXIT_INVALID,
        )
    if suffix == ".pdf":
        write_output(output, render_pdf_book(puzzles, args.paper))
    else:
        write_output(output, render_html_book(puzzles))
    shown = visible(str(output))  # one line, whatever the name holds
    print(f"{shown}: {len(puzzles)} puzzle{'s' * (len(puzzles) != 1)}", file=sys.stderr)
    return EXIT_OK
