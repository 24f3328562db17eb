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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from maerstanas_print.diagnostics import Diagnostic, Severity
from maerstanas_print.games.base import Score, WrittenMove
from maerstanas_print.notation.record import Comment, GameRecord, Line, PlyNode, Tag
from maerstanas_print.notation.tags import TagDate, date_hint, parse_options
from maerstanas_print.sides import SIDE_NAMES

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game


@dataclass(slots=True)
class Step:
    """One ply as replayed. `node` is None for a forced Pass the record left out."""

    node: PlyNode | None
    side: int
    move: Any  # the game's move
    ply: int  # 0-based ply of the game (passes count)
    removed: tuple[int, ...] = ()
    applied: bool = True
    after: Any = None  # the position after the move, kept when replaying with positions
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
    start: Any  # the position before the first move (kept with positions), or None
    steps: list[Step] = field(default_factory=list)

    def positions(self) -> list[Any]:
        """The position before the first move, then the one after each move (the
        line must be replayed with `keep_positions=True`)."""
        if self.start is None:
            raise ValueError("the line was replayed without keep_positions=True")
        return [self.start, *(step.after for step in self.steps)]

    def accept(self, visitor: ReplayVisitor) -> None:
        """Walk the line as replayed, in reading order (see `ReplayVisitor`)."""
        for comment in self.line.comments:
            visitor.visit_comment(comment)
        for step in self.steps:
            visitor.visit_step(step)
            if step.node is not None:
                for comment in step.node.comments:
                    visitor.visit_comment(comment)
            for variation in step.variations:  # they nest a bounded depth (build.py)
                visitor.begin_variation(variation)
                variation.accept(visitor)
                visitor.end_variation(variation)


class ReplayVisitor:
    """What to do at each part of a replayed line, called by `ReplayedLine.accept`
    in reading order: the line's own comments, then each step followed by its
    move's comments and its variations (each between `begin_variation` and
    `end_variation`). As `notation.record.RecordVisitor` walks the record, this
    walks the replay, where each move carries its number and side (a forced Pass
    the record left out is a step too). Every method does nothing unless
    overridden."""

    def visit_step(self, step: Step) -> None:
        """A move as replayed; its NAGs are `step.node.nags`."""

    def visit_comment(self, comment: Comment) -> None:
        pass

    def begin_variation(self, line: ReplayedLine) -> None:
        pass

    def end_variation(self, line: ReplayedLine) -> None:
        pass


@dataclass(slots=True)
class ReplayedGame:
    """A record replayed under its game's rules: every step, the final position, and
    every problem found (see `valid`)."""

    record: GameRecord
    game: Game
    rules: Any  # the game's settings for this record (the tags read)
    main: ReplayedLine
    final: Any  # the game's position after the main line
    diagnostics: list[Diagnostic]

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def plies(self) -> int:
        """Plies of the main line, passes included."""
        return len(self.main.steps)

    @property
    def finished(self) -> bool:
        return bool(self.final.is_game_over())

    @property
    def result(self) -> str | None:
        """The winner ("Dark", "Light") or "Tie"/"Draw" once the game is over, else None."""
        outcome: str | None = self.final.outcome()
        return outcome

    @property
    def score(self) -> Score | None:
        """The final position's points in a scored game; None in a game won otherwise."""
        score: Score | None = self.final.score()
        return score

    @property
    def ending(self) -> str | None:
        """How the game ended (its game's word for it), None while it goes on."""
        ending: str | None = self.final.ending
        return ending

    @property
    def scoring(self) -> str | None:
        """The scoring rule in force, in a scored game."""
        return self.game.scoring(self.rules)

    def mainline_moves(self) -> list[Any]:
        """The moves of the main line, passes included, as the game's moves."""
        return [step.move for step in self.main.steps]



def result_of(score: tuple[int, int]) -> str:
    dark, light = score
    return "Dark" if dark > light else "Light" if light > dark else "Tie"


