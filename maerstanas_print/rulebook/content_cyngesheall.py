"""The Cyngesheall rulebook: our own words, with every figure declared as data.

Cyngesheall and its rules are John Beers' (CC BY-SA 4.0; living rules on
GitHub, mirrored from Codeberg). This book explains them in our words, and
says where we decided what the rules leave open (C1-C18 in
docs/rules-notes.md). Every figure's claims are put to the tafl engine when
the book is built.
"""

from __future__ import annotations

from maerstanas_print.games import CYNGESHEALL
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

GAME = CYNGESHEALL.tag
RULES_REPO = "https://github.com/jaerrib/cyngesheall"
RULES_HOME = "https://codeberg.org/jaerrib/cyngesheall"
LICENCE_URL = "https://creativecommons.org/licenses/by-sa/4.0/"

# The research's sample game (docs/notation.md): Light takes Dark's king on move 7.
SAMPLE = ("1. CF6-E5 D1-F1 2. CE5-C3 A4-C4xCC3 3. F5-A5 C4-C5 4. F7-F2 CB2-E5\n"
          "5. KG7-F7 B3-F3xF2 6. G4-E4xCE5 C2-C4 7. KF7-F4 C5-F5xKF4! 0-1")
SAMPLE_BEFORE_LAST = SAMPLE.split(" C5-F5")[0] + " *"

START = TaflStones(GAME)
SANDWICH = TaflStones(GAME, dark="KG7 D3 F5", light="KA1 D4")
BETWEEN = TaflStones(GAME, dark="KG7 D7", light="KA1 C4 E4")
FOUR = TaflStones(GAME, dark="KG7 CF6 D2 B4 F4 D6", light="KA1 D3 C4 E4 D5")
ON_EDGE = TaflStones(GAME, dark="KG7 A3 E5", light="KA4")
CORNER = TaflStones(GAME, dark="KG7 A2 D1", light="KA1")
HOME_RUN = TaflStones(GAME, dark="KA5 G7", light="KG1 C3")
AT_THE_DOOR = TaflStones(GAME, dark="KB1 G6", light="KA1 C5", to_move="Light")

