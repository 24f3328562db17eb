"""Positions through the library: a record's start under its own tags, a node's
board, `push_text`, `move_stack` and `str(move)` in every game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import maerstanas_print as mp
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS
from maerstanas_print.games.tafl.engine import PASS, TaflMove, TaflPosition

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "maerstanas_print" / "samples"


def _record(text: str) -> mp.GameRecord:
    return mp.parse_game(text)


# --- a record's start position ----------------------------------------------------


def test_a_game_without_special_stones_ends_when_replayed_by_hand() -> None:
    casual = mp.read_games(SAMPLES / "casual-games.mrs")[2]
    assert casual.tag("SpecialStones") == "off"
    position = casual.board()
    assert not position.rules.special_stones
    assert all(move.kind in ("place", "pass") for move in position.legal_moves())
    for node in casual.mainline.nodes:
        position.push(node.move)
    assert position.is_game_over()
    assert tuple(position.score()) == (casual.termination.dark, casual.termination.light)
    # Position.start() keeps the default rules: the same moves leave the game open.
    by_default = mp.Position.start()
    for node in casual.mainline.nodes:
        by_default.push(node.move)
    assert not by_default.is_game_over()


def test_the_start_follows_scoring_first_player_setup_and_in_hand() -> None:
    record = _record(
        '[Scoring "wraparound"]\n[FirstPlayer "Light"]\n'
        '[Setup "S6/7/7/3t3/7/7/6s"]\n[InHand "Dark:T Light:TW"]\n\n*\n'
    )
    position = record.board()
    assert position.rules.scoring == "wraparound" and position.turn == mp.LIGHT
    assert (position.owner(0), position.kind_at(0)) == (mp.DARK, "standard")
    assert (position.owner(24), position.kind_at(24)) == (mp.LIGHT, "thunder")
    assert position.hands == [1, 3]
    assert position.move_stack == []
    assert record.board() is not position  # a new position each call


def test_a_tafl_start_follows_its_setup_first_player_and_options() -> None:
    record = _record(
        '[Game "Cyngesheall"]\n[FirstPlayer "Light"]\n'
        '[Options "no_legal_move=pass"]\n[Setup "K6/7/7/7/7/7/6k"]\n\n*\n'
    )
    position = record.board()
    assert isinstance(position, TaflPosition)
    assert position.turn == mp.LIGHT and position.rules.opt("no_legal_move") == "pass"
    assert position.board[0] == "K" and position.board[48] == "k"
    assert sum(letter != "." for letter in position.board) == 2


def test_a_record_made_by_hand_does_not_know_its_game() -> None:
    with pytest.raises(ValueError, match="not made by a reader"):
        mp.GameRecord(1).board()


# --- a node's position ---------------------------------------------------------------


def _kept_positions(replayed: mp.ReplayedGame) -> dict[int, Any]:
    """PlyNode id -> the verifier's position after it, main line and variations."""
    out: dict[int, Any] = {}
    lines = [replayed.main]
    while lines:
        line = lines.pop()
        for step in line.steps:
            if step.node is not None:
                out[id(step.node)] = step.after
            lines += step.variations
    return out


@pytest.mark.parametrize(
    "sample", ["sample-game.mrs", "annotated-game.mrs", "casual-games.mrs", "cyngesheall-game.mrs"]
)
def test_every_node_has_the_position_the_verifier_reaches(sample: str) -> None:
    for record in mp.read_games(SAMPLES / sample):
        replayed = mp.replay(record, keep_positions=True)
        assert replayed.valid
        game, kept = replayed.game, _kept_positions(replayed)
        nodes, seen = [record.root()], 0
        while nodes:
            node = nodes.pop()
            nodes += node.children()
            if node.node is None:
                continue
            board, after = node.board(), kept[id(node.node)]
            assert game.stones(board) == game.stones(after)
            assert (board.turn, board.ply) == (after.turn, after.ply)
            assert board.move_stack[-1] == node.move
            seen += 1
        assert seen == sum(1 for _ in record.walk())


def test_a_node_knows_its_place_in_the_tree() -> None:
    record = _record("1. D4 (1. E4 D4 (1... C3)) E4 2. C3 *\n")
    root = record.root()
    assert root.move is None and root.parent is None
    assert [str(child.move) for child in root.children()] == ["D4", "E4"]
    variation = root.children()[1]
    assert [str(n.move) for n in variation.mainline()] == ["D4"]
    assert [str(c.move) for c in variation.children()] == ["D4", "C3"]
    assert variation.children()[1].board().move_stack == [
        mp.Move.from_text("E4"),
        mp.Move.from_text("C3"),
    ]
    assert str(root.end().move) == "C3" and root.end().next() is None
    assert root.end().moves() == [mp.Move.from_text(t) for t in ("D4", "E4", "C3")]


def test_a_left_out_forced_pass_is_played_for_the_record() -> None:
    text = (SAMPLES / "sample-game.mrs").read_text(encoding="utf-8")
    text = re.sub(r"17\. Pass \{.*?\}\n17\.\.\. ", "17. ", text, flags=re.S)
    record = mp.parse_game(text)
    replayed = mp.replay(record)
    assert [d.code for d in replayed.diagnostics] == ["M403"]
    final = record.root().end().board()
    assert final.move_stack == replayed.mainline_moves()
    assert mp.Move.pass_() in final.move_stack
    assert final.is_game_over() and final.score() == replayed.score


def test_an_illegal_move_in_the_record_stops_its_board() -> None:
    record = _record("1. D4 D4 2. E4 *\n")
    assert record.root().next().board().move_stack == [mp.Move.from_text("D4")]
    with pytest.raises(mp.IllegalMove, match="D4 is occupied"):
        record.root().end().board()


