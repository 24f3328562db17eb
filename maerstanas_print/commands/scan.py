"""`maerstanas-print scan`: photos of a filled scannable sheet → a checked record.

Each photo is found, straightened and read (`maerstanas_print.scan`); the QR
code on each page names the game and its settings, so the pages may come in
any order. The record goes to `-o` (default: standard output); `--json` prints
every ply's reading, candidates and confidence. A reading with any doubt exits
1 and names the plies to look at on the sheet: it is never passed off as clean.
Needs the optional `scan` extra (OpenCV, pypdfium2).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING

from maerstanas_print.commands._output import say_written
from maerstanas_print.diagnostics import visible
from maerstanas_print.games.registry import game_named
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_IO, EXIT_OK, EXIT_USAGE, CommandError
from maerstanas_print.io.outputs import refuse_report_over_inputs, same_file, write_output

if TYPE_CHECKING:
    from maerstanas_print.scan.reading import ScanResult

MAX_PHOTO_BYTES = 64 * 2**20  # a phone's photo is a few MB
MAX_PHOTOS = 20


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scan",
        help="read photos of a filled scannable score sheet into a record",
        description="Read JPEG or PNG photos of the pages of one filled scannable score "
        "sheet (`scoresheet --scannable`), in any order, into a record checked by the "
        "rules. Exits 1, naming the plies to look at, when any mark leaves a doubt.",
    )
    parser.add_argument(
        "photos", nargs="+", metavar="PHOTO", help="a photo of a page (JPEG or PNG)"
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="the record file (default: standard output)"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print each ply's reading, candidates and confidence as JSON (the record "
        "goes to -o, or into the JSON)",
    )
    parser.set_defaults(func=run)


def _reader() -> ModuleType:
    """The photo reader, imported when a scan runs: it needs the optional scan extra
    (OpenCV), which `--help` and the other commands must not."""
    try:
        from maerstanas_print.scan import reading  # the extra's modules load here only
    except ImportError as exc:
        raise CommandError(
            f"scan needs the optional scan extra ({exc.name} is not installed): "
            "pip install 'maerstanas_print[scan]'",
            EXIT_USAGE,
        ) from None
    return reading


def _read_bytes(path: str) -> bytes:
    name = os.path.basename(path) or path
    try:
        if os.path.isdir(path):
            raise CommandError(f"{visible(str(path))}: is a directory, not a photo", EXIT_IO)
        size = os.path.getsize(path)
        if size > MAX_PHOTO_BYTES:
            raise CommandError(
                f"{visible(str(path))}: {size} bytes is more than a photo's {MAX_PHOTO_BYTES}",
                EXIT_IO,
            )
        with open(path, "rb") as handle:
            return handle.read(MAX_PHOTO_BYTES + 1)
    except FileNotFoundError:
        raise CommandError(f"{visible(str(path))}: no such file", EXIT_IO) from None
    except OSError as exc:
        raise CommandError(f"{name}: cannot read: {exc.strerror or exc}", EXIT_IO) from None


def run(args: argparse.Namespace) -> int:
    if len(args.photos) > MAX_PHOTOS:
        raise CommandError(f"at most {MAX_PHOTOS} photos at a time", EXIT_USAGE)
    if args.output in (None, "-") or args.json:  # the record or the report to standard output
        refuse_report_over_inputs(list(args.photos))
    if args.output not in (None, "-") and any(same_file(args.output, p) for p in args.photos):
        # by any name: a link, /proc/self/cwd/..., /dev/fd/N (the photo may be the
        # only copy of a hand-written sheet)
        raise CommandError("-o names one of the photos: refusing to overwrite it", EXIT_USAGE)
    reading = _reader()
    pages = []
    for path in args.photos:
        data = _read_bytes(path)
        try:
            image = reading.decode_image(data)
        except reading.PhotoError as exc:
            raise CommandError(f"{visible(str(path))}: {exc}", EXIT_IO) from None
        try:
            pages.append((path, reading.straighten(image)))
        except reading.PhotoError as exc:
            raise CommandError(f"{visible(str(path))}: {exc}", EXIT_INVALID) from None
    slug = pages[0][1].payload.game
    game = game_named(slug)
    if game is None:
        raise CommandError(
            f"{pages[0][0]}: a sheet of a game this toolchain does not know ({slug})", EXIT_INVALID
        )
    try:
        result = reading.read_pages(game, pages)
    except reading.ScanError as exc:
        raise CommandError(str(exc), EXIT_INVALID) from None
    if args.json:
        if args.output is not None:
            write_output(args.output, result.record)
        write_output("-", json.dumps(_as_json(slug, result), indent=1, ensure_ascii=False) + "\n")
    else:
        write_output(args.output if args.output is not None else "-", result.record)
    if args.output not in (None, "-"):
        say_written(args.output)
    return _report(result)


def _as_json(slug: str, result: ScanResult) -> dict[str, object]:
    reading = result.reading
    return {
        "game": slug,
        "pages": result.pages,
        "clean": reading.clean,
        "finished": reading.finished,
        "plies": [
            {
                "ply": ply.ply,
                "move": ply.move,
                "confidence": round(ply.confidence, 4),
                "candidates": [
                    {"move": move, "chance": round(chance, 4)} for move, chance in ply.candidates
                ],
                "doubt": ply.doubt,
                "fills": ply.fills,
            }
            for ply in reading.plies
        ],
        "doubts": reading.doubts,
        "record": result.record,
    }


def _report(result: ScanResult) -> int:
    """Each doubt on stderr, then the plies to look at: exit 1 for any doubt."""
    reading = result.reading
    for ply in reading.plies:
        if ply.doubt:
            number = f"{(ply.ply + 1) // 2}{'.' if ply.ply % 2 else '...'}"
            print(
                f"maerstanas-print: warning: ply {ply.ply} ({number} {ply.move}): {ply.doubt}",
                file=sys.stderr,
            )
    for doubt in reading.doubts:
        print(f"maerstanas-print: warning: {doubt}", file=sys.stderr)
    if reading.clean:
        return EXIT_OK
    plies = reading.doubtful_plies
    where = f"plies {', '.join(map(str, plies))}" if plies else "the marks named above"
    print(
        f"maerstanas-print: the reading is in doubt: look at {where} on the sheet", file=sys.stderr
    )
    return EXIT_INVALID
