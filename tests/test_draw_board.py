"""The board description: geometry, labels, stones, marks, themes."""

from __future__ import annotations

import dataclasses

import pytest

from maerstanas_print.draw.board import (
    ALL_SIDES,
    THEMES,
    BoardSpec,
    Mark,
    Stone,
    board_shapes,
    describe,
    stone_shape,
)
from maerstanas_print.draw.pdf import PdfInfo, render_pdf
from maerstanas_print.draw.shapes import (
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Text,
    walk,
)
from maerstanas_print.draw.svg import render_svg
from maerstanas_print.games.maerstanas.engine import DARK, LIGHT, parse_square
from tests.golden_images import assert_looks_approved
from tests.pdf_tools import rasterise


def squares(*names: str) -> list[int]:
    return [parse_square(n) for n in names]  # type: ignore[misc]


def test_size_and_origin() -> None:
    spec = BoardSpec(cell=20)
    w, h = spec.size()
    outline = spec.grid_width * 0.3  # the outer half of the band's outline
    assert w == h == pytest.approx(7 * 20 + 2 * spec.band + 2 * outline)
    assert spec.grid_origin(10, 10) == pytest.approx((10 + spec.band + outline,) * 2)
    bare = BoardSpec(cell=20, labels=frozenset())
    half_frame = bare.frame_width / 2  # the frame line's outer half is in the box
    assert bare.size() == pytest.approx((140 + 2 * half_frame,) * 2)


def test_every_line_stays_inside_the_board_box() -> None:
    """No stroke reaches past the box `size` gives (issue 11, item 1: HTML figures
    were clipped through the frame on the right and bottom)."""
    for spec in (
        BoardSpec(cell=10, labels=frozenset()),
        BoardSpec(cell=10, labels=frozenset(("top", "left"))),
        BoardSpec(cell=10, labels=frozenset(("top", "left")), variant="wraparound"),
        BoardSpec(cell=10, labels=frozenset(("top", "left")), squares=19, window=(3, 3, 6, 5)),
    ):
        w, h = spec.size()
        for shape in walk([board_shapes(spec, 0, 0)]):
            if isinstance(shape, Line):
                grow = shape.stroke.width / 2
                xs, ys = (shape.x1, shape.x2), (shape.y1, shape.y2)
                assert min(xs) - grow >= -1e-6 and max(xs) + grow <= w + 1e-6, (spec, shape)
                assert min(ys) - grow >= -1e-6 and max(ys) + grow <= h + 1e-6, (spec, shape)


def test_grid_lines_are_cell_apart() -> None:
    board = board_shapes(BoardSpec(cell=12.5), 0, 0)
    verticals = sorted({s.x1 for s in walk([board]) if isinstance(s, Line) and s.x1 == s.x2})
    gaps = {round(b - a, 9) for a, b in zip(verticals, verticals[1:], strict=False)}
    assert gaps == {12.5} and len(verticals) == 6


def test_labels_on_all_sides_row_one_on_top() -> None:
    spec = BoardSpec(cell=10)
    texts = [s for s in walk([board_shapes(spec, 0, 0)]) if isinstance(s, Text)]
    for label in "ABCDEFG1234567":
        assert sum(t.text == label for t in texts) == 2
    one = [t for t in texts if t.text == "1"]
    seven = [t for t in texts if t.text == "7"]
    assert one[0].y < seven[0].y  # 1 at the top
    only_top = BoardSpec(cell=10, labels=frozenset({"top"}))
    texts = [s for s in walk([board_shapes(only_top, 0, 0)]) if isinstance(s, Text)]
    assert sorted(t.text for t in texts) == list("ABCDEFG")


