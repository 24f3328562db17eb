"""Random legal games of the movement games: fmt round trips, readers agree."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_readers import same_reading

from maerstanas_print import parse, replay
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992
from maerstanas_print.notation.export import export_games
from tests.random_games import random_tafl_game


def play(text: str):
    games = [replay(g) for g in parse(text).games]
    assert len(games) == 1 and games[0].valid, games[0].diagnostics
    return games[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), big=st.booleans())
def test_random_tafl_games_round_trip_through_fmt(seed: int, big: bool) -> None:
    info = HNEFATAFL_1992 if big else CYNGESHEALL
    text = random_tafl_game(random.Random(seed), info, max_plies=30 if big else 120)
    same_reading(text)
    game = play(text)
    out = export_games([game])
    again = play(out)
    assert export_games([again]) == out
    assert [(s.move, s.removed) for s in again.main.steps] == [
        (s.move, s.removed) for s in game.main.steps
    ]
    assert (again.result, again.ending) == (game.result, game.ending)
    assert all(len(line) < 80 for line in out.splitlines() if not line.startswith("["))


def test_an_end_mark_and_a_glyph_stay_apart() -> None:
    text = (
        '[Game "Cyngesheall"]\n1. CF6-E5 D1-F1 2. CE5-C3 A4-C4xCC3 3. F5-A5 C4-C5 '
        "4. F7-F2 CB2-E5 5. KG7-F7 B3-F3xF2 6. G4-E4xCE5 C2-C4 "
        "7. KF7-F4 C5-F5xKF4! ? 0-1\n"
    )
    out = export_games([play(text)])
    assert "C5-F5xKF4! ? 0-1" in out
    assert play(out).main.steps[-1].node.nags == [2]  # type: ignore[union-attr]
