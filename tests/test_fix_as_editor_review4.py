"""The fourth re-review of the file writers (issue 26): `check --fix` and every
`-o` share one way of replacing a file, and each failure found was one kind:

- a file name that is not UTF-8 (a traceback, the later files skipped);
- a signal whose default ends the process (SIGUSR1, SIGALRM) during a write
  beside the target (a `.part` file left);
- `-o` over an existing file gave it its folder's default access list;
- `check --fix -` (read as a fix's number) and `check --fix FILE -` (FILE not
  fixed, a message about --json);
- a number of more than 4,300 digits (Python's own limit: a traceback);
- a read-only file system named as a permission problem.

Each test failed on the code the review ran (main at 589f905).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import editing, outputs
from maerstanas_print.io.exits import CommandError
from maerstanas_print.io.numbers import MAX_DIGITS, whole_number
from maerstanas_print.io.outputs import write_output
from tests.access_lists import (
    ACL_GROUP_OBJ,
    ACL_OTHER,
    ACL_USER_OBJ,
    acl,
    moved_into_shared_folder,
)
from tests.signal_scripts import signal_after_write

DAMAGED = b'[Game "Maerstanas"]\n\n1. D4 E4 3. C3 *\n'
FIXED = b'[Game "Maerstanas"]\n\n1. D4 E4 2. C3 *\n'
NOT_UTF8 = os.fsdecode(b"\xff\xfe.mrs")  # as Python hands such a name over
HUGE = "9" * 5000  # past Python's 4,300-digit limit of int()


# --- file names that are not UTF-8 ---------------------------------------------


def test_fix_writes_a_file_whose_name_is_not_utf8_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A UnicodeEncodeError traceback while the temporary name was made; the
    files after it were never fixed."""
    odd, plain = tmp_path / NOT_UTF8, tmp_path / "after.mrs"
    odd.write_bytes(DAMAGED)
    plain.write_bytes(DAMAGED)
    assert main(["check", "--fix", str(odd), str(plain)]) == 0
    assert odd.read_bytes() == FIXED
    assert plain.read_bytes() == FIXED
    out = capsys.readouterr().out
    assert "\\xff\\xfe.mrs:3:10: fixed M301: " in out  # its bytes shown, as `ls -b`
    assert "after.mrs:3:10: fixed M301: " in out


def test_an_output_whose_name_is_not_utf8_is_written(tmp_path: Path) -> None:
    """The same traceback for every `-o` writer (`import`, `annotate`, `game`)."""
    target = tmp_path / os.fsdecode(b"\xfd\xfc.pdf")
    write_output(target, b"new")
    assert target.read_bytes() == b"new"
    assert os.listdir(os.fsencode(tmp_path)) == [b"\xfd\xfc.pdf"]


# --- signals whose default is to end the process --------------------------------

# `write_output` over an existing file, the temporary file's write followed by
# the signal; Ctrl-C and SIGTERM are handled as `maerstanas-print` handles them.
_SIGNALLED_OUTPUT = (
    signal_after_write("maerstanas_print.io.outputs", '"wb"', "getattr(signal, sys.argv[2])")
    + """
import maerstanas_print.io.outputs as outputs
from maerstanas_print.cli import install_signal_handlers
install_signal_handlers()
try:
    outputs.write_output(sys.argv[1], b"new\\n")
except (KeyboardInterrupt, BaseException):
    sys.exit(100)
"""
)


@pytest.mark.parametrize("name", ["SIGUSR1", "SIGUSR2", "SIGALRM"])
def test_a_signal_during_an_output_write_leaves_no_temporary_file(
    tmp_path: Path, name: str
) -> None:
    """`import -o` stopped by SIGUSR1 left `.out.mrs~KEY.PID.XXXX.part`: the
    signal now waits for the rename, then ends the run as it would have."""
    target = tmp_path / "out.mrs"
    target.write_bytes(b"old\n")
    done = subprocess.run(
        [sys.executable, "-c", _SIGNALLED_OUTPUT, str(target), name],
        capture_output=True,
        check=False,
    )
    assert done.returncode == -getattr(signal, name), done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["out.mrs"]
    assert target.read_bytes() == b"new\n"


