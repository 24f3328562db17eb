"""Commands embedded in comments, PGN's `[%name value]` convention.

A comment may carry commands for programs rather than words for readers:
`[%diagram "caption"]` asks for a diagram, `[%eval +3]` gives an engine's
value of the position after the move. Reading a comment lifts them out of its
text (`split`), so whatever shows comments to a reader shows only the words;
writing a record puts them back in front of the words (`comment_body`). This
module knows the commands of any game's record; none is game-specific.

`[%eval]` values are the final margin, Dark minus Light, with best play:
`[%eval +3]` proved (the search reached the end of the game), `[%eval ~+2,9]`
an estimate from a search 9 plies deep (`~+2` when the depth is not known).
A value written with a depth but without `~` (another program's habit) is
read as an estimate too; a value that is not a whole number is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

# The first `[%diagram]` of a comment is its diagram request (a caption in quotes
# at most); every other well-formed command is kept as a Command.
DIAGRAM = re.compile(r'\[%diagram(?:\s+"((?:\\.|[^"\\])*)")?\s*\]')
# A value holds no bracket: a scan for a command's end stops at the next `[`, so a
# comment full of broken commands is read in linear time.
COMMAND = re.compile(r"\[%(?!diagram\b)([A-Za-z][A-Za-z0-9_]*)([^\[\]]*)\]")
_SPACES = re.compile(r"\s+")
_ESCAPE = re.compile(r"\\(.)")
_EVAL = re.compile(r"(~)?([+-]?[0-9]{1,6})(?:,([0-9]{1,4}))?")  # ASCII digits only: `١` is no value

EVAL = "eval"


@dataclass(frozen=True, slots=True)
class Command:
    """`[%name value]`: the value as written, whitespace folded."""

    name: str
    value: str = ""

    def text(self) -> str:
        return f"[%{self.name} {self.value}]" if self.value else f"[%{self.name}]"


@dataclass(frozen=True, slots=True)
class EngineValue:
    """An engine's value of a position: final margin, Dark minus Light."""

    value: int
    exact: bool
    depth: int | None = None  # plies searched, for an estimate

    def command(self) -> Command:
        if self.exact:
            return Command(EVAL, f"{self.value:+d}")
        depth = f",{self.depth}" if self.depth is not None else ""
        return Command(EVAL, f"~{self.value:+d}{depth}")


# How a proved loss of final margin is judged, from the most points lost down:
# (at least this many points, the verdict's name, its NAG): the classes `annotate`
# writes as NAGs (its CLASSES; tests/test_viewer_data.py keeps the two equal),
# with which the game documents mark the evaluation chart.
LOSS_CLASSES = ((4, "blunder", 4), (2, "mistake", 2), (1, "inaccuracy", 6))


def loss_class(loss: int) -> tuple[str, int] | None:
    """(name, NAG) for a move that lost `loss` points, None for a move that lost none."""
    for least, name, nag in LOSS_CLASSES:
        if loss >= least:
            return name, nag
    return None


def proved_loss(before: EngineValue | None, after: EngineValue | None, dark: bool) -> int | None:
    """The points of final margin a move proved to lose for its mover (values are Dark
    minus Light), or None unless both values are proved."""
    if before is None or after is None or not (before.exact and after.exact):
        return None
    return max(0, (before.value - after.value) if dark else (after.value - before.value))


def _fold(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def split(body: str) -> tuple[str, str | None, tuple[Command, ...]]:
    """A comment's raw body -> (its words, the diagram caption or None, its commands)."""
    diagram = None
    found = DIAGRAM.search(body)
    if found:
        diagram = _fold(_ESCAPE.sub(r"\1", found.group(1) or ""))
        body = body[: found.start()] + " " + body[found.end() :]
    commands = tuple(Command(m.group(1), _fold(m.group(2))) for m in COMMAND.finditer(body))
    if commands:
        body = COMMAND.sub(" ", body)
    return _fold(body), diagram, commands


@dataclass(slots=True)
class Comment:
    """A `{brace}` or `; line` comment, whitespace folded.

    `diagram` holds the caption of a `[%diagram "caption"]` command ("" when the
    command has no caption); `commands` the other embedded commands (`[%eval +3]`,
    see `Command` above). No command is part of `text`: `text` is what
    a reader is shown.
    """

    text: str
    start: int = 0
    end: int = 0
    diagram: str | None = None
    commands: tuple[Command, ...] = ()


def comment_body(comment: Comment) -> str:
    """The comment as written back: the diagram request, the commands, the words."""
    parts = []
    if comment.diagram is not None:
        caption = comment.diagram.replace("\\", "\\\\").replace('"', '\\"')
        parts.append(f'[%diagram "{caption}"]' if caption else "[%diagram]")
    parts += [command.text() for command in comment.commands]
    if comment.text:
        parts.append(comment.text)
    return " ".join(parts)


def parse_eval(value: str) -> EngineValue | None:
    """`+3` -> proved 3; `~-2,9` -> an estimate of -2 at depth 9; None if unreadable."""
    found = _EVAL.fullmatch(value.strip())
    if found is None:
        return None
    tilde, number, depth = found.groups()
    return EngineValue(
        int(number), not tilde and depth is None, int(depth) if depth is not None else None
    )


def unreadable_evals(raw: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, value) in `raw`, a comment as written, of each `[%eval]` whose
    value `parse_eval` cannot read (`[%eval ١]`, `[%eval 1_000]`): ignored, so
    `check` says so."""
    for found in COMMAND.finditer(raw):
        if found.group(1) == EVAL and parse_eval(found.group(2)) is None:
            yield found.start(), found.end(), _fold(found.group(2))


def evaluation_of(comments: Iterable[Comment]) -> EngineValue | None:
    """The first readable `[%eval]` among `comments`, or None."""
    for comment in comments:
        for command in comment.commands:
            if command.name == EVAL:
                found = parse_eval(command.value)
                if found is not None:
                    return found
    return None


def without(comments: Iterable[Comment], name: str) -> list[Comment]:
    """`comments` with every command `name` removed; a comment left with nothing
    (no words, no diagram, no command) is dropped."""
    out = []
    for comment in comments:
        kept = tuple(c for c in comment.commands if c.name != name)
        if len(kept) != len(comment.commands):
            if not (comment.text or kept or comment.diagram is not None):
                continue
            comment = replace(comment, commands=kept)
        out.append(comment)
    return out
