"""Hostile files, tenth review (issue 26): the kinds of failure it found.

- `build` refuses, before any work, a product whose name in the output folder
  is a folder or a link to one (a printer wrote into it: one level down, or
  outside the output folder);
- in a folder where nothing can be renamed (`chattr +a` or `+i` on it) no
  temporary file is made: a new output is refused, an existing file (and
  `check --fix`'s) is written in place;
- a signal after the run has said what it did changes neither its exit code
  nor its last line;
- `check --fix` writes only while the name as given still leads to the file
  it read, and under an exclusive lock, so two runs on one file take turns;
- `scan` refuses a JPEG of more scans than a photo has before decoding it.
"""

from __future__ import annotations

import fcntl
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from record_helpers import ROOT

from maerstanas_print.commands.build import jobs
from maerstanas_print.io import editing, inode_flags, overwrite_rules
from maerstanas_print.io.errors import OutputError
from maerstanas_print.io.limits import MAX_JPEG_SCANS
from maerstanas_print.io.outputs import write_output
from tests.process_helpers import HANG_S

DAMAGED = b'[Game "Maerstanas"]\n\n1. D4 E4 3. C3 *\n'  # one sure fix: `2.` for `3.`


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "maerstanas_print", *args],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=False,
    )


# --- build: a product's name that is a folder ------------------------------------


@pytest.mark.parametrize("linked", [False, True])
def test_build_refuses_a_product_name_that_is_a_folder(tmp_path: Path, linked: bool) -> None:
    out = tmp_path / "out"
    out.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    last = jobs()[-1][0]  # the last product: every other one would be made first
    if linked:
        (out / last).symlink_to(elsewhere)
    else:
        (out / last).mkdir()
    done = _cli(tmp_path, "build", "-o", "out")
    assert done.returncode == 3, done.stderr
    assert f"out/{last}: it is a folder" in done.stderr
    assert ("a link to one" in done.stderr) == linked
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in out.iterdir()) == [last]  # nothing made before it
    assert list(elsewhere.iterdir()) == [] and list((out / last).iterdir()) == []


# --- a folder where nothing can be renamed (chattr +a, +i) -----------------------


