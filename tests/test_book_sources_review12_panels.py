"""The twelfth review of book sources (issue 26, failure 9): a quick reference's
figure of many panels. The card shrank five or six boards until their coordinates
printed on top of each other (each board about 7 mm wide) while `quickref --check`
passed it, and the outermost panels' labels, centred under their boards, ran past
the card's column. Each case here is measured on the PDF the build writes (pypdfium2's
glyph boxes): the check refuses it (R110, at the figure or the label) and the build
writes nothing, or the build sets it legibly and inside its column. The cases the
check passed and the build set badly failed on the code reviewed.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from maerstanas_print.cli import main
from maerstanas_print.rulebook.card import SIDE_MM, CardGeometry
from tests.layout_rules import MM_PER_PT, Glyph, glyphs

COORDINATES = set("ABCDEFG1234567")
FIGURE_LINE, FIRST_PANEL_LINE = 10, 13


def _source(tmp_path: Path, panels: int, label: str) -> Path:
    """A card of one short chapter and one figure of `panels` boards, all labelled `label`."""
    boards = "".join(f"panel: {label}\nstones: dark D3\n" for _ in range(panels))
    path = tmp_path / "m.md"
    path.write_text(
        "---\ngame: Maerstanas\ntitle: T\n---\n\n# A\n\nx\n\n"
        f"```figure\nid: f\ncaption: c\n{boards}```\n",
        encoding="utf-8",
    )
    return path


def _overlap(a: Glyph, b: Glyph) -> bool:
    return min(a.box[2], b.box[2]) > max(a.box[0], b.box[0]) and min(a.box[3], b.box[3]) > max(
        a.box[1], b.box[1]
    )


def _figure_glyphs(pdf: Path) -> tuple[list[Glyph], list[Glyph], float]:
    """The coordinates and the panel labels of the card's figure, and the page's width
    (pt). The coordinates are the regular 6 pt letters and numbers; the labels the
    9 pt italic line under the boards (the caption and the credit are elsewhere)."""
    page = pdfium.PdfDocument(str(pdf))[0]
    found = glyphs(page)
    figure_top = max(g.box[3] for g in found if g.char in COORDINATES and abs(g.size - 6) < 0.01)
    near = 40 / MM_PER_PT  # the figure's height, and then some
    coordinates = [
        g
        for g in found
        if g.char in COORDINATES and abs(g.size - 6) < 0.01 and figure_top - g.box[1] < near
    ]
    boards_bottom = min(g.box[1] for g in coordinates)
    labels = [g for g in found if abs(g.size - 9) < 0.01 and 0 < boards_bottom - g.box[3] < near]
    return coordinates, labels, page.get_width()


CASES = [
    pytest.param(panels, paper, id=f"{panels}-panels-{paper}")
    for panels, paper in [(4, "a4"), (5, "a4"), (6, "a4"), (4, "letter"), (5, "letter")]
    + [(5, "a3"), (6, "a3"), (6, "tabloid")]
]


def _check_and_build(tmp_path, capsys, path, paper):
    """(the check's exit code, its messages, the card's file): the build must agree."""
    checked = main(["quickref", "--paper", paper, "--check", str(path)])
    check_err = capsys.readouterr().err
    out = tmp_path / "q.pdf"
    built = main(["quickref", "--paper", paper, "--source", str(path), "-o", str(out)])
    build_err = capsys.readouterr().err
    assert checked == built, (check_err, build_err)
    return checked, check_err, out


@pytest.mark.parametrize(("panels", "paper"), CASES)
def test_a_card_sets_a_figure_legibly_or_its_check_refuses_it(
    tmp_path, capsys, panels, paper
) -> None:
    """Five boards on A4 printed with squares under 1 mm: their letters and numbers
    overlapped, and G stood outside the frame, while the check passed."""
    path = _source(tmp_path, panels, "a")
    checked, check_err, out = _check_and_build(tmp_path, capsys, path, paper)
    if checked:
        assert f"m.md:{FIGURE_LINE}:" in check_err and "error R110" in check_err, check_err
        assert "print on top of each other" in check_err
        assert "split it into figures of at most" in check_err
        assert not out.exists()
        return
    coordinates, _, _ = _figure_glyphs(out)
    assert len(coordinates) == 14 * panels  # A-G above and 1-7 beside each board
    pairs = itertools.combinations(coordinates, 2)
    touching = [(a.char, b.char) for a, b in pairs if _overlap(a, b)]
    assert not touching, touching


def test_figures_of_four_boards_still_fit_an_a4_card(tmp_path, capsys) -> None:
    """The limit comes from the coordinates' ink, not a count of panels: four boards
    in a column of A4 are drawn apart and stay allowed, five on A3 too."""
    assert main(["quickref", "--check", str(_source(tmp_path, 4, "a"))]) == 0
    assert main(["quickref", "--paper", "a3", "--check", str(_source(tmp_path, 5, "a"))]) == 0
    capsys.readouterr()


def _columns(paper: str) -> list[tuple[float, float]]:
    """The card's two columns, left and right edge in pt."""
    geometry = CardGeometry.of(paper)
    left = geometry.mm(SIDE_MM)
    right = geometry.width - left - geometry.column
    return [
        (left / MM_PER_PT, (left + geometry.column) / MM_PER_PT),
        (right / MM_PER_PT, (right + geometry.column) / MM_PER_PT),
    ]


@pytest.mark.parametrize(
    ("panels", "paper", "label"),
    [
        (4, "a4", "Wwwwwwwwww"),
        (4, "a4", "Mmmmmmmm"),
        (4, "a4", "abcdefghij"),
        (4, "a3", "Mmmmmmmmmm"),
        (5, "a3", "Wwwwwwwwww"),
        (5, "a3", "abcdefghij"),
    ],
)
def test_panel_labels_stay_inside_the_column_or_are_refused(
    tmp_path, capsys, panels, paper, label
) -> None:
    """The label check gave every panel its board and the gap beside it, but the
    outermost boards have no gap outside them: their labels ran into the gutter or
    past the column's edge, and the check passed."""
    path = _source(tmp_path, panels, label)
    checked, check_err, out = _check_and_build(tmp_path, capsys, path, paper)
    if checked:
        # the first or the last panel's `panel:` line: the outermost labels
        outermost = (FIRST_PANEL_LINE, FIRST_PANEL_LINE + 2 * (panels - 1))
        assert any(f"m.md:{line}:8:" in check_err for line in outermost), check_err
        assert "error R110" in check_err, check_err
        # one decimal, the width rounded up and the room down: never "33 mm ... 33 mm"
        found = re.search(r"is (\d+\.\d) mm wide, and its board leaves it (\d+\.\d) mm", check_err)
        assert found is not None, check_err
        assert float(found[1]) > float(found[2])
        assert not out.exists()
        return
    _, labels, _ = _figure_glyphs(out)
    assert len(labels) == panels * len(label)
    outside = [
        g.char
        for g in labels
        if not any(left <= g.box[0] and g.box[2] <= right for left, right in _columns(paper))
    ]
    assert not outside, outside
