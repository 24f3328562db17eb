"""The rulebook of the 1992 e-mail Hnefatafl: our own words, every figure declared as data.

The rules are Neil Bernstein's, posted to the Usenet group rec.games.abstract
on 11 December 1992; the 19 x 19 layout is the Alea Evangelii arrangement.
Where the post is silent we decided (H1-H13 in docs/rules-notes.md), and the
book says so. Figures crop the big board to the squares that matter, with the
real coordinates, and every claim is put to the tafl engine at build time.
"""

from __future__ import annotations

from maerstanas_print.games import HNEFATAFL_1992
from maerstanas_print.rulebook.figures import Figure, Panel
from maerstanas_print.rulebook.model import (
    BlankBoards,
    Book,
    Bullets,
    Chapter,
    Glossary,
    Heading,
    Para,
    RecordText,
    StoneKey,
    Table,
)
from maerstanas_print.rulebook.tafl_claims import (
    CanMove,
    CannotMove,
    Ends,
    GoesOn,
    IsSetup,
    MoveCount,
    TaflRecord,
    TaflStones,
    Takes,
)
from maerstanas_print.rulebook.tafl_common import options_table, setup_table

GAME = HNEFATAFL_1992.tag
OPENING = "1. O9-O10 N6-N10xO10 2. O11-O10xN10 N3-N10xO10"


def _stones(dark: str, light: str, to_move: str = "Dark", options: str = "") -> TaflStones:
    return TaflStones(GAME, dark=dark, light=light, to_move=to_move, options=options)


THRONE_BLOCKS = _stones("KL8", "H10", "Light")
KING_PASSES = _stones("KH10", "M12")
IN_LINE = _stones("KJ10 C2", "B2 D4", "Light")
DIAGONAL = _stones("KJ10 C3", "B2 B4", "Light")
MOVE_IN = _stones("KJ10 B2 D2", "C4", "Light")
ANVIL_WHITE = _stones("KF15 I10", "H8", "Light")
ANVIL_BLACK = _stones("KF15 H8", "I10")
ARMED_KING = _stones("KJ10 H8", "I10")
KINGS_SQUARE = _stones("KJ10 I10", "H8", "Light")
THREE_SIDES = _stones("KM12", "L12 M11 N14", "Light")
FOUR_SIDES = _stones("KM12", "L12 M11 N12 M15", "Light")
BY_THE_THRONE = _stones("KJ11", "I11 J12 L11", "Light")
NOT_HOSTILE = _stones("KJ11", "I11 J12 L11", "Light", "throne_hostile_to_king=no")
ESCAPE = _stones("KE7", "K3 C10")

