"""Reading records into the model: what each piece of notation becomes."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from record_helpers import ROOT, replay_all

from maerstanas_print import Move, Position, parse, parse_game, parse_square, replay
from maerstanas_print.games.maerstanas.engine import DARK, LIGHT, square_name


def doc_examples(name: str) -> list[str]:
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    return re.findall(r"```mrs\n(.*?)```", text, re.S)


def test_every_example_in_the_notation_doc_is_valid() -> None:
    examples = doc_examples("notation.md")
    assert len(examples) >= 4
    for example in examples:
        games = replay_all(example)
        assert games and all(g.valid and not g.diagnostics for g in games), example


def test_the_rules_text_example_move() -> None:
    # Dark's thunder-stone on E4 after 1. D4 E3 2. C5 F4: E3 (above), D4 (left)
    # and F4 (right) hold stones, E5 (below) is empty.
    game = replay_all("1. D4 E3 2. C5 F4 3. T E4xE3/D4/F4 W C5 *")[0]
    thunder, woden = game.main.steps[4], game.main.steps[5]
    assert (woden.move.kind, woden.side) == ("woden", LIGHT)
    assert [square_name(s) for s in thunder.removed] == ["E3", "D4", "F4"]
    assert game.final.kind_at(parse_square("C5")) == "woden"  # type: ignore[arg-type]
    assert game.final.owner(parse_square("C5")) == LIGHT  # type: ignore[arg-type]
    assert game.final.owner(parse_square("E4")) == DARK  # type: ignore[arg-type]


def test_tags_comments_glyphs_variations_and_diagrams() -> None:
    game = parse_game(
        '[Event "E"]\n[Custom "kept"]\n{game note}\n'
        '1. D4! $14 {[%diagram "Cap"] why} (1. C4 (1. B4) {alt}) 1... E3 ?? *'
    )
    assert [(t.name, t.value) for t in game.tags] == [("Event", "E"), ("Custom", "kept")]
    assert [c.text for c in game.mainline.comments] == ["game note"]
    first = game.mainline.nodes[0]
    assert first.nags == [1, 14]
    assert (first.comments[0].text, first.comments[0].diagram) == ("why", "Cap")
    variation = first.variations[0]
    assert str(variation.nodes[0].move) == "C4"
    assert str(variation.nodes[0].variations[0].nodes[0].move) == "B4"
    assert variation.nodes[0].comments[0].text == "alt"
    assert game.mainline.nodes[1].nags == [4]
    assert game.mainline.nodes[1].number.second  # type: ignore[union-attr]
    assert game.termination is not None and game.termination.unfinished


def test_variations_are_verified_from_the_position_before_their_move() -> None:
    # The variation replaces Light's E3 with C5 and goes on 2. D5 E4 3. D4;
    # D4 holds Dark's first stone, so only that move is reported (M201), and
    # the main line is untouched (3 plies).
    games = replay_all("1. D4 E3 (1... C5 2. D5 E4 3. D4) 2. F4 *")
    codes = [d.code for d in games[0].diagnostics]
    assert codes == ["M201"]
    assert games[0].plies == 3


def test_many_games_bom_crlf_and_tabs() -> None:
    text = '\ufeff[Event "a"]\r\n1.\tD4 E3 *\r\n\r\n[Event "b"]\r\n1. E4\tD4 *\r\n'
    parsed = parse(text)
    assert [g.tag("Event") for g in parsed.games] == ["a", "b"]
    assert all(replay(g).valid for g in parsed.games)


def test_library_api_for_a_program() -> None:
    position = Position.start()
    assert len(position.legal_moves()) == 49 + 49  # 49 placements, 49 thunder squares
    position.push(Move.place(parse_square("A1")))  # type: ignore[arg-type]
    assert position.turn == LIGHT and position.score() == (2, 0)
    assert Move.woden(0) in position.legal_moves()


def test_grammar_and_templates_ship_in_the_wheel(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(f"building the wheel failed: {done.stderr[-2000:]}")
    wheel = next(tmp_path.glob("maerstanas_print-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "maerstanas_print/grammar/record.lark" in names
    assert "maerstanas_print/samples/sample-game.mrs" in names
    assert "maerstanas_print/samples/sample-game-django.txt" in names
    for book in ("maerstanas", "cyngesheall", "hnefatafl1992"):  # the rulebook sources
        assert f"maerstanas_print/games/books/{book}.md" in names
    assert "maerstanas_print/games/books/shared/edition.md" in names
    assert "maerstanas_print/rulebook/locale/de/LC_MESSAGES/rulebook.po" in names
    assert any(n.startswith("maerstanas_print/templates/") and n.endswith(".j2") for n in names)
    assert not any(n.startswith("output/") or "/output/" in n for n in names)
    for helper in ("slips.py", "generate.py", "players.py", "applist_export.py"):
        assert not any(n.endswith("/" + helper) for n in names), f"test helper {helper} shipped"
    for init in (ROOT / "maerstanas_print").rglob("__init__.py"):
        if "__pycache__" not in init.parts:
            assert init.relative_to(ROOT).as_posix() in names, f"{init} is not packaged"
    assert "maerstanas_print/grammar/__init__.py" in names
    # The version is written once, in the package; the wheel's metadata carries it.
    import tomllib

    import maerstanas_print

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert f"\nVersion: {maerstanas_print.__version__}\n" in zipfile.ZipFile(wheel).read(
        metadata
    ).decode("utf-8")