FIGURES = {
    "setup": Figure(
        "setup",
        "The start position. Light's pieces fill the top left corner, Dark's the bottom "
        "right: the king in the corner, the commander one step in on the diagonal, the "
        "eight plain stones around them. Each side has 37 possible first moves.",
        (Panel("Dark to move first", START,
               claims=(IsSetup(), MoveCount("Dark", 37), MoveCount("Light", 37))),),
    ),
    "moves": Figure(
        "moves",
        "Moving, from the start position. Left: a plain stone slides along its column "
        "(G4 to G1), and the commander may slide diagonally (F6 to C3, where Light's "
        "commander on B2 stops it). Right: F7 cannot reach F1, because the commander "
        "on F6 is in the way, and a plain stone may not step diagonally from E6 to D5.",
        (Panel("Allowed", START, claims=(CanMove("G4-G1"), CanMove("CF6-C3"))),
         Panel("Not allowed", START,
               claims=(CannotMove("F7-F1", "unreachable", "the way is blocked at F6"),
                       CannotMove("E6-D5", "unreachable", "moves only along rows and "
                                                          "columns")))),
    ),
    "capture": Figure(
        "capture",
        "A capture. Before: Dark's stone on D3 stands above Light's stone on D4; Dark "
        "slides F5 to D5, below it. After: D4 was caught between two Dark pieces in "
        "one column and is gone (the cross). The move is written F5-D5xD4.",
        (Panel("Before: Dark to move", SANDWICH, claims=(Takes("F5-D5", ("D4",)),)),
         Panel("After F5-D5xD4", SANDWICH, then="F5-D5xD4", claims=(GoesOn(),))),
    ),
    "safe": Figure(
        "safe",
        "Moving in is safe. Dark's stone slides from D7 to D4, right between Light's "
        "stones on C4 and E4. Captures are made only by the side that moves, so the "
        "stone on D4 stays; and it takes nothing itself, since no Dark piece stands "
        "beyond C4 or E4.",
        (Panel("Before: D7 to D4", BETWEEN, claims=(Takes("D7-D4", ()),)),
         Panel("After D7-D4", BETWEEN, then="D7-D4", claims=(GoesOn(),))),
    ),
    "commander": Figure(
        "commander",
        "The commander arrives diagonally. Before: each Light stone around D4 has a "
        "Dark piece behind it. After CF6-D4 all four are caught at once, one along each "
        "row and column through D4: CF6-D4xD3/D5/C4/E4.",
        (Panel("Before: the commander on F6", FOUR,
               claims=(Takes("CF6-D4", ("D3", "C4", "E4", "D5")),)),
         Panel("After CF6-D4xD3/D5/C4/E4", FOUR, then="CF6-D4xD3/D5/C4/E4",
               claims=(GoesOn(),))),
    ),
    "king": Figure(
        "king",
        "The king is caught like any other piece, but only by two enemy pieces. Left: "
        "Light's king on A4 sits between A3 and A5 in the first column; E5-A5 takes it "
        "and ends the game. Right: in its corner the king cannot be caught at all, "
        "because no square lies beyond it, so D1-B1 takes nothing; the edge of the "
        "board never helps a capture.",
        (Panel("E5-A5 takes the king", ON_EDGE,
               claims=(Takes("E5-A5", ("A4",)),)),
         Panel("The corner is safe", CORNER, claims=(Takes("D1-B1", ()),))),
    ),
    "escape": Figure(
        "escape",
        "Dark's king reaches A1, the corner where Light's king began, and Dark wins at "
        "once: KA5-A1!",
        (Panel("Before: Dark to move", HOME_RUN, claims=(CanMove("KA5-A1"),)),
         Panel("After KA5-A1!", HOME_RUN, then="KA5-A1!", claims=(Ends("escape", "Dark"),))),
    ),
    "king-taken": Figure(
        "king-taken",
        "A king can serve as the far piece of a capture. Dark's king has come to B1, "
        "next to its goal, but Light's king still sits at home on A1; Light's stone "
        "slides from C5 to C1 and Dark's king is caught between them. Light wins: "
        "C5-C1xKB1!",
        (Panel("Before: Light to move", AT_THE_DOOR, claims=(Takes("C5-C1", ("B1",)),)),
         Panel("After C5-C1xKB1!", AT_THE_DOOR, then="C5-C1xKB1!",
               claims=(Ends("king captured", "Light"),))),
    ),
    "sample": Figure(
        "sample",
        "The end of the sample game. Dark's king has walked to F4; Light's stone slides "
        "from C5 to F5, and the king is caught between F3 and F5. Light wins.",
        (Panel("Before 7... C5-F5", TaflRecord(GAME, SAMPLE_BEFORE_LAST),
               claims=(Takes("C5-F5", ("F4",)),)),
         Panel("After C5-F5xKF4!", TaflRecord(GAME, SAMPLE_BEFORE_LAST), then="C5-F5xKF4!",
               claims=(Ends("king captured", "Light"),))),
    ),
}

OPTION_MEANINGS = {
    ("corner_access", "all"): "any piece may enter any corner",
    ("corner_access", "kings_only"): "only a king may enter a corner",
    ("no_legal_move", "lose"): "a player who cannot move loses",
    ("no_legal_move", "pass"): "a player who cannot move passes",
    ("no_legal_move", "draw"): "a player who cannot move ends the game in a draw",
    ("repetition", "forbid3"): "a move may not repeat a position a third time; if every "
                               "move would, the game is drawn",
    ("repetition", "draw3"): "the third repetition of a position is a draw",
    ("repetition", "ignore"): "repeating positions is allowed",
}

