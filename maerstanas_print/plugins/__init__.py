"""The top floor: each built-in game's capabilities, wired into the layers that ask.

A game's core (`games/`) is its rules, notation and replay; everything else a
layer needs from it is a capability that layer declares (see `capability.py`)
with its own default. This module is the one place that knows both the games
and the layers: `wire()` registers each game's documents, sheets, books, fix
search, app importer, commands and printables, by name (`"module:factory"`),
so nothing is imported until a layer first asks. Importing this module wires
them (the command line and the tests' conftest do); `wire()` is idempotent.
"""

from __future__ import annotations

from maerstanas_print.commands.capabilities import APP_IMPORTERS, EXTRA_COMMANDS, PRINTABLES
from maerstanas_print.gamedoc.capabilities import BOARD_READERS
from maerstanas_print.games.registry import MAERSTANAS
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.play.repair import REPAIR_SEARCHES
from maerstanas_print.rulebook.kit import BOOK_KITS, COVERS, RULEBOOKS, STONE_KEY_LABELS
from maerstanas_print.sheets.capabilities import FILE_PARTS, SHEETS

__all__ = ["wire"]

_wired = False


def wire() -> None:
    """Register every built-in game's capabilities (once; later calls do nothing)."""
    global _wired
    if _wired:
        return
    _wired = True
    # Mǽrstánas
    game = MAERSTANAS
    BOARD_READERS.register_lazy(game,
                                "maerstanas_print.plugins.maerstanas.document:board_reader")
    SHEETS.register_lazy(game, "maerstanas_print.plugins.maerstanas.sheets:sheet_kit")
    FILE_PARTS.register(game, "")  # the default game's files keep the short names: board-a4.pdf
    BOOK_KITS.register_lazy(game, "maerstanas_print.plugins.maerstanas.book:book_kit")
    COVERS.register_lazy(game, "maerstanas_print.plugins.maerstanas.book:cover")
    STONE_KEY_LABELS.register_lazy(game, "maerstanas_print.plugins.maerstanas.book:key_label")
    RULEBOOKS.register(game, "maerstanas")
    REPAIR_SEARCHES.register_lazy(game, "maerstanas_print.plugins.maerstanas.repair:search")
    APP_IMPORTERS.register_lazy(game, "maerstanas_print.plugins.maerstanas.importer:importer")
    EXTRA_COMMANDS.register(game, {
        "analyse": "maerstanas_print.plugins.maerstanas.commands.analyse",
        "annotate": "maerstanas_print.plugins.maerstanas.commands.annotate",
        "puzzles": "maerstanas_print.plugins.maerstanas.commands.puzzles"})
    PRINTABLES.register_lazy(game, "maerstanas_print.plugins.maerstanas.build:printables")
    # The tafl family: every TaflGame, including one a user makes from a definition.
    BOARD_READERS.register_lazy(TaflGame, "maerstanas_print.plugins.tafl.document:board_reader")
    SHEETS.register_lazy(TaflGame, "maerstanas_print.plugins.tafl.sheets:sheet_kit")
    BOOK_KITS.register_lazy(TaflGame, "maerstanas_print.plugins.tafl.book:book_kit")
    RULEBOOKS.register_lazy(TaflGame, "maerstanas_print.plugins.tafl:rulebook_source")
    STONE_KEY_LABELS.register_lazy(TaflGame, "maerstanas_print.plugins.tafl:key_label")
    REPAIR_SEARCHES.register_lazy(TaflGame, "maerstanas_print.plugins.tafl.repair:search")
    PRINTABLES.register_lazy(TaflGame, "maerstanas_print.plugins.tafl.build:printables")


wire()
