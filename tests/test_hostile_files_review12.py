"""Hostile files, twelfth review (issue 26): the kinds of failure it found.

- a rewrite that would silently drop a set-user-ID or set-group-ID bit the
  user may not set again (a set-group-ID file of a group they are not in) is
  refused, and the file is left as it was;
- a record read whole is bounded by its moves as well as its characters and
  games: 297 long 1992 Hnefatafl games without move numbers (594,000 moves in
  4 Mi characters) took `analyse`, `puzzles`, `annotate` and `game` to a
  MemoryError at 4 GB;
- a movement game keeps its history as strings (a 19x19 board as a list is
  2.9 KB a ply);
- the analysis commands refuse another game's record before replaying it;
- one `game` document shows a bounded number of moves (the HTML page of that
  record was 1.7 GB, made at 15 GB).
"""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest
from attacks import long_tafl_game
from test_hostile_files_review10 import DAMAGED, _as_a_user_run, _can_drop_root

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from maerstanas_print.play import checking
from maerstanas_print.play.checking import check_games
from tests.process_helpers import run_python

FIXED = DAMAGED.replace(b"3. C3", b"2. C3")
SAMPLE = Path(__file__).resolve().parents[1] / "maerstanas_print" / "samples" / "sample-game.mrs"


# --- set-user-ID and set-group-ID bits the user may not set again ----------------


@pytest.mark.parametrize(
    "command", [["check", "--fix", "a.mrs"], ["fmt", "b.mrs", "-o", "a.mrs"]], ids=["fix", "fmt"]
)
@pytest.mark.parametrize("linked", [False, True], ids=["alone", "hard-linked"])
def test_a_set_group_id_file_of_another_group_is_refused_not_stripped(
    tmp_path: Path, command: list[str], linked: bool
) -> None:
    """The kernel clears the bit on the write and refuses to set it again for a
    process outside the file's group: it was written with the bit gone, and the
    run said only "fixed"."""
    if not _can_drop_root(tmp_path):
        pytest.skip("needs root and setpriv to write as a process without CAP_FSETID")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    (tmp_path / "b.mrs").write_bytes(FIXED)
    os.chown(target, -1, 12345)  # a group this process is not in
    target.chmod(0o2664)
    if linked:
        os.link(target, tmp_path / "c.mrs")
    done = _as_a_user_run(tmp_path, *command)
    assert done.returncode == 3, done.stderr
    assert "set-group-ID bit" in done.stderr and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert target.read_bytes() == DAMAGED
    assert oct(target.stat().st_mode & 0o7777) == oct(0o2664)
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_a_set_group_id_file_of_the_users_own_group_keeps_the_bit(tmp_path: Path) -> None:
    if not _can_drop_root(tmp_path):
        pytest.skip("needs root and setpriv to write as a process without CAP_FSETID")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    os.chown(target, -1, os.getegid())
    target.chmod(0o2775)
    done = _as_a_user_run(tmp_path, "check", "--fix", "a.mrs")
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == FIXED
    assert oct(target.stat().st_mode & 0o7777) == oct(0o2775)


def test_a_set_user_id_file_of_another_owner_is_refused(tmp_path: Path) -> None:
    """Only its owner may set the bit again: a group member's write would drop it."""
    if not _can_drop_root(tmp_path):
        pytest.skip("needs root and setpriv to write as a process without CAP_FSETID")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    os.chown(target, 12345, os.getegid())
    target.chmod(0o4664)
    done = _as_a_user_run(tmp_path, "check", "--fix", "a.mrs")
    assert done.returncode == 3, done.stderr
    assert "set-user-ID bit" in done.stderr
    assert target.read_bytes() == DAMAGED
    assert oct(target.stat().st_mode & 0o7777) == oct(0o4664)


# --- records read whole: bounded by their moves ----------------------------------


def _moves_record(games: int, plies: int = 6) -> str:
    moves = "1. D4 E4 2. C3 C5 3. B2 F6"
    assert plies == 6
    return "".join(f'[Round "{i}"]\n\n{moves} *\n\n' for i in range(1, games + 1))


@pytest.mark.parametrize(
    "command",
    [
        ["fmt", "r.mrs", "-o", "o.mrs"],
        ["game", "r.mrs", "-o", "o.html"],
        ["diagram", "r.mrs", "-o", "o.svg"],
        ["analyse", "--budget", "1", "r.mrs"],
    ],
    ids=lambda c: c[0],
)
def test_a_record_of_too_many_moves_to_hold_is_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
) -> None:
    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_MOVES", 30)
    monkeypatch.chdir(tmp_path)
    Path("r.mrs").write_text(_moves_record(6), encoding="utf-8")
    assert main(command) == 1
    err = capsys.readouterr().err
    assert "r.mrs:21:1: game 6 brings the record to more than 30 moves" in err
    assert err.count("\n") == 1 and not list(tmp_path.glob("o.*"))
    Path("r.mrs").write_text(_moves_record(5), encoding="utf-8")
    assert main(["fmt", "r.mrs", "-o", "o.mrs"]) == 0  # 30 moves: at the limit


