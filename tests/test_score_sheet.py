"""Score sheets: notation-order layout, structure, fonts, looks, command line."""

from __future__ import annotations

import re
import time
from collections import Counter

import pytest

from maerstanas_print.cli import main
from maerstanas_print.plugins.maerstanas.score_sheet import ROW_H, ScoreSheetOptions, score_sheet
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from tests.pdf_tools import all_text, compare_with_reference, rasterise, text_runs
from tests.sheet_checks import (
    assert_fonts_embedded,
    assert_no_missing_glyphs,
    assert_page_size,
    assert_poppler_reads,
)


@pytest.fixture(scope="module", params=["a4", "letter"])
def paper(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def pdf(paper: str) -> bytes:
    return sheet_pdf(score_sheet(ScoreSheetOptions(paper=paper)))


def test_structure(pdf: bytes, paper: str) -> None:
    assert_page_size(pdf, paper)
    assert_fonts_embedded(pdf)
    assert_no_missing_glyphs(score_sheet(ScoreSheetOptions(paper=paper)))
    text = all_text(pdf)
    assert "\x00" not in text and "Mǽrstánas" in text and "CC BY-SA 4.0" in text


ROWS = {"a4": 34, "letter": 32}  # as many 7 mm rows as the page holds


def test_one_record_per_page_with_every_field(pdf: bytes, paper: str) -> None:
    runs = Counter(r.text for r in text_runs(pdf))
    assert runs["Mǽrstánas"] == 1 and runs["cut here"] == 0
    for field in ("Event", "Site", "Date", "Round", "Dark", "Light", "Special stones",
                  "Scoring", "default", "simple", "wraparound", "on", "off", "Dark:", "Light:",
                  "T", "W", "Pass", "square", "Final position"):
        assert runs[field] >= 1, field
    for row in range(1, ROWS[paper] + 1):
        assert runs[f"{row}."] == 1
    assert runs[f"{ROWS[paper] + 1}."] == 0
    for label in "ABCDEFG1234567":
        assert runs[label] >= 2  # the final-position board, labelled on four sides


def test_two_thunder_lines_not_a_removal_slot_per_ply(pdf: bytes) -> None:
    """Each player has one thunder-stone a game: two lines of four squares, not 50
    (issue 11, item 13)."""
    runs = Counter(r.text for r in text_runs(pdf))
    assert runs["/"] == 2 * 3
    assert runs["Dark: T"] == 1 and runs["Light: T"] == 1


def test_rows_and_boxes_are_big_enough_to_write_in() -> None:
    """7 mm rows as on chess score sheets, tick boxes of 4.5 mm, heads in ink at 8 pt
    (the old sheet: 4.8 mm rows, 3.2 mm boxes, 5.8 pt grey heads)."""
    from maerstanas_print.draw.shapes import Rect, Text, walk

    sheet = score_sheet(ScoreSheetOptions())
    shapes = list(walk(sheet.pages[0].shapes))
    squares = [s for s in shapes if isinstance(s, Rect) and abs(s.w - s.h) < 1e-6]
    assert squares and min(s.w for s in squares) >= 3.5  # the tag choices
    assert Counter(round(s.w, 2) for s in squares).most_common(1)[0][0] >= 4.5  # the plies
    heads = [s for s in shapes if isinstance(s, Text) and s.text in ("T", "W", "Pass", "No.")]
    assert heads and all(s.size >= 8 and s.fill == "#000000" for s in heads)
    numbers = sorted(s.y for s in shapes
                     if isinstance(s, Text) and re.fullmatch(r"\d+\.", s.text))
    assert all(abs(b - a - ROW_H) < 1e-6 for a, b in zip(numbers, numbers[1:], strict=False))
    assert ROW_H >= 7.0


def test_rows_run_in_notation_order(pdf: bytes, paper: str) -> None:
    """Move numbers go down the page, Dark's columns left of Light's."""
    runs = text_runs(pdf)
    ys = [next(r.y for r in runs if r.text == f"{n}.") for n in range(1, ROWS[paper] + 1)]
    assert ys == sorted(ys, reverse=True)  # PDF y grows upwards
    dark = next(r for r in runs if r.text == "Dark" and r.y > ys[0])
    light = next(r for r in runs if r.text == "Light" and abs(r.y - dark.y) < 0.5)
    assert dark.x < light.x
    tags = [next(r.y for r in runs if r.text == t) for t in ("Event", "Site", "Date", "Dark")]
    assert tags == sorted(tags, reverse=True)


def test_deterministic_and_fast() -> None:
    options = ScoreSheetOptions()
    sheet_pdf(score_sheet(options))
    start = time.perf_counter()
    first = sheet_pdf(score_sheet(options))
    html = sheet_html(score_sheet(options))
    assert time.perf_counter() - start < 1.0
    assert first == sheet_pdf(score_sheet(options))
    assert html == sheet_html(score_sheet(options))


def test_html_is_self_contained() -> None:
    html = sheet_html(score_sheet(ScoreSheetOptions(paper="letter")))
    assert "@page { size: letter portrait; margin: 0; }" in html
    assert 'width="215.9mm" height="279.4mm"' in html
    assert "<script" not in html and "http://" not in html.replace(
        "http://www.w3.org/2000/svg", "")
    assert html.count("@font-face") == 3
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))


def test_poppler_opens_it(tmp_path, pdf: bytes) -> None:
    assert_poppler_reads(tmp_path, pdf)


def test_looks_like_the_reviewed_reference(pdf: bytes, paper: str) -> None:
    compare_with_reference(rasterise(pdf, 50), f"scoresheet-{paper}")


def test_cli(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["scoresheet", "--paper", "letter"]) == 0
    assert (tmp_path / "output" / "scoresheet-letter.pdf").read_bytes().startswith(b"%PDF")
    assert main(["scoresheet", "--format", "html", "-o", "s.html"]) == 0
    assert (tmp_path / "s.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    capsys.readouterr()
    assert main(["scoresheet", "--paper", "legal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--paper" in err
