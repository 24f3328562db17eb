"""Move logs of the author's own Mǽrstánas apps, turned into records.

The web apps log a move as `E4 - standard stone (Player 1)`, `E4 - thunder-stone`,
`E4 - Woden-stone` or `Pass (Player 2)`; the Flask app logs no player and no
passes, and neither logs what a thunder-stone removed. Each log line becomes
the same move in our notation on the same line, and the ordinary reader and
verifier do the rest: they fill in removal lists and forced passes (lenient
readings) and report anything illegal at the log's own line number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maerstanas_print.diagnostics import Diagnostic, Source, visible
from maerstanas_print.engine import DARK, SIDE_NAMES
from maerstanas_print.parser import parse
from maerstanas_print.verify import ReplayedGame, replay

# Matched against the stripped line, and no two runs of `\s*` meet without a
# literal between them: matching stays linear in the line's length.
_PLAYER = r"(?:\s*\(\s*player\s*([12])\s*\))?"
_MOVE = re.compile(r"([A-Ga-g][1-7])\s*-\s*(standard stone|thunder-stone|woden-stone)" + _PLAYER,
                   re.IGNORECASE)
_PASS = re.compile(r"pass" + _PLAYER, re.IGNORECASE)
_NOISE = re.compile(r"($|game over|player \d+\s*:|tie\b|#)", re.IGNORECASE)
_SHOWN = 60  # characters of a bad line quoted in the message
_MARKERS = {"standard stone": "", "thunder-stone": "T ", "woden-stone": "W "}


class LogError(ValueError):
    """A line of the log that is neither a move nor something to skip."""

    def __init__(self, line: int, text: str) -> None:
        shown = text.strip()
        if len(shown) > _SHOWN:
            shown = shown[:_SHOWN] + "…"
        super().__init__(f"line {line}: cannot read `{visible(shown)}` as a move")
        self.line = line


@dataclass(slots=True)
class ImportedGame:
    source: Source  # the record text made from the log (same line numbers)
    game: ReplayedGame
    diagnostics: list[Diagnostic]  # errors only: warnings are what the import repairs


def record_from_log(log: str, *, special_stones: bool = True, scoring: str = "default",
                    name: str = "<log>") -> ImportedGame:
    """Read a move log; raise LogError for a line that is not a move."""
    tags = f'[SpecialStones "{"on" if special_stones else "off"}"] [Scoring "{scoring}"] '
    lines: list[str] = []
    players: list[tuple[int, int]] = []  # (line index, player side) for every logged player
    for index, raw in enumerate(log.splitlines()):
        line = raw.strip()
        move, passed = _MOVE.fullmatch(line), _PASS.fullmatch(line)
        if move:
            lines.append(_MARKERS[move.group(2).lower()] + move.group(1).upper())
            player = move.group(3)
        elif passed:
            lines.append("Pass")
            player = passed.group(1)
        elif _NOISE.match(line):
            lines.append("")
            continue
        else:
            raise LogError(index + 1, raw)
        if player:
            players.append((index, DARK if player == "1" else 1 - DARK))
    text = tags + "\n".join(lines) + "\n*\n"
    parsed = parse(text, name)
    game = replay(parsed.games[0], keep_positions=False)
    assert isinstance(game, ReplayedGame)
    errors = [d for d in game.diagnostics if d.severity == "error"]
    errors += _check_players(parsed.source, game, players)
    return ImportedGame(parsed.source, game, errors)


def _check_players(source: Source, game: ReplayedGame,
                   players: list[tuple[int, int]]) -> list[Diagnostic]:
    """The log's `(Player n)` must be the side the replay says moved."""
    by_line = {}
    for step in game.main.steps:
        if step.node is not None:
            by_line[source.locate(step.node.start)[0] - 1] = step
    out = []
    for index, side in players:
        step = by_line.get(index)
        if step is not None and step.side != side:
            node = step.node
            assert node is not None
            out.append(Diagnostic("error", "M301", f"the log says {SIDE_NAMES[side]} "
                                  f"(Player {side + 1}) made this move, but it is "
                                  f"{SIDE_NAMES[step.side]}'s turn", node.start, node.end))
    return out
