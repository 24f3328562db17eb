"""`maerstanas-print build`: the README's main job, every printable into output/.

Every registered game lists its printables (`Game.printables`): one command
line of this tool per file. `build` runs them in order, so what it makes is
exactly what the single commands make.
"""

from __future__ import annotations

import argparse
from importlib.resources import files
from pathlib import Path

from maerstanas_print.commands.capabilities import PRINTABLES
from maerstanas_print.games.registry import all_games


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


def jobs() -> list[tuple[str, list[str]]]:
    """(file name, command words) for every printable of every registered game; a
    word `@sample:NAME` is the shipped sample record NAME."""
    samples = files("maerstanas_print") / "samples"
    out = []
    for game in all_games():
        for filename, command in PRINTABLES.of(game):
            words = [
                str(samples / w.removeprefix("@sample:")) if w.startswith("@sample:") else w
                for w in command
            ]
            out.append((filename, words))
    return out


def run(args: argparse.Namespace) -> int:
    folder = Path(args.output)
    for filename, command in jobs():
        code = args.run_command([*command, "-o", str(folder / filename)])
        if code:
            return code
    return 0
