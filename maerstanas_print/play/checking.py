"""One record text read, replayed and searched for fixes: `check_games(text)`.

This is the pipeline `check` runs, and every command that loads records
shares it (`game`, the analysis commands, `fmt`, the rulebook's records), so
what they refuse and how they show it cannot drift apart: read a game, replay
it under its game's rules, and for an invalid one search the single
corrections that make it valid (`repair`). Games come one at a time, so a
file of any length is checked in bounded memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from maerstanas_print.diagnostics import Diagnostic, Source
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.notation.record import GameRecord
from maerstanas_print.notation.stream import WholeRecordBudget
from maerstanas_print.play.repair import Edit, Fix, Repair, apply_edits, fix_lines, repair_game
from maerstanas_print.play.verify import ReplayedGame, replay

# `check` searches the first invalid games of a file only: a file of thousands of
# broken games is reported in seconds, not minutes.
MAX_GAMES_SEARCHED = 200


@dataclass(slots=True)
class FixBudget:
    """How many more invalid games may be searched for fixes (None: no bound);
    the pieces of one large file share one budget."""

    left: int | None = field(default_factory=lambda: MAX_GAMES_SEARCHED)

    def take(self) -> bool:
        """Spend one search; False when none is left."""
        if self.left is None:
            return True
        if self.left <= 0:
            return False
        self.left -= 1
        return True


NO_FIX_SEARCH = FixBudget(0)  # for records that are only accepted or refused


@dataclass(slots=True)
class CheckedGame:
    """One game as `check` judges it: the record, its replay and, for an invalid
    game that was searched, the verified fixes."""

    record: GameRecord
    replayed: ReplayedGame
    repair: Repair | None = None

    @property
    def valid(self) -> bool:
        return self.replayed.valid

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """As `check` lists them: after a fix search, the error the fixes explain
        stays an error and the later ones become its consequences (notes)."""
        return self.repair.diagnostics if self.repair is not None else self.replayed.diagnostics

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def fixes(self) -> list[Fix]:
        """The verified fixes, best first (none for a valid or unsearched game)."""
        return self.repair.fixes if self.repair is not None else []

    def explains(self, diagnostic: Diagnostic) -> bool:
        """Whether `diagnostic` is the error the fixes explain (where they are shown)."""
        return self.repair is not None and diagnostic is self.repair.explained

    def fix_lines(self, diagnostic: Diagnostic, source: Source) -> list[str]:
        """The lines `check` prints under `diagnostic`: the fixes, under the error
        they explain; nothing under any other."""
        if self.repair is None or not self.explains(diagnostic):
            return []
        return fix_lines(self.repair, source, self.record)


class CheckedText:
    """The games of one text, checked one at a time as they are iterated;
    `diagnostics` collects the problems that belong to no game, as they turn up."""

    def __init__(
        self,
        text: str,
        name: str = "<string>",
        *,
        strict: bool = False,
        keep_positions: bool = False,
        budget: FixBudget | None = None,
        first_index: int = 1,
        first_line: int = 1,
        screen: Callable[[GameRecord], None] | None = None,
    ) -> None:
        self.reader = RecordReader(text, name, first_index=first_index, first_line=first_line)
        self.screen = screen
        self.strict = strict
        self.keep_positions = keep_positions
        self.budget = budget if budget is not None else FixBudget()

    @property
    def source(self) -> Source:
        return self.reader.source

    @property
    def text(self) -> str:
        """The text as read (a byte order mark becomes a space, keeping offsets)."""
        return self.reader.text

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.reader.diagnostics

    def __iter__(self) -> Iterator[CheckedGame]:
        for record in self.screened():
            yield self.check(record)

    def screened(self) -> Iterator[GameRecord]:
        """The records as read, each passed to `screen` (which may raise) before it
        is replayed: a command refuses a game it cannot use before paying for it."""
        for record in self.reader:
            if self.screen is not None:
                self.screen(record)
            yield record

    def check(self, record: GameRecord) -> CheckedGame:
        """Replay one game; search an invalid one while the budget lasts (only an
        invalid game pays for the search)."""
        replayed = replay(record, strict=self.strict, keep_positions=self.keep_positions)
        if replayed.valid or not self.budget.take():
            return CheckedGame(record, replayed)
        return CheckedGame(
            record, replayed, repair_game(record, replayed, self.source, strict=self.strict)
        )


def check_games(
    text: str,
    name: str = "<string>",
    *,
    strict: bool = False,
    keep_positions: bool = False,
    budget: FixBudget | None = None,
    first_index: int = 1,
    first_line: int = 1,
    screen: Callable[[GameRecord], None] | None = None,
) -> CheckedText:
    """Read, replay and (for invalid games) search fixes, one game at a time.

    `budget` bounds the fix searches (default: the first `MAX_GAMES_SEARCHED`
    invalid games; `NO_FIX_SEARCH` for none). `first_index` and `first_line`
    place a piece of a larger file in it; `screen` sees each record before it
    is replayed. Never raises on a bad record: every problem is a diagnostic (a
    game beyond a limit raises LimitError).
    """
    return CheckedText(
        text,
        name,
        strict=strict,
        keep_positions=keep_positions,
        budget=budget,
        first_index=first_index,
        first_line=first_line,
        screen=screen,
    )


def held_games(checked: CheckedText, name: str) -> list[CheckedGame]:
    """Every game of a record read whole, each held with its positions, within a
    `WholeRecordBudget` (LimitError at the game that passes it)."""
    budget = WholeRecordBudget(name)
    games: list[CheckedGame] = []
    for game in checked.screened():
        budget.take(game)
        games.append(checked.check(game))
    return games


def first_error(checked: CheckedText, games: list[CheckedGame]) -> str | None:
    """The message of the first error of a text that must be valid (its problems
    outside any game first), or None when there is none."""
    for diagnostic in [*checked.diagnostics, *(d for game in games for d in game.errors)]:
        if diagnostic.severity == "error":
            return diagnostic.message
    return None


# --- check --fix --------------------------------------------------------------


@dataclass(slots=True)
class FixedText:
    """A record text with every game's one verified fix applied."""

    text: str
    applied: list[tuple[Fix, Diagnostic]] = field(default_factory=list)  # (fix, error it fixes)
    unsure: int = 0  # invalid games with several verified fixes: left as they are
    games: int = 0
    invalid: int = 0  # invalid games in the text as read
    unsearched: int = 0  # invalid games past the search budget: not searched
    text_errors: int = 0  # errors outside any game (text that is no notation)
    # With a chosen fix: every invalid game as (index, first line, fixes found,
    # searched), for `check --fix N` to name them; and the game fixed, if any.
    invalid_games: list[tuple[int, int, int, bool]] = field(default_factory=list)
    chosen_game: int | None = None

    @property
    def still_wrong(self) -> bool:
        """Whether the fixed text still has an invalid game, an error or no game:
        what `check` would refuse after the fixes."""
        return self.invalid > len(self.applied) or bool(self.text_errors) or not self.games


