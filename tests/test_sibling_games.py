"""Cyngesheall and the 1992 e-mail Hnefatafl: the research note's test vectors.

Vectors from shared/research/sibling_games.md §2.5 and §3.5; the positions in
the small cases were set up by hand from the descriptions there.
"""

from __future__ import annotations

import pytest
from record_helpers import diagnostics

from maerstanas_print import parse, replay
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992
from maerstanas_print.games.tafl.engine import DARK, LIGHT, TaflMove, TaflPosition, write_position
from maerstanas_print.geometry import parse_square as square_index

CYNGESHEALL_GAME = """[Game "Cyngesheall"]
[RulesVersion "0.3"]
[Result "Light"]
[Termination "king captured"]

1. CF6-E5 D1-F1
2. CE5-C3 A4-C4xCC3
3. F5-A5 C4-C5
4. F7-F2 CB2-E5
5. KG7-F7 B3-F3xF2
6. G4-E4xCE5 C2-C4
7. KF7-F4 C5-F5xKF4!
0-1
"""


def setup(size: int, pieces: dict[str, str]) -> str:
    """A position string with `pieces` ({square: letter}) on an empty board."""
    board = ["."] * (size * size)
    for square, letter in pieces.items():
        index = square_index(square, size)
        assert index is not None
        board[index] = letter
    return write_position(board, size)


def record(game: str, pieces: dict[str, str], moves: str, first: str = "Dark") -> str:
    size = 19 if game == "EmailHnefatafl1992" else 7
    return (
        f'[Game "{game}"]\n[Setup "{setup(size, pieces)}"]\n[FirstPlayer "{first}"]\n\n{moves} *\n'
    )


def replayed(text: str):
    games = parse(text).games
    assert len(games) == 1
    return replay(games[0], keep_positions=True)


# --- Cyngesheall ---------------------------------------------------------------


def test_cyngesheall_start_has_37_moves_per_side() -> None:
    position = TaflPosition.start(CYNGESHEALL.tafl)  # type: ignore[arg-type]
    assert len(position.legal_moves()) == 37
    position.turn = LIGHT
    assert len(position.legal_moves()) == 37


def test_the_fourteen_move_game() -> None:
    game = replayed(CYNGESHEALL_GAME)
    assert game.valid, game.diagnostics
    assert (game.plies, game.result, game.ending) == (14, "Light", "king captured")
    # The final position drawn in the research note (upper case Dark):
    #     A B C D E F G
    #  1  k s s . . s .
    #  2  s . . . . . .
    #  3  s . . . . s .
    #  4  . . s . S . .
    #  5  S . . . . s S
    #  6  . . . . S . S
    #  7  . . . S S . .
    assert write_position(game.final.board, 7) == "/kss2s1/s6/s4s1/2s1S2/S4sS/4S1S/3SS2/"


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ('[Game "Cyngesheall"]\n1. F6-E5 *', "M209", "holds the commander"),
        ('[Game "Cyngesheall"]\n1. CF6-E5 D1-D7 *', "M210", "D7 is occupied"),
        ('[Game "Cyngesheall"]\n1. G5-E4 *', "M210", "not on a straight line"),
        ('[Game "Cyngesheall"]\n1. E4 *', "M208", "places a stone"),
        ('[Game "Cyngesheall"]\n1. CF6-E5 A4-C4xC3 *', "M302", "takes nothing"),
        ('[Game "Cyngesheall"]\n1. CF6-E5!\n*', "M312", "does not"),
        ('[Game "Cyngesheall"]\n1. CF6-E5 Pass *', "M206", "may not pass"),
        (
            '[Game "Cyngesheall"]\n[Options "repetition=never"]\n1. CF6-E5 *',
            "M306",
            "cannot be `never`",
        ),
        ('[Game "Chess"]\n1. E4 *', "M306", "not a game we know"),
    ],
)
def test_cyngesheall_mistakes(text: str, code: str, words: str) -> None:
    found = [d for d in diagnostics(text) if d[1] == code]
    assert found and words in found[0][4], diagnostics(text)


