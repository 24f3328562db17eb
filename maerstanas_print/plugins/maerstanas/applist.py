"""Reading a move list copied from one of John Beers' Mǽrstánas web apps.

A browser copy of the Flask app (maerstanas_python) or the Django app
(maerstanas-webapp) gives, besides the numbered entries (`31. G3 - standard
stone (Player 1)`, newest first), the text around them: a heading (`Moves:`,
`Played Moves:`), the end-of-game line (`GAME OVER`, `GAME OVER - Player 1
wins`, `Tie`), the scores (Flask: `Player 1:` with the number on the next line;
Django: `alice (14)` in the page header, under `Game: NAME`), a few button
labels, blank lines between entries, CRLF line ends. This module only reads
that text into plain data, with the offset of everything it read, so that the
importer can check the app's claims against the replayed game and report at
the list's own lines. Every pattern runs on one whitespace-folded line with no
nested or overlapping repetition, so a huge line costs linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maerstanas_print.diagnostics import Diagnostic, Source

# Longer than any line the apps show; a longer line is refused unread.
MAX_LINE = 400
# A game has at most 57 standard placements (49 squares, and 8 emptied by the two
# thunder-stones), 4 special stones and a pass between moves: about 125 entries.
MAX_ENTRIES = 500

_ENTRY = re.compile(
    r"(?:([0-9]{1,5}) ?\. ?)?(?:([a-g][1-7]) ?[-–] ?"
    r"(standard stone|thunder-stone|woden-stone)|(pass))"
    r"(?: ?\((?:player )?([12])\))?",
    re.IGNORECASE,
)
_HEADING = re.compile(r"(played )?moves ?:?", re.IGNORECASE)
_RESULT = re.compile(r"game over(?: ?[-–] ?(?:player ([12]) wins|(tie)))?|(tie)", re.IGNORECASE)
_FLASK_SCORE = re.compile(r"player ([12]) ?:(?: ?([0-9]{1,4}))?", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]{1,4}")
_CHROME = re.compile(
    r"suggestion|special stones ?[-–]?|standard scoring ?[-–]?|archive", re.IGNORECASE
)
# What the Flask app's Suggestion button shows under it once pressed.
_SUGGESTED = re.compile(
    r"game is over|pass|not sure"
    r"|(?:standard stone|thunder-stone|woden-stone) at [a-g][1-7]",
    re.IGNORECASE,
)
_KINDS = {"standard stone": "", "thunder-stone": "T ", "woden-stone": "W "}


class LogError(ValueError):
    """The list cannot be imported at all; `diagnostic` says where and why."""

    def __init__(self, source: Source, diagnostic: Diagnostic) -> None:
        line, column = source.locate(diagnostic.start)
        super().__init__(f"line {line}:{column}: {diagnostic.message}")
        self.source = source
        self.diagnostic = diagnostic
        self.line = line


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of the list: the move in our notation and what the app wrote with it."""

    span: Span
    number: int | None
    move: str  # `E4`, `T E4`, `W E4` or `Pass`
    player: int | None  # 1 or 2, as the app wrote it


@dataclass(slots=True)
class AppList:
    """Everything read from a copied list, in the order of the text."""

    entries: list[Entry] = field(default_factory=list)
    app: str | None = None  # "flask" or "django", when a heading says which
    result: tuple[str, Span] | None = None  # "over", "1", "2" or "tie"
    scores: dict[int, tuple[int, Span]] = field(default_factory=dict)  # player -> score
    names: list[tuple[str, Span]] = field(default_factory=list)  # Django header, player 1 first
    title: str | None = None  # Django `Game: NAME`


def read_applist(source: Source) -> AppList:
    """Read the text of `source`; raise LogError at the first line it cannot place."""
    reader = _Reader(source)
    offset = 0
    for raw in source.text.split("\n"):
        reader.line(raw, offset)
        offset += len(raw) + 1
    if reader.waiting is not None:
        reader.fail(reader.waiting[1], f"`Player {reader.waiting[0]}:` with no score after it")
    return reader.out


