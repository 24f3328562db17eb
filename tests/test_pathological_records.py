"""Records built to be slow or deep: a megabyte comment, thousands of nested
or sibling variations, megabyte lines. Every command answers with a result or a
diagnostic, never a hang or a RecursionError, and its work grows linearly with
the record (counted in function calls by tests/work_counter.py; the times are
in bench/bench_limits.py, measured against a one-game baseline in the same run).

`check` and `fmt` run in this process under an alarm and `game` as a subprocess
with a timeout: both only turn a hang into a failure instead of a stalled suite;
they are minutes, never a judgement of the machine's speed.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from work_counter import calls_made, grows_linearly

from maerstanas_print.cli import main

HANG_S = 300  # only a hang fails here: the cases take seconds even on a loaded machine

MEGA = 1_000_000
WORDS = "lorem ipsum dolor " * (MEGA // 18)

CASES: dict[str, str] = {
    "megabyte-comment": "1. D4 {" + WORDS + "} E3 *\n",
    "megabyte-word-comment": "1. D4 {" + "x" * MEGA + "} E3 *\n",
    "megabyte-unclosed-comment": "1. D4 {" + WORDS + " E3 *\n",
    "megabyte-line-comment": "1. D4 ;" + WORDS + "\nE3 *\n",
    "longest-tag": '[Event "' + WORDS[:10_000] + '"]\n1. D4 E3 *\n',  # limits.MAX_TAG_CHARS
    "megabyte-unclosed-tag": '[Event "' + WORDS + "\n1. D4 E3 *\n",
    "5000-nested-variations": "1. D4 E3 " + "(1... C4 " * 5000 + ")" * 5000 + " *\n",
    "5000-unclosed-variations": "1. D4 E3 " + "(1... C4 " * 5000 + " *\n",
    "5000-stray-closings": "1. D4 E3 " + ")" * 5000 + " *\n",
    "3000-sibling-variations": "1. D4 " + "(1. C3 {another try}) " * 3000 + "E3 *\n",
    "30000-moves-one-line": " ".join(["E4"] * 30_000) + "\n",
    "20000-games-one-line": "1. D4 * " * 20_000,
    "20000-syntax-errors": " ".join(["H9"] * 20_000) + "\n",
}

# What `check` makes of each: its exit code and a code it must report.
EXPECTED: dict[str, tuple[int, str | None]] = {
    "megabyte-comment": (0, None),
    "megabyte-word-comment": (0, None),
    "megabyte-unclosed-comment": (1, "M106"),
    "megabyte-line-comment": (0, None),
    "longest-tag": (0, None),
    "megabyte-unclosed-tag": (1, "M106"),
    "5000-nested-variations": (1, "M109"),
    "5000-unclosed-variations": (1, "M106"),
    "5000-stray-closings": (1, "M100"),
    "3000-sibling-variations": (0, None),
    "30000-moves-one-line": (1, "M201"),
    "20000-games-one-line": (0, None),
    "20000-syntax-errors": (1, "M101"),
}


# The same shapes at a size n, for counting how the work grows with n.
SCALED: dict[str, Callable[[int], str]] = {
    "comment-words": lambda n: "1. D4 {" + "lorem ipsum dolor " * n + "} E3 *\n",
    "unclosed-comment": lambda n: "1. D4 {" + "lorem ipsum dolor " * n + " E3 *\n",
    "unclosed-variations": lambda n: "1. D4 E3 " + "(1... C4 " * n + " *\n",
    "stray-closings": lambda n: "1. D4 E3 " + ")" * n + " *\n",
    "sibling-variations": lambda n: "1. D4 " + "(1. C3 {another try}) " * n + "E3 *\n",
    "moves-one-line": lambda n: " ".join(["E4"] * n) + "\n",
    "games-one-line": lambda n: "1. D4 * " * n,
    "syntax-errors": lambda n: " ".join(["H9"] * n) + "\n",
}


@contextmanager
def hang_guard() -> Iterator[None]:
    """Fail with TimeoutError instead of stalling the suite if a run hangs. Not a
    speed check: HANG_S is minutes, a hundred times what the cases take."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {HANG_S} s: a hang")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, HANG_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pathological")
    paths = {}
    for name, text in CASES.items():
        paths[name] = folder / f"{name}.mrs"
        paths[name].write_text(text, encoding="utf-8")
    return paths