@pytest.fixture
def append_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder the flags read as append-only (as `chattr +a` sets, which needs root
    and a file system with flags): the rules see it as such, nothing else changes."""
    folder = tmp_path / "ad"
    folder.mkdir()
    real = overwrite_rules.inode_flags

    def flags(path: str | os.PathLike[str]) -> int:
        if Path(path) == folder:
            return inode_flags.APPEND_ONLY
        return real(path)

    monkeypatch.setattr(overwrite_rules, "inode_flags", flags)
    return folder


def test_a_new_output_in_an_append_only_folder_is_refused_and_leaves_nothing(
    append_only_folder: Path,
) -> None:
    with pytest.raises(OutputError, match=r"append-only \(chattr \+a\)"):
        write_output(append_only_folder / "new.mrs", "x\n")
    assert list(append_only_folder.iterdir()) == []  # no temporary file either


def test_an_existing_file_in_an_append_only_folder_is_written_in_place(
    append_only_folder: Path,
) -> None:
    target = append_only_folder / "a.mrs"
    target.write_bytes(DAMAGED)
    inode = target.stat().st_ino
    write_output(target, "new\n")
    edited = editing.read_for_edit(str(target))
    editing.write_edit(edited, b"newer\n")
    assert target.read_bytes() == b"newer\n" and target.stat().st_ino == inode
    assert [p.name for p in append_only_folder.iterdir()] == ["a.mrs"]


def test_a_real_append_only_folder_gets_no_temporary_file(tmp_path: Path) -> None:
    """The same with `chattr +a`, where the machine allows it (root, ext4 and kin)."""
    folder = tmp_path / "ad"
    folder.mkdir()
    (folder / "a.mrs").write_bytes(DAMAGED)
    try:
        subprocess.run(["chattr", "+a", str(folder)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("chattr +a is not allowed here (needs root and a file system with flags)")
    try:
        fixed = _cli(tmp_path, "check", "--fix", "ad/a.mrs")
        new = _cli(tmp_path, "fmt", "ad/a.mrs", "-o", "ad/new.mrs")
    finally:
        subprocess.run(["chattr", "-a", str(folder)], check=False)
    assert fixed.returncode == 0, fixed.stderr
    assert (folder / "a.mrs").read_bytes() == DAMAGED.replace(b"3. C3", b"2. C3")
    assert new.returncode == 3 and "append-only" in new.stderr, new.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["a.mrs"]


# --- a signal once the run has said what it did -----------------------------------


def test_a_signal_after_the_run_said_wrote_keeps_its_exit_code_or_says_so(
    tmp_path: Path,
) -> None:
    """Python puts back the default actions as it shuts down: a Ctrl-C just after
    "wrote FILE" ended the run with 130 and no line of ours (6 in 6 tries). Now the
    run ends 0, or (caught before it was over) 130 with its line."""
    for _ in range(3):
        err = tmp_path / "err"
        with open(err, "wb") as stream:
            run = subprocess.Popen(
                [sys.executable, "-m", "maerstanas_print", "scoresheet", "-o", "s.pdf"],
                cwd=tmp_path,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=stream,
            )
            waited = 0.0
            while b"wrote" not in err.read_bytes() and run.poll() is None and waited < HANG_S:
                time.sleep(0.002)
                waited += 0.002
            run.send_signal(signal.SIGINT)
            code = run.wait(timeout=HANG_S)
        said = err.read_text(encoding="utf-8")
        assert code == 0 or (code == 130 and "maerstanas-print: interrupted" in said), (
            code,
            said,
        )


def test_the_handlers_ignore_the_stopping_signals_once_the_run_is_over() -> None:
    from maerstanas_print.cli import ignore_stops

    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        ignore_stops()
        assert all(signal.getsignal(s) == signal.SIG_IGN for s in saved)
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


# --- check --fix: the name as given, and one run at a time ------------------------


def test_fix_writes_nothing_when_the_link_given_was_pointed_elsewhere(tmp_path: Path) -> None:
    a, b, link = tmp_path / "a.mrs", tmp_path / "b.mrs", tmp_path / "l.mrs"
    a.write_bytes(DAMAGED)
    b.write_bytes(DAMAGED)
    link.symlink_to("a.mrs")
    edited = editing.read_for_edit(str(link))
    link.unlink()
    link.symlink_to("b.mrs")  # as `ln -sfn b.mrs l.mrs` while the fixes were searched
    with pytest.raises(OutputError, match="changed while it was checked"):
        editing.write_edit(edited, b"fixed\n")
    assert a.read_bytes() == DAMAGED and b.read_bytes() == DAMAGED


def test_fix_waits_for_a_lock_and_refuses_one_held_too_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    edited = editing.read_for_edit(str(target))
    monkeypatch.setattr(editing, "LOCK_WAIT_S", 0.2)
    with open(target, "rb") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)  # another run in its last look
        with pytest.raises(OutputError, match="held a lock on it"):
            editing.write_edit(edited, b"fixed\n")
        assert target.read_bytes() == DAMAGED
    editing.write_edit(edited, b"fixed\n")  # the lock released: written
    assert target.read_bytes() == b"fixed\n"


def test_the_second_of_two_fixes_read_together_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    first, second = (editing.read_for_edit(str(target)) for _ in range(2))
    editing.write_edit(first, b"one\n")
    with pytest.raises(OutputError, match="changed while it was checked"):
        editing.write_edit(second, b"two\n")
    assert target.read_bytes() == b"one\n"


# --- scan: a JPEG of thousands of scans -------------------------------------------


def test_scan_refuses_a_jpeg_of_too_many_scans_before_decoding(tmp_path: Path) -> None:
    pytest.importorskip("cv2", reason="the scan extra (OpenCV) is not installed")
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (600, 600), 128).save(buffer, "JPEG", progressive=True)
    photo = buffer.getvalue()
    last = photo.rfind(b"\xff\xda")  # its last scan, repeated until EOI
    bomb = photo[:-2] + photo[last:-2] * (MAX_JPEG_SCANS + 10) + b"\xff\xd9"
    (tmp_path / "bomb.jpg").write_bytes(bomb)
    done = _cli(tmp_path, "scan", "bomb.jpg", "-o", "s.mrs")
    assert done.returncode == 3, done.stderr
    assert f"more than a photo to scan may have ({MAX_JPEG_SCANS})" in done.stderr
    assert not (tmp_path / "s.mrs").exists()
    sheet = ROOT / "maerstanas_print" / "samples" / "scanned-sheet.jpg"
    assert sheet.read_bytes().count(b"\xff\xda") <= MAX_JPEG_SCANS  # a real photo passes


# --- -o under a name too long, or a folder we may not enter -----------------------

SAMPLE = str(ROOT / "maerstanas_print" / "samples" / "sample-game.mrs")
# Python 3.11's Path.exists() and is_dir() raise for these (os.path's never do)
WRITERS = [["fmt", SAMPLE], ["board"], ["game", SAMPLE], ["build"]]


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: c[0])
def test_an_output_under_a_name_too_long_is_one_line(tmp_path: Path, command) -> None:
    done = _cli(tmp_path, *command, "-o", "a" * 256 + "/x.pdf")
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and "File name too long" in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("maerstanas-print: ")


def _as_a_user(*args: str) -> list[str]:
    """`args` run without root's power to read and write every folder (setpriv)."""
    caps = "-dac_override,-dac_read_search,-chown,-fowner,-fsetid"
    return ["setpriv", f"--bounding-set={caps}", f"--inh-caps={caps}", "--", *args]


