"""Replaying a Mǽrstánas record: placements, thunder removal lists, passes, the score.

The promise of `verify.replay`: every move checked against the rules, every
redundant detail (move numbers, removal lists, the score line, the Result tag)
against the engine, and the replay goes on after a mistake: a move that can
physically be made is made, one that cannot is skipped with the turn passing
on, as the recorder evidently meant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.games.maerstanas.engine import (
    DARK,
    LIGHT,
    SCORINGS,
    SIDE_NAMES,
    SIZE,
    THUNDER,
    WODEN,
    Move,
    Position,
    Rules,
    square_name,
)
from maerstanas_print.games.protocol import WrittenMove
from maerstanas_print.games.setup_text import read_position
from maerstanas_print.notation.record import GameRecord, PlyNode
from maerstanas_print.play.replayed import BaseReplayer, ReplayedGame, ReplayedLine, Step, result_of

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

_PROBLEM_CODES = {
    "occupied": "M201",
    "four-hinges": "M202",
    "woden-target": "M203",
    "spent": "M204",
    "specials-off": "M205",
    "pass-not-forced": "M206",
    "game-over": "M207",
}


def rules_of(record: GameRecord) -> Rules:
    """The rule settings from the tags (defaults where absent or unreadable)."""
    written = (record.tag("SpecialStones"), record.tag("Scoring"), record.tag("FirstPlayer"))
    rules = _RULES_WRITTEN.get(written)
    if rules is None:
        special, scoring, first = written
        rules = Rules(
            special_stones=(special or "on").lower() != "off",
            scoring=next((s for s in SCORINGS if s == (scoring or "").lower()), "default"),
            first_player=LIGHT if (first or "").lower() == "light" else DARK,
        )
        if len(_RULES_WRITTEN) < _RULES_KEPT:
            _RULES_WRITTEN[written] = rules
    return rules


# The rules each way of writing the settings tags gives (Rules is frozen, so one
# object serves every game that writes them alike): most files write one or two.
_RULES_WRITTEN: dict[tuple[str | None, str | None, str | None], Rules] = {}
_RULES_KEPT = 256


def replay_maerstanas(
    record: GameRecord, game: Game, *, strict: bool = False, keep_positions: bool = False
) -> ReplayedGame:
    replayer = MaerstanasReplayer(record, game, keep_positions)
    rules = replayer.read_tags()
    return replayer.run(rules, replayer.start_position(rules), strict)


class MaerstanasReplayer(BaseReplayer):
    def read_tags(self) -> Rules:
        self.read_common_tags()
        return rules_of(self.game)

    def start_position(self, rules: Rules) -> Position:
        """The start, or the position of a `[Setup "..."]` tag (with `[InHand]`)."""
        position = Position.start(rules)
        tag = self.game.find_tag("Setup")
        if tag is None:
            return position
        try:
            board = read_position(tag.value, SIZE)
        except ValueError as exc:
            self.report(
                "error",
                "M306",
                f"Setup cannot be read: {exc}",
                tag.start,
                tag.end,
                "rows from 1 (top) to 7, digits for empty runs: /7/7/3S3/7/7/7/7/",
            )
            return position
        for square, letter in enumerate(board):
            if letter == ".":
                continue
            if letter.upper() not in "STW":
                self.report(
                    "error",
                    "M306",
                    f"`{letter}` is not a Mǽrstánas stone in Setup",
                    tag.start,
                    tag.end,
                    "S plain, T thunder-stone, W Woden-stone; upper case Dark, lower case Light",
                )
                continue
            position.stones[DARK if letter.isupper() else LIGHT] |= 1 << square
            if letter.upper() == "T":
                position.thunder_stones |= 1 << square
            elif letter.upper() == "W":
                position.woden_stones |= 1 << square
        hands = self.game.find_tag("InHand")
        if hands is not None and position.hands is not None:
            position.hands = [0, 0]
            for part in hands.value.split():
                side, _, stones = part.partition(":")
                index = SIDE_NAMES.index(side) if side in SIDE_NAMES else None
                if index is None or set(stones) - set("TW"):
                    self.report(
                        "error",
                        "M306",
                        f'InHand "{hands.value}" cannot be read',
                        hands.start,
                        hands.end,
                        'write it like "Dark:TW Light:W"',
                    )
                    continue
                position.hands[index] = (THUNDER if "T" in stones else 0) | (
                    WODEN if "W" in stones else 0
                )
        return position

    # --- moves ----------------------------------------------------------------

    def play_line(self, replayed: ReplayedLine, position: Position) -> None:
        steps = replayed.steps
        append = steps.append
        place = position.place_if_legal  # the line plays on this one position
        keep = self.keep_copy if self.keep else None
        for node in replayed.line.nodes:
            move = node.move
            # The common case first, kept short (this loop runs for every ply `check`
            # reads): a legal placement in upper case with no variation. A side with
            # a legal placement has a move, so nothing below would apply to it but
            # the move number and `play_node`'s own common case.
            if (
                move.__class__ is Move
                and move.kind == "place"
                and not node.lowercase
                and not node.variations
            ):
                side, ply = position.turn, position.ply
                if place(move.square):  # type: ignore[arg-type]
                    number = node.number
                    if number is not None and (
                        number.number != ply // 2 + 1 or number.second != (ply % 2 == 1)
                    ):
                        self.check_number(node, ply, side)
                    append(
                        Step(
                            node,
                            side,
                            move,
                            ply,
                            (),
                            True,
                            keep(position) if keep is not None else None,
                        )
                    )
                    continue
            if isinstance(move, WrittenMove):
                if move.kind == "move":  # `A1-A4` moves a stone; this game places
                    self.report(
                        "error",
                        "M208",
                        "Mǽrstánas places stones; a stone never moves from one square to another",
                        node.start,
                        node.end,
                        "write the square the stone goes on (E4), or name the game: "
                        '[Game "Cyngesheall"]',
                    )
                else:  # a kind of move another game registered
                    self.report(
                        "error",
                        "M208",
                        f"`{move}` is not a move of Mǽrstánas",
                        node.start,
                        node.end,
                    )
                side, ply = position.turn, position.ply
                position.push(Move.pass_(), check=False)  # the turn passes on
                steps.append(Step(node, side, Move.pass_(), ply, (), False))
                continue
            numbered_for_pass = False
            if not position.has_move(position.turn):
                if position.is_game_over():
                    self.report(
                        "error",
                        "M207",
                        f"the game is already over; {node_text(node)} cannot be played",
                        node.start,
                        node.end,
                        _game_over_hint(position),
                    )
                    return
                if node.move.kind != "pass":
                    who = SIDE_NAMES[position.turn]
                    self.report(
                        "warning",
                        "M403",
                        f"{who} has no move here and must pass; the Pass is missing",
                        node.start,
                        node.end,
                        "write `Pass` before this move",
                    )
                    steps.append(self._apply(None, Move.pass_(), position))
                    # `20. E5`: the move carries the number of the Pass left out before it
                    numbered_for_pass = _numbered_for_pass(node, position.ply - 1)
            if node.number is not None and not numbered_for_pass:
                self.check_number(node, position.ply, position.turn)
            if node.lowercase:
                written = node.written or node_text(node)
                self.report(
                    "warning",
                    "M401",
                    f"`{written}` is written in lower case",
                    node.start,
                    node.end,
                    "write `Pass`"
                    if node.move.kind == "pass"
                    else f"squares and markers are upper case: `{node_text(node)}`",
                )
            self.play_step(node, position, steps)

    def play_node(self, node: PlyNode, position: Position) -> Step:
        move = node.move
        if move.kind == "place" and position.is_legal_placement(move.square):
            side, ply = position.turn, position.ply  # the common case, kept short
            position.push(move, check=False)
            return Step(node, side, move, ply, (), True, self.keep_copy(position))
        problem = position.move_problem(move)
        if problem is not None:
            self.report(
                "error",
                _PROBLEM_CODES[problem.kind],
                f"{SIDE_NAMES[position.turn]}'s {node_text(node)} is illegal: {problem.message}",
                node.start,
                node.end,
                _problem_hint(problem.kind, position, move),
            )
            if not _physically_possible(position, move):
                step = self._apply(node, move, position, skip=True)
                return step
        step = self._apply(node, move, position)
        if move.kind == "thunder":
            self.check_removals(node, step.removed)
        return step

    def _apply(
        self, node: PlyNode | None, move: Move, position: Position, skip: bool = False
    ) -> Step:
        side, ply = position.turn, position.ply
        if skip:
            position.push(Move.pass_(), check=False)
            removed: tuple[int, ...] = ()
        else:
            removed = position.push(move, check=False)
        return Step(node, side, move, ply, removed, not skip, self.keep_copy(position))

    def check_removals(self, node: PlyNode, removed: tuple[int, ...]) -> None:
        written = node.removals
        if written is not None and sorted(written) == sorted(removed):
            return  # the list as written is right (most are): no wording to make
        self.compare_x_list(
            node,
            removed,
            actual=", ".join(map(square_name, removed)) or "nothing",
            name=square_name,
            wording=("removal list", "thunder-stone", "removes"),
            canonical=lambda: (
                f"{node_text(node).split('x')[0]}x{'/'.join(map(square_name, removed))}"
            ),
            hint="a thunder-stone removes every stone orthogonally next to it",
        )

    # --- the end ----------------------------------------------------------------

    def check_termination(self, position: Position) -> None:
        game = self.game
        term = game.termination
        finished = position.is_game_over()
        score = position.score()
        computed = f"Dark: {score[0]}, Light: {score[1]}"
        if term is not None and not term.unfinished:
            if not finished:
                self.report(
                    "error",
                    "M304",
                    "the score line ends a game that is not over",
                    term.start,
                    term.end,
                    not_over_hint(position) + "; the score line says the game ended, so "
                    "moves may be left out or miscopied",
                )
            elif (term.dark, term.light) != score:
                self.report(
                    "error",
                    "M303",
                    f"the score line says Dark: {term.dark}, Light: {term.light}, "
                    f"but the final position scores {computed}",
                    term.start,
                    term.end,
                    f"under {position.rules.scoring} scoring; write `{computed}`",
                )
        tag = game.find_tag("Result")
        if tag is None or tag.value not in self.info.settings.results:
            return
        expected = result_of(score) if finished else "*"
        if tag.value != expected:
            why = f"the final position scores {computed}" if finished else "the game is not over"
            self.report(
                "error",
                "M305",
                f'Result "{tag.value}" disagrees: {why}',
                tag.start,
                tag.end,
                f'write [Result "{expected}"]',
            )


def node_text(node: PlyNode) -> str:
    """The move in canonical notation (without its removal list)."""
    return str(node.move)


def _numbered_for_pass(node: PlyNode, pass_ply: int) -> bool:
    """A move written with the number of the left-out Pass (played at `pass_ply`)."""
    number = node.number
    return number is not None and (number.number, number.second) == (
        pass_ply // 2 + 1,
        pass_ply % 2 == 1,
    )


def _physically_possible(position: Position, move: Move) -> bool:
    if move.kind == "pass":
        return True
    square = move.square
    assert square is not None
    if move.kind == "woden":
        return position.owner(square) == 1 - position.turn
    return not position.occupied >> square & 1


def _problem_hint(kind: str, position: Position, move: Move) -> str | None:
    side = position.turn
    if kind == "pass-not-forced":
        return _moves_left(position, side)
    if kind == "four-hinges":
        return "no stone may have four hinges (stones of either colour and board edges count)"
    if kind == "spent":
        return "each player has one thunder-stone (T) and one Woden-stone (W) per game"
    if kind == "specials-off":
        return 'the record says [SpecialStones "off"]'
    return None


def _moves_left(position: Position, side: int) -> str:
    count = position.standard_placements().bit_count()
    hand = position.in_hand(side)
    parts = []
    if count:
        parts.append(_placements_remain(count))
    if hand & THUNDER:
        parts.append(f"{SIDE_NAMES[side]} still holds the thunder-stone")
    if hand & WODEN:
        parts.append(f"{SIDE_NAMES[side]} still holds the Woden-stone")
    return "; ".join(parts) or "no move remains"


def _placements_remain(count: int) -> str:
    return f"{count} standard placement{'s remain' if count != 1 else ' remains'}"


def not_over_hint(position: Position) -> str:
    parts = []
    count = position.standard_placements().bit_count()
    if count:
        parts.append(_placements_remain(count))
    for side in (DARK, 1 - DARK):
        hand = position.in_hand(side)
        held = [
            name
            for flag, name in ((THUNDER, "thunder-stone"), (WODEN, "Woden-stone"))
            if hand & flag
        ]
        if held:
            parts.append(f"{SIDE_NAMES[side]} still holds the {' and the '.join(held)}")
    return "; ".join(parts) or "a move remains"


def _game_over_hint(position: Position) -> str:
    dark, light = position.score()
    return (
        f"no standard placement remains and no special stone is in hand; "
        f"the game ended with Dark: {dark}, Light: {light}"
    )
