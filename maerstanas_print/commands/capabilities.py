"""What a game gives the command line, beside its core: looked up per game.

`EXTRA_COMMANDS`: commands only that game has, by name, each a module with
`register(subparsers)`; `APP_IMPORTERS`: the reader of move lists copied from
the game's own apps (a module with `record_from_log` and `LogError`);
`PRINTABLES`: what `build` makes of it, as (file name, command words). A game
with only a core has none of them. The top floor (`maerstanas_print.plugins`)
registers the built-in games'.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from maerstanas_print.capability import Capability, Keyed

__all__ = ["APP_IMPORTERS", "EXTRA_COMMANDS", "PRINTABLES"]


def _none(_game: Keyed) -> None:
    return None


def _no_commands(_game: Keyed) -> Mapping[str, str]:
    return {}


def _nothing_to_build(_game: Keyed) -> list[tuple[str, list[str]]]:
    return []


EXTRA_COMMANDS: Capability[Mapping[str, str]] = Capability("commands", _no_commands)
APP_IMPORTERS: Capability[ModuleType | None] = Capability("app importer", _none)
PRINTABLES: Capability[list[tuple[str, list[str]]]] = Capability("printables", _nothing_to_build)
