"""What Mǽrstánas gives its sheets: the rules in brief, the legend, its stones, a score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from maerstanas_print.capability import Keyed
from maerstanas_print.games.protocol import Game
from maerstanas_print.plugins.maerstanas.score_sheet import (
    DESIGNER,
    ScoreSheetOptions,
    score_sheet,
)
from maerstanas_print.sheets.capabilities import LegendItem, PieceSet, SheetKit, SheetLayout

if TYPE_CHECKING:
    from maerstanas_print.sheets.paper import Sheet

# The rules in brief, for the foot of a board sheet (our words). The `{§ point}`
# markers tie each sentence to the point of the rules concordance it states
# (games/books/concordance/maerstanas.yaml); the sheet prints the text without them.
SHEET_RULES = {
    "standard": (
        "Take turns to place a stone in an empty square. {§ alternate place-one} "
        "No stone may ever have four hinges (sides touching a stone of either colour or "
        "the board edge). {§ three-hinges not-four-at-once edge-hinge} "
        "Each player may play one thunder-stone, which removes the stones on "
        "the squares sharing its sides, and one Woden-stone, which replaces an opponent’s "
        "stone. {§ thunder-instead thunder-removes woden-instead woden-replaces} "
        "Score a point for every pair of your stones side by side and for every side of "
        "your stones on the edge (pairs once, corners twice: our reading). "
        "{§ friendly-hinge reading-pair-once}"
    ),
    "wraparound": (
        "Wraparound: opposite edges join, for every rule in our reading, so every square "
        "has four neighbours and there are no edge hinges. {§ wraparound reading-torus} "
        "Take turns to place a stone in an empty square; no stone may ever have four "
        "hinges (sides touching a stone). {§ alternate place-one three-hinges not-four-at-once} "
        "Each player may play one thunder-stone, which removes the stones on "
        "the squares sharing its sides, and one Woden-stone, which replaces an opponent’s "
        "stone. {§ thunder-instead thunder-removes woden-instead woden-replaces} "
        "Score a point for every pair of your stones side by side, across the edges too "
        "(pairs once: our reading). {§ friendly-hinge wraparound reading-pair-once}"
    ),
}
# (stone kind, name, rune, the rune's name) for legends and cut-out sheets.
LEGEND: tuple[LegendItem, ...] = (
    ("standard", "standard stone", None, ""),
    ("thunder", "thunder-stone", "\u16a6", "thorn"),
    ("woden", "Woden-stone", "\u16a9", "ós"),
)
PENCIL_NOTE = (
    "In pencil: an X or an O for each stone; {§ pencil-and-paper} "
    "ours: X for Dark, O for Light, circle a special stone’s letter, rub out what a "
    "thunder-stone removes. {§ edition-pencil}"
)
# The rules ask for about 40 stones split evenly; the engines never saw more than
# 20 of one colour on the board at a game's end.
STONE_SET: PieceSet = (
    ("thunder", 1, "thunder-stone"),
    ("woden", 1, "Woden-stone"),
    ("standard", 19, "stone"),
)


def sheet_kit(game: Keyed) -> SheetKit:
    """The capability `sheets.capabilities.SHEETS` asks for."""
    assert isinstance(game, Game)
    title = game.title

    def one_score_sheet(paper: str, first: int, theme: str = "print") -> Sheet:
        if first != 1:
            raise LookupError(f"a {title} game fits on one score sheet: it has no --from")
        # The sheet loads the drawing code: imported when the sheet is made, not
        # when the command line asks which games have one (`--game` choices).

        return score_sheet(ScoreSheetOptions(game, paper=paper, theme=theme))

    return SheetKit(
        designer=DESIGNER,
        rules={variant: (text,) for variant, text in SHEET_RULES.items()},
        legend=LEGEND,
        piece_sets=(STONE_SET, STONE_SET),
        pencil_note=PENCIL_NOTE,
        score_sheet=one_score_sheet,
        layout=SheetLayout.for_board(game.board.size),
    )
