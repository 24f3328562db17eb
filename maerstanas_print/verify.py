"""Replaying a record on the engine, and everything that can be wrong with it.

`replay(game)` plays the main line and every variation, checks each move
against the rules and each redundant detail of the record (move numbers,
thunder removal lists, the final score line, the Result tag) against the
engine, and keeps going after a mistake so one run reports them all: a move
that can physically be made is made, one that cannot is skipped with the turn
passing on, as the recorder evidently meant.

Lenient readings (lower case, a missing removal list, an omitted forced Pass)
are warnings; `strict=True` turns every warning into an error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maerstanas_print.dates import date_hint, real_date
from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.engine import (
    DARK,
    LIGHT,
    SCORINGS,
    SIDE_NAMES,
    THUNDER,
    WODEN,
    Move,
    Position,
    Rules,
    square_name,
)
from maerstanas_print.games import GAMES, MAERSTANAS, GameInfo, game_named
from maerstanas_print.games.tafl import TaflMove, read_position
from maerstanas_print.record import RESULTS, GameRecord, Line, PlyNode, Tag

if TYPE_CHECKING:
    from maerstanas_print.verify_tafl import TaflReplayedGame

_PROBLEM_CODES = {
    "occupied": "M201",
    "four-hinges": "M202",
    "woden-target": "M203",
    "spent": "M204",
    "specials-off": "M205",
    "pass-not-forced": "M206",
    "game-over": "M207",
}
_CANONICAL_VALUES = {
    "SpecialStones": ("on", "off"),
    "Scoring": SCORINGS,
    "FirstPlayer": ("Dark", "Light"),
}


@dataclass(slots=True)
class Step:
    """One ply as replayed. `node` is None for a forced Pass the record left out."""

    node: PlyNode | None
    side: int
    move: Move
    ply: int  # 0-based ply of the game (passes count)
    removed: tuple[int, ...] = ()
    applied: bool = True
    after: Position | None = None  # kept when replaying with positions
    variations: list[ReplayedLine] = field(default_factory=list)
    notation: str | None = None  # the canonical text, where the move alone cannot say it

    @property
    def number(self) -> int:
        return self.ply // 2 + 1

    @property
    def second(self) -> bool:
        return self.ply % 2 == 1


@dataclass(slots=True)
class ReplayedLine:
    line: Line
    start: Position | None  # the position before the first move (kept with positions)
    steps: list[Step] = field(default_factory=list)


class ReplayedCommon:
    """What a replayed game answers the same way in every game."""

    __slots__ = ()
    main: ReplayedLine
    diagnostics: list[Diagnostic]

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def plies(self) -> int:
        """Plies of the main line, passes included."""
        return len(self.main.steps)


@dataclass(slots=True)
class ReplayedGame(ReplayedCommon):
    record: GameRecord
    rules: Rules
    main: ReplayedLine
    final: Position
    diagnostics: list[Diagnostic]

    @property
    def scoring(self) -> str | None:
        return self.rules.scoring

    @property
    def ending(self) -> str | None:
        return "score" if self.finished else None

    @property
    def score(self) -> tuple[int, int]:
        return self.final.score()

    @property
    def finished(self) -> bool:
        return self.final.is_game_over()

    @property
    def result(self) -> str | None:
        """"Dark", "Light" or "Tie" once the game is over by the rules, else None."""
        if not self.finished:
            return None
        return result_of(self.score)


def result_of(score: tuple[int, int]) -> str:
    dark, light = score
    return "Dark" if dark > light else "Light" if light > dark else "Tie"


def replay(game: GameRecord, *, strict: bool = False, keep_positions: bool = False
           ) -> ReplayedGame | TaflReplayedGame:
    """Replay `game` under its game's rules; see the module docstring.

    Never raises on a bad record: every problem becomes a diagnostic.
    """
    info = game_named(game.tag("Game"))
    if info is not None and info.kind == "movement":
        from maerstanas_print.verify_tafl import replay_tafl

        return replay_tafl(game, info, strict=strict, keep_positions=keep_positions)
    replayer = _MaerstanasReplayer(game, info or MAERSTANAS, keep_positions)
    diagnostics = replayer.diagnostics
    rules = replayer.read_tags()
    start = replayer.start_position(rules)
    position = start.copy()
    main = ReplayedLine(game.mainline, start if keep_positions else None)
    if not replayer.syntax_broken():  # damaged text would only add follow-on errors
        replayer.play_line(main, position)
        replayer.check_termination(position)
    replayer.finish(strict)
    return ReplayedGame(game, rules, main, position, diagnostics)


def parse_options(value: str) -> list[tuple[str, str]]:
    """`"repetition=forbid3; no_legal_move=lose"` -> [(name, value), ...]."""
    pairs = []
    for part in value.replace(",", ";").split(";"):
        if part.strip():
            name, _, chosen = part.partition("=")
            pairs.append((name.strip(), chosen.strip()))
    return pairs


class BaseReplayer:
    """What every game's verifier checks the same way: tags, numbers, case."""

    def __init__(self, game: GameRecord, info: GameInfo, keep_positions: bool) -> None:
        self.game = game
        self.info = info
        self.keep = keep_positions
        self.diagnostics: list[Diagnostic] = list(game.diagnostics)

    def report(self, severity: str, code: str, message: str, start: int, end: int,
               hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(severity, code, message, start, end, hint))  # type: ignore[arg-type]

    def syntax_broken(self) -> bool:
        return any(d.severity == "error" and d.code.startswith("M1") and d.read_as is None
                   for d in self.game.diagnostics)

    def finish(self, strict: bool) -> None:
        self.diagnostics.sort(key=lambda d: d.start)
        if strict:
            self.diagnostics[:] = [d.as_error() for d in self.diagnostics]

    # --- tags -----------------------------------------------------------------

    def read_common_tags(self, settings: dict[str, tuple[str, ...]],
                         results: tuple[str, ...]) -> None:
        """Duplicates, Game, Date, Result, Options and the game's settings tags."""
        seen: set[str] = set()
        title = self.info.title
        for tag in self.game.tags:
            if tag.name in seen:
                self.report("error", "M307", f"the tag {tag.name} appears twice",
                            tag.start, tag.end, "keep one; the first one is used")
            seen.add(tag.name)
            if tag.name in settings:
                self._check_value(tag, settings[tag.name])
            elif tag.name in ("SpecialStones", "Scoring", "Options", "InHand"):
                if tag.name == "Options" and self.info.tafl is not None:
                    self._check_options(tag)
                else:
                    self.report("error", "M306", f"{tag.name} is not a setting of {title}",
                                tag.start, tag.end, "remove the tag")
            elif tag.name == "Game":
                known = game_named(tag.value)
                if known is None:
                    names = ", ".join(f'"{name}"' for name in GAMES)
                    self.report("error", "M306", f'Game "{tag.value}" is not a game we know',
                                tag.start, tag.end, f"use one of {names}")
                elif known.tag != tag.value:
                    self.report("warning", "M405", f"Game is written `{known.tag}`",
                                tag.start, tag.end)
            elif tag.name == "Date" and not real_date(tag.value):
                self.report("warning", "M405", f'Date "{tag.value}" is not YYYY.MM.DD',
                            tag.start, tag.end, date_hint(tag.value))
            elif tag.name == "Result" and tag.value not in results:
                choices = ", ".join(f'"{r}"' for r in results)
                self.report("warning", "M405", f'Result "{tag.value}" is not a result',
                            tag.start, tag.end, f"use {choices}")

    def _check_value(self, tag: Tag, allowed: tuple[str, ...]) -> None:
        if tag.value in allowed:
            return
        matches = [v for v in allowed if v.lower() == tag.value.lower()]
        if matches:
            self.report("warning", "M405", f"{tag.name} is written `{matches[0]}`",
                        tag.start, tag.end)
        else:
            choices = ", ".join(f'"{v}"' for v in allowed)
            self.report("error", "M306", f'{tag.name} "{tag.value}" is not a known setting',
                        tag.start, tag.end, f"use one of {choices}")

    def _check_options(self, tag: Tag) -> None:
        rules = self.info.tafl
        assert rules is not None
        for name, value in parse_options(tag.value):
            allowed = rules.choices.get(name)
            if allowed is None:
                names = ", ".join(rules.choices)
                self.report("error", "M306", f"{self.info.title} has no option `{name}`",
                            tag.start, tag.end, f"its options are {names}")
            elif value not in allowed:
                self.report("error", "M306", f"option {name} cannot be `{value}`",
                            tag.start, tag.end, f"use one of {', '.join(allowed)}")

    # --- moves (each game's replayer supplies play_line and play_node) ------------

    def play_line(self, replayed: ReplayedLine, position: Any) -> None:
        raise NotImplementedError

    def play_node(self, node: PlyNode, position: Any) -> Step:
        raise NotImplementedError

    def play_step(self, node: PlyNode, position: Any, steps: list[Step]) -> None:
        """Play `node` and keep its step; replay each of its variations from the
        position before it, leaving `position` as the main line has it."""
        before = position.copy() if node.variations else None
        step = self.play_node(node, position)
        steps.append(step)
        for line in node.variations:
            branch = before.copy()
            sub = ReplayedLine(line, branch.copy() if self.keep else None)
            step.variations.append(sub)
            self.play_line(sub, branch)

    def compare_x_list(self, node: PlyNode, removed: Sequence[int], *, actual: str,
                       name: Callable[[int], str], wording: tuple[str, str, str],
                       canonical: Callable[[], str], hint: str) -> bool:
        """Compare the `x` list as written with what the move removed, as sets (any
        order). A list left out is a lenient reading (M402), a different one an error
        (M302). True when the two agree. `wording` is (list, mover, verb), e.g.
        ("capture list", "move", "takes")."""
        listed_as, subject, verb = wording
        written = node.removals
        if written is None:
            if removed:
                self.report("warning", "M402", f"the {listed_as} is left out; this "
                            f"{subject} {verb} {actual}", node.start, node.end,
                            f"write `{canonical()}`")
            return False
        if sorted(written) != sorted(removed):
            listed = ", ".join(name(sq) for sq in written) or "nothing"
            self.report("error", "M302", f"the {listed_as} says {listed}, but the "
                        f"{subject} {verb} {actual}", node.start, node.end, hint)
            return False
        return True

    def check_number(self, node: PlyNode, ply: int, side: int) -> None:
        number = node.number
        assert number is not None
        expected_n, expected_second = ply // 2 + 1, ply % 2 == 1
        if (number.number, number.second) != (expected_n, expected_second):
            want = f"{expected_n}{'...' if expected_second else '.'}"
            got = f"{number.number}{'...' if number.second else '.'}"
            self.report("error", "M301", f"move number `{got}` should be `{want}`",
                        number.start, number.end,
                        f"this is {SIDE_NAMES[side]}'s move, ply {ply + 1} of the game")


