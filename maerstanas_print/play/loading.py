"""Loading record files for the commands that render them.

`game` and the rulebook refuse an invalid record with exactly what `check`
prints, and write nothing; this module is that shared path.
"""

from __future__ import annotations

import sys

from maerstanas_print.diagnostics import Source
from maerstanas_print.io.exits import EXIT_INVALID, CommandError
from maerstanas_print.io.inputs import read_record
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.play.repair import MAX_GAMES_SEARCHED, Repair, fix_lines, repair_game
from maerstanas_print.play.verify import ReplayedGame, replay


def load_verified(path: str, *, strict: bool = False, keep_positions: bool = True
                  ) -> tuple[Source, list[ReplayedGame]]:
    """Read and replay every game of `path`; on any error print the diagnostics
    to stderr as `check` does and raise CommandError (exit code 1)."""

    name, text = read_record(path)
    reader = RecordReader(text, name)
    source = reader.source
    games = [replay(game, strict=strict, keep_positions=keep_positions) for game in reader]
    problems = [(d.start, source.format(d)) for d in reader.diagnostics]
    searched = 0
    for game in games:
        if game.valid:
            continue

        # Shown as check shows it: one error per slip, with its fix
        searched += 1
        repair = repair_game(game.record, game, source, strict=strict) \
            if searched <= MAX_GAMES_SEARCHED else Repair(diagnostics=game.diagnostics)
        for d in repair.diagnostics:
            if d.severity != "warning":
                extra = fix_lines(repair, source, game.record) if d is repair.explained else []
                problems.append((d.start, "\n".join([source.format(d), *extra])))
    if problems or not games:
        for _, lines in sorted(problems, key=lambda p: p[0]):
            print(lines, file=sys.stderr)
        why = "no game found" if not games else "the record has errors; nothing written"
        raise CommandError(f"{name}: {why}", EXIT_INVALID)
    return reader.source, games
