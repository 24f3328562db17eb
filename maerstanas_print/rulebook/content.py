"""The text of the rulebook: our own words, with every figure declared as data.

Mǽrstánas and its rules are John Beers' (CC BY-SA 4.0); this book explains
them in our words and says where we decided something the rules leave open
(docs/rules-notes.md). Each figure states what it shows as claims that the
engine checks when the book is built, so a figure cannot drift from the rules
the rest of the toolchain plays by.
"""

from __future__ import annotations

from maerstanas_print.draw.board import Mark
from maerstanas_print.rulebook.claims import (
    GameOver,
    Hinges,
    Illegal,
    Legal,
    MustPass,
    NoPlacement,
    Scores,
    ThunderRemoves,
    WodenTarget,
)
from maerstanas_print.rulebook.figures import Figure, Panel, Record, Stones
from maerstanas_print.rulebook.model import (
    BlankBoards,
    Book,
    Bullets,
    Chapter,
    Glossary,
    Heading,
    Para,
    RecordText,
    SampleGame,
    StoneKey,
    Table,
)

RULES_REPO = "https://github.com/jaerrib/maerstanas"
RULES_HOME = "https://codeberg.org/jaerrib/maerstanas"
LICENCE_URL = "https://creativecommons.org/licenses/by-sa/4.0/"
TOOL = "maerstanas_print"

# A game two random movers played to the end: Dark has spent both special
# stones when the board fills up, Light still holds the thunder-stone.
PASS_GAME = ("T B7 C6 E1 F2 F5 D2 D1 C5 C3 G5 A3 B5 C2 A5 A4 A2 E5 A7 F3 G3 A1 E3 F1 E6 "
             "G7 E7 B6 D7 D3 G4 D5 F6 W A5 W D3")

SCORING_EXAMPLE = Stones(dark="A1 B1 C2 D2 C3 D3 F4 G4 G5",
                         light="E1 F1 E2 D5 E5 D6 A6 A7")
WRAP_EXAMPLE = Stones(dark="A3 G3 G4 A7 G7 D4", light="D1 D7 C4 E4 B7", scoring="wraparound")

