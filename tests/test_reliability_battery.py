"""The reliability battery: every attack of issue 16, scaled to run in seconds.

Limits (`maerstanas_print.io.limits`) are set small here, so that going past one
costs kilobytes instead of gigabytes; `bench/bench_battery.py` runs the same
attacks at full size with time and peak memory. Each test names the finding
it keeps fixed.
"""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import attacks
import pytest
from process_helpers import HANG_S, wait_until_busy
from record_helpers import SAMPLE, sample_text
from work_counter import calls_made, grows_linearly

from maerstanas_print import cli
from maerstanas_print.cli import main
from maerstanas_print.io import inputs, limits, outputs
from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import replay

PY = [sys.executable, "-m", "maerstanas_print"]


@pytest.fixture(autouse=True)
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_STREAM_BYTES", 200_000)
    monkeypatch.setattr(limits, "FIFO_WAIT_SECONDS", 0.3)
    monkeypatch.setattr(limits, "MAX_GAME_MOVES", 2_000)
    monkeypatch.setattr(limits, "MAX_TAG_CHARS", 1_000)
    monkeypatch.setattr(limits, "MAX_OPEN_VARIATIONS", 5_000)
    monkeypatch.setattr(inputs, "PIECE_CHARS", 2_000)
    monkeypatch.setattr(inputs, "BLOCK_BYTES", 4_096)


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("maerstanas-print: ")
    return lines[0]


class EndlessStdin(io.RawIOBase):
    """Standard input that never ends: the same record text again and again."""

    def __init__(self, chunk: bytes) -> None:
        self.chunk = chunk
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        n = min(len(buffer), len(self.chunk))
        buffer[:n] = self.chunk[:n]
        self.given += n
        return n


def bytes_read_by_this_process() -> int:
    """All bytes this process has read so far (Linux's rchar), device reads included."""
    for line in Path("/proc/self/io").read_text(encoding="ascii").splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/self/io")


def _stdin(monkeypatch: pytest.MonkeyPatch, raw: io.RawIOBase) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(raw)))


# --- 1, 20: endless and silent special files ------------------------------------