# --- push, push_text, move_stack -------------------------------------------------------


def test_push_refuses_text_and_points_to_push_text() -> None:
    position = mp.Position.start()
    with pytest.raises(TypeError, match=r"write position.push_text\('D4'\)"):
        position.push("D4")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="push takes a Move, not int"):
        position.push(3)  # type: ignore[arg-type]
    tafl = CYNGESHEALL.start()
    with pytest.raises(TypeError, match=r"push_text\('G4-G3'\)"):
        tafl.push("G4-G3")  # type: ignore[arg-type]
    assert position.move_stack == [] and tafl.move_stack == []


def test_push_text_reads_notation_and_says_what_is_wrong() -> None:
    position = mp.Position.start()
    assert position.push_text("D4") == mp.Move.from_text("D4")
    assert position.push_text(" W D4 ") == mp.Move("woden", 24)
    assert position.push_text("E4") == mp.Move("place", 25)
    assert position.move_stack == [mp.Move("place", 24), mp.Move("woden", 24), mp.Move("place", 25)]
    for bad in ("", "D9", "X D4", "d4d4", "T"):
        with pytest.raises(ValueError, match="is not a Mǽrstánas move"):
            position.push_text(bad)
    with pytest.raises(mp.IllegalMove, match="already played the Woden-stone"):
        position.push_text("W E4")
    with pytest.raises(mp.IllegalMove, match="a pass is allowed only when"):
        position.push_text("Pass")
    assert len(position.move_stack) == 3  # nothing pushed by a refused move


def test_tafl_push_text_reads_its_notation() -> None:
    position = CYNGESHEALL.start()
    assert str(position.push_text("CF6-E5")) == "CF6-E5"
    assert str(position.push_text("D1-F1")) == "D1-F1"
    with pytest.raises(ValueError, match="not a move on the 7x7 board"):
        position.push_text("A1-H1")
    with pytest.raises(ValueError, match="not a move on the 7x7 board"):
        position.push_text("E4")
    with pytest.raises(mp.IllegalMove, match="holds"):
        position.push_text("G7-G6")  # the king is written KG7-G6
    with pytest.raises(mp.IllegalMove, match="may pass only|can move"):
        position.push_text("Pass")
    assert [str(m) for m in position.move_stack] == ["CF6-E5", "D1-F1"]
    assert str(position.pop()) == "D1-F1" and len(position.move_stack) == 1


def test_a_tafl_pass_is_a_move_on_the_stack() -> None:
    record = _record(
        '[Game "Cyngesheall"]\n[Options "no_legal_move=pass"]\n[Setup "sS5/S6/7/7/7/7/6K"]\n\n*\n'
    )  # Light's one stone is shut in
    position = record.board()
    position.push_text("KG7-G6")
    assert position.must_pass()
    assert position.push_text("Pass") == PASS
    assert position.move_stack[-1] == PASS and str(position.move_stack[-1]) == "Pass"
    assert position.pop() == PASS


def test_move_stack_lists_moves_and_pop_keeps_it_in_step() -> None:
    position = mp.Position.start()
    for text in ("D4", "T D5", "E4"):
        position.push_text(text)
    assert position.move_stack == [mp.Move.from_text(t) for t in ("D4", "T D5", "E4")]
    assert all(isinstance(move, mp.Move) for move in position.move_stack)
    position.move_stack.clear()  # a new list each time: the position is not changed
    assert len(position.move_stack) == 3
    assert position.pop() == mp.Move.from_text("E4")
    assert position.copy().move_stack == position.move_stack[:2]
    assert position.copy(stack=False).move_stack == []


@pytest.mark.parametrize("game", [CYNGESHEALL, HNEFATAFL_1992], ids=lambda g: g.slug)
def test_str_of_every_tafl_move_is_its_notation(game: Any) -> None:
    position = game.start()
    size = game.board.size
    moves = position.legal_moves()
    assert moves
    for move in moves:
        text = str(move)
        assert text == move.text(size)
        assert TaflMove.from_text(text, size) == move
        assert text in repr(move) and "TaflMove(" in repr(move)
    if size > 9:
        assert any(len(str(m).split("-")[1]) == 3 for m in moves)  # two-digit rows


def test_str_of_every_maerstanas_move_is_its_notation() -> None:
    position = MAERSTANAS.start()
    position.push_text("D4")
    for move in position.legal_moves():
        assert mp.Move.from_text(str(move)) == move


def test_a_tafl_move_is_checked_when_made() -> None:
    with pytest.raises(ValueError, match="a square is an index 0..48"):
        TaflMove("S", 0, 49, 7)
    with pytest.raises(ValueError, match="1 to 26 squares wide"):
        TaflMove("S", 0, 1, 0)
    big = TaflMove("S", 0, 1, 19)
    with pytest.raises(ValueError, match="19x19 board, not on Cyngesheall"):
        CYNGESHEALL.start().push(big, check=True)


def test_a_movement_in_a_placement_game_stops_its_board() -> None:
    record = _record("1. D4 A1-A4 *\n")
    with pytest.raises(mp.IllegalMove, match="`A1-A4` is not a move of Mǽrstánas"):
        record.root().end().board()


def test_a_toy_game_gets_boards_too() -> None:
    from test_toy_game import RECORD, FiveFields, _naive_final

    from maerstanas_print import games

    game = games.register(FiveFields())
    try:
        record = mp.parse_game(RECORD)
        assert record.board().ply == 0 and record.board().board == [None] * 25
        final = record.root().end().board()
        assert final.board == _naive_final().board and final.is_game_over()
    finally:
        games.unregister(game)
