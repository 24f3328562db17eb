"""Bounded work on hostile input (issue 26, root causes 8-10).

- `import` stops reading its list at `MAX_IMPORT_CHARS`: blank lines, one
  endless line or endless standard input are refused after that much, never
  held whole;
- the value chart has at most `MAX_VALUE_GRIDLINES` gridlines a side and
  keeps every dot in the plot, whatever values a record's `[%eval]` claims;
- analysis has a budget for the whole run (`--budget`) that leaves the rest
  marked as not analysed; `--depth` searches stop at a node cap; the
  messages name the real limits.

The tests use small limits, a clock that the test moves, and node counts:
nothing here waits for the machine.
"""

from __future__ import annotations

import functools
import io
import json
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from tests.record_helpers import SAMPLE

# --- 8: import streams within its limit -----------------------------------------


class _EndlessStdin:
    """Standard input that never ends, counting what was taken from it."""

    def __init__(self, unit: bytes) -> None:
        self.unit = unit
        self.taken = 0
        self.buffer = self

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no file descriptor")

    def read(self, size: int = -1) -> bytes:
        size = 2**16 if size is None or size < 0 else size
        block = (self.unit * (size // len(self.unit) + 1))[:size]
        self.taken += len(block)
        return block


@pytest.mark.parametrize("unit", [b"\n", b"x", b"ab ", b"\r\n \t"], ids=repr)
def test_import_stops_reading_endless_input_at_its_limit(
    unit: bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(limits, "MAX_IMPORT_CHARS", 100_000, raising=False)
    stdin = _EndlessStdin(unit)
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["import", "-"]) == 1
    assert stdin.taken <= 100_000 + 2 * 2**16  # what was read past the limit: one block
    err = capsys.readouterr().err
    assert err == (
        "maerstanas-print: <stdin>: more than 100,000 characters; "
        "a move list copied from the apps is a few kilobytes\n"
    )


@pytest.mark.parametrize(
    "text", ["\n" * 300_000, "x" * 300_000, "ab " * 100_000, "1. D4 - standard stone\n" * 15_000]
)
def test_import_refuses_a_file_past_its_limit(
    tmp_path: Path,
    text: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(limits, "MAX_IMPORT_CHARS", 200_000, raising=False)
    log = tmp_path / "log.txt"
    log.write_text(text, encoding="utf-8")
    assert main(["import", str(log)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "more than 200,000 characters" in captured.err


def test_import_default_limit_is_a_mebibyte() -> None:
    assert getattr(limits, "MAX_IMPORT_CHARS", None) == 2**20


# --- 9: value charts bounded whatever the values -----------------------------------


def _value_chart(values: list[int]):
    from maerstanas_print.draw.shapes import Circle, Line
    from maerstanas_print.gamedoc.figures import evaluation_shapes
    from maerstanas_print.notation.embedded import EngineValue

    chart = evaluation_shapes(
        [EngineValue(v, True) for v in values], [f"ply {i}" for i in range(len(values))], 150, 64
    )

    def walk(shape) -> Iterator[object]:
        yield shape
        for child in getattr(shape, "shapes", ()) or getattr(shape, "children", ()):
            yield from walk(child)

    shapes = list(walk(chart))
    lines = [s for s in shapes if isinstance(s, Line)]
    dots = [s for s in shapes if isinstance(s, Circle)]
    return lines, dots


@pytest.mark.parametrize(
    "values",
    [[999999, -999999], [999999], [-999999], [51, -3], [123456, 7, -654321, 0], [60] * 40],
    ids=["both", "up", "down", "just-past-50", "mixed", "many"],
)
def test_value_chart_has_a_fixed_most_gridlines(values: list[int]) -> None:
    lines, dots = _value_chart(values)
    horizontal = [line for line in lines if line.y1 == line.y2]
    assert len(horizontal) <= 2 * 5 + 1
    grid_top = min(line.y1 for line in horizontal)
    grid_bottom = max(line.y1 for line in horizontal)
    plotted = [d for d in dots if d.r < 0.61][: len(values)]  # the legend's dots come last
    assert all(grid_top - 1e-6 <= d.cy <= grid_bottom + 1e-6 for d in plotted)


def test_value_chart_is_unchanged_for_the_values_games_have() -> None:
    from maerstanas_print.gamedoc import figures

    def before(largest: int) -> tuple[int, int]:  # the rule before the bound
        step = 1 if largest <= 3 else 2 if largest <= 8 else 5 if largest <= 25 else 10
        return -(-largest // step) * step, step

    assert all(figures.value_axis(v) == before(v) for v in range(2, 51))


def test_a_53_byte_record_gives_a_small_page(tmp_path: Path) -> None:
    record = tmp_path / "eval.mrs"
    record.write_text("1. D4 {[%eval +999999]} 1... E3 {[%eval -999999]} *\n", encoding="utf-8")
    page = tmp_path / "eval.html"
    assert main(["game", str(record), "--format", "html", "-o", str(page)]) == 0
    assert page.stat().st_size < 400_000  # 34.6 MB before the bound


# --- 10: analysis bounded overall -----------------------------------------------------


class _Clock:
    """A clock that moves `tick` seconds each time it is read."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def _budget_clock(monkeypatch: pytest.MonkeyPatch, tick: float) -> None:
    from maerstanas_print.games.maerstanas.analysis import budget
    from maerstanas_print.plugins.maerstanas.commands import analyse

    made = functools.partial(budget.RunBudget, clock=_Clock(tick))
    monkeypatch.setattr(analyse, "RunBudget", made)


def test_analyse_leaves_what_the_budget_does_not_cover_marked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _budget_clock(monkeypatch, 1.0)
    args = ["analyse", str(SAMPLE), "--depth", "1", "--exact-from", "0", "--core", "python"]
    assert main([*args, "--budget", "12", "--json"]) == 0
    captured = capsys.readouterr()
    plies = json.loads(captured.out)["games"][0]["plies"]
    missing = [p["ply"] for p in plies if p["value_before"] is None]
    assert missing and missing == list(range(1, len(missing) + 1))  # the first plies
    assert all(p["value_after"] is not None for p in plies[len(missing) :])
    assert f"{len(missing)} positions not analysed: the --budget of 12 s ran out" in captured.err
    assert main([*args, "--budget", "12"]) == 0
    text = capsys.readouterr().out
    assert text.count("not analysed (--budget ran out)") == len(missing)


def test_annotate_marks_where_the_budget_ran_out_and_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _budget_clock(monkeypatch, 1.0)
    out = tmp_path / "annotated.mrs"
    args = ["annotate", str(SAMPLE), "--depth", "1", "--exact-from", "0", "--core", "python"]
    assert main([*args, "--budget", "12", "-o", str(out)]) == 0
    text = " ".join(out.read_text(encoding="utf-8").split())
    assert text.count("Engine: not analysed up to here") == 1
    assert 0 < text.count("[%eval") < 40
    assert main(["check", str(out)]) == 0
    assert "not analysed" in capsys.readouterr().err


def test_puzzles_stop_at_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _budget_clock(monkeypatch, 100.0)  # spent at the first look
    book = tmp_path / "p.html"
    code = main(["puzzles", str(SAMPLE), "--budget", "1", "-o", str(book), "--core", "python"])
    assert code == 1 and not book.exists()
    assert "not searched to the end" in capsys.readouterr().err


def _alarm(seconds: int) -> None:
    """A guard for the code before the caps: a search that never ends fails."""

    def stop(*args: object) -> None:
        raise TimeoutError("the search ran on past its cap")

    signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)


def test_depth_stops_at_its_node_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    from maerstanas_print import parse
    from maerstanas_print.games.maerstanas.analysis import review
    from maerstanas_print.play.verify import replay

    monkeypatch.setattr(review, "DEPTH_NODE_CAP", 1_500, raising=False)
    monkeypatch.setitem(review.EXACT_NODE_CAP, "python", 1_500)  # the end's exact attempt
    game = replay(parse("1. D4 *\n").games[0], keep_positions=True)
    _alarm(60)
    try:
        result = review.review_game(game, depth=30, exact_from=0, core="python")
    finally:
        signal.alarm(0)
    for evaluation in (result.plies[0].before, result.final):
        assert not evaluation.exact and evaluation.depth < 30
        assert evaluation.nodes <= 2 * 1_500 + 1_000  # the search, then its line
    again = review.review_game(game, depth=30, exact_from=0, core="python")
    assert [p.before.value for p in again.plies] == [p.before.value for p in result.plies]


def test_budget_turns_remaining_time_into_nodes() -> None:
    from maerstanas_print.games.maerstanas.analysis.budget import RunBudget

    clock = _Clock(0.0)
    budget = RunBudget(10.0, "python", clock=clock)
    budget.begin()
    assert budget.seconds_for(0.5) == 0.5 and budget.nodes_for(None) == 300_000
    clock.now = 4.0
    budget.record(4_000_000)  # 1,000,000 nodes a second, measured
    assert budget.nodes_for(2_000_000) == 2_000_000 and budget.nodes_for(None) == 6_000_000
    clock.now = 11.0
    assert budget.spent and budget.seconds_for(0.5) == 0.0 and budget.nodes_for(5) == 1
    assert RunBudget(None).nodes_for(7) == 7 and not RunBudget(None).spent


@pytest.mark.parametrize(
    "option, value, limit",
    [("--time", "4000", "at most 3,600"), ("--budget", "100000", "at most 86,400")],
)
def test_messages_name_the_real_limits(
    option: str, value: str, limit: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("analyse", "annotate"):
        assert main([command, str(SAMPLE), option, value]) == 2
        assert limit in capsys.readouterr().err


def test_the_limits_are_documented() -> None:
    docs = (Path(__file__).parent.parent / "docs" / "errors.md").read_text(encoding="utf-8")
    for words in ("--budget", "3,600", "86,400", "1 MiB", "`--fix`", "2,000,000 nodes"):
        assert words in docs, words