class _Reader:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.out = AppList()
        self.waiting: tuple[int, Span] | None = None  # a Flask `Player n:` before its number
        self.after_entries = False  # a non-entry line has followed the entries
        self.suggested = False  # the line before was the Suggestion button

    def fail(self, span: Span, message: str) -> None:
        raise LogError(self.source, Diagnostic("error", "M501", message, span.start, span.end))

    def line(self, raw: str, offset: int) -> None:
        stripped = raw.strip()
        if not stripped:
            return
        lead = len(raw) - len(raw.lstrip())
        span = Span(offset + lead, offset + lead + len(stripped))
        text = " ".join(stripped.split())
        if len(text) > MAX_LINE:
            self.fail(span, f"a line of {len(text)} characters is not part of a move list")
        suggested, self.suggested = self.suggested, False
        if suggested and _SUGGESTED.fullmatch(text):
            return
        if self.waiting is not None:
            player, where = self.waiting
            if not _NUMBER.fullmatch(text):
                self.fail(where, f"`Player {player}:` with no score after it")
            self._score(player, int(text), Span(where.start, span.end))
            self.waiting = None
            return
        entry = _ENTRY.fullmatch(text)
        if entry:
            self._entry(entry, span)
            return
        if self.out.entries:
            self.after_entries = True
        self._other(text, span)

    def _entry(self, match: re.Match[str], span: Span) -> None:
        if self.after_entries:
            self.fail(
                span,
                "a move entry after the end of the list: paste one list at a time, "
                "with nothing between its entries",
            )
        if len(self.out.entries) == MAX_ENTRIES:
            self.fail(span, f"more than {MAX_ENTRIES} entries: no game of Mǽrstánas is that long")
        number, square, kind, passed, player = match.groups()
        move = "Pass" if passed else _KINDS[kind.lower()] + square.upper()
        self.out.entries.append(
            Entry(
                span,
                int(number) if number is not None else None,
                move,
                int(player) if player else None,
            )
        )

    def _other(self, text: str, span: Span) -> None:
        out = self.out
        if heading := _HEADING.fullmatch(text):
            if out.app is not None or out.entries:
                self.fail(span, "a second move list starts here: paste one list at a time")
            out.app = "django" if heading.group(1) else "flask"
        elif result := _RESULT.fullmatch(text):
            if out.result is not None:
                self.fail(span, "a second end-of-game line: paste one list at a time")
            winner, tie, bare_tie = result.groups()
            out.result = (winner or ("tie" if tie or bare_tie else "over"), span)
        elif score := _FLASK_SCORE.fullmatch(text):
            player = int(score.group(1))
            if score.group(2) is None:
                self.waiting = (player, span)
            else:
                self._score(player, int(score.group(2)), span)
        elif _CHROME.fullmatch(text):
            self.suggested = text.lower() == "suggestion"
        elif text.lower().startswith("game:") and not out.entries:
            out.title = text[5:].strip() or None
        elif (named := _django_player(text)) and not out.entries:
            if len(out.names) == 2:
                self.fail(span, "a third player in the game's header")
            out.names.append((named[0], span))
            self._score(len(out.names), named[1], span)
        else:
            self.fail(
                span,
                f"cannot read `{_shown(text)}` as an entry of the apps' move lists "
                "(`31. G3 - standard stone (Player 1)`)",
            )

    def _score(self, player: int, score: int, span: Span) -> None:
        if player in self.out.scores:
            self.fail(span, f"a second score for Player {player}: paste one game at a time")
        self.out.scores[player] = (score, span)


def _django_player(text: str) -> tuple[str, int] | None:
    """`alice (14)` from the Django header: the name and the score."""
    if not text.endswith(")"):
        return None
    name, bracket, score = text[:-1].rpartition("(")
    score = score.strip()
    name = name.strip()
    if not bracket or not name or not (score.isascii() and score.isdigit()) or len(score) > 4:
        return None
    return name, int(score)


def _shown(text: str) -> str:
    """The text for a message: short, and with control characters escaped."""
    text = text if len(text) <= 60 else text[:57] + "..."
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