GLOSSARY = (
    ("cyningesheall", "The king's hall: *cyning*, king, and *heall*, hall. The designer "
                      "first glossed the name as the king's corner and later corrected it "
                      "to the hall."),
    ("tæfl", "A board, and the family of old northern games played on one in which a "
             "king with few men faces a larger force."),
    ("cyning", "King. Here the Woden-stone, the piece the whole game turns on."),
    ("Þunor-stán", "The thunder-stone of Mǽrstánas, named for the god of thunder; in "
                   "Cyngesheall it is the commander."),
    ("wóden-stán", "The Woden-stone of Mǽrstánas, named for the chief of the old gods; "
                   "in Cyngesheall it is the king."),
    ("custodial capture", "Taking a piece by closing it in between two of one's own on a "
                          "row or column, the rule of the whole tafl family."),
)


def _overview() -> Chapter:
    return Chapter("Overview", (
        Para("Cyngesheall is a two-player game of the tafl family, played on the seven by "
             "seven board of Mǽrstánas with the same stones. Each side has a king, a "
             "commander and eight plain stones, which start in opposite corners. Pieces "
             "slide across the board and catch enemy pieces between two of their own.",
             "lead"),
        Para("The game is John Beers' design. This book explains his rules in our own "
             "words, and its figures were checked by a computer against the rules as "
             "this toolchain plays them (see *About this edition*)."),
        Heading("The aim of the game"),
        Para("Each king wants to reach the corner where the other king started. A player "
             "wins by bringing their king there, or by capturing the other king. Unlike "
             "most tafl games the two sides are equal: the same forces, the same goal, "
             "mirrored across the board."),
    ))


def _components() -> Chapter:
    return Chapter("Components and setup", (
        Heading("What you need"),
        Bullets((
            "The Mǽrstánas board: 7 by 7 squares, columns lettered A to G from the left "
            "and rows numbered 1 to 7 from the top, so A1 is the top left corner.",
            "Ten stones per player from a Mǽrstánas set: eight plain stones, the "
            "thunder-stone (rune thorn) as the **commander** and the Woden-stone (rune "
            "ós) as the **king**. One Mǽrstánas kit is all the game needs.",
        )),
        StoneKey(GAME),
        Heading("Setting up"),
        Para("Light's king starts on A1 and Dark's on G7, each in its own corner. The "
             "commander stands one square in along the diagonal, and the plain stones "
             "fill the staircase of four, three, two and one squares around them "
             "({fig:setup}). Dark moves first; after that the players take turns, one "
             "move each."),
        FIGURES["setup"],
        setup_table(CYNGESHEALL),
        Para("A record can start from another position with the Setup tag; the start "
             "above is written `[Setup \"/ksss3/scs4/ss5/s5S/5SS/4SCS/3SSSK/\"]`, rows "
             "from the top, digits for runs of empty squares, capitals for Dark."),
    ))


def _moving() -> Chapter:
    return Chapter("Moving", (
        Para("On a turn a player moves one of their pieces. There is no passing and no "
             "placing: every turn is a move.", "lead"),
        Bullets((
            "The king and the plain stones slide in a straight line along a row or a "
            "column, as far as the player likes, like a rook in chess.",
            "The commander may also slide diagonally, like a queen.",
            "No piece jumps. The squares it passes over and the square where it stops "
            "must all be empty.",
            "Every piece may enter every square, the corners included.",
        )),
        FIGURES["moves"],
        Para("A piece that stands in a corner can never be captured, since there is no "
             "square beyond it on either line. A plain stone parked in the enemy king's "
             "goal corner therefore closes it for good; players who dislike this can "
             "keep everyone but the kings out of the corners with the option "
             "`corner_access=kings_only` (see *What we decided*).", "note"),
    ))


