"""Annotated game PDFs: for a record of every game, determinism, fonts and the
flowables contract; then Mǽrstánas's text layer, diagrams, the command. The
movement games' own hand-checked documents are in tests/test_game_tafl.py."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.gamedoc import game_flowables
from maerstanas_print.gamedoc.pdf import game_pdf
from maerstanas_print.games import all_games
from maerstanas_print.resources import sample_path
from tests.game_helpers import HAND, WRAP, load
from tests.pdf_tools import all_text, fonts_of, reader
from tests.record_helpers import SAMPLE

# A record of every registered game, by slug.
RECORDS = {
    "maerstanas": SAMPLE,
    "cyngesheall": sample_path("cyngesheall-game.mrs"),
    "hnefatafl1992": Path(__file__).parent / "records" / "hnefatafl1992-opening.mrs",
}


def test_every_game_has_a_record_here() -> None:
    assert set(RECORDS) == {game.slug for game in all_games()}


@pytest.mark.parametrize("slug", sorted(RECORDS))
def test_every_games_document_is_deterministic_in_embedded_cardo_and_flows(slug: str) -> None:
    games = load(Path(RECORDS[slug]))
    assert games and all(game.valid for game in games)
    pdf = game_pdf(games, title=slug)
    assert pdf == game_pdf(load(Path(RECORDS[slug])), title=slug)
    fonts = fonts_of(pdf)
    assert fonts and all(fonts.values()), fonts
    assert all("Cardo" in name for name in fonts), fonts
    assert len(game_flowables(games[0], width_mm=80.0)) > 5


def _text(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", all_text(pdf).replace("\u00a0", " "))


@pytest.fixture(scope="module")
def sample_pdf() -> bytes:
    return game_pdf(load(), title="sample-game")


def test_text_layer_has_moves_comments_and_captions(sample_pdf: bytes) -> None:
    text = _text(sample_pdf)
    for needle in (
        "Random A – Random B",
        "1. G4 D2 2. G2 D5",
        "16. W E1!",
        "17... T A6xA5/B6/A7!?",
        "Dark turns Light’s stone on the top edge",  # set for print (issue 23)
        "Instead of Light’s 16th move (16... W E3):",
        "16... T D3xD2/C3/E3",
        "Light wins, Dark: 14, Light: 16",
        "default scoring",
        "Dark 14 = 7 pairs + 7 edge sides",
        "The score move by move",
    ):
        assert needle in text, needle
    assert re.findall(r"Diagram \d", text) == [f"Diagram {i}" for i in (1, 2, 3, 4)]
    # Where the record asked for it: after 17. Pass, before the comment that asked.
    at = text.index("Diagram 3: A forced pass")
    assert text.rindex("17. Pass", 0, at) < at < text.index("Dark has no special stone left")
    assert (
        "On the board: Dark 15, Light 15 stones. In hand: Dark none, Light T. "
        "Score: Dark 13, Light 16."
    ) in text


def test_numbers_on_the_stones_are_drawn_as_text(sample_pdf: bytes) -> None:
    # The first diagram numbers all 20 stones 1..10 (twice each, Dark and Light).
    text = all_text(sample_pdf)
    first = text[text.index("5... A1") : text.index("Diagram 1")]
    numbers = sorted(
        int(t) for t in re.findall(r"(?<![.\w])(\d{1,2})(?![.\w])", first) if int(t) <= 10
    )
    assert numbers.count(10) >= 2 and numbers.count(1) >= 2


def test_record_text_is_escaped_in_paragraph_markup() -> None:
    text = _text(game_pdf(load(HAND), title="hand"))
    assert "Game comment with <b>tags</b> & an ampersand." in text
    assert "<script>window.__pwned = 1</script> stays text" in text
    assert "Ann <script>window.__tagged = 1</script>" in text
    assert "Diagram 2: Quiet line" in text


def test_contract_flowables_fit_a_wide_frame() -> None:
    from reportlab.platypus import SimpleDocTemplate

    from maerstanas_print.fonts import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, initialFontName="Cardo", invariant=1)
    width_mm = doc.width * 25.4 / 72
    story = game_flowables(load()[0], every=0, numbers=False, width_mm=width_mm)
    story += game_flowables(load(WRAP)[0], width_mm=width_mm, theme="ink-saver")
    doc.build(story)
    text = _text(buffer.getvalue())
    assert "Diagram 2: A forced pass" in text and "Diagram 4" not in text
    assert "half-bars" in text


def test_command_writes_default_path_and_refuses_bad_records(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["game", str(SAMPLE)]) == 0
    assert (tmp_path / "output" / "sample-game.pdf").read_bytes().startswith(b"%PDF")
    bad = tmp_path / "bad.mrs"
    bad.write_text("1. D4 D4 *\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["game", str(bad), "--format", "html"]) == 1
    err = capsys.readouterr().err
    assert "error M201" in err and "nothing written" in err
    assert not (tmp_path / "output" / "bad.html").exists()
    assert main(["check", str(bad)]) == 1
    captured = capsys.readouterr()
    check_lines = [
        line
        for line in (captured.out + captured.err).splitlines()
        if not line.startswith(str(bad) + ": 1 game")
    ]
    assert check_lines == err.splitlines()[: len(check_lines)]
    assert main(["game", str(SAMPLE), "--every", "-1"]) == 2
    assert main(["game", str(SAMPLE), "--index", "2"]) == 2
    # --game names a game in every other command; here it is refused with the new name.
    assert main(["game", str(SAMPLE), "--game", "2"]) == 2
    assert "--index N" in capsys.readouterr().err


def test_many_games_make_one_document_with_contents(tmp_path) -> None:
    games = tmp_path / "three.mrs"
    games.write_text(
        "\n".join(p.read_text(encoding="utf-8") for p in (SAMPLE, HAND, WRAP)), encoding="utf-8"
    )
    out = tmp_path / "three.pdf"
    assert main(["game", str(games), "-o", str(out), "--paper", "letter"]) == 0
    pdf = out.read_bytes()
    text = _text(pdf)
    assert "Contents" in text and "3 games" in text
    assert text.index("1. Random A – Random B") < text.index("2. Ann <script>")
    r = reader(pdf)
    assert [o.title for o in r.outline] == [
        "1. Random A – Random B",
        "2. Ann <script>window.__tagged = 1</script> – Bo",
        "3. Pairs across the edge",
    ]  # no names: its Event
    assert abs(float(r.pages[0].mediabox.width) - 612) < 1
    # --index picks one game out of the file.
    one = tmp_path / "one.pdf"
    assert main(["game", str(games), "--index", "3", "-o", str(one)]) == 0
    assert "Random A" not in _text(one.read_bytes())


def test_pdf_is_deterministic() -> None:
    assert game_pdf(load(HAND), title="h") == game_pdf(load(HAND), title="h")


def test_build_jobs_include_the_sample_game() -> None:
    from maerstanas_print.commands.build import jobs

    names = {name: args for name, args in jobs()}
    assert names["sample-game.pdf"][0] == "game"
    assert Path(names["sample-game.html"][1]).name == "sample-game.mrs"