def test_commander_arriving_diagonally_takes_four() -> None:
    # Light stones on D3, C4, E4, D5, each with a Dark stone beyond it (D2, B4,
    # F4, D6); the Dark commander comes from F6 to D4 diagonally (via E5).
    pieces = {
        "D3": "s",
        "C4": "s",
        "E4": "s",
        "D5": "s",
        "D2": "S",
        "B4": "S",
        "F4": "S",
        "D6": "S",
        "F6": "C",
        "G7": "K",
        "A1": "k",
    }
    game = replayed(record("Cyngesheall", pieces, "1. CF6-D4xD3/D5/C4/E4"))
    assert game.valid, game.diagnostics
    name = CYNGESHEALL.board.name
    assert [name(s) for s in game.main.steps[0].removed] == ["D3", "D5", "C4", "E4"]


def test_king_taken_on_the_edge_and_never_in_a_corner() -> None:
    # Light king on D1 between a Dark stone on C1 and a Dark stone arriving on E1.
    edge = {"D1": "k", "C1": "S", "E7": "S", "G7": "K"}
    game = replayed(record("Cyngesheall", edge, "1. E7-E1xKD1!"))
    assert game.valid and game.result == "Dark" and game.ending == "king captured"
    # A king in its corner has no square beyond it on either line.
    corner = {"A1": "k", "B1": "S", "A3": "S", "G7": "K"}
    game = replayed(record("Cyngesheall", corner, "1. A3-A2"))
    assert game.valid and game.main.steps[0].removed == ()


def test_enemy_king_at_home_is_an_anvil() -> None:
    # Dark king still on G7; a Light king on F7 is taken by a Dark stone on E7's
    # arrival: E7 - F7 (light king) - G7 (dark king).
    pieces = {"F7": "k", "G7": "K", "E1": "S"}
    game = replayed(record("Cyngesheall", pieces, "1. E1-E7xKF7!"))
    assert game.valid and game.result == "Dark"


def test_escape_to_the_enemy_corner_wins() -> None:
    pieces = {"A7": "K", "G7": "k", "D4": "s"}
    game = replayed(record("Cyngesheall", pieces, "1. KA7-A1!"))
    assert game.valid and (game.result, game.ending) == ("Dark", "escape")


# --- the 1992 e-mail Hnefatafl --------------------------------------------------


def test_1992_start_move_counts() -> None:
    position = TaflPosition.start(HNEFATAFL_1992.tafl)  # type: ignore[arg-type]
    assert len(position.legal_moves()) == 184
    position.turn = LIGHT
    assert len(position.legal_moves()) == 596


KING_AWAY = {"Q16": "K"}  # Black's king somewhere harmless, off the edge


@pytest.mark.parametrize(
    ("pieces", "first", "move", "removed"),
    [
        ({"B2": "s", "C2": "S", "D4": "s"}, "Light", "D4-D2", ["C2"]),  # the post's capture
        ({"B2": "s", "C3": "S", "B4": "s"}, "Light", "B4-D4", []),  # diagonal: none
        ({"B2": "S", "D2": "S", "C4": "s"}, "Light", "C4-C2", []),  # moving between: safe
        ({"H8": "s", "I10": "S"}, "Light", "H8-H10", ["I10"]),  # against the empty throne
        ({"H8": "S", "I10": "s"}, "Dark", "H8-H10", ["I10"]),  # the same for Black
        ({"H8": "S", "I10": "s", "J10": "K"}, "Dark", "H8-H10", ["I10"]),  # armed king on it
        ({"H8": "s", "I10": "S", "J10": "K"}, "Light", "H8-H10", []),  # not hostile to Black
        ({"M12": "K", "L12": "s", "N13": "s"}, "Light", "N13-N12", []),  # king needs four
    ],
)
def test_1992_captures(pieces: dict[str, str], first: str, move: str, removed: list[str]) -> None:
    pieces = {**KING_AWAY, **pieces} if "K" not in pieces.values() else pieces
    game = replayed(record("EmailHnefatafl1992", pieces, f"1. {move}", first))
    name = HNEFATAFL_1992.board.name
    taken = [name(s) for s in game.main.steps[0].removed]
    assert taken == removed
    assert not [d for d in game.diagnostics if d.severity == "error"]