def _capturing() -> Chapter:
    return Chapter("Capturing", (
        Para("A piece is captured when the player who has just moved closes it in "
             "between two of their own pieces on a row or a column. Captured pieces "
             "leave the board for the rest of the game.", "lead"),
        Heading("Between two"),
        Para("After moving, look at the four squares beside the piece that moved. An "
             "enemy piece on one of them is captured if the next square beyond it, on "
             "the same line, holds another of the mover's pieces ({fig:capture}). Any "
             "of the mover's pieces can close the trap, the king and the commander "
             "included."),
        FIGURES["capture"],
        Bullets((
            "Only the moved piece makes captures. Two enemy pieces that already stand "
            "on either side of one of yours do nothing.",
            "Moving your piece between two enemy pieces is safe ({fig:safe}).",
            "Pieces that touch only at a corner play no part in a capture.",
            "The edge of the board and the empty corners never take part: a capture "
            "always needs two real pieces.",
        )),
        FIGURES["safe"],
        Heading("The commander's sweep"),
        Para("The commander moves diagonally but captures like everyone else, along rows "
             "and columns. When it arrives on a square diagonally, none of its four "
             "neighbours is the square it came from, so a single move can take up to four "
             "pieces ({fig:commander}). Any other move can take at most three."),
        FIGURES["commander"],
        Heading("Capturing the king"),
        Para("The king is taken exactly like any other piece: between two enemy pieces "
             "on a row or a column. Nothing else counts, so a king in its own corner is "
             "out of reach, and the board edge is no help to the attacker ({fig:king}). "
             "Taking the king wins the game at once."),
        FIGURES["king"],
    ))


def _winning() -> Chapter:
    return Chapter("Winning and drawn games", (
        Heading("Two ways to win"),
        Bullets((
            "**Reach the other corner.** A player whose king stops on the corner where "
            "the other king started wins at once ({fig:escape}). Dark plays for A1, "
            "Light for G7.",
            "**Take the other king.** A player who captures the enemy king wins at once "
            "({fig:king-taken}).",
        )),
        FIGURES["escape"],
        FIGURES["king-taken"],
        Para("Captures come first: when a move both captures and brings a king home, the "
             "captured pieces leave the board and then the win is counted. Either way "
             "it is the player who moved that wins."),
        Heading("No move, and repetition"),
        Para("A player who has no legal move on their turn loses. A move that would bring "
             "back the same position, with the same player to move, for the third time "
             "is not allowed; if every move a player has would do so, the game is "
             "drawn. Players may also agree a draw at any time."),
    ))


def _decisions() -> Chapter:
    return Chapter("What we decided", (
        Para("The rules leave some questions open. This book, and every program in the "
             "toolchain, answers them as follows. The numbers refer to our notes on the "
             "rules (C1 to C18).", "lead"),
        Bullets((
            "**Pieces** (C1, C2): exactly eight plain stones, a commander and a king per "
            "side, in the corners of the designer's setup picture. Each king's goal is "
            "the corner where the other king starts.",
            "**Who captures** (C3 to C5): every piece can capture and can be the far "
            "piece of a capture. No square is hostile; the edge and empty corners never "
            "help.",
            "**Corners** (C6, C7): any piece may enter any corner, and a piece in a "
            "corner cannot be taken.",
            "**The commander** (C8): it moves diagonally but captures only along rows and "
            "columns, up to four pieces on a diagonal arrival.",
            "**Active capture only** (C9, C10): only enemy pieces next to the moved piece "
            "are taken, never the mover's own, and moving between two enemies is safe.",
            "**No passing** (C11); **no legal move loses** (C12).",
            "**Repetition** (C13, C14): a third repetition of a position is not allowed; "
            "a player whose every move would repeat draws. Otherwise a draw needs both "
            "players' agreement.",
            "**The goal corner** (C15, C16): the king must stop there; captures are "
            "removed before the win is counted.",
            "**Names and notation** (C17, C18): a captured commander is written with its "
            "letter like the king, `xCE5`; the pieces are called king and commander "
            "throughout, and we fixed small slips in the rules text.",
        )),
        Heading("Options"),
        Para("Three of these answers can be changed for a game by naming an option in "
             "the record's Options tag, several separated by semicolons, for example "
             "`[Options \"corner_access=kings_only; repetition=draw3\"]`. The checker "
             "then plays the record by those rules."),
        options_table(CYNGESHEALL, OPTION_MEANINGS),
    ))


