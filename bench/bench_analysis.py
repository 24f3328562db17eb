"""Benchmark: the analysis engine's cores, and exact endgame solving times.

Not a test: run `python bench/bench_analysis.py [GAMES] [--speed-only]`
(GAMES per set, default 7). In one run it
1. searches the same positions with the compiled (numba) core, the same
   kernel run as Python, and a plain alpha-beta over `engine.Position`
   objects (the pure-Python engine the analysis replaced), and prints nodes
   per second and the ratios;
2. solves exactly the positions 8, 10, 12 and 16 plies before the end of
   played games with the compiled core, and prints the median and the worst
   time per set.

The games: there is no corpus of strong play, so "played" games come from a
seeded mix of a greedy player (best immediate margin) and a random one, 50/50
per move: endgames with real tension. Positions with a special stone still in
hand are counted apart, since they cost the most.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/

from maerstanas_print.games.maerstanas.analysis import cores
from maerstanas_print.games.maerstanas.analysis.search import Searcher, State
from maerstanas_print.games.maerstanas.engine import DARK, Position, Rules
from tests.players import (
    mixed_player,
    play_game,
    random_player,
)

CASUAL = mixed_player(0.5)


def endgames(count: int, plies: int, specials_in_hand: bool | None, seed: int) -> list[Position]:
    """`count` positions `plies` before the end of casual games; None: any hands."""
    rng = random.Random(seed)
    found: list[Position] = []
    tries = 0
    while len(found) < count and tries < 50 * count:
        tries += 1
        special = rng.random() < 0.7
        player = CASUAL if rng.random() < 0.7 else random_player
        history = play_game(Rules(special, "default"), player, player, rng)
        if len(history) <= plies:
            continue
        position = history[-1 - plies]
        holding = bool(position.in_hand(0) or position.in_hand(1))
        if specials_in_hand is None or holding == specials_in_hand:
            found.append(position)
    return found


BASELINE_NODES = 300_000  # the object baseline stops here (it has no table: slow)


class _Enough(Exception):
    pass


def engine_alpha_beta(position: Position, alpha: int, beta: int, counter: list[int]) -> int:
    """The baseline: negamax alpha-beta on Position copies, moves by immediate gain."""
    counter[0] += 1
    if counter[0] >= BASELINE_NODES:
        raise _Enough
    if position.is_game_over():
        dark, light = position.score()
        return (dark - light) if position.turn == DARK else (light - dark)
    children = []
    for move in position.legal_moves():
        child = position.copy()
        child.push(move, check=False)
        dark, light = child.score()
        children.append(((light - dark) if child.turn == DARK else (dark - light), child))
    children.sort(key=lambda item: -item[0])
    best = -10_000
    for _, child in children:
        value = -engine_alpha_beta(child, -beta, -alpha, counter)
        if value > best:
            best = value
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    return best


def nodes_per_second(positions: list[Position]) -> None:
    print("== nodes per second (same positions, each core in this run) ==")
    rates: dict[str, float] = {}
    names = ["python"] + (["numba"] if cores.numba_available() else [])
    for name in names:
        searcher = Searcher("default", name)
        if name == "numba":  # compile (or load the cache) before the clock starts
            searcher.value(State.of(positions[0]), depth=2)
            searcher = Searcher("default", name)
        started = time.perf_counter()
        for position in positions:
            searcher.value(State.of(position))
        elapsed = time.perf_counter() - started
        rates[name] = searcher.nodes / elapsed
        print(
            f"{name:>22}: {searcher.nodes:>10,} nodes in {elapsed:7.2f} s "
            f"= {rates[name]:>12,.0f} nodes/s"
        )
    counter = [0]
    started = time.perf_counter()
    try:
        for position in positions:
            engine_alpha_beta(position, -10_000, 10_000, counter)
    except _Enough:
        pass
    elapsed = time.perf_counter() - started
    rates["engine"] = counter[0] / elapsed
    print(
        f"{'engine.Position a-b':>22}: {counter[0]:>10,} nodes in {elapsed:7.2f} s "
        f"= {rates['engine']:>12,.0f} nodes/s"
    )
    if "numba" in rates:
        print(f"ratio numba / python kernel:  {rates['numba'] / rates['python']:6.1f}x")
        print(f"ratio numba / engine objects: {rates['numba'] / rates['engine']:6.1f}x")


def solve_times(count: int) -> None:
    core = "numba" if cores.numba_available() else "python"
    print(f"== exact solve times, {core} core, {count} positions per set ==")
    Searcher("default", core).value(State.of(Position.start()), depth=1)  # compile
    sets = [(8, None), (10, None), (12, None), (12, True), (16, False)]
    for plies, holding in sets:
        positions = endgames(count, plies, holding, seed=plies * 101 + (holding is True))
        times, nodes = [], []
        for position in positions:
            searcher = Searcher("default", core)
            started = time.perf_counter()
            searcher.value(State.of(position))
            times.append(time.perf_counter() - started)
            nodes.append(searcher.nodes)
        what = {None: "any hands", True: "a special in hand", False: "no special in hand"}
        print(
            f"{plies:>2} plies, {what[holding]:<18}: median {statistics.median(times):7.3f} s, "
            f"max {max(times):7.3f} s, median {statistics.median(nodes):>11,.0f} nodes "
            f"({len(positions)} positions)"
        )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    nodes_per_second(endgames(count, 10, None, seed=1))
    if "--speed-only" not in sys.argv:
        solve_times(count)


if __name__ == "__main__":
    main()
