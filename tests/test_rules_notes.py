"""The worked examples of docs/rules-notes.md and hand-checked game facts.

Every expected value here was worked out by hand from the board drawn in the
comment, not taken from the engine's output.
"""

from __future__ import annotations

from record_helpers import sample_text

from maerstanas_print import parse, replay
from maerstanas_print.games.maerstanas.engine import (
    DARK,
    LIGHT,
    PLAIN,
    TORUS,
    Move,
    Position,
    Rules,
    parse_square,
    square_name,
    squares_of,
)


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


def dark_only(*names: str, scoring: str = "default") -> Position:
    position = Position.start(Rules(scoring=scoring))  # type: ignore[arg-type]
    for name in names:
        position.stones[DARK] |= 1 << sq(name)
    return position


def names(mask: int) -> set[str]:
    return {square_name(s) for s in squares_of(mask)}


def test_torus_neighbours() -> None:
    assert names(TORUS.neighbour_masks[sq("A2")]) == {"A1", "G2", "B2", "A3"}
    assert names(TORUS.neighbour_masks[sq("A1")]) == {"A7", "G1", "B1", "A2"}
    assert "G7" not in names(TORUS.neighbour_masks[sq("A1")])
    assert names(PLAIN.neighbour_masks[sq("A1")]) == {"B1", "A2"}


def test_a_pair_across_the_edge() -> None:
    # Dark on A2 and G2 only.
    assert dark_only("A2", "G2").score("wraparound") == (1, 0)
    assert dark_only("A2", "G2").score("default") == (2, 0)
    assert dark_only("A2", "G2").score("simple") == (0, 0)


def test_four_corners() -> None:
    corners = dark_only("A1", "G1", "A7", "G7")
    assert corners.score("wraparound") == (4, 0)
    assert corners.score("default") == (8, 0)
    assert corners.score("simple") == (0, 0)


def test_a_placement_only_the_torus_allows() -> None:
    for scoring, legal in (("default", False), ("wraparound", True)):
        position = dark_only("C1", "E1", "D2", scoring=scoring)
        problem = position.move_problem(Move.place(sq("D1")))
        assert (problem is None) == legal, scoring
    plain = dark_only("C1", "E1", "D2")
    assert str(plain.move_problem(Move.place(sq("D1")))) == "a stone on D1 would have four hinges"


def test_thunder_across_the_corner() -> None:
    position = dark_only("A7", "G1", "B1", "A2", scoring="wraparound")
    removed = position.push(Move.thunder(sq("A1")))
    assert [square_name(s) for s in removed] == ["A7", "G1", "B1", "A2"]
    assert names(position.stones[DARK]) == {"A1"}


def test_torus_never_forbids_what_the_plain_board_allows() -> None:
    import random

    from tests.random_games import random_game

    rng = random.Random(7)
    for _ in range(30):
        game = random_game(rng, Rules(special_stones=False))
        plain = Position.start(Rules(special_stones=False))
        torus = Position.start(Rules(special_stones=False, scoring="wraparound"))
        for move, _removed in game:
            assert plain.standard_placements() & ~torus.standard_placements() == 0
            plain.push(move)
            torus.push(move, check=False)


# --- the shipped sample game, checked by hand ---------------------------------
#
# Before Dark's 17th move (after 16. W E1 W E3), Dark holds no special stone:
#
#      A B C D E F G
#   1  O . O . W O .        W = Dark Woden-stone, w = Light Woden-stone
#   2  . X . O X . X        T = Dark thunder-stone
#   3  O . X . w X .
#   4  . X X . O . X
#   5  O . O O . X .
#   6  . X O O X X T
#   7  O O . . O . X
#
# Every empty square is barred: B1 (A1, C1, B2 and the edge), D1 (C1, E1, D2,
# edge), G1 (F1, G2, two edges), A2, C2, F2, B3, G3, A4, F4, B5, E5, G5, A6, F7
# all have four hinges; D3 would give E3 (E2, F3, E4, D3) four; D4 would give
# C4 (C3, B4, C5, D4) four; C7 would give B7 (B6, A7, edge, C7) four; D7 would
# give D6 (D5, C6, E6, D7) four. So Dark must pass, and Light (holding the
# thunder-stone) may not.


def test_sample_forced_pass_and_final_score() -> None:
    game = replay(parse(sample_text()).games[0], keep_positions=True)
    assert game.valid
    steps = game.main.steps
    pass_step = steps[32]
    assert (pass_step.move.kind, pass_step.side, pass_step.number) == ("pass", DARK, 17)
    before = steps[31].after
    assert before is not None and before.standard_placements() == 0
    assert before.in_hand(DARK) == 0 and before.in_hand(LIGHT) != 0
    # Final position, hand-counted (see docs/notation.md):
    #   Dark  pairs B4-C4, E6-F6, F6-G6, E1-E2, C3-C4, F5-F6, G6-G7 = 7;
    #         edges E1, G2, G4, A5, G6 = 1 each, G7 = 2, total 7 -> 14.
    #   Light pairs C5-D5, C6-D6, B7-C7, C5-C6, D5-D6, C6-C7, E3-E4 = 7;
    #         edges A1 = 2, C1, F1, A3, A6, B7, C7, E7 = 1 each, total 9 -> 16.
    assert game.score == (14, 16)
    assert game.final.score("simple") == (7, 7)
    assert game.result == "Light"
    assert names(game.final.stones[LIGHT]) == {
        "A1",
        "C1",
        "F1",
        "D2",
        "A3",
        "E3",
        "E4",
        "C5",
        "D5",
        "A6",
        "C6",
        "D6",
        "B7",
        "C7",
        "E7",
    }
    # Light's thunder on A6 took A5, B6, A7: above, right, below (nothing to the left).
    thunder = steps[33]
    assert [square_name(s) for s in thunder.removed] == ["A5", "B6", "A7"]
