"""Files: what every command does with inputs it cannot read, outputs it cannot
write, a run that fails or is interrupted half-way, and an output that would
overwrite its own input.

- unreadable input (missing, a directory, binary, not UTF-8, UTF-16/32,
  no permission): exit 3 and one line, for every command that reads records;
- unwritable output (a path under a file, a read-only folder, a full disk):
  exit 3 and one line, for every command that writes;
- output is written to a temporary file and renamed: a failing or interrupted
  run leaves the old file as it was and no temporary file behind;
- `-o` naming the input: exit 2 and one line, the input untouched;
- Ctrl-C (SIGINT) in a real process: exit 130, "maerstanas-print: interrupted",
  no traceback, no partial output.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from process_helpers import HANG_S, wait_until_busy
from record_helpers import SAMPLE, sample_text

from maerstanas_print.cli import main
from maerstanas_print.io import inputs, outputs

READERS = {  # every command that reads a record file, with options that make it write
    "check": lambda path, out: ["check", path],
    "fmt": lambda path, out: ["fmt", path, "-o", out],
    "game": lambda path, out: ["game", path, "-o", out],
    "game-html": lambda path, out: ["game", path, "--format", "html", "-o", out],
    "import": lambda path, out: ["import", path, "-o", out],
}

# A move log as the author's web app shows it (for `import`).
LOG = "D4 - standard stone (Player 1)\nE3 - standard stone (Player 2)\n"

WRITERS = {  # every command that writes a file
    "board": ["board"],
    "board-html": ["board", "--format", "html"],
    "scoresheet": ["scoresheet"],
    "rulebook-html": ["rulebook", "--format", "html"],
    "fmt": ["fmt", str(SAMPLE)],
    "game": ["game", str(SAMPLE)],
    "game-html": ["game", str(SAMPLE), "--format", "html"],
    "import": ["import", "LOG"],
}


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("maerstanas-print: ") and "Traceback" not in err
    return lines[0]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# --- unreadable input ------------------------------------------------------------

BAD_INPUTS = {
    "missing": (None, "no such file"),
    "directory": ("dir", "is a directory"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a binary file"),
    "latin-1": ('[Dark "José"]\n1. D4 *\n'.encode("latin-1"), "not UTF-8"),
    "utf-16-bom": ("1. D4 E3 *\n".encode("utf-16"), "UTF-16 text"),
    "utf-16-no-bom": ("1. D4 E3 *\n".encode("utf-16-le"), "UTF-16 text"),
    "utf-32": ("1. D4 E3 *\n".encode("utf-32"), "UTF-32 text"),
}


def _make_input(folder: Path, kind: str) -> Path:
    content, _ = BAD_INPUTS[kind]
    path = folder / "in.mrs"
    if content == "dir":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)  # type: ignore[arg-type]
    return path


@pytest.mark.parametrize("command", list(READERS))
@pytest.mark.parametrize("kind", list(BAD_INPUTS))
def test_unreadable_input_exits_3_with_one_line(
    command: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _make_input(tmp_path, kind)
    out = tmp_path / "out"
    code = main(READERS[command](str(path), str(out)))
    stdout, err = capsys.readouterr()
    assert code == 3 and stdout == ""
    assert BAD_INPUTS[kind][1] in one_line(err)
    assert not out.exists()


@pytest.mark.parametrize("command", list(READERS))
def test_input_without_read_permission_exits_3(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Simulated, because root (as in CI containers) may read any file."""
    path = tmp_path / "secret.mrs"
    path.write_text(sample_text(), encoding="utf-8")

    def refuse(file: str, mode: str = "r", *args: object, **kwargs: object) -> object:
        if str(file).endswith("secret.mrs"):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return open(file, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(inputs, "open", refuse, raising=False)
    assert main(READERS[command](str(path), str(tmp_path / "out"))) == 3
    assert "cannot read: Permission denied" in one_line(capsys.readouterr().err)


def test_binary_on_stdin_exits_3() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "maerstanas_print", "check", "-"],
        input=b"\x00\xff\xfe",
        capture_output=True,
        check=False,
    )
    assert done.returncode == 3
    assert (
        one_line(done.stderr.decode()) == "maerstanas-print: <stdin>: a binary file, not a record"
    )


