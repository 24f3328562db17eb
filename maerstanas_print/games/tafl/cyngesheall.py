"""Cyngesheall: John Beers' tafl game on the Mǽrstánas board and stones.

Rules v0.3 (CC BY-SA 4.0). Each side has a king (the Woden-stone, ᚩ), a
commander (the thunder-stone, ᚦ) and eight plain stones in the staircase of
its home corner. Everything moves like a rook; the commander also moves
diagonally. Enemy pieces are caught between the moved piece and another of
the mover's pieces on a row or column; the king is caught the same way. A king
that reaches the other king's home corner wins, and so does catching the
enemy king. Where the rules are silent we follow the recommendations of our
research (docs/rules-notes.md lists them); the options can change them.
"""

from __future__ import annotations

from maerstanas_print.games.tafl import TaflRules

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
    choices={"corner_access": ("all", "kings_only"),
             "no_legal_move": ("lose", "pass", "draw"),
             "repetition": ("forbid3", "draw3", "ignore")},
)
