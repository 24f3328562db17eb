"""`maerstanas-print diagram`: one position of a recorded game as a picture to share.

SVG or PNG of the position after a ply (the last move marked, a caption if
asked), or the whole main line as an animated GIF, one frame a ply with the
move and its comment under the board. Any game of the registry: the position
is drawn by `draw/position.py`, the one description every medium paints; the
pictures need the optional `raster` extra (`draw/raster.py`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import choice, output_target, write_and_report
from maerstanas_print.draw import raster
from maerstanas_print.draw.position import MARGIN_MM, caption_lines, position_page
from maerstanas_print.draw.shapes import Page
from maerstanas_print.draw.svg import render_svg
from maerstanas_print.gamedoc.model import step_text
from maerstanas_print.gamedoc.parts import move_label
from maerstanas_print.io import limits
from maerstanas_print.io.errors import LimitError
from maerstanas_print.io.exits import EXIT_USAGE, CommandError
from maerstanas_print.io.inputs import display_name
from maerstanas_print.io.numbers import whole_number
from maerstanas_print.io.outputs import refuse_overwriting_input
from maerstanas_print.play.loading import load_verified

if TYPE_CHECKING:
    from maerstanas_print.play.verify import ReplayedGame

FORMATS = ("svg", "png", "gif")
CELL_MM = 9.0  # a square's side: a 7x7 board is about 270 CSS pixels wide
GIF_SCALE = 1.25  # pixels per CSS pixel in an animation: small files, labels still legible
PNG_SCALE = 2.0  # pixels per CSS pixel in a still (sharp on a phone)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "diagram",
        help="one position as SVG or PNG, or the whole game as an animated GIF",
        description="Draw the position after a ply of a recorded game (the last move "
        "marked) as SVG or PNG, or the main line as an animated GIF, one frame a "
        "ply with the move's comment under the board. The format follows OUT's "
        "ending (.svg, .png, .gif) unless --format says it.",
    )
    parser.add_argument("file", metavar="FILE", help="record file (.mrs); '-' reads stdin")
    parser.add_argument("--index", metavar="N", help="the Nth game of the file (default: 1)")
    parser.add_argument(
        "--ply",
        metavar="N",
        help="the position after N plies of the main line; 0 is the start (default: the end)",
    )
    parser.add_argument("--caption", metavar="TEXT", help="text under the board (SVG, PNG)")
    parser.add_argument("--format", metavar="{svg,png,gif}", help="default: from OUT's ending")
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="output file or folder; '-' writes to stdout (default: output/<name>.svg)",
    )
    parser.set_defaults(func=run)


def _whole(value: str, option: str) -> int:
    read = whole_number(value, option)
    number = -1 if read is None else read
    if number < 0:
        raise CommandError(f"{option} must be a whole number from 0, not {value!r}", EXIT_USAGE)
    return number


def _format(args: argparse.Namespace) -> str:
    if args.format is not None:
        return choice(args.format, FORMATS, "--format")
    ending = Path(args.output).suffix.lower().lstrip(".") if args.output not in (None, "-") else ""
    if ending in FORMATS:
        return ending
    if ending and not (args.output.endswith(("/", "\\")) or os.path.isdir(args.output)):
        raise CommandError(
            f"diagram writes .svg, .png or .gif, not .{ending}; or say --format", EXIT_USAGE
        )
    return "svg"


def run(args: argparse.Namespace) -> int:
    fmt = _format(args)
    which = _whole(args.index, "--index") if args.index is not None else 1
    if which == 0:
        raise CommandError("--index counts games from 1, not 0", EXIT_USAGE)
    if fmt == "gif" and (args.ply is not None or args.caption is not None):
        raise CommandError(
            "a GIF shows every ply with its comment; --ply and --caption are for SVG and PNG",
            EXIT_USAGE,
        )
    if fmt != "svg" and not raster.available():
        raise CommandError(raster.MISSING, EXIT_USAGE)
    stem = "diagram" if args.file == "-" else Path(args.file).stem
    target = output_target(args.output, f"{stem}.{fmt}")
    if target == "-" and fmt != "svg" and sys.stdout.isatty():
        raise CommandError(
            f"refusing to write a {fmt.upper()} to the terminal; redirect it or use -o FILE",
            EXIT_USAGE,
        )
    refuse_overwriting_input(target, args.file)
    _source, games = load_verified(args.file)
    if which > len(games):
        raise CommandError(
            f"{display_name(args.file)} has {len(games)} game{'s' * (len(games) != 1)}; "
            f"there is no game {which}",
            EXIT_USAGE,
        )
    game = games[which - 1]
    if fmt == "gif":
        if game.plies + 1 > limits.MAX_GIF_FRAMES:  # a frame a ply, all kept until written
            raise LimitError(
                f"{display_name(args.file)}: game {which} has {game.plies:,} plies; an "
                "animated GIF shows "
                f"at most {limits.MAX_GIF_FRAMES - 1:,}: show positions with --ply as SVG or "
                "PNG, or the game as a page (game --format html)"
            )
        frames = animation(game, f"{display_name(args.file)}: game {which}")
        return write_and_report(target, raster.gif_bytes(frames, GIF_SCALE))
    ply = game.plies if args.ply is None else _whole(args.ply, "--ply")
    if ply > game.plies:
        raise CommandError(f"--ply {ply}: the game's main line has {game.plies} plies", EXIT_USAGE)
    page = still(game, ply, args.caption)
    if fmt == "png":
        return write_and_report(target, raster.png_bytes(page, PNG_SCALE))
    svg = render_svg(page, "diagram", standalone=True, data=(("ply", str(ply)),))
    return write_and_report(target, svg)


def _last(game: ReplayedGame, ply: int) -> tuple[int | None, int | None] | None:
    """The squares of the move that made ply `ply` (None at the start)."""
    if ply == 0:
        return None
    return game.game.move_squares(game.main.steps[ply - 1].move)


def position_words(game: ReplayedGame, ply: int) -> str:
    """ "after 17... C3" or "at the start": which position a picture shows."""
    if ply == 0:
        return "at the start"
    step = game.main.steps[ply - 1]
    return f"after {move_label(step)} {step_text(step, game.game)}"


def still(game: ReplayedGame, ply: int, caption: str | None = None) -> Page:
    """The page of the position after `ply` plies of `game`'s main line."""
    return position_page(
        game.game,
        game.main.positions()[ply],
        cell=CELL_MM,
        title=f"{game.game.title}, {position_words(game, ply)}",
        last=_last(game, ply),
        caption=caption,
    )