FIGURES = {
    "setup": Figure(
        "setup",
        "The start position: Black's king on the throne J10 with his 24 men around him, "
        "White's 48 men spread in a ring towards the edges. Black moves first and has 184 "
        "possible first moves; White, with twice the men, would have 596.",
        (Panel("Black to move first", TaflStones(GAME),
               claims=(IsSetup(), MoveCount("Dark", 184), MoveCount("Light", 596))),),
    ),
    "throne": Figure(
        "throne",
        "The throne, once the king has left it. Left: White's man on H10 may not cross "
        "the throne to reach L10, nor stop on it. Right: the king may do both: he may "
        "pass over J10 to L10, or stop on the throne again.",
        (Panel("A man is stopped", THRONE_BLOCKS,
               claims=(CannotMove("H10-L10", "unreachable",
                                  "only the king may pass the throne at J10"),),
               window="F6:N14"),
         Panel("The king passes or stops", KING_PASSES,
               claims=(CanMove("KH10-L10"), CanMove("KH10-J10")), window="F6:N14")),
    ),
    "capture": Figure(
        "capture",
        "Capturing men, in the top left corner of the board; White moves in every panel. "
        "Left: D4-D2 closes Black's man on C2 in between B2 and D2, and it is taken. "
        "Middle: men that meet only at a corner take nothing. Right: a man may move in "
        "between two enemies unharmed.",
        (Panel("D4-D2 takes C2", IN_LINE, claims=(Takes("D4-D2", ("C2",)),), window="A1:F6"),
         Panel("Corners do not count", DIAGONAL, claims=(Takes("B4-D4", ()),),
               window="A1:F6"),
         Panel("Moving in is safe", MOVE_IN, claims=(Takes("C4-C2", ()),), window="A1:F6")),
    ),
    "anvil": Figure(
        "anvil",
        "The empty throne takes part in captures for both sides. Left: White moves H8 to "
        "H10 and Black's man on I10, between it and the throne, is taken. Right: the "
        "same move by Black takes White's man on I10.",
        (Panel("White takes I10", ANVIL_WHITE, claims=(Takes("H8-H10", ("I10",)),),
               window="F7:L12"),
         Panel("Black takes I10", ANVIL_BLACK, claims=(Takes("H8-H10", ("I10",)),),
               window="F7:L12")),
    ),
    "occupied": Figure(
        "occupied",
        "With the king on the throne it is simply his square. Left: the king takes part "
        "in a capture like any of his men, so Black's H8-H10 takes White's man on I10. "
        "Right: a White man cannot use the occupied throne, so H8-H10 leaves Black's man "
        "on I10 alone.",
        (Panel("The king helps", ARMED_KING, claims=(Takes("H8-H10", ("I10",)),),
               window="F7:L12"),
         Panel("No help for White", KINGS_SQUARE, claims=(Takes("H8-H10", ()),),
               window="F7:L12")),
    ),
    "king-four": Figure(
        "king-four",
        "Away from the throne the king must be closed in on all four sides. Left: N14-N12 "
        "would put White men on three sides of the king on M12, which is not enough. "
        "Middle and right: M15-M13 closes the fourth side; the king is taken and White "
        "wins.",
        (Panel("Three sides: not yet", THREE_SIDES, claims=(Takes("N14-N12", ()),),
               window="K10:O15"),
         Panel("Before M15-M13", FOUR_SIDES, claims=(Takes("M15-M13", ("M12",)),),
               window="K10:O15"),
         Panel("After M15-M13xKM12!", FOUR_SIDES, then="M15-M13xKM12!",
               claims=(Ends("king captured", "Light"),), window="K10:O15")),
    ),
    "king-throne": Figure(
        "king-throne",
        "Next to the empty throne, three White men are enough. Left and middle: the king "
        "on J11 has the throne above him; L11-K11 closes the last side and White wins. "
        "Right: with the option throne_hostile_to_king=no the throne does not count, "
        "and the same move takes nothing.",
        (Panel("Before L11-K11", BY_THE_THRONE, claims=(Takes("L11-K11", ("J11",)),),
               window="H9:M13"),
         Panel("After L11-K11xKJ11!", BY_THE_THRONE, then="L11-K11xKJ11!",
               claims=(Ends("king captured", "Light"),), window="H9:M13"),
         Panel("throne_hostile_to_king=no", NOT_HOSTILE, claims=(Takes("L11-K11", ()),),
               window="H9:M13")),
    ),
    "escape": Figure(
        "escape",
        "The king escapes. Before: the way up column E is clear. After KE7-E1! the king "
        "stands on an edge square, and Black has won.",
        (Panel("Before: Black to move", ESCAPE, claims=(CanMove("KE7-E1"),),
               window="A1:H8"),
         Panel("After KE7-E1!", ESCAPE, then="KE7-E1!", claims=(Ends("escape", "Dark"),),
               window="A1:H8")),
    ),
    "opening": Figure(
        "opening",
        "The sample opening, on the right-hand side of the board. Left: after 1. O9-O10 "
        "White answers N6-N10, taking the Black man that has just arrived on O10. Right: "
        "after 2. O11-O10xN10, White's N3-N10 takes O10 once more.",
        (Panel("White to move: N6-N10", TaflRecord(GAME, "1. O9-O10 *"),
               claims=(Takes("N6-N10", ("O10",)),), window="K2:R12"),
         Panel("After 2... N3-N10xO10", TaflRecord(GAME, "1. O9-O10 N6-N10xO10 "
                                                         "2. O11-O10xN10 *"),
               then="N3-N10xO10", claims=(GoesOn(),), window="K2:R12")),
    ),
}

