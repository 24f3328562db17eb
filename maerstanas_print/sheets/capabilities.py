"""What a game gives its sheets, beside its core: looked up per game (`SHEETS`).

A game with only a core gets `SheetKit()`: one plain stone a side in the
legend, no rules summary, no pieces to cut out, no setup or score sheet. The
top floor (`maerstanas_print.plugins`) registers each built-in game's kit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from maerstanas_print.capability import Capability, Keyed
from maerstanas_print.games.protocol import Game
from maerstanas_print.pieces import StoneKind
from maerstanas_print.rule_points import strip_markers

if TYPE_CHECKING:
    from maerstanas_print.sheets.paper import Sheet

# (stone kind, name, rune or None, the rune's name): one piece of a legend.
LegendItem = tuple[StoneKind, str, str | None, str]
# (stone kind as drawn, how many, name in the game): one kind of piece of a side's set.
PieceSet = tuple[tuple[StoneKind, int, str], ...]

__all__ = [
    "FILE_PARTS",
    "SHEETS",
    "LegendItem",
    "PieceSet",
    "SheetKit",
    "SheetLayout",
    "game_score_sheet",
    "game_setup_sheet",
]


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """How a board sheet lays a game's board out: `big` (1 or 2 boards a page at
    most, no rules line over several), and the legend's width under one board
    (`legend_mm`) and its share of the page's width under several."""

    big: bool = False
    legend_mm: float = 186.0
    legend_share: float = 1.0

    @classmethod
    def for_board(cls, size: int) -> SheetLayout:
        """What suits a board of `size` squares a side: a board wider than 7 is
        big; the legend under a 7x7 board is a little narrower than the page."""
        if size == 7:
            return cls(False, 165.0, 0.8)
        return cls(big=size > 7)


@dataclass(frozen=True, slots=True)
class SheetKit:
    """A game's part in its sheets.

    `rules`: the rules in brief per board variant, for the foot of a board sheet;
    `legend`: the pieces a board's legend names, one entry per kind for both
    sides; or, for games whose sides' pieces differ (lettered men), `piece_notes`
    names them one by one (side, kind, name, note) and `square_notes` the board's
    marked squares (the swatch's kind, name, note); `piece_sets`: what Dark and
    Light play with, for the sheet of pieces to cut out (empty: no such sheet),
    with `stones_note` a sentence that sheet adds; `pencil_note`: how the game is
    played in pencil on the small boards; `setup_note`: what the setup sheet says
    of who moves first; `corners_notes`: the legend line under a board with home
    corners, Dark's and Light's, `{home}` and `{goal}` standing for the squares
    (empty: no line, so no legend states a reading that no marked text holds);
    `setup_sheet(paper, theme)` and
    `score_sheet(paper, first, theme)`: the game's own sheets, if it has them (a score
    sheet that `continues` goes on to further sheets numbered from `first`;
    `score_sheet_papers`: the papers its score sheet is designed for, empty for
    any: a kit on other paper enlarges the nearest design instead);
    `layout`: how its board sheets are laid out; `designer`: who the game's rules are
    by, with their part in brackets where they did not design it ("Neil Bernstein
    (rules as posted in 1992)"): the Author of every sheet's PDF (empty: none).

    The texts about the rules (`rules`, `stones_note`, `pencil_note`, `setup_note`,
    `corners_notes`)
    carry rule-point markers (`maerstanas_print.rule_points`), so
    tests/test_rules_concordance.py holds them to the game's rules concordance like
    the books; `rules_for`, `stones_line`, `pencil_line` and `setup_line` give them
    as printed, without the markers.
    """

    rules: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    legend: tuple[LegendItem, ...] = (("standard", "stone", None, ""),)
    piece_notes: tuple[tuple[int, StoneKind, str, str], ...] = ()
    square_notes: tuple[tuple[str, str, str], ...] = ()
    piece_sets: tuple[PieceSet, PieceSet] = ((), ())
    stones_note: str = ""
    pencil_note: str = ""
    setup_note: str = ""
    corners_notes: tuple[str, str] = ("", "")
    setup_sheet: Callable[[str, str], Sheet] | None = None
    score_sheet: Callable[[str, int, str], Sheet] | None = None
    score_sheet_continues: bool = False
    score_sheet_papers: tuple[str, ...] = ()
    layout: SheetLayout = SheetLayout()
    designer: str = ""

    def rules_for(self, variant: str) -> tuple[str, ...]:
        """The rules in brief for `variant`, as printed."""
        return tuple(strip_markers(text) for text in self.rules.get(variant, ()))

    @property
    def stones_line(self) -> str:
        """`stones_note` as printed."""
        return strip_markers(self.stones_note)

    @property
    def pencil_line(self) -> str:
        """`pencil_note` as printed."""
        return strip_markers(self.pencil_note)

    def corners_line(self, side: int, home: str, goal: str) -> str:
        """`side`'s home corners legend as printed, the squares filled in ("" for none)."""
        template = strip_markers(self.corners_notes[side])
        return template.replace("{home}", home).replace("{goal}", goal)

    @property
    def setup_line(self) -> str:
        """`setup_note` as printed."""
        return strip_markers(self.setup_note)

    def rule_texts(self) -> dict[str, str]:
        """Every text about the rules this kit prints, with its markers, by where it
        is printed: what the rules concordance checks."""
        texts = {f"rules[{variant}]": " ".join(t) for variant, t in self.rules.items()}
        texts.update(
            stones_note=self.stones_note, pencil_note=self.pencil_note, setup_note=self.setup_note
        )
        texts.update({f"corners_notes[{side}]": t for side, t in enumerate(self.corners_notes)})
        return {where: text for where, text in texts.items() if text}

    @property
    def has_cut_outs(self) -> bool:
        """Whether the game has a sheet of pieces to cut out."""
        return any(self.piece_sets)


def _plain(game: Keyed) -> SheetKit:
    assert isinstance(game, Game)
    return SheetKit(layout=SheetLayout.for_board(game.board.size))


SHEETS: Capability[SheetKit] = Capability("sheets", _plain)


def _by_slug(game: Keyed) -> str:
    assert isinstance(game, Game)
    return f"-{game.slug}"


# What the file names of a game's printables say after their kind (`board-cyngesheall-a4.pdf`);
# the default game registers "" and keeps the short names it has always had (`board-a4.pdf`).
FILE_PARTS: Capability[str] = Capability("file names", _by_slug)


def game_setup_sheet(game: Keyed, title: str, paper: str, theme: str) -> Sheet:
    """The setup page of a game that begins set up (LookupError for one that does not)."""
    make = SHEETS.of(game).setup_sheet
    if make is None:
        raise LookupError(f"{title} starts on an empty board: there is no setup to draw")
    return make(paper, theme)


def game_score_sheet(
    game: Keyed, title: str, paper: str, first: int = 1, theme: str = "print"
) -> Sheet:
    """A score sheet for recording a game by hand, its moves numbered from `first`,
    inked in `theme` (LookupError for a game without one)."""
    make = SHEETS.of(game).score_sheet
    if make is None:
        raise LookupError(f"{title} has no score sheet")
    return make(paper, first, theme)
