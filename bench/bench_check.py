"""Benchmark: `check` throughput against python-chess reading PGN, in one run.

Generates N random Mǽrstánas games of 35-45 plies (with tags, move numbers and
a final score line) and N random chess games of the same length, then times
- maerstanas_print reading and verifying every game (what `check` does), and
- python-chess's `chess.pgn.read_game` reading every chess game (it parses SAN
  and checks legality of every move, the nearest peer),
and prints games per second for both and their ratio. Not a test: run it with
`python bench/bench_check.py [N]` (needs `pip install chess`).
"""

from __future__ import annotations

import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/


def maerstanas_records(count: int, rng: random.Random) -> list[str]:
    from maerstanas_print.games.maerstanas.engine import Rules
    from tests.random_games import random_game, record_text

    records: list[str] = []
    while len(records) < count:
        rules = Rules(
            special_stones=rng.random() < 0.7, scoring=rng.choice(["default", "default", "simple"])
        )
        moves = random_game(rng, rules)
        if not 35 <= len(moves) <= 45:
            continue
        tags = {
            "Event": "Bench",
            "Site": "Here",
            "Date": "2026.11.21",
            "Round": str(len(records)),
            "Dark": "Player A",
            "Light": "Player B",
        }
        records.append(record_text(moves, rules, tags=tags))
    return records


def chess_records(count: int, rng: random.Random, plies: list[int]) -> list[str]:
    import chess
    import chess.pgn

    records: list[str] = []
    for index in range(count):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers.update(
            {
                "Event": "Bench",
                "Site": "Here",
                "Date": "2026.11.21",
                "Round": str(index),
                "White": "Player A",
                "Black": "Player B",
            }
        )
        node = game
        for _ in range(plies[index % len(plies)]):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        records.append(str(game))
    return records


def time_best(fn, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(2026)
    ours = maerstanas_records(count, rng)
    from maerstanas_print.notation.parser import parse
    from maerstanas_print.play.checking import check_games

    plies = [len(parse(r).games[0].mainline.nodes) for r in ours]
    theirs = chess_records(count, rng, plies)
    our_text = "\n".join(ours)
    their_text = "\n\n".join(theirs)

    def check_ours() -> None:
        checked = 0
        for game in check_games(our_text, "bench.mrs"):  # the pipeline `check` runs
            assert game.valid, game.record.index
            checked += 1
        assert checked == count

    def read_theirs() -> None:
        import chess.pgn

        handle = io.StringIO(their_text)
        read = 0
        while chess.pgn.read_game(handle) is not None:
            read += 1
        assert read == count

    check_ours()  # warm up (builds the regular expressions)
    read_theirs()
    # Alternate the two, best of five each, so that a slow spell of a shared
    # machine hits both alike.
    ours_s = theirs_s = float("inf")
    for _ in range(5):
        ours_s = min(ours_s, time_best(check_ours, 1))
        theirs_s = min(theirs_s, time_best(read_theirs, 1))
    print(f"games: {count} of each, {sum(plies) / len(plies):.1f} plies on average")
    print(
        f"maerstanas_print check : {count / ours_s:8.0f} games/s "
        f"({ours_s / count * 1e6:.0f} µs per game)"
    )
    print(
        f"python-chess read_game : {count / theirs_s:8.0f} games/s "
        f"({theirs_s / count * 1e6:.0f} µs per game)"
    )
    print(f"ratio (ours / python-chess): {theirs_s / ours_s:.2f}x")


if __name__ == "__main__":
    main()