class BaseReplayer:
    """What every game's verifier checks the same way: tags, numbers, case."""

    def __init__(self, game: GameRecord, info: Game, keep_positions: bool) -> None:
        self.game = game
        self.info = info
        self.keep = keep_positions
        self.diagnostics: list[Diagnostic] = list(game.diagnostics)

    def report(self, severity: Severity, code: str, message: str, start: int, end: int,
               hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(severity, code, message, start, end, hint))

    def keep_copy(self, position: Any) -> Any:
        """A copy of `position` for the step, when replaying with positions."""
        return self.info.kept(position) if self.keep else None

    def syntax_broken(self) -> bool:
        return any(d.severity == "error" and d.code.startswith("M1") and d.read_as is None
                   for d in self.game.diagnostics)

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
        settings = info.setting_values
        free = info.free_settings
        options = info.option_choices()
        results = info.results
        for tag in self.game.tags:
            if tag.name in seen:
                self.report("error", "M307", f"the tag {tag.name} appears twice",
                            tag.start, tag.end, "keep one; the first one is used")
            seen.add(tag.name)
            if tag.name in settings:
                self._check_value(tag, settings[tag.name])
            elif tag.name in free:
                continue  # read, and checked, where the game reads it
            elif tag.name == "Options" and options:
                self._check_options(tag, options)
            elif tag.name == "Options":
                self.report("error", "M306", f"Options is not a setting of {title}",
                            tag.start, tag.end, "remove the tag")
            elif tag.name == "Date" and TagDate.parse(tag.value) is None:
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

    def _check_options(self, tag: Tag, choices: dict[str, tuple[str, ...]]) -> None:
        for name, value in parse_options(tag.value):
            allowed = choices.get(name)
            if allowed is None:
                names = ", ".join(choices)
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
                self.report("error", "M207", f"the game is already over; {node.move} "
                            "cannot be played", node.start, node.end)
                return
            if node.number is not None:
                self.check_number(node, position.ply, position.turn)
            if node.lowercase:
                self.report("warning", "M401", f"`{node.move}` is written in lower case",
                            node.start, node.end, "squares are upper case")
            self.play_step(node, position, replayed.steps)

    def play_node(self, node: PlyNode, position: Any) -> Step:
        side, ply, move = position.turn, position.ply, node.move
        title = self.info.title
        if isinstance(move, WrittenMove):
            self.report("error", "M208", f"`{move}` is not a move of {title}",
                        node.start, node.end, f"a move of {title} is written like "
                        f"`{self.info.move_example}`")
            return Step(node, side, move, ply, (), False, self.keep_copy(position))
        if move not in position.legal_moves():
            self.report("error", "M201", f"{SIDE_NAMES[side]}'s {move} is illegal here",
                        node.start, node.end)
            return Step(node, side, move, ply, (), False, self.keep_copy(position))
        removed = tuple(position.push(move))
        name = self.info.square_name
        if self.info.move_squares(move)[0] is not None:  # the notation lists a movement's
            self.compare_x_list(                        # captures only (`A1-A4xA5`)
                node, removed, actual=", ".join(map(name, removed)) or "nothing",
                name=name, wording=("removal list", "move", "removes"),
                canonical=lambda: f"{move}x{'/'.join(map(name, removed))}",
                hint="write the squares the move empties")
        return Step(node, side, move, ply, removed, True, self.keep_copy(position))

    def check_termination(self, position: Any) -> None:
        term = self.game.termination
        finished = position.is_game_over()
        score = position.score()
        outcome = position.outcome() if finished else None
        if term is not None and term.dark is not None:
            if score is None:
                self.report("error", "M304", f"{self.info.title} is won, not scored",
                            term.start, term.end, "end the game with 1-0, 0-1, 1/2-1/2 or *")
            elif not finished:
                self.report("error", "M304", "the score line ends a game that is not over",
                            term.start, term.end, "end an unfinished game with `*`")
            elif (term.dark, term.light) != tuple(score):
                computed = f"Dark: {score[0]}, Light: {score[1]}"
                self.report("error", "M303", f"the score line says Dark: {term.dark}, Light: "
                            f"{term.light}, but the final position scores {computed}",
                            term.start, term.end, f"write `{computed}`")
        elif term is not None and term.result is not None and outcome is not None \
                and term.result != outcome:
            self.report("error", "M305", f"the record ends `{term.result}`, but the game "
                        f"ended: {outcome}", term.start, term.end)
        tag = self.game.find_tag("Result")
        if tag is not None and tag.value in self.info.results:
            want = outcome or "*"
            if tag.value != want:
                self.report("error", "M305", f'Result "{tag.value}" disagrees: '
                            + (f"the game ended: {want}" if outcome else "the game is not over"),
                            tag.start, tag.end, f'write [Result "{want}"]')


def replay_positions(record: GameRecord, game: Game, *, strict: bool = False,
                     keep_positions: bool = False) -> ReplayedGame:
    """Replay `record` on `game.start()` with `PositionReplayer` (a game's default)."""
    replayer = PositionReplayer(record, game, keep_positions)
    replayer.read_common_tags()
    return replayer.run(None, game.start(), strict)