def _notation() -> Chapter:
    return Chapter("Writing a game down", (
        Para("A game is written as numbered pairs of moves, Dark's first. The notation "
             "is the designer's own, with a few additions for captures and results.",
             "lead"),
        Table(("Move", "Written", "Meaning"), (
            ("a plain stone", "`G4-G1`", "from a square to a square"),
            ("the king, the commander", "`KA5-A1`, `CF6-C3`", "the piece's letter before "
             "the square it leaves"),
            ("captures", "`F5-D5xD4`, `xKB1`, `xCC3`", "every square emptied after `x`, "
             "separated by slashes; a captured king or commander keeps its letter"),
            ("a winning move", "`KA5-A1!`", "`!` marks the move that ends the game"),
            ("the result", "`1-0`, `0-1`, `1/2-1/2`, `*`", "Dark won, Light won, drawn, "
             "unfinished"),
        ), widths=(0.24, 0.3, 0.46)),
        Para("Tags in square brackets go before the moves. `[Game \"Cyngesheall\"]` says "
             "which game the record is; without it a record is read as Mǽrstánas. "
             "`[Setup \"...\"]` starts from another position, and `[Options \"...\"]` "
             "changes the rules where the options allow. The checker replays every "
             "move and rejects an illegal move, a wrong capture list or a `!` on a move "
             "that does not end the game."),
        RecordText(
            '[Game "Cyngesheall"]\n[Result "Light"]\n[Termination "king captured"]\n\n'
            + SAMPLE,
            "A short game, far from good play, that shows most of the rules: the "
            "commanders move diagonally, Light takes Dark's commander on move 2, Dark "
            "takes Light's on move 6, and Light catches Dark's king on F4."),
        FIGURES["sample"],
    ))


def _edition() -> Chapter:
    return Chapter("About this edition", (
        Para("Cyngesheall was designed by **John Beers**, who keeps the living rules at "
             f"[github.com/jaerrib/cyngesheall]({RULES_REPO}), mirrored from "
             f"[codeberg.org/jaerrib/cyngesheall]({RULES_HOME}). This book is an "
             "adaptation of those rules (version 0.3) under the Creative Commons "
             f"Attribution-ShareAlike 4.0 licence ([CC BY-SA 4.0]({LICENCE_URL})), and it "
             "is shared under the same licence. The wording, figures and layout are ours; "
             "the game is his. Where the rules are silent we chose the answers listed "
             "under *What we decided*; those are our readings, not the designer's."),
        Para("The book is generated by maerstanas_print. Every figure is declared with "
             "what it shows, for example that CF6-D4 takes four stones, and the rules "
             "engine checks each such claim whenever the book is built. A figure whose "
             "claim is false stops the build."),
    ))


def _glossary() -> Chapter:
    return Chapter("Glossary", (
        Para("The game's name and its pieces come from Old English, like those of "
             "Mǽrstánas."),
        Glossary(GLOSSARY),
    ))


def book() -> Book:
    """The Cyngesheall rulebook, in reading order."""
    return Book(
        title="Cyngesheall",
        subtitle="Rules of play",
        author="A game by John Beers",
        chapters=(
            _overview(), _components(), _moving(), _capturing(), _winning(), _decisions(),
            _notation(), _edition(), _glossary(),
            Chapter("Boards for pencil and paper", (BlankBoards(GAME, 6),), appendix=True),
        ),
        front=(
            Para("An illustrated adaptation of the rules, made with maerstanas_print. "
                 f"Game and rules by John Beers, licensed [CC BY-SA 4.0]({LICENCE_URL}); "
                 "this adaptation is shared under the same licence."),
            Para(f"The living rules: [github.com/jaerrib/cyngesheall]({RULES_REPO}) · "
                 f"[codeberg.org/jaerrib/cyngesheall]({RULES_HOME})"),
        ),
        game=GAME,
        pdf_author="John Beers (game and rules); maerstanas_print (this adaptation)",
        subject="The rules of Cyngesheall, a two-player tafl game on the 7×7 Mǽrstánas "
                "board, illustrated; adapted under CC BY-SA 4.0",
        keywords=("Cyngesheall", "tafl", "board game", "rules", "rulebook", "CC BY-SA 4.0"),
        description="The rules of Cyngesheall, a tafl game by John Beers, illustrated: an "
                    "adaptation under CC BY-SA 4.0.",
    )
