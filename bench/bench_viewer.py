"""How much the game page's viewer costs a reader's connection (issue 22).

Run: `python bench/bench_viewer.py`. For each sample game page (`game --format
html`) it prints, in bytes, raw and gzipped (level 9, as a web server would send
it):

- the whole self-contained page;
- the page without its static diagrams (the `<figure>` pictures the page prints
  and shows without scripts), that is what the interactive viewer needs: text,
  styles, fonts, the board, the data of every position and the script;
- the same without the embedded fonts (Cardo subsets, which a site that already
  serves Cardo could drop);
- the viewer's own script, and the per-position data it reads.

The yardstick is the lichess pgn-viewer's script alone: 24,613 B gzipped for its
first build (2022), a known figure from our research notes (not downloaded
here). The ratio column divides each of our figures by it.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PGN_VIEWER_GZ = 24_613  # lichess pgn-viewer, first build, script only, gzipped
SAMPLES = ROOT / "maerstanas_print" / "samples"
FIGURES = re.compile(r'<figure class="mg-(?:diagram|score|chart)[^"]*".*?</figure>\n?', re.S)
FONTS = re.compile(r"@font-face\s*\{[^}]*\}\n?")
SCRIPT = re.compile(r"<script>\n(.*?)</script>", re.S)
DATA = re.compile(r'<script type="application/json" class="mg-data">(.*?)</script>', re.S)


def gz(text: str) -> int:
    return len(gzip.compress(text.encode("utf-8"), 9, mtime=0))


def page(name: str) -> str:
    from maerstanas_print import parse, replay
    from maerstanas_print.gamedoc.html import game_html

    path = SAMPLES / f"{name}.mrs"
    games = [
        replay(g, keep_positions=True)
        for g in parse(path.read_text(encoding="utf-8"), path.name).games
    ]
    return game_html(games, title=name)


def main() -> None:
    print(f"yardstick: lichess pgn-viewer script, gzipped: {PGN_VIEWER_GZ:,} B (known figure)")
    print(f"{'page':<18} {'part':<34} {'raw B':>9} {'gzip B':>8} {'/ pgn-viewer':>13}")
    for name in ("sample-game", "annotated-game", "cyngesheall-game"):
        html = page(name)
        bare = FIGURES.sub("", html)
        parts = [
            ("whole page", html),
            ("without static diagrams", bare),
            ("... and without fonts", FONTS.sub("", bare)),
            ("viewer script", SCRIPT.search(html).group(1)),  # type: ignore[union-attr]
            ("viewer data (every position)", "".join(DATA.findall(html))),
        ]
        for label, text in parts:
            size = gz(text)
            print(
                f"{name:<18} {label:<34} {len(text.encode()):>9,} {size:>8,} "
                f"{size / PGN_VIEWER_GZ:>13.2f}"
            )


if __name__ == "__main__":
    main()
