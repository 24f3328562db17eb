"""Cyngesheall: John Beers' tafl game on the Mǽrstánas board and stones.

Rules v0.2 (CC BY-SA 4.0). Each side has a king (the Woden-stone, ᚩ), a
commander (the thunder-stone, ᚦ) and eight plain stones in the staircase of
its home corner. Everything moves like a rook; the commander also moves
diagonally. Traditionally Dark moves first. Enemy pieces are caught between
the moved piece and another of the mover's pieces on a row or column; the king
is caught the same way. A king that reaches the other king's home corner wins,
and so does catching the enemy king. Where the rules are silent we follow the recommendations of our
research (docs/rules-notes.md lists them); the options can change them.
"""

from __future__ import annotations

from maerstanas_print.games.tafl.definition import TaflDefinition
from maerstanas_print.games.tafl.engine import TaflRules
from maerstanas_print.pieces import StoneKind

SETUP = "/ksss3/scs4/ss5/s5S/5SS/4SCS/3SSSK/"

RULES = TaflRules(
    name="Cyngesheall",
    size=7,
    setup=SETUP,
    diagonal_pieces=frozenset("C"),
    throne=None,
    king_capture="two-sides",
    king_goal="enemy-corner",
    options={"corner_access": "all", "no_legal_move": "lose", "repetition": "forbid3"},
    choices={
        "corner_access": ("all", "kings_only"),
        "no_legal_move": ("lose", "pass", "draw"),
        "repetition": ("forbid3", "draw3", "ignore"),
    },
)

# The pieces as a legend and the cut-out sheet name them: (stone kind, name, rune, rune's
# stone). The king is the Woden-stone (ᚩ), the commander the thunder-stone (ᚦ).
LEGEND: tuple[tuple[StoneKind, str, str | None, str], ...] = (
    ("woden", "king", "\u16a9", "Woden-stone"),
    ("thunder", "commander", "\u16a6", "thunder-stone"),
    ("standard", "stone", None, ""),
)

# The rules in brief, for the sheets' rules line (our words; docs/rules-notes.md
# gives the decisions behind them). The `{§ point}` markers tie each sentence to the
# point of the rules concordance it states (books/concordance/cyngesheall.yaml);
# the sheets print the text without them.
SHEET_RULES = (
    "Traditionally Dark moves first. {§ first alternate} "
    "Every piece slides any number of empty squares along a row or column; the "
    "commander (the thunder-stone) may also slide diagonally. "
    "{§ move-orthogonal move-commander no-jump} "
    "An enemy piece, the king too, caught between the piece you moved and another of "
    "yours on a row or column is taken. {§ capture king-captured} "
    "Win by bringing your king to the corner where the enemy king started, or by taking "
    "the enemy king. {§ goal-corner win}"
)

DEFINITION = TaflDefinition(
    tag="Cyngesheall",
    title="Cyngesheall",
    slug="cyngesheall",
    credit="Cyngesheall is a game by John Beers (CC BY-SA 4.0).",
    designer="John Beers",
    rules=RULES,
    pieces="stones",
    sheet_rules=(SHEET_RULES,),
    legend=LEGEND,
    sample="cyngesheall-game.mrs",
    rulebook="cyngesheall",
    first_move="Traditionally Dark moves first. {§ first}",
    # The rules put the kings "in a corner opposite the other": which is whose is ours.
    corners_notes=(
        "Dark’s king starts on {home} (our reading) and wins on {goal} "
        "{§ reading-pieces goal-corner}",
        "Light’s king starts on {home} (our reading) and wins on {goal} "
        "{§ reading-pieces goal-corner}",
    ),
    stone_set=(("woden", 1, "king"), ("thunder", 1, "commander"), ("standard", 8, "stone")),
    stones_note="A Mǽrstánas set already contains them all, so you only need this sheet if "
    "you have no set. {§ edition-about}",
)
