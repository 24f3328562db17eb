"""Annotated documents of the movement games (Cyngesheall, the 1992 e-mail Hnefatafl).

The numbers and captions below were checked by hand against the game in
docs/notation.md: Light starts with king A1, commander B2 and stones B1 C1 D1
A2 C2 A3 B3 A4 (10 pieces), Dark with king G7, commander F6 and stones D7 E7 F7
E6 G6 F5 G5 G4 (10). Dark loses the commander on C3 (2...), the stone on F2
(5...) and the king on F4 (7...); Light loses the commander on E5 (6.). After
move 7: Dark 7, Light 9 pieces.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print import parse, replay
from maerstanas_print.cli import main
from maerstanas_print.draw.shapes import Text
from maerstanas_print.gamedoc.figures import diagram_shapes
from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.gamedoc.model import document
from maerstanas_print.gamedoc.pdf import game_pdf
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992
from maerstanas_print.geometry import parse_square as square_index
from tests.pdf_tools import all_text
from tests.record_helpers import SAMPLE

ROOT = Path(__file__).resolve().parents[1]
CYNGESHEALL_SAMPLE = ROOT / "maerstanas_print" / "samples" / "cyngesheall-game.mrs"
NOTATION_GAME = """[Game "Cyngesheall"]
[Result "Light"]
[Termination "king captured"]

1. CF6-E5 D1-F1 2. CE5-C3 A4-C4xCC3 3. F5-A5 C4-C5 4. F7-F2 CB2-E5
5. KG7-F7 B3-F3xF2 6. G4-E4xCE5 C2-C4 7. KF7-F4 C5-F5xKF4! 0-1
"""
OPENING_1992 = """[Event "E-mail opening"]
[Game "EmailHnefatafl1992"]

