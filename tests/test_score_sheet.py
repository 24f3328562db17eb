"""Score sheets: notation-order layout, structure, fonts, looks, command line."""

from __future__ import annotations

import re
import time
from collections import Counter

import pytest

from maerstanas_print.cli import main
from maerstanas_print.games.maerstanas.score_sheet import ROWS, ScoreSheetOptions, score_sheet
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


def test_two_records_per_page_with_every_field(pdf: bytes) -> None:
    runs = Counter(r.text for r in text_runs(pdf))
    assert runs["Mǽrstánas"] == 2 and runs["cut here"] == 1
    for field in ("Event", "Site", "Date", "Round", "Dark", "Light", "Special stones",
                  "Scoring", "default", "simple", "wraparound", "on", "off", "Dark:", "Light:",
                  "T", "W", "Pass", "square", "removed by thunder", "Final position"):
        assert runs[field] >= 2, field
    for row in range(1, ROWS + 1):
        assert runs[f"{row}."] == 2
    assert runs["/"] == 2 * ROWS * 2 * 3  # x __/__/__/__ in every ply
    for label in "ABCDEFG1234567":
        assert runs[label] >= 4  # the small final-position boards, labelled on four sides


def test_rows_run_in_notation_order(pdf: bytes) -> None:
    """Move numbers go down the page, Dark's columns left of Light's."""
    runs = text_runs(pdf)
    ys = [next(r.y for r in runs if r.text == f"{n}.") for n in range(1, ROWS + 1)]
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