FIGURES = {
    "hinges": Figure(
        "hinges",
        "Hinges are counted on the four sides of a square. Left: on an empty board a "
        "corner square already has two hinges, an edge square one and a middle square "
        "none. Right: stones of either colour count alike, so D4 has three hinges.",
        (
            Panel("The board edge", Stones(),
                  claims=(Hinges("A1", 2), Hinges("D1", 1), Hinges("D4", 0))),
            Panel("Stones of both colours", Stones(dark="D3 C4", light="E4"),
                  claims=(Hinges("D4", 3),)),
        ),
    ),
    "own-limit": Figure(
        "own-limit",
        "The new stone may have at most three hinges. Left: a stone on D4 would touch "
        "three stones, which is allowed. Right: with D5 filled as well it would touch "
        "four, so D4 is closed.",
        (
            Panel("D4 is legal", Stones(dark="D3 C4", light="E4"), claims=(Legal("D4"),)),
            Panel("D4 is illegal", Stones(dark="D3 C4", light="E4 D5"),
                  claims=(Illegal("D4", "D4"),)),
        ),
    ),
    "edges": Figure(
        "edges",
        "The edge counts as a hinge. A corner stone needs only two neighbours to reach "
        "four hinges, a stone on the edge three.",
        (
            Panel("A1 is legal", Stones(dark="B1"), claims=(Legal("A1"),)),
            Panel("A1 is illegal", Stones(dark="B1", light="A2"),
                  claims=(Illegal("A1", "A1"),)),
            Panel("D1 is illegal", Stones(dark="D2", light="C1 E1"),
                  claims=(Illegal("D1", "D1"),)),
        ),
    ),
    "neighbour-limit": Figure(
        "neighbour-limit",
        "The limit protects the neighbours too. Left: D1 has two hinges (the edge and "
        "C1), so a stone on E1 would give it a third, which is fine. Right: once D2 is "
        "filled, D1 already has three hinges; a stone on E1 would give it a fourth, so "
        "E1 is illegal even though E1 itself would have only two.",
        (
            Panel("E1 is legal", Stones(dark="C1 D1"), claims=(Legal("E1"),)),
            Panel("E1 is illegal", Stones(dark="C1 D1", light="D2"),
                  claims=(Illegal("E1", "D1"), Hinges("E1", 2)), show_claim_marks=False,
                  marks={"E1": Mark("barred"),
                         "D1": Mark("hinges", sides=frozenset(("top", "left", "bottom",
                                                                "right")))}),
        ),
    ),
    "thunder": Figure(
        "thunder",
        "The thunder-stone. Before: Dark, to move, plays the thunder-stone on E4. "
        "After: the three stones beside it are gone, Dark's own D4 among them; the "
        "crosses mark the emptied squares. The move is written T E4xE3/D4/F4.",
        (
            Panel("Before: Dark to play", Record("1. D4 E3 2. C5 F4 *"),
                  claims=(ThunderRemoves("E4", ("E3", "D4", "F4")),)),
            Panel("After T E4xE3/D4/F4", Record("1. D4 E3 2. C5 F4 *"),
                  then="T E4xE3/D4/F4", claims=(Hinges("E4", 0),)),
        ),
    ),
    "woden": Figure(
        "woden",
        "The Woden-stone. Before: Dark may replace Light's stone on E4 (dashed ring), "
        "but not its own stone on D5 (struck through). After W E4 the stone on E4 is "
        "Dark's; nothing else has changed. Light could now take it back with its own "
        "Woden-stone.",
        (
            Panel("Before: Dark to play", Record("1. D4 E4 2. D5 E5 *"),
                  claims=(WodenTarget("E4"), WodenTarget("D5", valid=False))),
            Panel("After W E4", Record("1. D4 E4 2. D5 E5 *"), then="W E4",
                  claims=(WodenTarget("E4"), Hinges("E4", 2)), show_claim_marks=False),
        ),
    ),
    "passing": Figure(
        "passing",
        "Passing and the end. Left: no square takes a stone, Dark has spent both "
        "special stones, and Light still holds the thunder-stone: Dark must pass. "
        "Right: Light's thunder-stone on G1 removes F1, but no placement opens up and "
        "neither player holds a special stone, so the game is over. Dark scores 17, "
        "Light 19.",
        (
            Panel("Dark must pass", Record(PASS_GAME + " *"),
                  claims=(NoPlacement(), MustPass())),
            Panel("After Pass, T G1xF1", Record(PASS_GAME + " Pass *"), then="T G1xF1",
                  claims=(NoPlacement(), GameOver(), Scores(17, 19, "default", mark=False))),
        ),
    ),
    "scoring": Figure(
        "scoring",
        "Counting the score. Every bead is one point: a bead between two stones of one "
        "colour is a pair, a bead on the frame is an edge side. Default scoring (left) "
        "gives Dark 12 and Light 10; Simple scoring (right) counts only the pairs, "
        "Dark 7 and Light 5.",
        (
            Panel("Default: Dark 12, Light 10", SCORING_EXAMPLE,
                  claims=(Scores(12, 10, "default"),)),
            Panel("Simple: Dark 7, Light 5", SCORING_EXAMPLE,
                  claims=(Scores(7, 5, "simple"),)),
        ),
    ),
    "wraparound": Figure(
        "wraparound",
        "Advanced Mǽrstánas on the torus. Left: A3 and G3 are neighbours across the "
        "side edges, and so are A7 and G7, and D1 and D7 across the top and bottom; each "
        "such pair is one point (its bead sits on the right or bottom edge). Dark "
        "scores 3, Light 1. Right: with C1, E1 and D2 filled, D1 is still open, because "
        "its upper neighbour is the empty D7, not a wall.",
        (
            Panel("Wraparound: Dark 3, Light 1", WRAP_EXAMPLE,
                  claims=(Scores(3, 1, "wraparound"),)),
            Panel("D1 is legal on the torus",
                  Stones(dark="D2", light="C1 E1", scoring="wraparound"),
                  claims=(Hinges("D1", 3), Legal("D1"))),
        ),
    ),
}

