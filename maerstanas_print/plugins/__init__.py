"""The top floor: each built-in game's capabilities, wired into the layers that ask.

A game's core (`games/`) is its rules, notation and replay; everything else a
layer needs from it is a capability that layer declares (see `capability.py`)
with its own default. This module is the one place that knows both the games
and the layers: `wire()` registers each game's documents, sheets, books, fix
search, app importer, commands and printables, by name (`"module:factory"`),
so nothing is imported until a layer first asks; it names the layers'
capabilities by address too (`capability.wiring`), so wiring them imports no
layer a run does not use. Importing this module wires
them (the command line and the tests' conftest do); `wire()` is idempotent.
"""

from __future__ import annotations

from maerstanas_print.capability import wiring
from maerstanas_print.games.registry import MAERSTANAS
from maerstanas_print.games.tafl import TaflGame

__all__ = ["wire"]

# Each layer's capabilities, by address: what is registered for them waits until
# a run imports the layer (`check` of a valid game loads no sheets, books,
# documents or fix search for it).
APP_IMPORTERS = wiring("maerstanas_print.commands.capabilities:APP_IMPORTERS")
EXTRA_COMMANDS = wiring("maerstanas_print.commands.capabilities:EXTRA_COMMANDS")
PRINTABLES = wiring("maerstanas_print.commands.capabilities:PRINTABLES")
BOARD_READERS = wiring("maerstanas_print.gamedoc.capabilities:BOARD_READERS")
REPAIR_SEARCHES = wiring("maerstanas_print.play.repair:REPAIR_SEARCHES")
BOOK_KITS = wiring("maerstanas_print.rulebook.kit:BOOK_KITS")
COVERS = wiring("maerstanas_print.rulebook.kit:COVERS")
RULEBOOKS = wiring("maerstanas_print.rulebook.kit:RULEBOOKS")
STONE_KEY_LABELS = wiring("maerstanas_print.rulebook.kit:STONE_KEY_LABELS")
SHEETS = wiring("maerstanas_print.sheets.capabilities:SHEETS")
FILE_PARTS = wiring("maerstanas_print.sheets.capabilities:FILE_PARTS")
SCAN_KITS = wiring("maerstanas_print.scan.capabilities:SCAN_KITS")

_wired = False


def wire() -> None:
    """Register every built-in game's capabilities (once; later calls do nothing)."""
    global _wired
    if _wired:
        return
    _wired = True
    # Mǽrstánas
    game = MAERSTANAS
    BOARD_READERS.register_lazy(game, "maerstanas_print.plugins.maerstanas.document:board_reader")
    SHEETS.register_lazy(game, "maerstanas_print.plugins.maerstanas.sheets:sheet_kit")
    SCAN_KITS.register_lazy(game, "maerstanas_print.plugins.maerstanas.scan_sheet:scan_kit")
    FILE_PARTS.register(game, "")  # the default game's files keep the short names: board-a4.pdf
    BOOK_KITS.register_lazy(game, "maerstanas_print.plugins.maerstanas.book:book_kit")
    COVERS.register_lazy(game, "maerstanas_print.plugins.maerstanas.book:cover")
    STONE_KEY_LABELS.register_lazy(game, "maerstanas_print.plugins.maerstanas.book:key_label")
    RULEBOOKS.register(game, "maerstanas")
    REPAIR_SEARCHES.register_lazy(game, "maerstanas_print.plugins.maerstanas.repair:search")
    APP_IMPORTERS.register_lazy(game, "maerstanas_print.plugins.maerstanas.importer:importer")
    EXTRA_COMMANDS.register(
        game,
        {
            "analyse": "maerstanas_print.plugins.maerstanas.commands.analyse",
            "annotate": "maerstanas_print.plugins.maerstanas.commands.annotate",
            "puzzles": "maerstanas_print.plugins.maerstanas.commands.puzzles",
        },
    )
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
