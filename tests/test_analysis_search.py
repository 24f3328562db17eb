"""The exact search against a naive solver, and the two cores against each other.

The naive solver below is written separately on purpose: plain full-width
minimax over `engine.Position` copies, no pruning, no table, no kernel code.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from maerstanas_print.games.maerstanas.analysis import cores
from maerstanas_print.games.maerstanas.analysis.search import Searcher, State, code_of, move_of
from maerstanas_print.games.maerstanas.engine import (
    DARK,
    LIGHT,
    PLAIN,
    SQUARES,
    THUNDER,
    TORUS,
    WODEN,
    Move,
    Position,
    Rules,
)
from maerstanas_print.games.maerstanas.engine import parse_square as sq
from tests.players import play_game, random_player

CORES = [
    "python",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(not cores.numba_available(), reason="numba is not installed"),
    ),
]
SMALL_TABLE = 1 << 16


def naive_value(position: Position) -> int:
    """Dark minus Light at the end, with best play: full-width minimax."""
    if position.is_game_over():
        dark, light = position.score()
        return dark - light
    values = []
    for move in position.legal_moves():
        child = position.copy()
        child.push(move, check=False)
        values.append(naive_value(child))
    return max(values) if position.turn == DARK else min(values)


_NAIVE: dict[tuple[object, ...], dict[Move, int]] = {}


def naive_move_values(position: Position) -> dict[Move, int]:
    """Each move's naive value (kept: several tests ask for the same positions)."""
    key = (position.rules, tuple(position.stones), tuple(position.hands or ()), position.turn)
    if key in _NAIVE:
        return _NAIVE[key]
    out = {}
    for move in position.legal_moves():
        child = position.copy()
        child.push(move, check=False)
        out[move] = naive_value(child)
    _NAIVE[key] = out
    return out


@cache
def endgames() -> list[tuple[str, Position]]:
    """Positions 3 to 6 plies before the end of seeded random games, in every
    scoring, with and without special stones, plus a few with a special
    stone put back in a player's hand (the costly case)."""
    rng = random.Random(20261123)
    found = []
    for scoring in ("default", "simple", "wraparound"):
        for special in (True, False):
            for _ in range(3):
                history = play_game(Rules(special, scoring), random_player, random_player, rng)
                back = rng.randint(3, 6)
                found.append((f"{scoring}-{special}-{back}", history[-1 - back]))
    for flag, scoring in ((WODEN, "default"), (THUNDER, "simple"), (WODEN, "wraparound")):
        history = play_game(Rules(True, scoring), random_player, random_player, rng)
        position = history[-3].copy()
        position.hands = [flag, 0] if position.turn == DARK else [0, flag]
        found.append((f"{scoring}-hand{flag}", position))
    return found


@pytest.mark.parametrize("core", CORES)
def test_exact_values_and_best_moves_match_the_naive_solver(core):
    for name, position in endgames():
        expected = naive_move_values(position)
        searcher = Searcher(position.rules.scoring, core, table_size=SMALL_TABLE)
        evaluation = searcher.evaluate(position, exact=True)
        best = max(expected.values()) if position.turn == DARK else min(expected.values())
        assert evaluation.exact, name
        assert evaluation.value == best, name
        assert set(evaluation.best) == {m for m, v in expected.items() if v == best}, name


@pytest.mark.parametrize("core", CORES)
def test_the_principal_variation_reaches_the_value(core):
    for name, position in endgames()[:8]:
        evaluation = Searcher(position.rules.scoring, core, table_size=SMALL_TABLE).evaluate(
            position, exact=True
        )
        board = position.copy()
        for move in evaluation.pv:
            board.push(move)  # legal, or this raises
        assert board.is_game_over(), name
        dark, light = board.score()
        assert dark - light == evaluation.value, name


