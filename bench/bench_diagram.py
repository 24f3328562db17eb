"""Time `diagram`'s formats (SVG, PNG, GIF) for every sample game, against a baseline.

Run: `python bench/bench_diagram.py [--repeat N]`. Prints the best time of N
runs per format and game (after a warm-up that pays for imports and fonts),
the file's size, and the ratio to the baseline measured in the same run:
`svg.board` of the same final position, the cheapest drawing there is. Ratios,
unlike seconds, compare across machines. Also prints the game pages' size
without their static diagrams, gzipped, the figure the issue compares with a
25 KB gzipped viewer script.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def best_of(fn: Callable[[], object], repeat: int) -> tuple[float, object]:
    result = fn()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def page_without_diagrams(html: str) -> int:
    """Bytes of `html`, gzipped, with every inline <svg> but the viewer's left out."""
    kept = re.sub(r"<figure\b.*?</figure>", "", html, flags=re.S)
    return len(gzip.compress(kept.encode("utf-8"), 9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    import maerstanas_print.plugins  # noqa: F401
    from maerstanas_print import svg
    from maerstanas_print.commands.diagram import GIF_SCALE, PNG_SCALE, animation, still
    from maerstanas_print.draw import raster
    from maerstanas_print.draw.svg import render_svg
    from maerstanas_print.gamedoc.html import game_html
    from maerstanas_print.play.loading import load_verified
    from maerstanas_print.resources import sample_path

    records = [
        sample_path("sample-game.mrs"),
        sample_path("annotated-game.mrs"),
        sample_path("cyngesheall-game.mrs"),
        Path(__file__).resolve().parent.parent / "tests" / "records" / "hnefatafl1992-opening.mrs",
    ]
    print(f"{'game':28} {'format':6} {'best ms':>9} {'bytes':>9} {'x baseline':>11}")
    for path in records:
        _, games = load_verified(str(path))
        game = games[0]
        base, _ = best_of(lambda g=game: svg.board(g.final, id_prefix="b"), args.repeat)
        jobs: dict[str, Callable[[], object]] = {
            "svg": lambda g=game: render_svg(still(g, g.plies), "d", standalone=True),
            "png": lambda g=game: raster.png_bytes(still(g, g.plies), PNG_SCALE),
            "gif": lambda g=game: raster.gif_bytes(animation(g), GIF_SCALE),
        }
        for name, job in jobs.items():
            seconds, result = best_of(job, args.repeat)
            size = len(result) if isinstance(result, str | bytes) else 0
            print(f"{path.stem:28} {name:6} {seconds * 1000:9.1f} {size:9d} {seconds / base:11.1f}")
        page = game_html(games, title=path.stem)
        print(
            f"{path.stem:28} {'page':6} {'':>9} {len(page.encode()):9d} "
            f"(gzipped without its figures: {page_without_diagrams(page)} bytes)"
        )


if __name__ == "__main__":
    main()
