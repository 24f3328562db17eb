"""Printed facts about whose move it is: computed, never typed (issue 11, item 4).

The shipped sample said "Light to play after 15. F6 E1" when Dark was to
play. Captions now come with the side to move from the engine, and every
statement about the side to move in the sample records is checked here
against the record itself: the side to move after a ply is the other side
(passes are plies), and "X must pass" means the record's next ply is X's pass.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest

from maerstanas_print import parse, replay
from maerstanas_print.gamedoc.model import document

SAMPLES = sorted(Path(str(files("maerstanas_print") / "samples")).glob("*.mrs"))
CLAIM = re.compile(r"\b(Dark|Light) (to play|to move|must pass)\b")
SIDES = {"Dark": 0, "Light": 1}


def _claims(step) -> list[tuple[str, str]]:
    if step.node is None:
        return []
    texts = []
    for comment in step.node.comments:
        texts.append(comment.text)
        if comment.diagram:
            texts.append(comment.diagram)
    return [m.groups() for text in texts for m in CLAIM.finditer(text)]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_records_say_nothing_false_about_the_side_to_move(path: Path) -> None:
    for game in parse(path.read_text(encoding="utf-8"), path.name).games:
        steps = replay(game).main.steps
        for i, step in enumerate(steps):
            for who, what in _claims(step):
                to_move = 1 - step.side  # the other side moves next, a pass included
                assert SIDES[who] == to_move, f"{path.name}: {who} {what} after ply {i + 1}"
                if what == "must pass":
                    following = steps[i + 1] if i + 1 < len(steps) else None
                    assert following is not None and following.move.kind == "pass", (
                        f"{path.name}: {who} must pass after ply {i + 1}, but does not"
                    )


def test_maerstanas_captions_state_the_side_to_move() -> None:
    """Hand-checked on the sample: after 15. F6 E1 Light has just played, so Dark
    moves; after 16... W E3 Dark has no move (the record's 17. Pass)."""
    path = next(p for p in SAMPLES if p.name == "sample-game.mrs")
    game = replay(parse(path.read_text(encoding="utf-8")).games[0], keep_positions=True)
    diagrams = document(game).diagrams
    by_caption = {d.caption: d for d in diagrams}
    assert by_caption["After 15. F6 E1"].checkpoint.turn == "Dark to move."
    # 16... W E3 leaves Dark without a move: the diagram before it shows Dark to move,
    # the one after Dark's forced 17. Pass shows Light to move.
    assert by_caption["A forced pass"].checkpoint.turn == "Light to move."
    assert diagrams[-1].checkpoint.turn == "Game over."
    assert all(d.checkpoint.text().endswith(d.checkpoint.turn) for d in diagrams)
