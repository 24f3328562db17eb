"""A game's print-and-play kit: everything needed to play, in one PDF.

The kit opens with the game's one-page quick reference (`card`) and goes on
with the sheets the game has, in the order a player uses them: the setup
(movement games), the full-size playing board, the stones (or pieces) to cut
out, sized to that board's squares, and the score sheet (a movement game's
with a second sheet that numbers on, for a long game). Each is the same page
its own command prints, on the kit's paper; the PDF's bookmarks name the parts.
On A3 and Tabloid the board and the pieces keep their true size (that is what
the big paper is for), while the pages one reads and writes on, the setup and
the score sheet, are their A4 and Letter designs enlarged to the page, as a
copier would, like the quick reference.
"""

from __future__ import annotations

from maerstanas_print.draw.shapes import Page, enlarge
from maerstanas_print.games.protocol import Game
from maerstanas_print.rulebook.books import quickref_for
from maerstanas_print.rulebook.card import ENLARGES, card_pdf
from maerstanas_print.rulebook.prepare import prepare
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import PAPERS, Sheet
from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, piece_noun, stones_sheet


def kit_sheets(game: Game, paper: str) -> list[tuple[str, Sheet]]:
    """(part name, sheet) for every sheet of the kit after the quick reference; the
    setup and score sheets on the design paper (see card.ENLARGES)."""
    design = ENLARGES.get(paper, paper)
    parts: list[tuple[str, Sheet]] = []
    kit = SHEETS.of(game)
    if kit.setup_sheet is not None:  # a game that starts on an empty board has none
        parts.append(("Setting up", kit.setup_sheet(design, "print")))
    parts.append(("Playing board", board_sheet(BoardSheetOptions(paper=paper, game=game))))
    if kit.has_cut_outs:
        parts.append(
            (
                f"{piece_noun(game).capitalize()} to cut out",
                stones_sheet(StonesSheetOptions(game, paper)),
            )
        )
    if kit.score_sheet is not None:
        sheet = kit.score_sheet(design, 1)
        parts.append(("Score sheet", sheet))
        if sheet.next_move is not None:  # a long game's record goes on to a second sheet
            parts.append(("Score sheet, continued", kit.score_sheet(design, sheet.next_move)))
    return parts


def _fitted(page: Page, paper: str) -> Page:
    """`page` enlarged to fill `paper`, centred both ways, if it is smaller (Letter
    enlarged to Tabloid's width leaves room above and below; it is shared)."""
    target = PAPERS[paper]
    factor = min(target.width / page.width, target.height / page.height)
    if factor <= 1.0:
        return page
    dx = (target.width - page.width * factor) / 2
    dy = (target.height - page.height * factor) / 2
    return Page(
        target.width, target.height, tuple(enlarge(page.shapes, factor, dx, dy)), page.label
    )


def kit_pages(parts: list[tuple[str, Sheet]], paper: str) -> list[tuple[str, Page]]:
    """(bookmark, page) for every page of the kit's `parts` (see kit_sheets)."""
    out = []
    for name, sheet in parts:
        for number, page in enumerate(sheet.pages, 1):
            out.append(
                (name if len(sheet.pages) == 1 else f"{name} ({number})", _fitted(page, paper))
            )
    return out


def kit_pdf(game: Game, paper: str) -> bytes:
    """The kit as one PDF (KeyError for a game without a quick reference)."""
    parts = kit_sheets(game, paper)
    subject = f"Everything to play {game.title} from paper: the quick reference, " + ", ".join(
        name.lower() for name, _ in parts
    )
    return card_pdf(
        prepare(quickref_for(game)),
        paper,
        pages_after=kit_pages(parts, paper),
        title=f"{game.title}: print-and-play kit",
        subject=subject,
        keywords=(game.title, "print and play", "board game", "rules", "CC BY-SA 4.0"),
    )