GLOSSARY = (
    ("stán", "A stone. The game's name puts it into the plural: mǽrstánas, boundary "
             "stones."),
    ("tæfl", "A board, and the family of old northern table games played on one."),
    ("heorr", "A hinge: a side of a stone's square that is closed by another stone or "
              "by the edge of the board."),
    ("freóndlíc heorr", "A friendly hinge: two stones of one colour side by side, or a "
                        "stone against the edge. Friendly hinges are what score."),
    ("Þunor-stán", "The thunder-stone, named for the god of thunder; it clears the "
                   "squares around it."),
    ("wóden-stán", "The Woden-stone, named for the chief of the old gods; it takes over "
                   "an opponent's stone."),
    ("ildan", "To delay or hold back. Here: to pass, which a player does only when no "
              "move is left."),
    ("frǽcenes", "Danger. The state of a stone with four hinges, which no placement may "
                 "bring about."),
    ("mǽrstán", "A boundary stone, such as marked the edge of a field; the game takes "
                "its name from it."),
)


def _overview() -> Chapter:
    return Chapter("Overview", (
        Para("Mǽrstánas is a game for two players on a board of seven by seven squares. "
             "The players take turns to set stones into empty squares, one colour each, "
             "and try to build their stones into close groups and along the edges of "
             "the board. Only one thing is forbidden, but it shapes every move: no "
             "stone may ever be shut in on all four sides.", "lead"),
        Para("The name is Old English for *boundary stones*, and the game's other terms "
             "come from the same language; the glossary at the end of this book gives "
             "their meanings. The game was designed by John Beers. This book is an "
             "adaptation of his rules in our own words, with drawings that a computer "
             "has checked against the rules (see *About this edition*)."),
        Heading("The aim of the game"),
        Para("When no more stones can be placed, each player scores a point for every "
             "pair of their own stones that sit side by side, and a point for every "
             "side of their stones that lies against the edge of the board. The higher "
             "score wins; equal scores are a tie."),
        Para("Two special stones per player add surprise. The thunder-stone clears the "
             "squares around it; the Woden-stone takes over one of the opponent's "
             "stones. Each may be played once in a game."),
    ))


def _components() -> Chapter:
    return Chapter("Components and setup", (
        Heading("What you need"),
        Bullets((
            "A board of 7 by 7 squares. The columns are lettered A to G from the left and "
            "the rows numbered 1 to 7 from the top, so A1 is the top left corner and G7 "
            "the bottom right. Stones go inside the squares, not on the lines.",
            "About 40 ordinary stones, half dark and half light. Any small counters will "
            "do: go stones, glass gems, coins. In practice a player rarely has more than "
            "twenty on the board.",
            "For each player one thunder-stone, marked with the rune thorn, and one "
            "Woden-stone, marked with the rune ós, in that player's colour.",
        )),
        StoneKey(),
        Para("A printed board and a page of small pencil boards are at the end of this "
             "book; the same sheets can be printed on their own with `maerstanas-print "
             "board`."),
        Heading("Setting up"),
        Para("The board starts empty. One player takes the dark stones and the other "
             "the light ones, each with their own thunder-stone and Woden-stone. Before "
             "the first move the players agree on two things: whether the special "
             "stones are used in this game (they may be left out entirely, which makes "
             "a quieter game), and which scoring they will use (see *Scoring*)."),
        Heading("Turn order"),
        Para("Dark traditionally moves first, though the players may agree otherwise. "
             "Then the turns alternate. On a turn a player does exactly one of these:"),
        Bullets((
            "place one of their ordinary stones on an empty square, within the hinge "
            "limit described in the next chapter;",
            "play their thunder-stone, if they still have it;",
            "play their Woden-stone, if they still have it;",
            "pass, but only when none of the above is possible.",
        ), numbered=True),
    ))


