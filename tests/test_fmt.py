"""The canonical export form: fixed, repairing, idempotent, faithful."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import replay_all, sample_text

from maerstanas_print import parse, replay
from maerstanas_print.games.maerstanas.engine import DARK, LIGHT, Rules
from maerstanas_print.notation.export import export_games
from tests.random_games import random_game, record_text


def fmt(text: str) -> str:
    games = replay_all(text)
    assert all(g.valid for g in games), [g.diagnostics for g in games]
    return export_games(games)


def test_sample_game_canonical_form_by_hand() -> None:
    out = fmt(
        '[Light "Bo"]\n[Dark "Ann"]\n[Opening "centre"]\n'
        "1. d4 E3 2. C5 F4 {a\n  comment} 3. T E4 W C5 *"
    )
    assert out == (
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
        '[Dark "Ann"]\n[Light "Bo"]\n[Result "*"]\n'
        '[SpecialStones "on"]\n[Scoring "default"]\n[FirstPlayer "Dark"]\n'
        '[Opening "centre"]\n\n'
        "1. D4 E3 2. C5 F4 {a comment} 3. T E4xE3/D4/F4 W C5 *\n"
    )


def test_fmt_writes_the_forced_pass_and_the_score_line() -> None:
    text = sample_text().replace("17. Pass", "")
    out = fmt(text)
    flat = " ".join(out.split())
    # The comment that followed the pass now belongs to Light's 16th move; a
    # node's comments are written before its variations.
    assert 'on E3.} {[%diagram "A forced pass"] Dark has no' in flat
    assert "Light's own D2.}) 17. Pass T A6xA5/B6/A7!?" in flat
    assert out.endswith("\nDark: 14, Light: 16\n")


def test_fmt_is_idempotent_and_keeps_the_game() -> None:
    once = fmt(sample_text())
    twice = fmt(once)
    assert once == twice
    assert all(len(line) < 80 for line in once.splitlines())
    before, after = replay_all(sample_text())[0], replay_all(once)[0]
    assert [(s.move, s.removed) for s in before.main.steps] == [
        (s.move, s.removed) for s in after.main.steps
    ]
    assert before.score == after.score == (14, 16)
    assert [
        c.diagram for s in after.main.steps if s.node for c in s.node.comments if c.diagram
    ] == ["After 15. F6 E1", "A forced pass"]


def test_numbers_after_interruptions_and_in_variations() -> None:
    out = fmt("1. D4 {x} E3 (1... F3 2. C3 (2. B2)) 2. C5 *")
    assert "1. D4 {x} 1... E3 (1... F3 2. C3 (2. B2)) 2. C5 *" in out


def test_escapes_survive() -> None:
    out = fmt('[Event "The \\"big\\" one \\\\ 1"]\n1. D4 {[%diagram "a \\"quoted\\" caption"]} *')
    assert '[Event "The \\"big\\" one \\\\ 1"]' in out
    game = parse(out).games[0]
    assert game.tag("Event") == 'The "big" one \\ 1'
    assert game.mainline.nodes[0].comments[0].diagram == 'a "quoted" caption'


def test_a_line_comment_holding_a_brace_stays_a_line_comment() -> None:
    out = fmt("1. D4 ; it's a } brace\nE3 *")
    assert "; it's a } brace\n" in out
    assert fmt(out) == out


def test_first_player_light_numbers_from_light() -> None:
    out = fmt('[FirstPlayer "Light"]\n1. D4 E3 2. C5 *')
    game = replay_all(out)[0]
    assert [s.side for s in game.main.steps] == [LIGHT, DARK, LIGHT]
    assert '[FirstPlayer "Light"]' in out


# --- property tests --------------------------------------------------------

ANNOTATIONS = ["{a note}", "!", "?!", "$12", '{[%diagram "here"] look}', "; line note\n"]


def annotated_record(seed: int, rules: Rules) -> str:
    """A random legal game with random annotations and one legal variation."""
    rng = random.Random(seed)
    moves = random_game(rng, rules)
    words = record_text(moves, rules, numbers=rng.random() < 0.5).split("\n")
    movetext_index = len(words) - 3
    tokens = words[movetext_index].split(" ")
    out = []
    for token in tokens:
        out.append(token)
        if token[0] not in "0123456789" and token not in ("T", "W") and rng.random() < 0.15:
            out.append(rng.choice(ANNOTATIONS))
    words[movetext_index] = " ".join(out)
    return "\n".join(words)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    special=st.booleans(),
    scoring=st.sampled_from(["default", "simple", "wraparound"]),
)
def test_random_games_round_trip_through_fmt(seed: int, special: bool, scoring: str) -> None:
    rules = Rules(special_stones=special, scoring=scoring)  # type: ignore[arg-type]
    text = annotated_record(seed, rules)
    games = replay_all(text)
    assert len(games) == 1 and games[0].valid, games[0].diagnostics
    out = export_games(games)
    assert fmt(out) == out
    again = replay(parse(out).games[0])
    assert [(s.move, s.removed, s.side) for s in again.main.steps] == [
        (s.move, s.removed, s.side) for s in games[0].main.steps
    ]
    assert again.score == games[0].score and again.result == games[0].result
    old_nodes = [s.node for s in games[0].main.steps]
    new_nodes = [s.node for s in again.main.steps]
    assert [(n.nags, [(c.text, c.diagram) for c in n.comments]) for n in old_nodes] == [
        (n.nags, [(c.text, c.diagram) for c in n.comments]) for n in new_nodes
    ]
    assert all(len(line) < 80 for line in out.splitlines())
