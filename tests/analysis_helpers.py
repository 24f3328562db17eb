"""Short records for the analysis tests: endings of seeded random games as Setups."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from maerstanas_print.games.maerstanas.analysis.review import line_notation
from maerstanas_print.games.maerstanas.engine import DARK, SIDE_NAMES, Position, Rules
from tests.players import play_game, random_player


def setup_text(position: Position) -> str:
    """The `[Setup]` value of a position: rows from the top, digits for empty runs."""
    rows = []
    for row in range(7):
        text, empty = "", 0
        for col in range(7):
            square = row * 7 + col
            owner = position.owner(square)
            if owner is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            kind = position.kind_at(square)
            letter = {"standard": "S", "thunder": "T", "woden": "W"}[kind]  # type: ignore[index]
            text += letter if owner == DARK else letter.lower()
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows)


def ending_record(
    plies: int, seed: int = 4, *, finished: bool = True, comments: dict[int, str] | None = None
) -> tuple[str, list[Position]]:
    """The last `plies` plies of a seeded random game without special stones, as
    a record starting from a Setup, and its positions (start first).
    finished=False drops the last ply and ends the record with `*`; `comments`
    puts a comment after the ply of that index."""
    history = play_game(Rules(False, "default"), random_player, random_player, random.Random(seed))
    positions = history[-1 - plies :]
    start = positions[0]
    moves = []
    for before, after in zip(positions, positions[1:], strict=False):
        move = next(m for m in before.legal_moves() if _after(before, m).stones == after.stones)
        moves.append(move)
    words = line_notation(start, moves)
    if not finished:
        words = words[:-1]
        positions = positions[:-1]
    for index, text in sorted((comments or {}).items(), reverse=True):
        words.insert(index + 1, "{" + text + "}")
    end = positions[-1]
    dark, light = end.score()
    ending = f"Dark: {dark}, Light: {light}" if finished else "*"
    tags = (
        f'[Event "Random ending"]\n[Dark "Random A"]\n[Light "Random B"]\n'
        f'[SpecialStones "off"]\n[Scoring "default"]\n'
        f'[FirstPlayer "{SIDE_NAMES[start.turn]}"]\n[Setup "{setup_text(start)}"]\n'
    )
    return tags + "\n" + " ".join(words) + "\n" + ending + "\n", positions


def _after(position: Position, move: object) -> Position:
    child = position.copy()
    child.push(move, check=False)  # type: ignore[arg-type]
    return child


def ending_file(
    folder: Path, plies: int, seed: int = 4, **options: Any
) -> tuple[Path, list[Position]]:
    """`ending_record` written to `folder`/game.mrs: its path and positions."""
    text, positions = ending_record(plies, seed, **options)
    path = folder / "game.mrs"
    path.write_text(text, encoding="utf-8")
    return path, positions