def test_stones_drawn_by_kind_and_side() -> None:
    d4, e3, c5, a1 = squares("D4", "E3", "C5", "A1")
    spec = BoardSpec(
        cell=20,
        stones={
            d4: Stone(DARK),
            e3: Stone(LIGHT),
            c5: Stone(DARK, "thunder"),
            a1: Stone(LIGHT, "woden"),
        },
        marks={d4: Mark("number", "12"), e3: Mark("dot"), parse_square("B2"): Mark("cross")},
    )
    board = board_shapes(spec, 0, 0)
    titles = [g.title for g in walk([board]) if isinstance(g, Group) and g.title]
    assert "Dark stone on D4" in titles
    assert "Light stone on E3" in titles
    assert "Dark thunder-stone on C5" in titles
    assert "Light Woden-stone on A1" in titles
    assert "B2 emptied" in titles
    texts = [s for s in walk([board]) if isinstance(s, Text)]
    twelve = next(t for t in texts if t.text == "12")
    assert twelve.fill == "#ffffff"  # a number on a Dark stone is white
    assert describe(spec) == "Dark: D4, C5 (thunder-stone). Light: A1 (Woden-stone), E3."


def test_special_stones_differ_in_shape_not_only_colour() -> None:
    def outline_kinds(kind: str) -> tuple[str, ...]:
        group = stone_shape(Stone(LIGHT, kind), 0, 0, 20)  # type: ignore[arg-type]
        return tuple(type(c).__name__ for c in group.children)

    standard, thunder, woden = (outline_kinds(k) for k in ("standard", "thunder", "woden"))
    assert standard == ("Circle",)
    assert thunder[0] == "Polyline" and "Group" in thunder  # star outline + rune
    assert woden[:2] == ("Circle", "Circle") and "Group" in woden  # double ring + rune


def test_ink_saver_has_no_filled_areas() -> None:
    spec = BoardSpec(
        cell=15,
        theme="ink-saver",
        variant="wraparound",
        stones={
            0: Stone(DARK),
            1: Stone(DARK, "thunder"),
            2: Stone(DARK, "woden"),
            3: Stone(LIGHT),
            4: Stone(LIGHT, "thunder"),
        },
    )
    for shape in walk([board_shapes(spec, 0, 0)]):
        if isinstance(shape, Rect | Circle | Polyline):
            # white paper under a ring or a numeral costs no ink
            assert shape.fill in (None, "#ffffff"), shape
    assert THEMES["ink-saver"].dark_fill is None


def test_wraparound_marks_every_edge_square() -> None:
    wrap = board_shapes(BoardSpec(cell=20, variant="wraparound"), 0, 0)
    marks = next(g for g in walk([wrap]) if isinstance(g, Group) and g.title == "Wraparound edges")
    assert len(marks.children) == 28
    plain = board_shapes(BoardSpec(cell=20), 0, 0)
    assert not any(isinstance(g, Group) and g.title == "Wraparound edges" for g in walk([plain]))


def test_spec_is_a_plain_dataclass() -> None:
    spec = BoardSpec()
    assert dataclasses.replace(spec, cell=10).cell == 10 and spec.labels == ALL_SIDES


@pytest.fixture(scope="module")
def stones_page() -> Page:
    cells = {
        parse_square("B2"): Stone(DARK),
        parse_square("C2"): Stone(LIGHT),
        parse_square("B4"): Stone(DARK, "thunder"),
        parse_square("C4"): Stone(LIGHT, "thunder"),
        parse_square("B6"): Stone(DARK, "woden"),
        parse_square("C6"): Stone(LIGHT, "woden"),
        parse_square("E2"): Stone(DARK),
    }
    marks = {
        parse_square("E2"): Mark("number", "7"),
        parse_square("F2"): Mark("cross"),
        parse_square("E4"): Mark("dot"),
    }
    print_board = board_shapes(BoardSpec(cell=12, stones=cells, marks=marks), 5, 5)
    ink = board_shapes(
        BoardSpec(cell=12, stones=cells, theme="ink-saver", variant="wraparound"), 5, 105
    )
    return Page(105, 205, (print_board, ink), "Stones test page")


@pytest.mark.golden
def test_stones_raster_looks_as_approved(stones_page: Page) -> None:
    pdf = render_pdf([stones_page], PdfInfo("stones"))
    assert_looks_approved(rasterise(pdf, 72), "board-stones", blur=0)


