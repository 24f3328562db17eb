"""The library tried with odd and hostile input, as a new user would: each test
is a mistake a review found (a silent wrong answer, or one game behaving unlike
the others), kept so it stays fixed."""

from __future__ import annotations

import pytest

import maerstanas_print as mp
from maerstanas_print.games.tafl.engine import TaflMove

TAFL_GAMES = ["cyngesheall", "hnefatafl1992"]


@pytest.mark.parametrize("slug", TAFL_GAMES)
def test_a_tafl_push_refuses_an_illegal_move_as_a_maerstanas_push_does(slug: str) -> None:
    # A1 holds a Light stone in both starts (Cyngesheall) or nothing (Hnefatafl);
    # Dark moving a king from there is illegal, and push must say so, not play it.
    position = mp.game_named(slug).start()
    size = position.rules.size
    with pytest.raises(mp.IllegalMove):
        position.push(TaflMove("K", 0, 1, size))
    assert position.move_stack == []
    assert position.ply == 0
    with pytest.raises(mp.IllegalMove):
        mp.Position.start().push(mp.Move.from_text("Pass"))  # the Mǽrstánas promise
