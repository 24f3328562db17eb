"""`maerstanas-print import LIST`: a move list copied from the author's apps, as a record."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import add_game_option, game_choice
from maerstanas_print.commands.capabilities import APP_IMPORTERS
from maerstanas_print.io import limits
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE, CommandError
from maerstanas_print.io.inputs import read_small_input
from maerstanas_print.io.outputs import refuse_folder_name, refuse_overwriting_input, write_output
from maerstanas_print.notation.export import export_game
from maerstanas_print.notation.tags import TagDate

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


def _has_apps(game: Game) -> bool:
    # `has_own`, not `of`: asking must not import the importer (CLI start-up).
    return APP_IMPORTERS.has_own(game)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "import",
        help="turn a move list copied from John Beers' Mǽrstánas apps into a record",
        description="Read a move list as a browser copy of the author's web apps gives it "
        "(`31. G3 - standard stone (Player 1)`, newest first, with the `Moves:` or "
        "`Played Moves:` heading, the GAME OVER line and the scores), check it "
        "against the rules and against the scores and result the app shows, and "
        "write the record in canonical form, with thunder removal lists and "
        "forced passes filled in.",
    )
    parser.add_argument("log", metavar="LIST", help="the copied list; '-' reads stdin")
    add_game_option(parser, _has_apps, "the list")
    parser.add_argument(
        "--special-stones",
        default="on",
        metavar="{on,off}",
        help="whether the game used special stones (default: on)",
    )
    parser.add_argument(
        "--scoring",
        default="default",
        metavar="{default,simple}",
        help="the game's scoring (default: default)",
    )
    for tag, what in (
        ("event", "the event (default: the Django game's name, else ?)"),
        ("site", "where the game was played"),
        ("date", "the date, YYYY.MM.DD or YYYY-MM-DD (?? for unknown parts)"),
        ("dark", "Player 1's name (default: from the Django header, else ?)"),
        ("light", "Player 2's name (default: from the Django header, else ?)"),
    ):
        parser.add_argument(f"--{tag}", metavar=tag.upper(), help=what)
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="output file (default: standard output)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    special = args.special_stones.lower()
    scoring = args.scoring.lower()
    if special not in ("on", "off") or scoring not in ("default", "simple"):
        raise CommandError("--special-stones takes on|off and --scoring default|simple", EXIT_USAGE)
    importer = APP_IMPORTERS.of(game_choice(args.game, _has_apps))
    assert importer is not None  # game_choice offers games with an importer only
    LogError, record_from_log = importer.LogError, importer.record_from_log  # noqa: N806
    tags = _tags(args)
    output = args.output if args.output is not None else "-"
    refuse_folder_name(output)
    refuse_overwriting_input(output, args.log)
    name, text = read_small_input(
        args.log, limits.MAX_IMPORT_CHARS, "a move list copied from the apps is a few kilobytes"
    )
    try:
        imported = record_from_log(
            text, special_stones=special == "on", scoring=scoring, name=name, tags=tags
        )
    except LogError as exc:
        print(exc.source.format(exc.diagnostic), file=sys.stderr)
        print(f"{name}: not imported", file=sys.stderr)
        return EXIT_INVALID
    if imported.diagnostics:
        for diagnostic in imported.diagnostics:
            print(imported.source.format(diagnostic), file=sys.stderr)
        count = len(imported.diagnostics)
        print(f"{name}: not imported: {count} error{'s' * (count != 1)}", file=sys.stderr)
        return EXIT_INVALID
    write_output(output, export_game(imported.game))
    for note in imported.notes:  # once written: a failed write says one thing only
        print(f"{name}: note: {note}", file=sys.stderr)
    return EXIT_OK


def _tags(args: argparse.Namespace) -> dict[str, str]:
    tags = {}
    for tag in ("event", "site", "date", "dark", "light"):
        value = getattr(args, tag)
        if value is None:
            continue
        if not value.strip() or "\n" in value or "\r" in value:
            raise CommandError(f"--{tag} needs a value on one line", EXIT_USAGE)
        control = next((ch for ch in value if ord(ch) < 32), None)
        if control is not None:
            raise CommandError(
                f"--{tag}: a control character (U+{ord(control):04X}) is no part of a "
                "tag value; write the value without it",
                EXIT_USAGE,
            )
        if len(value.strip()) > limits.MAX_TAG_CHARS:  # the record's own limit, as an option
            raise CommandError(
                f"--{tag}: {len(value.strip()):,} characters, more than a tag value "
                f"takes ({limits.MAX_TAG_CHARS:,}); put long text in a comment",
                EXIT_USAGE,
            )
        tags[tag.capitalize()] = value.strip()
    if "Date" in tags:
        tags["Date"] = _date(tags["Date"])
    return tags


def _date(value: str) -> str:
    """A date as the Date tag writes it, or a usage error."""
    date = TagDate.parse_loose(value)
    if date is not None:
        return str(date)
    raise CommandError(
        f"--date {value}: not a date; write YYYY.MM.DD (or YYYY-MM-DD), "
        "with ?? for an unknown month or day",
        EXIT_USAGE,
    )
