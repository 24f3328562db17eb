"""`scoresheet --scannable`: a score sheet of marks a camera reads back (`scan`).

The options each game's sheet takes (`--special-stones on|off`) come from the
games' scan kits, so this module names no game.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from maerstanas_print.commands._output import (
    PAPER_CHOICES,
    choice,
    game_choice,
    output_format,
    output_target,
    write_and_report,
)
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import all_games
from maerstanas_print.io.exits import EXIT_USAGE, CommandError
from maerstanas_print.io.numbers import whole_number
from maerstanas_print.io.outputs import same_file
from maerstanas_print.scan.capabilities import SCAN_KITS, ScanOption
from maerstanas_print.scan.frame import game_scannable_sheet
from maerstanas_print.sheets.common import SheetError
from maerstanas_print.sheets.render import sheet_pdf

__all__ = ["add_scannable_options", "run_scannable"]


def _options() -> list[ScanOption]:
    seen: dict[str, ScanOption] = {}
    for game in all_games():
        kit = SCAN_KITS.of(game)
        for option in kit.options if kit else ():
            seen.setdefault(option.flag, option)
    return list(seen.values())


def add_scannable_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scannable",
        action="store_true",
        help="a sheet of boxes to fill in pencil, which `scan` reads back from a photo",
    )
    parser.add_argument(
        "--layout",
        metavar="FILE",
        default=None,
        help="with --scannable: also write where every mark is (JSON, mm from the top-left)",
    )
    parser.add_argument(
        "--pages",
        metavar="N",
        default=None,
        help="with --scannable: how many pages of moves (1-9; default: as the game needs)",
    )
    for option in _options():
        parser.add_argument(
            option.flag,
            dest=f"scan_{option.key}",
            metavar="{" + ",".join(option.choices) + "}",
            default=None,
            help=option.help,
        )


def _same_name(one: str | Path, other: str | Path) -> bool:
    """Whether two output names lead to one file (the same path, or links to one;
    `-` is standard output, whatever it was redirected to)."""
    one, other = (_STDOUT if name == "-" else name for name in (one, other))
    return same_file(one, str(other))  # by its inode, or (not there yet) its real path


_STDOUT = "/dev/stdout"


def _scannable(game: Game) -> bool:
    return SCAN_KITS.of(game) is not None


def run_scannable(args: argparse.Namespace) -> int:
    game = game_choice(args.game, _scannable)
    paper = choice(args.paper, PAPER_CHOICES, "--paper")
    # No --format (the usual case) means PDF, as for every sheet; -o's name decides too.
    if output_format(args.format, args.output) != "pdf":
        raise CommandError("a scannable sheet is a PDF (--format pdf, -o NAME.pdf)", EXIT_USAGE)
    if args.first is not None:
        raise CommandError("--from is not for scannable sheets: use --pages", EXIT_USAGE)
    kit = SCAN_KITS.of(game)
    assert kit is not None
    settings: dict[str, str] = {}
    own = {option.key for option in kit.options}
    for option in _options():
        value = getattr(args, f"scan_{option.key}", None)
        if value is None:
            continue
        if option.key not in own:
            raise CommandError(f"{option.flag} is not a setting of {game.title}", EXIT_USAGE)
        settings[option.key] = choice(value, option.choices, option.flag)
    pages = None
    if args.pages is not None:
        pages = whole_number(args.pages, "--pages")
        if pages is None or not 1 <= pages <= 9:
            raise CommandError(f"--pages must be from 1 to 9, not {args.pages!r}", EXIT_USAGE)
    try:
        made = game_scannable_sheet(game, paper, settings, pages)
    except SheetError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    target = output_target(args.output, f"{made.sheet.file_stem}.pdf")
    layout_target = None
    if args.layout is not None:
        layout_target = output_target(args.layout, f"{made.sheet.file_stem}.json")
        if _same_name(target, layout_target):
            raise CommandError(
                "--layout and -o name the same file; give the layout its own name", EXIT_USAGE
            )
    write_and_report(target, sheet_pdf(made.sheet))
    if layout_target is not None:
        write_and_report(layout_target, made.layout.to_json())
    return 0
