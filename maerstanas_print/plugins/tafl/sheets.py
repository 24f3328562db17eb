"""What a tafl game gives its sheets: its definition's rules, legend and pieces, and
its setup and score sheets."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from maerstanas_print.capability import Keyed
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.games.tafl.engine import PIECE_NAMES
from maerstanas_print.games.tafl.score_notation import lettered_pieces
from maerstanas_print.pieces import StoneKind
from maerstanas_print.plugins.tafl.score_sheet import TaflScoreSheetOptions, score_sheet
from maerstanas_print.plugins.tafl.setup_sheet import SetupSheetOptions, setup_sheet
from maerstanas_print.sheets.capabilities import PieceSet, SheetKit, SheetLayout
from maerstanas_print.sides import DARK, LIGHT

if TYPE_CHECKING:
    from maerstanas_print.sheets.paper import Sheet

MEN_ORDER: tuple[StoneKind, ...] = ("king", "man")  # as a sheet lists a side's men


def piece_set(game: TaflGame, side: int) -> PieceSet:
    """Rune stones: the definition's set, the same for both sides. Lettered men: what
    the side has in the start position, the king first (the 1992 game's sides differ)."""
    if game.look.pieces != "men":
        return game.definition.stone_set
    counts = Counter(stone.kind for stone in game.start_stones().values() if stone.side == side)
    return tuple((kind, counts[kind], kind) for kind in MEN_ORDER if counts[kind])


def pencil_note(game: TaflGame) -> str:
    """How the game is played on the pencil boards, from its pieces: a letter for each
    (the notation's K and C, X and O for the plain ones, as the Mǽrstánas sheets mark
    stones), rubbed out and written again as it moves. The boards are empty grids, so
    the sheet says so: the pieces move, and ink would not rub out."""
    plain = "man" if game.look.pieces == "men" else "stone"
    lettered = lettered_pieces(game)
    named = sorted(lettered[DARK] | lettered[LIGHT], key="KC".find)
    both = lettered[DARK] & lettered[LIGHT]
    letters = []
    for letter in named:
        whose = "" if letter in both else "Dark " if letter in lettered[DARK] else "Light "
        letters.append(f"{letter} {whose}{PIECE_NAMES[letter].split()[-1]}")
    if both:  # a K alone would not say whose king it is: Light's are ringed, as its O is
        ringed = " and ".join(sorted(both, key="KC".find))
        letters[-1] += f" (Light’s {ringed} in a ring)"
    letters += [f"X Dark {plain}", f"O Light {plain}"]
    return (
        f"In pencil, ours: {', '.join(letters)}; when a piece moves, rub it out and "
        "write it where it lands, and rub out what is taken. {§ edition-pencil}"
    )


def _with_notes(kit: SheetKit, game: TaflGame) -> SheetKit:
    """Lettered men are named one by one, in the 1992 post's words, with the
    throne and the escape edge their board marks."""
    if game.look.pieces != "men":
        return kit
    pieces: tuple[tuple[int, StoneKind, str, str], ...] = (
        (DARK, "man", "Black man (X)", "our Dark"),
        (LIGHT, "man", "White man (O)", "our Light"),
        (DARK, "king", "Black king (K)", "our Dark"),
    )
    squares = []
    if game.tafl.throne is not None:
        squares.append(("throne", "throne", f"{game.board.name(game.tafl.throne)}, the king only"))
    if game.look.escape_edge:
        squares.append(("escape", "edge squares", "the king escapes here"))
    return replace(kit, piece_notes=pieces, square_notes=tuple(squares))


def sheet_kit(game: Keyed) -> SheetKit:
    """The capability `sheets.capabilities.SHEETS` asks for."""
    assert isinstance(game, TaflGame)

    # The sheets themselves load the drawing code: imported when a sheet is made,
    # not when the command line asks which games have one (`--game` choices).
    def setup(paper: str, theme: str) -> Sheet:
        return setup_sheet(SetupSheetOptions(game, paper, theme))

    def scores(paper: str, first: int, theme: str = "print") -> Sheet:
        del theme  # a tafl score sheet is text and boxes: nothing a theme fills
        return score_sheet(TaflScoreSheetOptions(game, paper, first))

    kit = SheetKit(
        designer=game.definition.designer,
        rules={"standard": game.definition.sheet_rules},
        legend=game.definition.legend,
        piece_sets=(piece_set(game, DARK), piece_set(game, LIGHT)),
        stones_note=game.definition.stones_note,
        setup_note=game.definition.first_move,
        pencil_note=pencil_note(game),
        corners_notes=game.definition.corners_notes,
        setup_sheet=setup,
        score_sheet=scores,
        score_sheet_continues=True,
        layout=SheetLayout.for_board(game.board.size),
    )
    return _with_notes(kit, game)
