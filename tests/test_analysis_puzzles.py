"""Puzzles: uniqueness checked by the naive solver, and the book as PDF and HTML."""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print import parse, replay
from maerstanas_print.cli import main
from maerstanas_print.games.maerstanas.analysis.puzzles import find_puzzles
from maerstanas_print.games.maerstanas.engine import DARK
from tests.analysis_helpers import ending_record
from tests.pdf_tools import all_text, fonts_of, reader
from tests.test_analysis_search import naive_move_values


def _puzzles(seed: int, margin: int = 2):
    text, _ = ending_record(6, seed=seed)
    (game,) = [replay(g, keep_positions=True) for g in parse(text).games]
    return text, find_puzzles(game, "ending.mrs", margin=margin, reach=6, core="python")


@pytest.mark.parametrize("seed, margin", [(1, 2), (22, 2), (9, 3)])
def test_every_puzzle_has_one_best_move_by_the_margin(seed: int, margin: int) -> None:
    _, puzzles = _puzzles(seed, margin)
    assert puzzles
    for puzzle in puzzles:
        values = naive_move_values(puzzle.position)
        sign = 1 if puzzle.position.turn == DARK else -1
        ranked = sorted((sign * v for v in values.values()), reverse=True)
        assert ranked[0] == puzzle.value
        assert ranked[1] <= ranked[0] - margin
        (best,) = [m for m, v in values.items() if sign * v == ranked[0]]
        assert puzzle.solution[0] == best


def test_a_position_with_two_best_moves_is_no_puzzle() -> None:
    _, loose = _puzzles(1, margin=1)
    _, strict = _puzzles(1, margin=2)
    for puzzle in loose:
        values = naive_move_values(puzzle.position)
        assert (
            list(values.values()).count(
                max(values.values()) if puzzle.position.turn == DARK else min(values.values())
            )
            == 1
        )
    assert len(strict) <= len(loose)


def test_puzzle_book_pdf_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, puzzles = _puzzles(22)
    record = tmp_path / "ending.mrs"
    record.write_text(text, encoding="utf-8")
    pdf_path = tmp_path / "book.pdf"
    assert (
        main(["puzzles", str(record), "-o", str(pdf_path), "--reach", "6", "--core", "python"]) == 0
    )
    assert capsys.readouterr().err == f"{pdf_path}: {len(puzzles)} puzzles\n"
    pdf = pdf_path.read_bytes()
    assert fonts_of(pdf) and all(fonts_of(pdf).values())  # every font embedded
    meta = reader(pdf).metadata  # Author names people; the tool is the Creator
    assert meta is not None and meta.get("/Author") == "John Beers (game)"
    assert meta.get("/Creator") == "maerstanas_print"
    words = all_text(pdf)
    for number, puzzle in enumerate(puzzles, 1):
        assert f"{number}. {puzzle.side} to play" in words
        assert f"Goal: {puzzle.goal()}" in words
        assert f"{number}. {' '.join(puzzle.solution_text())}" in words
    assert words.index("Answers") > words.index(f"{len(puzzles)}. {puzzles[-1].side} to play")
    html_path = tmp_path / "book.html"
    assert (
        main(["puzzles", str(record), "-o", str(html_path), "--reach", "6", "--core", "python"])
        == 0
    )
    html = html_path.read_text(encoding="utf-8")
    assert html.count("<figure") == len(puzzles) and html.count("<svg") == len(puzzles)
    assert "John Beers" in html


def test_puzzles_refuses_bad_output_and_an_empty_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = ending_record(6, seed=2)
    record = tmp_path / "ending.mrs"
    record.write_text(text, encoding="utf-8")
    assert main(["puzzles", str(record), "-o", str(tmp_path / "book.txt")]) == 2
    assert "written to a .pdf or .html file" in capsys.readouterr().err
    assert (
        main(
            [
                "puzzles",
                str(record),
                "-o",
                str(tmp_path / "b.pdf"),
                "--margin",
                "40",
                "--core",
                "python",
            ]
        )
        == 1
    )
    assert "no position in these games makes a puzzle" in capsys.readouterr().err
    assert not (tmp_path / "b.pdf").exists()


@pytest.fixture(scope="module")
def book_html(tmp_path_factory) -> Path:
    text, _ = ending_record(6, seed=22)
    folder = tmp_path_factory.mktemp("puzzles")
    record = folder / "ending.mrs"
    record.write_text(text, encoding="utf-8")
    assert (
        main(
            [
                "puzzles",
                str(record),
                "-o",
                str(folder / "book.html"),
                "--reach",
                "6",
                "--core",
                "python",
            ]
        )
        == 0
    )
    return folder / "book.html"


def test_puzzle_book_html_is_valid_html5(book_html: Path) -> None:
    from tests.html_checker import html_errors

    assert html_errors(book_html) == ""


@pytest.mark.browser
def test_puzzle_book_renders_in_chromium(browser, book_html: Path) -> None:
    from tests.browser_support import open_page

    context, page, messages = open_page(browser, book_html)
    try:
        assert messages == []
        sizes = page.evaluate(
            "[...document.querySelectorAll('figure svg')].map(s => s.getBoundingClientRect().width)"
        )
        assert sizes and all(width > 150 for width in sizes)  # about 60 mm each
        captions = page.evaluate(
            "[...document.querySelectorAll('figcaption')].map(c => c.textContent)"
        )
        assert all(" to play" in c and "Goal: " in c for c in captions)
    finally:
        context.close()
