"""Benchmark: how strong the analysis engine plays, against three opponents.

Not a test: run `python bench/bench_strength.py [GAMES] [SECONDS] [OPPONENT...]`
(GAMES per opponent, default 200; SECONDS of search per engine move, default
0.5, measured on the process's CPU clock so that other work on the machine
does not shorten the engine's thinking; OPPONENTs from random, greedy,
flask-bot, default all three, so that matches can run in parallel).
The engine (`players.engine_player`: iterative deepening, exact near the end,
a random choice among equally best moves) plays each opponent with the
colours alternating, special stones on, default scoring:

- random: a uniformly random legal move;
- greedy: the move with the best margin on the board right after it;
- flask-bot: John Beers' Flask app's method, re-implemented on our engine
  (`players.playout_player`): play 100 random games from the position and
  play the first move of the single game that ended best for the mover.

It prints wins, ties and losses from the engine's side and its win rate
(ties count half) with a 95 % Wilson interval.
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/

from maerstanas_print.games.maerstanas.engine import Rules
from tests.players import (
    Player,
    engine_player,
    greedy_player,
    play_game,
    playout_player,
    random_player,
)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def match(name: str, opponent: Player, games: int, seconds: float, seed: int) -> None:
    rng = random.Random(seed)
    engine = engine_player(seconds, cpu_time=True)
    wins = ties = losses = 0
    started = time.perf_counter()
    for number in range(games):
        engine_dark = number % 2 == 0
        dark, light = (engine, opponent) if engine_dark else (opponent, engine)
        final = play_game(Rules(True, "default"), dark, light, rng)[-1]
        margin = final.score()[0] - final.score()[1]
        mine = margin if engine_dark else -margin
        wins += mine > 0
        ties += mine == 0
        losses += mine < 0
    rate = (wins + ties / 2) / games
    low, high = wilson(wins + ties / 2, games)
    print(
        f"{name:>10}: {wins:>3} won, {ties:>3} tied, {losses:>3} lost of {games}; "
        f"win rate {100 * rate:5.1f} % (95 % interval {100 * low:5.1f}-{100 * high:5.1f} %)"
        f"  [{time.perf_counter() - started:.0f} s]",
        flush=True,
    )


OPPONENTS: dict[str, tuple[Player, int]] = {
    "random": (random_player, 1),
    "greedy": (greedy_player, 2),
    "flask-bot": (playout_player(100), 3),
}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    chosen = sys.argv[3:] or list(OPPONENTS)
    unknown = [name for name in chosen if name not in OPPONENTS]
    if unknown:
        sys.exit(f"unknown opponent {unknown[0]!r}; choose from {', '.join(OPPONENTS)}")
    print(f"engine at {seconds} s a move, {games} games per opponent, colours alternating")
    for name in chosen:
        opponent, seed = OPPONENTS[name]
        match(name, opponent, games, seconds, seed)


if __name__ == "__main__":
    main()
