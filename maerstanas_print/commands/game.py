"""`maerstanas-print game`: annotated game documents (diagrams, commentary, score)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import (
    PAPER_CHOICES,
    add_common_options,
    choice,
    output_format,
    output_target,
    write_and_report,
)
from maerstanas_print.commands._progress import Progress
from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.gamedoc.pdf import game_pdf
from maerstanas_print.io import limits
from maerstanas_print.io.errors import LimitError
from maerstanas_print.io.exits import EXIT_USAGE, CommandError
from maerstanas_print.io.inputs import display_name
from maerstanas_print.io.numbers import whole_number
from maerstanas_print.io.outputs import refuse_overwriting_input
from maerstanas_print.notation.record import held_items
from maerstanas_print.play.loading import load_verified

if TYPE_CHECKING:
    from maerstanas_print.diagnostics import Source
    from maerstanas_print.play.verify import ReplayedGame

THEME_CHOICES = ("print", "ink-saver", "screen")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "game",
        help="annotated game document: moves, comments, diagrams, charts (PDF or HTML)",
        description="Print the games of a record file as an annotated document: the move "
        "text with comments and variations, diagrams where the record asks "
        "for them and every N moves, and the final position: for Mǽrstánas "
        "with its score explained and a score chart, for Cyngesheall and the "
        "1992 e-mail Hnefatafl with the result and a chart of the pieces on "
        "the board. An invalid record is refused with check's diagnostics.",
    )
    parser.add_argument("file", metavar="FILE", help="record file (.mrs); '-' reads stdin")
    add_common_options(parser)
    parser.add_argument("--index", metavar="N", help="only the Nth game of the file")
    # Everywhere else --game names a game; here the record's [Game] tag does that.
    parser.add_argument("--game", help=argparse.SUPPRESS)
    parser.add_argument(
        "--every",
        metavar="N",
        default="10",
        help="a diagram after every N moves without one; 0: only where "
        "the record asks (default: 10)",
    )
    parser.add_argument(
        "--numbers",
        default="on",
        metavar="{on,off}",
        help="move numbers on the stones of each diagram (default: on)",
    )
    parser.add_argument(
        "--theme",
        default="print",
        metavar="{print,ink-saver,screen}",
        help="colours of boards and charts (default: print)",
    )
    parser.add_argument(
        "--preview-image",
        metavar="URL",
        help="HTML: the address of a picture of the position (e.g. the PNG `diagram` "
        "writes), named in the page's Open Graph tags so a shared link shows it",
    )
    parser.set_defaults(func=run)


def _count(value: str, option: str, minimum: int) -> int:

    read = whole_number(value, option)
    number = minimum - 1 if read is None else read
    if number < minimum:
        raise CommandError(
            f"{option} must be a whole number of at least {minimum}, not {value!r}", EXIT_USAGE
        )
    return number


def run(args: argparse.Namespace) -> int:

    if args.output not in (None, "-"):  # the worse mistake first: -o naming the record
        refuse_overwriting_input(args.output, args.file)
    fmt = output_format(args.format, args.output)
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    theme = choice(args.theme, THEME_CHOICES, "--theme")
    numbers = choice(args.numbers, ("on", "off"), "--numbers") == "on"
    every = _count(args.every, "--every", 0)
    if args.game is not None:
        raise CommandError(
            "game takes the game from the record's [Game] tag; "
            "pick the Nth game of the file with --index N",
            EXIT_USAGE,
        )
    if args.preview_image is not None and fmt != "html":
        raise CommandError("--preview-image is for the HTML page (--format html)", EXIT_USAGE)
    which = _count(args.index, "--index", 1) if args.index is not None else None
    stem = "game" if args.file == "-" else Path(args.file).stem
    target = output_target(args.output, f"{stem}.{fmt}")
    refuse_overwriting_input(target, args.file)
    source, games = load_verified(args.file)
    if which is not None:
        if which > len(games):
            raise CommandError(
                f"{display_name(args.file)} has {len(games)} game"
                f"{'s' * (len(games) != 1)}; there is no game {which}",
                EXIT_USAGE,
            )
        games = [games[which - 1]]
    title = stem if len(games) > 1 or which is None else f"{stem}, game {which}"
    _refuse_long_documents(source, games)
    if fmt == "pdf":
        _refuse_huge_games(source, games)

        data: bytes | str = game_pdf(
            games,
            title=title,
            paper=paper,
            every=every,
            numbers=numbers,
            theme=theme,
            progress=Progress,
        )
    else:
        data = game_html(
            games,
            title=title,
            paper=paper,
            every=every,
            numbers=numbers,
            theme=theme,
            progress=Progress,
            preview_image=args.preview_image,
        )
    return write_and_report(target, data)


# Squares of the largest board whose moves and diagrams count once against the
# document limit (11x11); a 19x19 board's count three times.
DOCUMENT_BOARD_SQUARES = 121


def _refuse_long_documents(source: Source, games: list[ReplayedGame]) -> None:
    """Refuse, at the game that passes it, a document of more moves, variations
    and comments than `limits.MAX_DOCUMENT_MOVES`: a page holds every move's
    position and diagram, and each variation and comment as much again."""
    most, total = limits.MAX_DOCUMENT_MOVES, 0
    for replayed in games:
        record = replayed.record
        # the game itself counts one (its heading and final diagram); a board of
        # more squares than 11x11 draws every diagram larger, in proportion
        squares = replayed.game.board.size**2
        total += (held_items(record) + 1) * max(1, round(squares / DOCUMENT_BOARD_SQUARES))
        if total > most:
            line, column = source.locate(record.start)
            raise LimitError(
                f"{source.name}:{line}:{column}: game {record.index} brings the document "
                f"to {total:,} moves, variations and comments as counted (a game counts "
                f"one, a board of more than 121 squares in proportion), more than one "
                f"document shows ({most:,}); show fewer games (--index N) or split the record"
            )


def _refuse_huge_games(source: Source, games: list[ReplayedGame]) -> None:
    """Refuse, with the game's position, a game or a document too long to set as
    PDF in good time (`limits.MAX_PDF_GAME_CHARS`, `MAX_PDF_DOCUMENT_CHARS`)."""
    import re

    spaces = re.compile(r"\s+")
    total = 0
    for replayed in games:
        record = replayed.record
        size = len(spaces.sub(" ", source.text[record.start : record.end]))
        total += size
        line, column = source.locate(record.start)
        where = f"{source.name}:{line}:{column}: game {record.index}"
        if size > limits.MAX_PDF_GAME_CHARS:
            raise LimitError(
                f"{where} has {size:,} characters of text, more than a PDF takes "
                f"({limits.MAX_PDF_GAME_CHARS:,}); shorten its comments or use --format html"
            )
        if total > limits.MAX_PDF_DOCUMENT_CHARS:
            raise LimitError(
                f"{where} brings the document to {total:,} characters of text, more than "
                f"one PDF takes ({limits.MAX_PDF_DOCUMENT_CHARS:,}); print fewer games "
                "(--index N) or use --format html"
            )
