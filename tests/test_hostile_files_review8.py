"""Hostile files, eighth review (issue 26): the kinds of failure it found.

- `scan` finds a JPEG's frame header past junk bytes between segments (as
  libjpeg does), and refuses, without decoding it, a photo whose size it cannot
  read from its header;
- `-` read from a regular file on standard input and `-o /dev/stdin` name the
  same file: refused (exit 2) like `-o` naming a named input;
- `-o` over an existing file follows `check --fix`'s rules: a file the user
  may not write is refused (exit 3), and a file with other links or another
  owner is written in place;
- invisible spaces and joiners are escaped in messages;
- `-o DIR/.` and `-o ''` are usage errors (exit 2) before any work.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from record_helpers import ROOT

from maerstanas_print.io.limits import MAX_PHOTO_PIXELS
from maerstanas_print.scan.image_size import pixel_size
from tests.process_helpers import HANG_S

SHEET = ROOT / "maerstanas_print" / "samples" / "scanned-sheet.jpg"
CASUAL = ROOT / "maerstanas_print" / "samples" / "casual-games.mrs"


def _cli(tmp_path: Path, *args: str, stdin: Path | None = None) -> subprocess.CompletedProcess[str]:
    with open(stdin or os.devnull, "rb") as feed:
        return subprocess.run(
            [sys.executable, "-m", "maerstanas_print", *args],
            cwd=tmp_path,
            stdin=feed,
            capture_output=True,
            text=True,
            timeout=HANG_S,
            check=False,
        )


# --- `scan`: junk between JPEG segments does not hide the frame header -----------


def _with_junk_after_first_segment(photo: bytes, junk: bytes = b"\x00\x01") -> bytes:
    length = int.from_bytes(photo[4:6], "big")
    end = 4 + length
    return photo[:end] + junk + photo[end:]


def _claiming(photo: bytes, width: int, height: int) -> bytes:
    """The photo with its frame header saying `width` x `height`."""
    size = pixel_size(photo)
    assert size is not None
    old = size[1].to_bytes(2, "big") + size[0].to_bytes(2, "big")
    at = photo.index(old)
    return photo[:at] + height.to_bytes(2, "big") + width.to_bytes(2, "big") + photo[at + 4 :]


def test_junk_between_jpeg_segments_is_skipped_when_reading_the_size() -> None:
    photo = SHEET.read_bytes()
    for junk in (b"\x00\x01", b"\x12", b"\xff\x00\x07", b"\xff\xff"):
        assert pixel_size(_with_junk_after_first_segment(photo, junk)) == (1200, 1600), junk


def test_scan_refuses_a_large_jpeg_with_junk_between_segments(tmp_path: Path) -> None:
    pytest.importorskip("cv2", reason="the scan extra (OpenCV) is not installed")
    big = _with_junk_after_first_segment(_claiming(SHEET.read_bytes(), 10_000, 10_000))
    (tmp_path / "big.jpg").write_bytes(big)
    done = _cli(tmp_path, "scan", "big.jpg", "-o", "s.mrs")
    assert done.returncode == 3, done.stderr
    assert "10,000x10,000 pixels" in done.stderr
    assert f"({MAX_PHOTO_PIXELS:,} pixels)" in done.stderr
    assert not (tmp_path / "s.mrs").exists()


def test_scan_refuses_a_photo_whose_size_cannot_be_read(tmp_path: Path) -> None:
    pytest.importorskip("cv2", reason="the scan extra (OpenCV) is not installed")
    photo = SHEET.read_bytes()
    start = photo.index(b"\xff\xda")  # no frame header before the scan data
    at = photo.index(b"\xff\xc0")
    headless = photo[:at] + photo[start:]
    assert pixel_size(headless) is None
    (tmp_path / "p.jpg").write_bytes(headless)
    done = _cli(tmp_path, "scan", "p.jpg", "-o", "s.mrs")
    assert done.returncode == 3, done.stderr
    assert "its size cannot be read from its header" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


# --- `-` from a redirected file and `-o /dev/stdin` name the same file ------------


@pytest.mark.parametrize(
    ("command", "name"),
    [("fmt", "/dev/stdin"), ("fmt", "/proc/self/fd/0"), ("import", "/dev/stdin")],
)
def test_output_naming_the_redirected_standard_input_is_refused(
    tmp_path: Path, command: str, name: str
) -> None:
    text = "1. D4 {[%diagram]} *\n" if command == "fmt" else "Moves:\n1. D4 - standard stone\n"
    source = tmp_path / "in.txt"
    source.write_text(text, encoding="utf-8")
    done = _cli(tmp_path, command, "-", "-o", name, stdin=source)
    assert done.returncode == 2, done.stderr
    assert "the output would overwrite the input" in done.stderr
    assert source.read_text(encoding="utf-8") == text


# --- `-o` over an existing file follows `check --fix`'s rules ---------------------

SAMPLE_GAME = ROOT / "maerstanas_print" / "samples" / "sample-game.mrs"


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (("fmt", str(CASUAL)), "ro.mrs"),
        (("import", "list.txt"), "ro.mrs"),
        (("game", str(SAMPLE_GAME)), "ro.html"),
    ],
    ids=["fmt", "import", "game"],
)
def test_output_over_a_read_only_file_is_refused(
    tmp_path: Path, args: tuple[str, ...], name: str
) -> None:
    (tmp_path / "list.txt").write_text("Moves:\n1. D4 - standard stone\n", encoding="utf-8")
    target = tmp_path / name
    target.write_text("keep me\n", encoding="utf-8")
    target.chmod(0o444)
    done = _cli(tmp_path, *args, "-o", name)
    assert done.returncode == 3, done.stderr
    assert "read-only for you" in done.stderr and len(done.stderr.splitlines()) == 1
    assert target.read_text(encoding="utf-8") == "keep me\n"


def test_output_over_a_hard_linked_file_is_written_in_place(tmp_path: Path) -> None:
    first, second = tmp_path / "h1.mrs", tmp_path / "h2.mrs"
    first.write_text("old\n", encoding="utf-8")
    os.link(first, second)
    inode = first.stat().st_ino
    done = _cli(tmp_path, "fmt", str(SAMPLE_GAME), "-o", "h1.mrs")
    assert done.returncode == 0, done.stderr
    assert first.stat().st_ino == inode
    assert second.read_bytes() == first.read_bytes() != b"old\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_output_over_another_users_file_keeps_its_owner(tmp_path: Path) -> None:
    target = tmp_path / "o2.mrs"
    target.write_text("old\n", encoding="utf-8")
    os.chown(target, 65534, 65534)
    done = _cli(tmp_path, "fmt", str(SAMPLE_GAME), "-o", "o2.mrs")
    assert done.returncode == 0, done.stderr
    assert (target.stat().st_uid, target.stat().st_gid) == (65534, 65534)
    assert target.read_text(encoding="utf-8").startswith("[Event")


# --- invisible characters are escaped where a message quotes the token at fault ----


@pytest.mark.parametrize(
    ("char", "shown"),
    [
        ("\u00a0", "`\\xa0` (no-break space)"),
        ("\u3000", "`\\u3000` (ideographic space)"),
        ("\u2007", "`\\u2007` (figure space)"),
        ("\u202f", "`\\u202f` (narrow no-break space)"),
        ("\u200c", "`\\u200cE4`"),
        ("\u200d", "`\\u200dE4`"),
        ("\u3164", "`\\u3164E4`"),
        ("\ufe0f", "`\\ufe0fE4`"),
        ("\u180b", "`\\u180bE4`"),  # review 26 files 9 #2: Mongolian selector,
        ("\u2800", "`\\u2800E4`"),  # the blank braille pattern,
        ("\u0301", "`\\u0301E4`"),  # a mark that would sit on the backtick
    ],
)
def test_an_invisible_character_at_fault_is_escaped(tmp_path: Path, char: str, shown: str) -> None:
    (tmp_path / "nb.mrs").write_text(f"1. D4{char}E4 *\n", encoding="utf-8")
    done = _cli(tmp_path, "check", "nb.mrs")
    assert done.returncode == 1
    assert f"error M100: unexpected {shown}" in done.stdout + done.stderr


# --- `-o DIR/.` names a folder, `-o ''` names nothing: usage errors, before work ---


@pytest.mark.parametrize("command", ["fmt", "annotate"])
@pytest.mark.parametrize("name", ["nd3/.", "nd3/..", ""], ids=["dot", "dotdot", "empty"])
def test_output_naming_a_folder_or_nothing_is_a_usage_error(
    tmp_path: Path, command: str, name: str
) -> None:
    done = _cli(tmp_path, command, str(SAMPLE_GAME), "-o", name)
    assert done.returncode == 2, done.stderr
    assert ("names a folder" if name else "names no file") in done.stderr
    assert sorted(os.listdir(tmp_path)) == []


EVERY_OUTPUT = {
    "build": [],
    "puzzles": ["--margin", "1", str(SAMPLE_GAME)],
    "scan": ["photo.jpg"],
    "game": [str(SAMPLE_GAME)],
    "board": [],
    "kit": [],
    "import": ["list.txt"],
}


@pytest.mark.parametrize("command", sorted(EVERY_OUTPUT))
def test_an_empty_output_name_is_a_usage_error_for_every_command(
    tmp_path: Path, command: str
) -> None:
    """Review 26 files 9 #1: `build -o ''` wrote 55 files into the current folder,
    `puzzles -o ''` wrote output/puzzles.pdf after its search, `scan -o ''` read the
    photo first. An empty name is refused before any work, whatever the command."""
    done = _cli(tmp_path, command, *EVERY_OUTPUT[command], "-o", "")
    assert done.returncode == 2, done.stderr
    assert "names no file" in done.stderr
    assert sorted(os.listdir(tmp_path)) == []


def test_a_printer_writes_its_default_name_into_dir_dot(tmp_path: Path) -> None:
    done = _cli(tmp_path, "game", str(SAMPLE_GAME), "-o", "nd/.")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "nd" / "sample-game.pdf").is_file()


# --- a standard error that cannot be written changes no exit code ---------------


@pytest.mark.parametrize("stderr", ["full", "closed"])
@pytest.mark.parametrize(
    ("words", "code"),
    [
        (["check", "--fix", "missing.mrs"], 3),
        (["import", "list.txt", "-o", "x.mrs"], 0),
        (["analyse", str(SAMPLE_GAME), "--depth", "1"], 0),
    ],
    ids=["fix-missing", "import", "analyse"],
)
def test_a_standard_error_that_cannot_be_written_keeps_the_exit_code(
    tmp_path: Path, words: list[str], code: int, stderr: str
) -> None:
    """Review 26 files 9 #4: with `2>/dev/full` a message's failed write raised while
    the command said another, and with `2>&-` the progress line asked a closed stream
    whether it was a terminal: exit 1 where the command meant 3 or 0."""
    (tmp_path / "list.txt").write_text("D4 - standard stone (Player 1)\n", encoding="utf-8")
    with open("/dev/full", "w") if stderr == "full" else open(os.devnull) as sink:
        done = subprocess.run(
            [sys.executable, "-m", "maerstanas_print", *words],
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=sink if stderr == "full" else None,
            pass_fds=(),
            preexec_fn=(lambda: os.close(2)) if stderr == "closed" else None,
            timeout=HANG_S,
            check=False,
        )
    assert done.returncode == code
    assert (tmp_path / "x.mrs").exists() == (words[0] == "import")