def test_a_bom_is_not_counted_as_a_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bom.mrs"
    path.write_bytes(b"\xef\xbb\xbf1. D4 H4 *\n")
    assert main(["check", str(path)]) == 1
    assert f"{path}:1:7: error M101:" in capsys.readouterr().out


# --- unwritable output -----------------------------------------------------------


def _named(command: str) -> str:
    """An output name whose extension is the format the writer writes (`-o` decides
    the format by it, and refuses a name that disagrees with --format)."""
    return "out.html" if command.endswith("-html") else "out.pdf"


def _writer(command: str, folder: Path) -> list[str]:
    """The command line of a writer, with a move log for `import`."""
    log = folder / "app.log"
    log.write_text(LOG, encoding="utf-8")
    return [str(log) if arg == "LOG" else arg for arg in WRITERS[command]]


@pytest.mark.parametrize("command", list(WRITERS))
def test_output_under_a_file_exits_3(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    target = blocker / _named(command)
    assert main([*_writer(command, tmp_path), "-o", str(target)]) == 3
    line = one_line(capsys.readouterr().err)
    assert line == f"maerstanas-print: cannot write {target}: {blocker} is a file, not a folder"
    assert blocker.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("command", list(WRITERS))
def test_read_only_folder_exits_3(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The folder's permission is simulated where the temporary file is made: root
    ignores mode bits."""
    folder = tmp_path / "read-only"
    folder.mkdir()

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    args = _writer(command, tmp_path)
    monkeypatch.setattr(outputs, "temporary_beside", refuse)
    assert main([*args, "-o", str(folder / _named(command))]) == 3
    assert one_line(capsys.readouterr().err).endswith(": Permission denied")
    assert list(folder.iterdir()) == []


def test_fmt_to_an_existing_folder_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`fmt`'s -o takes a file only: a folder is a usage error (exit 2)."""
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert main(["fmt", str(SAMPLE), "-o", str(folder)]) == 2
    one_line(capsys.readouterr().err)
    assert list(folder.iterdir()) == []


# --- failing half-way: the old file survives, no debris --------------------------


@pytest.fixture
def good_pdf(tmp_path: Path) -> Path:
    target = tmp_path / "game.pdf"
    assert main(["game", str(SAMPLE), "-o", str(target)]) == 0
    return target


def test_renderer_failing_leaves_the_old_file(
    good_pdf: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from maerstanas_print.commands import game as game_command

    before = good_pdf.read_bytes()

    def broken(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("renderer broke")

    monkeypatch.setattr(game_command, "game_pdf", broken)  # the renderer `game` calls
    with pytest.raises(RuntimeError, match="renderer broke"):
        main(["game", str(SAMPLE), "-o", str(good_pdf)])
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []
    capsys.readouterr()


class _HalfWriter:
    """A file handle that writes half of what it is given, then fails."""

    def __init__(self, handle, error: BaseException) -> None:
        self.handle, self.error = handle, error

    def __enter__(self) -> _HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()

    def write(self, data: bytes) -> int:
        self.handle.write(data[: len(data) // 2])
        self.handle.flush()
        raise self.error


@pytest.mark.parametrize(
    ("error", "code", "message"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), 3, "No space left on device"),
        (KeyboardInterrupt(), 130, "interrupted"),
    ],
)
def test_writing_failing_half_way_leaves_the_old_file(
    good_pdf: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    error: BaseException,
    code: int,
    message: str,
) -> None:
    before = good_pdf.read_bytes()
    real_fdopen = os.fdopen
    seen: list[str] = []

    def half(fd: int, mode: str = "r", *args: object, **kwargs: object):
        handle = real_fdopen(fd, mode, *args, **kwargs)
        seen.append(handle.name if isinstance(handle.name, str) else str(fd))
        return _HalfWriter(handle, error)

    monkeypatch.setattr(outputs.os, "fdopen", half)
    assert main(["game", str(SAMPLE), "--every", "4", "-o", str(good_pdf)]) == code
    assert seen, "the temporary file was never opened"
    assert one_line(capsys.readouterr().err).endswith(message)
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []


def test_rename_failing_removes_the_temporary_file(
    good_pdf: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = good_pdf.read_bytes()

    def refuse(src: str, dst: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(outputs.os, "replace", refuse)
    assert main(["game", str(SAMPLE), "--every", "4", "-o", str(good_pdf)]) == 3
    one_line(capsys.readouterr().err)
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []


def test_invalid_record_leaves_the_old_file(
    good_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = good_pdf.read_bytes()
    bad = tmp_path / "bad.mrs"
    bad.write_text("1. D4 D4 *\n", encoding="utf-8")
    assert main(["game", str(bad), "-o", str(good_pdf)]) == 1
    assert "M201" in capsys.readouterr().err
    assert good_pdf.read_bytes() == before
    assert leftovers(good_pdf.parent) == []


# --- output naming the input -----------------------------------------------------


@pytest.mark.parametrize("how", ["same", "relative", "symlink", "hardlink"])
@pytest.mark.parametrize("command", ["fmt", "game", "game-html", "import"])
def test_output_equal_to_input_is_refused(
    command: str,
    how: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = tmp_path / "record.mrs"
    record.write_text(sample_text(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    if how == "same":
        target = str(record)
    elif how == "relative":
        target = "./record.mrs"
    elif how == "symlink":
        (tmp_path / "link").symlink_to(record)
        target = str(tmp_path / "link")
    else:
        os.link(record, tmp_path / "hard")
        target = str(tmp_path / "hard")
    assert main(READERS[command](str(record), target)) == 2
    assert "would overwrite the input" in one_line(capsys.readouterr().err)
    assert record.read_text(encoding="utf-8") == sample_text()
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("fmt", ["pdf", "html"])
def test_game_into_a_folder_holding_the_input_under_the_default_name_is_refused(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`game notes.pdf -o .` would write ./notes.pdf over the record itself."""
    record = tmp_path / f"notes.{fmt}"
    record.write_text(sample_text(), encoding="utf-8")
    assert main(["game", str(record), "--format", fmt, "-o", str(tmp_path)]) == 2
    assert "would overwrite the input" in one_line(capsys.readouterr().err)
    assert record.read_text(encoding="utf-8") == sample_text()


# --- Ctrl-C in a real process ----------------------------------------------------


def _interrupt(proc: subprocess.Popen, folder: Path) -> str:
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=HANG_S)  # only a hang fails here
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == "maerstanas-print: interrupted"
    assert leftovers(folder) == []
    return err


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1"}


def test_ctrl_c_stops_check_cleanly(tmp_path: Path) -> None:
    """The first game is damaged, so `check` prints at once: then it is known to
    be running, and 40,000 more games keep it busy for seconds."""
    big = tmp_path / "big.mrs"
    game = sample_text().strip() + "\n\n"
    with big.open("w", encoding="utf-8") as out:
        out.write("1. D4 H9 *\n\n")
        for _ in range(40_000):
            out.write(game)
    proc = subprocess.Popen(
        [sys.executable, "-m", "maerstanas_print", "check", str(big)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert "M101" in first
    _interrupt(proc, tmp_path)


def test_ctrl_c_stops_game_cleanly_and_writes_nothing(tmp_path: Path) -> None:
    """Interrupted while typesetting 200 games: no PDF, no temporary file."""
    many = tmp_path / "many.mrs"
    many.write_text("\n\n".join([sample_text().strip()] * 200) + "\n", encoding="utf-8")
    target = tmp_path / "many.pdf"
    proc = subprocess.Popen(
        [sys.executable, "-m", "maerstanas_print", "game", str(many), "-o", str(target)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    # Reading and replaying take well under a second of CPU; past 1.5 s the
    # process is typesetting.
    wait_until_busy(proc, 1.5)
    _interrupt(proc, tmp_path)
    assert not target.exists()
