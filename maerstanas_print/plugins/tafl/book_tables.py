"""Pieces of the movement-game books that come from the game's definition, not from prose.

The coordinate table is read from the setup string (the same rows as the
`setup` sheet); the options table lists every option the rules offer, with
its default, and refuses to build if an option has no description, so a new
option cannot slip into the engine without the book saying what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.plugins.tafl.setup_sheet import setup_rows
from maerstanas_print.rulebook.model import Table

if TYPE_CHECKING:
    from maerstanas_print.games.tafl import TaflGame


def setup_table(game: TaflGame) -> Table:
    """Where every piece starts, one row per side, from the game's setup string."""

    headings, rows = setup_rows(game)
    # No shares typed here: the book sizes the columns by what they hold.
    return Table(tuple(headings), tuple(tuple(row) for row in rows), balanced=True)


def options_table(game: TaflGame, meanings: dict[tuple[str, str], str]) -> Table:
    """Every option and value the game's rules offer: `name=value`, what it does, and
    which is the default. `meanings` says what each (name, value) does."""
    rules = game.tafl
    offered = {(name, value) for name, values in rules.choices.items() for value in values}
    for name, value in sorted(set(meanings) - offered):  # a misspelt line is never dropped
        known = ", ".join(f"{n}={v}" for n, vs in rules.choices.items() for v in vs)
        raise ValueError(
            f"the game has no option {name}={value}, so its line would print nowhere "
            f"(the options are {known})"
        )
    rows = []
    for name, values in rules.choices.items():
        for value in values:
            if (name, value) not in meanings:
                raise ValueError(f"the book does not say what {name}={value} does")
            default = "default" if rules.options.get(name) == value else ""
            rows.append((f"`{name}={value}`", meanings[(name, value)], default))
    return Table(("Option", "What it does", ""), tuple(rows), widths=(0.36, 0.52, 0.12))