def fix_text(
    text: str,
    name: str,
    *,
    strict: bool = False,
    budget: FixBudget | None = None,
    choice: int | None = None,
    game: int | None = None,
) -> tuple[FixedText, Source]:
    """Apply, in each invalid game, the fix its search found unique (no other
    explanation with at most one more slip fits); or, with `choice`, the fix of
    that number as `check` lists them to one game only: game number `game`, or
    without it the one invalid game of the text (none when there are several:
    `invalid_games` lists them, and the caller says which to choose).

    The search is bounded as `check`'s is (default: the first `MAX_GAMES_SEARCHED`
    invalid games). The edits are applied to `text` itself, not to the reader's
    copy of it, so every character outside them (a second byte order mark
    included) stays as it was.
    """
    checked = check_games(text, name, strict=strict, budget=budget)
    result = FixedText(text)
    edits: list[Edit] = []
    candidates: dict[int, tuple[Fix, Diagnostic]] = {}  # with `choice`: game -> its fix N
    for checked_game in checked:
        result.games += 1
        result.invalid += not checked_game.valid
        result.unsearched += not checked_game.valid and checked_game.repair is None
        repair = checked_game.repair
        if choice is not None and not checked_game.valid:
            record = checked_game.record
            line = checked.source.locate(record.start)[0]
            fixes = len(checked_game.fixes) if repair and repair.explained else 0
            result.invalid_games.append((record.index, line, fixes, repair is not None))
            if 1 <= choice <= fixes and repair and repair.explained:
                candidates[record.index] = (checked_game.fixes[choice - 1], repair.explained)
            continue
        if repair is None or repair.explained is None or not checked_game.fixes:
            continue
        if choice is None and repair.unique:
            result.applied.append((checked_game.fixes[0], repair.explained))
            edits += checked_game.fixes[0].edits
        else:
            result.unsure += 1
    if choice is not None:
        target = game
        if target is None and len(result.invalid_games) == 1:
            target = result.invalid_games[0][0]
        if target in candidates:
            result.chosen_game = target
            result.applied.append(candidates[target])
            edits += candidates[target][0].edits
    result.text_errors = sum(d.severity == "error" for d in checked.diagnostics)
    result.text = apply_edits(text, edits)
    return result, checked.source
