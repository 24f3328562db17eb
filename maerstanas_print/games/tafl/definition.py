"""What one tafl game's module declares: its rules and how it is printed."""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.games.tafl.engine import TaflRules
from maerstanas_print.pieces import PieceStyle, StoneKind


@dataclass(frozen=True, slots=True)
class TaflDefinition:
    tag: str  # the value of the Game tag
    title: str
    slug: str
    credit: str
    rules: TaflRules
    pieces: PieceStyle  # "stones": Beers' rune stones; "men": lettered men
    sheet_rules: tuple[str, ...]  # the rules in brief, for the sheets
    legend: tuple[tuple[StoneKind, str, str | None, str], ...]  # (kind, name, rune, rune's stone)
    sample: str | None  # a sample record in maerstanas_print/samples/
    rulebook: str | None  # the module whose book() is the game's rulebook
    # The stones one side plays with, for the cut-out sheet (kind, how many, name);
    # empty: no such sheet, except for lettered men, whose sets are counted from the
    # start position (`plugins.tafl.sheets.piece_set`). `stones_note`: a sentence that sheet adds.
    stone_set: tuple[tuple[StoneKind, int, str], ...] = ()
    stones_note: str = ""
    designer: str = ""  # who designed the game: its sheets' Author (`SheetKit.designer`)
    # Who moves first, as the setup sheet says it, with its rule-point markers
    # (`maerstanas_print.rule_points`): the rules' own qualifiers kept.
    first_move: str = "Dark moves first."
    # The legend line under a board with home corners, Dark's then Light's, with
    # `{home}` and `{goal}` for the squares the board marks, and its markers: which
    # corner is whose is a reading for a game whose rules do not say (empty: no line).
    corners_notes: tuple[str, str] = ("", "")
