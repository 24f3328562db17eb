"""How a drawing is inked: the themes (print, ink-saver, screen) and the smallest text.

Every painter of a board, a piece or a mark takes its colours and line
weights from a `Theme`, so one board looks alike on paper, in ink-saver and
on screen, in PDF and SVG.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_LABEL_PT = 6.0  # no printed text is smaller (issue 11: publication quality)


@dataclass(frozen=True, slots=True)
class Theme:
    """Colours and weights; `dark_fill=None` means Dark stones are hatched, not filled."""

    name: str
    ink: str
    grid: str
    label: str
    band_fill: str | None
    dark_fill: str | None
    light_fill: str | None
    weight: float  # multiplies every line width
    accent: str = "#b0412e"  # hinge bars and score points in teaching diagrams
    paper: str | None = "#ffffff"  # under a piece's outer ring: hides a square's outline

    @property
    def contrast_on_dark(self) -> str:
        return "#ffffff" if self.dark_fill else self.ink


# What the ink-saver theme does to whatever it draws, in words: the kit's cover and
# every command's `--theme` help say it from here, so the two cannot drift apart.
INK_SAVER_DRAWS = "in light lines, without filled areas"


def theme_help(drawn: str) -> str:
    """A `--theme` option's help: what `drawn` (the command's boards, pieces, figures)
    looks like in ink-saver, in the words the kit's cover uses."""
    return f"ink-saver: {drawn} drawn {INK_SAVER_DRAWS} (default: print)"


THEMES: dict[str, Theme] = {
    # Crisp black lines, a pale tinted coordinate band, solid Dark stones.
    "print": Theme(
        "print",
        ink="#000000",
        grid="#000000",
        label="#000000",
        band_fill="#ebe6dc",
        dark_fill="#000000",
        light_fill="#ffffff",
        weight=1.0,
    ),
    # Grey hairlines and no filled areas at all: Dark stones are hatched.
    "ink-saver": Theme(
        "ink-saver",
        ink="#4d4d4d",
        grid="#8c8c8c",
        label="#666666",
        band_fill=None,
        dark_fill=None,
        light_fill=None,
        weight=0.7,
        accent="#4d4d4d",
    ),
    # A warm board band and slightly softer lines, for reading on a display (the HTML
    # game documents' screen view).
    "screen": Theme(
        "screen",
        ink="#202020",
        grid="#3c3c3c",
        label="#4a4a4a",
        band_fill="#e6d3a8",
        dark_fill="#202020",
        light_fill="#fffdf7",
        weight=0.9,
    ),
}
