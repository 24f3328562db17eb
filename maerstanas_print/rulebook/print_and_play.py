"""A game's print-and-play kit: everything needed to play, in one PDF.

The kit opens with a cover (`kit_cover`: the parts and their pages, how to
print them, the credit of the game and its rules, once), then the game's
one-page quick reference (`card`) and the sheets the game has, in the order a
player uses them: the setup (movement games), the full-size playing board, the
stones (or pieces) to cut out, sized to that board's squares, and two score
sheets (a movement game's second numbers on, for a long game; a Mǽrstánas game
fits one sheet, so the second is for the return game). Each sheet is the page
its own command prints, on the kit's paper, with its credit line replaced by
the kit's one foot ("page N of M"); the PDF's bookmarks name the parts. On A3
and Tabloid the board and the pieces keep their true size (that is what the
big paper is for), and a score sheet designed for any paper is made for it;
the setup page and a score sheet designed only for A4 and Letter are enlarged
to the page, as a copier would, like the quick reference.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from maerstanas_print.draw.shapes import Page, enlarge
from maerstanas_print.games.protocol import Game
from maerstanas_print.rulebook.books import book_for, quickref_for
from maerstanas_print.rulebook.card import ENLARGES, card_pdf
from maerstanas_print.rulebook.kit_cover import MARGIN as SHEET_MARGIN
from maerstanas_print.rulebook.kit_cover import KitCover, KitEntry, cover_page, kit_footer
from maerstanas_print.rulebook.model import Block, StoneKey
from maerstanas_print.rulebook.prepare import PreparedBook, prepare
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet, full_board_cell
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import PAPERS, Sheet, without_licence_line
from maerstanas_print.sheets.stones_sheet import StonesSheetOptions, piece_noun, stones_sheet


@dataclass(frozen=True, slots=True)
class KitPart:
    """One part of a kit: its name (bookmark and cover), its sheet, and whether it
    goes on card."""

    name: str
    sheet: Sheet
    on_card: bool = False


def kit_parts(game: Game, paper: str, theme: str = "print", tokens: str = "round") -> list[KitPart]:
    """Every part of the kit after the quick reference, in the order a player uses
    them; `theme` as the board and stones sheets take it (`ink-saver`), `tokens` as
    the stones sheet does (`square`)."""
    design = ENLARGES.get(paper, paper)
    parts: list[KitPart] = []
    kit = SHEETS.of(game)
    if kit.setup_sheet is not None:  # a game that starts on an empty board has none
        # Made for the kit's paper, not enlarged: an A4 diagram enlarged onto A3 came
        # out larger than the real board on the next page.
        parts.append(KitPart("Setting up", kit.setup_sheet(paper, theme)))
    parts.append(
        KitPart(
            "Playing board", board_sheet(BoardSheetOptions(paper=paper, game=game, theme=theme))
        )
    )
    if kit.has_cut_outs:
        name = f"{piece_noun(game).capitalize()} to cut out"
        pieces = stones_sheet(StonesSheetOptions(game, paper, theme, tokens))
        parts.append(KitPart(name, pieces, True))
    if kit.score_sheet is not None:
        papers = kit.score_sheet_papers
        sheet_paper = paper if not papers or paper in papers else design
        first = kit.score_sheet(sheet_paper, 1, theme)
        parts.append(KitPart("Score sheet", first))
        if first.next_move is not None:  # a long game's record goes on to a second sheet
            following = kit.score_sheet(sheet_paper, first.next_move, theme)
            parts.append(KitPart("Score sheet, continued", following))
        else:  # a game fits one sheet: the second records the return game
            parts.append(KitPart("Score sheet, return game", first))
    return parts


def inked(prepared: PreparedBook, theme: str) -> PreparedBook:
    """`prepared` with every figure's boards inked in `theme`: the kit's one theme
    reaches its quick reference too (the ink-saver kit's figures and its stone key hatch
    Dark stones instead of printing them solid)."""
    figures = {
        key: replace(
            view,
            panels=tuple(
                replace(panel, spec=replace(panel.spec, theme=theme)) for panel in view.panels
            ),
        )
        for key, view in prepared.figures.items()
    }
    book = prepared.book
    chapters = tuple(
        replace(chapter, blocks=_keys_inked(chapter.blocks, theme)) for chapter in book.chapters
    )
    book = replace(book, chapters=chapters, front=_keys_inked(book.front, theme))
    return replace(prepared, book=book, figures=figures)


def _keys_inked(blocks: tuple[Block, ...], theme: str) -> tuple[Block, ...]:
    """`blocks` with every stone key drawn in `theme`, like the figures beside it."""
    return tuple(
        replace(block, theme=theme) if isinstance(block, StoneKey) else block for block in blocks
    )


def _fitted(page: Page, paper: str) -> Page:
    """`page` enlarged to fill `paper` if it is smaller, centred across and its title
    at the sheets' own top margin, so every page of the kit starts at the same height
    (Letter enlarged to Tabloid's width leaves its spare room at the foot)."""
    target = PAPERS[paper]
    factor = min(target.width / page.width, target.height / page.height)
    if factor <= 1.0:
        return page
    dx = (target.width - page.width * factor) / 2
    dy = SHEET_MARGIN * (1.0 - factor)  # the enlarged top margin back to the sheets' own
    return Page(
        target.width, target.height, tuple(enlarge(page.shapes, factor, dx, dy)), page.label
    )


def kit_credits(credit: str, licence_url: str, rulebook: str) -> tuple[str, ...]:
    """The cover's credits: the game's credit once, then the kit's own licence and
    where the full rules are, the rulebook named by its own title data (`full_title`;
    the quick reference's sentence typed the 1992 book's name by hand)."""
    licence = licence_url.removeprefix("https://").removeprefix("http://").rstrip("/")
    own = (
        "This kit's wording and figures, made with maerstanas_print, are shared under CC BY-SA 4.0"
    )
    if licence and licence not in credit:
        own += f" ({licence})"
    pointer = (
        f"The full illustrated rules are in this edition's rulebook, {rulebook}."
        if rulebook
        else ""
    )
    return tuple(line for line in (credit, own + ".", pointer) if line)


def _rulebook_title(game: Game) -> str:
    """The game's rulebook as its front matter names it, or '' for a game without one."""
    try:
        return book_for(game).full_title
    except KeyError:
        return ""


def kit_pdf(game: Game, paper: str, theme: str = "print", tokens: str = "round") -> bytes:
    """The kit as one PDF (KeyError for a game without a quick reference)."""
    parts = kit_parts(game, paper, theme, tokens)
    prepared = inked(prepare(quickref_for(game)), theme)
    book = prepared.book
    pages: list[tuple[str, Page]] = []
    entries = [KitEntry(2, "Quick reference")]
    for part in parts:
        for number, page in enumerate(part.sheet.pages, 1):
            name = part.name if len(part.sheet.pages) == 1 else f"{part.name} ({number})"
            entries.append(KitEntry(len(pages) + 3, name, part.on_card))
            pages.append((name, _fitted(without_licence_line(page, game), paper)))
    total = len(pages) + 2
    # The kit's version is its rules' release date (the quick reference's `released`).
    edition = f"{book.released:%-d %B %Y}" if book.released else ""
    label = f"{game.title} · {book.author} · print-and-play kit" + (
        f" of {edition}" if edition else ""
    )
    board_page = next(e.page for e in entries if e.name == "Playing board")
    cut = next((e for e in entries if e.on_card), None)
    cover = KitCover(
        game=game,
        paper=PAPERS[ENLARGES.get(paper, paper)],  # designed for A4 or Letter, enlarged
        printed_on=PAPERS[paper].in_print_dialog,
        entries=tuple(entries),
        pieces=piece_noun(game) if cut is not None else "",
        scale_page=board_page,
        square_mm=full_board_cell(game, paper),
        credits=kit_credits(game.credit, book.licence_url, _rulebook_title(game)),
        edition=edition,
        theme=theme,
    )
    ink = "" if theme == "print" else f" ({theme})"
    # Semicolons: a part's own name may hold a comma ("Score sheet, return game").
    names = ["the quick reference", *(part.name.lower() for part in parts)]
    subject = f"Everything to play {game.title} from paper{ink}: " + "; ".join(names)
    return card_pdf(
        prepared,
        paper,
        cover=_fitted(cover_page(cover), paper),
        pages_after=[(name, page) for name, page in pages],
        foot=lambda number: kit_footer(PAPERS[paper], label, number, total),
        title=f"{game.title}: print-and-play kit{ink}",
        subject=subject,
        keywords=(game.title, "print and play", "board game", "rules", "CC BY-SA 4.0"),
    )