@pytest.mark.skipif(not cores.numba_available(), reason="numba is not installed")
def test_both_cores_give_identical_answers_and_node_counts():
    rng = random.Random(5)
    for special, scoring in (
        (True, "default"),
        (False, "default"),
        (True, "simple"),
        (True, "wraparound"),
    ):
        history = play_game(Rules(special, scoring), random_player, random_player, rng)
        for back in (4, 7):
            position = history[-1 - back]
            answers = []
            for core in ("python", "numba"):
                searcher = Searcher(scoring, core, table_size=SMALL_TABLE)
                evaluation = searcher.evaluate(position, exact=True)
                answers.append((evaluation.value, evaluation.best, evaluation.pv, searcher.nodes))
            assert answers[0] == answers[1]


def test_a_hand_checked_ending_of_the_sample_game():
    """After 18. A5 of the sample game Light (13 points to Dark's 14) has two
    squares. C7 touches the bottom edge and Light's B7 and C6: +3, and then
    B6 would give B7 a fourth hinge, so the game ends 14-16. B6 joins Light's
    A6, C6 and B7: +3, and then C7 would give B7 a fourth hinge: 14-16 too.
    So the value is -2 and both moves are best."""
    from tests.game_helpers import load

    steps = load()[0].main.steps
    assert str(steps[34].move) == "A5"
    position = steps[34].after
    assert position.score() == (14, 13)
    assert {str(m) for m in position.legal_moves()} == {"B6", "C7"}
    for name in ("B6", "C7"):
        child = position.copy()
        child.push(Move.place(sq(name)))
        assert child.is_game_over() and child.score() == (14, 16)
    for core in ("python",) + (("numba",) if cores.numba_available() else ()):
        evaluation = Searcher("default", core, table_size=SMALL_TABLE).evaluate(position)
        assert evaluation.value == -2 and evaluation.exact
        assert {str(m) for m in evaluation.best} == {"B6", "C7"}


def test_a_forced_pass_is_the_only_move():
    """Before 17. Pass of the sample game Dark holds nothing and no square
    takes a stone, while Light still holds the thunder-stone: Dark must pass."""
    from tests.game_helpers import load

    steps = load()[0].main.steps
    assert steps[32].move == Move.pass_()
    position = steps[31].after
    assert position.must_pass()
    for core in ("python",) + (("numba",) if cores.numba_available() else ()):
        evaluation = Searcher("default", core, table_size=SMALL_TABLE).evaluate(
            position, exact=True
        )
        assert evaluation.best == [Move.pass_()] and evaluation.pv[0] == Move.pass_()
        assert evaluation.value == naive_value(position)


def test_a_finished_game_is_its_score():
    history = play_game(Rules(True, "default"), random_player, random_player, random.Random(3))
    end = history[-1]
    evaluation = Searcher("default", "python", table_size=SMALL_TABLE).evaluate(end)
    dark, light = end.score()
    assert (evaluation.value, evaluation.exact, evaluation.best, evaluation.pv) == (
        dark - light,
        True,
        [],
        [],
    )


def test_a_depth_limited_search_says_estimate_and_a_deep_one_exact():
    history = play_game(Rules(False, "default"), random_player, random_player, random.Random(8))
    early = history[6]
    searcher = Searcher("default", "python", table_size=SMALL_TABLE)
    shallow = searcher.evaluate(early, max_depth=2)
    assert not shallow.exact and shallow.depth == 2
    late = history[-4]
    deep = searcher.evaluate(late, max_depth=20)
    assert deep.exact and deep.value == naive_value(late)


def test_a_node_budget_stops_the_search_with_the_last_finished_depth():
    history = play_game(Rules(True, "default"), random_player, random_player, random.Random(9))
    searcher = Searcher("default", "python", table_size=SMALL_TABLE)
    evaluation = searcher.evaluate(history[4], max_nodes=3000)
    assert not evaluation.exact
    assert 1 <= evaluation.depth < 10
    assert searcher.nodes < 2 * 3000  # the budget, and a short principal variation


def _mirror(position: Position, mapping: list[int]) -> Position:
    def image(mask: int) -> int:
        return sum(1 << mapping[s] for s in range(SQUARES) if mask >> s & 1)

    out = position.copy()
    out.stones = [image(position.stones[DARK]), image(position.stones[LIGHT])]
    out.thunder_stones = image(position.thunder_stones)
    out.woden_stones = image(position.woden_stones)
    return out


