"""The canonical export form of a record, as `fmt` writes it.

Like PGN's export format: the roster tags always present (`?` when unknown)
in a fixed order, then the rule settings spelled out, then any other tags as
found; movetext with every move number, one space between tokens, lines under
80 columns, thunder removal lists filled in (up, left, right, down), forced
passes written, and the termination. Writing is a pure function of the
replayed game, so exporting an export changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from maerstanas_print.games.protocol import Game
from maerstanas_print.notation.embedded import comment_body
from maerstanas_print.notation.record import (
    KNOWN_TAGS,
    NAG_GLYPHS,
    ROSTER_TAGS,
    Comment,
    PlyNode,
)
from maerstanas_print.play.replayed import ReplayedGame, ReplayedLine, ReplayVisitor, Step

LINE_WIDTH = 79
_ROSTER_DEFAULTS = {"Date": "????.??.??"}


def export_games(games: list[ReplayedGame]) -> str:
    return "\n".join(export_game(game) for game in games)


def export_game(game: ReplayedGame) -> str:
    lines = [f'[{name} "{escape_tag(value)}"]' for name, value in export_tags(game)]
    lines.append("")
    words = line_words(game.main, game.game)
    words.append(_termination(game))
    lines.extend(wrap(words))
    for comment in game.record.comments_after:
        lines.extend(wrap(comment_words(comment)))
    return "\n".join(lines) + "\n"


def export_tags(game: ReplayedGame) -> list[tuple[str, str]]:
    """The tags in canonical order, with what the replay decides filled in."""
    record = game.record
    found: dict[str, str] = {}
    for tag in record.tags:
        found.setdefault(tag.name, tag.value)
    computed = {"Result": game.result or _written_result(game)}
    computed.update(game.game.settings_tags(game))
    out = []
    for name in KNOWN_TAGS:
        if name in computed:
            out.append((name, computed[name]))
        elif name in found:
            out.append((name, found[name]))
        elif name in ROSTER_TAGS:
            out.append((name, _ROSTER_DEFAULTS.get(name, "?")))
    out += [(name, value) for name, value in found.items() if name not in KNOWN_TAGS]
    return out


def _written_result(game: ReplayedGame) -> str:
    """An unfinished game's result: what its termination says (`1-0` etc.) or `*`."""
    term = game.record.termination
    return term.result if term is not None and term.result else "*"


def escape_tag(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def line_words(line: ReplayedLine, game: Game) -> list[str]:
    """The words of a line of movetext; a variation comes back in parentheses."""
    words = _Words(game.step_text)
    line.accept(words)
    return words.words


class _Words(ReplayVisitor):
    """The words of a line as the canonical form writes them."""

    def __init__(self, step_text: Callable[[Step], str]) -> None:
        self.step_text = step_text
        self.words: list[str] = []
        self.interrupted = True  # a second player's move shows its number again
        self.opened: list[int] = []  # where each open variation's words start

    def visit_step(self, step: Step) -> None:
        glyph = NAG_GLYPHS[step.node.nags[0]] if step.node and _glyph_first(step.node) else ""
        number = _number(step, self.interrupted)
        # A move number stays on the line of its move.
        text = self.step_text(step)
        if step.node is not None and step.node.threat:
            text += "+"
        if text.endswith("!") and glyph:
            text += " "  # `!` ends a tafl game; glued to a `?` it would read as `!?`
        self.words.append(f"{number} " * bool(number) + text + glyph)
        self.interrupted = False
        node = step.node
        if node is not None:
            for nag in node.nags[1:] if glyph else node.nags:
                self.words.append(f"${nag}")

    def visit_comment(self, comment: Comment) -> None:
        self.words += comment_words(comment)
        self.interrupted = True

    def begin_variation(self, line: ReplayedLine) -> None:
        self.opened.append(len(self.words))
        self.interrupted = True

    def end_variation(self, line: ReplayedLine) -> None:
        first = self.opened.pop()
        if first == len(self.words):  # `()`: nothing in it, kept as written
            self.words.append("()")
        else:
            self.words[first] = "(" + self.words[first]
            self.words[-1] += ")"
        self.interrupted = True


def _glyph_first(node: PlyNode) -> bool:
    return bool(node.nags and node.nags[0] in NAG_GLYPHS)


def _number(step: Step, interrupted: bool) -> str:
    if step.second:
        return f"{step.number}..." if interrupted else ""
    return f"{step.number}."


def comment_words(comment: Comment) -> list[str]:
    body = comment_body(comment)
    if "}" in body:  # only a `;` comment can hold a brace; it must end its line
        return [f"; {body}", "\n"]
    return ("{" + body + "}").split(" ")


def _termination(game: ReplayedGame) -> str:
    return game.game.termination_text(game)


def wrap(words: list[str]) -> list[str]:
    """Join words with single spaces into lines of at most LINE_WIDTH columns.

    A word "\\n" forces a line break; a word starting with "\\n" starts a line.
    """
    lines: list[str] = []
    current = ""
    for word in words:
        if not word:
            continue
        if word.startswith("\n"):
            if current:
                lines.append(current)
            current = word[1:]
            continue
        if current and len(current) + 1 + len(word) > LINE_WIDTH:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines
