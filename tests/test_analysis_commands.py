"""`analyse` end to end: the JSON shape, values checked by the naive solver,
option and input errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.games.maerstanas.analysis.review import line_notation
from maerstanas_print.games.maerstanas.engine import DARK
from tests.analysis_helpers import ending_record
from tests.record_helpers import SAMPLE
from tests.test_analysis_search import naive_move_values, naive_value

CYNGESHEALL = Path(__file__).parent.parent / "maerstanas_print" / "samples" / "cyngesheall-game.mrs"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_json_has_the_documented_shape_and_proved_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, positions = ending_record(6)
    path = tmp_path / "ending.mrs"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(["analyse", "--json", str(path)], capsys)
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert list(report) == ["games"]
    (game,) = report["games"]
    assert list(game) == ["index", "plies", "final"]
    assert game["index"] == 1 and len(game["plies"]) == 6
    for index, ply in enumerate(game["plies"]):
        assert list(ply) == [
            "ply",
            "move",
            "side",
            "value_before",
            "value_after",
            "exact",
            "best",
            "pv",
        ]
        position = positions[index]
        values = naive_move_values(position)
        best_value = (max if position.turn == DARK else min)(values.values())
        assert ply["ply"] == index + 1
        assert ply["side"] == ("Dark" if position.turn == DARK else "Light")
        assert ply["exact"] is True
        assert ply["value_before"] == best_value == naive_value(position)
        assert ply["value_after"] == naive_value(positions[index + 1])
        assert set(ply["best"]) == {
            line_notation(position, [m])[0] for m, v in values.items() if v == best_value
        }
        assert ply["pv"][0] in ply["best"]
    assert game["final"] == {
        "value": positions[-1].score()[0] - positions[-1].score()[1],
        "exact": True,
        "best": [],
        "pv": [],
    }


def test_analyse_an_unfinished_record_values_the_last_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, positions = ending_record(6, finished=False)
    path = tmp_path / "unfinished.mrs"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(["analyse", "--json", "--core", "python", str(path)], capsys)
    assert code == 0
    final = json.loads(out)["games"][0]["final"]
    last = positions[-1]
    assert not last.is_game_over()
    assert final["value"] == naive_value(last) and final["exact"] is True
    assert final["best"] and final["pv"][0] in final["best"]


def test_analyse_text_marks_estimates_and_proofs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["analyse", str(SAMPLE), "--time", "0.02", "--exact-from", "4"], capsys)
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("Game 1: Random A – Random B")
    assert "~" in lines[1] and "(d" in lines[1]  # the opening is an estimate
    last = [line for line in lines if line.strip().startswith("18...")][0]
    assert "-2 -> -2" in last and "~" not in last  # proved: Dark 14, Light 16
    assert lines[-1] == "  final position: game over, -2"


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--time", "0"],
            "--time must be a number of seconds above 0 and at most 3,600 (each search), not '0'",
        ),
        (
            ["--time", "soon"],
            "--time must be a number of seconds above 0 and at most 3,600 (each search), "
            "not 'soon'",
        ),
        (
            ["--time", "4000"],
            "--time must be a number of seconds above 0 and at most 3,600 (each search), "
            "not '4000'",
        ),
        (
            ["--budget", "0"],
            "--budget must be a number of seconds above 0 and at most 86,400 (the whole run), "
            "not '0'",
        ),
        (
            ["--budget", "nan"],
            "--budget must be a number of seconds above 0 and at most 86,400 (the whole run), "
            "not 'nan'",
        ),
        (
            ["--exact-from", "-1"],
            "--exact-from must be a whole number of plies (0 or more), not '-1'",
        ),
        (["--core", "c"], "--core must be one of auto, numba, python, not 'c'"),
        (["--depth", "0"], "--depth must be a whole number of plies from 1 to 30, not '0'"),
        (["--depth", "deep"], "--depth must be a whole number of plies from 1 to 30, not 'deep'"),
    ],
)
def test_analyse_refuses_bad_options_with_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["analyse", str(SAMPLE), *args], capsys)
    assert (code, out) == (2, "")
    assert err == f"maerstanas-print: {message}\n"


def test_analyse_refuses_missing_invalid_and_tafl_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["analyse", str(tmp_path / "none.mrs")], capsys)
    assert (code, out) == (3, "") and err.count("\n") == 1 and "no such file" in err
    bad = tmp_path / "bad.mrs"
    bad.write_text("1. D4 D4\n*\n", encoding="utf-8")
    code, out, err = run(["analyse", str(bad)], capsys)
    assert (code, out) == (1, "") and "M201" in err and "nothing written" in err
    code, out, err = run(["analyse", str(CYNGESHEALL)], capsys)
    assert (code, out) == (1, "")
    assert err.endswith("game 1 is Cyngesheall; the engine analyses Mǽrstánas only\n")


def _annotated(path: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, stdout, err = run(["annotate", str(path), "-o", str(out), "--time", "0.02"], capsys)
    assert (code, stdout, err) == (0, "", "")
    return out.read_text(encoding="utf-8")


def test_annotate_marks_proved_losses_keeps_human_notes_and_is_idempotent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from maerstanas_print import parse, replay
    from maerstanas_print.games.maerstanas.analysis.annotate import classify

    text, positions = ending_record(6, seed=6, comments={2: "A human note."})
    text = text.replace(
        '[Event "Random ending"]', '[Event "Random ending"]\n[Annotator "A. Person"]'
    )
    first_move = text.split("\n\n")[1].split()[0]
    text = text.replace(f"\n{first_move} ", f"\n{first_move}! ", 1)  # a human glyph
    source = tmp_path / "game.mrs"
    source.write_text(text, encoding="utf-8")
    once = _annotated(source, tmp_path / "once.mrs", capsys)
    twice = _annotated(tmp_path / "once.mrs", tmp_path / "twice.mrs", capsys)
    assert once == twice
    assert run(["check", str(tmp_path / "once.mrs")], capsys)[0] == 0
    assert "{A human note.}" in once
    assert '[Annotator "A. Person; maerstanas_print engine"]' in once
    (game,) = [replay(g) for g in parse(once, "once.mrs").games]
    marked = 0
    for index, step in enumerate(game.main.steps):
        node = step.node
        assert node is not None
        side = positions[index].turn
        lost = naive_value(positions[index]) - naive_value(positions[index + 1])
        lost = lost if side == DARK else -lost
        verdict = classify(lost)
        engine_notes = [c.text for c in node.comments if c.text.startswith("Engine:")]
        if index == 0:
            assert node.nags[0] == 1  # the human's `!` stays first, whatever the engine says
        if verdict is None:
            assert not engine_notes and not node.variations
            continue
        marked += 1
        name, nag = verdict
        if index:
            assert node.nags == [nag]
        assert engine_notes[0].startswith(f"Engine: {name}, {lost} point")
        (line,) = step.variations
        board = positions[index].copy()
        for variation_step in line.steps:
            board.push(variation_step.move)
        dark, light = board.score()
        assert board.is_game_over() and dark - light == naive_value(positions[index])
    assert marked >= 2  # random play: the ending has mistakes to mark


def test_annotate_refuses_to_overwrite_its_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["annotate", str(SAMPLE), "-o", str(SAMPLE)], capsys)
    assert (code, out) == (2, "") and "would overwrite the input" in err


def test_the_progress_bar_shows_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from maerstanas_print.plugins.maerstanas.commands.analyse import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr("sys.stderr", stream)
        bar = Progress("game 1")
        bar(3, 12)
        text = stream.getvalue()
        assert ("game 1 [#######" in text and "3/12 positions" in text) is shown
        assert (text == "") is not shown
