"""An adversarial re-review of `check --fix` and `check --diff` (issue 26, root
causes 6 and 7): the variants `test_fix_as_editor.py` does not cover.

- file names a patch header cannot hold as they are (a space, a newline, a
  tab, a quote, `./`, `dir/..`): `--diff` still gives a patch `patch` and
  `git apply` apply to exactly what `--fix` writes;
- the name replaced by a symlink, or by another file, between read and write:
  nothing written;
- a file that grows past the limit while it is read: refused, left as it is;
- extended attributes (access lists, labels, notes) kept;
- a SIGTERM during an in-place write waits until the file is whole;
- `/dev/shm` holds ordinary files (edited); a symlink to `/dev/stdin` is
  refused like `/dev/stdin`;
- a file that is writable by its mode but not for us says why, not "read-only".
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
from maerstanas_print.io import editing, limits
from tests.signal_scripts import signal_after_write

DAMAGED = b'[Game "Maerstanas"]\n\n1. D4 E4 3. C3 *\n'
FIXED = b'[Game "Maerstanas"]\n\n1. D4 E4 2. C3 *\n'

NAMES = [
    "my file.mrs",
    "new\nline.mrs",
    "tab\tname.mrs",
    'quote".mrs',
    "./dot.mrs",
    "sub/../up.mrs",
]
TOOLS = [["patch", "-p1"], ["git", "apply"]]


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t[0])
@pytest.mark.parametrize("name", NAMES, ids=repr)
def test_the_diff_of_any_name_applies_to_what_fix_writes(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
    name: str,
    tool: list[str],
) -> None:
    if shutil.which(tool[0]) is None:
        pytest.skip(f"{tool[0]} is not installed")
    base = os.path.basename(name)
    (tmp_path / "sub").mkdir()
    (tmp_path / base).write_bytes(DAMAGED)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--diff", "--", name]) == 1
    patch = capsysbinary.readouterr().out
    work = tmp_path / "work"
    work.mkdir()
    (work / base).write_bytes(DAMAGED)
    applied = subprocess.run(tool, cwd=work, input=patch, capture_output=True, check=False)
    assert applied.returncode == 0, applied.stdout + applied.stderr
    assert main(["check", "--fix", "--", name]) == 0
    assert (work / base).read_bytes() == (tmp_path / base).read_bytes() == FIXED


@pytest.mark.parametrize("where", ["up", "absolute"])
def test_the_diff_of_a_file_outside_the_folder_applies_to_it_named(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
    where: str,
) -> None:
    """Review 26 files 9 #3: `../x.mrs` got the headers `a/../x.mrs`, which neither
    `patch -p1` nor `git apply` takes, though the docs said they did. `patch` takes
    no name outside its folder from a header (it calls it dangerous), so the file is
    named as given, without `a/`, and the docs say to name it: `patch FILE`."""
    if shutil.which("patch") is None:
        pytest.skip("patch is not installed")
    record = tmp_path / "x.mrs"
    record.write_bytes(DAMAGED)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    name = "../x.mrs" if where == "up" else str(record)
    assert main(["check", "--diff", "--", name]) == 1
    patch = capsysbinary.readouterr().out
    assert b"a/" not in patch.split(b"\n@@")[0]
    applied = subprocess.run(
        ["patch", name], cwd=here, input=patch, capture_output=True, check=False
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    assert record.read_bytes() == FIXED


@pytest.mark.parametrize("swap", ["symlink", "same-text-new-file"])
def test_a_name_that_leads_elsewhere_at_write_time_is_not_written(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    swap: str,
) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    elsewhere = tmp_path / "elsewhere.mrs"
    searched = check_command.fix_text

    def search_then_swap(*args: object, **kwargs: object):  # another program saves meanwhile
        record.rename(tmp_path / "d.bak")
        if swap == "symlink":
            elsewhere.write_bytes(DAMAGED)
            record.symlink_to(elsewhere.name)
        else:
            record.write_bytes(DAMAGED)
        return searched(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(check_command, "fix_text", search_then_swap)
    assert main(["check", "--fix", str(record)]) == 3
    assert "changed while it was checked" in capsys.readouterr().err
    assert record.is_symlink() == (swap == "symlink")
    assert record.read_bytes() == DAMAGED
    assert not elsewhere.exists() or elsewhere.read_bytes() == DAMAGED


@pytest.mark.parametrize("option", ["--fix", "--diff"])
def test_a_file_that_grows_past_the_limit_while_read_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    option: str,
) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    grown = DAMAGED + b"{" + b"x" * 20_000 + b"}\n"
    monkeypatch.setattr(limits, "MAX_EDIT_BYTES", 4096)
    decode = editing.decode_stream

    def grow_then_read(*args: object, **kwargs: object):  # a writer appends meanwhile
        record.write_bytes(grown)
        return decode(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(editing, "decode_stream", grow_then_read)
    assert main(["check", option, str(record)]) == 1
    captured = capsys.readouterr()
    assert "grew past the 4,096 bytes" in captured.err and "fixed" not in captured.out
    assert record.read_bytes() == grown


def test_extended_attributes_stay(tmp_path: Path) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    try:
        os.setxattr(record, "user.note", b"the club's copy")
    except (OSError, AttributeError):
        pytest.skip("no user extended attributes on this file system")
    inode = record.stat().st_ino
    assert main(["check", "--fix", str(record)]) == 0
    assert record.read_bytes() == FIXED
    assert os.getxattr(record, "user.note") == b"the club's copy"
    assert record.stat().st_ino == inode


# The in-place write (a hard link) with SIGTERM sent between the write and the
# truncation of a fix that makes the file one byte shorter.
_STOPPED_WRITE = (
    signal_after_write("maerstanas_print.io.editing", '"r+b"', "signal.SIGTERM")
    + """
