"""Importing move logs of the author's apps (`import`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from record_helpers import sample_text

from maerstanas_print import parse, replay
from maerstanas_print.cli import main
from maerstanas_print.games.maerstanas.engine import square_name
from maerstanas_print.importer import LogError, record_from_log

KINDS = {"place": "standard stone", "thunder": "thunder-stone", "woden": "Woden-stone"}


def logs() -> tuple[str, str]:
    """The sample game as the web app logs it, and as the Flask app does."""
    game = replay(parse(sample_text()).games[0])
    web, flask = [], []
    for step in game.main.steps:
        if step.move.kind == "pass":
            web.append(f"Pass (Player {step.side + 1})")
            continue
        line = f"{square_name(step.move.square)} - {KINDS[step.move.kind]}"  # type: ignore[arg-type]
        web.append(f"{line} (Player {step.side + 1})")
        flask.append(line)
    return "\n".join(web) + "\nGAME OVER - Player 2 wins\n", "\n".join(flask) + "\n"


def test_both_log_styles_give_the_sample_game() -> None:
    web, flask = logs()
    for log in (web, flask):
        imported = record_from_log(log)
        assert imported.diagnostics == []
        game = imported.game
        assert game.valid and game.score == (14, 16) and game.plies == 36
        thunder = game.main.steps[33]
        assert [square_name(s) for s in thunder.removed] == ["A5", "B6", "A7"]
        assert game.main.steps[32].move.kind == "pass"


def test_a_wrong_player_and_an_illegal_move_are_reported_at_their_lines() -> None:
    web, _ = logs()
    lines = web.splitlines()
    lines[4] = lines[4].replace("(Player 1)", "(Player 2)")
    lines[6] = "G4 - standard stone (Player 1)"  # G4 holds Dark's first stone
    imported = record_from_log("\n".join(lines))
    found = [(imported.source.locate(d.start)[0], d.code) for d in imported.diagnostics]
    # (Skipping the illegal G4 changes the game, so the forced pass at line 33
    # is no longer forced: reported too, as the log now reads.)
    assert found == [(7, "M201"), (33, "M206"), (5, "M301")]


def test_unreadable_line_and_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(LogError, match="line 2"):
        record_from_log("E4 - standard stone\nE5 - fancy stone\n")
    web, _ = logs()
    log = tmp_path / "game.log"
    log.write_text(web, encoding="utf-8")
    out = tmp_path / "game.mrs"
    assert main(["import", str(log), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").endswith("Dark: 14, Light: 16\n")
    bad = tmp_path / "bad.log"
    bad.write_text("E4 - standard stone\nE4 - standard stone\n", encoding="utf-8")
    assert main(["import", str(bad)]) == 1
    assert "bad.log:2: error M201" in capsys.readouterr().err
    assert main(["import", str(log), "--scoring", "fancy"]) == 2
