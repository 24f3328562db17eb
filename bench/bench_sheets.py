"""Time every sheet kind, PDF and HTML, against a peer measured in the same run.

Run: `python bench/bench_sheets.py [--repeat N]`. Prints the best time of N
runs per sheet (after one warm-up run that pays for imports and font
registration), and its ratio to a peer: ReportLab drawing a plain 7x7 grid
with labels by direct canvas calls on one A4 page (and python-chess's
`chess.svg.board` if `chess` is installed). Ratios, unlike seconds, compare
across machines.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def peer_reportlab_grid() -> bytes:
    """The simplest comparable job: a labelled 7x7 grid on an A4 page."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from maerstanas_print.fonts import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1, initialFontName="Cardo")
    x0, y0, cell = 21 * mm, 80 * mm, 24 * mm
    for i in range(8):
        canvas.line(x0 + i * cell, y0, x0 + i * cell, y0 + 7 * cell)
        canvas.line(x0, y0 + i * cell, x0 + 7 * cell, y0 + i * cell)
    canvas.setFont("Cardo", 11)
    for i in range(7):
        canvas.drawCentredString(x0 + (i + 0.5) * cell, y0 + 7 * cell + 3 * mm, "ABCDEFG"[i])
        canvas.drawCentredString(x0 - 3 * mm, y0 + (6 - i + 0.4) * cell, str(i + 1))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()

    from maerstanas_print.fonts import subset_font_base64
    from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS
    from maerstanas_print.plugins.maerstanas.score_sheet import ScoreSheetOptions, score_sheet
    from maerstanas_print.plugins.tafl.setup_sheet import SetupSheetOptions, setup_sheet
    from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
    from maerstanas_print.sheets.render import sheet_html, sheet_pdf
    from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, stones_sheet

    peers = {"reportlab plain grid (PDF)": peer_reportlab_grid}
    try:
        import chess
        import chess.svg

        peers["chess.svg.board (SVG)"] = lambda: chess.svg.board(chess.Board(), size=400)
    except ImportError:
        pass
    peer_times = {name: best_of(fn, args.repeat) for name, fn in peers.items()}
    base_name, base = next(iter(peer_times.items()))

    sheets = {
        "board 1-up A4": lambda: board_sheet(BoardSheetOptions(game=MAERSTANAS)),
        "board 6-up A4 wraparound": lambda: board_sheet(
            BoardSheetOptions(game=MAERSTANAS, per_page=6, variant="wraparound")
        ),
        "board 12-up letter ink-saver": lambda: board_sheet(
            BoardSheetOptions(game=MAERSTANAS, paper="letter", per_page=12, theme="ink-saver")
        ),
        "score sheet A4": lambda: score_sheet(ScoreSheetOptions()),
        "cyngesheall board 1-up A4": lambda: board_sheet(BoardSheetOptions(game=CYNGESHEALL)),
        "cyngesheall boards 12-up A4": lambda: board_sheet(
            BoardSheetOptions(game=CYNGESHEALL, per_page=12)
        ),
        "1992 board 1-up A4": lambda: board_sheet(BoardSheetOptions(game=HNEFATAFL_1992)),
        "1992 boards 2-up letter ink": lambda: board_sheet(
            BoardSheetOptions(game=HNEFATAFL_1992, per_page=2, paper="letter", theme="ink-saver")
        ),
        "cyngesheall setup A4": lambda: setup_sheet(SetupSheetOptions(game=CYNGESHEALL)),
        "1992 setup A4": lambda: setup_sheet(SetupSheetOptions(game=HNEFATAFL_1992)),
        "cyngesheall stones A4": lambda: stones_sheet(StonesSheetOptions(game=CYNGESHEALL)),
    }
    print(f"peer: {base_name}: {base * 1000:7.2f} ms")
    for name, seconds in list(peer_times.items())[1:]:
        print(f"peer: {name}: {seconds * 1000:7.2f} ms")
    print(f"{'sheet':32} {'format':6} {'ms':>8} {'x peer':>8} {'uncached ms':>12}")
    worst = 0.0
    for name, make in sheets.items():
        for fmt, render in (("pdf", sheet_pdf), ("html", sheet_html)):
            seconds = best_of(lambda make=make, render=render: render(make()), args.repeat)
            # Again with the per-process font-subset cache emptied (a one-shot CLI run).
            subset_font_base64.cache_clear()
            start = time.perf_counter()
            render(make())
            uncached = time.perf_counter() - start
            worst = max(worst, seconds, uncached)
            print(
                f"{name:32} {fmt:6} {seconds * 1000:8.2f} {seconds / base:8.1f} "
                f"{uncached * 1000:12.2f}"
            )
    print(f"slowest sheet: {worst * 1000:.1f} ms (target: well under 1000 ms)")


if __name__ == "__main__":
    main()
