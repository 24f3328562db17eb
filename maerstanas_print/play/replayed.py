"""What every game's replay shares: the replayed types and the base replayer.

A game's replayer (or `PositionReplayer`, the one a game gets for free) plays
the main line and every variation, checks each move against the rules and
each redundant detail of the record (move numbers, removal and capture lists,
the final score line or result, the Result tag) against the engine, and keeps
going after a mistake so one run reports them all. `verify.replay` chooses
the game; this module knows no game by name and imports no registry.

Lenient readings (lower case, a missing removal list, an omitted forced Pass)
are warnings; `strict=True` turns every warning into an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from maerstanas_print.diagnostics import Diagnostic, Severity
from maerstanas_print.games.base import WrittenMove
from maerstanas_print.games.protocol import (
    Game,
    ReplayedGame,
    ReplayedLine,
    ReplayVisitor,
    Step,
    result_of,
)
from maerstanas_print.notation.record import GameRecord, PlyNode, Tag
from maerstanas_print.notation.tags import TagDate, date_hint, parse_options
from maerstanas_print.sides import SIDE_NAMES

_LISTED = 12  # squares of a wrong removal list a message names, then how many in all

# The replayed types live beside `Game` (each names the other); they are named
# here too, where every replayer and reader has always found them.
__all__ = [
    "BaseReplayer",
    "PositionReplayer",
    "ReplayVisitor",
    "ReplayedGame",
    "ReplayedLine",
    "Step",
    "replay_positions",
    "result_of",
]


@lru_cache(maxsize=512)
def _readable_date(value: str) -> bool:
    """Whether a Date tag's value is a date (a file's games share a few dates)."""
    return TagDate.parse(value) is not None


class BaseReplayer:
    """What every game's verifier checks the same way: tags, numbers, case."""

    def __init__(self, game: GameRecord, info: Game, keep_positions: bool) -> None:
        self.game = game
        self.info = info
        self.keep = keep_positions
        self.diagnostics: list[Diagnostic] = list(game.diagnostics)

    def report(
        self,
        severity: Severity,
        code: str,
        message: str,
        start: int,
        end: int,
        hint: str | None = None,
    ) -> None:
        self.diagnostics.append(Diagnostic(severity, code, message, start, end, hint))

    def keep_copy(self, position: Any) -> Any:
        """A copy of `position` for the step, when replaying with positions: one
        without the moves `pop` would undo, as a copy for every step must cost
        memory in proportion to the board, not to the game so far."""
        return position.copy(stack=False) if self.keep else None

    def syntax_broken(self) -> bool:
        return any(
            d.severity == "error" and d.code.startswith("M1") and d.read_as is None
            for d in self.game.diagnostics
        )

    def finish(self, strict: bool) -> None:
        self.diagnostics.sort(key=lambda d: d.start)
        if strict:
            self.diagnostics[:] = [d.as_error() for d in self.diagnostics]

    # --- tags -----------------------------------------------------------------

    def read_common_tags(self) -> None:
        """Duplicates, Date, Result, Options and the game's settings tags.

        (`verify.replay` checks what needs the other games: the Game tag itself,
        and settings tags of another game, such as `Scoring` in a tafl record.)
        """
        seen: set[str] = set()
        info = self.info
        title = info.title
        settings = info.settings.values
        free = info.settings.free
        options = info.settings.options
        results = info.settings.results
        for tag in self.game.tags:
            if tag.name in seen:
                self.report(
                    "error",
                    "M307",
                    f"the tag {tag.name} appears twice",
                    tag.start,
                    tag.end,
                    "keep one; the first one is used",
                )
            seen.add(tag.name)
            if tag.name in settings:
                self._check_value(tag, settings[tag.name])
            elif tag.name in free:
                continue  # read, and checked, where the game reads it
            elif tag.name == "Options" and options:
                self._check_options(tag, options)
            elif tag.name == "Options":
                self.report(
                    "error",
                    "M306",
                    f"Options is not a setting of {title}",
                    tag.start,
                    tag.end,
                    "remove the tag",
                )
            elif tag.name == "Date" and not _readable_date(tag.value):
                self.report(
                    "warning",
                    "M405",
                    f'Date "{tag.value}" is not YYYY.MM.DD',
                    tag.start,
                    tag.end,
                    date_hint(tag.value),
                )
            elif tag.name == "Result" and tag.value not in results:
                choices = ", ".join(f'"{r}"' for r in results)
                self.report(
                    "warning",
                    "M405",
                    f'Result "{tag.value}" is not a result',
                    tag.start,
                    tag.end,
                    f"use {choices}",
                )

    def _check_value(self, tag: Tag, allowed: tuple[str, ...]) -> None:
        if tag.value in allowed:
            return
        matches = [v for v in allowed if v.lower() == tag.value.lower()]
        if matches:
            self.report(
                "warning", "M405", f"{tag.name} is written `{matches[0]}`", tag.start, tag.end
            )
        else:
            choices = ", ".join(f'"{v}"' for v in allowed)
            self.report(
                "error",
                "M306",
                f'{tag.name} "{tag.value}" is not a known setting',
                tag.start,
                tag.end,
                f"use one of {choices}",
            )

    def _check_options(self, tag: Tag, choices: Mapping[str, tuple[str, ...]]) -> None:
        for name, value in parse_options(tag.value):
            allowed = choices.get(name)
            if allowed is None:
                names = ", ".join(choices)
                self.report(
                    "error",
                    "M306",
                    f"{self.info.title} has no option `{name}`",
                    tag.start,
                    tag.end,
                    f"its options are {names}",
                )
            elif value not in allowed:
                self.report(
                    "error",
                    "M306",
                    f"option {name} cannot be `{value}`",
                    tag.start,
                    tag.end,
                    f"use one of {', '.join(allowed)}",
                )

    # --- moves (each game's replayer supplies play_line and play_node) ------------

    def play_line(self, replayed: ReplayedLine, position: Any) -> None:
        raise NotImplementedError

    def play_node(self, node: PlyNode, position: Any) -> Step:
        raise NotImplementedError

    def check_termination(self, position: Any) -> None:
        raise NotImplementedError

    def run(self, rules: Any, start: Any, strict: bool) -> ReplayedGame:
        """Play the main line from `start`, check how the record ends, and return
        the replayed game."""
        position = start.copy(stack=False)
        main = ReplayedLine(self.game.mainline, self.keep_copy(start))
        if not self.syntax_broken():  # damaged text would only add follow-on errors
            self.play_line(main, position)
            self.check_termination(position)
        self.finish(strict)
        return ReplayedGame(self.game, self.info, rules, main, position, self.diagnostics)

    def play_step(self, node: PlyNode, position: Any, steps: list[Step]) -> None:
        """Play `node` and keep its step; replay each of its variations from the
        position before it, leaving `position` as the main line has it."""
        before = position.copy(stack=False) if node.variations else None
        step = self.play_node(node, position)
        steps.append(step)
        for line in node.variations:
            assert before is not None
            branch = before.copy(stack=False)
            sub = ReplayedLine(line, self.keep_copy(branch))
            step.variations.append(sub)
            self.play_line(sub, branch)

    def compare_x_list(
        self,
        node: PlyNode,
        removed: Sequence[int],
        *,
        actual: str,
        name: Callable[[int], str],
        wording: tuple[str, str, str],
        canonical: Callable[[], str],
        hint: str,
    ) -> bool:
        """Compare the `x` list as written with what the move removed, as sets (any
        order). A list left out is a lenient reading (M402), a different one an error
        (M302). True when the two agree. `wording` is (list, mover, verb), e.g.
        ("capture list", "move", "takes")."""
        listed_as, subject, verb = wording
        written = node.removals
        if written is None:
            if removed:
                self.report(
                    "warning",
                    "M402",
                    f"the {listed_as} is left out; this {subject} {verb} {actual}",
                    node.start,
                    node.end,
                    f"write `{canonical()}`",
                )
            return False
        if sorted(written) != sorted(removed):
            listed = ", ".join(name(sq) for sq in written[:_LISTED]) or "nothing"
            if len(written) > _LISTED:  # a message names a few, not hundreds
                listed += f", … ({len(written)} squares)"
            self.report(
                "error",
                "M302",
                f"the {listed_as} says {listed}, but the {subject} {verb} {actual}",
                node.start,
                node.end,
                hint,
            )
            return False
        return True

    def check_number(self, node: PlyNode, ply: int, side: int) -> None:
        number = node.number
        assert number is not None
        expected_n, expected_second = ply // 2 + 1, ply % 2 == 1
        if (number.number, number.second) != (expected_n, expected_second):
            want = f"{expected_n}{'...' if expected_second else '.'}"
            got = f"{number.number}{'...' if number.second else '.'}"
            self.report(
                "error",
                "M301",
                f"move number `{got}` should be `{want}`",
                number.start,
                number.end,
                f"this is {SIDE_NAMES[side]}'s move, ply {ply + 1} of the game",
            )


