"""Time annotated game documents against peers measured in the same run.

Run: `python bench/bench_game.py [--repeat N] [--games N]`. Reports:

1. one annotated game of about 40 plies (comments every few moves, diagram
   requests, a variation) as PDF and as HTML, best of N runs after a warm-up;
2. a file of `--games` random games (default 300) as one PDF and one HTML.

Peers: ReportLab drawing the same number of plain text pages with a grid on
each (the floor for "a PDF of that many pages"), and python-chess's
`chess.svg.board` once per diagram (if `chess` is installed). Ratios, unlike
seconds, compare across machines.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/


def best_of(fn: Callable[[], object], repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def annotated_record(seed: int = 7) -> str:
    """A random game of 36+ plies with a comment every fourth ply and a few diagrams."""
    from tests.random_games import random_game, record_text

    rng = random.Random(seed)
    while True:
        moves = random_game(rng, special_chance=0.15)
        if len(moves) >= 36:
            break
    text = record_text(moves, tags={"Event": "Bench", "Dark": "A", "Light": "B"})
    head, body, end = text.rsplit("\n", 3)[0], text.rsplit("\n", 3)[1], text.rsplit("\n", 3)[2]
    words = body.split(" ")
    out, plies = [], 0
    for word in words:
        out.append(word)
        if word.endswith("."):
            continue
        plies += 1
        if plies % 4 == 0:
            request = ' [%diagram "checkpoint"]' if plies % 12 == 0 else ""
            out.append(f"{{Note on ply {plies}: what the move does and why.{request}}}")
    return f"{head}\n{' '.join(out)}\n{end}\n"


def many_games(count: int, seed: int = 1) -> str:
    from tests.random_games import random_game, record_text

    rng = random.Random(seed)
    return "\n".join(
        record_text(random_game(rng), tags={"Event": "Bench", "Round": str(i)})
        for i in range(1, count + 1)
    )


def peer_plain_pages(pages: int) -> bytes:
    """ReportLab: `pages` A4 pages, each a 7x7 grid and a paragraph of text."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from maerstanas_print.fonts import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1, initialFontName="Cardo")
    for _ in range(pages):
        x0, y0, cell = 21 * mm, 150 * mm, 9 * mm
        for i in range(8):
            canvas.line(x0 + i * cell, y0, x0 + i * cell, y0 + 7 * cell)
            canvas.line(x0, y0 + i * cell, x0 + 7 * cell, y0 + i * cell)
        canvas.setFont("Cardo", 10)
        for line in range(40):
            canvas.drawString(20 * mm, 140 * mm - line * 12, "1. G4 D2 2. G2 D5 " * 4)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()

    from maerstanas_print import parse, replay
    from maerstanas_print.gamedoc.html import game_html
    from maerstanas_print.gamedoc.model import document
    from maerstanas_print.gamedoc.pdf import game_pdf

    text = annotated_record()
    games = [replay(g, keep_positions=True) for g in parse(text, "bench").games]
    assert all(g.valid for g in games), "the bench record must be valid"
    doc = document(games[0])
    pages = page_count(game_pdf(games, title="bench"))
    print(
        f"annotated game: {games[0].plies} plies, {len(doc.diagrams)} diagrams, {pages} PDF pages"
    )
    pdf = best_of(lambda: game_pdf(games, title="bench"), args.repeat)
    html = best_of(lambda: game_html(games, title="bench"), args.repeat)
    plain = best_of(lambda: peer_plain_pages(pages), args.repeat)
    print(
        f"  PDF  {pdf * 1000:8.1f} ms   x{pdf / plain:5.1f} ReportLab plain pages "
        f"({plain * 1000:.1f} ms for {pages})"
    )
    print(f"  HTML {html * 1000:8.1f} ms")
    try:
        import chess
        import chess.svg

        board = chess.Board()
        svg = best_of(
            lambda: [chess.svg.board(board, size=300) for _ in range(len(doc.diagrams) + 2)],
            args.repeat,
        )
        print(
            f"  peer: chess.svg.board x{len(doc.diagrams) + 2} (its diagrams + 2 figures): "
            f"{svg * 1000:.1f} ms; HTML is x{html / svg:.1f}"
        )
    except ImportError:
        print("  (python-chess not installed: no chess.svg peer)")

    text = many_games(args.games)
    start = time.perf_counter()
    big = [replay(g, keep_positions=True) for g in parse(text, "many").games]
    load = time.perf_counter() - start
    start = time.perf_counter()
    data = game_pdf(big, title=f"{args.games} games")
    many_pdf = time.perf_counter() - start
    many_pages = page_count(data)
    start = time.perf_counter()
    page = game_html(big, title=f"{args.games} games")
    many_html = time.perf_counter() - start
    start = time.perf_counter()
    peer_plain_pages(many_pages)
    many_plain = time.perf_counter() - start
    print(
        f"{args.games} games: replay {load:.2f} s; PDF {many_pdf:.2f} s, {many_pages} pages, "
        f"{len(data) / 1e6:.1f} MB (x{many_pdf / many_plain:.1f} ReportLab plain pages, "
        f"{many_plain:.2f} s); HTML {many_html:.2f} s, {len(page) / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
