"""Random legal games of every game, for tests and benchmarks (never shipped).

The moves come from each engine's own legal-move list, so every generated
game is legal by construction: `random_game` and `record_text` for Mǽrstánas,
`random_tafl_game` for the tafl games.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from maerstanas_print.games.maerstanas.engine import Move, Position, Rules, square_name
from maerstanas_print.games.tafl.engine import TaflPosition
from maerstanas_print.games.tafl.replay import move_text

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame


def random_game(
    rng: random.Random,
    rules: Rules | None = None,
    *,
    special_chance: float = 0.08,
    max_plies: int = 200,
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


def record_text(
    moves: list[tuple[Move, tuple[int, ...]]],
    rules: Rules | None = None,
    *,
    tags: dict[str, str] | None = None,
    numbers: bool = True,
    score: bool = True,
) -> str:
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


def random_tafl_game(rng: random.Random, info: TaflGame, *, max_plies: int = 120) -> str:
    """A random legal game of a tafl game, as a record in canonical notation."""
    position = TaflPosition.start(info.tafl)
    words = []
    while not position.over and position.ply < max_plies:
        moves = position.legal_moves()
        if not moves:
            break
        # Prefer captures and king moves now and then, so games end sometimes.
        taking = [m for m in moves if position.captures(m)]
        move = rng.choice(taking if taking and rng.random() < 0.6 else moves)
        board = list(position.board)
        taken = position.push(move)
        if position.ply % 2 == 1:
            words.append(f"{position.ply // 2 + 1}.")
        words.append(
            move_text(move, taken, board, info, ends=position.ending in ("escape", "king captured"))
        )
    result = "*"
    if position.over:
        result = (
            {0: "1-0", 1: "0-1"}.get(position.winner or 0, "1/2-1/2")
            if position.winner is not None
            else "1/2-1/2"
        )
    return f'[Game "{info.tag}"]\n\n' + " ".join(words) + f" {result}\n"
