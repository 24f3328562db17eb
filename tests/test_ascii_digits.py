"""Numbers in what a user writes are read in the digits 0-9 only (issue 26,
third re-review item 8): `int()`, `float()`, `str.isdigit()` and a regular
expression's `\\d` also take the digits of other scripts (`١`, `٥`) and `_`
between digits, so `[%eval ١]` was drawn as a value, `--depth ٣` ran three
plies and `released: ٢٠٢٦-...` passed as a date. Each test failed before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_book_sources_untrusted import HEAD, book, refused

from maerstanas_print.cli import main
from maerstanas_print.games.setup_text import read_position
from maerstanas_print.notation.embedded import parse_eval
from maerstanas_print.notation.tags import TagDate
from maerstanas_print.resources import sample_path

SAMPLE = str(sample_path("sample-game.mrs"))


@pytest.mark.parametrize("value", ["١", "+٥,٣", "~-٢", "1_000", "+2,1_0"])
def test_an_eval_in_other_digits_is_no_value(value: str) -> None:
    assert parse_eval(value) is None


def test_an_eval_in_ascii_digits_is_still_read() -> None:
    value = parse_eval("~-2,9")
    assert value is not None and (value.value, value.depth) == (-2, 9)


def test_an_eval_that_is_no_value_is_a_warning_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "e.mrs"
    record.write_text("1. D4 {[%eval ١]} 1... E3 {x [%eval 1_000]} *\n", encoding="utf-8")
    assert main(["check", str(record)]) == 0
    out = capsys.readouterr().out
    assert f"{record}:1:8: warning M407: `[%eval ١]` is not an engine value" in out
    assert f"{record}:1:30: warning M407: `[%eval 1_000]` is not an engine value" in out
    assert main(["check", "--strict", str(record)]) == 1


def test_a_date_tag_in_other_digits_is_not_a_date() -> None:
    assert TagDate.parse("٢٠٢٦.٠١.٠١") is None
    assert TagDate.parse_loose("٢٠٢٦-1-1") is None
    assert TagDate.parse("2026.01.01") is not None


def test_a_released_date_in_other_digits_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head = HEAD.replace("---\n\n", "released: '٢٠٢٦-٠١-٠١'\n---\n\n", 1)
    path = book(tmp_path, "Text.\n", head)
    assert f"{path}:4:11: error R100:" in refused(
        capsys, ["rulebook", "--check", str(path)], "R100"
    )


def test_a_setup_run_in_other_digits_is_refused() -> None:
    with pytest.raises(ValueError):
        read_position("/٧/7/7/7/7/7/7/", 7)
    assert read_position("/7/7/7/7/7/7/7/", 7)


@pytest.mark.parametrize(
    "words",
    [
        ["analyse", SAMPLE, "--depth", "٣"],
        ["analyse", SAMPLE, "--time", "١"],
        ["analyse", SAMPLE, "--budget", "١"],
        ["analyse", SAMPLE, "--budget", "1_0"],
        ["analyse", SAMPLE, "--exact-from", "١"],
        ["game", SAMPLE, "--every", "٣"],
        ["diagram", SAMPLE, "--ply", "٣"],
        ["puzzles", SAMPLE, "--reach", "٣"],
    ],
    ids=lambda words: " ".join(words[2:]),
)
def test_an_option_in_other_digits_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing may be written, but not into the tree
    assert main(words) == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("text", "whole", "decimal"),
    [
        ("3", 3, 3.0),
        (" 3 ", 3, 3.0),
        ("-3", -3, -3.0),
        ("0.5", None, 0.5),
        ("1e2", None, 100.0),
        ("٣", None, None),
        ("1_0", None, None),
        ("nan", None, None),
        ("inf", None, None),
        ("", None, None),
    ],
)
def test_the_readers_of_numbers(text: str, whole: int | None, decimal: float | None) -> None:
    from maerstanas_print.io.numbers import decimal_number, whole_number  # new here

    assert whole_number(text, "--depth") == whole
    assert decimal_number(text) == decimal


@pytest.mark.parametrize("value", ["７", "٧", "1_0"])
def test_a_size_in_millimetres_takes_the_digits_0_to_9(value: str, tmp_path, capsys) -> None:
    """Final re-review: `board --cell-mm ７` (a full-width 7) was read as 7."""
    from maerstanas_print.cli import main

    out = tmp_path / "b.pdf"
    assert main(["board", "--cell-mm", value, "-o", str(out)]) == 2
    assert "--cell-mm must be a positive number" in capsys.readouterr().err
    assert not out.exists()