def _placing() -> Chapter:
    return Chapter("Placing stones and hinges", (
        Para("Everything in Mǽrstánas turns on the four sides of a square. Only squares "
             "that share a side are neighbours; squares that touch only at a corner do "
             "not affect each other at all.", "lead"),
        Heading("Hinges"),
        Para("A side of a square is a *hinge* (heorr) when something closes it: a stone "
             "in the neighbouring square, of either colour and of any kind, or the edge "
             "of the board. A square in the middle of an empty board has no hinges, a "
             "square on the edge has one, and a corner square has two ({fig:hinges})."),
        FIGURES["hinges"],
        Para("In the figures a red bar marks a hinge, a dashed ring a square where a "
             "stone may be placed, and a struck-through ring a square where it may not."),
        Heading("The hinge limit"),
        Para("A stone may be placed on an empty square only if, once it is there, **no "
             "stone has four hinges**: neither the new stone nor any stone next to it. "
             "A stone with four hinges would be shut in, and the rules never allow it. "
             "Put the other way round, every stone on the board always keeps at least "
             "one open side."),
        Para("The first half of the limit is about the new stone itself. It may touch "
             "at most three closed sides ({fig:own-limit}). Because the edge closes a "
             "side, squares on the edge fill up sooner, and corners sooner still "
             "({fig:edges})."),
        FIGURES["own-limit"],
        FIGURES["edges"],
        Para("The second half protects the stones already on the board. If a neighbour "
             "already has three hinges, the new stone would become its fourth, and so "
             "the square next to it is closed, however free the square itself looks "
             "({fig:neighbour-limit})."),
        FIGURES["neighbour-limit"],
        Para("The limit does not care whose stones they are, nor whose turn it is: a "
             "square is open or closed for both players alike. As the board fills, "
             "fewer and fewer squares stay open, and choosing which ones to close is "
             "the heart of the game.", "note"),
    ))


def _passing() -> Chapter:
    return Chapter("Passing and the end of the game", (
        Heading("Passing"),
        Para("A player may never pass by choice. A player passes (ildan, *to hold "
             "back*) only when there is nothing at all they can do: no square takes an "
             "ordinary stone and they hold no special stone they could play. A player "
             "who still holds a special stone and has no square for an ordinary stone "
             "must play the special stone."),
        Para("The opponent then moves as usual. A thunder-stone can reopen squares, so a "
             "player who has passed may be able to place stones again later."),
        Heading("The end of the game"),
        Para("The game ends when neither player can move: no square takes an ordinary "
             "stone and neither player holds a special stone that can be played. As "
             "long as either player still holds a special stone, the game goes on. Then "
             "both players count their points ({fig:passing})."),
        FIGURES["passing"],
    ))


def _specials() -> Chapter:
    return Chapter("The special stones", (
        Para("Each player has one thunder-stone and one Woden-stone. Either may be "
             "played instead of an ordinary stone on any turn. Once played, a special "
             "stone is spent for the rest of the game, even if it is later removed "
             "from the board or replaced. On the board it then counts as an ordinary "
             "stone of its owner: it closes its neighbours' sides and it scores.",
             "lead"),
        Heading("The thunder-stone (Þunor-stán)"),
        Para("The thunder-stone goes on **any empty square**, with no hinge limit at "
             "all; even a square with four closed sides will do. As it lands, every "
             "stone on a neighbouring square is removed from the board, whatever its "
             "colour or kind, the player's own stones included. Removed stones leave "
             "the game."),
        Para("The thunder-stone cannot break the hinge limit: after it lands, its only "
             "possible hinges are the board edge, and the stones it removed only free "
             "up their neighbours ({fig:thunder})."),
        FIGURES["thunder"],
        Para("In a record the move is written `T` and the square, then `x` and the "
             "squares it emptied, separated by slashes, in the order above, left, "
             "right, below: `T E4xE3/D4/F4`. A thunder-stone that removes nothing is "
             "written without the list: `T G6`."),
        Heading("The Woden-stone (wóden-stán)"),
        Para("The Woden-stone replaces **one of the opponent's stones**, of any kind, "
             "anywhere on the board; the replaced stone leaves the game. It may not go "
             "on an empty square or on the player's own stone. Since the same squares "
             "stay filled, no hinge changes and the limit needs no check ({fig:woden})."),
        FIGURES["woden"],
        Para("In a record the move is written `W` and the square: `W E4`."),
    ))