1. O9-O10 N6-N10xO10 2. O11-O10xN10 N3-N10xO10 *
"""


def _games(text: str, name: str = "t.mrs") -> list:
    games = [replay(g, keep_positions=True) for g in parse(text, name).games]
    assert all(g.valid for g in games), [g.diagnostics for g in games]
    return games


def _named(game, numbers: dict[int, str]) -> dict[str, str]:
    return {game.board.name(sq): n for sq, n in numbers.items()}


def _texts(shape) -> list[str]:
    if isinstance(shape, Text):
        return [shape.text]
    return [t for child in getattr(shape, "children", ()) for t in _texts(child)]


def _text(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", all_text(pdf).replace("\u00a0", " "))


@pytest.fixture(scope="module")
def sample():
    return _games(CYNGESHEALL_SAMPLE.read_text(encoding="utf-8"))[0]


@pytest.fixture(scope="module")
def sample_pdf(sample) -> bytes:
    return game_pdf([sample], title="cyngesheall-game")


def test_whole_game_diagram_numbers_and_captions_by_hand() -> None:
    game = _games(NOTATION_GAME)[0]
    doc = document(game, every=0)
    assert len(doc.diagrams) == 1
    d = doc.diagrams[0]
    assert d.title == "Diagram 1: Final position"
    assert d.range_text == "1. CF6-E5 to 7... C5-F5xKF4!"
    # Each piece moved in the range carries its last number on its arrival square;
    # the Light stone A4-C4-C5-F5 shows 7, its earlier moves are listed.
    assert _named(CYNGESHEALL, d.numbers) == {
        "F1": "1",
        "A5": "3",
        "F3": "5",
        "E4": "6",
        "C4": "6",
        "F5": "7",
    }
    assert d.notes == [
        "2... A4-C4 took the commander on C3 (Dark 1, 2).",
        "5... B3-F3 took the stone on F2 (Dark 4).",
        "6. G4-E4 took the commander on E5 (Light 4).",
        "7... C5-F5 took the king on F4 (Dark 5, 7).",
        "Light 7 on F5 also moved at 2 (A4-C4) and 3 (C4-C5).",
    ]
    assert [CYNGESHEALL.board.name(sq) for sq in d.emptied] == ["F2", "C3", "F4", "E5"]
    assert d.last == square_index("F5", 7)
    assert d.arrow == (square_index("C5", 7), square_index("F5", 7), 1)
    assert d.checkpoint.sentences() == (
        "On the board: Dark 7, Light 9 pieces.",
        "Kings: Dark taken, Light A1. Commanders: Dark taken, Light taken.",
        "Game over. Light wins (king captured).",
    )
    assert dict(doc.details)["Result"] == "Light wins (king captured)"
    assert dict(doc.details)["Game"] == "Cyngesheall"
    assert doc.explanation is None and doc.final is None  # the last diagram is the board
    # Pieces after every ply, and the kings and commanders taken under the chart.
    assert doc.series[0] == (10, 10) and doc.series[4] == (9, 10)
    assert doc.series[-1] == (7, 9) and len(doc.series) == 15
    assert doc.specials == [(3, 0, "thunder"), (10, 1, "thunder"), (13, 0, "woden")]


def test_sample_diagrams_where_requested_with_hand_checked_captions(sample) -> None:
    doc = document(sample)
    assert [d.kind for d in doc.diagrams] == ["requested", "final"]
    first, final = doc.diagrams
    assert first.title == "Diagram 1: Light takes the runner"
    assert first.range_text == "1. CF6-E5 to 5... B3-F3xF2"
    assert _named(CYNGESHEALL, first.numbers) == {
        "F1": "1",
        "A5": "3",
        "C5": "3",
        "E5": "4",
        "F3": "5",
        "F7": "5",
    }
    assert "Light 3 on C5 also moved at 2 (A4-C4)." in first.notes
    assert first.checkpoint.sentences()[:2] == (
        "On the board: Dark 8, Light 10 pieces.",
        "Kings: Dark F7, Light A1. Commanders: Dark taken, Light E5.",
    )
    assert first.checkpoint.sentences()[2] == "Dark to move."
    # The diagram stands right after its move, before the rest of the comment.
    kinds = [(b.kind, b.runs[-1].text if b.runs else None) for b in doc.blocks]
    at = kinds.index(("diagram", None))
    assert doc.blocks[at - 1].runs[-1].text == "B3-F3xF2"
    assert doc.blocks[at + 1].runs[0].text.startswith("F3 and F1 catch the stone")
    assert _named(CYNGESHEALL, final.numbers) == {"E4": "6", "C4": "6", "F5": "7"}
    # Light's commander moved before this range (4...), so it is named without a number.
    assert final.notes == [
        "6. G4-E4 took the commander on E5.",
        "7... C5-F5 took the king on F4 (Dark 7).",
    ]
    assert final.checkpoint.sentences()[0] == "On the board: Dark 7, Light 9 pieces."
    # The variation is its own paragraph, saying what it replaces.
    variation = next(b for b in doc.blocks if b.kind == "variation")
    assert variation.runs[0].text == "Instead of Dark’s 7th move (7. KF7-F4?):"
    assert [r.text for r in variation.runs if r.kind == "move"] == ["7. KF7-G7", "7... C5-E5"]
    # --every 3: a diagram after every three moves without one, and the final one.
    every = document(sample, every=3)
    assert [d.range_text.split(" to ")[-1] for d in every.diagrams] == [
        "3... C4-C5",
        "5... B3-F3xF2",
        "7... C5-F5xKF4!",
    ]


def test_1992_opening_shows_a_window_with_real_coordinates() -> None:
    game = _games(OPENING_1992)[0]
    doc = document(game, every=1)
    first, second = doc.diagrams
    name = HNEFATAFL_1992.board.name
    assert first.notes == ["1... N6-N10 took the man on O10 (Dark 1)."]
    assert second.notes == [
        "2. O11-O10 took the man on N10.",
        "2... N3-N10 took the man on O10 (Dark 2).",
    ]
    assert [name(sq) for sq in second.emptied] == ["O10"]
    # Windows around the squares the moves touch, at least 9 x 9, inside the board.
    assert first.window == (10, 3, 9, 9)  # columns K-S, rows 4-12
    assert second.window == (10, 1, 9, 11)  # columns K-S, rows 2-12
    assert second.checkpoint.sentences() == (
        "On the board: Dark 23, Light 47 pieces.",
        "Dark’s king: J10.",
        "Dark to move.",
    )
    assert doc.result == "Unfinished" and doc.final is not None
    group, w, h = diagram_shapes(second, 66.0)
    assert w <= 66.0 + 0.5 * 6.5
    assert "Part of the board: columns K to S, rows 2 to 12." in group.desc
    assert "Move numbers: 2 on N10." in group.desc
    pdf = game_pdf([game], title="opening", every=1)
    text = _text(pdf)
    assert "2... N3-N10 took the man on O10 (Dark 2)." in text
    assert "Final position" in text and "Pieces on the board move by move" in text
    # The window's own coordinates: K to S and rows 2 to 12 stand on the diagram.
    texts = set(_texts(group))
    assert set("KLMNOPQRS") | {str(row) for row in range(2, 13)} <= texts
    assert not {"J", "1", "13", "19"} & texts
    html = game_html([game], title="opening", every=1)
    assert "Part of the board: columns K to S, rows 4 to 12." in html
    assert "E-mail Hnefatafl (1992)" in html


def test_pdf_text_layer_and_the_closing_chart(sample_pdf) -> None:
    text = _text(sample_pdf)
    for words in (
        "1. CF6-E5",
        "2... A4-C4xCC3",
        "7... C5-F5xKF4!",
        "The commander steps off diagonally, the one piece that may.",
        "Diagram 1: Light takes the runner",
        "took the king on F4 (Dark 7).",
        "Instead of Dark’s 7th move",
        "Light wins (king captured)",
        "Pieces on the board move by move",
        "Game: Cyngesheall",
        "Cyngesheall is a game by John Beers",
    ):
        assert words in text, words
    assert "score" not in text.lower().replace("the score", "")


def test_command_builds_mixed_files_and_refuses_invalid_tafl(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    mixed = tmp_path / "mixed.mrs"
    mixed.write_text(
        "\n".join((SAMPLE.read_text(encoding="utf-8"), NOTATION_GAME, OPENING_1992)),
        encoding="utf-8",
    )
    assert main(["game", str(mixed), "-o", "mixed.pdf"]) == 0
    text = _text((tmp_path / "mixed.pdf").read_bytes())
    assert "Final position and score" in text  # the Mǽrstánas game keeps its score
    assert "Pieces on the board move by move" in text
    assert main(["game", str(mixed), "--format", "html", "-o", "mixed.html"]) == 0
    page = (tmp_path / "mixed.html").read_text(encoding="utf-8")
    assert page.count('class="mg-viewer"') == 3
    bad = tmp_path / "bad.mrs"
    bad.write_text(
        '[Game "Cyngesheall"]\n\n1. CF6-E5 D1-F1 2. CE5-C3 A4-C4xC2 *\n', encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["game", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "M302" in err and "nothing written" in err
    assert not (tmp_path / "output").exists()
    assert main(["check", str(bad)]) == 1
    captured = capsys.readouterr()
    check_lines = [
        line for line in (captured.out + captured.err).splitlines() if "1 game" not in line
    ]
    assert check_lines and check_lines == err.splitlines()[: len(check_lines)]


def test_build_jobs_include_the_cyngesheall_sample() -> None:
    from maerstanas_print.commands.build import jobs

    names = {name: args for name, args in jobs()}
    for name in ("cyngesheall-game.pdf", "cyngesheall-game.html"):
        assert names[name][0] == "game"
        assert Path(names[name][1]).name == "cyngesheall-game.mrs"
    assert main(["check", str(CYNGESHEALL_SAMPLE)]) == 0
