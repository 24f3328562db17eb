"""The small pieces every game document and every board reader share.

Kept apart from `model` (which builds documents and asks the board readers)
so that the readers, `model` and each game's own reader can use them without
importing one another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

if TYPE_CHECKING:
    from maerstanas_print.pieces import BoardVariant, Stone
    from maerstanas_print.play.replayed import ReplayedGame, Step

__all__ = [
    "RangeMarks",
    "ScoreExplanation",
    "count_of",
    "first_player",
    "listing",
    "move_label",
    "record_tag",
]


def count_of(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def move_label(step: Step) -> str:
    return f"{step.number}..." if step.second else f"{step.number}."


def record_tag(game: ReplayedGame, name: str) -> str | None:
    value = game.record.tag(name)
    if value is None or value.strip() in ("", "?", "????.??.??"):
        return None
    return value.strip()


def first_player(game: ReplayedGame, side: int) -> str:
    """ "Dark (Random A) moves first": the one place the title block says who is who."""
    name = record_tag(game, SIDE_NAMES[side])
    return f"{SIDE_NAMES[side]} ({name}) moves first" if name else f"{SIDE_NAMES[side]} moves first"


@dataclass(frozen=True, slots=True)
class ScoreExplanation:
    """The final position's points, drawn as links (pairs) and ticks (edge sides).

    The game's reader says how its points are drawn (`how`, a sentence), whether
    edges count (`edges_count`: the sums then name pairs and edge sides) and on
    which board (`variant`: a wraparound board draws pairs across its edges).
    """

    position: Any  # the final position
    links: tuple[tuple[int, int, int], ...]  # (side, square, square) per friendly pair
    ticks: tuple[tuple[int, int, str], ...]  # (side, square, "top"/...) per edge point
    pairs: tuple[int, int]
    edges: tuple[int, int]
    score: tuple[int, int]
    how: str
    edges_count: bool = False
    variant: BoardVariant = "standard"
    stones: dict[int, Stone] = field(default_factory=dict)  # the final position, drawn

    def text(self) -> str:
        parts = []
        for side in (DARK, LIGHT):
            total = f"{SIDE_NAMES[side]} {self.score[side]}"
            pairs = count_of(self.pairs[side], "pair")
            if self.edges_count:
                parts.append(f"{total} = {pairs} + {count_of(self.edges[side], 'edge side')}")
            else:
                parts.append(f"{total} = {pairs}")
        return f"{self.how} {'. '.join(parts)}."


def listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(slots=True)
class RangeMarks:
    """What a diagram marks about its range of moves (see `BoardReader.marks`)."""

    numbers: dict[int, str]
    last: int | None
    emptied: list[int]
    notes: list[str]
    arrow: tuple[int, int, int] | None = None