OPTION_MEANINGS = {
    ("king_armed", "yes"): "the king helps to capture men",
    ("king_armed", "no"): "the king takes no part in captures",
    ("throne_king_may_stop", "yes"): "the king may stop on the throne again",
    ("throne_king_may_stop", "no"): "the king may pass over the throne but not stop there",
    ("throne_hostile_to_king", "yes"): "three White men and the empty throne take the king",
    ("throne_hostile_to_king", "no"): "the king needs four White men round him",
    ("no_legal_move", "lose"): "a player who cannot move loses",
    ("no_legal_move", "pass"): "a player who cannot move passes",
    ("no_legal_move", "draw"): "a player who cannot move ends the game in a draw",
    ("repetition", "draw3"): "the third repetition of a position is a draw",
    ("repetition", "forbid3"): "a move may not repeat a position a third time",
    ("repetition", "ignore"): "repeating positions is allowed",
}

GLOSSARY = (
    ("hnefatafl", "The Norse board game of the king, from *hnefi*, the king piece, and "
                  "*tafl*, a board or board game."),
    ("tafl", "The family of games in which a king and a small force face a larger one "
             "that tries to close him in."),
    ("Alea Evangelii", "The game of the Gospels: a 19 x 19 tafl layout drawn in a medieval "
                       "English manuscript, and the start position of this game."),
    ("throne", "The centre square J10, where the king starts. Only he may stand on it or "
               "cross it."),
    ("man", "Any piece but the king: Black's are marked X, White's O."),
    ("custodial capture", "Taking a piece by closing it in between two of one's own on a "
                          "row or column."),
)


def _overview() -> Chapter:
    return Chapter("Overview", (
        Para("This is a tafl game for two on a board of nineteen by nineteen squares. In "
             "the middle, Black's king sits on his throne among 24 men; around them White "
             "has twice as many. The king tries to break out to the edge of the board, "
             "and White tries to close him in.", "lead"),
        Para("The rules were written for play by e-mail and posted to the Usenet group "
             "rec.games.abstract by **Neil Bernstein** on 11 December 1992. This book "
             "explains them in our own words; its figures were checked by a computer "
             "against the rules as this toolchain plays them (see *About this edition*)."),
        Heading("The aim of the game"),
        Para("The sides are unequal and want different things. **Black** wins as soon as "
             "the king reaches any square on the edge of the board. **White** wins by "
             "surrounding the king on all four sides. Black moves first."),
        Para("This book keeps the post's names: Black, with men marked X and the king K, "
             "and White, with men marked O. In game records the toolchain calls Black "
             "Dark and White Light, as in its other games, where Dark always moves first.",
             "note"),
    ))


def _components() -> Chapter:
    return Chapter("Components and setup", (
        Heading("What you need"),
        Bullets((
            "A board of 19 by 19 squares. The columns are lettered A to S from the left "
            "(I included) and the rows numbered 1 to 19 from the top, so A1 is the top "
            "left corner. The centre square, J10, is the **throne**.",
            "For Black: 24 men and one king. For White: 48 men. Any two sets of counters "
            "will do, with something to tell the king apart; a go board and stones also "
            "work if the pieces go on the points.",
        )),
        StoneKey(GAME),
        Heading("Setting up"),
        Para("The king starts on the throne, and the men take up the Alea Evangelii "
             "arrangement: Black's in a cross-shaped cluster around the king, White's in "
             "small groups further out ({fig:setup}). The layout looks the same from "
             "every side of the board."),
        FIGURES["setup"],
        setup_table(HNEFATAFL_1992),
        Para("The post's own diagram has two column letters swapped in the row of labels "
             "beneath it (D and E). The labels above it are right, and so is the "
             "position; our boards print both rows correctly."),
    ))


def _moving() -> Chapter:
    return Chapter("Moving and the throne", (
        Para("The players take turns, Black first, moving one piece each turn. There is "
             "no passing.", "lead"),
        Bullets((
            "Every piece, the king too, slides in a straight line along a row or a "
            "column, as far as the player likes, like a rook in chess.",
            "No piece jumps: the squares it crosses and the square where it stops must "
            "be empty.",
            "Only the king may enter the throne. Once he has left it, the empty throne "
            "blocks every man: none may stop on it or pass over it ({fig:throne}).",
            "The king may pass over the throne, and may return to it and stop there.",
            "The edges and corners are ordinary squares for the men.",
        )),
        FIGURES["throne"],
    ))