from maerstanas_print.cli import run
sys.argv = ["maerstanas-print", "check", "--fix", sys.argv[1]]
run()
"""
)


def test_sigterm_during_an_in_place_write_leaves_a_whole_file(tmp_path: Path) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED.replace(b"3.", b"10."))
    os.link(record, tmp_path / "other-name.mrs")  # written in place
    done = subprocess.run(
        [sys.executable, "-c", _STOPPED_WRITE, str(record)], capture_output=True, check=False
    )
    assert done.returncode == 143, done.stderr
    assert record.read_bytes() == FIXED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.mrs", "other-name.mrs"]


def test_a_file_on_dev_shm_is_an_ordinary_file(capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.isdir("/dev/shm") or not os.access("/dev/shm", os.W_OK):
        pytest.skip("no writable /dev/shm")
    record = Path(f"/dev/shm/maerstanas-test-{os.getpid()}.mrs")
    record.write_bytes(DAMAGED)
    try:
        assert main(["check", "--fix", str(record)]) == 0
        assert record.read_bytes() == FIXED
    finally:
        record.unlink()


def test_a_symlink_to_dev_stdin_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    link = tmp_path / "link.mrs"
    link.symlink_to("/dev/stdin")
    with record.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "maerstanas_print", "check", "--fix", str(link)],
            stdin=stdin,
            capture_output=True,
            check=False,
        )
    assert done.returncode == 3 and b"not standard input" in done.stderr
    assert record.read_bytes() == DAMAGED


def test_a_file_writable_by_its_mode_but_not_for_us_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    record.chmod(0o644)
    monkeypatch.setattr(editing.os, "access", lambda *args, **kwargs: False)  # as `chattr +i`
    assert main(["check", "--fix", str(record)]) == 3
    err = capsys.readouterr().err
    assert "read-only" not in err and "immutable attribute" in err
    assert record.read_bytes() == DAMAGED


@pytest.mark.parametrize("second", ["./d.mrs", "link.mrs"])
def test_a_file_named_twice_gets_one_patch(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
    second: str,
) -> None:
    (tmp_path / "d.mrs").write_bytes(DAMAGED)
    os.link(tmp_path / "d.mrs", tmp_path / "link.mrs")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--diff", "d.mrs", second]) == 1
    captured = capsysbinary.readouterr()
    assert captured.out.count(b"\n+++ ") == 1  # `patch` applied a second one backwards
    assert b"same file as a name before it" in captured.err


@pytest.mark.parametrize("value", ["0", "-1", "١", "1e0", "+2", ""])
def test_a_fix_number_that_is_no_fix_is_a_usage_error_and_writes_nothing(tmp_path, value):
    """Third review: `--fix=0` was taken as a file name ("0: no such file") while the
    automatic fix was written to the other files, and `--fix=١` applied fix 1."""
    record = tmp_path / "e.mrs"
    text = '[Game "Maerstanas"]\n\n1. D4 E4 3. C3 *\n'
    record.write_text(text, encoding="utf-8")
    assert main(["check", f"--fix={value}", str(record)]) == 2
    assert record.read_text(encoding="utf-8") == text