def test_1992_king_taken_against_the_throne() -> None:
    pieces = {"J11": "K", "I11": "s", "J12": "s", "L11": "s"}
    game = replayed(record("EmailHnefatafl1992", pieces, "1. L11-K11xKJ11!", "Light"))
    assert game.valid and (game.result, game.ending) == ("Light", "king captured")


def test_1992_throne_blocks_men_but_not_the_king() -> None:
    man = diagnostics(
        record("EmailHnefatafl1992", {"H10": "s", **KING_AWAY}, "1. H10-L10", "Light")
    )
    assert [d[1] for d in man] == ["M210"] and "throne" in man[0][4]
    king = replayed(record("EmailHnefatafl1992", {"H10": "K"}, "1. KH10-L10"))
    assert king.valid
    stop = replayed(record("EmailHnefatafl1992", {"H10": "K"}, "1. KH10-J10"))
    assert stop.valid


def test_1992_escape_to_any_edge() -> None:
    game = replayed(record("EmailHnefatafl1992", {"C5": "K"}, "1. KC5-A5!"))
    assert game.valid and (game.result, game.ending) == ("Dark", "escape")


def test_1992_opening_from_the_real_start() -> None:
    text = '[Game "EmailHnefatafl1992"]\n\n1. O9-O10 N6-N10xO10 2. O11-O10xN10 N3-N10xO10 *\n'
    game = replayed(text)
    assert game.valid, game.diagnostics
    assert game.result is None and game.plies == 4


def test_tafl_moves_are_objects_with_pieces() -> None:
    game = replayed(CYNGESHEALL_GAME)
    first = game.main.steps[0].move
    assert isinstance(first, TaflMove) and first.piece == "C"
    assert game.main.steps[0].side == DARK


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        # F7 cannot reach F1: Dark's commander on F6 is in the way (no jumping)
        ('[Game "Cyngesheall"]\n1. F7-F1 *', "M210", "blocked at F6"),
        # Dark may not move Light's stone
        ('[Game "Cyngesheall"]\n1. A4-A5 *', "M209", "holds Light's piece"),
        # a move after the king was taken
        (CYNGESHEALL_GAME.replace("0-1", "8. G5-G4 0-1"), "M207", "already over"),
        # the result contradicts the game's end
        (CYNGESHEALL_GAME.replace("0-1", "1-0"), "M305", "a win for Light"),
        (
            CYNGESHEALL_GAME.replace('[Termination "king captured"]', '[Termination "escape"]'),
            "M305",
            "ended by king captured",
        ),
        # a capture list naming a piece the move does not take
        ('[Game "Cyngesheall"]\n1. CF6-E5 D1-F1 2. CE5-C3 A4-C4xCC3/B3 *', "M302", "says C3, B3"),
    ],
)
def test_tafl_rule_mistakes(text: str, code: str, words: str) -> None:
    found = [d for d in diagnostics(text) if d[1] == code]
    assert found and words in found[0][4], diagnostics(text)


def test_k_file_and_king_letters_on_the_big_board() -> None:
    # `K10-K12` moves a man standing on the K file; `KK10-K12` moves the king.
    man = replayed(record("EmailHnefatafl1992", {"K10": "S", "Q16": "K"}, "1. K10-K12"))
    assert man.valid and man.main.steps[0].move.piece == "S"
    king = replayed(record("EmailHnefatafl1992", {"K10": "K"}, "1. KK10-K12"))
    assert king.valid and king.main.steps[0].move.piece == "K"
    wrong = diagnostics(record("EmailHnefatafl1992", {"K10": "K"}, "1. K10-K12"))
    assert [d[1] for d in wrong] == ["M209"] and "holds the king" in wrong[0][4]
