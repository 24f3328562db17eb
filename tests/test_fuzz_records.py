"""Fuzzing the readers and the replay: whatever a file holds, `check` answers
with games and diagnostics that point into the text, never with an exception.

Each test draws a modest number of examples so the suite stays quick; set
`MAERSTANAS_FUZZ_EXAMPLES=100000` to run every test that many times. The
promises themselves live in `fuzz_support.examine`: positions inside the
text, both readers judging alike, and strict agreeing with lenient reading
whenever no lenient reading (no M4xx warning) was needed.
"""

from __future__ import annotations

import codecs
import random
import tempfile
from pathlib import Path

import pytest
from fuzz_support import examine, examples, mutate, valid_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maerstanas_print.io.errors import InputError
from maerstanas_print.io.exits import EXIT_IO, exit_for
from maerstanas_print.io.inputs import read_record
from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import replay


def fuzz(default: int) -> settings:
    """Hypothesis settings: `default` examples, or the count asked for in the environment."""
    return settings(
        max_examples=examples(default), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


# Pieces of notation, whole and broken, that random texts are built from.
PIECES = [
    "E4",
    "e4",
    "T E4xE3/D4",
    "TE4x",
    "W C5",
    "w",
    "Pass",
    "pas",
    "1.",
    "1...",
    "12.",
    "…",
    "!",
    "?!",
    "$",
    "$14",
    "{",
    "}",
    "{note}",
    '[%diagram "c"]',
    ";",
    "(",
    ")",
    "[",
    "]",
    '"',
    "\\",
    "*",
    "Dark: 3, Light: 4",
    "Dark:",
    "Light",
    ",",
    ":",
    "x",
    "/",
    '[Event "e"]',
    '[Result "Tie"]',
    '[Scoring "simple"]',
    '[SpecialStones "off"]',
    "H9",
    "4E",
    "1O.",
    "\ufeff",
    "\t",
    "\r\n",
    "\r",
    "\n",
    " ",
    "\u00a0",
    "\u2028",
    "ᚦ",
    "ǽ",
    "\U0001f600",
    "\x7f",
    "\x0c",
    # the movement games' notation, in their records and out of them
    "B6-A5",
    "KA1-A4",
    "CF6-E5",
    "A1-A4xA5/B4",
    "xKA5",
    "!",
    "+",
    "++",
    "1-0",
    "0-1",
    "1/2-1/2",
    '[Game "Cyngesheall"]',
    '[Game "EmailHnefatafl1992"]',
    '[Game "x"]',
    '[Setup "SsSsSsS/7/7/7/7/7/7"]',
    '[Options "repetition=draw3"]',
    "K10-K12",
]


def read_bytes(data: bytes) -> str | InputError:
    """What `read_record` makes of a file holding `data`: its text, or the refusal."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "in.mrs"
        path.write_bytes(data)
        try:
            return read_record(str(path))[1]
        except InputError as refusal:
            return refusal


def assert_refused(outcome: str | InputError) -> None:
    assert isinstance(outcome, InputError), "expected the file to be refused"
    assert exit_for(outcome) == EXIT_IO
    assert "\n" not in str(outcome)


@fuzz(150)
@given(st.binary(max_size=400))
def test_random_bytes_are_read_or_refused_in_one_line(data: bytes) -> None:
    outcome = read_bytes(data)
    if isinstance(outcome, InputError):
        assert_refused(outcome)
        # only NUL bytes and invalid UTF-8 are reasons to refuse a file
        assert b"\x00" in data or not _is_utf8(data)
    else:
        examine(outcome)


@fuzz(120)
@given(
    seed=st.integers(0, 2**32 - 1),
    noise=st.binary(min_size=1, max_size=12),
    at=st.integers(0, 10**6),
)
def test_valid_records_with_random_bytes_spliced_in(seed: int, noise: bytes, at: int) -> None:
    data = valid_record(random.Random(seed)).encode("utf-8")
    at %= len(data) + 1
    outcome = read_bytes(data[:at] + noise + data[at:])
    if isinstance(outcome, InputError):
        assert_refused(outcome)
    else:
        examine(outcome)


@fuzz(200)
@given(
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)), max_size=40),
    st.lists(st.sampled_from([" ", "", "\n", "\t", "\r\n"]), min_size=1, max_size=5),
)
def test_random_notation_soup(pieces: list[str], separators: list[str]) -> None:
    text = "".join(piece + separators[i % len(separators)] for i, piece in enumerate(pieces))
    examine(text)


MUTATIONS = ["delete", "duplicate", "swap", "truncate", "insert", "replace_char", "cut_char"]


@fuzz(200)
@given(
    seed=st.integers(0, 2**32 - 1),
    edits=st.lists(
        st.tuples(st.sampled_from(MUTATIONS), st.integers(0, 10**6), st.sampled_from(PIECES)),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_valid_records(seed: int, edits: list[tuple[str, int, str]]) -> None:
    """Deleted, doubled and swapped tokens, truncation, stray pieces: the slips a
    hand-typed or copied record has."""
    tokens = valid_record(random.Random(seed)).replace("\n", " \n ").split(" ")
    for op, where, piece in edits:
        tokens = mutate(tokens, op, where, piece)
    examine(" ".join(tokens))


def _codes_and_places(text: str) -> list[tuple[str, int, int]]:
    parsed = parse(text, "t.mrs")
    found = list(parsed.diagnostics)
    for game in parsed.games:
        found += replay(game).diagnostics
    return [(d.code, *parsed.source.locate(d.start)) for d in found]


@fuzz(60)
@given(seed=st.integers(0, 2**32 - 1))
def test_bom_crlf_tabs_and_one_long_line_change_nothing(seed: int) -> None:
    """A record keeps its games and diagnostics (codes, lines, columns) through
    what editors and mail programs do to text."""
    text = valid_record(random.Random(seed))
    damaged = seed % 3 == 0
    if damaged:  # so that there are diagnostics to compare
        text = text.replace("\n1. ", "\n1. H9 ", 1) if "\n1. " in text else text + " H9"
    expected = examine(text)
    places = _codes_and_places(text)
    bom = read_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    assert isinstance(bom, str)
    assert examine(bom) == expected and _codes_and_places(bom) == places
    crlf = read_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    assert isinstance(crlf, str)
    assert examine(crlf) == expected and _codes_and_places(crlf) == places
    assert examine("\ufeff" + text) == expected  # the library reads a BOM too
    tabs = text.replace(" ", "\t")
    assert examine(tabs) == expected and _codes_and_places(tabs) == places
    one_line = text.replace("\n", " ")
    assert examine(one_line) == expected
    assert [code for code, _, _ in _codes_and_places(one_line)] == [code for code, _, _ in places]
    assert damaged or expected == [(True, True)]


@fuzz(40)
@given(
    seed=st.integers(0, 2**32 - 1),
    encoding=st.sampled_from(["latin-1", "cp1252", "utf-16", "utf-16-le", "utf-16-be", "utf-32"]),
)
def test_records_in_other_encodings_are_refused_in_one_line(seed: int, encoding: str) -> None:
    """The record names a player `José Ñúñez`, so no other encoding is also UTF-8."""
    text = valid_record(random.Random(seed))
    assert_refused(read_bytes(text.encode(encoding, errors="replace")))


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\n",
        "\ufeff",
        "*",
        ")",
        "(",
        "{",
        "}",
        "[",
        '"',
        "\\",
        "1.",
        "Dark:",
        "x",
        "\r",
        "\r\r\r",
        "\u2028",
        "\x0c",
        "$",
        "[%diagram",
        "(((((",
        ")))))",
        "{{{{",
        "}}}}",
    ],
)
def test_tiny_texts(text: str) -> None:
    examine(text)
