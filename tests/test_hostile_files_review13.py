"""Hostile files, thirteenth review (issue 26): the kinds of failure it found.

- `scan -o` named the photo it reads through a link, `/proc/self/cwd/...` or
  `/dev/fd/N`, and wrote the record over it;
- `scoresheet --scannable --layout X -o X` wrote both into one file (and
  `--layout` without `--scannable` was ignored without a word);
- `check --fix`'s last look read the whole file however large it had grown;
- `puzzles` printed its `-o` name raw (a line break forged a second line);
- an `-o` written in place (a file with other names) that the file-size limit
  cut short, or whose write failed, was left half new, half old.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from test_hostile_files_review10 import DAMAGED

from maerstanas_print.cli import main
from maerstanas_print.io import editing, outputs
from maerstanas_print.io.errors import OutputError
from maerstanas_print.resources import sample_path
from tests.process_helpers import run_python


def _photo(tmp_path: Path) -> Path:
    """A photo's file: the refusal comes before it is read, so any bytes do."""
    target = tmp_path / "s.jpg"
    target.write_bytes(b"\xff\xd8\xff\xe0 the only copy of a hand-written sheet")
    return target


@pytest.mark.parametrize("how", ["hard link", "symlink", "proc", "descriptor"])
def test_scan_never_writes_over_its_photo_by_another_name(tmp_path: Path, how: str) -> None:
    photo = _photo(tmp_path)
    before = photo.read_bytes()
    if how == "hard link":
        os.link(photo, tmp_path / "other.jpg")
        name = "other.jpg"
    elif how == "symlink":
        (tmp_path / "other.jpg").symlink_to("s.jpg")
        name = "other.jpg"
    elif how == "proc":
        name = "/proc/self/cwd/s.jpg"
    else:
        name = "/dev/fd/5"
    code = (
        "import os, sys; from maerstanas_print.cli import main;"
        "fd = os.open('s.jpg', os.O_RDWR); os.dup2(fd, 5);"
        "sys.exit(main(['scan', 's.jpg', '-o', sys.argv[1]]))"
    )
    done = run_python(tmp_path, code, name)
    assert done.returncode == 2, done.stderr
    assert "-o names one of the photos" in done.stderr
    assert photo.read_bytes() == before


def test_a_layout_and_a_sheet_never_share_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["scoresheet", "--scannable", "--layout", "x.pdf", "-o", "x.pdf"]) == 2
    assert "--layout and -o name the same file" in capsys.readouterr().err
    assert not Path("x.pdf").exists()
    Path("x.pdf").write_bytes(b"%PDF old")
    os.link("x.pdf", "y.json")
    assert main(["scoresheet", "--scannable", "--layout", "y.json", "-o", "x.pdf"]) == 2
    assert Path("x.pdf").read_bytes() == b"%PDF old"
    assert main(["scoresheet", "--layout", "l.json", "-o", "s.pdf"]) == 2
    assert "--layout is for --scannable sheets" in capsys.readouterr().err
    assert not Path("s.pdf").exists() and not Path("l.json").exists()
    assert main(["scoresheet", "--scannable", "--layout", "l.json", "-o", "s.pdf"]) == 0
    assert Path("l.json").read_text(encoding="utf-8").startswith("{")


def test_the_last_look_reads_no_more_than_the_file_read_and_one_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file grown to 20 GB (sparse) during the search ended in a MemoryError."""
    target = tmp_path / "t.mrs"
    target.write_bytes(DAMAGED)
    edited = editing.read_for_edit(str(target))
    with target.open("r+b") as handle:
        handle.truncate(2**40)  # a terabyte of nothing: never read whole
    again = editing._read_again(target, edited.identity, len(edited.data))
    assert again is not None and len(again) == len(DAMAGED) + 1
    with pytest.raises(OutputError, match="changed while it was checked"):
        editing.write_edit(edited, DAMAGED.replace(b"3. C3", b"2. C3"))
    assert target.stat().st_size == 2**40
    os.link(target, tmp_path / "other.mrs")  # written in place: the same look
    with pytest.raises(OutputError, match="changed while it was checked"):
        editing.write_edit(edited, DAMAGED.replace(b"3. C3", b"2. C3"))


def test_puzzles_shows_its_output_name_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    name = "x\nmaerstanas-print: wrote \x1b[31mred.html"
    casual = str(sample_path("casual-games.mrs"))
    assert main(["puzzles", "--budget", "600", casual, "-o", name]) == 0  # done long before
    err = capsys.readouterr().err
    assert "\x1b" not in err and err.count("\n") == 1, err
    assert "x\\x0amaerstanas-print" in err or "x\\nmaerstanas-print" in err, err


def test_an_output_written_in_place_past_the_size_limit_is_refused_whole(tmp_path: Path) -> None:
    """`ulimit -f 2` cut the new record at 2,048 bytes and left the old file's
    last 17,952 bytes after it, in both of its names."""
    out = tmp_path / "out.mrs"
    out.write_text("OLD " * 5000, encoding="utf-8")
    os.link(out, tmp_path / "link.mrs")
    casual = str(sample_path("casual-games.mrs"))
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048));"
        "from maerstanas_print.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    done = run_python(tmp_path, code, "fmt", casual, "-o", "out.mrs")
    assert done.returncode == 3, done.stderr
    assert "file-size limit of 2,048 bytes" in done.stderr and "as it was" in done.stderr
    assert out.read_text(encoding="utf-8") == "OLD " * 5000


def test_an_output_whose_write_fails_part_way_gets_its_old_bytes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.txt"
    out.write_bytes(b"the old text\n" * 100)
    os.link(out, tmp_path / "link.txt")  # written in place
    real = outputs.write_all
    calls = []

    def failing(handle, data):  # type: ignore[no-untyped-def]
        calls.append(len(data))
        if len(calls) == 1:  # the new bytes: half of them, then the disk fails
            real(handle, bytes(data[: len(data) // 2]))
            raise OSError(errno.EIO, "Input/output error")
        real(handle, data)

    monkeypatch.setattr(outputs, "write_all", failing)
    with pytest.raises(OutputError, match="Input/output error; the file is as it was"):
        outputs.write_output(out, b"new " * 1000)
    assert (tmp_path / "link.txt").read_bytes() == b"the old text\n" * 100
