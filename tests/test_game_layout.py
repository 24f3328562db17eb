"""Game documents as a reader sees them: the final position drawn once, captions a
steady gap under their figures (issue 11 items 6 and 7), measured on the pages."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pypdfium2 as pdfium
import pytest

from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.gamedoc.model import document
from maerstanas_print.gamedoc.pdf import game_pdf
from tests.game_helpers import load
from tests.layout_rules import INK_LEVEL, gray
from tests.record_helpers import SAMPLE

DPI = 144
CYNGESHEALL = SAMPLE.parent / "cyngesheall-game.mrs"


def test_the_final_position_is_drawn_once() -> None:
    """The last diagram showed the final position and the score board drew it again;
    now the last diagram is the score board, its move numbers kept."""
    games = load()
    doc = document(games[0])
    assert doc.scored_diagram == len(doc.diagrams) - 1
    html = game_html(games, title="sample")
    finals = re.findall(r'<figure class="[^"]*mg-score[^"]*"', html)
    assert len(finals) == 1
    assert "Final position and score" in html and html.count("Final position and score") == 1
    svg = html[html.index("mg-diagram mg-score") :]
    assert ">18</text>" in svg[: svg.index("</figure>")]  # 18. A5 and 18... C7 numbered


def _caption_gaps(pdf: bytes, starts: tuple[str, ...]) -> list[float]:
    """For each line that begins with one of `starts`, the distance (mm) from the top
    of its first glyph up to the nearest ink above it, across the width of its line."""
    gaps = []
    document_ = pdfium.PdfDocument(pdf)
    for page in document_:
        pixels = gray(page, DPI) < INK_LEVEL
        text = page.get_textpage()
        full = text.get_text_range()
        height = page.get_size()[1]
        for start in starts:
            for found in re.finditer(re.escape(start), full):
                left, _, _, top = text.get_charbox(found.start())
                end = full.find("\n", found.start())
                end = len(full) if end < 0 else end
                right = max(
                    text.get_charbox(i)[2]
                    for i in range(found.start(), end)
                    if not full[i].isspace()
                )
                x0, x1 = int(left * DPI / 72), int(right * DPI / 72) + 1
                y = int((height - top) * DPI / 72) - 2
                column = pixels[:y, x0:x1].any(axis=1)
                rows = np.flatnonzero(column)
                if rows.size:
                    gaps.append((y - rows[-1]) * 25.4 / DPI)
    return gaps


@pytest.mark.parametrize("path", [SAMPLE, CYNGESHEALL], ids=lambda p: p.name)
def test_captions_stand_a_steady_gap_under_their_figures(path) -> None:
    """Every figure caption starts 1.5-3 mm under the figure's ink (the score board's
    caption once sat 0.3 mm under it, the 1992 'Unfinished.' touched its board)."""
    games = load(path)
    pdf = game_pdf(games, title="sample")
    gaps = _caption_gaps(pdf, ("Diagram ", "Dark: solid line"))
    assert len(gaps) >= 2
    # 3.2 mm and one pixel (0.18 mm at DPI): where a figure floats changes how
    # its edges fall on the pixel grid
    assert all(1.5 <= gap <= 3.2 + 25.4 / DPI for gap in gaps), gaps


@pytest.mark.parametrize(
    "path",
    [SAMPLE, CYNGESHEALL, SAMPLE.parent.parent.parent / "tests" / "records" / "hand-annotated.mrs"],
    ids=lambda p: p.name,
)
def test_generated_text_uses_typographic_apostrophes(path) -> None:
    """Issue 11 item 16: "Instead of Light's 16th move" was set with a straight
    apostrophe. A straight one may come only from the record's own text."""
    from tests.pdf_tools import all_text

    source = path.read_text(encoding="utf-8")
    text = all_text(game_pdf(load(path), title="sample"))
    printed = Counter(re.findall(r"\w+'\w*", text))
    typed = Counter(re.findall(r"\w+'\w*", source))
    assert all(n <= typed[word] for word, n in printed.items()), (printed, typed)
    assert "’s" in text


def test_title_block_says_each_thing_once() -> None:
    """Issue 11 item 16: the title block repeated event, date and players under the
    title and subtitle, and a game without names was headed "Dark – Light"."""
    from maerstanas_print import parse, replay

    doc = document(load()[0])
    labels = [label for label, _ in doc.details]
    assert not {"Event", "Date", "Round", "Dark", "Light"} & set(labels)
    assert doc.title == "Random A – Random B"
    assert "2026.11.21" in doc.subtitle and "round 1" in doc.subtitle
    rules = dict(doc.details)["Rules"]
    assert "Dark (Random A) moves first" in rules
    nameless = replay(parse("1. D4 E4 *").games[0], keep_positions=True)
    assert document(nameless).title == "Mǽrstánas game"
    evented = replay(parse('[Event "Club night"]\n1. D4 E4 *').games[0], keep_positions=True)
    assert document(evented).title == "Club night"


def test_chart_leaders_never_cross_the_move_numbers() -> None:
    """Issue 11 item 16: the dashed leaders from the axis to the special stones ran
    through the move numbers under the axis."""
    from maerstanas_print.draw.shapes import MM_PER_PT, Line, Text, walk
    from maerstanas_print.fonts import text_width_mm
    from maerstanas_print.gamedoc.figures import chart_height, chart_shapes

    doc = document(load()[0])
    height = chart_height(120.0, doc.specials, len(doc.series) - 1)
    chart = chart_shapes(
        doc.series, doc.specials, [f"{label} {move}" for label, move in doc.plies], 120.0, height
    )
    shapes = list(walk([chart]))
    numbers = [
        t for t in shapes if isinstance(t, Text) and t.text.isdigit() and t.anchor == "middle"
    ]
    leaders = [s for s in shapes if isinstance(s, Line) and s.stroke.dash and s.x1 == s.x2]
    assert numbers and leaders
    for t in numbers:
        half = text_width_mm(t.text, t.face, t.size) / 2
        top, bottom = t.y - 0.7 * t.size * MM_PER_PT, t.y
        for line in leaders:
            crosses = (
                t.x - half <= line.x1 <= t.x + half
                and min(line.y1, line.y2) < bottom
                and max(line.y1, line.y2) > top
            )
            assert not crosses, (t.text, line)
