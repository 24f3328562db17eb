"""Files, sixteenth review of issue 26: what it found, each test failing on the
code it reviewed.

3. Tag lines were counted by no limit: plain `check` of one game of nine million
   tag lines (134 MB) grew to 4 GB and ended in a MemoryError traceback. Tags now
   count with the variations, comments and NAGs of their game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from maerstanas_print.io.errors import LimitError
from maerstanas_print.notation.parser import parse


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