def test_variations_count_as_moves_held(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_MOVES", 4)
    monkeypatch.chdir(tmp_path)
    Path("r.mrs").write_text("1. D4 (1. C3 C4 2. B2) E4 *\n", encoding="utf-8")
    assert main(["fmt", "r.mrs", "-o", "o.mrs"]) == 1
    assert "more than 4 moves" in capsys.readouterr().err


def test_a_movement_game_holds_its_history_compactly() -> None:
    """The history `pop` undoes held a list of the board's letters a ply:
    4.4 KB a ply of a 1992 Hnefatafl game replayed without its positions."""
    text = long_tafl_game(600)
    tracemalloc.start()
    try:
        games = list(check_games(text, "t.mrs"))
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert games[0].valid
    assert held / 600 < 3000, f"{held / 600:.0f} bytes a ply"


def test_the_history_still_undoes_every_move() -> None:
    checked = next(iter(check_games(long_tafl_game(40), "t.mrs", keep_positions=True)))
    boards = [list(p.board) for p in checked.replayed.main.positions()]
    position = checked.replayed.final.copy()
    assert len(position.move_stack) == 40 and position.board == boards[-1]
    for board in reversed(boards[:-1]):
        position.pop()
        assert position.board == board and isinstance(position.board, list)


def test_analysis_refuses_another_games_record_before_replaying_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`analyse` replayed every game (3.3 GB for a long tafl record) before
    saying it analyses Mǽrstánas only."""
    replayed: list[int] = []
    real = checking.replay

    def counting(record, **kwargs):  # type: ignore[no-untyped-def]
        replayed.append(record.index)
        return real(record, **kwargs)

    monkeypatch.setattr(checking, "replay", counting)
    monkeypatch.chdir(tmp_path)
    mixed = "1. D4 E4 *\n\n" + long_tafl_game(20) + "\n1. D4 E4 *\n"
    Path("r.mrs").write_text(mixed, encoding="utf-8")
    for command in (["analyse", "--budget", "1"], ["puzzles"], ["annotate", "--budget", "1"]):
        replayed.clear()
        assert main([*command, "r.mrs"]) == 1
        err = capsys.readouterr().err
        assert "game 2 is E-mail Hnefatafl (1992); the engine analyses Mǽrstánas only" in err
        assert replayed == [1], command


# --- one game document: bounded by its moves -------------------------------------


@pytest.mark.parametrize("fmt", ["html", "pdf"])
def test_a_document_of_too_many_moves_is_refused_at_the_game_that_passes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    monkeypatch.setattr(limits, "MAX_DOCUMENT_MOVES", 15)
    monkeypatch.chdir(tmp_path)
    Path("r.mrs").write_text(_moves_record(3), encoding="utf-8")
    assert main(["game", "r.mrs", "-o", f"o.{fmt}"]) == 1
    err = capsys.readouterr().err
    assert "r.mrs:9:1: game 3 brings the document to 21 moves, variations and comments" in err
    assert "more than one document shows (15)" in err and not Path(f"o.{fmt}").exists()
    assert main(["game", "r.mrs", "--index", "3", "-o", f"o.{fmt}"]) == 0


def test_the_document_limit_is_what_the_sample_collection_needs() -> None:
    """A hundred copies of the sample game (4,500 moves) make one page."""
    text = SAMPLE.read_text(encoding="utf-8")
    moves = sum(sum(1 for _ in g.record.walk()) for g in check_games(text, "s"))
    assert 100 * moves < limits.MAX_DOCUMENT_MOVES
    assert limits.MAX_DOCUMENT_MOVES * 10 < limits.MAX_WHOLE_RECORD_MOVES


def test_the_tafl_record_that_reached_4_gb_is_one_line_quickly(tmp_path: Path) -> None:
    """The reviewer's record, cut down with the limit: refused in one line."""
    text = long_tafl_game(200)
    (tmp_path / "t.mrs").write_text(text * 3, encoding="utf-8")
    code = (
        "import sys; from maerstanas_print.io import limits; from maerstanas_print.cli import main;"
        "limits.MAX_WHOLE_RECORD_MOVES = 500; sys.exit(main(sys.argv[1:]))"
    )
    for command in (["fmt", "t.mrs", "-o", "o.mrs"], ["game", "t.mrs", "-o", "o.html"]):
        done = run_python(tmp_path, code, *command)
        assert done.returncode == 1, done.stderr
        assert "game 3 brings the record to more than 500 moves" in done.stderr
        assert done.stderr.count("\n") == 1 and not list(tmp_path.glob("o.*"))
