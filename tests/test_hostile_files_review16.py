"""Files, sixteenth review of issue 26: what it found, each test failing on the
code it reviewed.

1. Standard output opened on the input (`check --fix 1 h.mrs 1<>h.mrs`) was
   refused for the `-o` writers but not for `check` and `analyse`, whose report
   was written over the record (the fixed one too).
2. A socket, or a terminal device with nothing behind it, given as `-o` was
   called "a named pipe that nobody reads".
3. Tag lines were counted by no limit: plain `check` of one game of nine million
   tag lines (134 MB) grew to 4 GB and ended in a MemoryError traceback. Tags now
   count with the variations, comments and NAGs of their game.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from maerstanas_print.io.errors import LimitError
from maerstanas_print.notation.parser import parse
from maerstanas_print.resources import sample_path
from tests.process_helpers import HANG_S

SAMPLE = sample_path("sample-game.mrs").read_bytes()


@pytest.mark.parametrize(
    "tag", ['[T{n} "v"]', '[Event "x"]'], ids=["different tags", "one tag repeated"]
)
@pytest.mark.parametrize("moves", ["1. D4 E3 *", "1. D4 Z99 *"], ids=["valid", "damaged"])
def test_the_tags_of_a_game_count_against_its_limit(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tag: str,
    moves: str,
) -> None:
    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 60)
    monkeypatch.chdir(tmp_path)
    head = "\n".join(tag.format(n=n) for n in range(61))
    Path("r.mrs").write_text(f"{head}\n\n{moves}\n", encoding="utf-8")
    assert main(["check", "r.mrs"]) == 1
    err = capsys.readouterr().err
    assert "r.mrs:1:1: a game with more than 60 variations, comments, NAGs and tags" in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    with pytest.raises(LimitError, match="NAGs and tags"):
        list(parse(Path("r.mrs").read_text(encoding="utf-8"), fast=False).games)


def test_tags_and_comments_share_the_limit_and_each_game_has_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 60)
    monkeypatch.chdir(tmp_path)
    game = "\n".join(f'[T{n} "v"]' for n in range(30)) + "\n\n1. D4 " + "{c} " * 30 + "E3 *\n"
    Path("r.mrs").write_text(game + "\n" + game, encoding="utf-8")
    assert main(["check", "r.mrs"]) == 0, capsys.readouterr().err
    Path("r.mrs").write_text(game.replace("E3 *", "{c} E3 *"), encoding="utf-8")
    assert main(["check", "r.mrs"]) == 1
    assert "NAGs and tags" in capsys.readouterr().err


# --- 1. standard output opened on the input, for the commands that report there ------

DAMAGED = sample_path("damaged-game.mrs").read_bytes()


def _tool(tmp_path: Path, *args: str, stdout, stdin=subprocess.DEVNULL):
    return subprocess.run(
        [sys.executable, "-m", "maerstanas_print", *args],
        cwd=tmp_path,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=HANG_S,
        check=False,
    )


@pytest.mark.parametrize(
    "command",
    [["check"], ["check", "--json"], ["check", "--fix", "1"], ["check", "--diff"], ["analyse"]],
    ids=lambda c: " ".join(c),
)
@pytest.mark.parametrize("linked", [False, True], ids=["file", "hard link"])
def test_a_report_is_never_written_over_its_own_input(
    tmp_path: Path, command: list[str], linked: bool
) -> None:
    """`check --fix 1 h.mrs 1<>h.mrs` left h.mrs holding only diagnostics."""
    record = tmp_path / "h.mrs"
    record.write_bytes(DAMAGED if command[0] == "check" else SAMPLE)
    before = record.read_bytes()
    if linked:
        os.link(record, tmp_path / "h2.mrs")
    args = [*command, "h.mrs"] if command != ["analyse"] else ["analyse", "--budget", "2", "h.mrs"]
    with open(tmp_path / ("h2.mrs" if linked else "h.mrs"), "r+b") as onto:
        done = _tool(tmp_path, *args, stdout=onto)
    assert done.returncode == 2, done.stderr
    assert b"standard output is h.mrs, which this run reads" in done.stderr
    assert record.read_bytes() == before


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("check", b"standard output is standard input, which this run reads"),
        ("fmt", b"the output would overwrite the input"),  # `fmt - < f 1<>f` wrote over f
    ],
)
def test_a_run_never_writes_over_the_file_standard_input_reads(
    tmp_path: Path, command: str, says: bytes
) -> None:
    record = tmp_path / "h.mrs"
    record.write_bytes(SAMPLE)
    with open(record, "rb") as given, open(record, "r+b") as onto:
        done = _tool(tmp_path, command, "-", stdin=given, stdout=onto)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr
    assert record.read_bytes() == SAMPLE


def test_a_report_may_go_to_another_file_or_be_appended_to_one(tmp_path: Path) -> None:
    (tmp_path / "h.mrs").write_bytes(SAMPLE)
    with open(tmp_path / "log.txt", "ab") as onto:
        done = _tool(tmp_path, "check", "h.mrs", stdout=onto)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "log.txt").read_text(encoding="utf-8") == "h.mrs: 1 game, valid\n"


# --- 2. an output that cannot be opened for writing (ENXIO) is named for what it is --


def test_a_socket_is_not_called_a_named_pipe(tmp_path: Path) -> None:
    (tmp_path / "s.mrs").write_bytes(SAMPLE)
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tmp_path / "sock.mrs"))
        done = _tool(tmp_path, "fmt", "s.mrs", "-o", "sock.mrs", stdout=subprocess.PIPE)
    assert done.returncode == 3, done.stderr
    assert done.stderr.decode().strip() == (
        "maerstanas-print: cannot write sock.mrs: a socket, which takes no file written to it"
    )


def test_a_named_pipe_nobody_reads_is_still_named_so(tmp_path: Path) -> None:
    (tmp_path / "s.mrs").write_bytes(SAMPLE)
    os.mkfifo(tmp_path / "ff")
    done = _tool(tmp_path, "fmt", "s.mrs", "-o", "ff", stdout=subprocess.PIPE)
    assert done.returncode == 3, done.stderr
    assert b"cannot write ff: a named pipe that nobody reads" in done.stderr


# --- 3 (b). what a game's reading holds besides its items: lone move numbers, the
# problems it reports, the commands of its comments ----------------------------------


def _refused_with(tmp_path: Path, capsys, text: str, says: str) -> None:
    (tmp_path / "r.mrs").write_text(text, encoding="utf-8")
    assert main(["check", str(tmp_path / "r.mrs")]) == 1
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_move_numbers_without_moves_are_bounded(tmp_path, monkeypatch, capsys) -> None:
    """Twelve million lines of `1.` (an M108 each) ended in a MemoryError at 3.9 GB."""
    monkeypatch.setattr(limits, "MAX_GAME_MOVES", 60)
    # the last `1.` goes with `D4`: 61 stand alone
    _refused_with(tmp_path, capsys, "1.\n" * 62 + "D4 *\n", "more than 60 move numbers")
    (tmp_path / "r.mrs").write_text("1.\n" * 31 + "D4 *\n", encoding="utf-8")
    assert main(["check", str(tmp_path / "r.mrs")]) == 1  # M108s, each reported
    assert capsys.readouterr().out.count("M108") == 30


def test_the_problems_one_game_reports_are_bounded(tmp_path, monkeypatch, capsys) -> None:
    """A comment of 320,000 unreadable `[%eval]` (an M407 each) held 188 MB."""
    monkeypatch.setattr(limits, "MAX_GAME_PROBLEMS", 20)
    text = "1. D4 {" + "[%eval x]\n" * 21 + "} *\n"
    _refused_with(tmp_path, capsys, text, "more than 20 problems to report")
    (tmp_path / "r.mrs").write_text(
        text.replace("\n" * 1, "\n", 1)[:0] + "1. D4 {" + "[%eval x]\n" * 20 + "} *\n",
        encoding="utf-8",
    )
    assert main(["check", str(tmp_path / "r.mrs")]) == 0
    assert "(20 warnings)" in capsys.readouterr().out


def test_the_commands_of_a_games_comments_count_as_asides(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 60)
    text = "1. D4 {" + "[%eval 1]" * 61 + "} *\n"
    _refused_with(tmp_path, capsys, text, "each [%command] of a comment too")


# --- 4. the excerpt of a diagnostic on a long line copies only its window ---------------


def _naive_excerpt(source, start: int, end: int) -> str:
    """The excerpt as it was made before: the whole line copied, then cut."""
    from maerstanas_print.diagnostics import EXCERPT_WIDTH, visible

    line, column = source.locate(start)
    starts = [0] + [i + 1 for i, c in enumerate(source.text) if c == "\n"]
    begin = starts[line - 1]
    stop = starts[line] - 1 if line < len(starts) else len(source.text)
    text = source.text[begin:stop].rstrip("\r")
    width = max(1, min(end, start + len(text) - column + 1) - start)
    at = column - 1
    if len(text) > EXCERPT_WIDTH:
        first = max(0, min(at - EXCERPT_WIDTH // 3, len(text) - EXCERPT_WIDTH))
        finish = first + EXCERPT_WIDTH
        cut = "…" if first else ""
        shown = cut + visible(text[first:finish]) + ("…" if finish < len(text) else "")
        before = cut + visible(text[first:at])
        marked = visible(text[at : at + min(width, finish - at)])
    else:
        shown, before, marked = visible(text), visible(text[:at]), visible(text[at : at + width])
    lead = "".join("\t" if ch == "\t" else " " for ch in before)
    return f"  {shown}\n  {lead}^{'~' * (max(1, len(marked)) - 1)}"


def test_the_excerpt_is_the_same_as_cutting_the_whole_line() -> None:
    from maerstanas_print.diagnostics import Source

    long = "1. D4 {" + "[%eval x]" * 200 + "} *"
    text = f"short line\r\n{long}\r\r\n\tx\n{long}"
    source = Source("r.mrs", text)
    for start in [0, 3, 12, 14, 100, 900, len(text) - 40, len(text) - 2, len(text)]:
        for width in (1, 9, 500):
            end = start + width
            assert source.excerpt(start, end) == _naive_excerpt(source, start, end), start


# --- 5. a space reservation that fails part-way is taken back ----------------------------


@pytest.mark.parametrize(
    "command", [["fmt", "big.mrs", "-o", "a.mrs"], ["check", "--fix", "a.mrs"]], ids=["fmt", "fix"]
)
def test_a_reservation_that_fails_part_way_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, command: list[str]
) -> None:
    """On a nearly full ext4, fallocate lengthens the file by each extent it places
    before ENOSPC: "my old notes" was left followed by 214,003 NUL bytes."""
    import errno

    monkeypatch.chdir(tmp_path)
    old = b"my old notes\n"
    Path("a.mrs").write_bytes(old)
    os.link("a.mrs", "b.mrs")  # another name: written in place
    Path("big.mrs").write_bytes(SAMPLE * 3)

    def full_disk(fd: int, offset: int, size: int) -> None:
        now = os.fstat(fd).st_size
        os.ftruncate(fd, now + (size - now) // 2)  # ext4 lengthens it, then runs out
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full_disk)
    if command[0] == "check":  # a fix that makes the record longer: `10.` for `1.`
        old = SAMPLE.replace(b"10. ", b"1. ", 1)
        Path("a.mrs").write_bytes(old)
    assert main(command) == 3
    err = capsys.readouterr().err
    assert "No space left on device" in err and "the file is as it was" in err, err
    assert Path("a.mrs").read_bytes() == old


# --- 6. a name through a /proc link that cannot be followed --------------------------------


def test_a_name_whose_links_cannot_be_followed_is_one_line_and_the_rest_are_fixed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """`check --fix /proc/1/cwd/x.mrs n.mrs` (a link root may not read here) ended in a
    PermissionError traceback, and n.mrs was not fixed."""
    real = os.path.realpath

    def refused(path, *args, **kwargs):
        if "locked" in str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.chdir(tmp_path)
    Path("n.mrs").write_bytes(b"1. D4 E3 3. C5 *\n")
    monkeypatch.setattr(os.path, "realpath", refused)
    assert main(["check", "--fix", "locked/x.mrs", "n.mrs"]) == 3
    err = capsys.readouterr().err
    assert "locked/x.mrs: no such file" in err and "Traceback" not in err, err
    assert Path("n.mrs").read_bytes() == b"1. D4 E3 2. C5 *\n"  # fixed all the same


def test_a_place_is_found_alike_with_and_without_the_index_of_lines() -> None:
    """The first few places are counted in the text (twelve million lines of `1.`
    had built a 430 MB index for the one place a limit's message names)."""
    from maerstanas_print.diagnostics import Source

    text = "ab\r\n\ncd\n\n\nefg\nh"
    offsets = [0, 1, 2, 3, 4, 5, 7, 8, 10, 11, 13, 14, len(text), len(text) + 5, -3]

    def naive(offset: int) -> tuple[int, int]:
        offset = max(0, min(offset, len(text)))
        before = text[:offset]
        return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1

    counted = Source("r.mrs", text)
    assert [counted.locate(o) for o in offsets] == [naive(o) for o in offsets]
    assert counted._line_starts is not None  # built after the first few


# --- 7. a long removal list ----------------------------------------------------------------


@pytest.mark.parametrize("squares", [190, 361])
def test_a_long_removal_list_is_one_error_with_a_short_message(tmp_path: Path, capsys, squares):
    """190 squares ended every reading command in `ValueError: math domain error`
    ((1/49) ** 190 is 0.0 as a float); the message named every square."""
    record = tmp_path / "r.mrs"
    record.write_text("1. D4 E3 2. C5 F4 3. T E4x" + "/".join(["A1"] * squares) + " *\n")
    assert main(["check", str(record)]) == 1
    out = capsys.readouterr().out
    assert "error M302: the removal list says A1, " in out and f"… ({squares} squares)" in out
    assert len(out.splitlines()[0]) < 300


@pytest.mark.parametrize("squares", [362, 20_000, 500_000])
def test_a_removal_list_longer_than_any_board_is_refused(tmp_path: Path, capsys, squares):
    """500,000 squares (1.5 MB) took 800 MB and 20 s."""
    record = tmp_path / "r.mrs"
    record.write_text("1. D4 E3 2. C5 F4 3. T E4x" + "/".join(["A1"] * squares) + " *\n")
    assert main(["check", str(record)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "removal list of more than 361 squares" in err or "squares and numbers" in err


@pytest.mark.parametrize("output", [[], ["-o", "o.mrs"]], ids=["record out", "record to a file"])
def test_scan_never_writes_over_a_photo_standard_output_is_opened_on(tmp_path: Path, output):
    """Re-review 17 #1: `scan ss.jpg -o o.mrs --json 1<>ss.jpg` wrote its JSON over the
    photo, rc 0 (--json goes to standard output whatever -o says)."""
    photo = tmp_path / "ss.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 a photo of a score sheet")
    before = photo.read_bytes()
    with open(photo, "r+b") as onto:
        done = _tool(tmp_path, "scan", "ss.jpg", *output, "--json", stdout=onto)
    assert done.returncode == 2, done.stderr
    assert b"standard output is ss.jpg, which this run reads" in done.stderr
    assert photo.read_bytes() == before and not (tmp_path / "o.mrs").exists()