def frame_captions(game: ReplayedGame) -> list[str]:
    """Under each frame: the move and its comment (the start: the record's opening
    comment, if any)."""
    captions = [" ".join(c.text for c in game.main.line.comments if c.text)]
    for step in game.main.steps:
        comment = " ".join(c.text for c in (step.node.comments if step.node else []) if c.text)
        words = f"{move_label(step)} {step_text(step, game.game)}"
        captions.append(f"{words} {comment}".strip())
    return captions


def animation(game: ReplayedGame, name: str = "the game") -> list[Page]:
    """One page a ply of the main line, all of one size (the longest caption's). A
    comment longer than `limits.MAX_GIF_CAPTION_LINES` lines is refused (LimitError):
    every frame would be as tall as it."""
    captions = frame_captions(game)
    positions = game.main.positions()
    width = still(game, 0).width
    rows = max(len(caption_lines(text, width - 2 * MARGIN_MM)) for text in captions)
    if rows > limits.MAX_GIF_CAPTION_LINES:
        raise LimitError(
            f"{name} has a comment of {rows:,} lines under its board; an animated GIF's "
            f"frame shows at most {limits.MAX_GIF_CAPTION_LINES}: show the game as a page "
            "(game --format html), or that position with --ply as SVG or PNG"
        )
    return [
        position_page(
            game.game,
            position,
            cell=CELL_MM,
            title=f"{game.game.title}, {position_words(game, ply)}",
            last=_last(game, ply),
            caption=captions[ply],
            caption_rows=rows,
        )
        for ply, position in enumerate(positions)
    ]