def test_stones_svg_and_pdf_share_geometry(stones_page: Page) -> None:
    svg = render_svg(stones_page)
    assert svg.count("<circle") == sum(isinstance(s, Circle) for s in walk(stones_page.shapes))
    assert svg.count("<polygon") == sum(
        isinstance(s, Polyline) and s.closed for s in walk(stones_page.shapes)
    )


@pytest.mark.parametrize("cell", [4.3, 6.0, 10.0, 24.0])
def test_number_badges_stay_inside_their_square(cell: float) -> None:
    """Issue 11 item 10: badges sat on the grid crossing at a square's corner and
    collided with the neighbours' marks; item 9: 1992 numerals fell to 4.9 pt."""
    from maerstanas_print.draw import overlays
    from maerstanas_print.draw.shapes import Circle, Text

    spec = BoardSpec(cell=cell, labels=frozenset())
    square = 3 * 7 + 3  # D4
    gx, gy = spec.grid_origin(0, 0)
    left, top = gx + 3 * cell, gy + 3 * cell
    for number in ("7", "18", "123"):
        parts = list(walk([overlays.badge(spec, 0, 0, square, number)]))
        disc = next(p for p in parts if isinstance(p, Circle))
        reach = disc.r + disc.stroke.width / 2
        assert left <= disc.cx - reach and disc.cx + reach <= left + cell, (cell, number)
        assert top <= disc.cy - reach and disc.cy + reach <= top + cell, (cell, number)
        text = next(p for p in parts if isinstance(p, Text))
        assert text.size >= 6.0


def test_far_side_coordinates_are_turned_for_the_opposite_player() -> None:
    """Issue 11 item 11: the docs promised coordinates the player across the table
    can read; the top and right ones were printed the same way up as the others.
    A book diagram labelled on the top and left only keeps them upright."""
    from maerstanas_print.draw.shapes import Text
    from maerstanas_print.draw.svg import render_svg as svg_of

    spec = BoardSpec(cell=20)
    gx, gy = spec.grid_origin(0, 0)
    texts = [t for t in walk([board_shapes(spec, 0, 0)]) if isinstance(t, Text)]
    top = [t for t in texts if t.y < gy]
    right = [t for t in texts if t.x > gx + spec.side]
    bottom = [t for t in texts if t.y > gy + spec.side]
    left = [t for t in texts if t.x < gx]
    assert len(top) == len(right) == len(bottom) == len(left) == 7
    assert all(t.turned for t in top + right) and not any(t.turned for t in bottom + left)
    page = Page(200, 200, (board_shapes(spec, 0, 0),))
    assert svg_of(page).count('transform="rotate(180 ') == 14
    book = BoardSpec(cell=20, labels=frozenset(("top", "left")))
    assert not any(t.turned for t in walk([board_shapes(book, 0, 0)]) if isinstance(t, Text))


def test_turned_text_is_turned_in_the_pdf() -> None:
    from maerstanas_print.draw.pdf import PdfInfo, render_pdf
    from maerstanas_print.draw.shapes import Text
    from tests.pdf_tools import reader

    page = Page(100, 100, (Text(50, 50, "A", 12, "regular", "middle", "#000000", turned=True),))
    pdf = render_pdf([page], PdfInfo("t", "s"))
    data = reader(pdf).pages[0].get_contents().get_data()
    assert b"-1 0 0 -1 " in data and b" Tm" in data  # a half-turned text matrix


