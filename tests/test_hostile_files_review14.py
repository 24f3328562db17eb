"""Hostile files, fourteenth review (issue 26): the kinds of failure it found.

- a file's capabilities (`setcap`), which the kernel removes on any write, were
  dropped without a word by `check --fix` and `-o`: they are now given back, or
  the file is refused when they cannot be;
- the refusal of a set-group-ID file refused one the kernel keeps the bit of (a
  writer in the file's group, the group may not execute it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from test_hostile_files_review10 import DAMAGED

from maerstanas_print.io.errors import LimitError
from tests.process_helpers import HANG_S

FIXED = DAMAGED.replace(b"3. C3", b"2. C3")


def _root_with(*tools: str) -> bool:
    return os.geteuid() == 0 and all(shutil.which(tool) for tool in ("setpriv", *tools))


def _run(tmp_path: Path, prefix: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, "-m", "maerstanas_print", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=False,
    )


def _capabilities(path: Path) -> str:
    done = subprocess.run(["getcap", str(path)], capture_output=True, text=True, check=False)
    return done.stdout.strip()


@pytest.mark.parametrize(
    "command", [["check", "--fix", "a.mrs"], ["fmt", "b.mrs", "-o", "a.mrs"]], ids=["fix", "fmt"]
)
def test_file_capabilities_are_given_back(tmp_path: Path, command: list[str]) -> None:
    if not _root_with("setcap", "getcap"):
        pytest.skip("needs root, setcap and getcap")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    (tmp_path / "b.mrs").write_bytes(FIXED)
    subprocess.run(["setcap", "cap_net_raw+ep", str(target)], check=True)
    done = _run(tmp_path, [], *command)
    assert done.returncode == 0, done.stderr
    assert b"2. C3" in target.read_bytes()  # fixed, or b.mrs as fmt writes it
    assert "cap_net_raw" in _capabilities(target)


def test_file_capabilities_that_cannot_be_given_back_are_refused(tmp_path: Path) -> None:
    if not _root_with("setcap", "getcap"):
        pytest.skip("needs root, setcap and getcap")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    subprocess.run(["setcap", "cap_net_raw+ep", str(target)], check=True)
    without = ["setpriv", "--bounding-set=-setfcap", "--inh-caps=-setfcap", "--"]
    done = _run(tmp_path, without, "check", "--fix", "a.mrs")
    assert done.returncode == 3, done.stderr
    assert "file capabilities" in done.stderr and done.stderr.count("\n") == 1
    assert target.read_bytes() == DAMAGED and "cap_net_raw" in _capabilities(target)


def test_a_set_group_id_file_of_the_writers_group_is_written_and_keeps_the_bit(
    tmp_path: Path,
) -> None:
    """The writer is in the file's group and the group may not execute it: the
    kernel keeps the bit, and the run was refused."""
    if not _root_with():
        pytest.skip("needs root and setpriv to act as another user")
    # a folder another user may reach (the test's own is under root's private one)
    tmp_path = Path(tempfile.mkdtemp(prefix="mp-sgid-", dir="/tmp"))
    tmp_path.chmod(0o777)
    try:
        _as_a_member_of_the_group(tmp_path)
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)


def _as_a_member_of_the_group(tmp_path: Path) -> None:
    user = ["setpriv", "--reuid=1000", "--regid=4000", "--clear-groups", "--"]
    # run as the test runs it (from the folder, not from the checkout, which a
    # `-c` probe would find through its working directory)
    if _run(tmp_path, user, "--version").returncode != 0:
        # a private checkout (CI's clone) another user cannot read
        pytest.skip("another user cannot import the package from this checkout")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    os.chown(target, 3000, 4000)  # another owner; the writer's group
    target.chmod(0o2666)
    done = _run(tmp_path, user, "check", "--fix", "a.mrs")
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == FIXED
    assert oct(target.stat().st_mode & 0o7777) == oct(0o2666)
    # the group may execute it: the kernel clears the bit, and only the owner may
    # set it again
    target.write_bytes(DAMAGED)
    os.chown(target, 3000, 4000)
    target.chmod(0o2676)
    done = _run(tmp_path, user, "check", "--fix", "a.mrs")
    assert done.returncode == 3, done.stderr
    assert "set-group-ID bit" in done.stderr
    assert target.read_bytes() == DAMAGED and oct(target.stat().st_mode & 0o7777) == oct(0o2676)


@pytest.mark.parametrize(
    ("record", "moves"),
    [
        ("1. D4 () *\n", "1. D4 () *"),
        ("1. D4 E3 (1... C3 () C4) *\n", "1. D4 E3 (1... C3 () 2. C4) *"),
        ('[Game "Cyngesheall"]\n\n1. CF6-E5 () *\n', "1. CF6-E5 () *"),
    ],
)
def test_an_empty_variation_is_written_as_it_was(tmp_path: Path, record: str, moves: str) -> None:
    """`check` calls `1. D4 () *` valid; `fmt` and `annotate` ended in an IndexError."""
    (tmp_path / "e.mrs").write_text(record, encoding="utf-8")
    for command in (
        ["fmt", "e.mrs", "-o", "o.mrs"],
        ["annotate", "--budget", "1", "e.mrs", "-o", "o.mrs"],
    ):
        if command[0] == "annotate" and "Cyngesheall" in record:
            continue  # the engine annotates Mǽrstánas only
        done = _run(tmp_path, [], *command)
        assert done.returncode == 0, done.stderr
        written = (tmp_path / "o.mrs").read_text(encoding="utf-8")
        assert (moves if command[0] == "fmt" else "()") in written, written
        assert _run(tmp_path, [], "check", "o.mrs").returncode == 0


@pytest.mark.parametrize("aside", ["()", "{}", "$1", "({c})"])
def test_a_game_holds_a_bounded_number_of_variations_comments_and_nags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], aside: str
) -> None:
    """6.7 million `()` after one move (20 MB, one game) took plain `check` to a
    MemoryError at 3.9 GB: the per-game limits counted moves and open variations."""
    from maerstanas_print.cli import main
    from maerstanas_print.io import limits
    from maerstanas_print.notation.parser import parse

    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 60)
    monkeypatch.chdir(tmp_path)
    many = 31 if aside == "({c})" else 61  # a variation with a comment is two
    Path("r.mrs").write_text(f"1. D4 {' '.join([aside] * many)} E3 *\n", encoding="utf-8")
    assert main(["check", "r.mrs"]) == 1
    err = capsys.readouterr().err
    assert "r.mrs:1:1: a game with more than 60 variations, comments, NAGs and tags" in err, err
    assert err.count("\n") == 1
    with pytest.raises(LimitError, match="more than 60 variations"):
        list(parse(Path("r.mrs").read_text(encoding="utf-8"), fast=False).games)
    Path("r.mrs").write_text(f"1. D4 {' '.join([aside] * 30)} E3 *\n", encoding="utf-8")
    assert main(["check", "r.mrs"]) == 0, capsys.readouterr().err


def test_variations_and_comments_count_towards_a_record_read_whole_and_a_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One move and 1.3 million `()` (4 MB, every limit kept) made `game --format html`
    reach a MemoryError at 3.6 GB: the record and document bounds counted moves."""
    from maerstanas_print.cli import main
    from maerstanas_print.io import limits

    monkeypatch.chdir(tmp_path)
    Path("r.mrs").write_text("1. D4 () {a} () $1 E3 *\n", encoding="utf-8")  # 2 moves, 4 more
    monkeypatch.setattr(limits, "MAX_DOCUMENT_MOVES", 5)
    assert main(["game", "r.mrs", "-o", "o.html"]) == 1
    assert "game 1 brings the document to 7 moves, variations and comments" in (
        capsys.readouterr().err
    )
    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_MOVES", 5)
    assert main(["fmt", "r.mrs", "-o", "o.mrs"]) == 1
    assert "more than 5 moves, variations and comments" in capsys.readouterr().err
    assert not Path("o.html").exists() and not Path("o.mrs").exists()


