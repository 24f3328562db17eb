"""A game's straightened pages → the marks → the legal game they say → its record.

The pages are put in order by their QR codes; every page the game reaches must
be there (a page after the last ply read may be missing). The record is the
canonical text the rest of the toolchain reads (thunder removals, final score
and result worked out by the replay), with a `{scan: ...}` comment at each ply
in doubt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from maerstanas_print.notation.export import escape_tag, export_game
from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import replay
from maerstanas_print.scan.capabilities import SCAN_KITS
from maerstanas_print.scan.decode import GameReading, filled_chance, read_game
from maerstanas_print.scan.frame import game_scannable_sheet
from maerstanas_print.scan.marks import blank_page, box_fills
from maerstanas_print.scan.photo import PhotoError, StraightPage, decode_image, straighten
from maerstanas_print.sheets.render import sheet_pdf

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

__all__ = [
    "PhotoError",
    "ScanError",
    "ScanResult",
    "decode_image",
    "read_pages",
    "straighten",
]


class ScanError(ValueError):
    """Photos that do not make one game's sheet (mixed sheets, a page missing)."""


@dataclass(frozen=True, slots=True)
class ScanResult:
    reading: GameReading
    record: str  # the canonical record text
    pages: int  # pages read


def read_pages(game: Game, pages: Sequence[tuple[str, StraightPage]]) -> ScanResult:
    """Read the pages of one game's sheet (named by their files, for messages)."""
    kit = SCAN_KITS.of(game)
    if kit is None:
        raise ScanError(f"{game.title} has no scannable sheet")
    first = pages[0][1].payload
    by_number: dict[int, str] = {}
    for name, page in pages:
        payload = page.payload
        if (payload.game, payload.paper, payload.pages, payload.settings) != (
            first.game,
            first.paper,
            first.pages,
            first.settings,
        ):
            raise ScanError(f"{name}: a page of another sheet than {pages[0][0]}'s")
        if payload.page in by_number:
            raise ScanError(f"{name}: page {payload.page} twice (also {by_number[payload.page]})")
        by_number[payload.page] = name
    made = game_scannable_sheet(game, first.paper, first.settings, first.pages)
    pdf = sheet_pdf(made.sheet)
    fills: list[dict[str, float]] = []
    for layout in made.layout.pages:
        found = next((p for _, p in pages if p.payload.page == layout.number), None)
        if found is None:
            if _ended(fills):
                break
            raise ScanError(
                f"page {layout.number} of {first.pages} is missing: the game goes on past page "
                f"{layout.number - 1} (give every page's photo)"
            )
        measured = box_fills(found.image, blank_page(pdf, layout.number - 1), layout)
        for ply in range(layout.first_ply, layout.last_ply + 1):
            fills.append({value: fill for (p, value), fill in measured.items() if p == ply})
    groups = kit.groups(first.settings)
    reading = read_game(kit.moves(first.settings), groups, fills)
    record = _record(game, kit.tags(first.settings), reading)
    return ScanResult(reading, record, len(pages))


def _ended(fills: list[dict[str, float]]) -> bool:
    """Whether the last row of the pages read so far is empty (the game ended on them)."""
    return bool(fills) and all(filled_chance(f) < 0.5 for f in fills[-1].values())


def _record(game: Game, tags: list[tuple[str, str]], reading: GameReading) -> str:
    """The canonical record of the reading (replayed, so the engine fills in the rest)."""
    lines = [f'[Game "{escape_tag(game.tag)}"]']
    lines += [f'[{name} "{escape_tag(value)}"]' for name, value in tags]
    lines.append(f'[Annotator "{escape_tag("maerstanas_print scan")}"]')
    lines.append("")
    words: list[str] = []
    for ply in reading.plies:
        if ply.ply % 2:
            words.append(f"{(ply.ply + 1) // 2}.")
        elif ply.doubt or (words and words[-1].startswith("{")):
            words.append(f"{ply.ply // 2}...")
        words.append(ply.move)
        if ply.doubt:
            words.append("{scan: " + ply.doubt.replace("{", "(").replace("}", ")") + "}")
    for doubt in reading.doubts:
        words.append("{scan: " + doubt + "}")
    words.append("*")
    text = "\n".join(lines) + " ".join(words) + "\n"
    parsed = parse(text, "<scan>")
    if not parsed.games:  # pragma: no cover - the words above are always a record
        return text
    return export_game(replay(parsed.games[0]))