def _can_drop_root(tmp_path: Path) -> bool:
    if os.geteuid() != 0:
        return False
    try:
        done = subprocess.run(_as_a_user("true"), capture_output=True, timeout=HANG_S)
    except OSError:
        return False
    return done.returncode == 0


def _as_a_user_run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`maerstanas-print args` in `tmp_path`, run without root's powers (`_as_a_user`)."""
    return subprocess.run(
        _as_a_user(sys.executable, "-m", "maerstanas_print", *args),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=False,
    )


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: c[0])
def test_an_output_in_a_folder_we_may_not_enter_is_one_line(tmp_path: Path, command) -> None:
    if not _can_drop_root(tmp_path):
        pytest.skip("needs root and setpriv to act as a user without access to the folder")
    closed = tmp_path / "other"
    closed.mkdir(mode=0o700)
    os.chown(closed, 65534, 65534)  # nobody's private folder
    done = _as_a_user_run(tmp_path, *command, "-o", "other/sub/x.pdf")
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and "Permission denied" in done.stderr


@pytest.mark.parametrize("linked", [True, False], ids=["in place", "by rename"])
def test_a_rewrite_keeps_the_set_user_id_bit(tmp_path: Path, linked: bool) -> None:
    """The kernel clears it on a write by a process that may not keep it."""
    if not _can_drop_root(tmp_path):
        pytest.skip("needs root and setpriv to write as a process without CAP_FSETID")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    target.chmod(0o4755)
    if linked:
        os.link(target, tmp_path / "b.mrs")  # another name: written in place
    done = _as_a_user_run(tmp_path, "check", "--fix", "a.mrs")
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == DAMAGED.replace(b"3. C3", b"2. C3")
    assert oct(target.stat().st_mode & 0o7777) == oct(0o4755)


# --- a named pipe swapped in at the write; a record too large to read whole -------


def test_fix_never_blocks_on_a_named_pipe_swapped_in_for_the_file(tmp_path: Path) -> None:
    """`check --fix` held every signal around the write, and its last look opened
    the name blocking: a FIFO put there (with no writer) hung it beyond SIGTERM."""
    target = tmp_path / "t.mrs"
    target.write_bytes(DAMAGED)
    edited = editing.read_for_edit(str(target))
    target.unlink()
    os.mkfifo(target)
    with pytest.raises(OutputError, match="no longer a regular file"):
        editing.write_edit(edited, b"fixed\n")
    # swapped in after that look: the last look and the write in place never block
    assert editing._read_again(target, None, len(DAMAGED)) is None
    with pytest.raises(OutputError, match="changed while it was checked"):
        editing._write_in_place(target, b"fixed\n", edited, "t.mrs")