def _capturing() -> Chapter:
    return Chapter("Capturing men", (
        Para("A man is captured when the player who has just moved closes it in between "
             "two of their own pieces on a row or a column. Captured men leave the "
             "board.", "lead"),
        Heading("Between two"),
        Para("After moving, look at the four squares beside the piece that moved. An enemy "
             "man on one of them is taken if the square beyond it, on the same line, holds "
             "another of the mover's pieces ({fig:capture}). One move can take up to three "
             "men this way, one on each side but the side the piece came from."),
        Bullets((
            "Only the two opposite sides count. Two enemies at right angles, or touching "
            "only at a corner, take nothing.",
            "A man may move in between two enemies safely: captures are made only by the "
            "side that moves.",
            "The king is armed: he can make a capture and can be the far piece of one.",
        )),
        FIGURES["capture"],
        Heading("The throne as an anvil"),
        Para("While it is empty the throne is hostile to everyone. A man standing next to "
             "it is captured when an enemy arrives on its other side, whichever side the "
             "man belongs to ({fig:anvil})."),
        FIGURES["anvil"],
        Para("With the king on it the throne is just the king's square. He takes part in "
             "captures against White from there, and the throne offers White nothing "
             "against Black's men ({fig:occupied})."),
        FIGURES["occupied"],
    ))


def _winning() -> Chapter:
    return Chapter("The king: capture and escape", (
        Heading("Capturing the king"),
        Para("The king is harder to take than a man. White must close him in on all four "
             "sides, with White men above, below, left and right of him ({fig:king-four})."
             " The move that closes the fourth side takes the king and wins."),
        FIGURES["king-four"],
        Para("Next to the empty throne three White men are enough, because the throne "
             "counts as the fourth side ({fig:king-throne}). The king never stands on the "
             "edge while the game goes on, so an edge never helps White."),
        FIGURES["king-throne"],
        Heading("The escape"),
        Para("Black wins as soon as the king stops on any square of the outer ring, "
             "corners included ({fig:escape}). White must therefore keep every line from "
             "the king to the edge blocked."),
        FIGURES["escape"],
        Heading("No move, and repetition"),
        Para("A player who has no legal move on their turn loses. When the same position "
             "comes up for the third time with the same player to move, the game is "
             "drawn; the players may also agree a draw."),
    ))


def _decisions() -> Chapter:
    return Chapter("What we decided", (
        Para("The post is short, and some questions need an answer before a program can "
             "check a game. These are our readings (H1 to H13 in our notes on the "
             "rules); they are not the post's words.", "lead"),
        Bullets((
            "**Two opposite sides** (H1): a man is taken only between two enemies on one "
            "line, never by an L-shaped pair.",
            "**The armed king** (H2): the king captures and helps to capture.",
            "**The throne** (H3, H4): the king may cross it and stop on it again; no man "
            "may cross it or stop on it.",
            "**The hostile throne** (H5, H6): the empty throne counts against men of "
            "both sides and as the fourth side against the king; with the king on it, "
            "it is simply his square.",
            "**King and edges** (H7, H8): four sides, or three and the empty throne, "
            "take the king; any edge square wins for Black; edges and corners are "
            "otherwise ordinary.",
            "**Several at once** (H9): one move may take up to three men.",
            "**No legal move loses** (H10); **a third repetition draws** (H11).",
            "**Nothing else** (H12): there are no shield walls, edge forts or wins by "
            "encirclement.",
            "**Names** (H13): records call Black Dark and White Light, so Dark moves "
            "first in every game of the toolchain; this book keeps Black and White.",
        )),
        Heading("Options"),
        Para("Each of these can be changed for one game with the record's Options tag, "
             "for example `[Options \"throne_hostile_to_king=no; king_armed=no\"]`; the "
             "checker then replays the record by those rules."),
        options_table(HNEFATAFL_1992, OPTION_MEANINGS),
    ))