def test_the_eight_symmetries_keep_adjacency_on_the_square_and_on_the_torus():
    for mapping in cores.symmetry_maps():
        for geometry in (PLAIN, TORUS):
            for square in range(SQUARES):
                mapped = {
                    mapping[n] for n in range(SQUARES) if geometry.neighbour_masks[square] >> n & 1
                }
                expected = {
                    n for n in range(SQUARES) if geometry.neighbour_masks[mapping[square]] >> n & 1
                }
                assert mapped == expected
            assert sorted(PLAIN.edge_counts[mapping[s]] for s in range(SQUARES)) == sorted(
                PLAIN.edge_counts
            )
            assert all(
                PLAIN.edge_counts[mapping[s]] == PLAIN.edge_counts[s] for s in range(SQUARES)
            )


@pytest.mark.parametrize("scoring", ["default", "wraparound"])
def test_mirror_images_have_the_same_value_and_mirrored_best_moves(scoring):
    history = play_game(Rules(False, scoring), random_player, random_player, random.Random(21))
    position = history[-6]
    base = Searcher(scoring, "python", table_size=SMALL_TABLE).evaluate(position, exact=True)
    for mapping in cores.symmetry_maps()[1:]:
        image = _mirror(position, mapping)
        mirrored = Searcher(scoring, "python", table_size=SMALL_TABLE).evaluate(image, exact=True)
        assert mirrored.value == base.value
        assert {m.square for m in mirrored.best} == {mapping[m.square] for m in base.best}


def test_symmetric_table_keys_change_no_value_in_the_opening():
    position = Position.start(Rules(False, "default"))
    position.push(Move.place(sq("D4")))
    plain = Searcher("default", "python", table_size=SMALL_TABLE, symmetry_stones=0)
    folded = Searcher("default", "python", table_size=SMALL_TABLE, symmetry_stones=12)
    a = plain.evaluate(position, max_depth=3)
    b = folded.evaluate(position, max_depth=3)
    assert a.value == b.value and set(a.best) == set(b.best)
    assert folded.nodes < plain.nodes  # D4 is the centre: mirror images meet


def test_move_codes_round_trip():
    for move in (Move.place(0), Move.place(48), Move.thunder(24), Move.woden(7), Move.pass_()):
        assert move_of(code_of(move)) == move
    state = State.of(Position.start())
    assert (state.me, state.op, state.hme, state.hop, state.dark_to_move) == (0, 0, 3, 3, True)
    assert LIGHT == 1


def test_the_command_line_starts_without_numba():
    """Commands that do not analyse must not pay numba's import and compile time."""
    import subprocess
    import sys

    code = (
        "import sys; from maerstanas_print.cli import build_parser; build_parser(); "
        "import maerstanas_print.games.maerstanas.analysis.search; "
        "print('numba' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_an_exact_solve_past_its_node_cap_gives_way_to_the_timed_search(monkeypatch):
    from maerstanas_print.games.maerstanas.analysis import review

    history = play_game(Rules(True, "default"), random_player, random_player, random.Random(12))
    monkeypatch.setitem(review.EXACT_NODE_CAP, "python", 50)
    searcher = Searcher("default", "python", table_size=SMALL_TABLE)
    evaluation = review._evaluate(searcher, history[10], True, 0.01)
    assert not evaluation.exact and evaluation.depth >= 1


@pytest.mark.skipif(not cores.numba_available(), reason="numba is not installed")
def test_both_cores_agree_on_estimates_in_the_opening():
    """Depth-limited, with the heuristic and the symmetric table keys at work."""
    position = Position.start(Rules(True, "default"))
    position.push(Move.place(sq("C3")))
    answers = []
    for core in ("python", "numba"):
        searcher = Searcher("default", core, table_size=SMALL_TABLE)
        evaluation = searcher.evaluate(position, max_depth=2)
        answers.append(
            (
                evaluation.value,
                evaluation.exact,
                evaluation.depth,
                evaluation.best,
                evaluation.pv,
                searcher.nodes,
            )
        )
    assert answers[0] == answers[1] and answers[0][1] is False