def test_read_games_keeps_the_bounds_of_a_record_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library's `read_games` is one of the readers the limits name; it read
    10,001 games and 250,001 moves without a word."""
    import io as text_io

    from maerstanas_print import read_games
    from maerstanas_print.io import limits

    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_GAMES", 3)
    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_MOVES", 7)
    path = tmp_path / "g.mrs"
    path.write_text("1. D4 *\n" * 4, encoding="utf-8")
    with pytest.raises(LimitError, match="more than 3 games"):
        read_games(path)
    with pytest.raises(LimitError, match="more than 3 games"):
        read_games(text_io.StringIO("1. D4 *\n" * 4))
    path.write_text("1. D4 E3 2. C3 C5 *\n\n1. D4 (1. E4) E3 2. C3 *\n", encoding="utf-8")
    with pytest.raises(LimitError, match=r"g\.mrs:3:1: game 2 brings the record to more than 7"):
        read_games(path)
    path.write_text("1. D4 E3 *\n" * 3, encoding="utf-8")
    assert len(read_games(path)) == 3


def test_the_numba_core_is_compiled_for_the_run_where_no_cache_can_be_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A user who may write neither the install's __pycache__ nor a home got a
    RuntimeError traceback ("cannot cache function 'popcount': no locator
    available") from analyse, annotate and puzzles."""
    pytest.importorskip("numba")
    from maerstanas_print.games.maerstanas.analysis import cores

    for name in (cores._COMPILED_NAME, cores._COMPILED_NAME + "_uncached"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    real = cores._load_kernel_as
    tried = []

    def nowhere_to_cache(name: str):  # type: ignore[no-untyped-def]
        tried.append(name)
        if not name.endswith("_uncached"):
            raise RuntimeError(
                "cannot cache function 'popcount': no locator available for file 'kernel.py'"
            )
        return real(name)

    monkeypatch.setattr(cores, "_load_kernel_as", nowhere_to_cache)
    module = cores._compiled_kernel()
    assert tried == [cores._COMPILED_NAME, cores._COMPILED_NAME + "_uncached"]
    assert module._CACHE is False and module.__name__.endswith("_uncached")
    assert cores._compiled_kernel() is module  # loaded once a run
    monkeypatch.delitem(sys.modules, module.__name__)


@pytest.mark.parametrize("mode", [0o2666, 0o4666, 0o6666])
def test_a_rootless_container_does_not_pass_for_the_files_owner(tmp_path: Path, mode: int) -> None:
    """In a user namespace root holds every capability, but not over a file whose
    owner and group the namespace does not map: the bits were lost and rc was 0."""
    if not _root_with("unshare"):
        pytest.skip("needs root and unshare to make a user namespace")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    os.chown(target, 1000, 12345)  # neither is mapped by `unshare -r`
    target.chmod(mode)
    done = _run(tmp_path, ["unshare", "-U", "-r", "--"], "check", "--fix", "a.mrs")
    if "unshare failed" in done.stderr or "Operation not permitted" in done.stderr:
        pytest.skip("user namespaces are not allowed here")
    assert done.returncode == 3, done.stderr
    assert "bit" in done.stderr and target.read_bytes() == DAMAGED
    assert oct(target.stat().st_mode & 0o7777) == oct(mode)


def test_a_full_namespace_map_does_not_map_the_overflow_owner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rootless container maps 0..65535: an unmapped owner shows as 65534, which
    that range holds, so the bits were taken as kept and lost with rc 0 (review 26
    files 15); file capabilities written back there become the namespace's own."""
    from maerstanas_print.io import overwrite_rules as rules

    if os.geteuid() != 0:
        pytest.skip("the namespace's root holds every capability: run as root")
    target = tmp_path / "a.mrs"
    target.write_bytes(DAMAGED)
    info = os.stat_result((0o106666, 0, 0, 1, 65534, 65534, 37, 0, 0, 0))
    monkeypatch.setattr(rules, "_id_map", lambda table: [(0, 100000, 65536)])
    monkeypatch.setattr(rules, "_overflow", lambda table: 65534)
    monkeypatch.setattr(rules, "file_capabilities", lambda path: None)
    assert "set-user-ID" in (rules._special_bit_lost(target, info) or "")
    owned = os.stat_result((0o106666, 0, 0, 1, 0, 0, 37, 0, 0, 0))  # root's: mapped
    assert rules._special_bit_lost(target, owned) is None
    monkeypatch.setattr(rules, "file_capabilities", lambda path: b"caps")
    assert "file capabilities" in (rules._special_bit_lost(target, owned) or "")
    monkeypatch.setattr(rules, "_id_map", lambda table: [(0, 0, 4294967295)])
    assert rules._special_bit_lost(target, owned) is None  # the system's own namespace


@pytest.mark.parametrize("name", ["/proc/self/cwd/ro.mrs", "/dev/fd/5"])
def test_an_output_by_a_special_name_keeps_the_rules_of_the_file(tmp_path: Path, name: str) -> None:
    """`-o /proc/self/cwd/ro.mrs` or `/dev/fd/5` (even open read-only) rewrote a
    `chmod 444` file that its own name is refused for (review 26 files 15)."""
    target = tmp_path / "ro.mrs"
    target.write_bytes(DAMAGED)
    target.chmod(0o444)
    code = (
        "import os, sys; from maerstanas_print.cli import main;"
        "os.dup2(os.open('ro.mrs', os.O_RDONLY), 5);"
        "sys.exit(main(['fmt', 'b.mrs', '-o', sys.argv[1]]))"
    )
    (tmp_path / "b.mrs").write_bytes(FIXED)
    done = subprocess.run(
        [sys.executable, "-c", code, name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=False,
    )
    assert done.returncode == 3, done.stderr
    assert "read-only for you" in done.stderr and target.read_bytes() == DAMAGED


def test_a_layout_and_a_sheet_never_share_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--layout /dev/stdout -o -` wrote the PDF and the JSON into one stream."""
    from maerstanas_print.cli import main

    monkeypatch.chdir(tmp_path)
    with (tmp_path / "both.out").open("wb") as out:
        saved = os.dup(1)
        os.dup2(out.fileno(), 1)
        try:
            code = main(["scoresheet", "--scannable", "--layout", "/dev/stdout", "-o", "-"])
        finally:
            os.dup2(saved, 1)
            os.close(saved)
    assert code == 2
    assert "--layout and -o name the same file" in capsys.readouterr().err
    assert (tmp_path / "both.out").stat().st_size == 0


@pytest.mark.parametrize("command", [["fmt", "in.mrs"], ["annotate", "--budget", "1", "in.mrs"]])
def test_standard_output_opened_on_the_input_is_refused(tmp_path: Path, command: list[str]) -> None:
    """`fmt in.mrs 1<>in.mrs` wrote over its input and left its old tail behind."""
    target = tmp_path / "in.mrs"
    target.write_bytes(FIXED)
    with target.open("r+b") as stdout:
        done = subprocess.run(
            [sys.executable, "-m", "maerstanas_print", *command],
            cwd=tmp_path,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=HANG_S,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert "standard output (-): the output would overwrite the input" in done.stderr
    assert target.read_bytes() == FIXED


def test_annotate_never_writes_a_record_past_the_limits_it_is_read_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A comment a move took a game near the limit past it: annotate wrote it, and
    check and fmt then refused the record. The annotated text is read again with
    the limits before a byte is written."""
    from maerstanas_print.io import limits
    from maerstanas_print.io.exits import CommandError
    from maerstanas_print.plugins.maerstanas.commands.annotate import _refuse_past_the_limits

    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 3)
    annotated = "1. D4 {[%eval +1]} E3 {[%eval -1]} 2. C3 {[%eval +1]} C5 {[%eval 0]} *\n"
    with pytest.raises(CommandError, match="more than 3 variations, comments, NAGs and tags"):
        _refuse_past_the_limits(annotated)
    monkeypatch.setattr(limits, "MAX_GAME_ASIDES", 4)
    _refuse_past_the_limits(annotated)
    monkeypatch.setattr(limits, "MAX_WHOLE_RECORD_MOVES", 7)
    with pytest.raises(CommandError, match="more than 7 moves, variations and comments"):
        _refuse_past_the_limits(annotated)