def test_a_record_too_large_to_read_whole_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`fmt` of a 120 MB file ended in a MemoryError traceback at 3.9 GB."""
    from maerstanas_print.cli import main
    from maerstanas_print.io import limits

    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_CHARS", 1000)
    big = tmp_path / "big.mrs"
    big.write_text(Path(SAMPLE).read_text(encoding="utf-8") * 3, encoding="utf-8")
    for command in (["fmt", str(big), "-o", str(tmp_path / "o.mrs")], ["analyse", str(big)]):
        assert main(command) == 1
    assert not (tmp_path / "o.mrs").exists()
    assert main(["check", "-q", str(big)]) == 0  # check reads it in pieces


def test_an_animation_longer_than_the_frame_limit_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`diagram -o X.gif` of a legal 2,000-ply game (19 KB) ended in a MemoryError."""
    pytest.importorskip("PIL", reason="the raster extra is not installed")
    from maerstanas_print.cli import main
    from maerstanas_print.io import limits

    monkeypatch.setattr(limits, "MAX_GIF_FRAMES", 5)
    out = tmp_path / "g.gif"
    assert main(["diagram", SAMPLE, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "an animated GIF shows at most 4" in err and "Traceback" not in err
    assert not out.exists()


# --- the eleventh review: the same kinds, other paths --------------------------------


def test_a_signal_stops_the_wait_for_a_lock_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`check --fix` holds every signal around its write; the wait for another
    program's lock sat inside that, so Ctrl-C waited up to 10 s and then came
    with a second line. The signals this program handles now stop the wait."""
    from maerstanas_print.io.held import signals_held

    class Stop(Exception):
        pass

    def stop(signum: int, frame: object) -> None:
        raise Stop

    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    edited = editing.read_for_edit(str(target))
    monkeypatch.setattr(editing, "LOCK_WAIT_S", 3.0)
    saved = signal.signal(signal.SIGALRM, stop)
    try:
        with open(target, "rb") as holder:
            fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            with signals_held(), pytest.raises(Stop):
                editing.write_edit(edited, b"fixed\n")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, saved)
    assert target.read_bytes() == DAMAGED


def test_a_new_output_in_a_folder_we_cannot_list_leaves_no_temporary_file(
    tmp_path: Path,
) -> None:
    """A drop box (733): its flags cannot be read, so it may be append-only, where a
    temporary file could be neither renamed nor removed: a new file is refused, an
    existing one written in place."""
    if not _can_drop_root(tmp_path):
        pytest.skip("needs root and setpriv to act as a user who cannot list the folder")
    box = tmp_path / "box"
    box.mkdir()
    (box / "a.mrs").write_bytes(DAMAGED)
    (box / "a.mrs").chmod(0o666)
    box.chmod(0o733)
    os.chown(box, 65534, 65534)
    new = _as_a_user_run(tmp_path, "fmt", SAMPLE, "-o", "box/new.mrs")
    fixed = _as_a_user_run(tmp_path, "check", "--fix", "box/a.mrs")
    box.chmod(0o755)
    assert new.returncode == 3 and "cannot be listed" in new.stderr, new.stderr
    assert fixed.returncode == 0, fixed.stderr
    assert sorted(p.name for p in box.iterdir()) == ["a.mrs"]


def test_an_animation_refuses_a_comment_taller_than_a_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every frame was as tall as the longest comment: 216 KB of one opening comment
    ended in an OverflowError traceback at 3 GB."""
    pytest.importorskip("PIL", reason="the raster extra is not installed")
    from maerstanas_print.cli import main
    from maerstanas_print.io.limits import MAX_GIF_CAPTION_LINES

    moves = Path(SAMPLE).read_text(encoding="utf-8").split("\n\n", 1)[1]
    long = tmp_path / "long.mrs"
    long.write_text('[Game "Maerstanas"]\n\n{' + "lorem ipsum " * 400 + "}\n" + moves, "utf-8")
    out = tmp_path / "g.gif"
    assert main(["diagram", str(long), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"frame shows at most {MAX_GIF_CAPTION_LINES}" in err and not out.exists()


def test_a_file_name_with_a_line_break_stays_on_one_line(tmp_path: Path) -> None:
    named = tmp_path / "x\nmaerstanas-print: wrote ok.mrs"
    named.write_text(Path(SAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    for command, out in (("diagram", "o.svg"), ("game", "o.pdf")):
        done = _cli(tmp_path, command, str(named), "--index", "5", "-o", str(tmp_path / out))
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "x\\x0amaerstanas" in done.stderr, done.stderr


def test_scans_are_counted_segment_by_segment_to_the_end_of_the_image() -> None:
    """A photo with data after its end (a phone's motion photo) was refused as a
    JPEG of 123 scans: every FF DA of the file was counted."""
    from maerstanas_print.scan.image_size import jpeg_scans

    sheet = (ROOT / "maerstanas_print" / "samples" / "scanned-sheet.jpg").read_bytes()
    assert jpeg_scans(sheet) == 1
    assert jpeg_scans(sheet + b"\xff\xda\x00\x08" * 5000) == 1


def test_a_record_of_too_many_games_to_hold_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A megabyte of `*` lines is half a million empty games: `fmt` held them all,
    900 MB in 47 s (5 MB: a MemoryError at 4 GB)."""
    from maerstanas_print.cli import main
    from maerstanas_print.io import limits

    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_GAMES", 50)
    stars = tmp_path / "stars.mrs"
    stars.write_text("*\n" * 51, encoding="utf-8")
    out = tmp_path / "o.mrs"
    assert main(["fmt", str(stars), "-o", str(out)]) == 1
    assert "more than 50 games" in capsys.readouterr().err and not out.exists()
    stars.write_text("*\n" * 50, encoding="utf-8")
    assert main(["fmt", str(stars), "-o", str(out)]) == 0
