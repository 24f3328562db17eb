"""Board sheets: structure, true scale, fonts, text, looks and the command line."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from maerstanas_print.cli import main
from maerstanas_print.games import MAERSTANAS
from maerstanas_print.sheets.board_sheet import PER_PAGE_GRIDS, BoardSheetOptions, board_sheet
from maerstanas_print.sheets.common import SheetError
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from tests.pdf_tools import (
    MM,
    all_text,
    compare_with_reference,
    line_segments,
    rasterise,
    text_runs,
)
from tests.sheet_checks import (
    assert_fonts_embedded,
    assert_no_missing_glyphs,
    assert_page_size,
    assert_poppler_reads,
)


def build(**kw) -> bytes:
    return sheet_pdf(board_sheet(BoardSheetOptions(**{"game": MAERSTANAS, **kw})))


def measured_cells(pdf: bytes) -> list[float]:
    """Cell sizes (mm) read back from the grid lines in the content stream.

    Grid lines span the whole grid: their length is 7 cells, and the inner
    lines of one board are one cell apart.
    """
    verticals = [s for s in line_segments(pdf) if s.vertical and s.length > 20]
    by_length = Counter(round(s.length, 2) for s in verticals)
    length, count = by_length.most_common(1)[0]
    assert count % 6 == 0  # six inner lines per board
    xs = sorted({round(s.x1, 3) for s in verticals if round(s.length, 2) == length})
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    spacing = min(gaps)
    return [length / 7 * MM, spacing * MM]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", sorted(PER_PAGE_GRIDS))
def test_structure_every_layout(paper: str, per_page: int) -> None:
    sheet = board_sheet(BoardSheetOptions(game=MAERSTANAS, paper=paper, per_page=per_page))
    pdf = sheet_pdf(sheet)
    assert_page_size(pdf, paper)
    assert_fonts_embedded(pdf)
    assert_no_missing_glyphs(sheet)
    text = all_text(pdf)
    assert "Mǽrstánas" in text and "\x00" not in text
    assert "CC BY-SA 4.0" in text and "John Beers" in text
    assert ("Game" in text) == (per_page > 1)
    runs = Counter(r.text for r in text_runs(pdf))
    for label in "ABCDEFG1234567":
        assert runs[label] == 2 * per_page, (label, runs[label])


def test_labels_sit_on_all_four_sides_with_one_on_top() -> None:
    runs = text_runs(build())
    a = sorted((r.y, r.x) for r in runs if r.text == "A")
    ones = sorted((r.x, r.y) for r in runs if r.text == "1")
    sevens = sorted((r.x, r.y) for r in runs if r.text == "7")
    g = sorted((r.y, r.x) for r in runs if r.text == "G")
    assert a[0][0] < a[1][0] - 100  # below and above the grid
    assert ones[0][0] < ones[1][0] - 100  # left and right of the grid
    assert ones[0][1] > sevens[0][1]  # row 1 is higher on the page than row 7 (y up)
    assert g[0][1] > a[0][1]  # G is right of A


@pytest.mark.parametrize(("paper", "per_page", "cell"), [
    ("a4", 1, None), ("a4", 1, 22.5), ("letter", 1, 25.0), ("a4", 4, 11.0),
    ("letter", 9, 6.5), ("a4", 2, 13.0),
])
def test_cell_size_measured_from_the_drawing(paper: str, per_page: int, cell: float | None
                                             ) -> None:
    pdf = build(paper=paper, per_page=per_page, cell=cell)
    expected = 24.0 if cell is None else cell
    for measured in measured_cells(pdf):
        assert abs(measured - expected) < 0.1, (measured, expected)


def test_calibration_bar_is_50_mm() -> None:
    segments = line_segments(build())
    horizontal = [s for s in segments if abs(s.y1 - s.y2) < 1e-6]
    assert any(abs(s.length * MM - 50.0) < 0.05 for s in horizontal)
    assert "exactly 50 mm and each square 24 mm" in all_text(build())


def test_rules_line_optional() -> None:
    assert "four hinges" in all_text(build())
    assert "four hinges" not in all_text(build(rules=False))
    assert "four hinges" not in all_text(build(per_page=12))
    assert "edges join" in all_text(build(variant="wraparound"))


@pytest.mark.parametrize("options", [
    {"cell": 0.0}, {"cell": 80.0}, {"cell": -3.0}, {"cell": float("nan")}, {"per_page": 5},
    {"per_page": 4, "cell": 30.0}, {"cell": 3.0}, {"paper": "a5"}, {"theme": "neon"},
])
def test_bad_options_raise(options: dict) -> None:
    with pytest.raises(SheetError):
        board_sheet(BoardSheetOptions(**{"game": MAERSTANAS, **options}))


def test_deterministic_pdf_and_html() -> None:
    options = BoardSheetOptions(game=MAERSTANAS, per_page=6, variant="wraparound",
                                theme="ink-saver")
    assert sheet_pdf(board_sheet(options)) == sheet_pdf(board_sheet(options))
    assert sheet_html(board_sheet(options)) == sheet_html(board_sheet(options))


def test_generation_is_fast() -> None:
    build()  # warm up: imports and font registration happen once per process
    for per_page in (1, 12):
        start = time.perf_counter()
        build(per_page=per_page)
        sheet_html(board_sheet(BoardSheetOptions(game=MAERSTANAS, per_page=per_page)))
        assert time.perf_counter() - start < 1.0


def test_poppler_opens_it(tmp_path) -> None:
    assert_poppler_reads(tmp_path, build(per_page=4, variant="wraparound"))


@pytest.mark.parametrize(("name", "options"), [
    ("board-a4-1up", {}),
    ("board-wraparound-letter-1up", {"paper": "letter", "variant": "wraparound"}),
    ("boards-a4-6up", {"per_page": 6}),
    ("boards-wraparound-letter-12up-ink-saver",
     {"paper": "letter", "per_page": 12, "variant": "wraparound", "theme": "ink-saver"}),
])
def test_looks_like_the_reviewed_reference(name: str, options: dict) -> None:
    compare_with_reference(rasterise(build(**options), 50), name)


# --- command line ----------------------------------------------------------------


def test_cli_writes_default_name(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["board"]) == 0
    out = tmp_path / "output" / "board-a4-1up.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert "wrote output/board-a4-1up.pdf" in capsys.readouterr().err
    assert main(["board", "--per-page", "6", "--format", "html", "--theme", "ink-saver",
                 "--variant", "wraparound", "--paper", "letter"]) == 0
    assert (tmp_path / "output" / "boards-wraparound-letter-6up-ink-saver.html").exists()


def test_cli_output_file_and_folder(tmp_path) -> None:
    assert main(["board", "-o", str(tmp_path / "x.pdf"), "--cell-mm", "22"]) == 0
    assert (tmp_path / "x.pdf").exists()
    assert main(["board", "-o", str(tmp_path), "--per-page", "4"]) == 0
    assert (tmp_path / "boards-a4-4up.pdf").exists()


def test_cli_stdout(capfdbinary) -> None:
    assert main(["board", "--format", "html", "-o", "-"]) == 0
    out = capfdbinary.readouterr().out
    assert out.startswith(b"<!DOCTYPE html>") and "Mǽrstánas".encode() in out


@pytest.mark.parametrize("argv", [
    ["--cell-mm", "0"], ["--cell-mm", "80"], ["--per-page", "5"], ["--cell-mm", "abc"],
    ["--paper", "a5"], ["--format", "svg"], ["--theme", "neon"], ["--variant", "hex"],
    ["--per-page", "12", "--cell-mm", "9"],
])
def test_cli_bad_input(tmp_path, monkeypatch, capsys, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["board", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("maerstanas-print: "), err
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize(("paper", "per_page"), [("a4", 6), ("letter", 6), ("a4", 4),
                                                 ("letter", 9)])
def test_pencil_board_name_blanks_are_long_enough_to_write_on(paper: str, per_page: int
                                                              ) -> None:
    """Issue 11 item 14: the Dark and Light blanks were about 15 mm long."""
    from maerstanas_print.draw.shapes import Group, Line, walk
    from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet

    sheet = board_sheet(BoardSheetOptions(game=MAERSTANAS, paper=paper, per_page=per_page))
    lines = [g for g in walk(sheet.pages[0].shapes)
             if isinstance(g, Group) and g.title == "Game, Dark player, Light player"]
    assert len(lines) == per_page
    for group in lines:
        blanks = [s for s in group.children if isinstance(s, Line)]
        assert len(blanks) == 3 and min(b.x2 - b.x1 for b in blanks[1:]) >= 20.0


def test_cyngesheall_pencil_boards_carry_the_start_position() -> None:
    """Issue 11 item 14: pencil boards of a movement game start set up."""
    from maerstanas_print.draw.shapes import Group, walk
    from maerstanas_print.games import CYNGESHEALL
    from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet

    sheet = board_sheet(BoardSheetOptions(game=CYNGESHEALL, per_page=4))
    pieces = [g for g in walk(sheet.pages[0].shapes) if isinstance(g, Group) and g.title
              and g.title.startswith(("Dark ", "Light ")) and " on " in g.title]
    assert len(pieces) == 4 * len(CYNGESHEALL.start_stones())


@pytest.mark.parametrize(("paper", "size_pt", "cell"), [("a3", (841.89, 1190.55), "13.5"),
                                                         ("tabloid", (792.0, 1224.0), "13")])
def test_big_paper_for_the_big_board(tmp_path, paper: str, size_pt, cell: str) -> None:
    """Issue 11 (new printables): the 19x19 board on A3 and Tabloid, PDF and HTML."""
    from maerstanas_print.cli import main
    from tests.pdf_tools import reader

    assert main(["board", "--game", "hnefatafl1992", "--paper", paper,
                 "-o", f"{tmp_path}/"]) == 0
    pdf = (tmp_path / f"board-hnefatafl1992-{paper}-1up.pdf").read_bytes()
    box = reader(pdf).pages[0].mediabox
    assert abs(float(box.width) - size_pt[0]) < 0.1 and abs(float(box.height) - size_pt[1]) < 0.1
    assert f"squares {cell} mm" in all_text(pdf)
    assert main(["board", "--paper", paper, "--format", "html", "-o", f"{tmp_path}/"]) == 0
    html = (tmp_path / f"board-{paper}-1up.html").read_text(encoding="utf-8")
    expected = "A3 portrait" if paper == "a3" else "279.4mm 431.8mm"
    assert f"@page {{ size: {expected}; margin: 0; }}" in html
    assert main(["scoresheet", "--paper", paper]) == 2  # boards only