def test_window_cut_sides_are_thin_and_run_on_everywhere() -> None:
    """Issue 11 item 8: a 1992 window drew its cut top side with the heavy ring frame
    and only the bottom ran on. Heavy lines only where the board ends; dashed
    run-outs on every cut side, labelled or not."""
    from maerstanas_print.draw.board import spec_for_game
    from maerstanas_print.games import HNEFATAFL_1992

    spec = spec_for_game(
        HNEFATAFL_1992, cell=6.0, labels=frozenset(("top", "left")), window=(10, 1, 9, 11)
    )  # K2 to S12: cut top, left and bottom
    assert spec.cut() == {"top", "left", "bottom"}
    gx, gy = spec.grid_origin(0, 0)
    w, h = spec.grid_size
    lines = [s for s in walk([board_shapes(spec, 0, 0)]) if isinstance(s, Line)]
    heavy = [s for s in lines if s.stroke.width >= spec.frame_width * 0.79]
    on_side = {
        "top": lambda s: abs(s.y1 - gy) < 1e-6 and abs(s.y2 - gy) < 1e-6,
        "bottom": lambda s: abs(s.y1 - gy - h) < 1e-6 and abs(s.y2 - gy - h) < 1e-6,
        "left": lambda s: abs(s.x1 - gx) < 1e-6 and abs(s.x2 - gx) < 1e-6,
    }
    for side, test in on_side.items():
        assert not [s for s in heavy if test(s)], side
    dashed = [s for s in lines if s.stroke.dash]
    assert any(s.y1 < gy - 1e-6 or s.y2 < gy - 1e-6 for s in dashed)  # top run-outs
    assert any(s.x1 < gx - 1e-6 for s in dashed)  # left
    assert any(max(s.y1, s.y2) > gy + h + 1e-6 for s in dashed)  # bottom
    assert any(
        abs(s.x1 - gx - w) < 1e-6 and s.stroke.width >= spec.frame_width * 0.99 for s in heavy
    )  # the real right edge keeps its frame


def test_kings_hide_the_special_square_under_them() -> None:
    """Issue 11 item 9: the king's ring crossed the throne outline (1992) and the
    corner outlines (Cyngesheall): the outer ring is now filled with paper."""
    from maerstanas_print.draw.board import Stone, stone_shape

    for kind in ("king", "woden"):
        for theme in ("print", "ink-saver"):
            rings = [
                s
                for s in stone_shape(Stone(DARK, kind), 0, 0, 10, theme).children
                if isinstance(s, Circle)
            ]
            outer = max(rings, key=lambda c: c.r)
            assert outer.fill == "#ffffff", (kind, theme)


@pytest.mark.parametrize("cell", [5.0, 8.0, 24.0])
def test_wraparound_chevrons_keep_clear_of_the_coordinates(cell: float) -> None:
    """Issue 11 item 16: the chevrons astride the frame crowded the coordinates."""
    from maerstanas_print.draw.shapes import MM_PER_PT, Polyline, Text
    from maerstanas_print.fonts import text_width_mm

    spec = BoardSpec(cell=cell, variant="wraparound")
    shapes = list(walk([board_shapes(spec, 0, 0)]))
    chevrons = [s for s in shapes if isinstance(s, Polyline) and len(s.points) == 3]
    labels = [t for t in shapes if isinstance(t, Text)]
    assert len(chevrons) == 28 and len(labels) == 28
    for t in labels:
        half_w = text_width_mm(t.text, t.face, t.size) / 2
        cap = 0.68 * t.size * MM_PER_PT
        y0, y1 = (t.y, t.y + cap) if t.turned else (t.y - cap, t.y)
        for c in chevrons:
            grow = c.stroke.width / 2 + 0.9  # and air: the old gap was 0.4-0.9 mm
            xs = [p[0] for p in c.points]
            ys = [p[1] for p in c.points]
            apart = (
                max(xs) + grow < t.x - half_w
                or min(xs) - grow > t.x + half_w
                or max(ys) + grow < y0
                or min(ys) - grow > y1
            )
            assert apart, (cell, t.text, c.points)


def test_move_numbers_never_below_six_points() -> None:
    """Issue 11 item 9: 1992 numerals were 4.9 pt in 4.3 mm squares."""
    from maerstanas_print.draw.board import Mark, Stone
    from maerstanas_print.draw.shapes import Text

    spec = BoardSpec(
        cell=4.3,
        squares=19,
        stones={0: Stone(DARK), 1: Stone(LIGHT)},
        marks={0: Mark("number", "12"), 1: Mark("number", "123")},
    )
    gx, gy = spec.grid_origin(0, 0)
    numbers = [
        t
        for t in walk([board_shapes(spec, 0, 0)])
        if isinstance(t, Text)
        and t.text in ("12", "123")
        and gx < t.x < gx + spec.side
        and gy < t.y
    ]
    assert len(numbers) == 2 and min(t.size for t in numbers) >= 6.0
