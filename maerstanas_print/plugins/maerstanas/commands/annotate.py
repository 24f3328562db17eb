"""`maerstanas-print annotate FILE [-o OUT]`: the record back with the engine's marks."""

from __future__ import annotations

import argparse

from maerstanas_print.games.maerstanas.analysis.annotate import annotate
from maerstanas_print.games.maerstanas.analysis.review import positions_of
from maerstanas_print.io.errors import LimitError
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_OK, CommandError
from maerstanas_print.io.outputs import refuse_folder_name, refuse_overwriting_input, write_output
from maerstanas_print.notation.export import export_game
from maerstanas_print.notation.parser import parse
from maerstanas_print.notation.stream import WholeRecordBudget
from maerstanas_print.play.verify import replay
from maerstanas_print.plugins.maerstanas.commands.analyse import (
    add_engine_options,
    engine_settings,
    load_maerstanas,
    review_all,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "annotate",
        help="write engine marks into a record: ?! ? ??, the best line, values",
        description="Analyse every game and write the record back in canonical form with "
        "the engine's marks on each move it proved lost points: a glyph "
        "(?! one point, ? two or three, ?? four or more), a comment with the "
        "values and the best line as a variation; and after every move the "
        "engine's value, {[%eval +3]} proved or {[%eval ~+2,9]} estimated 9 "
        "plies deep. Human comments stay; running it again gives the same file.",
    )
    parser.add_argument("file", metavar="FILE", help="record file (.mrs); '-' reads stdin")
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="output file (default: standard output)"
    )
    add_engine_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    engine_settings(args)
    output = args.output if args.output is not None else "-"
    refuse_folder_name(output)
    refuse_overwriting_input(output, args.file)
    games = load_maerstanas(args.file)
    texts = []
    for review in review_all(games, args):
        record = annotate(review, positions_of(review.game))
        replayed = replay(record)
        errors = [d for d in replayed.diagnostics if d.severity == "error"]
        if errors:  # never write a record that check would refuse
            raise CommandError(
                f"game {record.index}: the annotated record does not check "
                f"({errors[0].message}); nothing written",
                EXIT_INVALID,
            )
        texts.append(export_game(replayed))
    annotated = "\n".join(texts)
    _refuse_past_the_limits(annotated)
    write_output(output, annotated)
    return EXIT_OK


def _refuse_past_the_limits(text: str) -> None:
    """Refuse a record the annotations take past a limit it is read with (a comment a
    move may pass the variations, comments and NAGs a game or a record may hold): it
    would be written, and then `check` and `fmt` would refuse it."""
    try:
        budget = WholeRecordBudget("the annotated record")
        for record in parse(text, "the annotated record").games:
            budget.take(record)
    except LimitError as exc:
        raise CommandError(f"{exc}; nothing written", EXIT_INVALID) from None
