"""Records for the game-document tests: the shipped sample and small hand-made ones."""

from __future__ import annotations

from pathlib import Path

from maerstanas_print import parse, replay
from maerstanas_print.games.maerstanas.engine import parse_square
from maerstanas_print.play.verify import ReplayedGame
from tests.record_helpers import SAMPLE

RECORDS = Path(__file__).parent / "records"
HAND = RECORDS / "hand-annotated.mrs"
WRAP = RECORDS / "wrap-pair.mrs"


def load(path: Path = SAMPLE) -> list[ReplayedGame]:
    text = path.read_text(encoding="utf-8")
    return [replay(g, keep_positions=True) for g in parse(text, path.name).games]


def sq(name: str) -> int:
    index = parse_square(name)
    assert index is not None
    return index


def squares(*names: str) -> set[int]:
    return {sq(n) for n in names}
