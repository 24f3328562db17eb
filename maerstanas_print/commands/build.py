"""`maerstanas-print build`: the README's main job, every printable into output/.

Each entry of `JOBS` is one command line of this tool; `build` runs them in
order, so what it makes is exactly what the single commands make, under the
names they give their files by default (a test holds both to that, and the
README's output table to this list).
"""

from __future__ import annotations

import argparse
from importlib.resources import files
from pathlib import Path

SAMPLE_GAME = str(files("maerstanas_print") / "samples" / "sample-game.mrs")
SAMPLE_CYNGESHEALL = str(files("maerstanas_print") / "samples" / "cyngesheall-game.mrs")

# (file name, arguments) per printable; the file goes into the output folder.
JOBS: list[tuple[str, list[str]]] = [
    ("board-a4-1up.pdf", ["board", "--paper", "a4"]),
    ("board-letter-1up.pdf", ["board", "--paper", "letter"]),
    ("boards-a4-6up.pdf", ["board", "--per-page", "6"]),
    ("boards-wraparound-a4-12up.pdf", ["board", "--per-page", "12", "--variant", "wraparound"]),
    ("board-a4-1up.html", ["board", "--format", "html"]),
    ("board-cyngesheall-a4-1up.pdf", ["board", "--game", "cyngesheall"]),
    ("board-cyngesheall-a4-1up.html", ["board", "--game", "cyngesheall", "--format", "html"]),
    ("board-hnefatafl1992-a4-1up.pdf", ["board", "--game", "hnefatafl1992"]),
    ("board-hnefatafl1992-a4-1up.html", ["board", "--game", "hnefatafl1992", "--format", "html"]),
    ("board-hnefatafl1992-a3-1up.pdf", ["board", "--game", "hnefatafl1992", "--paper", "a3"]),
    ("board-hnefatafl1992-tabloid-1up.pdf", ["board", "--game", "hnefatafl1992", "--paper",
                                             "tabloid"]),
    ("setup-cyngesheall-a4.pdf", ["setup", "--game", "cyngesheall"]),
    ("setup-cyngesheall-a4.html", ["setup", "--game", "cyngesheall", "--format", "html"]),
    ("setup-hnefatafl1992-a4.pdf", ["setup", "--game", "hnefatafl1992"]),
    ("stones-maerstanas-a4.pdf", ["stones", "--game", "maerstanas"]),
    ("stones-maerstanas-letter.pdf", ["stones", "--game", "maerstanas", "--paper", "letter"]),
    ("stones-cyngesheall-a4.pdf", ["stones"]),
    ("stones-cyngesheall-a4.html", ["stones", "--format", "html"]),
    ("scoresheet-a4.pdf", ["scoresheet", "--paper", "a4"]),
    ("scoresheet-letter.pdf", ["scoresheet", "--paper", "letter"]),
    ("scoresheet-a4.html", ["scoresheet", "--format", "html"]),
    ("sample-game.pdf", ["game", SAMPLE_GAME]),
    ("sample-game.html", ["game", SAMPLE_GAME, "--format", "html"]),
    ("cyngesheall-game.pdf", ["game", SAMPLE_CYNGESHEALL]),
    ("cyngesheall-game.html", ["game", SAMPLE_CYNGESHEALL, "--format", "html"]),
    ("rulebook-a4.pdf", ["rulebook", "--paper", "a4"]),
    ("rulebook-letter.pdf", ["rulebook", "--paper", "letter"]),
    ("rulebook-a4.html", ["rulebook", "--format", "html"]),
    ("rulebook-cyngesheall-a4.pdf", ["rulebook", "--game", "cyngesheall"]),
    ("rulebook-cyngesheall-a4.html", ["rulebook", "--game", "cyngesheall", "--format", "html"]),
    ("rulebook-hnefatafl1992-a4.pdf", ["rulebook", "--game", "hnefatafl1992"]),
    ("rulebook-hnefatafl1992-a4.html", ["rulebook", "--game", "hnefatafl1992", "--format",
                                     "html"]),
]


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "build", help="make every printable (boards, score sheets, ...) into a folder",
        description="Make the whole set of printables into OUT (default: output/).")
    parser.add_argument("-o", "--output", metavar="DIR", default="output",
                        help="folder for the files (default: output)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from maerstanas_print.cli import main

    folder = Path(args.output)
    for filename, command in JOBS:
        code = main([*command, "-o", str(folder / filename)])
        if code:
            return code
    return 0