def _notation() -> Chapter:
    return Chapter("Writing a game down", (
        Para("Moves are written from square to square and numbered in pairs, Black's "
             "first. Remember that Black is Dark in the records.", "lead"),
        Table(("Move", "Written", "Meaning"), (
            ("a man", "`O9-O10`", "from a square to a square"),
            ("the king", "`KJ10-J4`", "the letter K before the square he leaves"),
            ("captures", "`N6-N10xO10`, `xKM12`", "every square emptied after `x`, "
             "separated by slashes; a captured king keeps his letter"),
            ("a winning move", "`KE7-E1!`", "`!` marks the move that ends the game"),
            ("the result", "`1-0`, `0-1`, `1/2-1/2`, `*`", "Black won, White won, drawn, "
             "unfinished"),
        ), widths=(0.2, 0.3, 0.5)),
        Para("A square letter follows a piece letter directly, so `K10-K12` moves a man "
             "from column K, while `KK10-K12` moves the king from K10."),
        Para("Tags in square brackets go before the moves. The record must say "
             "`[Game \"EmailHnefatafl1992\"]`, since a record without a Game tag is read "
             "as Mǽrstánas. `[Setup \"...\"]` starts from another position and "
             "`[Options \"...\"]` changes the rules where the options allow. The checker "
             "replays the moves and rejects an illegal move, a wrong capture list or a "
             "`!` on a move that does not end the game."),
        RecordText(f'[Game "EmailHnefatafl1992"]\n\n{OPENING} *',
                   "A short opening: four moves and four captures, as both sides fight "
                   "over O10."),
        FIGURES["opening"],
    ))


def _edition() -> Chapter:
    return Chapter("About this edition", (
        Para("The rules explained here were posted by **Neil Bernstein** to the Usenet "
             "group rec.games.abstract on 11 December 1992, for playing hnefatafl by "
             "e-mail. His start position is the Alea Evangelii arrangement, named after "
             "the medieval manuscript in which the 19 by 19 layout is drawn."),
        Para("The wording, the figures and the layout of this book are ours. Where the "
             "post leaves a question open, the answers listed under *What we decided* "
             "are our readings, chosen to match the most widely played tafl rules, and "
             "not Neil Bernstein's; the options let players choose otherwise."),
        Para("The book is generated by maerstanas_print. Every figure is declared with "
             "what it shows, for example that L11-K11 takes the king beside the throne, "
             "and the rules engine checks each such claim whenever the book is built. A "
             "figure whose claim is false stops the build."),
    ))


def _glossary() -> Chapter:
    return Chapter("Glossary", (Glossary(GLOSSARY),))


def book() -> Book:
    """The rulebook of the 1992 e-mail Hnefatafl, in reading order."""
    return Book(
        title="E-mail Hnefatafl",
        subtitle="The 1992 rules of play",
        author="Rules posted by Neil Bernstein, 11 December 1992",
        chapters=(
            _overview(), _components(), _moving(), _capturing(), _winning(), _decisions(),
            _notation(), _edition(), _glossary(),
            Chapter("Boards for pencil and paper", (BlankBoards(GAME, 2),), appendix=True),
        ),
        front=(
            Para("An illustrated explanation of the rules, made with maerstanas_print. The "
                 "rules were posted by Neil Bernstein to rec.games.abstract on 11 December "
                 "1992; the start position is the Alea Evangelii arrangement. The wording "
                 "and figures are ours, and so are the readings marked as such."),
        ),
        game=GAME,
        pdf_author="Neil Bernstein (rules, 1992); maerstanas_print (this book)",
        subject="The rules of the 1992 e-mail Hnefatafl, a tafl game on a 19×19 board, "
                "as posted by Neil Bernstein to rec.games.abstract on 11 December 1992; "
                "illustrated",
        keywords=("Hnefatafl", "Alea Evangelii", "tafl", "board game", "rules", "rulebook"),
        description="The rules of the 1992 e-mail Hnefatafl, posted by Neil Bernstein to "
                    "rec.games.abstract on 11 December 1992, illustrated.",
        licence_url="",
    )
