"""What `build` makes of Mǽrstánas: its printables, as (file name, command words)."""

from __future__ import annotations

from maerstanas_print.capability import Keyed

SAMPLE = "sample-game.mrs"  # shipped in maerstanas_print/samples/


def printables(_game: Keyed) -> list[tuple[str, list[str]]]:
    """The capability `commands.capabilities.PRINTABLES` asks for."""
    sample = f"@sample:{SAMPLE}"
    return [
        ("board-a4-1up.pdf", ["board", "--paper", "a4"]),
        ("board-letter-1up.pdf", ["board", "--paper", "letter"]),
        ("boards-a4-6up.pdf", ["board", "--per-page", "6"]),
        (
            "boards-letter-landscape-6up.pdf",
            ["board", "--per-page", "6", "--paper", "letter", "--landscape"],
        ),
        ("boards-wraparound-a4-12up.pdf", ["board", "--per-page", "12", "--variant", "wraparound"]),
        ("board-a4-1up.html", ["board", "--format", "html"]),
        ("stones-maerstanas-a4.pdf", ["stones", "--game", "maerstanas"]),
        ("stones-maerstanas-letter.pdf", ["stones", "--game", "maerstanas", "--paper", "letter"]),
        ("scoresheet-a4.pdf", ["scoresheet", "--paper", "a4"]),
        ("scoresheet-letter.pdf", ["scoresheet", "--paper", "letter"]),
        ("scoresheet-a4.html", ["scoresheet", "--format", "html"]),
        ("sample-game.pdf", ["game", sample]),
        ("sample-game.html", ["game", sample, "--format", "html"]),
        # the sample with the engine's marks and values (`annotate --depth 4`)
        ("annotated-game.pdf", ["game", "@sample:annotated-game.mrs"]),
        ("annotated-game.html", ["game", "@sample:annotated-game.mrs", "--format", "html"]),
        ("rulebook-a4.pdf", ["rulebook", "--paper", "a4"]),
        ("rulebook-letter.pdf", ["rulebook", "--paper", "letter"]),
        ("rulebook-a4.html", ["rulebook", "--format", "html"]),
        ("quickref-a4.pdf", ["quickref", "--paper", "a4"]),
        ("quickref-letter.pdf", ["quickref", "--paper", "letter"]),
        ("kit-a4.pdf", ["kit", "--paper", "a4"]),
        ("kit-letter.pdf", ["kit", "--paper", "letter"]),
        ("kit-a4-ink-saver.pdf", ["kit", "--paper", "a4", "--theme", "ink-saver"]),
    ]
