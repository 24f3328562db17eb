"""Runes are strokes in a unit box, identical in PDF and SVG."""

from __future__ import annotations

from maerstanas_print.draw.runes import OS, RUNES, THORN, rune_shapes
from maerstanas_print.draw.shapes import Page, Polyline
from maerstanas_print.draw.svg import render_svg
from maerstanas_print.fonts import missing_glyphs


def test_runes_fit_their_box() -> None:
    assert set(RUNES) == {"\u16a6", "\u16a9"}
    for rune in RUNES.values():
        for stroke in rune.strokes:
            assert len(stroke) >= 2
            for x, y in stroke:
                assert 0 <= x <= rune.width and 0 <= y <= 1


def test_rune_shapes_are_centred_and_scaled() -> None:
    group = rune_shapes(THORN.char, 50, 40, 10, "#000000")
    points = [p for child in group.children for p in child.points]  # type: ignore[union-attr]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert min(ys) == 35 and max(ys) == 45
    assert abs((min(xs) + max(xs)) / 2 - 50) < 1e-9
    assert all(isinstance(c, Polyline) for c in group.children)
    assert group.children[0].stroke.cap == "round"  # type: ignore[union-attr]


def test_runes_differ() -> None:
    assert THORN.strokes != OS.strokes and len(OS.strokes) == 3


def test_rune_svg_has_title_when_asked() -> None:
    svg = render_svg(Page(20, 20, (rune_shapes(OS.char, 10, 10, 8, "#000", titled=True),)))
    assert "ᚩ (ós rune)" in svg and svg.count("<polyline") == 3


def test_cardo_placeholder_rune_is_reported_missing() -> None:
    # Why runes are strokes: Cardo's ᚩ is a boxed placeholder, its ᚦ is real.
    assert missing_glyphs("ᚩ") == ["ᚩ"]
    assert missing_glyphs("ᚦ Mǽrstánas Þó") == []
