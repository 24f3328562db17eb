"""One position of any game as one page: the board, its last move, a caption under it.

`svg.board` and the `diagram` command (SVG, PNG and each frame of a GIF) all
draw a position through `position_page`, so a diagram looks the same in every
medium: the page is the one description the SVG writer, the PDF writer and the
raster output (`draw/raster.py`) each paint.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from maerstanas_print.draw import overlays
from maerstanas_print.draw.board import Mark, Side, board_shapes, spec_for_game
from maerstanas_print.draw.shapes import Page, Shape, Text
from maerstanas_print.draw.typography import wrap_text
from maerstanas_print.games.protocol import Game

CAPTION_PT = 9.0  # the caption's size; 9 pt stays readable in a 7-square board's width
CAPTION_LEADING = 1.3  # line height as a share of the font size
MARGIN_MM = 2.0  # white space round the caption


def caption_lines(text: str, width: float, size: float = CAPTION_PT) -> list[str]:
    """`text` broken into lines no wider than `width` mm, as a sheet's paragraph is."""
    return wrap_text(text, "regular", size, width)


def caption_height(lines: int, size: float = CAPTION_PT) -> float:
    """The height in mm that `lines` lines of caption take under the board."""
    if lines == 0:
        return 0.0
    return 2 * MARGIN_MM + lines * size * CAPTION_LEADING * 25.4 / 72


def position_page(
    game: Game,
    position: Any,
    *,
    cell: float = 9.0,
    labels: frozenset[Side] = frozenset(("top", "left")),
    theme: str = "print",
    title: str | None = None,
    last: tuple[int | None, int | None] | None = None,
    numbers: Mapping[int, str] | None = None,
    caption: str | None = None,
    caption_rows: int = 0,
) -> Page:
    """`position` of `game` as a page exactly the board's width.

    - `last`: (origin, target) squares of the last move: the target is marked, and a
      movement (both squares known) gets its arrow;
    - `numbers`: square -> text written on the stone there;
    - `caption`: text set under the board, wrapped to its width; the page keeps room
      for at least `caption_rows` lines (the frames of an animation share one size).
    """
    stones = game.stones(position)
    spec = spec_for_game(
        game,
        cell=cell,
        labels=labels,
        theme=theme,
        stones=stones,
        marks={square: Mark("number", text) for square, text in (numbers or {}).items()},
        variant=game.board_variant(position),
        title=title or f"{game.title} position",
    )
    shapes: list[Shape] = [board_shapes(spec, 0, 0)]
    if last is not None:
        origin, target = last
        if origin is not None and target is not None:
            side = stones[target].side if target in stones else 0
            shapes.append(overlays.move_arrow(spec, 0, 0, origin, target, side))
        if target is not None:
            shapes.append(overlays.last_move(spec, 0, 0, target))
    width, height = spec.size()
    lines = caption_lines(caption, width - 2 * MARGIN_MM) if caption else []
    step = CAPTION_PT * CAPTION_LEADING * 25.4 / 72
    for row, line in enumerate(lines):
        baseline = height + MARGIN_MM + (row + 0.8) * step
        shapes.append(Text(width / 2, baseline, line, CAPTION_PT, anchor="middle"))
    height += caption_height(max(len(lines), caption_rows))
    return Page(width, height, tuple(shapes), spec.title)