def _scoring() -> Chapter:
    return Chapter("Scoring", (
        Para("The score is counted once, from the final position. A *friendly hinge* "
             "(freóndlíc heorr) is a side where a stone meets a stone of its own colour "
             "or the edge of the board, and each one is worth a point.", "lead"),
        Heading("Default scoring"),
        Bullets((
            "**One point for every pair** of a player's stones that share a side. A pair "
            "counts once, not once for each of its two stones: two stones side by side "
            "are worth one point, a row of three two points, a square block of four "
            "four points.",
            "**One point for every side** of a player's stones that lies against the "
            "board edge. A stone on the edge scores one, a stone in a corner two.",
            "Stones beside an opponent's stone score nothing for that side. Special "
            "stones score like ordinary ones.",
        )),
        Para("The position in {fig:scoring} shows the count. Dark's square block C2, D2, C3, "
             "D3 gives four pairs, and with A1–B1, F4–G4 and G4–G5 that makes seven; "
             "A1 in the corner adds two edge points and B1, G4 and G5 one each, for 12. "
             "Light has five pairs (E1–F1, E1–E2, D5–E5, D5–D6, A6–A7) and five edge "
             "points (E1, F1, A6, and two for the corner A7), for 10."),
        FIGURES["scoring"],
        Heading("Simple scoring"),
        Para("Players who prefer a game about the middle of the board may agree on "
             "Simple scoring, which counts only the pairs and no edge points. Nothing "
             "else changes: the board edge still closes sides for the hinge limit. In "
             "the example Dark has 7 and Light 5."),
        Heading("Advanced Mǽrstánas: wraparound"),
        Para("In the advanced game the edges of the board are joined: a stone on the "
             "left edge is the neighbour of the stone in the same row on the right "
             "edge, and the top row meets the bottom row, as if the board were drawn on "
             "a ring doughnut (a torus). A1, for instance, has the neighbours B1, A2, G1 "
             "and A7."),
        Para("The rules name the variant and warn that it allows positions that look "
             "impossible; no program of the author's plays it. **Our reading**, used "
             "throughout this toolchain, joins the edges for every rule that looks at "
             "neighbours: the hinge limit, the thunder-stone's removals and the pairs "
             "that score. So there are no edges to count: no square starts with a "
             "hinge, no edge points are scored, and a pair joined across an edge scores "
             "one point like any other pair ({fig:wraparound}). Every placement that is "
             "legal on the plain board is also legal on the torus; some squares that "
             "the plain edge would close stay open.", "note"),
        FIGURES["wraparound"],
        Para("Printed wraparound boards show the joins with small chevrons in gaps of "
             "the frame: a row that leaves on the right comes back on the left, a "
             "column that leaves at the bottom comes back at the top."),
    ))


def _notation() -> Chapter:
    return Chapter("Writing a game down", (
        Para("A game is recorded as a list of moves in the order they were played. "
             "There are no player markers: Dark's moves and Light's alternate (passes "
             "included), starting with the player who moved first. Move numbers may be "
             "added for readability, each before the first player's move of a turn.",
             "lead"),
        Table(("Move", "Written", "Meaning"), (
            ("ordinary stone", "`E4`", "a stone placed on E4"),
            ("thunder-stone", "`T E4xE3/D4`", "thunder-stone on E4, removing E3 and D4 "
             "(above, left, right, below); `T E4` when it removed nothing"),
            ("Woden-stone", "`W E4`", "the Woden-stone replaces the opponent's stone on E4"),
            ("pass", "`Pass`", "only when no move was possible"),
            ("final score", "`Dark: 14, Light: 16`", "after the last move; `*` marks a "
             "game that is not finished"),
        ), widths=(0.2, 0.27, 0.53)),
        Para("The toolchain reads records in this form with a few additions borrowed "
             "from chess notation: tags in square brackets before the moves, comments "
             "in braces, and variations in parentheses. The tags that affect play are "
             "these; other tags (Event, Site, Date, Round, the players' names) are free "
             "text."),
        Table(("Tag", "Values", "Meaning"), (
            ("`SpecialStones`", "`on`, `off`", "whether thunder- and Woden-stones are used"),
            ("`Scoring`", "`default`, `simple`, `wraparound`", "which scoring; wraparound "
             "also joins the edges"),
            ("`FirstPlayer`", "`Dark`, `Light`", "who moved first (the score line still "
             "names Dark first)"),
            ("`Result`", "`Dark`, `Light`, `Tie`, `*`", "the winner, checked against the "
             "moves"),
        ), widths=(0.2, 0.33, 0.47)),
        RecordText(
            '[Event "A short example"]\n[Dark "Ann"]\n[Light "Ben"]\n[SpecialStones "on"]\n'
            '[Scoring "default"]\n\n'
            "1. D4 E3 2. C5 F4 {Dark strikes:} 3. T E4xE3/D4/F4 W C5\n"
            "4. D5 E5 *",
            "A record of the opening moves. Dark's thunder-stone removes three stones, one "
            "of them Dark's own; Light answers by taking over C5 with the Woden-stone. "
            "The game is not finished, so it ends with *."),
        Para("`maerstanas-print check` replays a record and reports any illegal move, a "
             "wrong removal list or a wrong score line; `maerstanas-print fmt` writes a "
             "record in a tidy standard form. A complete game, with diagrams, follows "
             "in the appendix."),
    ))


