"""Replaying movement games (Cyngesheall, the 1992 e-mail Hnefatafl).

The same promise as `verify.replay` for Mǽrstánas, with the same diagnostics:
every move checked (whose piece, which letter, a free path, the throne), every
capture list compared with what the move really takes, the `!` that ends a
game checked against the rules, and the result against the game's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.diagnostics import Severity
from maerstanas_print.games.protocol import WrittenMove
from maerstanas_print.games.tafl.engine import (
    DARK,
    EMPTY,
    LIGHT,
    PIECE_NAMES,
    SIDE_NAMES,
    TaflMove,
    TaflPosition,
    TaflRules,
    read_position,
    side_of,
)
from maerstanas_print.notation.record import GameRecord, PlyNode
from maerstanas_print.notation.tags import parse_options
from maerstanas_print.play.replayed import BaseReplayer, ReplayedGame, ReplayedLine, Step

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

_PROBLEM_CODES = {
    "wrong-piece": "M209",
    "unreachable": "M210",
    "repetition": "M211",
    "game-over": "M207",
}
RESULT_WORDS = {"Dark": "1-0", "Light": "0-1", "Draw": "1/2-1/2"}
ENDINGS = ("escape", "king captured", "no legal move", "repetition")
_WINS = ("escape", "king captured")  # the endings a `!` marks


def replay_tafl(
    game: GameRecord,
    info: Game,
    tafl: TaflRules,
    *,
    strict: bool = False,
    keep_positions: bool = False,
) -> ReplayedGame:
    """Replay a record of `info`, a tafl game whose default rules are `tafl`."""
    replayer = TaflReplayer(game, info, keep_positions)
    replayer.tafl = tafl
    rules = replayer.read_tags()
    return replayer.run(rules, replayer.start_position(rules), strict)


def move_text(
    move: TaflMove,
    removed: list[int] | tuple[int, ...],
    board: list[str],
    info: Game,
    ends: bool = False,
) -> str:
    """`KA1-A4xA5/CB4!`: the canonical text of a move (`board` before the move)."""
    name = info.board.name
    text = ("" if move.piece == "S" else move.piece) + f"{name(move.origin)}-{name(move.target)}"
    if removed:
        text += "x" + "/".join(_letter(board[sq]) + name(sq) for sq in removed)
    return text + ("!" if ends else "")


def _letter(piece: str) -> str:
    return "" if piece.upper() == "S" else piece.upper()


class TaflReplayer(BaseReplayer):
    tafl: TaflRules  # the game's default rules, before the record's tags

    def keep_copy(self, position: TaflPosition) -> TaflPosition | None:
        """A snapshot for the step: without the repetition history as well."""
        return position.snapshot() if self.keep else None

    def read_tags(self) -> TaflRules:
        self.read_common_tags()
        tafl = self.tafl
        options = self.game.tag("Options")
        if options is None:
            return tafl
        chosen = {
            name: value
            for name, value in parse_options(options)
            if value in tafl.choices.get(name, ())
        }
        return tafl.with_options(chosen)

    def start_position(self, rules: TaflRules) -> TaflPosition:
        first = LIGHT if (self.game.tag("FirstPlayer") or "").lower() == "light" else DARK
        tag = self.game.find_tag("Setup")
        if tag is not None:
            try:
                board = read_position(tag.value, rules.size)
                if any(p.upper() in "TW" for p in board):
                    raise ValueError("T and W are Mǽrstánas stones")
                return TaflPosition.start(rules, tag.value, first)
            except ValueError as exc:
                self.report(
                    "error",
                    "M306",
                    f"Setup cannot be read: {exc}",
                    tag.start,
                    tag.end,
                    "rows from 1 (top) down, digits for empty "
                    "runs; S stone, K king, C commander; upper case Dark",
                )
        return TaflPosition.start(rules, turn=first)

    def play_line(self, replayed: ReplayedLine, position: TaflPosition) -> None:
        for node in replayed.line.nodes:
            if position.over:
                self.report(
                    "error",
                    "M207",
                    f"the game is already over ({position.ending}); nothing more is played",
                    node.start,
                    node.end,
                )
                return
            side, ply = position.turn, position.ply
            if node.number is not None:
                self.check_number(node, ply, side)
            if node.lowercase:
                self.report(
                    "warning",
                    "M401",
                    "squares are written in lower case",
                    node.start,
                    node.end,
                    "write squares in upper case: A1-A4",
                )
            self.play_step(node, position, replayed.steps)

    def play_node(self, node: PlyNode, position: TaflPosition) -> Step:
        side, ply = position.turn, position.ply
        move = node.move
        if not isinstance(move, TaflMove):
            return self._not_a_movement(node, position)
        board = list(position.board)
        problem = position.move_problem(move)
        if problem is not None:
            self.report(
                "error",
                _PROBLEM_CODES[problem.kind],
                f"{SIDE_NAMES[side]}'s {self._text(move)} is illegal: {problem.message}",
                node.start,
                node.end,
            )
            piece = board[move.origin]
            if piece == EMPTY or side_of(piece) != side or board[move.target] != EMPTY:
                position.turn, position.ply = 1 - side, ply + 1  # skipped: the turn passes
                return Step(node, side, move, ply, (), False, self.keep_copy(position))
            move = TaflMove(piece.upper(), move.origin, move.target, move.size)
        taken = position.push(move, check=False)
        self.check_captures(node, move, taken, board)
        self.check_end_mark(node, position)
        text = move_text(move, taken, board, self.info, ends=position.ending in _WINS)
        step = Step(node, side, move, ply, tuple(taken), True, self.keep_copy(position))
        step.notation = text
        return step

    def _not_a_movement(self, node: PlyNode, position: TaflPosition) -> Step:
        side, ply = position.turn, position.ply
        move = node.move
        assert isinstance(move, WrittenMove)
        if move.kind == "pass":
            if position.must_pass():
                position.pass_turn()
                return Step(node, side, move, ply, (), True, self.keep_copy(position))
            self.report(
                "error",
                "M206",
                f"{SIDE_NAMES[side]} may not pass in {self.info.title}",
                node.start,
                node.end,
                "a move is compulsory; write it as A1-A4",
            )
        else:
            self.report(
                "error",
                "M208",
                f"`{move}` places a stone; {self.info.title} moves them",
                node.start,
                node.end,
                "write a move from a square to a square: A1-A4, KA1-A4, CA1-D4",
            )
        position.turn, position.ply = 1 - side, ply + 1
        return Step(node, side, move, ply, (), False, self.keep_copy(position))

    def _text(self, move: TaflMove) -> str:
        name = self.info.board.name
        return (
            "" if move.piece == "S" else move.piece
        ) + f"{name(move.origin)}-{name(move.target)}"

    def check_captures(
        self, node: PlyNode, move: TaflMove, taken: list[int], board: list[str]
    ) -> None:
        """Compare the written `x` list (squares and letters) with the captures."""
        name = self.info.board.name
        agreed = self.compare_x_list(
            node,
            taken,
            actual=", ".join(_letter(board[sq]) + name(sq) for sq in taken) or "nothing",
            name=name,
            wording=("capture list", "move", "takes"),
            canonical=lambda: move_text(move, taken, board, self.info),
            hint="a piece is taken when it stands between the moved piece and another of "
            "the mover's pieces on a row or column",
        )
        if not agreed:
            return
        for square, letter in zip(node.removals or (), node.removal_pieces or (), strict=False):
            wanted = _letter(board[square])
            if letter != wanted:
                what = PIECE_NAMES[board[square].upper()]
                severity: Severity = "warning" if not letter else "error"
                code = "M402" if not letter else "M302"
                self.report(
                    severity,
                    code,
                    f"{name(square)} held {what}: write `x{wanted}{name(square)}`",
                    node.start,
                    node.end,
                    "the king (K) and the commander (C) carry their letter when taken",
                )

    def check_end_mark(self, node: PlyNode, position: TaflPosition) -> None:
        if position.over and position.ending in _WINS and not node.ends:
            self.report(
                "warning",
                "M406",
                f"this move ends the game ({position.ending}) but has no `!`",
                node.start,
                node.end,
                "write `!` after the move",
            )
        elif node.ends and not position.over:
            self.report(
                "error",
                "M312",
                "`!` marks a move that ends the game, and this one does not",
                node.start,
                node.end,
                "a game ends when a king escapes or is taken",
            )

    def check_termination(self, position: TaflPosition) -> None:
        game = self.game
        term = game.termination
        expected = None
        if position.over:
            expected = SIDE_NAMES[position.winner] if position.winner is not None else "Draw"
        if term is not None and term.dark is not None:
            self.report(
                "error",
                "M304",
                f"a score line belongs to Mǽrstánas; {self.info.title} is won, not scored",
                term.start,
                term.end,
                "end the game with 1-0, 0-1, 1/2-1/2 or *",
            )
        elif (
            term is not None
            and term.result is not None
            and expected is not None
            and term.result != expected
        ):
            self.report(
                "error",
                "M305",
                f"the record ends `{RESULT_WORDS[term.result]}`, but "
                f"the game ended in {self._outcome(position)}",
                term.start,
                term.end,
                f"write `{RESULT_WORDS[expected]}`",
            )
        tag = game.find_tag("Result")
        if tag is not None and tag.value in self.info.settings.results:
            want = expected or (term.result if term is not None and term.result else "*")
            if tag.value != want:
                why = (
                    f"the game ended in {self._outcome(position)}"
                    if expected
                    else "the record's termination says otherwise"
                )
                self.report(
                    "error",
                    "M305",
                    f'Result "{tag.value}" disagrees: {why}',
                    tag.start,
                    tag.end,
                    f'write [Result "{want}"]',
                )
        ending = game.find_tag("Termination")
        if ending is not None and position.over and ending.value != position.ending:
            self.report(
                "error",
                "M305",
                f'Termination "{ending.value}" disagrees: the game ended by {position.ending}',
                ending.start,
                ending.end,
                f'write [Termination "{position.ending}"]',
            )

    def _outcome(self, position: TaflPosition) -> str:
        if position.winner is None:
            return f"a draw ({position.ending})"
        return f"a win for {SIDE_NAMES[position.winner]} ({position.ending})"
