"""`check` on a large file reads it in pieces; the report must not change."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from record_helpers import sample_text

from maerstanas_print.cli import main
from maerstanas_print.games.maerstanas.engine import Rules
from maerstanas_print.io import inputs
from tests.random_games import random_game, record_text


def collection(count: int) -> str:
    """Games with tags, some damaged, some with multi-line comments holding `[`."""
    rng = random.Random(11)
    parts = []
    for i in range(count):
        rules = Rules(special_stones=rng.random() < 0.7)
        body = record_text(random_game(rng, rules), rules, tags={"Event": f"g{i}"})
        if i % 7 == 3:
            body = body.replace(" ", " H9 ", 1)  # damaged: M101
        if i % 5 == 1:
            body = body.replace("\n1. ", "\n{a note\n[Not a tag] inside}\n1. ", 1)
        parts.append(body)
    parts.append(sample_text())
    return "\n".join(parts)


def report(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    code = main(["check", "--json", str(path)])
    data = json.loads(capsys.readouterr().out)
    main(["check", str(path)])
    return code, data, capsys.readouterr().out


def test_pieces_give_the_same_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.mrs"
    path.write_text(collection(60), encoding="utf-8")
    whole = report(path, capsys)
    monkeypatch.setattr(inputs, "PIECE_CHARS", 500)
    name, pieces = inputs.read_record_pieces(str(path))
    assert len(list(pieces)) > 10  # really in pieces
    assert report(path, capsys) == whole
    assert whole[1]["files"][0]["games"][-1]["score"] == {"Dark": 14, "Light": 16}
    assert sum(not g["valid"] for g in whole[1]["files"][0]["games"]) == 9


def test_a_large_file_that_turns_out_not_utf8_is_unreadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read in one pass: the games before the bad byte may have been reported,
    but the file gets no summary, one line on stderr and exit code 3."""
    monkeypatch.setattr(inputs, "PIECE_CHARS", 500)
    monkeypatch.setattr(inputs, "BLOCK_BYTES", 256)
    path = tmp_path / "late-latin1.mrs"
    good = collection(10).encode("utf-8")
    path.write_bytes(good + "{café}".encode("latin-1"))
    assert main(["check", str(path)]) == 3
    out, err = capsys.readouterr()
    assert f"{path}: " not in out  # no summary line
    assert (
        err == f"maerstanas-print: {path}: not UTF-8 text (byte {len(good) + 4} cannot "
        "be read); save the record as UTF-8\n"
    )


@pytest.mark.parametrize("least", [1, 40, 400])
def test_pieces_cut_the_same_from_runs_of_lines_as_from_single_lines(least: int) -> None:
    """A run of lines with nothing that changes the token state is taken whole;
    the pieces (and their first lines) are those of reading the lines one by one."""
    parts = [
        '[Event "a"]\n',
        '[Site "b\\"c"]\n',
        "\n",
        " \t\n",
        "1. E4 F5\n",
        "{ note\n",
        "}\n",
        "(\n",
        ")\n",
        '; [Round "1"]\n',
        '"\n',
        '[Date "x\n',
        "E4 {x} F5\n",
        '  [ Round "2"]\n',
        "Dark: 3, Light: 4\n",
        "*",
    ]
    chooser = random.Random(20)
    for _ in range(300):
        text = "".join(chooser.choice(parts) for _ in range(chooser.randint(0, 30)))
        lines = text.splitlines(keepends=True)
        runs = [text[i : i + 60] for i in range(0, len(text), 60)]
        whole = list(
            inputs.cut_pieces(inputs._lines(runs[0] if runs else "", iter(runs[1:])), least=least)
        )
        assert whole == list(inputs.cut_pieces(iter(lines), least=least)), text
