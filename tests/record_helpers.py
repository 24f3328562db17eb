"""Small helpers shared by the record tests."""

from __future__ import annotations

from pathlib import Path

from maerstanas_print import parse, replay
from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.play.verify import ReplayedGame

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "maerstanas_print" / "samples" / "sample-game.mrs"


def sample_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def at(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the nth occurrence of `needle` in `text`."""
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, column


def replay_all(text: str, *, strict: bool = False) -> list[ReplayedGame]:
    return [replay(game, strict=strict) for game in parse(text, "t.mrs").games]


def diagnostics(text: str, *, strict: bool = False) -> list[tuple[str, str, int, int, str]]:
    """(severity, code, line, column, message) of every problem in `text`."""
    parsed = parse(text, "t.mrs")
    out: list[Diagnostic] = list(parsed.diagnostics)
    for game in parsed.games:
        out += replay(game, strict=strict).diagnostics
    source = parsed.source
    rows = []
    for d in out:
        line, column = source.locate(d.start)
        rows.append((d.severity, d.code, line, column, d.message))
    return rows


def formatted(text: str) -> str:
    """Every diagnostic of `text` as `check` prints it."""
    parsed = parse(text, "t.mrs")
    lines = [parsed.source.format(d) for d in parsed.diagnostics]
    for game in parsed.games:
        lines += [parsed.source.format(d) for d in replay(game).diagnostics]
    return "\n".join(lines)