def test_ctrl_c_during_an_output_write_still_stops_it_at_once(tmp_path: Path) -> None:
    """Ctrl-C is not held for `-o`: the write stops, the temporary file goes,
    the old file stays."""
    target = tmp_path / "out.mrs"
    target.write_bytes(b"old\n")
    done = subprocess.run(
        [sys.executable, "-c", _SIGNALLED_OUTPUT, str(target), "SIGINT"],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 100, done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["out.mrs"]
    assert target.read_bytes() == b"old\n"


# --- -o over an existing file: no access list from the folder -------------------


def test_an_output_over_a_file_gets_no_access_list_from_its_folder(tmp_path: Path) -> None:
    """`import -o acl/out.mrs` over a 0640 file: `nobody` could read it after."""
    target = moved_into_shared_folder(tmp_path, "out.mrs", b"old\n")
    write_output(target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert os.listxattr(target) == []
    assert oct(target.stat().st_mode & 0o7777) == oct(0o640)


def test_a_new_output_is_as_open_as_the_folder_makes_a_new_file(tmp_path: Path) -> None:
    """Fifth re-review: a new `-o` file in a folder whose default access list gives
    others nothing was chmod-ed to 0644 and readable by everyone; `touch` gives 0640."""
    folder = tmp_path / "shared"
    folder.mkdir()
    default = acl(
        (ACL_USER_OBJ, 7, 0xFFFFFFFF), (ACL_GROUP_OBJ, 5, 0xFFFFFFFF), (ACL_OTHER, 0, 0xFFFFFFFF)
    )
    try:
        os.setxattr(folder, "system.posix_acl_default", default)
    except OSError as exc:
        pytest.skip(f"this file system keeps no access lists ({exc.strerror})")
    os.close(os.open(folder / "touched", os.O_CREAT | os.O_WRONLY, 0o666))  # as `touch` does
    write_output(folder / "new.mrs", b"new\n")
    assert (folder / "new.mrs").read_bytes() == b"new\n"
    touched = (folder / "touched").stat().st_mode & 0o7777
    assert oct((folder / "new.mrs").stat().st_mode & 0o7777) == oct(touched) == oct(0o640)


def test_an_attribute_an_output_gets_from_its_folder_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same without access lists, through the one function `--fix` uses."""
    probe = tmp_path / "probe"
    probe.write_bytes(b"")
    try:
        os.setxattr(probe, "user.probe", b"1")
    except OSError as exc:
        pytest.skip(f"this file system keeps no user attributes ({exc.strerror})")
    target = tmp_path / "out.mrs"
    target.write_bytes(b"old\n")
    target.chmod(0o600)
    made = outputs.temporary_beside

    def with_a_note(path: Path, mode: int = 0o600) -> tuple[int, str]:
        fd, name = made(path, mode)
        os.setxattr(fd, "user.inherited", b"from the folder")
        return fd, name

    monkeypatch.setattr(outputs, "temporary_beside", with_a_note)
    write_output(target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert os.listxattr(target) == []
    assert oct(target.stat().st_mode & 0o7777) == oct(0o600)


# --- `-` with --fix ------------------------------------------------------------


def test_fix_of_stdin_alone_is_refused_as_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    """`check --fix -` read `-` as a fix's number (exit 2)."""
    assert main(["check", "--fix", "-"]) == 3
    assert "<stdin>: --fix rewrites record files only" in capsys.readouterr().err


def test_fix_of_a_file_and_stdin_fixes_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check --fix FILE -` fixed nothing and spoke of --json."""
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    assert main(["check", "--fix", str(record), "-"]) == 3
    assert record.read_bytes() == FIXED
    err = capsys.readouterr().err
    assert "<stdin>: --fix rewrites record files only" in err
    assert "--json" not in err


@pytest.mark.parametrize("option", ["--fix", "--diff"])
def test_json_with_fix_or_diff_names_what_was_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    assert main(["check", option, "--json", str(record)]) == 2
    err = capsys.readouterr().err
    assert f"{option} cannot go with --json" in err
    assert record.read_bytes() == DAMAGED


# --- numbers past Python's digit limit -------------------------------------------


@pytest.mark.parametrize(
    "words",
    [
        ["check", "--fix", HUGE, "{record}"],
        ["check", "--fix", f"1:{HUGE}", "{record}"],
        ["check", "--diff", "--fix", f"{HUGE}:1", "{record}"],
        ["game", "{record}", "--index", HUGE, "-o", "{out}/x.pdf"],
        ["diagram", "{record}", "--ply", HUGE, "-o", "{out}/d.svg"],
        ["analyse", "--exact-from", HUGE, "{record}"],
        ["analyse", "--depth", HUGE, "{record}"],
    ],
)
def test_a_number_past_the_digit_limit_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    """A ValueError traceback (exit 1) for every whole-number option."""
    record = tmp_path / "e.mrs"
    record.write_bytes(FIXED if words[0] != "check" else DAMAGED)
    argv = [w.format(record=record, out=tmp_path) for w in words]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "a number of 5,000 digits" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.mrs"]


def test_leading_zeros_do_not_count_as_digits() -> None:
    assert whole_number("0" * 5000 + "7", "--index") == 7
    with pytest.raises(CommandError):
        whole_number("1" * (MAX_DIGITS + 1), "--index")


def test_a_tafl_move_count_past_the_digit_limit_is_a_claim_error() -> None:
    from maerstanas_print.plugins.tafl import book_claims
    from maerstanas_print.rulebook.claim_base import ClaimError

    with pytest.raises(ClaimError, match="digits"):
        book_claims.read_tafl_claim(f"moves Dark {HUGE}")


# --- a read-only file system ------------------------------------------------------


def test_a_read_only_file_system_is_named_as_the_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--fix` on a file of a file system mounted read-only blamed its mode,
    owner or access list."""
    record = tmp_path / "d.mrs"
    record.write_bytes(DAMAGED)
    real = os.statvfs

    class ReadOnly:
        def __init__(self, path: object) -> None:
            self.info = real(path)  # type: ignore[arg-type]
            self.f_flag = self.info.f_flag | os.ST_RDONLY

    monkeypatch.setattr(editing.os, "statvfs", ReadOnly)
    monkeypatch.setattr(editing.os, "access", lambda *args, **kwargs: False)
    assert main(["check", "--fix", str(record)]) == 3
    err = capsys.readouterr().err
    assert "read-only file system" in err
    assert "access list" not in err
    assert record.read_bytes() == DAMAGED


def test_a_panel_number_past_the_digit_limit_names_no_panel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`{{ pairs.<5,000 nines>.dark-score }}` in a book source: the same
    traceback, from the panel number of a reference."""
    from maerstanas_print.resources import sample_path

    text = sample_path("club-rules.md").read_text(encoding="utf-8")
    assert "{{ pairs.dark-score }}" in text
    source = tmp_path / "book.md"
    source.write_text(
        text.replace("{{ pairs.dark-score }}", f"{{{{ pairs.{HUGE}.dark-score }}}}", 1)
    )
    assert main(["rulebook", "--check", str(source)]) == 1
    captured = capsys.readouterr()
    assert "error R106: " in captured.out + captured.err


def test_check_json_names_a_file_that_is_not_utf8_in_valid_json(tmp_path: Path) -> None:
    """Fifth re-review: the path came out as `"\\xff\\xfe.mrs"` (not a JSON escape)."""
    import json
    import subprocess
    import sys

    name = os.fsencode(tmp_path) + b"/\xff\xfe.mrs"
    with open(name, "wb") as handle:
        handle.write(b"1. D4 E4 *\n")
    done = subprocess.run(
        [sys.executable, "-m", "maerstanas_print", "check", "--json", name],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["files"][0]["path"].endswith("/\\xff\\xfe.mrs")


def test_another_users_file_in_their_sticky_folder_is_fixed_in_place(tmp_path: Path) -> None:
    """Fifth re-review: without the power to override owners (a service that keeps
    CAP_CHOWN only), the temporary file given to the file's owner could be neither
    renamed over the file nor removed: a traceback and a `.part` left behind."""
    import pwd
    import shutil

    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to drop CAP_FOWNER")
    nobody = pwd.getpwnam("nobody").pw_uid
    folder = tmp_path / "theirs"
    folder.mkdir()
    tmp_path.chmod(0o755)
    os.chown(folder, nobody, -1)
    folder.chmod(0o1777)
    record = folder / "r.mrs"
    record.write_bytes(DAMAGED)
    record.chmod(0o666)
    os.chown(record, nobody, -1)
    done = subprocess.run(
        ["setpriv", "--inh-caps=-fowner", "--bounding-set=-fowner", sys.executable]
        + ["-m", "maerstanas_print", "check", "--fix", str(record)],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert record.read_bytes() == FIXED and record.stat().st_uid == nobody
    assert sorted(p.name for p in folder.iterdir()) == ["r.mrs"]