@pytest.mark.parametrize("name", list(CASES))
def test_check_answers_with_a_located_diagnostic(
    name: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    with hang_guard():
        code = main(["check", "--json", str(records[name])])
    out, err = capsys.readouterr()
    want_code, want_diagnostic = EXPECTED[name]
    assert (code, err) == (want_code, "")
    report = json.loads(out)["files"][0]
    found = [d for game in report["games"] for d in game["diagnostics"]]
    found += report.get("diagnostics", [])
    if want_diagnostic is None:
        assert report["games"] and all(game["valid"] for game in report["games"])
    else:
        first = next(d for d in found if d["code"] == want_diagnostic)
        assert first["line"] >= 1 and first["column"] >= 1


@pytest.mark.parametrize("name", ["20000-syntax-errors", "30000-moves-one-line"])
def test_diagnostics_on_a_huge_line_print_a_window_of_it(
    name: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each diagnostic shows the part of the line around its caret, not the
    whole line: thousands of errors on one long line stay readable."""
    with hang_guard():
        assert main(["check", str(records[name])]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) < 200
    heads = [line for line in lines if ": error M" in line]
    # head line, excerpt, caret and hint: a few hundred characters each (the whole
    # line would be 60 KB), counted without the temporary folder's varying path
    assert len(heads) >= 100
    assert len(out.replace(str(records[name]), "")) < 400 * len(heads)


def test_the_deepest_variation_allowed_is_50_and_51_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for depth, want in ((50, 0), (51, 1)):
        path = tmp_path / f"deep{depth}.mrs"
        path.write_text("1. D4 E3 " + "(1... C4 " * depth + ")" * depth + " *\n", encoding="utf-8")
        with hang_guard():
            assert main(["check", str(path)]) == want
        out = capsys.readouterr().out
        assert ("M109" in out) == (depth == 51)


@pytest.mark.parametrize(
    "name",
    [
        "megabyte-comment",
        "megabyte-unclosed-comment",
        "5000-nested-variations",
        "3000-sibling-variations",
        "longest-tag",
        "20000-syntax-errors",
    ],
)
def test_fmt_writes_or_refuses(
    name: str, records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.mrs"
    with hang_guard():
        code = main(["fmt", str(records[name]), "-o", str(target)])
    capsys.readouterr()
    assert code == EXPECTED[name][0]
    if code == 0:
        written = target.read_text(encoding="utf-8")
        with hang_guard():  # and its output reads back to a valid game
            assert main(["check", str(target)]) == 0
        capsys.readouterr()
        if name == "megabyte-comment":  # all of it, in lines under 80 columns
            assert WORDS.strip() in " ".join(written.split())
            assert max(len(line) for line in written.splitlines()) < 80
    else:
        assert not target.exists()


def _game(args: list[str]) -> tuple[int, str]:
    # The timeout only turns a hang into a failure; it is never what is checked.
    done = subprocess.run(
        [sys.executable, "-m", "maerstanas_print", "game", *args],
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=False,
    )
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    "name", ["megabyte-comment", "megabyte-word-comment", "5000-nested-variations"]
)
def test_game_pdf_is_refused_in_one_line_without_hanging(
    name: str, records: dict[str, Path], tmp_path: Path
) -> None:
    """ReportLab's paragraph setting is quadratic in a paragraph's length, so the
    PDF refuses a game with more text than it can set in good time; the record
    is named with its position, and nothing is written."""
    target = tmp_path / "out.pdf"
    code, err = _game([str(records[name]), "-o", str(target)])
    assert code == 1
    assert len(err.strip().splitlines()) == 1 if name != "5000-nested-variations" else "M109" in err
    assert "Traceback" not in err and not target.exists()
    if name != "5000-nested-variations":
        assert f"{records[name]}:1:1: game 1 has" in err and "--format html" in err


@pytest.mark.parametrize("name", ["megabyte-comment", "longest-tag", "3000-sibling-variations"])
def test_game_html_renders_the_big_ones(
    name: str, records: dict[str, Path], tmp_path: Path
) -> None:
    target = tmp_path / "out.html"
    code, err = _game([str(records[name]), "--format", "html", "-o", str(target)])
    assert code == 0, err
    html = target.read_text(encoding="utf-8")
    assert html.rstrip().endswith("</html>")
    if name != "3000-sibling-variations":
        assert "lorem ipsum dolor " * 500 in html


def test_game_pdf_sets_a_long_but_allowed_comment(tmp_path: Path) -> None:
    record = tmp_path / "long.mrs"
    record.write_text("1. D4 {" + "lorem ipsum dolor " * 1500 + "} E3 *\n", encoding="utf-8")
    target = tmp_path / "long.pdf"
    code, err = _game([str(record), "-o", str(target)])
    assert code == 0, err
    assert target.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("shape", list(SCALED))
def test_check_and_fmt_work_grows_linearly(
    shape: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four times the record, at most about four times the function calls: no stage
    of reading, replaying, reporting or writing is quadratic in the record's size."""
    for command in ("check", "fmt"):
        counts = {}
        for n in (400, 400, 1_600):  # the first run loads what is loaded once
            path = tmp_path / f"{shape}-{n}.mrs"
            path.write_text(SCALED[shape](n), encoding="utf-8")
            target = ["-o", str(tmp_path / "out.mrs")] if command == "fmt" else ["--json"]
            with hang_guard():
                _, counts[n] = calls_made(lambda args=[command, *target, str(path)]: main(args))
            capsys.readouterr()
        assert grows_linearly(counts), (command, counts)
