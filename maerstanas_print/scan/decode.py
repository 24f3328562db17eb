"""From the marks' fills to the game the rules allow: a beam search over legal moves.

Each box's fill becomes the chance that it was meant as filled. Each legal move
at a ply is scored by how well the ply's boxes agree with the marks that move
needs (the marks a move needs filled, every other box empty); the record may
also end at any ply, which asks every later box to be empty. The few most likely
games are followed ply by ply, so a faint mark, or two marks where one belongs,
is settled by what the rules allow, even when that shows only later.

A ply is in doubt when the marks leave another legal move within reach, or when
the move read needs a mark the sheet clearly lacks, or leaves out a clearly
filled mark of a run the move has no mark in (the sheet says something the
rules forbid). Marks after the game's end are a doubt too. A reading with any
doubt is never clean.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from maerstanas_print.scan.capabilities import MarkGroup, MoveMarks

__all__ = ["BEAM", "GameReading", "PlyReading", "filled_chance", "read_game"]

BEAM = 8
MIDPOINT, SPREAD = 0.30, 0.04  # the fill at which a box is as likely filled as not, and the slope
SURE = 0.97  # a ply read with less confidence than this is in doubt
CLEAR = 0.9  # a mark whose chance is above this (or below 1 - this) is clearly filled (empty)
FLOOR = 1e-4


def filled_chance(fill: float) -> float:
    """The chance a box with this share of pencil was meant as filled."""
    z = (fill - MIDPOINT) / SPREAD
    chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return min(1 - FLOOR, max(FLOOR, chance))


@dataclass(slots=True)
class PlyReading:
    ply: int
    move: str  # as the record writes it
    confidence: float
    candidates: list[tuple[str, float]]  # the likeliest readings, with their chances
    fills: dict[str, float]  # each box's share of pencil
    doubt: str | None = None


@dataclass(slots=True)
class GameReading:
    plies: list[PlyReading]
    finished: bool  # the rules say the game is over after the last ply read
    doubts: list[str] = field(default_factory=list)  # about the whole reading

    @property
    def doubtful_plies(self) -> list[int]:
        return [ply.ply for ply in self.plies if ply.doubt]

    @property
    def clean(self) -> bool:
        return not self.doubts and not self.doubtful_plies


@dataclass(slots=True)
class _Path:
    score: float
    position: Any
    moves: list[Any]


def _log(chance: float) -> float:
    return math.log(chance)


def read_game(
    moves: MoveMarks,
    groups: tuple[MarkGroup, ...],
    fills: list[dict[str, float]],
) -> GameReading:
    """The likeliest legal game for `fills` (per ply from the first, each box's fill)."""
    values = [value for group in groups for value in group.values]
    chances = [{v: filled_chance(f.get(v, 0.0)) for v in values} for f in fills]
    empty = [sum(_log(1 - c) for c in ply.values()) for ply in chances]
    gain = [{v: _log(c) - _log(1 - c) for v, c in ply.items()} for ply in chances]
    rest_empty = [0.0] * (len(fills) + 1)
    for i in range(len(fills) - 1, -1, -1):
        rest_empty[i] = rest_empty[i + 1] + empty[i]

    def move_score(i: int, move: Any) -> float:
        return empty[i] + sum(gain[i][v] for v in moves.marks(move) if v in gain[i])

    beam = [_Path(0.0, moves.start(), [])]
    ended: list[_Path] = []
    for i in range(len(fills)):
        grown: list[tuple[float, _Path, Any]] = []
        for path in beam:
            ended.append(_Path(path.score + rest_empty[i], path.position, path.moves))
            for move in path.position.legal_moves():
                grown.append((path.score + move_score(i, move), path, move))
        grown.sort(key=lambda item: -item[0])
        beam = []
        for score, path, move in grown[:BEAM]:
            position = path.position.copy(stack=False)
            position.push(move)
            beam.append(_Path(score, position, [*path.moves, move]))
        if not beam:
            break
    ended += beam
    best = max(ended, key=lambda path: path.score)
    return _explain(moves, groups, fills, chances, move_score, rest_empty, best.moves)


def _explain(
    moves: MoveMarks,
    groups: tuple[MarkGroup, ...],
    fills: list[dict[str, float]],
    chances: list[dict[str, float]],
    move_score: Any,
    rest_empty: list[float],
    chosen: list[Any],
) -> GameReading:
    """Each ply of the chosen game with its confidence, rivals and doubts."""
    position = moves.start()
    plies: list[PlyReading] = []
    for i, move in enumerate(chosen):
        options: list[tuple[str, float]] = [("(end)", rest_empty[i])]
        options += [(moves.text(m), move_score(i, m)) for m in position.legal_moves()]
        top = max(score for _, score in options)
        total = sum(math.exp(score - top) for _, score in options)
        ranked = sorted(
            ((text, math.exp(score - top) / total) for text, score in options), key=lambda t: -t[1]
        )
        text = moves.text(move)
        confidence = next(chance for option, chance in ranked if option == text)
        doubt = _doubt(text, confidence, ranked, moves.marks(move), groups, chances[i])
        plies.append(
            PlyReading(
                i + 1,
                text,
                confidence,
                ranked[:3],
                {k: round(v, 3) for k, v in fills[i].items()},
                doubt,
            )
        )
        position.push(move)
    doubts = []
    after = [
        i + 1
        for i in range(len(chosen), len(fills))
        if any(chance > 0.5 for chance in chances[i].values())
    ]
    if after:
        doubts.append(
            f"marks after the last move read, at plies {', '.join(map(str, after[:8]))}"
            + (" ..." if len(after) > 8 else "")
        )
    return GameReading(plies, position.is_game_over(), doubts)


def _doubt(
    text: str,
    confidence: float,
    ranked: list[tuple[str, float]],
    marks: frozenset[str],
    groups: tuple[MarkGroup, ...],
    chances: dict[str, float],
) -> str | None:
    rivals = [f"{option} ({chance:.0%})" for option, chance in ranked if option != text][:2]
    if confidence < SURE:
        return f"not sure: {text} ({confidence:.0%}), or {' or '.join(rivals)}"
    missing = [v for v in marks if chances.get(v, 1.0) < 1 - CLEAR]
    if missing:
        unmarked = ", ".join(sorted(missing))
        return f"read as {text}, the legal move nearest the marks: {unmarked} unmarked"
    for group in groups:
        if marks.isdisjoint(group.values):
            extra = [v for v in group.values if chances[v] > CLEAR]
            if extra:
                marked = ", ".join(extra)
                return f"read as {text}, the legal move nearest the marks: {marked} marked too"
    return None
