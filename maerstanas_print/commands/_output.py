"""What the commands share: option checking (paper, format, game, numbers) and
writing and reporting a command's result."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from maerstanas_print.diagnostics import visible
from maerstanas_print.games.registry import all_games, game_named
from maerstanas_print.io.exits import EXIT_USAGE, CommandError
from maerstanas_print.io.held import run_over
from maerstanas_print.io.numbers import decimal_number
from maerstanas_print.io.outputs import resolve_output, write_output
from maerstanas_print.sheets.common import SheetError
from maerstanas_print.sheets.render import sheet_html, sheet_pdf

if TYPE_CHECKING:
    from pathlib import Path

    from maerstanas_print.games.protocol import Game
    from maerstanas_print.sheets.common import Sheet

PAPER_CHOICES = ("a4", "letter")
FORMAT_CHOICES = ("pdf", "html")


BOARD_PAPER_CHOICES = ("a4", "letter", "a3", "tabloid")  # big boards on big paper
THEME_CHOICES = ("print", "ink-saver")  # the sheets' themes (the screen theme is for pages)


def add_common_options(
    parser: argparse.ArgumentParser, papers: tuple[str, ...] = PAPER_CHOICES
) -> None:
    parser.add_argument(
        "--paper",
        default="a4",
        metavar="{" + ",".join(papers) + "}",
        help="paper size (default: a4)",
    )
    parser.add_argument(
        "--format",
        default=None,
        metavar="{pdf,html}",
        help="PDF, or HTML with a print stylesheet (default: the extension of -o's file "
        "name, else pdf)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output file or folder; '-' writes to stdout (default: output/<name>)",
    )


GamePredicate = Callable[["Game"], bool]


def _any_game(game: Game) -> bool:
    return True


def game_slugs(which: GamePredicate = _any_game) -> tuple[str, ...]:
    """The slugs of the registered games `which` accepts, the default game first."""

    return tuple(game.slug for game in all_games() if which(game))


def add_game_option(
    parser: argparse.ArgumentParser, which: GamePredicate = _any_game, what: str = "the sheet"
) -> None:
    """`--game NAME`: which game `what` is for; the default is the first game that fits."""
    slugs = game_slugs(which)
    names = ",".join(slugs)
    # An example of a Game tag the option takes, from the games it takes.
    tags = [game.tag for game in all_games() if which(game) and game.tag.lower() != game.slug]
    also = f"; a record's Game tag (e.g. {tags[-1]}) works too" if tags else ""
    parser.add_argument(
        "--game",
        default=None,
        metavar=f"{{{names}}}",
        help=f"which game {what} is for (default: {slugs[0] if slugs else '-'}){also}",
    )


def game_choice(value: str | None, which: GamePredicate = _any_game) -> Game:
    """The game `--game` names (a slug or a Game tag, any case; None: the first that
    fits), or a one-line usage error."""

    allowed = game_slugs(which)
    game = game_named(allowed[0] if value is None and allowed else (value or "").strip())
    if game is None or game.slug not in allowed:
        raise CommandError(f"--game must be one of {', '.join(allowed)}, not {value!r}", EXIT_USAGE)
    return game


def choice(value: str, allowed: tuple[str, ...], option: str) -> str:
    """Check an option in run() so a bad value gives one line and exit code 2."""

    key = value.strip().lower()
    if key not in allowed:
        raise CommandError(
            f"{option} must be one of {', '.join(allowed)}, not {value!r}", EXIT_USAGE
        )
    return key


def number(value: str | None, option: str) -> float | None:
    if value is None:
        return None
    read = decimal_number(value)  # the digits 0-9 only: float() takes any script's
    result = math.nan if read is None else read
    if not math.isfinite(result) or result <= 0:
        raise CommandError(
            f"{option} must be a positive number of millimetres, not {value!r}", EXIT_USAGE
        )
    return result


def output_format(
    fmt: str | None, output: str | None, allowed: tuple[str, ...] = FORMAT_CHOICES
) -> str:
    """The format a command writes. A file name given with `-o` decides by its extension
    (`g.html` is HTML), so the file is what its name says; `--format` that disagrees
    with it, or an extension the command cannot write, is a usage error (exit 2).
    Without a file name (no `-o`, `-o -`, a folder), `--format` decides, else PDF."""

    asked = None if fmt is None else choice(fmt, allowed, "--format")
    named = _named_format(output)
    if named is None:
        return asked or allowed[0]
    if named not in allowed:
        raise CommandError(
            f"-o {visible(str(output))}: this command writes "
            f"{' or '.join('.' + a for a in allowed)} files, not .{named}",
            EXIT_USAGE,
        )
    if asked is not None and asked != named:
        raise CommandError(
            f"--format {asked} does not match -o {visible(str(output))}, a .{named} file name; "
            "give one of them, or make them agree",
            EXIT_USAGE,
        )
    return named


def _named_format(output: str | None) -> str | None:
    """The format `-o`'s file name asks for by its extension (`htm` is `html`); None
    for no file name (no `-o`, `-`, a folder) or a name without an extension."""
    from pathlib import Path

    if output is None or output == "-" or output.endswith(("/", os.sep)) or os.path.isdir(output):
        return None
    suffix = Path(output).suffix.lower().lstrip(".")
    if not suffix:
        return None
    return "html" if suffix == "htm" else suffix


def emit(make_sheet: Callable[[], Sheet], args: argparse.Namespace) -> int:
    """Decide the format (`output_format`), make the sheet (a sheet that cannot be laid
    out is a usage error, exit 2), render it and write it where `-o` says; report on
    stderr."""

    output = args.output
    fmt = output_format(args.format, output)
    try:
        sheet = make_sheet()
    except SheetError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    target = output_target(output, f"{sheet.file_stem}.{fmt}")
    return write_and_report(target, sheet_pdf(sheet) if fmt == "pdf" else sheet_html(sheet))


def output_target(output: str | None, default_name: str) -> str | Path:
    """Where `-o` sends a file named `default_name` by default; a PDF is never sent to
    a terminal (a usage error, exit 2, before any work is done)."""

    target = resolve_output(output, default_name)
    if target == "-" and default_name.endswith(".pdf") and sys.stdout.isatty():
        raise CommandError(
            "refusing to write a PDF to the terminal; redirect it or use -o FILE", EXIT_USAGE
        )
    return target


def write_and_report(target: str | Path, data: bytes | str) -> int:
    """Write `data` to `target` in one step and say so on stderr (not for stdout)."""

    write_output(target, data)
    if target != "-":
        say_written(str(target))
    return 0


def say_written(target: str) -> None:
    """`wrote FILE` on stderr; from then on a stopping signal no longer changes how
    the run ends (`held.run_over`: it has said what it did)."""
    print(f"wrote {visible(target)}", file=sys.stderr)
    run_over()