@pytest.mark.parametrize("command", ["check", "fmt", "game"])
def test_endless_stdin_stops_at_the_stream_limit(
    command: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    endless = EndlessStdin(b"1. D4 E3 *\n" * 1000)
    _stdin(monkeypatch, endless)
    args = [command, "-"] + (["-o", str(tmp_path / "out.pdf")] if command == "game" else [])
    assert main(args) == 3
    assert "more than 200,000 bytes from a pipe or device" in one_line(capsys.readouterr().err)
    assert endless.given < 200_000 + 2 * inputs.BLOCK_BYTES
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_are_refused_at_once(
    device: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """At once: after its first block, long before the 200,000-byte stream limit."""
    before = bytes_read_by_this_process()
    assert main(["check", device]) == 3
    assert f"{device}: a binary file, not a record" in one_line(capsys.readouterr().err)
    assert bytes_read_by_this_process() - before < 200_000


def test_a_fifo_without_writer_is_refused_after_a_short_wait(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.mrs"
    os.mkfifo(fifo)
    assert main(["check", str(fifo)]) == 3
    line = one_line(capsys.readouterr().err)
    assert "a named pipe that nobody writes to" in line
    assert "(waited 0.3 s)" in line  # limits.FIFO_WAIT_SECONDS, as set above


def test_a_fifo_with_a_writer_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.mrs"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as out:
            out.write(sample_text())

    writer = threading.Thread(target=write)
    writer.start()
    assert main(["check", str(fifo)]) == 0
    writer.join()
    assert capsys.readouterr().out == f"{fifo}: 1 game, valid\n"


# --- 2, 6, 22: the writer ------------------------------------------------------------


def test_devices_are_written_not_replaced(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(SAMPLE), "-o", "/dev/null"]) == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert main(["fmt", str(SAMPLE), "-o", "/dev/full"]) == 3
    assert (
        one_line(capsys.readouterr().err)
        == "maerstanas-print: cannot write /dev/full: No space left on device"
    )
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_fifo_target_is_written_directly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    assert main(["fmt", str(SAMPLE), "-o", str(fifo)]) == 3  # nobody reads it yet
    assert "a named pipe that nobody reads" in one_line(capsys.readouterr().err)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    # Until the thread has opened the pipe, the writer rightly refuses; try again
    # (a fixed sleep first was too short on a loaded machine).
    while main(["fmt", str(SAMPLE), "-o", str(fifo)]) != 0:
        assert "a named pipe that nobody reads" in one_line(capsys.readouterr().err)
        time.sleep(0.05)
    reader.join(timeout=HANG_S)
    assert received[0].startswith(b'[Event "maerstanas_print sample game"]')
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_symlink_target_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.mrs"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.mrs"
    link.symlink_to(real)
    assert main(["fmt", str(SAMPLE), "-o", str(link)]) == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("[Event")


def test_names_up_to_255_bytes_are_written(tmp_path: Path) -> None:
    name = "g" * 251 + ".mrs"
    assert main(["fmt", str(SAMPLE), "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / name).read_text(encoding="utf-8").startswith("[Event")
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_the_umask_and_an_existing_mode_are_respected(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        assert main(["fmt", str(SAMPLE), "-o", str(tmp_path / "new.mrs")]) == 0
        private = tmp_path / "private.mrs"
        private.write_text("old", encoding="utf-8")
        private.chmod(0o600)
        assert main(["fmt", str(SAMPLE), "-o", str(private)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.mrs").stat().st_mode) == 0o640
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert private.read_text(encoding="utf-8").startswith("[Event")


def test_stale_temporaries_of_dead_runs_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "game.mrs"
    key = outputs._target_key(target)
    dead = subprocess.run(["true"], check=True)  # a process id that has ended
    del dead
    stale = tmp_path / f".game.mrs~{key}.999999999.abcdefgh.part"
    alive = tmp_path / f".game.mrs~{key}.{os.getppid()}.abcdefgh.part"
    other = tmp_path / f".other.mrs~{'0' * 8}.999999999.abcdefgh.part"
    for path in (stale, alive, other):
        path.write_bytes(b"half a file")
    assert main(["fmt", str(SAMPLE), "-o", str(target)]) == 0
    assert not stale.exists() and alive.exists() and other.exists()


# --- 3: symlink loops ------------------------------------------------------------------


def test_a_symlink_loop_is_one_line_as_input_and_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop.mrs"
    loop.symlink_to(loop)
    assert main(["check", str(loop)]) == 3
    assert "Too many levels of symbolic links" in one_line(capsys.readouterr().err)
    assert main(["fmt", str(SAMPLE), "-o", str(loop)]) == 3
    assert "Too many levels of symbolic links" in one_line(capsys.readouterr().err)
    assert main(["game", str(loop), "-o", str(loop)]) == 2  # the same-file check too
    assert "the output would overwrite the input" in one_line(capsys.readouterr().err)


# --- 4, 5, 16: standard output and input ---------------------------------------------


class FullDisk(io.TextIOBase):
    """Standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    @property
    def buffer(self) -> FullDisk:
        return self

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


STDOUT_WRITERS = {
    "check": ["check", str(SAMPLE)],
    "check-json": ["check", "--json", str(SAMPLE)],
    "fmt": ["fmt", str(SAMPLE)],
    "import": ["import", "LOG"],
    "board": ["board", "--format", "html", "-o", "-"],
    "scoresheet": ["scoresheet", "--format", "html", "-o", "-"],
    "setup": ["setup", "--game", "cyngesheall", "--format", "html", "-o", "-"],
    "stones": ["stones", "--format", "html", "-o", "-"],
    "game": ["game", str(SAMPLE), "--format", "html", "-o", "-"],
    "rulebook": ["rulebook", "--format", "html", "-o", "-"],
    "board-pdf": ["board", "-o", "-"],
}


@pytest.mark.parametrize("command", list(STDOUT_WRITERS))
def test_stdout_on_a_full_disk_is_one_line(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = tmp_path / "app.log"
    log.write_text("D4 - standard stone (Player 1)\n", encoding="utf-8")
    args = [str(log) if a == "LOG" else a for a in STDOUT_WRITERS[command]]
    monkeypatch.setattr(sys, "stdout", FullDisk())
    code = main(args)
    err = capsys.readouterr().err
    assert code == 3
    assert (
        one_line(err) == "maerstanas-print: cannot write standard output: No space left on device"
    )


def _shell(script: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    # The timeout only turns a hang into a failure.
    return subprocess.run(
        ["sh", "-c", script], capture_output=True, text=True, timeout=HANG_S, check=False, **kwargs
    )  # type: ignore[call-overload]


def test_real_full_disk_closed_stdin_and_closed_stdout() -> None:
    py = " ".join(PY)
    full = _shell(f"{py} check {SAMPLE} > /dev/full")
    assert full.returncode == 3
    assert one_line(full.stderr).endswith("cannot write standard output: No space left on device")
    closed_in = _shell(f"{py} check - <&-")
    assert closed_in.returncode == 3
    assert one_line(closed_in.stderr) == "maerstanas-print: <stdin>: standard input is closed"
    closed_out = _shell(f"{py} fmt {SAMPLE} >&-")
    assert closed_out.returncode == 3
    assert one_line(closed_out.stderr).endswith("cannot write standard output: it is closed")


def test_a_closed_pipe_keeps_the_exit_code_of_an_invalid_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mrs"
    bad.write_text("1. D4 H9 *\n\n" + (sample_text().strip() + "\n\n") * 300, encoding="utf-8")
    proc = subprocess.Popen(
        [*PY, "check", str(bad)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert b"M101" in proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    assert proc.wait(timeout=HANG_S) == 1  # the timeout only catches a hang
    assert b"Traceback" not in proc.stderr.read()


# --- 7: streaming cuts between tokens ------------------------------------------------


@pytest.mark.parametrize("brace", ["{", "}"])
def test_braces_in_tags_and_line_comments_do_not_stop_or_spoil_streaming(
    brace: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = attacks.stray_brace_games(200, brace) + '1. D4 {a comment\n[Event "x"]\n} *\n'
    path = tmp_path / "braces.mrs"
    path.write_text(text, encoding="utf-8")
    _name, pieces = inputs.read_record_pieces(str(path))
    cut = [piece for piece, _ in pieces]
    assert len(cut) > 5 and "".join(cut) == text  # still in pieces, and nothing lost
    assert all(p.startswith("[Event") for p in cut)
    whole = parse(text, "w")
    assert len(whole.games) == 201 and all(replay(g).valid for g in whole.games)
    assert main(["check", str(path)]) == 0
    from_file = capsys.readouterr().out
    _stdin(monkeypatch, io.BytesIO(text.encode("utf-8")))  # type: ignore[arg-type]
    assert main(["check", "-"]) == 0
    assert capsys.readouterr().out == from_file.replace(str(path), "<stdin>")


def test_a_stray_open_brace_or_paren_cannot_stop_the_cutting(tmp_path: Path) -> None:
    text = "1. D4 { never closed\n\n" + attacks.many_games(3000)
    path = tmp_path / "stray.mrs"
    path.write_text(text, encoding="utf-8")
    _name, pieces = inputs.read_record_pieces(str(path))
    sizes = [len(piece) for piece, _ in pieces]
    assert max(sizes) <= inputs.PIECE_CHARS * (inputs.HARD_CUT_FACTOR + 1)
    assert sum(sizes) == len(text)


# --- 8: one pass ------------------------------------------------------------------------


def test_the_file_is_opened_and_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that changes between two reads cannot slip past the checks: there is
    only one read. Here every new opening sees a NUL byte."""
    path = tmp_path / "changing.mrs"
    path.write_text(attacks.many_games(400), encoding="utf-8")
    opened: list[str] = []

    def opening(file: str, mode: str = "r", *args: object, **kwargs: object) -> object:
        opened.append(file)
        if len(opened) > 1:
            return io.BytesIO(b"\x00" * 100)
        return open(file, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(inputs, "open", opening, raising=False)
    assert main(["check", str(path)]) == 0
    assert opened == [str(path)] and "400 games, all valid" in capsys.readouterr().out


# --- 9, 10, 11, 14, 15: memory and time grow linearly -------------------------------------


def _peak(action: object) -> int:
    tracemalloc.start()
    try:
        action()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_game_over_the_move_limit_is_refused_before_it_is_held(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.mrs"
    path.write_text(attacks.one_long_game(200_000), encoding="utf-8")  # 600 KB
    peak = _peak(lambda: main(["check", "-q", str(path)]))
    out, err = capsys.readouterr()
    assert "a game with more than 2,000 moves" in one_line(err)
    assert f"{path}:1:1:" in err
    assert peak < 8 * 2**20
    within = tmp_path / "within.mrs"
    within.write_text(attacks.one_long_game(2_000), encoding="utf-8")
    assert main(["check", "-q", str(within)]) == 1  # read, and E4 E4 is illegal
    assert "1 game, 1 invalid" in capsys.readouterr().out


def test_a_damaged_game_over_the_move_limit_is_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "damaged.mrs"
    path.write_text("1. D4 @ " + " ".join(["E4"] * 20_000) + " *\n", encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    # read by the grammar, whose guard counts words before it knows moves from squares
    assert "a game has at most 2,000 moves" in one_line(capsys.readouterr().err)


def test_check_json_streams_games_and_memory_does_not_grow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small, large = tmp_path / "small.mrs", tmp_path / "large.mrs"
    small.write_text(attacks.many_games(300), encoding="utf-8")
    large.write_text(attacks.many_games(2_400), encoding="utf-8")
    peaks = []
    for path in (small, large):
        report_path = tmp_path / f"{path.stem}.json"
        with report_path.open("w", encoding="utf-8") as report_file:
            monkeypatch.setattr(sys, "stdout", report_file)  # a file: not held in memory
            peaks.append(_peak(lambda path=path: main(["check", "--json", str(path)])))
        report = json.loads(report_path.read_text(encoding="utf-8"))
    assert len(report["files"][0]["games"]) == 2_400
    assert report["files"][0]["games"][-1]["index"] == 2_400
    assert peaks[1] < peaks[0] * 2  # eight times the games, not eight times the memory


def test_unclosed_variations_take_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the limit on open variations, the grammar's recovery stays linear
    (it blanked the spans of thousands of `(` one text copy each). Counted in
    function calls; bench/bench_limits.py has the times."""
    monkeypatch.setattr(limits, "MAX_OPEN_VARIATIONS", 100_000)
    counts = {}
    for count in (1_000, 1_000, 4_000):  # the first parse loads the grammar
        parsed, counts[count] = calls_made(
            lambda n=count: parse("1. D4 E3 " + "( " * n * 4 + "*\n")
        )
        assert parsed.games[0].diagnostics[0].code == "M106"
    assert grows_linearly(counts), counts


@pytest.mark.parametrize("damage", ["", "@ "])
def test_variations_open_past_the_limit_are_refused(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both readers: the scanner, and the grammar after a syntax error."""
    monkeypatch.setattr(limits, "MAX_OPEN_VARIATIONS", 100)
    path = tmp_path / "deep.mrs"
    path.write_text("1. D4 " + damage + "( " * 5_000 + "*\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    at = 7 + len(damage) + 200  # the 101st `(`
    assert one_line(capsys.readouterr().err) == (
        f"maerstanas-print: {path}:1:{at}: more than 100 variations "
        "open at once (the limit); close them with `)`"
    )


def test_blanking_spans_in_one_pass_matches_blanking_them_one_by_one() -> None:
    from maerstanas_print.notation.parser import _blank_spans

    text = "1. D4 (1... C4 (\n1... B2 ( ( E3 *\n"
    spans = [(6, 7), (15, 16), (16, 17), (26, 27), (28, 29), (27, 31)]
    naive = list(text)
    for start, end in spans:
        naive[start:end] = [" " if ch != "\n" else ch for ch in text[start:end]]
    assert _blank_spans(text, spans) == "".join(naive)


def test_a_long_hnefatafl_game_keeps_positions_in_linear_memory() -> None:
    records = {plies: parse(attacks.long_tafl_game(plies)).games[0] for plies in (150, 600)}
    peaks = {plies: _peak(lambda g=game: replay(g)) for plies, game in records.items()}
    assert replay(records[600]).valid and replay(records[600]).plies == 600
    assert peaks[600] < peaks[150] * 4 * 1.5  # quadratic would be 16 times


def test_import_of_a_long_line_is_refused_and_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It took minutes before the reader was made linear; bench/bench_limits.py
    times it against a one-line log in the same run."""
    log = tmp_path / "app.log"
    log.write_text("D4 - standard stone (Player 1)" + " " * 60_000 + "x\n", encoding="utf-8")
    assert main(["import", str(log)]) == 1
    err = capsys.readouterr().err
    assert "M501" in err and "cannot read `D4 - standard stone (Player 1)" in err
    assert all(len(line.replace(str(log), "")) < 200 for line in err.splitlines())  # cut short


# --- 12, 13: PDF limits -------------------------------------------------------------------


def test_pdf_text_per_document_is_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(limits, "MAX_PDF_DOCUMENT_CHARS", 3_000)
    record = tmp_path / "three.mrs"
    record.write_text("\n\n".join([sample_text().strip()] * 3) + "\n", encoding="utf-8")
    target = tmp_path / "three.pdf"
    assert main(["game", str(record), "-o", str(target)]) == 1
    line = one_line(capsys.readouterr().err)
    assert f"{record}:" in line and "game 3 brings the document to" in line
    assert "--format html" in line and not target.exists()


def test_a_long_tag_is_fitted_into_the_running_head_in_linear_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 20,000-character Event is set (it took minutes when the running head was
    fitted one character at a time). Counted in function calls, after a warm-up
    run; bench/bench_limits.py has the times."""
    monkeypatch.setattr(limits, "MAX_TAG_CHARS", 20_000)
    counts = {}
    for repeat in (130, 130, 1_300):
        record = tmp_path / f"event{repeat}.mrs"
        record.write_text(
            f'[Event "{"Midsummer open " * repeat}"]\n' + sample_text().split("\n\n", 1)[1],
            encoding="utf-8",
        )
        target = tmp_path / f"event{repeat}.pdf"
        code, counts[repeat] = calls_made(
            lambda r=record, t=target: main(["game", str(r), "-o", str(t)])
        )
        assert code == 0 and target.read_bytes().startswith(b"%PDF-")
    assert grows_linearly(counts, slack=2.0), counts  # n log n: a binary search of widths


def test_a_tag_over_the_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "tag.mrs"
    record.write_text(f'1. D4 *\n\n[Event "{"x" * 1_001}"]\n1. D4 *\n', encoding="utf-8")
    assert main(["check", "--json", str(record)]) == 1
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert len(report["games"]) == 1
    assert report["error"] == (
        f"{record}:3:1: the Event tag has 1,001 characters, more than "
        "the limit (1,000); put long text in a comment"
    )


# --- 17, 18: signals ---------------------------------------------------------------------------


def _busy_game(tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    many = tmp_path / "many.mrs"
    many.write_text("\n\n".join([sample_text().strip()] * 120) + "\n", encoding="utf-8")
    target = tmp_path / "many.pdf"
    proc = subprocess.Popen(
        [*PY, "game", str(many), "-o", str(target)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return proc, target


def test_sigterm_exits_143_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    proc, target = _busy_game(tmp_path)
    wait_until_busy(proc, 1.5)  # past reading and replaying: typesetting
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=HANG_S)  # only a hang fails here
    assert proc.returncode == 143 and err == "maerstanas-print: terminated\n"
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["many.mrs"]


def test_ctrl_c_while_starting_never_gives_a_traceback() -> None:
    """SIGINT at moments from the first module the entry point imports (seen
    with `-X importtime`) on, through the sub-commands' imports; before that,
    Python itself is starting up (and runpy finding the module) and no program
    can catch it. The package's own import is kept tiny for that reason."""
    for delay in (0.0, 0.005, 0.01, 0.02, 0.04, 0.08):
        proc = subprocess.Popen(
            [
                sys.executable,
                "-X",
                "importtime",
                "-m",
                "maerstanas_print",
                "board",
                "-o",
                "/dev/null",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if line.split("|")[-1].strip() == "maerstanas_print.io.errors":
                break
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _out, rest = proc.communicate(timeout=HANG_S)  # only a hang fails here
        err = "".join(
            line
            for line in [*seen, *rest.splitlines(keepends=True)]
            if not line.startswith("import time:")
        )
        assert "Traceback" not in err, (delay, err)
        # -SIGINT: the process ended itself by the signal after reporting it,
        # which a shell shows as exit code 130 too.
        assert (proc.returncode, err) in (
            (0, "wrote /dev/null\n"),
            (130, "maerstanas-print: interrupted\n"),
            (-signal.SIGINT, "maerstanas-print: interrupted\n"),
        ), (delay, proc.returncode, err)


@pytest.fixture
def signal_handlers() -> Iterator[None]:
    signals = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
    before = {signum: signal.getsignal(signum) for signum in signals}
    cli.install_signal_handlers()
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        cli._Signals.interrupted = cli._Signals.terminated = False


def test_ctrl_c_swallowed_by_a_bare_except_is_still_an_interruption(
    signal_handlers: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ReportLab's colour parser has a bare `except:` that turns Ctrl-C into
    `ValueError: Invalid color value`."""
    from maerstanas_print.commands import game as game_command

    def colour_parser(*args: object, **kwargs: object) -> bytes:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except:  # noqa: E722  (as ReportLab does)
            raise ValueError("Invalid color value") from None
        return b""

    monkeypatch.setattr(game_command, "game_pdf", colour_parser)  # the renderer `game` calls
    assert main(["game", str(SAMPLE), "-o", str(tmp_path / "g.pdf")]) == 130
    assert capsys.readouterr().err == "maerstanas-print: interrupted\n"
    assert list(tmp_path.iterdir()) == []


# --- 19: check --json always prints one object ----------------------------------------------


def test_check_json_reports_an_unreadable_file_and_keeps_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "binary.mrs"
    binary.write_bytes(b"\x00\x01")
    code = main(
        ["check", "--json", str(SAMPLE), str(binary), str(tmp_path / "missing.mrs"), str(SAMPLE)]
    )
    out, err = capsys.readouterr()
    assert code == 3 and err == ""
    files = json.loads(out)["files"]
    assert [len(f["games"]) for f in files] == [1, 0, 0, 1]
    assert files[0]["games"][0]["valid"] and "error" not in files[0]
    assert files[1]["error"] == f"{binary}: a binary file, not a record"
    assert files[2]["error"] == f"{tmp_path / 'missing.mrs'}: no such file"


def test_check_reads_on_after_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["check", str(tmp_path / "missing.mrs"), str(SAMPLE)])
    out, err = capsys.readouterr()
    assert code == 3 and out == f"{SAMPLE}: 1 game, valid\n"
    assert one_line(err) == f"maerstanas-print: {tmp_path / 'missing.mrs'}: no such file"


# --- 21: no control characters reach the terminal ----------------------------------------------


def test_control_characters_in_a_record_are_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ansi.mrs"
    path.write_text(attacks.ansi_record(), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    excerpt = r"  1. D4 \x1b]0;owned\x07\x1b[2J H9 *"
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}:1:7: error M100: unexpected `\\x1b`")
    assert lines[1:3] == [excerpt, " " * excerpt.index("\\x1b") + "^~~~"]


# --- 22: [InHand] ---------------------------------------------------------------------------------


def test_inhand_sets_the_special_stones_still_in_hand() -> None:
    setup = '[Setup "/7/7/3S3/7/7/7/7/"]\n[InHand "Dark:T Light:TW"]\n'
    played = replay(parse(setup + "1. T A7 W D3 *\n").games[0])  # D3: the Setup's stone
    assert played.valid, played.diagnostics
    refused = replay(parse(setup + "1. W D3 *\n").games[0])
    assert [d.code for d in refused.diagnostics if d.severity == "error"] == ["M204"]
