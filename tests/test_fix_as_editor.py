"""`check --fix` and `check --diff` treat a user's file as an editor must (issue 26,
root causes 6 and 7; issue 21's exit codes).

- the file is written only if it is byte-identical to what was read; a change
  made while the fixes were searched is kept and nothing is written;
- hard links, another owner, the mode and read-only files: the inode, owner and
  mode stay, and a `chmod 444` file is refused;
- a UTF-8 byte order mark (one or two), CRLF and every byte outside the fixed
  spans stay; a valid file is never rewritten;
- `--diff` shows exactly the bytes `--fix` writes, as a patch `patch`,
  `patch -p1` and `git apply` accept (also without a final newline);
- the fix search has check's cap; every file of the command line is handled;
  standard input, `/dev/stdin`, named pipes and devices are refused for --fix;
- `--diff` to a full disk or a closed pipe ends cleanly, and exits 1 whenever a
  game stays invalid, even with no fix to show.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.commands import check as check_command
from maerstanas_print.play import checking
from tests.process_helpers import HANG_S

PY = [sys.executable, "-m", "maerstanas_print"]
BOM = b"\xef\xbb\xbf"
# One slip with one verified fix (`write `2.` for `3.``), on the last line.
DAMAGED = b'[Game "Maerstanas"]\n\n1. D4 E4 3. C3 *\n'
FIXED = b'[Game "Maerstanas"]\n\n1. D4 E4 2. C3 *\n'
NO_UNIQUE_FIX = b"1. D4 D4 *\n"  # invalid, several verified fixes
NO_FIX = b"1. D4 E4 2. C3 D4 *\n"


def _editing():
    """The module under test, imported when a test needs it (the tests also run
    against the code before it, where it does not exist)."""
    import importlib

    return importlib.import_module("maerstanas_print.io.editing")


def _file(folder: Path, data: bytes, name: str = "d.mrs") -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


# --- 6: the user's file --------------------------------------------------------


def test_a_change_made_during_the_search_is_kept_and_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _file(tmp_path, DAMAGED)
    searched = checking.fix_text

    def slow_search(*args: object, **kwargs: object):  # the user saves meanwhile
        with record.open("ab") as handle:
            handle.write(b"{added while the search ran}\n")
        return searched(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(check_command, "fix_text", slow_search)
    assert main(["check", "--fix", str(record)]) == 3
    assert record.read_bytes() == DAMAGED + b"{added while the search ran}\n"
    assert "changed while it was checked" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.mrs"]


def test_a_change_made_after_the_temporary_file_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _file(tmp_path, DAMAGED)
    fsync = os.fsync

    def late_save(fd: int) -> None:  # the user saves just before the rename
        fsync(fd)
        record.write_bytes(DAMAGED.replace(b"*", b"1-0"))

    monkeypatch.setattr(_editing().os, "fsync", late_save)
    assert main(["check", "--fix", str(record)]) == 3
    assert record.read_bytes() == DAMAGED.replace(b"*", b"1-0")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.mrs"]
    assert "changed while it was checked" in capsys.readouterr().err


def test_a_hard_link_keeps_one_file(tmp_path: Path) -> None:
    record = _file(tmp_path, DAMAGED)
    other = tmp_path / "other-name.mrs"
    os.link(record, other)
    inode = record.stat().st_ino
    assert main(["check", "--fix", str(record)]) == 0
    assert record.stat().st_ino == inode and other.stat().st_ino == inode
    assert other.read_bytes() == FIXED


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_another_users_file_keeps_its_owner_group_and_mode(tmp_path: Path) -> None:
    record = _file(tmp_path, DAMAGED)
    os.chown(record, 65534, 65534)
    record.chmod(0o640)
    assert main(["check", "--fix", str(record)]) == 0
    info = record.stat()
    assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (65534, 65534, 0o640)
    assert record.read_bytes() == FIXED


def test_a_file_whose_owner_cannot_be_given_is_written_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _file(tmp_path, DAMAGED)
    record.chmod(0o604)
    inode = record.stat().st_ino

    def refuse(*args: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(_editing().os, "fchown", refuse)
    assert main(["check", "--fix", str(record)]) == 0
    assert record.stat().st_ino == inode and record.stat().st_mode & 0o777 == 0o604
    assert record.read_bytes() == FIXED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.mrs"]


def test_a_folder_without_room_for_a_temporary_file_is_written_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _file(tmp_path, DAMAGED)
    inode = record.stat().st_ino

    def refuse(path: Path) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(_editing(), "temporary_beside", refuse)
    assert main(["check", "--fix", str(record)]) == 0
    assert record.stat().st_ino == inode and record.read_bytes() == FIXED


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o555])
def test_a_read_only_file_is_refused_and_left_as_it_is(
    tmp_path: Path, mode: int, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _file(tmp_path, DAMAGED)
    record.chmod(mode)
    assert main(["check", "--fix", str(record)]) == 3
    assert record.read_bytes() == DAMAGED
    assert record.stat().st_mode & 0o777 == mode
    err = capsys.readouterr().err
    assert "read-only" in err and err.count("\n") == 1


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    record = _file(tmp_path, DAMAGED)
    link = tmp_path / "link.mrs"
    link.symlink_to(record.name)
    assert main(["check", "--fix", str(link)]) == 0
    assert link.is_symlink() and record.read_bytes() == FIXED


@pytest.mark.parametrize(
    "before",
    [
        BOM + DAMAGED,
        BOM + BOM + DAMAGED,
        DAMAGED.replace(b"\n", b"\r\n"),
        BOM + DAMAGED.replace(b"\n", b"\r\n").rstrip(b"\r\n"),
        DAMAGED.rstrip(b"\n"),
        b"{caf\xc3\xa9 \xe2\x9c\x93 \t  trailing }  \n" + DAMAGED + b"\n\n  \n",
    ],
    ids=["bom", "two-boms", "crlf", "bom-crlf-no-final-newline", "no-final-newline", "extra"],
)
def test_every_byte_outside_the_fix_stays(tmp_path: Path, before: bytes) -> None:
    record = _file(tmp_path, before)
    assert main(["check", "--fix", str(record)]) == 0
    assert record.read_bytes() == before.replace(b"3. C3", b"2. C3")


@pytest.mark.parametrize("data", [BOM + BOM + FIXED, BOM + FIXED, FIXED.rstrip(b"\n")])
def test_a_valid_file_is_never_rewritten(tmp_path: Path, data: bytes) -> None:
    record = _file(tmp_path, data)
    before = record.stat()
    assert main(["check", "--fix", str(record)]) == 0
    after = record.stat()
    assert record.read_bytes() == data
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert main(["check", "--diff", str(record)]) == 0


# --- 7: --diff is what --fix writes, as a patch the tools accept ------------------


def _patch_then_compare(tmp_path: Path, before: bytes, tool: list[str]) -> None:
    work = tmp_path / "work"
    work.mkdir()
    _file(work, before)
    diff = subprocess.run(
        [*PY, "check", "--diff", "d.mrs"], cwd=work, capture_output=True, check=False
    )
    assert diff.returncode == 1 and diff.stderr == b""
    applied = subprocess.run(tool, cwd=work, input=diff.stdout, capture_output=True, check=False)
    assert applied.returncode == 0, applied.stdout + applied.stderr
    fixed = _file(tmp_path, before, "by-fix.mrs")
    assert main(["check", "--fix", str(fixed)]) == 0
    assert (work / "d.mrs").read_bytes() == fixed.read_bytes() != before


TOOLS = [["patch", "-p1"], ["patch"], ["git", "apply"]]


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: " ".join(t))
@pytest.mark.parametrize(
    "before",
    [
        DAMAGED.rstrip(b"\n"),
        BOM + DAMAGED.replace(b"\n", b"\r\n").rstrip(b"\r\n"),
        BOM + DAMAGED,
        BOM + DAMAGED * 6,  # fixes three lines apart: hunks that meet
        (DAMAGED + b"{\n" + b"a note\n" * 12 + b"}\n") * 3,  # hunks apart
    ],
    ids=["no-final-newline", "bom-crlf-no-final-newline", "bom", "close", "apart"],
)
def test_the_diff_applies_to_exactly_what_fix_writes(
    tmp_path: Path, tool: list[str], before: bytes
) -> None:
    if shutil.which(tool[0]) is None:
        pytest.skip(f"{tool[0]} is not installed")
    _patch_then_compare(tmp_path, before, tool)


@pytest.mark.parametrize("choice", ["1", "2", "1:1"])
def test_diff_with_fix_n_applies_to_exactly_what_fix_n_writes(tmp_path: Path, choice: str) -> None:
    """Reviewed: the README's `--diff` of the damaged sample printed nothing, as no
    fix of it is sure, and `--diff` refused `--fix N`."""
    if shutil.which("patch") is None:
        pytest.skip("patch is not installed")
    work = tmp_path / "work"
    work.mkdir()
    _file(work, NO_UNIQUE_FIX)
    diff = subprocess.run(
        [*PY, "check", "--diff", "--fix", choice, "d.mrs"],
        cwd=work,
        capture_output=True,
        check=False,
    )
    assert diff.returncode == 1 and diff.stdout.startswith(b"--- a/d.mrs\n")
    assert (work / "d.mrs").read_bytes() == NO_UNIQUE_FIX  # --diff writes nothing
    applied = subprocess.run(
        ["patch", "-p1"], cwd=work, input=diff.stdout, capture_output=True, check=False
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    fixed = _file(tmp_path, NO_UNIQUE_FIX, "by-fix.mrs")
    assert main(["check", "--fix", choice, str(fixed)]) == 0
    assert (work / "d.mrs").read_bytes() == fixed.read_bytes() != NO_UNIQUE_FIX


def test_diff_with_a_fix_that_does_not_exist_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _file(tmp_path, NO_UNIQUE_FIX)
    assert main(["check", "--diff", "--fix", "99", str(record)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "there is no fix 99" in captured.err


def test_the_diff_shows_the_byte_order_mark_and_the_missing_newline(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    record = _file(tmp_path, BOM + DAMAGED.replace(b"[Game", b"1. D4 E4 3. C3 *\n[Game").rstrip())
    assert main(["check", "--diff", str(record)]) == 1
    out = capsysbinary.readouterr().out
    assert b"\n-" + BOM + b"1. D4 E4 3. C3 *\n+" + BOM + b"1. D4 E4 2. C3 *\n" in out
    assert out.endswith(b"+1. D4 E4 2. C3 *\n\\ No newline at end of file\n")


@pytest.mark.parametrize("data", [NO_UNIQUE_FIX, NO_FIX, b"no game here\n", b""])
def test_diff_and_fix_exit_1_when_a_game_stays_invalid(
    tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _file(tmp_path, data)
    assert main(["check", "--diff", str(record)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and str(record) in captured.err  # the patch owns stdout
    assert main(["check", "--fix", str(record)]) == 1
    assert record.read_bytes() == data


def test_fix_search_has_checks_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(checking, "MAX_GAMES_SEARCHED", 2)
    searched = []
    search = checking.repair_game

    def counted(*args: object, **kwargs: object):
        searched.append(1)
        return search(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(checking, "repair_game", counted)
    record = _file(tmp_path, DAMAGED * 5)
    assert main(["check", "--diff", str(record)]) == 1
    assert len(searched) == 2
    assert "3 invalid games past the first 2 not searched" in capsys.readouterr().err
    searched.clear()
    assert main(["check", "--fix", str(record)]) == 1
    assert record.read_bytes() == FIXED * 2 + DAMAGED * 3
    assert len(searched) <= 2 + 2  # the fix, then check's own pass over the result


def test_every_file_of_the_command_line_is_handled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _file(tmp_path, DAMAGED, "a.mrs"), _file(tmp_path, DAMAGED, "b.mrs")
    missing = tmp_path / "missing.mrs"
    assert main(["check", "--fix", str(first), str(missing), str(second)]) == 3
    assert first.read_bytes() == FIXED and second.read_bytes() == FIXED
    err = capsys.readouterr().err
    assert err.count("no such file") == 1 and err.count("\n") == 1
    first.write_bytes(DAMAGED)
    assert main(["check", "--diff", str(missing), str(first)]) == 3
    captured = capsys.readouterr()
    assert "+1. D4 E4 2. C3 *" in captured.out and "no such file" in captured.err


def test_fix_refuses_a_named_pipe_and_a_device(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "pipe.mrs"
    os.mkfifo(pipe)
    for name in (str(pipe), "/dev/null", "/dev/zero", "/proc/self/fd/0", str(tmp_path)):
        assert main(["check", "--fix", name]) == 3, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and name in err, err


@pytest.mark.parametrize("stdin_kind", ["pipe", "file"])
def test_fix_refuses_dev_stdin(tmp_path: Path, stdin_kind: str) -> None:
    record = _file(tmp_path, DAMAGED * 20_000)  # larger than a pipe's buffer
    command = [*PY, "check", "--fix", "/dev/stdin"]
    if stdin_kind == "file":
        with record.open("rb") as handle:
            done = subprocess.run(command, stdin=handle, capture_output=True, timeout=HANG_S)
    else:
        done = subprocess.run(
            command, input=record.read_bytes(), capture_output=True, timeout=HANG_S
        )
    assert done.returncode == 3 and b"--fix rewrites record files only" in done.stderr
    assert b"Traceback" not in done.stderr and b"fixed" not in done.stdout
    assert record.read_bytes() == DAMAGED * 20_000


def test_diff_to_a_full_disk_and_a_closed_pipe_ends_cleanly(tmp_path: Path) -> None:
    record = _file(tmp_path, DAMAGED * 3)
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [*PY, "check", "--diff", str(record)],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=HANG_S,
        )
    assert done.returncode == 3
    assert done.stderr.decode().startswith("maerstanas-print: cannot write standard output")
    other = _file(tmp_path, DAMAGED * 3, "e.mrs")  # not `record` twice: that gets one patch
    shell = subprocess.run(
        f"{' '.join(PY)} check --diff {record} {other} | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        timeout=HANG_S,
    )
    assert shell.returncode == 1 and shell.stderr == b""
    assert shell.stdout.decode().startswith("--- ")


def test_fix_and_diff_refuse_a_file_past_their_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from maerstanas_print.io import limits

    monkeypatch.setattr(limits, "MAX_EDIT_BYTES", len(DAMAGED) * 2)
    record = _file(tmp_path, DAMAGED * 3)
    for mode in ("--fix", "--diff"):
        assert main(["check", mode, str(record)]) == 1
        assert "--fix and --diff take" in capsys.readouterr().err
    assert record.read_bytes() == DAMAGED * 3