def _edition() -> Chapter:
    return Chapter("About this edition", (
        Para("Mǽrstánas was designed by **John Beers**, who publishes the rules at "
             f"[github.com/jaerrib/maerstanas]({RULES_REPO}) and "
             f"[codeberg.org/jaerrib/maerstanas]({RULES_HOME}). This book is an "
             "adaptation of those rules (version 0.5.1) under the Creative Commons "
             f"Attribution-ShareAlike 4.0 licence ([CC BY-SA 4.0]({LICENCE_URL})), and "
             "it is shared under the same licence. The wording, the figures and the "
             "layout are ours; the game is his."),
        Para("Where the rules text and the author's own game programs differ, this "
             "book follows the programs, so that games recorded with them stay valid. "
             "These are the points we decided or adapted:"),
        Bullets((
            "**Passing is forced, never chosen**, and a player holding a special stone "
            "must play it rather than pass; the game cannot end while a special stone "
            "is still in hand.",
            "**Removed and replaced stones leave the game** rather than going back to "
            "their owners. A player never runs short of stones, so this changes "
            "nothing in play.",
            "**A spent special stone stays spent**, even after it has been removed or "
            "replaced.",
            "**Each friendly pair scores once**, and a corner stone scores two edge "
            "points.",
            "**Dark moves first** unless the players agree otherwise.",
            "**Wraparound is played on a torus**: the joined edges count for the hinge "
            "limit, the thunder-stone and scoring alike. No program of the author's "
            "implements the variant, so this is our reading.",
            "**Our notation** adds move numbers, tags, comments and variations to the "
            "rules' own move notation, and fixes the order of a thunder-stone's "
            "removal list.",
        )),
        Para(f"The book is generated by {TOOL}. Every figure is declared together "
             "with what it shows, for example that a stone on E1 would give D1 its "
             "fourth hinge, and each such claim is replayed by the program's rules "
             "engine whenever the book is built. A figure whose claim is false stops "
             "the build."),
    ))


def _glossary() -> Chapter:
    return Chapter("Glossary", (
        Para("The game's terms are Old English. Pronounce *æ* as the a in *cat*, and "
             "read an accent as a long vowel; *Þ* (thorn) is the th of *thunder*."),
        Glossary(GLOSSARY),
    ))


def book() -> Book:
    """The whole rulebook, in reading order."""
    return Book(
        title="Mǽrstánas",
        subtitle="Rules of play",
        author="A game by John Beers",
        chapters=(
            _overview(), _components(), _placing(), _passing(), _specials(), _scoring(),
            _notation(), _edition(), _glossary(),
            Chapter("Sample game", (
                Para("Two random players made this game on the engine. It is no model "
                     "of strategy, but it shows every kind of move: both special stones "
                     "of each side, a forced pass and the final score line."),
                SampleGame(),
            ), appendix=True),
            Chapter("Boards for pencil and paper", (BlankBoards(),), appendix=True),
        ),
        front=(
            Para("An illustrated adaptation of the rules, made with maerstanas_print. "
                 "Game and rules by John Beers, licensed "
                 f"[CC BY-SA 4.0]({LICENCE_URL}); this adaptation is shared under the "
                 "same licence."),
            Para(f"The living rules: [github.com/jaerrib/maerstanas]({RULES_REPO}) · "
                 f"[codeberg.org/jaerrib/maerstanas]({RULES_HOME})"),
        ),
    )
