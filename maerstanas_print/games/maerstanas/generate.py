"""Random legal Mǽrstánas games, for tests, benchmarks and examples.

The moves come from the engine's own legal-move list, so every generated
game is legal by construction; `record_text` writes it in the notation.
"""

from __future__ import annotations

import random

from maerstanas_print.games.maerstanas.engine import Move, Position, Rules, square_name


def random_game(rng: random.Random, rules: Rules | None = None, *,
                special_chance: float = 0.08, max_plies: int = 200
                ) -> list[tuple[Move, tuple[int, ...]]]:
    """Play random moves to the end; specials are chosen now and then, not uniformly."""
    position = Position.start(rules)
    played: list[tuple[Move, tuple[int, ...]]] = []
    while len(played) < max_plies:
        moves = position.legal_moves()
        if not moves:
            break
        standard = [m for m in moves if m.kind in ("place", "pass")]
        if standard and rng.random() > special_chance:
            move = rng.choice(standard)
        else:
            move = rng.choice(moves)
        played.append((move, position.push(move)))
    return played


def record_text(moves: list[tuple[Move, tuple[int, ...]]], rules: Rules | None = None, *,
                tags: dict[str, str] | None = None, numbers: bool = True,
                score: bool = True) -> str:
    """A record of `moves`, with the final score line when `score` is set."""
    rules = rules or Rules()
    lines = [f'[{name} "{value}"]' for name, value in (tags or {}).items()]
    if not rules.special_stones:
        lines.append('[SpecialStones "off"]')
    if rules.scoring != "default":
        lines.append(f'[Scoring "{rules.scoring}"]')
    if lines:
        lines.append("")
    words = []
    position = Position.start(rules)
    for index, (move, _removed) in enumerate(moves):
        if numbers and index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        text = str(move)
        removed = position.push(move)
        if removed:
            text += "x" + "/".join(square_name(sq) for sq in removed)
        words.append(text)
    text = " ".join(words)
    if score:
        dark, light = position.score()
        end = f"Dark: {dark}, Light: {light}" if position.is_game_over() else "*"
    else:
        end = "*"
    lines.append(text)
    lines.append(end)
    return "\n".join(lines) + "\n"
