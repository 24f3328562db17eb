"""Move lists of the author's own Mǽrstánas apps, turned into records.

`applist` reads what a browser copy of either web app gives; this module puts
the entries in playing order, replays them with the ordinary reader and
verifier (which fill in thunder removal lists and the passes the Flask app
never logs), and checks everything the app states besides the moves: who made
each move, the move numbers, the score and the end-of-game line. Every problem
is reported at the list's own line. Both apps show the newest move first; the
numbers decide the order, and a list without numbers is read only when exactly
one order replays within the rules and agrees with the app, because a
reversed list can replay as a different, legal game.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from itertools import pairwise
from types import ModuleType

from maerstanas_print.capability import Keyed
from maerstanas_print.diagnostics import Diagnostic, Source
from maerstanas_print.games.maerstanas.engine import DARK, SIDE_NAMES
from maerstanas_print.notation.export import escape_tag
from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import ReplayedGame, replay
from maerstanas_print.plugins.maerstanas.appclaims import check_claims
from maerstanas_print.plugins.maerstanas.applist import AppList, Entry, LogError, Span, read_applist

__all__ = ["ImportedGame", "LogError", "record_from_log"]

ROSTER = ("Event", "Site", "Date", "Dark", "Light")
NEWEST_FIRST, OLDEST_FIRST = "newest first", "oldest first"


@dataclass(slots=True)
class ImportedGame:
    source: Source  # the list as read: every diagnostic points into it
    game: ReplayedGame
    diagnostics: list[Diagnostic]  # errors only: warnings are what the import repairs
    order: str = NEWEST_FIRST  # how the list was written
    notes: list[str] = field(default_factory=list)  # what the import decided, for the user


def record_from_log(
    log: str,
    *,
    special_stones: bool = True,
    scoring: str = "default",
    name: str = "<log>",
    tags: dict[str, str] | None = None,
) -> ImportedGame:
    """Read a copied move list; raise LogError when it cannot be imported at all.

    `tags` fills Event, Site, Date, Dark and Light; what it leaves out comes from
    the Django page header when the copy has it.
    """
    source = Source(name, log.removeprefix("\ufeff"))
    applist = read_applist(source)
    entries = applist.entries
    if not entries:
        raise LogError(
            source,
            Diagnostic(
                "error",
                "M501",
                "no move entries found (like `31. G3 - standard stone (Player 1)`)",
                0,
                0,
            ),
        )
    record = _RecordMaker(source, applist, special_stones, scoring, tags or {})
    unnumbered = [entry for entry in entries if entry.number is None]
    if not unnumbered:
        imported = record.attempt(*_by_numbers(source, entries))
    elif len(unnumbered) < len(entries):
        raise _refusal(
            source,
            "M503",
            unnumbered[0].span,
            "this entry has no number but others have: copy the list again",
        )
    elif len(entries) == 1:
        imported = record.attempt(entries, OLDEST_FIRST)
    else:
        imported = _decide_order(source, record, entries)
    game = imported.game
    if not imported.diagnostics and not game.finished:
        # A copy that missed the newest entries still replays: say what was read.
        count = f"{game.plies} move{'s' * (game.plies != 1)}"
        imported.notes.append(
            f"the game is not over after these {count} (passes included): "
            "if the app's list goes on, copy all of it"
        )
    return imported


def _by_numbers(source: Source, entries: list[Entry]) -> tuple[list[Entry], str]:
    """The entries in playing order, when their numbers run 1, 2, ... up or down."""
    numbers = [entry.number or 0 for entry in entries]
    step = -1 if len(entries) > 1 and numbers[0] > numbers[1] else 1
    for index, (before, number) in enumerate(pairwise(numbers), 1):
        if number != before + step:
            why = (
                "the same number twice"
                if number == before
                else "an entry is missing or out of place"
            )
            raise _refusal(
                source,
                "M503",
                entries[index].span,
                f"entry {number}. follows {before}., where {before + step}. belongs: {why}",
            )
    if step < 0 and numbers[-1] != 1:
        raise _refusal(
            source,
            "M503",
            entries[-1].span,
            f"the list ends at entry {numbers[-1]}.: the first moves of the "
            "game are missing; copy the whole list",
        )
    if step > 0 and numbers[0] != 1:
        raise _refusal(
            source,
            "M503",
            entries[0].span,
            f"the list starts at entry {numbers[0]}.: the first moves of the "
            "game are missing; copy the whole list",
        )
    if step < 0:
        return entries[::-1], NEWEST_FIRST
    return entries, OLDEST_FIRST


def _decide_order(source: Source, record: _RecordMaker, entries: list[Entry]) -> ImportedGame:
    """An unnumbered list: the one order that replays legally and agrees with the app."""
    newest = record.attempt(entries[::-1], NEWEST_FIRST)
    oldest = record.attempt(entries, OLDEST_FIRST)
    fits = [found for found in (newest, oldest) if not found.diagnostics]
    claims = record.claims()
    if len(fits) == 2 and _moves(newest) == _moves(oldest):
        newest.notes.append("the list has no move numbers, but it reads as the same game both ways")
        return newest
    if len(fits) == 1:
        chosen = fits[0]
        chosen.notes.append(
            f"the list has no move numbers: read {chosen.order}, the only "
            f"order that replays within the rules{claims}"
        )
        return chosen
    span = Span(entries[0].span.start, entries[-1].span.end)
    if fits:
        raise _refusal(
            source,
            "M504",
            span,
            f"the list has no move numbers, and both orders (newest first and "
            f"oldest first) replay within the rules{claims}: which game it is "
            "cannot be known; copy the list again with its numbers",
        )
    first = [f"{found.order}, {_first_problem(found)}" for found in (newest, oldest)]
    raise _refusal(
        source,
        "M504",
        span,
        f"the list has no move numbers, and neither order replays within the rules "
        f"({'; '.join(first)}); copy the list again with its numbers",
    )


def _first_problem(found: ImportedGame) -> str:
    problem = min(found.diagnostics, key=lambda d: d.start)
    line, _ = found.source.locate(problem.start)
    return f"line {line}: {problem.code} {problem.message}"


def _moves(found: ImportedGame) -> list[tuple[int, str]]:
    return [(step.side, str(step.move)) for step in found.game.main.steps]


def _refusal(source: Source, code: str, span: Span, message: str) -> LogError:
    return LogError(source, Diagnostic("error", code, message, span.start, span.end))


class _RecordMaker:
    """Writes entries as a record (one move a line), replays it and checks the app's words."""

    def __init__(
        self,
        source: Source,
        applist: AppList,
        special_stones: bool,
        scoring: str,
        tags: dict[str, str],
    ) -> None:
        self.source = source
        self.applist = applist
        self.special_stones = special_stones
        self.scoring = scoring
        values: dict[str, str] = {}
        if applist.title:
            values["Event"] = applist.title
        for side, (player, _) in zip(("Dark", "Light"), applist.names, strict=False):
            values[side] = player
        values.update({key: value for key, value in tags.items() if value})
        self.roster = {key: " ".join(values[key].split()) for key in ROSTER if key in values}

    def claims(self) -> str:
        """What else the list shows that an order must agree with, for messages."""
        shown = [
            what
            for what, present in (("score", self.applist.scores), ("result", self.applist.result))
            if present
        ]
        return f" and agrees with the {' and '.join(shown)} shown" if shown else ""

    def text(self, entries: list[Entry], scoring: str, special_stones: bool) -> tuple[str, int]:
        """The record, and the 1-based line of its first move."""
        tags = [f'[{key} "{escape_tag(value)}"]' for key, value in self.roster.items()]
        tags.append(f'[SpecialStones "{"on" if special_stones else "off"}"]')
        tags.append(f'[Scoring "{scoring}"]')
        moves = [entry.move for entry in entries]
        return "\n".join(tags) + "\n\n" + "\n".join(moves) + "\n*\n", len(tags) + 2

    def attempt(self, entries: list[Entry], order: str) -> ImportedGame:
        replayed = self.replay(entries, self.scoring)
        game = replayed.game
        errors = [
            Diagnostic("error", d.code, d.message, span.start, span.end, d.hint)
            for d, span in replayed.located
            if d.severity == "error"
        ]
        errors += _check_players(game, replayed.entry_of_step)
        errors += check_claims(
            self.applist,
            game,
            lambda specials, scoring: self.replay(entries, scoring, specials).game,
        )
        errors.sort(key=lambda d: d.start)
        return ImportedGame(self.source, game, errors, order)

    def replay(
        self, entries: list[Entry], scoring: str, special_stones: bool | None = None
    ) -> _Replayed:
        specials = self.special_stones if special_stones is None else special_stones
        text, first = self.text(entries, scoring, specials)
        parsed = parse(text, self.source.name)
        game = replay(parsed.games[0], keep_positions=False)
        assert isinstance(game, ReplayedGame)

        def entry_at(offset: int) -> Entry | None:
            index = parsed.source.locate(offset)[0] - first
            return entries[index] if 0 <= index < len(entries) else None

        located = []
        for diagnostic in [*parsed.diagnostics, *game.diagnostics]:
            entry = entry_at(diagnostic.start)
            located.append((diagnostic, entry.span if entry is not None else Span(0, 0)))
        entry_of_step = {}
        for index, step in enumerate(game.main.steps):
            if step.node is not None and (entry := entry_at(step.node.start)) is not None:
                entry_of_step[index] = entry
        return _Replayed(game, located, entry_of_step)


@dataclass(slots=True)
class _Replayed:
    game: ReplayedGame
    located: list[tuple[Diagnostic, Span]]  # the replay's diagnostics, at the list's entries
    entry_of_step: dict[int, Entry]  # main-line step index -> its entry (not inserted passes)


def _check_players(game: ReplayedGame, entry_of_step: dict[int, Entry]) -> list[Diagnostic]:
    """The list's `(Player n)` must be the side the replay says moved."""
    out = []
    for index, step in enumerate(game.main.steps):
        entry = entry_of_step.get(index)
        if entry is None or entry.player is None:
            continue
        side = DARK if entry.player == 1 else 1 - DARK
        if step.side != side:
            out.append(
                Diagnostic(
                    "error",
                    "M502",
                    f"the list says Player {entry.player} "
                    f"({SIDE_NAMES[side]}) made this move, but it is {SIDE_NAMES[step.side]}'s "
                    f"turn (Player {step.side + 1})",
                    entry.span.start,
                    entry.span.end,
                    "an entry is missing, added or out of order above this line",
                )
            )
    return out


def importer(_game: Keyed) -> ModuleType:
    """The capability `commands.capabilities.APP_IMPORTERS` asks for: this module."""
    return sys.modules[__name__]
