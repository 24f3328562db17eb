"""What the fuzz tests, the regression replays and bench/fuzz_atheris.py share.

`examine(text)` reads a text the way `check` does (both readers, lenient and
strict) and fails with an AssertionError naming the broken promise when an
outcome is neither a game nor a diagnostic with a position inside the text.
Any other exception escapes: that is the crash the fuzzers look for.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

from maerstanas_print.diagnostics import CODES, Diagnostic, Source
from maerstanas_print.games.maerstanas.engine import Rules
from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import replay
from tests.random_games import random_game, record_text

_MOVE_END = re.compile(r"[A-G][1-7](x[A-G1-7/]+)?|Pass")
REGRESSIONS = Path(__file__).resolve().parent / "fuzz_regressions"


def examples(default: int) -> int:
    """`MAERSTANAS_FUZZ_EXAMPLES=100000` makes every fuzz test run long."""
    wanted = os.environ.get("MAERSTANAS_FUZZ_EXAMPLES", "").strip()
    return int(wanted) if wanted else default


def check_position(source: Source, diagnostic: Diagnostic) -> None:
    """A diagnostic names a real place: a line of the text and a column on it
    (one past the end of the line for "the file ends here")."""
    text = source.text
    assert diagnostic.code in CODES, diagnostic
    assert diagnostic.severity in ("error", "warning"), diagnostic
    assert 0 <= diagnostic.start <= len(text), (diagnostic, len(text))
    assert diagnostic.start <= diagnostic.end, diagnostic
    line, column = source.locate(diagnostic.start)
    lines = text.split("\n")
    assert 1 <= line <= len(lines), (diagnostic, line)
    assert 1 <= column <= len(lines[line - 1]) + 1, (diagnostic, line, column)
    assert diagnostic.message.strip()
    shown = source.format(diagnostic)
    assert f":{line}:{column}: {diagnostic.severity} {diagnostic.code}:" in shown
    source.as_json(diagnostic)


# Crashes already reported and kept as strict-xfail regression tests (OPEN in
# tests/test_fuzz_regressions.py): (exception type, words in its message). The
# fuzz tests step over them, so that they keep looking for new problems.
KNOWN_OPEN: list[tuple[type[BaseException], str]] = []  # none open now


def is_known_open(exc: BaseException) -> bool:
    return any(isinstance(exc, kind) and words in str(exc) for kind, words in KNOWN_OPEN)


def examine(text: str, *, forgive_known: bool = True) -> list[tuple[bool, bool]]:
    """(lenient valid, strict valid) per game, after checking every promise;
    [] for a text that hits a KNOWN_OPEN crash (unless `forgive_known` is off)."""
    try:
        return _examine(text)
    except Exception as exc:
        if forgive_known and is_known_open(exc):
            return []
        raise


def _examine(text: str) -> list[tuple[bool, bool]]:
    outcome: list[tuple[bool, bool]] = []
    for fast in (True, False):
        parsed = parse(text, "fuzz.mrs", fast=fast)
        for diagnostic in parsed.diagnostics:
            check_position(parsed.source, diagnostic)
        rows = []
        for game in parsed.games:
            lenient = replay(game)
            strict = replay(game, strict=True)
            for diagnostic in lenient.diagnostics + strict.diagnostics:
                check_position(parsed.source, diagnostic)
            leniency = any(d.code.startswith("M4") for d in lenient.diagnostics)
            # strict refuses more, never less
            assert not strict.valid or lenient.valid, game.index
            if not leniency:  # no lenient reading: the two modes must agree
                assert strict.valid == lenient.valid, game.index
                assert [(d.code, d.start) for d in strict.diagnostics] == [
                    (d.code, d.start) for d in lenient.diagnostics
                ], game.index
            else:  # a lenient reading is exactly what strict refuses
                assert not strict.valid
            rows.append((lenient.valid, strict.valid))
        if fast:
            outcome = rows
        else:
            assert rows == outcome, "the scanner and the grammar judge the games differently"
    return outcome


def valid_record(rng: random.Random) -> str:
    """A legal game in the notation, with tags, numbers and a comment or two."""
    rules = Rules(
        special_stones=rng.random() < 0.8,
        scoring=rng.choice(["default", "default", "simple", "wraparound"]),
    )
    moves = random_game(rng, rules, max_plies=rng.choice([6, 20, 200]))
    text = record_text(
        moves,
        rules,
        tags={"Event": "Fuzz", "Dark": "José Ñúñez"},
        numbers=rng.random() < 0.8,
        score=rng.random() < 0.8,
    )
    lines = text.split("\n")  # tags, "", the moves, the termination, ""
    words = lines[-3].split(" ")
    for _ in range(rng.randint(0, 2)):
        at = rng.randrange(1, len(words) + 1)
        if not _MOVE_END.fullmatch(words[at - 1]):
            continue  # annotations follow a whole move
        words.insert(
            at, rng.choice(["{Mǽrstánas ᚦ ᚩ}", "{a note}", "$14", '{[%diagram "here"] look}'])
        )
    lines[-3] = " ".join(words)
    return "\n".join(lines)


def mutate(tokens: list[str], op: str, where: int, piece: str = "") -> list[str]:
    """One slip of a hand-typed or copied record, applied to its tokens: `delete`,
    `duplicate`, `swap`, `truncate`, `insert` (of `piece`), `replace_char`, `cut_char`."""
    tokens = list(tokens)
    if not tokens:
        return tokens
    i = where % len(tokens)
    if op == "delete":
        del tokens[i]
    elif op == "duplicate":
        tokens.insert(i, tokens[i])
    elif op == "swap" and i + 1 < len(tokens):
        tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
    elif op == "truncate":
        tokens = tokens[:i]
    elif op == "insert":
        tokens.insert(i, piece)
    elif op == "replace_char" and tokens[i]:
        j = where % len(tokens[i])
        tokens[i] = tokens[i][:j] + piece[:1] + tokens[i][j + 1 :]
    elif op == "cut_char" and tokens[i]:
        j = where % len(tokens[i])
        tokens[i] = tokens[i][:j] + tokens[i][j + 1 :]
    return tokens
