"""Annotated game documents: diagrams, commentary and score, as PDF and HTML.

The public contract (the rulebook embeds games through it):

- `game_flowables(game, *, every, numbers, theme, width_mm)`: ReportLab flowables;
- `game_html_fragment(game, *, every, numbers, id_prefix)`: an HTML `<section>`;
- `game_css()`: the CSS the fragment needs.

ReportLab and Jinja2 are imported only when a function is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markupsafe import Markup

    from maerstanas_print.play.replayed import ReplayedGame


def game_flowables(
    game: ReplayedGame,
    *,
    every: int | None = None,
    numbers: bool = True,
    theme: str = "print",
    width_mm: float,
) -> list:
    """Platypus flowables for one game, fitting a frame `width_mm` wide."""
    from maerstanas_print.gamedoc.pdf import game_flowables as _flowables  # lazy: ReportLab, Jinja2

    return _flowables(game, every=every, numbers=numbers, theme=theme, width_mm=width_mm)


def game_html_fragment(
    game: ReplayedGame, *, every: int | None = None, numbers: bool = True, id_prefix: str = "g1"
) -> Markup:
    """One game as an HTML `<section>` with inline SVG; ids start with `id_prefix`."""
    from maerstanas_print.gamedoc.html import (
        game_html_fragment as _fragment,  # lazy: ReportLab, Jinja2
    )

    return _fragment(game, every=every, numbers=numbers, id_prefix=id_prefix)


def game_css() -> str:
    """The CSS the fragment needs (screen and print)."""
    from maerstanas_print.gamedoc.html import game_css as _css  # lazy: ReportLab, Jinja2

    return _css()


__all__ = ["game_css", "game_flowables", "game_html_fragment"]
