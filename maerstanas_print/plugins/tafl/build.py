"""What `build` makes of a tafl game: its printables, as (file name, command words)."""

from __future__ import annotations

from maerstanas_print.capability import Keyed
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.rulebook.kit import RULEBOOKS, quickref_source
from maerstanas_print.sheets.capabilities import SHEETS


def printables(game: Keyed) -> list[tuple[str, list[str]]]:
    """The capability `commands.capabilities.PRINTABLES` asks for."""
    assert isinstance(game, TaflGame)
    slug = game.slug
    big = game.board.size > 7
    jobs = [
        (f"board-{slug}-a4-1up.pdf", ["board", "--game", slug]),
        (f"board-{slug}-a4-1up.html", ["board", "--game", slug, "--format", "html"]),
    ]
    if big:  # a big board is best on big paper
        jobs += [
            (f"board-{slug}-{paper}-1up.pdf", ["board", "--game", slug, "--paper", paper])
            for paper in ("a3", "tabloid")
        ]
    jobs += [
        (f"setup-{slug}-a4.pdf", ["setup", "--game", slug]),
        (f"setup-{slug}-a4.html", ["setup", "--game", slug, "--format", "html"]),
    ]
    jobs.append((f"scoresheet-{slug}-a4.pdf", ["scoresheet", "--game", slug]))
    if SHEETS.of(game).has_cut_outs:
        jobs += [
            (f"stones-{slug}-a4.pdf", ["stones", "--game", slug]),
            (f"stones-{slug}-a4.html", ["stones", "--game", slug, "--format", "html"]),
        ]
        if big:  # pieces for the big board on big paper
            jobs.append((f"stones-{slug}-a3.pdf", ["stones", "--game", slug, "--paper", "a3"]))
    sample = game.definition.sample
    if sample is not None:
        stem = sample.removesuffix(".mrs")
        jobs += [
            (f"{stem}.pdf", ["game", f"@sample:{sample}"]),
            (f"{stem}.html", ["game", f"@sample:{sample}", "--format", "html"]),
        ]
    if RULEBOOKS.of(game) is not None:
        jobs += [
            (f"rulebook-{slug}-a4.pdf", ["rulebook", "--game", slug]),
            (f"rulebook-{slug}-a4.html", ["rulebook", "--game", slug, "--format", "html"]),
        ]
    if quickref_source(game) is not None:
        # The kit's board is full size: a big board's kit goes on big paper.
        kit_paper = "a3" if big else "a4"
        jobs += [
            (f"quickref-{slug}-a4.pdf", ["quickref", "--game", slug]),
            (f"kit-{slug}-{kit_paper}.pdf", ["kit", "--game", slug, "--paper", kit_paper]),
        ]
    return jobs
