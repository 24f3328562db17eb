"""Commands whose results never mislead (issue 21): the file written is what its
name says, two products of one source never share a default name, and a mistyped
command or option gets a short answer with the nearest name, not the whole usage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from maerstanas_print.cli import main

ROOT = Path(__file__).parent.parent
SAMPLE = ROOT / "maerstanas_print" / "samples" / "sample-game.mrs"
GERMAN = ROOT / "maerstanas_print" / "games" / "books" / "maerstanas-kurzregeln.de.md"


def _kind(path: Path) -> str:
    head = path.read_bytes()[:16]
    return "pdf" if head.startswith(b"%PDF") else "html" if b"<!DOCTYPE" in head else "?"


@pytest.mark.parametrize(
    "command",
    [
        ["board"],
        ["scoresheet"],
        ["stones"],
        ["setup", "--game", "cyngesheall"],
        ["game", str(SAMPLE)],
    ],
    ids=lambda words: words[0],
)
def test_the_extension_of_o_decides_the_format(command, tmp_path, capsys) -> None:
    for name in ("out.html", "out.pdf"):
        assert main([*command, "-o", str(tmp_path / name)]) == 0
        assert _kind(tmp_path / name) == name.rsplit(".", 1)[1]
        assert f"wrote {tmp_path / name}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "command",
    [["board"], ["scoresheet"], ["game", str(SAMPLE)], ["rulebook"]],
    ids=lambda words: words[0],
)
def test_a_format_that_disagrees_with_the_file_name_is_refused(command, tmp_path, capsys):
    target = tmp_path / "out.html"
    assert main([*command, "--format", "pdf", "-o", str(target)]) == 2
    assert "--format pdf does not match -o" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize("command", [["quickref"], ["kit"], ["board"]], ids=lambda w: w[0])
def test_an_extension_the_command_cannot_write_is_refused(command, tmp_path, capsys) -> None:
    target = tmp_path / ("card.html" if command[0] != "board" else "board.png")
    assert main([*command, "-o", str(target)]) == 2
    assert "this command writes" in capsys.readouterr().err
    assert not target.exists()


def test_without_a_file_name_format_still_decides(tmp_path, capsys) -> None:
    assert main(["scoresheet", "--format", "html", "-o", f"{tmp_path}/"]) == 0
    assert _kind(tmp_path / "scoresheet-a4.html") == "html"


def test_a_sources_book_and_card_get_different_default_names(tmp_path, monkeypatch, capsys) -> None:
    shutil.copy(GERMAN, tmp_path / "club.md")
    monkeypatch.chdir(tmp_path)
    assert main(["rulebook", "--source", "club.md"]) == 0
    assert main(["quickref", "--source", "club.md"]) == 0
    written = sorted(p.name for p in (tmp_path / "output").iterdir())
    assert written == ["club-a4.pdf", "club-quickref-a4.pdf"]


def test_a_mistyped_option_gets_the_commands_usage_and_the_nearest_name(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["board", "--pre-page", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "unknown option --pre-page; did you mean --per-page?" in err
    assert err.startswith("usage: maerstanas-print board ")
    assert "COMMAND" not in err  # not the whole program's usage


def test_a_mistyped_command_gets_the_nearest_name(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["gmae", "x.mrs"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "there is no command 'gmae'; did you mean game?" in err


def test_a_hidden_option_is_never_suggested(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["game", str(SAMPLE), "--gamx", "2"])
    assert "did you mean --game" not in capsys.readouterr().err


def test_help_texts_say_what_they_mean(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["stones", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "which game the stone sheet is for" in out
    assert "the stones is for" not in out
