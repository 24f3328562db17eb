"""Hostile inputs for the reliability battery, at any size.

`tests/test_reliability_battery.py` builds them small (with small limits set);
`bench/bench_battery.py` builds them at full size and reports time and peak
memory. Each builder returns record text; `scale` is the number of units.
"""

from __future__ import annotations

import random

from maerstanas_print.games import game_named
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.games.tafl.engine import TaflPosition
from maerstanas_print.games.tafl.replay import move_text


def many_games(count: int) -> str:
    """`count` small valid games, each with a tag."""
    return "".join(f'[Round "{i}"]\n1. D4 E3 2. C3 *\n\n' for i in range(count))


def one_long_game(moves: int) -> str:
    """One game of `moves` placements on one line after a tag (most illegal)."""
    return '[Event "long"]\n' + " ".join(["E4"] * moves) + " *\n"


def unclosed_variations(count: int) -> str:
    return "1. D4 E3 " + "(1... C4 " * count + " *\n"


def stray_brace_games(count: int, brace: str) -> str:
    """Games whose tag values and `;` comments hold a stray `{` or `}`."""
    parts = []
    for i in range(count):
        parts.append(
            f'[Event "a {brace} in a tag"]\n[Round "{i}"]\n'
            f"1. D4 ; a {brace} in a line comment\nE3 {{a comment}} *\n\n"
        )
    return "".join(parts)


def long_tafl_game(plies: int, seed: int = 7) -> str:
    """A legal game of the 1992 e-mail Hnefatafl of `plies` plies that captures
    nothing and never ends (each move chosen at random among the quiet ones)."""
    info = game_named("EmailHnefatafl1992")
    assert isinstance(info, TaflGame)
    rng = random.Random(seed)
    position = TaflPosition.start(info.tafl)
    words = []
    while position.ply < plies:
        moves = position.pseudo_moves()
        rng.shuffle(moves)
        for move in moves:
            if position.captures(move) or position.board[move.origin].upper() == "K":
                continue
            if position.move_problem(move) is None:
                break
        else:
            break
        board = list(position.board)
        taken = position.push(move)
        if position.over:
            raise AssertionError("a quiet move ended the game")
        if position.ply % 2 == 1:
            words.append(f"{position.ply // 2 + 1}.")
        words.append(move_text(move, taken, board, info))
    return f'[Game "{info.tag}"]\n\n' + " ".join(words) + " *\n"


def ansi_record() -> str:
    """A record that would retitle and clear the terminal if echoed raw."""
    return "1. D4 \x1b]0;owned\x07\x1b[2J H9 *\n"


def commented_tafl_game(plies: int) -> str:
    """`long_tafl_game` with a comment after every move as long as an animated GIF's
    caption may be (24 lines under the 19x19 board)."""
    head, moves = long_tafl_game(plies).split("\n\n", 1)
    comment = "{" + " ".join(["word"] * 200) + "}"
    words = [
        f"{word} {comment}" if not word.endswith(".") and word != "*" else word
        for word in moves.split()
    ]
    return f"{head}\n\n{' '.join(words)}\n"
