"""A sheet's PDF keywords name its own game, and no other.

The keywords used to be written once for every sheet, so the tafl games'
boards, setups, pieces and score sheets were tagged "Mǽrstánas" in a library or
a print shop's catalogue. Each sheet now names the game it serves first.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from maerstanas_print.cli import main
from maerstanas_print.games import all_games


def _keywords(path: Path) -> list[str]:
    metadata = pypdf.PdfReader(path).metadata
    assert metadata is not None
    return [word.strip() for word in str(metadata.get("/Keywords", "")).split(",")]


def _sheets(slug: str) -> list[list[str]]:
    """The command lines of every single sheet the game has (setup only where it begins set up)."""
    return [
        ["board", "--game", slug],
        ["stones", "--game", slug],
        ["setup", "--game", slug],
        ["scoresheet", "--game", slug],
    ]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_sheet_keywords_lead_with_the_sheets_own_game(game, tmp_path: Path) -> None:
    others = {other.title for other in all_games() if other is not game}
    made = 0
    for words in _sheets(game.slug):
        out = tmp_path / f"{words[0]}.pdf"
        if main([*words, "-o", str(out)]) != 0:
            continue  # a sheet this game does not have (the command said so)
        keywords = _keywords(out)
        assert keywords[0] == game.title, (words, keywords)
        assert not others & set(keywords), (words, keywords)
        made += 1
    assert made >= 2  # every game has at least a board and a score sheet
