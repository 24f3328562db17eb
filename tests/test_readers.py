"""The fast scanner and the Lark grammar must read every text the same way.

`check` reads well-formed files with the scanner and falls back to the grammar
otherwise; these tests generate valid, damaged and random texts and require
that whenever the scanner answers, the grammar gives exactly the same items,
and that the two routes give the same games and diagnostics in every case.
"""

from __future__ import annotations

import random

from fuzz_support import mutate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_helpers import sample_text

from maerstanas_print.games.maerstanas.engine import Rules
from maerstanas_print.notation.parser import parse, read_with_grammar
from maerstanas_print.notation.scan import scan
from tests.random_games import random_game, record_text

FRAGMENTS = [
    "E4",
    "e4",
    "D4",
    "G7",
    "A1",
    "T E4",
    "TE4",
    "T E4xE3/D4",
    "T E4 x E3 / D4",
    "t a1",
    "W C5",
    "WC5",
    "w c5",
    "Pass",
    "pass",
    "PASS",
    "1.",
    "1...",
    "12.",
    "3…",
    "!",
    "?!",
    "$14",
    "{a comment}",
    '{[%diagram "cap"] x}',
    "; line\n",
    "(",
    ")",
    "*",
    "Dark: 12, Light: 9",
    "Dark:3,Light:4",
    '[Event "x"]',
    '[Dark "A \\"B\\""]',
    '[Round"1"]',
    # damaged pieces
    "H4",
    "4E",
    "Pas",
    "E4E3",
    "T E4E3",
    "1O.",
    "{open",
    "[Event",
    '"',
    "x",
    "/",
    "Dark:",
    "Light: 3",
    "E44",
    "@",
    "\ufeff",
    "\t",
    "\r\n",
]
SEPARATORS = [" ", "  ", "\n", "\t", "", " \r\n "]


def same_reading(text: str) -> None:
    items = scan(text)
    if items is not None:
        grammar_items, problems = read_with_grammar(text)
        assert problems == [], problems
        assert grammar_items == items
    fast, slow = parse(text, fast=True), parse(text, fast=False)
    assert fast.games == slow.games  # every field but the two references below
    assert [(g.definition, g.source.text if g.source else None) for g in fast.games] == [
        (g.definition, g.source.text if g.source else None) for g in slow.games
    ]
    assert fast.diagnostics == slow.diagnostics


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(FRAGMENTS), st.sampled_from(SEPARATORS)), max_size=25))
def test_fragment_soup_reads_the_same_both_ways(parts: list[tuple[str, str]]) -> None:
    same_reading("".join(f + s for f, s in parts))


@settings(max_examples=150, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list('ABCDEFGHTWxPas1234567890.!?$(){};[]"*:, \n\t')), max_size=60
    )
)
def test_character_soup_reads_the_same_both_ways(text: str) -> None:
    same_reading(text)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    cut=st.integers(0, 10**6),
    op=st.sampled_from(["delete", "duplicate", "swap", "truncate"]),
)
def test_mutated_records_read_the_same_both_ways(seed: int, cut: int, op: str) -> None:
    rng = random.Random(seed)
    rules = Rules(special_stones=rng.random() < 0.7)
    text = record_text(random_game(rng, rules), rules, tags={"Event": "m"})
    same_reading(" ".join(mutate(text.split(" "), op, cut)))


def test_the_sample_and_many_games_read_the_same_both_ways() -> None:
    text = sample_text() + "\n" + sample_text().replace("17. Pass", "") + "\n1. E4 *\n"
    same_reading(text)
    assert len(parse(text).games) == 3


def test_a_damaged_game_does_not_hide_the_games_after_it() -> None:
    good = '[Event "g"]\n1. D4 E3 *\n'
    text = good + '[Event "bad"]\n1. D4 H4 *\n' + good
    parsed = parse(text)
    assert [g.tag("Event") for g in parsed.games] == ["g", "bad", "g"]
    assert [len(g.diagnostics) for g in parsed.games] == [0, 1, 0]
