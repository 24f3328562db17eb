"""How wide each column of a book's table is: wide enough for its longest word.

A table's columns came from its source (the dashes of a Markdown delimiter
row, or shares typed beside a generated table), whatever they held, so the
Cyngesheall setup table broke its headers ("King (Woden-/stone)", "Dark,
tradi-/tionally first") while its King column held only "G7". Here every column
gets at least its longest word (`least`), measured in the font it is set in;
a table the book generates without shares (`Table.balanced`) is balanced as a
browser balances one (each column between its longest word and its whole
longest cell), and one with shares (a source's dashes, even or not) keeps them
where its words fit. Where every column holds its longest
word, the cells are set without hyphens (`whole_words`); where the page is
too narrow for that, the shares stand and words break as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ColumnWidths", "column_widths"]


@dataclass(frozen=True, slots=True)
class ColumnWidths:
    widths: tuple[float, ...]  # pt, summing to the table's width
    whole_words: bool  # every column holds its longest word: set the cells unhyphenated


def column_widths(
    least: Sequence[float], most: Sequence[float], total: float, shares: Sequence[float] = ()
) -> ColumnWidths:
    """Column widths (pt) for a table `total` wide whose columns need at least
    `least` (the longest word, padding included) and at most `most` (the longest
    cell on one line); `shares` are the source's own shares of `total`, if any."""
    count = len(least)
    wanted = [total * share for share in shares] if shares else _balanced(least, most, total)
    if sum(least) > total:
        return ColumnWidths(tuple(wanted), whole_words=False)
    for _ in range(count):  # each round fixes at least one column at its least
        short = [i for i in range(count) if wanted[i] < least[i] - 1e-6]
        if not short:
            break
        deficit = sum(least[i] - wanted[i] for i in short)
        for i in short:
            wanted[i] = least[i]
        slack = {j: wanted[j] - least[j] for j in range(count) if j not in short}
        room = sum(slack.values())
        for j, spare in slack.items():
            wanted[j] -= deficit * spare / room
    return ColumnWidths(tuple(wanted), whole_words=True)


def _balanced(least: Sequence[float], most: Sequence[float], total: float) -> list[float]:
    """A browser's automatic table layout: every cell on one line where that fits,
    the room left shared by the columns' widths; else each column its longest word
    and the rest shared by how much more a column's longest cell needs."""
    if sum(most) <= total:
        return [width * total / sum(most) for width in most]
    extra = [max(high - low, 0.0) for low, high in zip(least, most, strict=True)]
    spare = total - sum(least)
    if sum(extra) <= 0 or spare <= 0:
        return [total / len(least)] * len(least)
    return [low + spare * more / sum(extra) for low, more in zip(least, extra, strict=True)]
