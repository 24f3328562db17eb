"""The drawing model and its two backends agree, escape text and are deterministic."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from maerstanas_print.draw.pdf import PdfInfo, render_pdf
from maerstanas_print.draw.shapes import (
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Stroke,
    Text,
    chars_by_face,
    translate,
    walk,
)
from maerstanas_print.draw.svg import num, render_svg
from tests.pdf_tools import all_text, fonts_of, line_segments

SAMPLE = (
    Group(
        (
            Line(10, 10, 60, 10, Stroke("#000000", 0.5, dash=(1.0, 0.5), cap="round")),
            Rect(10, 20, 30, 15, Stroke("#333333", 0.3), "#eeeeee"),
            Circle(80, 30, 8, None, "#1a1a1a"),
            Polyline(((100, 10), (110, 30), (90, 30)), Stroke(), "#ffffff", closed=True),
            Text(10, 50, 'Mǽrstánas <&> "Þó"', 12, "bold", "start"),
            Text(100, 50, "end", 9, "italic", "end"),
        ),
        title="A <sample> & co",
        desc="desc with 'quotes'",
    ),
    Group((Text(50, 70, "middle", 10, anchor="middle"),), title="second"),
)
PAGE = Page(210, 297, SAMPLE, "Sample page")


def test_svg_escapes_text_and_is_well_formed() -> None:
    svg = render_svg(PAGE, "p1", standalone=True)
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.get("viewBox") == "0 0 210 297"
    assert root.get("width") == "210mm"
    assert 'Mǽrstánas &lt;&amp;&gt; "Þó"' in svg
    assert "A &lt;sample&gt; &amp; co" in svg
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[0] == 'Mǽrstánas <&> "Þó"'


def test_svg_ids_unique_and_prefixed() -> None:
    svg = render_svg(PAGE, "p7")
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert len(ids) == len(set(ids))
    assert all(i.startswith("p7-") for i in ids)
    for ref in re.findall(r'aria-labelledby="([^"]+)"', svg):
        assert ref in ids
    assert svg.count("<title") == 3  # the page and the two titled groups


def test_svg_maps_styles() -> None:
    svg = render_svg(PAGE)
    assert 'stroke-dasharray="1 0.5"' in svg and 'stroke-linecap="round"' in svg
    assert "<polygon" in svg and 'font-weight="700"' in svg and 'font-style="italic"' in svg
    assert 'text-anchor="end"' in svg and 'text-anchor="middle"' in svg
    # 12 pt in millimetres
    assert 'font-size="4.233"' in svg


def test_num_formatting() -> None:
    assert num(1.0) == "1" and num(0.1234) == "0.123" and num(-0.0001) == "0"
    assert num(24.5) == "24.5"


def test_pdf_backend_draws_the_same_geometry() -> None:
    pdf = render_pdf([PAGE], PdfInfo("Sample"))
    segments = line_segments(pdf)
    first = segments[0]
    assert abs(first.x1 - 10 * 72 / 25.4) < 0.01
    assert abs(first.y1 - (297 - 10) * 72 / 25.4) < 0.01
    assert abs(first.length - 50 * 72 / 25.4) < 0.01
    assert all(fonts_of(pdf).values())
    text = all_text(pdf)
    assert 'Mǽrstánas <&> "Þó"' in text and "\x00" not in text


def test_outputs_are_deterministic() -> None:
    info = PdfInfo("Sample", keywords=("a", "b"))
    assert render_pdf([PAGE], info) == render_pdf([PAGE], info)
    assert render_svg(PAGE) == render_svg(PAGE)


def test_translate_and_walk() -> None:
    moved = translate(SAMPLE, 5, -5)
    assert len(list(walk(moved))) == len(list(walk(SAMPLE)))
    line = moved[0].children[0]
    assert (line.x1, line.y1) == (15, 5)
    poly = moved[0].children[3]
    assert poly.points[0] == (105, 5)
    faces = chars_by_face(SAMPLE)
    assert set(faces) == {"bold", "italic", "regular"} and "ǽ" in faces["bold"]
