"""Square boards: how squares are numbered, named and read, for any size.

Every game of this toolchain numbers a square `row * size + column`, with
row 0 the TOP row ("1") and column 0 the left file ("A"), so A1 is the
top-left square. This is the one place that knows the file letters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FILES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SIZE = len(FILES)


def square_name(square: int, size: int) -> str:
    """`square_name(0, 7)` -> `"A1"`; `square_name(48, 7)` -> `"G7"`."""
    row, col = divmod(square, size)
    return f"{FILES[col]}{row + 1}"


_TABLES: dict[int, dict[str, int]] = {}


def square_table(size: int) -> dict[str, int]:
    """Every square name of a size x size board (upper and lower case) -> its index."""
    table = _TABLES.get(size)
    if table is None:
        if not 1 <= size <= MAX_SIZE:
            raise ValueError(f"a board has 1 to {MAX_SIZE} files, not {size}")
        table = {}
        for row in range(size):
            for col in range(size):
                for letter in (FILES[col], FILES[col].lower()):
                    table[f"{letter}{row + 1}"] = row * size + col
        _TABLES[size] = table
    return table


def parse_square(text: str, size: int) -> int | None:
    """`"J10"` (or `"j10"`) -> its index on a size x size board; None when off the board."""
    return square_table(size).get(text)


@dataclass(frozen=True, slots=True)
class Board:
    """The geometry of one square board: its size and its square names."""

    size: int
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "names", tuple(square_name(sq, self.size) for sq in range(self.size * self.size))
        )

    @property
    def squares(self) -> int:
        return self.size * self.size

    @property
    def files(self) -> str:
        return FILES[: self.size]

    def name(self, square: int) -> str:
        return self.names[square]

    def parse(self, text: str) -> int | None:
        return parse_square(text, self.size)

    def row_col(self, square: int) -> tuple[int, int]:
        return divmod(square, self.size)

    def square(self, row: int, col: int) -> int:
        return row * self.size + col
