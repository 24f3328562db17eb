"""Write `maerstanas_print/samples/casual-games.mrs`: 12 seeded casual games.

There is no corpus of strong Mǽrstánas play, so the analysis examples use games
between two "casual" players (each move greedy, best immediate margin, with
probability 1/2, else random; see `tests/players.py`, `mixed_player`), which have
endgames with real choices in them. Run `python bench/make_casual_games.py`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test helpers: tests/

from maerstanas_print.games.maerstanas.engine import Move, Rules
from tests.players import mixed_player, play_game
from tests.random_games import record_text

OUT = Path(__file__).parent.parent / "maerstanas_print" / "samples" / "casual-games.mrs"


def main() -> None:
    rng = random.Random(2026_11_23)
    player = mixed_player(0.5)
    records = []
    for number in range(1, 13):
        rules = Rules(special_stones=number % 3 != 0)
        history = play_game(rules, player, player, rng)
        moves: list[tuple[Move, tuple[int, ...]]] = []
        for before, after in zip(history, history[1:], strict=False):
            move = next(m for m in before.legal_moves() if _same(before, m, after))
            moves.append((move, ()))
        tags = {
            "Event": "Casual games",
            "Site": "maerstanas_print engine",
            "Date": "2026.11.23",
            "Round": str(number),
            "Dark": "Casual A",
            "Light": "Casual B",
        }
        records.append(record_text(moves, rules, tags=tags))
    OUT.write_text("\n".join(records), encoding="utf-8")


def _same(before, move, after) -> bool:  # type: ignore[no-untyped-def]
    child = before.copy()
    child.push(move, check=False)
    return (
        child.stones == after.stones
        and child.hands == after.hands
        and child.thunder_stones == after.thunder_stones
    )


if __name__ == "__main__":
    main()
