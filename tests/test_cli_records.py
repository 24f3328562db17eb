"""`check` and `fmt` as a user runs them: output, exit codes, bad files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import SAMPLE, sample_text

from maerstanas_print.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_check_valid_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(SAMPLE)], capsys)
    assert code == 0
    assert out.strip() == f"{SAMPLE}: 1 game, valid"


def test_check_invalid_file_reports_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.mrs"
    path.write_text('[Event "x"]\n1. C1 D2 2. D1 E1 *\n1. e4 *\n', encoding="utf-8")
    code, out, _ = run(["check", str(path)], capsys)
    assert code == 1
    assert f"{path}:2:16: error M202:" in out
    assert f"{path}:3:4: warning M401:" in out
    assert out.strip().endswith(f"{path}: 2 games, 1 invalid (1 error, 1 warning)")
    code, out, _ = run(["check", "--strict", str(path)], capsys)
    assert code == 1 and "2 games, 2 invalid (2 errors)" in out


def test_check_json_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.mrs"
    path.write_text(sample_text() + '\n[Scoring "simple"]\n1. D4 E4x *\n', encoding="utf-8")
    code, out, _ = run(["check", "--json", str(SAMPLE), str(path)], capsys)
    assert code == 1
    data = json.loads(out)
    first = data["files"][0]["games"][0]
    assert first == {
        "index": 1,
        "game": "Maerstanas",
        "valid": True,
        "plies": 36,
        "scoring": "default",
        "score": {"Dark": 14, "Light": 16},
        "result": "Light",
        "termination": "score",
        "diagnostics": [],
    }
    games = data["files"][1]["games"]
    assert [g["index"] for g in games] == [1, 2]
    second = games[1]
    assert second["valid"] is False and second["result"] is None
    assert second["scoring"] == "simple"
    assert second["diagnostics"][0]["code"] == "M100"
    # `x` with no square after it, on the last line of the file
    assert (second["diagnostics"][0]["line"], second["diagnostics"][0]["column"]) == (
        sample_text().count("\n") + 3,
        9,
    )


def test_check_reads_stdin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "maerstanas_print", "check", "-"],
        input="1. D4 H4 *",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.startswith("<stdin>:1:7: error M101: `H4` is not a square")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "no such file"),
        (b"\x00\x01binary", "binary file"),
        ("1. D4 *".encode("utf-16"), "UTF-16 text, not UTF-8"),
        (b"1. D4 {caf\xe9} *", "not UTF-8"),
    ],
)
def test_unreadable_input_exits_3_with_one_line(
    tmp_path: Path, content: bytes | None, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.mrs"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(["check", str(path)], capsys)
    assert code == 3
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


def test_usage_errors_exit_2() -> None:
    for args in (["check"], ["check", "--bogus", "x"], ["nonsense"], []):
        done = subprocess.run(
            [sys.executable, "-m", "maerstanas_print", *args],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr


def test_console_script_is_installed() -> None:
    done = subprocess.run(
        ["maerstanas-print", "check", str(SAMPLE)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_fmt_to_file_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.mrs"
    good.write_text("1. d4 E3 2. C5 F4 3. T E4 *", encoding="utf-8")
    out_path = tmp_path / "out.mrs"
    code, _, _ = run(["fmt", str(good), "-o", str(out_path)], capsys)
    assert code == 0
    assert "3. T E4xE3/D4/F4 *" in out_path.read_text(encoding="utf-8")
    # strict refuses the lenient readings; an invalid record is refused; nothing written
    bad_out = tmp_path / "never.mrs"
    code, _, err = run(["fmt", "--strict", str(good), "-o", str(bad_out)], capsys)
    assert code == 1 and "M401" in err and not bad_out.exists()
    bad = tmp_path / "bad.mrs"
    bad.write_text("1. E4 E4 *", encoding="utf-8")
    code, _, err = run(["fmt", str(bad), "-o", str(bad_out)], capsys)
    assert code == 1 and "M201" in err and not bad_out.exists()
    # the output may not overwrite the input
    code, _, err = run(["fmt", str(good), "-o", str(good)], capsys)
    assert code == 2 and "overwrite the input" in err


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(text=st.text(max_size=80))
def test_check_never_raises_on_arbitrary_text(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "any.mrs"
    path.write_text(text, encoding="utf-8")
    code = main(["check", str(path)])
    capsys.readouterr()
    assert code in ((3,) if "\x00" in text else (0, 1))


def test_check_json_reports_a_missing_file_in_the_json_object(capsys, tmp_path) -> None:
    """Issue 12, finding 7: --json promises one JSON object, even for a missing file."""
    missing = tmp_path / "nope.mrs"
    assert main(["check", "--json", str(missing), str(SAMPLE)]) == 3
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert [f["path"] for f in report["files"]] == [str(missing), str(SAMPLE)]
    assert "no such file" in report["files"][0]["error"]
    assert report["files"][1]["games"][0]["valid"] is True


def test_check_help_lists_the_exit_codes(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for words in (
        "0 every game valid",
        "1 an invalid game",
        "2 usage error",
        "3 a file cannot be read",
        "130 interrupted",
    ):
        assert words in out


def test_check_loads_only_what_checking_needs() -> None:
    """`check` builds a parser holding `check` alone: the other commands, the games'
    extra commands and the apps' importer (16 ms of imports) stay unloaded, so the
    start-up of checking one game does not grow with the toolchain; `--help`
    still lists every command."""
    code = (
        "import sys; from maerstanas_print.cli import COMMAND_MODULES, main; "
        f"code = main(['check', '-q', {str(SAMPLE)!r}]); "
        "ours = {'maerstanas_print.commands.' + m for m in COMMAND_MODULES.values()}; "
        "print(code, sorted(m for m in sys.modules if m in ours or 'importer' in m "
        "or 'analysis' in m or ('plugins' in m and '.commands' in m)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    assert out == "0 ['maerstanas_print.commands.check']"
    listed = subprocess.run(
        [sys.executable, "-m", "maerstanas_print", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for command in ("check", "fmt", "import", "board", "build", "analyse", "puzzles"):
        assert f"    {command}" in listed, command
