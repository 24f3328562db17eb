"""`maerstanas-print build`: the README's main job, every printable into output/.

Every registered game lists its printables (`Game.printables`): one command
line of this tool per file. `build` runs them in order, so what it makes is
exactly what the single commands make. Each game page (`game ... --format html`)
gets a preview picture beside it: `diagram` writes the final position as PNG
first, and the page names it for link sharing (`--preview-image`). Without the
raster extra the pages are made without one.
"""

from __future__ import annotations

import argparse
import itertools
import os
from importlib.resources import files
from pathlib import Path, PurePath

from maerstanas_print.commands.capabilities import PRINTABLES
from maerstanas_print.draw import raster
from maerstanas_print.games.registry import all_games
from maerstanas_print.io.exits import EXIT_IO, CommandError
from maerstanas_print.io.held import run_goes_on
from maerstanas_print.io.inputs import display_name


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build",
        help="make every printable (boards, score sheets, ...) into a folder",
        description="Make the whole set of printables into the folder DIR (default: output/).",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default="output",
        help="folder for the files (default: output)",
    )
    parser.set_defaults(func=run)


def jobs(previews: bool | None = None) -> list[tuple[str, list[str]]]:
    """(file name, command words) for every printable of every registered game; a
    word `@sample:NAME` is the shipped sample record NAME. `previews` (by default:
    when PNGs can be written here) adds each game page's preview picture."""
    if previews is None:
        previews = raster.available()
    samples = files("maerstanas_print") / "samples"
    out = []
    for game in all_games():
        for filename, command in PRINTABLES.of(game):
            words = [
                str(samples / w.removeprefix("@sample:")) if w.startswith("@sample:") else w
                for w in command
            ]
            if previews and _is_game_page(words):
                image = str(PurePath(filename).with_suffix(".png"))
                out.append((image, _preview_command(words)))
                words = [*words, "--preview-image", image]
            out.append((filename, words))
    return out


def _is_game_page(words: list[str]) -> bool:
    return words[0] == "game" and any(
        a == "--format" and b == "html" for a, b in itertools.pairwise(words)
    )


def _preview_command(words: list[str]) -> list[str]:
    """`diagram` of the page's record (its first game, or the one `--index` picks)."""
    index = [w for a, w in itertools.pairwise(words) if a == "--index"]
    return ["diagram", words[1], *(["--index", index[0]] if index else []), "--format", "png"]


def run(args: argparse.Namespace) -> int:
    folder = Path(args.output)
    planned = [(folder / filename, command) for filename, command in jobs()]
    for target, _command in planned:  # before any work: a printer would write into it
        if os.path.isdir(target):  # os.path: a name too long or a closed folder is no folder
            raise CommandError(
                f"cannot write {display_name(str(target))}: it is a folder"
                f"{' (a link to one)' if os.path.islink(target) else ''}; move it away, or "
                "choose another -o",
                EXIT_IO,
            )
    for target, command in planned:
        run_goes_on()  # a signal that came after the last file's `wrote` stops it here
        code = args.run_command([*command, "-o", str(target)])
        if code:
            return code
    return 0
