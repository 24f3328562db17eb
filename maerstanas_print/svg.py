"""One call from a position to an SVG picture: `svg.board(position)`.

Like python-chess's `chess.svg.board`: any game's position (a Mǽrstánas
`Position`, a tafl game's position), optionally with the last move marked and
numbers on stones, as a standalone `<svg>` string drawn by the same code as
every sheet, diagram and book. In Jupyter, `Position` shows itself with it.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping
from typing import Any

from maerstanas_print.draw.board import ALL_SIDES, THEMES, Side
from maerstanas_print.draw.position import position_page
from maerstanas_print.draw.svg import render_svg
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import all_games

# Each call without an `id_prefix` takes the next number, so that drawings made in
# one program and inlined in one HTML page never share an id.
_DRAWINGS = itertools.count(1)
_PREFIX = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")


def game_of(position: Any) -> Game:
    """The registered game `position` belongs to (ValueError when none claims it)."""
    for game in all_games():
        if game.owns(position):
            return game
    raise ValueError(f"no registered game plays a {type(position).__name__}")


def board(
    position: Any,
    *,
    lastmove: Any = None,
    numbers: Mapping[int, int | str] | None = None,
    size: float = 9.0,
    coordinates: bool | str = True,
    theme: str = "print",
    title: str | None = None,
    game: Game | None = None,
    id_prefix: str | None = None,
    standalone: bool = True,
    ply: int | None = None,
) -> str:
    """The position as a standalone SVG document (a `str`).

    - `lastmove`: a move of the game, marked on its square (a movement also gets
      its arrow);
    - `numbers`: square -> move number, written on the stones there;
    - `size`: the side of a square in millimetres (the SVG is sized in mm);
    - `coordinates`: True (top and left), "all" (all four sides) or False;
    - `theme`: "print", "ink-saver" or "screen";
    - `game`: the position's game, when the registry cannot tell on its own;
    - `id_prefix`: what every `id` in the drawing (and every reference to one)
      starts with; by default `board1`, `board2`, ... a new one each call, so
      several drawings can stand inline in one HTML page. Give one to get the
      same text for the same drawing every time;
    - `standalone`: True starts with the XML declaration of an `.svg` file;
      False leaves it out, for an `<svg>` inline in HTML;
    - `ply`: how many plies of its game led to the position (0 = the start), written
      as the root's `data-ply` for scripts and tests.

    Each stone carries `data-square` (its square's name, `E4`) and `data-stone`
    (`dark` or `light`), the convention the game pages' viewer follows too.
    """
    if id_prefix is None:
        id_prefix = f"board{next(_DRAWINGS)}"
    elif not isinstance(id_prefix, str) or not _PREFIX.fullmatch(id_prefix):
        raise ValueError(
            f"id_prefix is a letter or _ then letters, digits, _, - or ., not {id_prefix!r}"
        )
    game = game or game_of(position)
    if not game.owns(position):
        raise ValueError(f"{type(position).__name__} is not a position of {game.title}")
    if coordinates not in (True, False, "all"):
        raise ValueError(f"coordinates is True, False or 'all', not {coordinates!r}")
    if not isinstance(size, int | float) or isinstance(size, bool):
        raise ValueError(f"size is a number of millimetres, not {size!r}")
    if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool) or ply < 0):
        raise ValueError(f"ply is a whole number of plies from 0, not {ply!r}")
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
    if not 0 < size < math.inf:
        raise ValueError(f"size must be a positive number of millimetres, not {size!r}")
    labels: frozenset[Side] = (
        ALL_SIDES
        if coordinates == "all"
        else frozenset(("top", "left"))
        if coordinates
        else frozenset()
    )
    marks = {}
    for square, n in (numbers or {}).items():
        if not isinstance(square, int) or isinstance(square, bool):
            raise TypeError(
                f"numbers maps square indexes (0 is A1) to numbers, not {square!r}"
                "; a square's index is parse_square(name)"
            )
        if not 0 <= square < game.board.squares:
            raise ValueError(
                f"numbers names square {square}; the board has squares 0..{game.board.squares - 1}"
            )
        marks[square] = str(n)
    page = position_page(
        game,
        position,
        cell=size,
        labels=labels,
        theme=theme,
        title=title,
        last=None if lastmove is None else _squares_of(lastmove, game),
        numbers=marks,
    )
    return render_svg(
        page,
        id_prefix,
        standalone=standalone,
        data=() if ply is None else (("ply", str(ply)),),
    )


def _squares_of(move: object, game: Game) -> tuple[int | None, int | None]:
    """Where `move` starts and lands on `game`'s board; a clear error for what is
    not one of its moves (text, another game's move), which would otherwise be
    drawn with no mark or a mark on the wrong square."""
    if isinstance(move, str):
        raise TypeError(
            f"lastmove takes a move, not the text {move!r}; read it with "
            "the position's push_text, or pass position.peek()"
        )
    origin, target = game.move_squares(move)
    if target is None and getattr(move, "kind", None) != "pass":
        raise ValueError(f"lastmove {move!r} is not a move of {game.title}")
    size = game.board.size
    if getattr(move, "size", size) != size:  # a move of a board of another size
        raise ValueError(
            f"lastmove {move!r} is a move on another board than {game.title}'s {size}x{size}"
        )
    return origin, target