class PositionReplayer(BaseReplayer):
    """The replay a game gets without writing its own: any `GamePosition` will do.

    Each move must be one of `legal_moves()`; a move of a kind the game does not
    have (a `WrittenMove`) or an illegal one is reported and skipped. A written
    `x` list is compared with what `push` returned. A scored game (its positions
    answer `score()`) ends with its score line, any other with its result token.
    """

    def play_line(self, replayed: ReplayedLine, position: Any) -> None:
        for node in replayed.line.nodes:
            if position.is_game_over():
                self.report(
                    "error",
                    "M207",
                    f"the game is already over; {node.move} cannot be played",
                    node.start,
                    node.end,
                )
                return
            if node.number is not None:
                self.check_number(node, position.ply, position.turn)
            if node.lowercase:
                self.report(
                    "warning",
                    "M401",
                    f"`{node.move}` is written in lower case",
                    node.start,
                    node.end,
                    "squares are upper case",
                )
            self.play_step(node, position, replayed.steps)

    def play_node(self, node: PlyNode, position: Any) -> Step:
        side, ply, move = position.turn, position.ply, node.move
        title = self.info.title
        if isinstance(move, WrittenMove):
            self.report(
                "error",
                "M208",
                f"`{move}` is not a move of {title}",
                node.start,
                node.end,
                f"a move of {title} is written like `{self.info.move_example}`",
            )
            return Step(node, side, move, ply, (), False, self.keep_copy(position))
        if move not in position.legal_moves():
            self.report(
                "error",
                "M201",
                f"{SIDE_NAMES[side]}'s {move} is illegal here",
                node.start,
                node.end,
            )
            return Step(node, side, move, ply, (), False, self.keep_copy(position))
        removed = tuple(position.push(move))
        name = self.info.board.name
        if self.info.move_squares(move)[0] is not None:  # the notation lists a movement's
            self.compare_x_list(  # captures only (`A1-A4xA5`)
                node,
                removed,
                actual=", ".join(map(name, removed)) or "nothing",
                name=name,
                wording=("removal list", "move", "removes"),
                canonical=lambda: f"{move}x{'/'.join(map(name, removed))}",
                hint="write the squares the move empties",
            )
        return Step(node, side, move, ply, removed, True, self.keep_copy(position))

    def check_termination(self, position: Any) -> None:
        term = self.game.termination
        finished = position.is_game_over()
        score = position.score()
        outcome = position.outcome() if finished else None
        if term is not None and term.dark is not None:
            if score is None:
                self.report(
                    "error",
                    "M304",
                    f"{self.info.title} is won, not scored",
                    term.start,
                    term.end,
                    "end the game with 1-0, 0-1, 1/2-1/2 or *",
                )
            elif not finished:
                self.report(
                    "error",
                    "M304",
                    "the score line ends a game that is not over",
                    term.start,
                    term.end,
                    "end an unfinished game with `*`",
                )
            elif (term.dark, term.light) != tuple(score):
                computed = f"Dark: {score[0]}, Light: {score[1]}"
                self.report(
                    "error",
                    "M303",
                    f"the score line says Dark: {term.dark}, Light: "
                    f"{term.light}, but the final position scores {computed}",
                    term.start,
                    term.end,
                    f"write `{computed}`",
                )
        elif (
            term is not None
            and term.result is not None
            and outcome is not None
            and term.result != outcome
        ):
            self.report(
                "error",
                "M305",
                f"the record ends `{term.result}`, but the game ended: {outcome}",
                term.start,
                term.end,
            )
        tag = self.game.find_tag("Result")
        if tag is not None and tag.value in self.info.settings.results:
            want = outcome or "*"
            if tag.value != want:
                self.report(
                    "error",
                    "M305",
                    f'Result "{tag.value}" disagrees: '
                    + (f"the game ended: {want}" if outcome else "the game is not over"),
                    tag.start,
                    tag.end,
                    f'write [Result "{want}"]',
                )


def replay_positions(
    record: GameRecord, game: Game, *, strict: bool = False, keep_positions: bool = False
) -> ReplayedGame:
    """Replay `record` on `game.start()` with `PositionReplayer` (a game's default)."""
    replayer = PositionReplayer(record, game, keep_positions)
    replayer.read_common_tags()
    return replayer.run(None, game.start(), strict)
