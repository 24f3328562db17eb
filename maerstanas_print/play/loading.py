"""Loading record files for the commands that render or analyse them.

`game`, the analysis commands and the rulebook's sample games refuse an
invalid record with exactly what `check` prints (the same pipeline,
`checking.check_games`), and write nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from maerstanas_print.diagnostics import Source
from maerstanas_print.io.exits import EXIT_INVALID, CommandError
from maerstanas_print.io.inputs import read_record
from maerstanas_print.notation.record import GameRecord
from maerstanas_print.play.checking import check_games, held_games
from maerstanas_print.play.verify import ReplayedGame


def load_verified(
    path: str,
    *,
    strict: bool = False,
    keep_positions: bool = True,
    screen: Callable[[GameRecord], None] | None = None,
) -> tuple[Source, list[ReplayedGame]]:
    """Read and replay every game of `path`; on any error print the diagnostics
    to stderr as `check` does and raise CommandError (exit code 1). `screen`
    sees each record before it is replayed and may refuse it (CommandError)."""

    name, text = read_record(path)
    checked = check_games(text, name, strict=strict, keep_positions=keep_positions, screen=screen)
    games = held_games(checked, name)
    source = checked.source
    problems = [(d.start, source.format(d)) for d in checked.diagnostics]
    for game in games:
        if game.valid:
            continue
        # Shown as check shows it: one error per slip, with its fix
        problems += [
            (d.start, "\n".join([source.format(d), *game.fix_lines(d, source)]))
            for d in game.diagnostics
            if d.severity != "warning"
        ]
    if problems or not games:
        for _, lines in sorted(problems, key=lambda p: p[0]):
            print(lines, file=sys.stderr)
        why = "no game found" if not games else "the record has errors; nothing written"
        raise CommandError(f"{name}: {why}", EXIT_INVALID)
    return source, [game.replayed for game in games]
