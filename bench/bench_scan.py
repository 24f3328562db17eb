"""How well and how fast `scan` reads synthetic photos of filled scannable sheets.

Run: `python bench/bench_scan.py [--games N] [--first SEED] [--specials on|off] [--harsh]`.
Each game is a random legal Mǽrstánas game (tests/random_games.py), filled in by
a careless hand and photographed badly (tests/scan_photos.py: perspective,
turn, shadow, blur, noise, JPEG). The held-out set is seeds 1 to N; the reader's
constants (scan/marks.py, scan/decode.py) were tuned on seeds 9000-9019 only
(`--first 9000 --games 20 --fills` prints the fills of filled and empty boxes).

Prints the share of plies read right, the games read as a different game
without a warning (must be 0), the games flagged, and the seconds a page
takes on one core (OpenCV held to one thread), with the time the same run
takes to render the blank sheet as the ratio's baseline.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/

import cv2

import maerstanas_print.plugins  # noqa: F401
from maerstanas_print.games.maerstanas.engine import Rules
from maerstanas_print.games.registry import game_named
from maerstanas_print.scan.capabilities import SCAN_KITS
from maerstanas_print.scan.frame import game_scannable_sheet
from maerstanas_print.scan.photo import PhotoError, decode_image, straighten
from maerstanas_print.scan.reading import read_pages
from maerstanas_print.sheets.render import sheet_pdf
from tests import scan_photos
from tests.random_games import random_game

cv2.setNumThreads(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--specials", default="on", choices=("on", "off"))
    parser.add_argument("--fills", action="store_true", help="print fill statistics (tuning)")
    parser.add_argument(
        "--harsh",
        action="store_true",
        help="a careless hand (3x the faint, outside, stray and erased marks) and a poor"
        " photo (more tilt, blur and noise, JPEG quality from 45)",
    )
    args = parser.parse_args()
    game = game_named("maerstanas")
    assert game is not None
    settings = {"ss": args.specials}
    kit = SCAN_KITS.of(game)
    assert kit is not None
    marks = kit.moves(settings)
    sheet = game_scannable_sheet(game, "a4", settings)
    start = time.perf_counter()
    sheet_pdf(sheet.sheet)
    render_time = time.perf_counter() - start
    hand, camera = scan_photos.Hand(), scan_photos.Camera()
    if args.harsh:
        hand = scan_photos.Hand(outside=0.18, faint=0.3, erasure=0.06, stray=0.09)
        camera = scan_photos.Camera(tilt=0.2, blur=2.2, noise=9.0, quality=45)
    plies = right = silent_wrong = flagged = pages = 0
    scan_time = 0.0
    filled_fills: list[float] = []
    empty_fills: list[float] = []
    for seed in range(args.first, args.first + args.games):
        rng = random.Random(seed)
        played = [move for move, _ in random_game(rng, Rules(special_stones=args.specials == "on"))]
        truth = [marks.text(move) for move in played]
        photos = scan_photos.filled_photos(
            sheet, [marks.marks(m) for m in played], rng, hand, camera
        )
        start = time.perf_counter()
        try:
            straight = [(f"seed{seed}", straighten(decode_image(photo))) for photo in photos]
        except PhotoError as exc:
            print(f"seed {seed}: {exc} (flagged: no record)", file=sys.stderr)
            Path(f"/tmp/bench-scan-failed-{seed}.jpg").write_bytes(photos[0])
            plies += len(played)
            flagged += 1
            continue
        result = read_pages(game, straight)
        scan_time += time.perf_counter() - start
        pages += len(photos)
        read = [ply.move for ply in result.reading.plies]
        plies += len(truth)
        right += sum(1 for a, b in zip(read, truth, strict=False) if a == b)
        clean = result.reading.clean
        flagged += not clean
        if not clean:
            doubts = [f"{p.ply}: {p.doubt}" for p in result.reading.plies if p.doubt]
            print(f"seed {seed}: flagged: {(doubts + result.reading.doubts)[:3]}", file=sys.stderr)
        if read != truth and clean:
            silent_wrong += 1
            print(f"seed {seed}: read as another game without a warning", file=sys.stderr)
        if read != truth:
            wrong = [i + 1 for i, (a, b) in enumerate(zip(read, truth, strict=False)) if a != b]
            print(
                f"seed {seed}: plies {wrong[:5]} wrong; {len(read)} read of {len(truth)};"
                f" doubts at {result.reading.doubtful_plies[:5]}",
                file=sys.stderr,
            )
        if args.fills:
            for ply in result.reading.plies:
                expected = (
                    marks.marks(played[ply.ply - 1]) if ply.ply <= len(played) else frozenset()
                )
                for value, fill in ply.fills.items():
                    (filled_fills if value in expected else empty_fills).append(fill)
    print(f"games {args.games} (seeds {args.first}-{args.first + args.games - 1}), plies {plies}")
    print(f"plies read right        {right / plies:.4%}")
    print(f"games flagged (exit 1)  {flagged}")
    print(f"silently wrong games    {silent_wrong}")
    per_page = scan_time / pages
    print(
        f"seconds per page        {per_page:.2f}"
        f"  ({per_page / render_time:.1f}x rendering the blank sheet's PDF)"
    )
    if args.fills:
        filled_fills.sort()
        empty_fills.sort()
        print("filled boxes: lowest", [round(f, 2) for f in filled_fills[:12]])
        print("empty boxes: highest", [round(f, 2) for f in empty_fills[-12:]])


if __name__ == "__main__":
    main()
