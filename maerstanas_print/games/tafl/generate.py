"""Random legal tafl games, for tests and examples.

The moves come from the engine's own legal-move list, so every generated game
is legal by construction.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from maerstanas_print.games.tafl.engine import TaflPosition
from maerstanas_print.games.tafl.replay import move_text

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame


def random_tafl_game(rng: random.Random, info: TaflGame, *, max_plies: int = 120
                     ) -> str:
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
        words.append(move_text(move, taken, board, info,
                               ends=position.ending in ("escape", "king captured")))
    result = "*"
    if position.over:
        result = {0: "1-0", 1: "0-1"}.get(position.winner or 0, "1/2-1/2") \
            if position.winner is not None else "1/2-1/2"
    return f'[Game "{info.tag}"]\n\n' + " ".join(words) + f" {result}\n"
