"""Loading record files for the commands that render them.

`game` and the rulebook refuse an invalid record with exactly what `check`
prints, and write nothing; this module is that shared path.
"""

from __future__ import annotations

import sys

from maerstanas_print.diagnostics import Source
from maerstanas_print.exits import EXIT_INVALID, CommandError
from maerstanas_print.verify import ReplayedGame


def load_verified(path: str, *, strict: bool = False, keep_positions: bool = True
                  ) -> tuple[Source, list[ReplayedGame]]:
    """Read and replay every game of `path`; on any error print the diagnostics
    to stderr as `check` does and raise CommandError (exit code 1)."""
    from maerstanas_print.inputs import read_record
    from maerstanas_print.parser import RecordReader
    from maerstanas_print.verify import replay

    name, text = read_record(path)
    reader = RecordReader(text, name)
    games = [replay(game, strict=strict, keep_positions=keep_positions) for game in reader]
    problems = list(reader.diagnostics)
    for game in games:
        problems += [d for d in game.diagnostics if d.severity == "error"]
    if problems or not games:
        for diagnostic in sorted(problems, key=lambda d: d.start):
            print(reader.source.format(diagnostic), file=sys.stderr)
        why = "no game found" if not games else "the record has errors; nothing written"
        raise CommandError(f"{name}: {why}", EXIT_INVALID)
    return reader.source, games
