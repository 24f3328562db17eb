"""What the sheet commands share: option checking and writing the result."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from maerstanas_print.sheets.common import Sheet

EXIT_USAGE = 2
PAPER_CHOICES = ("a4", "letter")
FORMAT_CHOICES = ("pdf", "html")


BOARD_PAPER_CHOICES = ("a4", "letter", "a3", "tabloid")  # big boards on big paper


def add_common_options(parser: argparse.ArgumentParser,
                       papers: tuple[str, ...] = PAPER_CHOICES) -> None:
    parser.add_argument("--paper", default="a4", metavar="{" + ",".join(papers) + "}",
                        help="paper size (default: a4)")
    parser.add_argument("--format", default="pdf", metavar="{pdf,html}",
                        help="PDF, or HTML with a print stylesheet (default: pdf)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="output file or folder; '-' writes to stdout "
                             "(default: output/<name>)")


GAME_CHOICES = ("maerstanas", "cyngesheall", "hnefatafl1992")


def add_game_option(parser: argparse.ArgumentParser, choices: tuple[str, ...] = GAME_CHOICES,
                    default: str = "maerstanas") -> None:
    names = ",".join(choices)
    parser.add_argument("--game", default=default, metavar=f"{{{names}}}",
                        help=f"which game the sheet is for (default: {default}); the record "
                             "tag names (e.g. EmailHnefatafl1992) work too")


def game_choice(value: str, allowed: tuple[str, ...] = GAME_CHOICES):
    """The GameInfo `--game` names (a slug or a Game tag, any case), or a one-line usage error."""
    from maerstanas_print.cli import CommandError
    from maerstanas_print.sheets.common import sheet_game

    game = sheet_game(value)
    if game is None or game.slug not in allowed:
        raise CommandError(f"--game must be one of {', '.join(allowed)}, not {value!r}",
                           EXIT_USAGE)
    return game


def choice(value: str, allowed: tuple[str, ...], option: str) -> str:
    """Check an option in run() so a bad value gives one line and exit code 2."""
    from maerstanas_print.cli import CommandError

    key = value.strip().lower()
    if key not in allowed:
        raise CommandError(f"{option} must be one of {', '.join(allowed)}, not {value!r}",
                           EXIT_USAGE)
    return key


def number(value: str | None, option: str) -> float | None:
    from maerstanas_print.cli import CommandError

    if value is None:
        return None
    try:
        result = float(value)
    except ValueError:
        result = math.nan
    if not math.isfinite(result) or result <= 0:
        raise CommandError(f"{option} must be a positive number of millimetres, not {value!r}",
                           EXIT_USAGE)
    return result


def emit(make_sheet: Callable[[], Sheet], args: argparse.Namespace) -> int:
    """Check `--format`, make the sheet (a sheet that cannot be laid out is a usage
    error, exit 2), render it and write it where `-o` says; report on stderr."""
    from maerstanas_print.cli import CommandError
    from maerstanas_print.outputs import resolve_output, write_output
    from maerstanas_print.sheets.common import SheetError
    from maerstanas_print.sheets.render import sheet_html, sheet_pdf

    fmt, output = choice(args.format, FORMAT_CHOICES, "--format"), args.output
    try:
        sheet = make_sheet()
    except SheetError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    target = resolve_output(output, f"{sheet.file_stem}.{fmt}")
    if target == "-" and fmt == "pdf" and sys.stdout.isatty():
        raise CommandError("refusing to write a PDF to the terminal; redirect it or use -o FILE",
                           EXIT_USAGE)
    data = sheet_pdf(sheet) if fmt == "pdf" else sheet_html(sheet)
    write_output(target, data)
    if target != "-":
        print(f"wrote {target}", file=sys.stderr)
    return 0
