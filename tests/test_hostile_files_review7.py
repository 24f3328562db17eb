"""Hostile files, seventh review (issue 26): the kinds of failure it found.

- reading a record is linear in its length: a long run of blanks at the end of a
  record, before a stray character, after a removal slash, or thousands of `{`
  that never close, are read once (the old reader re-read the run from each of
  its offsets: hours for the sizes below). These tests check what is read at
  those sizes; how the time grows is measured by bench/bench_blank_runs.py
  (a test that times the machine fails on a loaded one);
- `-o /dev/stdout` (or `/dev/fd/1`, `/proc/self/fd/1`, `/dev/stderr`) into a
  shell's `>> log.txt` adds to the log through the stream, never renames a new
  file over it;
- `-o newd/` (or an existing folder) for a command whose `-o` is a file only is
  a usage error, and nothing is written;
- `game` sets a long run of variations that each ask for a diagram across
  pages (the line put off behind waiting figures is tried again);
- `check --fix` keeps `chattr +d`, `+A`, `+S` (it writes such a file in place)
  and names an append-only file when it refuses it;
- `scan` reads a photo's size from its header and refuses one over the pixel
  limit, or one it cannot decode, in one line (exit 3) before decoding it;
- `import --site/--event/--dark/--light` over the tag limit, or with a control
  character, is a usage error (exit 2) naming the option, not the list file;
- every Bidi_Control character (U+061C too) and the invisible format
  characters are escaped in names and record text shown in messages.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from pdf_tools import all_text
from record_helpers import ROOT, SAMPLE

from maerstanas_print.diagnostics import visible
from maerstanas_print.io.limits import MAX_PHOTO_PIXELS, MAX_TAG_CHARS
from maerstanas_print.scan.image_size import PNG_SIGNATURE, pixel_size


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "maerstanas_print", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )


BLANKS = 200_000


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1. D4 *" + " " * BLANKS, 0),  # blanks at the end
        ("1. D4 *" + "\r\n" * (BLANKS // 2), 0),  # blank lines at the end
        ("1. D4 " + " " * BLANKS + "@ E4 *", 1),  # blanks before a stray character
        ("1. D4 E4 3. T C3 x E4 /" + " " * BLANKS + "D4 *", 1),  # blanks after a removal slash
        ("1. D4 (" + "{" * BLANKS, 1),  # comments opened and never closed
        ('1. D4 (; x\n"' + '\\"' * BLANKS, 1),  # a quoted value that never closes
    ],
    ids=[
        "trailing-spaces",
        "trailing-lines",
        "before-stray",
        "removal-slash",
        "open-braces",
        "open-quote",
    ],
)
def test_a_record_with_long_runs_is_read(tmp_path: Path, text: str, code: int) -> None:
    (tmp_path / "long.mrs").write_text(text, encoding="utf-8")
    done = _cli(tmp_path, "check", "long.mrs")
    assert done.returncode == code, done.stderr[-2000:]
    assert "Traceback" not in done.stderr


def test_rule_point_markers_leave_a_long_blank_run_alone() -> None:
    """A book paragraph with a long run of blanks that no marker ends."""
    from maerstanas_print.rule_points import points_in, strip_markers
    from maerstanas_print.rulebook.concordance import LEAD

    text = "a rule" + " " * (BLANKS * 5) + "x"
    assert strip_markers(text) == text and points_in(text) == ()
    assert LEAD.sub("", text) == text
    assert strip_markers("a rule  {§ p1}  more") == "a rule  more"


def test_blanking_the_last_word_of_a_long_word() -> None:
    from maerstanas_print.notation.parser import _blank_last_word

    text = "x" * (BLANKS * 5) + " y  "
    assert _blank_last_word(text) == "x" * len(text[:-4]) + "    "
    assert _blank_last_word("ab cd  \n") == "ab     \n"


# --- `-o` naming our own standard output or error ------------------------------

LOG = "D4 - standard stone (Player 1)\nE3 - standard stone (Player 2)\n"


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/dev/stderr"])
def test_output_to_our_own_stream_appends_to_the_redirected_file(tmp_path: Path, name: str) -> None:
    """`fmt -o /dev/stdout >> log.txt` adds to the log: its old lines, its other
    name (a hard link) and its inode stay; no file is renamed over it."""
    log, other = tmp_path / "log.txt", tmp_path / "other-name.txt"
    log.write_text("old log line\n", encoding="utf-8")
    os.link(log, other)
    inode = log.stat().st_ino
    (tmp_path / "list.txt").write_text(LOG, encoding="utf-8")
    stream = "stderr" if name.endswith("stderr") else "stdout"
    with log.open("a", encoding="utf-8") as handle:
        done = subprocess.run(
            [sys.executable, "-m", "maerstanas_print", "import", "list.txt", "-o", name],
            cwd=tmp_path,
            text=True,
            check=False,
            **{stream: handle},  # type: ignore[call-overload]
        )
    assert done.returncode == 0
    written = log.read_text(encoding="utf-8")
    assert written.startswith("old log line\n") and "1. D4 E3" in written, written
    assert log.stat().st_ino == inode and other.read_text(encoding="utf-8") == written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.txt", "log.txt", "other-name.txt"]


def test_output_to_a_deleted_redirect_leaves_no_stray_file(tmp_path: Path) -> None:
    """The shell's file was removed while open: the kernel names it `log.txt
    (deleted)`, and no new file of that name may appear."""
    (tmp_path / "list.txt").write_text(LOG, encoding="utf-8")
    log = tmp_path / "log.txt"
    with log.open("a", encoding="utf-8") as handle:
        log.unlink()
        done = subprocess.run(
            [sys.executable, "-m", "maerstanas_print", "import", "list.txt", "-o", "/dev/stdout"],
            cwd=tmp_path,
            stdout=handle,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert os.fstat(handle.fileno()).st_size > 0  # written to the open file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.txt"]


# --- `-o` naming a folder -------------------------------------------------------


@pytest.mark.parametrize("command", ["fmt", "import"])
@pytest.mark.parametrize("name", ["newd/", "made"])
def test_output_naming_a_folder_is_a_usage_error(tmp_path: Path, command: str, name: str) -> None:
    (tmp_path / "made").mkdir()
    (tmp_path / "list.txt").write_text(LOG, encoding="utf-8")
    source = "list.txt" if command == "import" else str(SAMPLE)
    done = _cli(tmp_path, command, source, "-o", name)
    assert done.returncode == 2, done.stderr
    assert "names a folder" in done.stderr and "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.txt", "made"]
    assert not any((tmp_path / "made").iterdir())


# --- `game`: a long run of variations, each with a diagram ------------------------


@pytest.mark.parametrize("variations", [12, 40])
def test_variations_each_with_a_diagram_flow_across_pages(tmp_path: Path, variations: int) -> None:
    """Each diagram waits for the next column while the result line is put off
    behind them; ReportLab took that line for one too tall for any page."""
    record = "1. D4 E4 " + "(1... E3 {[%diagram]}) " * variations + "*\n"
    (tmp_path / "v.mrs").write_text(record, encoding="utf-8")
    done = _cli(tmp_path, "game", "v.mrs", "-o", "v.pdf")
    assert done.returncode == 0, done.stderr[-3000:]
    text = all_text((tmp_path / "v.pdf").read_bytes())
    assert "Unfinished" in text
    assert f"Diagram {variations + 1}" in text  # the main line's, then one per variation


# --- `check --fix` keeps a file's inode flags ---------------------------------------

FIXABLE = '[Game "Maerstanas"]\n\n1. D4 E4 3. C3 *\n'  # one sure fix: `3.` is `2.`


def _chattr(flag: str, path: Path) -> None:
    """Set an inode flag, or skip: no chattr here, or a file system without flags."""
    try:
        done = subprocess.run(["chattr", flag, str(path)], capture_output=True, check=False)
    except FileNotFoundError:
        pytest.skip("no chattr on this machine")
    if done.returncode != 0:
        pytest.skip(f"chattr {flag} is not supported here: {done.stderr!r}")


def _lsattr(path: Path) -> str:
    return subprocess.run(
        ["lsattr", str(path)], capture_output=True, text=True, check=True
    ).stdout.split()[0]


@pytest.mark.parametrize("flag", ["+d", "+A", "+S"])
def test_fix_keeps_inode_flags(tmp_path: Path, flag: str) -> None:
    record = tmp_path / "flagged.mrs"
    record.write_text(FIXABLE, encoding="utf-8")
    _chattr(flag, record)
    before, inode = _lsattr(record), record.stat().st_ino
    done = _cli(tmp_path, "check", "--fix", "flagged.mrs")
    assert done.returncode == 0, done.stderr
    assert "1. D4 E4 2. C3 *" in record.read_text(encoding="utf-8")
    assert _lsattr(record) == before and record.stat().st_ino == inode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flagged.mrs"]


def test_fix_names_an_append_only_file(tmp_path: Path) -> None:
    record = tmp_path / "kept.mrs"
    record.write_text(FIXABLE, encoding="utf-8")
    _chattr("+a", record)
    try:
        done = _cli(tmp_path, "check", "--fix", "kept.mrs")
    finally:
        subprocess.run(["chattr", "-a", str(record)], check=False)
    assert done.returncode == 3
    assert "append-only" in done.stderr and "as it was" in done.stderr
    assert record.read_text(encoding="utf-8") == FIXABLE


# --- `scan`: a photo's size is read from its header first -------------------------


def _png(width: int, height: int, body: bytes = b"\x00" * 1000) -> bytes:
    """A PNG whose header claims `width` x `height` (its data is far too short)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data).to_bytes(4, "big")
        return len(data).to_bytes(4, "big") + kind + data + crc

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes((8, 2, 0, 0, 0))
    return (
        PNG_SIGNATURE
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(body))
        + chunk(b"IEND", b"")
    )


def test_the_header_gives_a_photos_size() -> None:
    assert pixel_size(_png(60_000, 60_000)) == (60_000, 60_000)
    photo = (ROOT / "maerstanas_print" / "samples" / "scanned-sheet.jpg").read_bytes()
    assert pixel_size(photo) == (1200, 1600)
    assert pixel_size(photo[:20]) is None and pixel_size(b"GIF89a") is None


@pytest.mark.parametrize(
    ("photo", "says"),
    [
        (_png(60_000, 60_000), f"more than a photo to scan may have ({MAX_PHOTO_PIXELS:,} pixels)"),
        (_png(8_000, 7_000), "8,000x7,000 pixels"),
        (_png(2_000, 2_000), "the image cannot be decoded"),  # its data ends early
        (_png(0, 0), "the image cannot be decoded"),
    ],
    ids=["huge", "over-the-limit", "damaged", "no-pixels"],
)
def test_scan_refuses_an_image_too_large_or_damaged_in_one_line(
    tmp_path: Path, photo: bytes, says: str
) -> None:
    pytest.importorskip("cv2", reason="the scan extra (OpenCV) is not installed")
    (tmp_path / "photo.png").write_bytes(photo)
    done = _cli(tmp_path, "scan", "photo.png")
    assert done.returncode == 3, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("maerstanas-print: photo.png: "), done.stderr
    assert says in lines[0]


# --- `import`: a tag option too long is a usage error naming the option ------------


@pytest.mark.parametrize("option", ["--site", "--event", "--dark", "--light"])
def test_import_tag_option_over_the_tag_limit_names_the_option(tmp_path: Path, option: str) -> None:
    (tmp_path / "list.txt").write_text(LOG, encoding="utf-8")
    value = "s" * (MAX_TAG_CHARS + 1)
    done = _cli(tmp_path, "import", "list.txt", option, value, "-o", "x.mrs")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == (
        f"maerstanas-print: {option}: {MAX_TAG_CHARS + 1:,} characters, more than a tag "
        f"value takes ({MAX_TAG_CHARS:,}); put long text in a comment"
    )
    assert not (tmp_path / "x.mrs").exists()


def test_import_tag_option_at_the_tag_limit_is_taken(tmp_path: Path) -> None:
    (tmp_path / "list.txt").write_text(LOG, encoding="utf-8")
    done = _cli(tmp_path, "import", "list.txt", "--site", "s" * MAX_TAG_CHARS, "-o", "x.mrs")
    assert done.returncode == 0, done.stderr
    assert _cli(tmp_path, "check", "x.mrs").returncode == 0


def test_import_tag_option_with_a_tab_names_the_character(tmp_path: Path) -> None:
    (tmp_path / "list.txt").write_text(LOG, encoding="utf-8")
    done = _cli(tmp_path, "import", "list.txt", "--light", "a\tb", "-o", "x.mrs")
    assert done.returncode == 2 and "--light: a control character (U+0009)" in done.stderr


# --- every bidirectional control and invisible format character is escaped --------

BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
INVISIBLE = "\u00ad\u200b\u2060\u2063\ufeff\U000e0041"
# unassigned, but ignorable: a terminal shows them as nothing (session 6's leftover)
IGNORABLE = "\u2065\ufff0\ufff8\U000e0000\U000e0002\U000e0080\U000e0fff"


@pytest.mark.parametrize("char", list(BIDI_CONTROLS + INVISIBLE + IGNORABLE))
def test_bidi_and_invisible_characters_are_escaped(char: str) -> None:
    code = ord(char)
    shown = (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )
    assert visible(f"a{char}b.mrs") == f"a{shown}b.mrs"


def test_variation_selectors_of_ideographs_are_left_as_they_are() -> None:
    assert visible("\u845b\U000e0100.mrs") == "\u845b\U000e0100.mrs"


def test_a_file_name_with_the_arabic_letter_mark_is_shown_escaped(tmp_path: Path) -> None:
    name = "a\u061cb.mrs"
    (tmp_path / name).write_text(FIXABLE.replace("3. C3", "2. C3"), encoding="utf-8")
    done = _cli(tmp_path, "check", name)
    assert done.returncode == 0, done.stderr
    assert "a\\u061cb.mrs: 1 game, valid" in done.stdout + done.stderr
    assert "\u061c" not in done.stdout + done.stderr


def test_an_output_replacing_a_file_keeps_its_inode_flags(tmp_path: Path) -> None:
    """`-o` renames a new file over the old one: it is given the old one's flags."""
    out = tmp_path / "out.mrs"
    out.write_text("old\n", encoding="utf-8")
    _chattr("+d", out)
    _chattr("+A", out)
    before = _lsattr(out)
    done = _cli(tmp_path, "fmt", str(SAMPLE), "-o", "out.mrs")
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").startswith("[Event")
    assert _lsattr(out) == before
