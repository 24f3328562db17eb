"""The games this toolchain knows, one definition each.

A record names its game in the `[Game "..."]` tag (no tag: Mǽrstánas). Adding
a game means adding a module with its rules and an entry here; the readers,
the verifier and the writer ask this registry what the game needs (its board
size, whether stones are placed or moved, its rules), never the game's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from maerstanas_print.games import cyngesheall, hnefatafl1992
from maerstanas_print.games.tafl import TaflRules

FILES = "ABCDEFGHIJKLMNOPQRS"


@dataclass(frozen=True, slots=True)
class GameInfo:
    tag: str  # the value of the Game tag
    title: str  # the name as printed
    size: int
    kind: Literal["placement", "movement"]
    tafl: TaflRules | None = None
    credit: str = ""
    removal_order: str = "ulrd"  # canonical order of an `x` list: up, left, right, down
    slug: str = ""  # how command lines and file names call the game
    pieces: Literal["stones", "men"] = "stones"  # rune stones, or the 1992 post's X/O/K men
    # The stones one side plays with, for the sheet of stones to cut out:
    # (kind as drawn, how many, name in this game); empty: no such sheet.
    stone_set: tuple[tuple[Literal["standard", "thunder", "woden"], int, str], ...] = ()

    def square_name(self, square: int) -> str:
        row, col = divmod(square, self.size)
        return f"{FILES[col]}{row + 1}"


MAERSTANAS = GameInfo("Maerstanas", "Mǽrstánas", 7, "placement",
                      credit="Mǽrstánas is a game by John Beers (CC BY-SA 4.0).",
                      slug="maerstanas",
                      # The rules ask for about 40 stones split evenly; the engines never
                      # saw more than 20 of one colour on the board at a game's end.
                      stone_set=(("thunder", 1, "thunder-stone"), ("woden", 1, "Woden-stone"),
                                 ("standard", 19, "stone")))
CYNGESHEALL = GameInfo("Cyngesheall", "Cyngesheall", 7, "movement", cyngesheall.RULES,
                       credit="Cyngesheall is a game by John Beers (CC BY-SA 4.0).",
                       removal_order="udlr", slug="cyngesheall",
                       stone_set=(("woden", 1, "king"), ("thunder", 1, "commander"),
                                  ("standard", 8, "stone")))
HNEFATAFL_1992 = GameInfo("EmailHnefatafl1992", "E-mail Hnefatafl (1992)", 19, "movement",
                          hnefatafl1992.RULES,
                          credit="The 1992 e-mail Hnefatafl rules were posted by Neil "
                                 "Bernstein to rec.games.abstract on 11 December 1992.",
                          removal_order="udlr", slug="hnefatafl1992", pieces="men")

GAMES: dict[str, GameInfo] = {g.tag: g for g in (MAERSTANAS, CYNGESHEALL, HNEFATAFL_1992)}
_BY_LOWER = {name.lower(): game for name, game in GAMES.items()}
_BY_LOWER.update({game.slug: game for game in GAMES.values()})


def game_named(value: str | None) -> GameInfo | None:
    """The game a Game tag (or a slug such as `hnefatafl1992`) names, in any case;
    Mǽrstánas when there is no tag; None if unknown."""
    if value is None:
        return MAERSTANAS
    return _BY_LOWER.get(value.lower())


_SQUARE_INDEX: dict[int, dict[str, int]] = {}


def square_index(text: str, size: int) -> int | None:
    """`"J10"` -> its index on a size x size board; None when off the board."""
    table = _SQUARE_INDEX.get(size)
    if table is None:
        table = {}
        for row in range(size):
            for col in range(size):
                for letter in (FILES[col], FILES[col].lower()):
                    table[f"{letter}{row + 1}"] = row * size + col
        _SQUARE_INDEX[size] = table
    return table.get(text)