class _MaerstanasReplayer(BaseReplayer):
    def read_tags(self) -> Rules:
        self.read_common_tags(_CANONICAL_VALUES, RESULTS)
        return self.game.rules()

    def start_position(self, rules: Rules) -> Position:
        """The start, or the position of a `[Setup "..."]` tag (with `[InHand]`)."""
        position = Position.start(rules)
        tag = self.game.find_tag("Setup")
        if tag is None:
            return position
        try:
            board = read_position(tag.value, 7)
        except ValueError as exc:
            self.report("error", "M306", f"Setup cannot be read: {exc}", tag.start, tag.end,
                        "rows from 1 (top) to 7, digits for empty runs: /7/7/3S3/7/7/7/7/")
            return position
        for square, letter in enumerate(board):
            if letter == ".":
                continue
            if letter.upper() not in "STW":
                self.report("error", "M306", f"`{letter}` is not a Mǽrstánas stone in Setup",
                            tag.start, tag.end, "S plain, T thunder-stone, W Woden-stone; "
                            "upper case Dark, lower case Light")
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
                    self.report("error", "M306", f'InHand "{hands.value}" cannot be read',
                                hands.start, hands.end, 'write it like "Dark:TW Light:W"')
                    continue
                position.hands[index] = (THUNDER if "T" in stones else 0) | \
                    (WODEN if "W" in stones else 0)
        return position

    # --- moves ----------------------------------------------------------------

    def play_line(self, replayed: ReplayedLine, position: Position) -> None:
        steps = replayed.steps
        for node in replayed.line.nodes:
            if isinstance(node.move, TaflMove):  # `A1-A4` moves a stone; this game places
                self.report("error", "M208", "Mǽrstánas places stones; a stone never moves "
                            "from one square to another", node.start, node.end,
                            'write the square the stone goes on (E4), or name the game: '
                            '[Game "Cyngesheall"]')
                side, ply = position.turn, position.ply
                position.push(Move.pass_(), check=False)  # the turn passes on
                steps.append(Step(node, side, Move.pass_(), ply, (), False))
                continue
            numbered_for_pass = False
            if not position.has_move(position.turn):
                if position.is_game_over():
                    self.report("error", "M207",
                                f"the game is already over; {node_text(node)} cannot be played",
                                node.start, node.end, _game_over_hint(position))
                    return
                if node.move.kind != "pass":
                    side = SIDE_NAMES[position.turn]
                    self.report("warning", "M403",
                                f"{side} has no move here and must pass; the Pass is missing",
                                node.start, node.end, "write `Pass` before this move")
                    steps.append(self._apply(None, Move.pass_(), position))
                    # `20. E5`: the move carries the number of the Pass left out before it
                    numbered_for_pass = _numbered_for_pass(node, position.ply - 1)
            if node.number is not None and not numbered_for_pass:
                self.check_number(node, position.ply, position.turn)
            if node.lowercase:
                written = node.written or node_text(node)
                self.report("warning", "M401", f"`{written}` is written in lower case",
                            node.start, node.end, "write `Pass`" if node.move.kind == "pass"
                            else f"squares and markers are upper case: `{node_text(node)}`")
            self.play_step(node, position, steps)

    def play_node(self, node: PlyNode, position: Position) -> Step:
        move = node.move
        if move.kind == "place" and position.is_legal_placement(move.square):  # type: ignore[arg-type]
            side, ply = position.turn, position.ply  # the common case, kept short
            position.push(move, check=False)
            return Step(node, side, move, ply, (), True, position.copy() if self.keep else None)
        problem = position.move_problem(move)
        if problem is not None:
            self.report("error", _PROBLEM_CODES[problem.kind],
                        f"{SIDE_NAMES[position.turn]}'s {node_text(node)} is illegal: "
                        f"{problem.message}", node.start, node.end,
                        _problem_hint(problem.kind, position, move))
            if not _physically_possible(position, move):
                step = self._apply(node, move, position, skip=True)
                return step
        step = self._apply(node, move, position)
        if move.kind == "thunder":
            self.check_removals(node, step.removed)
        return step

    def _apply(self, node: PlyNode | None, move: Move, position: Position,
               skip: bool = False) -> Step:
        side, ply = position.turn, position.ply
        if skip:
            position.push(Move.pass_(), check=False)
            removed: tuple[int, ...] = ()
        else:
            removed = position.push(move, check=False)
        return Step(node, side, move, ply, removed, not skip,
                    position.copy() if self.keep else None)

    def check_removals(self, node: PlyNode, removed: tuple[int, ...]) -> None:
        self.compare_x_list(
            node, removed, actual=", ".join(map(square_name, removed)) or "nothing",
            name=square_name, wording=("removal list", "thunder-stone", "removes"),
            canonical=lambda: (f"{node_text(node).split('x')[0]}x"
                               f"{'/'.join(map(square_name, removed))}"),
            hint="a thunder-stone removes every stone orthogonally next to it")

    # --- the end ----------------------------------------------------------------

    def check_termination(self, position: Position) -> None:
        game = self.game
        term = game.termination
        finished = position.is_game_over()
        score = position.score()
        computed = f"Dark: {score[0]}, Light: {score[1]}"
        if term is not None and not term.unfinished:
            if not finished:
                self.report("error", "M304", "the score line ends a game that is not over",
                            term.start, term.end, _not_over_hint(position) +
                            "; end an unfinished game with `*`")
            elif (term.dark, term.light) != score:
                self.report("error", "M303",
                            f"the score line says Dark: {term.dark}, Light: {term.light}, "
                            f"but the final position scores {computed}",
                            term.start, term.end,
                            f"under {position.rules.scoring} scoring; write `{computed}`")
        tag = game.find_tag("Result")
        if tag is None or tag.value not in RESULTS:
            return
        expected = result_of(score) if finished else "*"
        if tag.value != expected:
            why = (f"the final position scores {computed}" if finished
                   else "the game is not over")
            self.report("error", "M305", f'Result "{tag.value}" disagrees: {why}',
                        tag.start, tag.end, f'write [Result "{expected}"]')


def node_text(node: PlyNode) -> str:
    """The move in canonical notation (without its removal list)."""
    return str(node.move)


def _numbered_for_pass(node: PlyNode, pass_ply: int) -> bool:
    """A move written with the number of the left-out Pass (played at `pass_ply`)."""
    number = node.number
    return number is not None and \
        (number.number, number.second) == (pass_ply // 2 + 1, pass_ply % 2 == 1)


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


def _not_over_hint(position: Position) -> str:
    parts = []
    count = position.standard_placements().bit_count()
    if count:
        parts.append(_placements_remain(count))
    for side in (DARK, 1 - DARK):
        hand = position.in_hand(side)
        held = [name for flag, name in ((THUNDER, "thunder-stone"), (WODEN, "Woden-stone"))
                if hand & flag]
        if held:
            parts.append(f"{SIDE_NAMES[side]} still holds the {' and the '.join(held)}")
    return "; ".join(parts) or "a move remains"


def _game_over_hint(position: Position) -> str:
    dark, light = position.score()
    return (f"no standard placement remains and no special stone is in hand; "
            f"the game ended with Dark: {dark}, Light: {light}")
