"""The 1992 "E-mail Hnefatafl": Neil Bernstein's rules, posted to the Usenet
group rec.games.abstract in a post dated 12/11/1992 (we read 11 December), on a
19x19 board.

Black (our Dark: 24 men and the king) moves first and wins when the king
reaches any edge square; White (our Light: 48 men) wins by surrounding the
king on four sides. Men are caught between two enemies on a row or column;
only the king may pass through the throne. Our readings of what the post
leaves open, the defaults of the options below, add that the empty throne
counts against men of both sides and as the king's fourth side, that no man
stops on it, and that the layout is the Alea Evangelii arrangement
(docs/rules-notes.md).
"""

from __future__ import annotations

from maerstanas_print.games.tafl.definition import TaflDefinition
from maerstanas_print.games.tafl.engine import TaflRules
from maerstanas_print.pieces import StoneKind

SETUP = (
    "/2s2s7s2s2/19/s4s7s4s/7s1s1s7/6s1S1S1s6/s1s2s7s2s1s/4s4S4s4/3s4S1S4s3/"
    "4S2S1S1S2S4/3s2S1SKS1S2s3/4S2S1S1S2S4/3s4S1S4s3/4s4S4s4/s1s2s7s2s1s/"
    "6s1S1S1s6/7s1s1s7/s4s7s4s/19/2s2s7s2s2/"
)

RULES = TaflRules(
    name="EmailHnefatafl1992",
    size=19,
    setup=SETUP,
    diagonal_pieces=frozenset(),
    throne=9 * 19 + 9,  # J10
    king_capture="four-sides",
    king_goal="edge",
    options={
        "king_armed": "yes",
        "throne_king_may_stop": "yes",
        "throne_hostile_to_king": "yes",
        "no_legal_move": "lose",
        "repetition": "draw3",
    },
    choices={
        "king_armed": ("yes", "no"),
        "throne_king_may_stop": ("yes", "no"),
        "throne_hostile_to_king": ("yes", "no"),
        "no_legal_move": ("lose", "pass", "draw"),
        "repetition": ("draw3", "forbid3", "ignore"),
    },
)

LEGEND: tuple[tuple[StoneKind, str, str | None, str], ...] = ()  # men are drawn with letters

# The rules in brief, for the sheets' rules line (our words; docs/rules-notes.md
# gives the decisions behind them). The `{§ point}` markers tie each sentence to the
# point of the rules concordance it states (books/concordance/hnefatafl1992.yaml);
# the sheets print the text without them, and the readings say they are ours.
SHEET_RULES = (
    "Black (Dark: 24 men X, king K) moves first; White (Light: 48 men O) follows. "
    "{§ board-forces first edition-names} "
    "Pieces slide any number of empty squares along a row or column. {§ rook-move no-jump} "
    "Only the mover captures: a man is taken when a move closes it in between two "
    "enemies. {§ capture active} "
    "Only the king may pass over the throne J10. {§ throne throne-king-only} "
    "Black wins when the king reaches an edge square, White by surrounding him on all "
    "four sides. {§ black-goal white-goal} "
    "Our readings: enemies on opposite sides, the king one of them; the empty throne an "
    "enemy to all men and the king’s fourth side, where no man may stop. "
    "{§ reading-two-opposite reading-armed-king throne-captures reading-hostile-throne "
    "reading-throne}"
)

DEFINITION = TaflDefinition(
    tag="EmailHnefatafl1992",
    title="E-mail Hnefatafl (1992)",
    slug="hnefatafl1992",
    # The post is dated "12/11/1992"; reading it as 11 December is ours, and says so.
    credit="Neil Bernstein posted the 1992 e-mail Hnefatafl rules to rec.games.abstract "
    "in a post dated 12/11/1992 (we read it as 11 December 1992).",
    # The PDFs credit him as the rules' source: he posted them "the way I learned 'em",
    # and names no designer.
    designer="Neil Bernstein (rules as posted in 1992)",
    rules=RULES,
    pieces="men",
    sheet_rules=(SHEET_RULES,),
    legend=LEGEND,
    sample=None,
    rulebook="hnefatafl1992",
    first_move="Dark, the post's Black, moves first. {§ first edition-names}",
    stones_note="Dark is the post's Black (men X, king K), Light its White (men O). "
    "{§ board-forces edition-names}",
)
