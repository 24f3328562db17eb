"""Players for benchmarks and sample games: random, greedy, the Flask bot's
method, and the engine. Each is a function (position, rng) -> move.

The Flask bot (John Beers' `maerstanas_python`, `flask_app` branch) plays 100
random games from the position and keeps the first move of the single game
that ended best for it. Ours does the same on our engine: each playout picks
uniformly among the legal moves (his picks a square first; the method, the
first move of the best of 100 random playouts, is the same).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from maerstanas_print.games.maerstanas.analysis.search import Searcher
from maerstanas_print.games.maerstanas.engine import DARK, Move, Position, Rules

Player = Callable[[Position, random.Random], Move]


def margin_for(position: Position, side: int) -> int:
    dark, light = position.score()
    return dark - light if side == DARK else light - dark


def random_player(position: Position, rng: random.Random) -> Move:
    return rng.choice(position.legal_moves())


def greedy_player(position: Position, rng: random.Random) -> Move:
    """The move with the best margin on the board right after it (ties at random)."""
    side = position.turn
    scored = []
    for move in position.legal_moves():
        child = position.copy()
        child.push(move, check=False)
        scored.append((margin_for(child, side), move))
    top = max(value for value, _ in scored)
    return rng.choice([move for value, move in scored if value == top])


def playout_player(playouts: int = 100) -> Player:
    """The Flask bot's method: the first move of the best of `playouts` random games."""

    def play(position: Position, rng: random.Random) -> Move:
        side = position.turn
        best_value, best_move = None, None
        for _ in range(playouts):
            game = position.copy()
            first = None
            while not game.is_game_over():
                move = rng.choice(game.legal_moves())
                first = first or move
                game.push(move, check=False)
            value = margin_for(game, side)
            if best_value is None or value > best_value:
                best_value, best_move = value, first
        assert best_move is not None
        return best_move

    return play


def engine_player(seconds: float = 0.5, scoring: str = "default", cpu_time: bool = False) -> Player:
    """The analysis engine with `seconds` a move (one searcher, its table kept);
    `cpu_time` counts the seconds on this process's CPU clock, so that a
    benchmark sharing the machine still gives the engine its full budget."""
    import time

    searcher = Searcher(scoring, clock=time.process_time if cpu_time else time.perf_counter)

    def play(position: Position, rng: random.Random) -> Move:
        evaluation = searcher.evaluate(position, seconds=seconds)
        return rng.choice(evaluation.best)

    return play


def play_game(rules: Rules, dark: Player, light: Player, rng: random.Random) -> list[Position]:
    """Every position of one game, the start first."""
    position = Position.start(rules)
    history = [position.copy()]
    while not position.is_game_over():
        player = dark if position.turn == DARK else light
        position.push(player(position, rng), check=False)
        history.append(position.copy())
    return history


def mixed_player(greedy_share: float) -> Player:
    """Greedy with probability `greedy_share`, random otherwise: a stand-in for
    a casual human, used to make endgames that look like played ones."""

    def play(position: Position, rng: random.Random) -> Move:
        if rng.random() < greedy_share:
            return greedy_player(position, rng)
        return random_player(position, rng)

    return play
