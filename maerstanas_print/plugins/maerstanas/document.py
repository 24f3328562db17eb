"""What a Mǽrstánas game document shows that no other game's does.

The board reader of `gamedoc.readers.BoardReader` for Mǽrstánas: numbered
stones and thunder removals in a range of moves, the replay checkpoint (stones,
special stones in hand, the score), the score curve, and the final position's
points counted again as pairs and edge sides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from maerstanas_print.capability import Keyed
from maerstanas_print.gamedoc.parts import (
    RangeMarks,
    ScoreExplanation,
    first_player,
    listing,
    move_label,
)
from maerstanas_print.games.maerstanas import MaerstanasGame
from maerstanas_print.games.maerstanas.engine import (
    COL_LEFT,
    COL_RIGHT,
    DARK,
    LIGHT,
    NOT_RIGHT,
    ROW_BOTTOM,
    ROW_TOP,
    SIDE_NAMES,
    SIZE,
    THUNDER,
    WODEN,
    Position,
    drawable_stones,
    square_name,
    squares_of,
)
from maerstanas_print.pieces import Stone
from maerstanas_print.play.replayed import ReplayedGame, Step


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What a reader replaying on a real board can count to confirm they are in sync."""

    stones: tuple[int, int]
    in_hand: tuple[int, int]  # THUNDER | WODEN flags per side
    score: tuple[int, int]
    scoring: str
    turn: str = ""  # "Dark to move.", "Light must pass." or "Game over.", from the engine

    def text(self) -> str:
        return " ".join(self.sentences())

    def sentences(self) -> tuple[str, ...]:
        """The stones on the board, the special stones in hand, the score and whose
        move it is: captions set them so a line breaks only between them."""

        def hand(side: int) -> str:
            flags = self.in_hand[side]
            held = [name for flag, name in ((THUNDER, "T"), (WODEN, "W")) if flags & flag]
            return " ".join(held) if held else "none"

        return (
            f"On the board: Dark {self.stones[DARK]}, Light {self.stones[LIGHT]} stones.",
            f"In hand: Dark {hand(DARK)}, Light {hand(LIGHT)}.",
            f"Score: Dark {self.score[DARK]}, Light {self.score[LIGHT]}.",
            *((self.turn,) if self.turn else ()),
        )


@dataclass(slots=True)
class _Board:
    """Which step put the stone that now stands on each square (for numbers and notes)."""

    placed: dict[int, Step] = field(default_factory=dict)

    def copy(self) -> _Board:
        return _Board(dict(self.placed))

    def play(self, step: Step) -> None:
        for sq in step.removed:
            self.placed.pop(sq, None)
        if step.move.kind != "pass" and step.applied:
            self.placed[step.move.square] = step


def _who(step: Step | None, square: int, side: int | None = None) -> str:
    if step is None:
        return f"{SIDE_NAMES[side] if side is not None else 'the stone'} on {square_name(square)}"
    return f"{SIDE_NAMES[step.side]} {step.number} ({square_name(square)})"


def maerstanas_marks(before: Position, board: _Board, steps: list[Step]) -> RangeMarks:
    """Numbers, last move, emptied squares and notes of a Mǽrstánas range."""
    board = board.copy()
    in_range: dict[int, Step] = {}  # square -> latest numbered step placed there in range
    hidden: list[tuple[Step, Step]] = []  # (earlier in-range stone, later stone on its square)
    emptied: set[int] = set()
    notes: list[str] = []
    for step in steps:
        move = step.move
        if move.kind == "pass":
            notes.append(f"{move_label(step)} Pass: {SIDE_NAMES[step.side]} has no move.")
            board.play(step)
            continue
        sq = move.square
        assert sq is not None
        if move.kind == "thunder":
            if step.removed:
                gone = [_who(board.placed.get(r), r) for r in step.removed]
                notes.append(f"{move_label(step)} T {square_name(sq)} removed {listing(gone)}.")
            else:
                notes.append(f"{move_label(step)} T {square_name(sq)} removed nothing.")
            emptied.update(step.removed)
            for r in step.removed:
                earlier = in_range.pop(r, None)
                if earlier is not None:
                    hidden.append((earlier, step))  # removed; noted by the thunder note
        if move.kind == "woden":
            victim = board.placed.get(sq)
            owner = SIDE_NAMES[1 - step.side]
            what = f"{owner} {victim.number}" if victim is not None else f"{owner}’s stone"
            notes.append(
                f"{move_label(step)} W {square_name(sq)} replaced {what} "
                f"with a {SIDE_NAMES[step.side]} Woden-stone."
            )
        earlier = in_range.get(sq)
        if earlier is not None and earlier is not step:
            notes.append(
                f"{SIDE_NAMES[step.side]} {step.number} at {square_name(sq)}, "
                f"where {SIDE_NAMES[earlier.side]} {earlier.number} stood."
            )
        emptied.discard(sq)
        in_range[sq] = step
        board.play(step)
    after = steps[-1].after if steps else before
    assert after is not None
    emptied = {sq for sq in emptied if after.owner(sq) is None}
    last_step = steps[-1] if steps else None
    last = last_step.move.square if last_step and last_step.move.kind != "pass" else None
    numbers = {
        sq: str(step.number) for sq, step in in_range.items() if after.owner(sq) == step.side
    }
    return RangeMarks(numbers, last, sorted(emptied), notes)


def side_to_move(position: Position) -> str:
    """Whose move it is, as the engine sees it: the only source of such a sentence."""
    if position.is_game_over():
        return "Game over."
    who = SIDE_NAMES[position.turn]
    return f"{who} must pass." if position.must_pass() else f"{who} to move."


def maerstanas_checkpoint(after: Position) -> Checkpoint:
    return Checkpoint(
        (after.stones[DARK].bit_count(), after.stones[LIGHT].bit_count()),
        (after.in_hand(DARK), after.in_hand(LIGHT)),
        after.score(),
        after.rules.scoring,
        side_to_move(after),
    )


def explain_score(position: Position) -> ScoreExplanation:
    """Count the points again, as pairs and edge sides, independently of the engine."""
    scoring = position.rules.scoring
    links: list[tuple[int, int, int]] = []
    ticks: list[tuple[int, int, str]] = []
    pairs = [0, 0]
    edges = [0, 0]
    for side in (DARK, LIGHT):
        own = position.stones[side]
        for sq in squares_of(own & (own >> 1) & NOT_RIGHT):
            links.append((side, sq, sq + 1))
        for sq in squares_of(own & (own >> SIZE)):
            links.append((side, sq, sq + SIZE))
        if scoring == "wraparound":
            for sq in squares_of(own & COL_LEFT & (own >> (SIZE - 1))):
                links.append((side, sq, sq + SIZE - 1))
            for sq in squares_of(own & ROW_TOP & (own >> (SIZE * (SIZE - 1)))):
                links.append((side, sq, sq + SIZE * (SIZE - 1)))
        elif scoring == "default":
            for mask, where in (
                (ROW_TOP, "top"),
                (COL_LEFT, "left"),
                (COL_RIGHT, "right"),
                (ROW_BOTTOM, "bottom"),
            ):
                for sq in squares_of(own & mask):
                    ticks.append((side, sq, where))
        pairs[side] = sum(1 for s, _, _ in links if s == side)
        edges[side] = sum(1 for s, _, _ in ticks if s == side)
    score = (pairs[0] + edges[0], pairs[1] + edges[1])
    return ScoreExplanation(
        position,
        tuple(links),
        tuple(ticks),
        (pairs[0], pairs[1]),
        (edges[0], edges[1]),
        score,
        SCORING_WORDS[scoring],
        edges_count=scoring == "default",
        variant="wraparound" if scoring == "wraparound" else "standard",
        stones=drawable_stones(position),
    )


# How the final position's points are drawn, per scoring rule.
SCORING_WORDS = {
    "default": "A bar joins each pair of side-by-side stones of one colour and a tick "
    "marks each side of a stone on the board edge: one point each.",
    "simple": "A bar joins each pair of side-by-side stones of one colour: one point "
    "each (Simple scoring: edges score nothing).",
    "wraparound": "A bar joins each pair of side-by-side stones of one colour: one "
    "point each. Pairs across an edge (wraparound) are drawn as two "
    "half-bars at opposite edges.",
}


def rule_settings(game: ReplayedGame) -> list[tuple[str, str]]:
    """The title block's rule line for Mǽrstánas."""
    rules = game.rules
    settings = [
        "special stones " + ("on" if rules.special_stones else "off"),
        f"{rules.scoring} scoring",
        first_player(game, rules.first_player),
    ]
    return [("Rules", ", ".join(settings))]


class MaerstanasReader:
    """Mǽrstánas: placed stones, thunder- and Woden-stones, the score."""

    style = "placement"
    progress = "score"
    final_caption: str | None = None  # the last diagram keeps the record's caption

    def __init__(self, game: MaerstanasGame) -> None:
        self.game = game

    def stones(self, position: Position) -> dict[int, Stone]:
        return self.game.stones(position)

    def tracker(self) -> _Board:
        return _Board()

    def marks(self, before: Position, board: _Board, steps: list[Step]) -> RangeMarks:
        return maerstanas_marks(before, board, steps)

    def checkpoint(self, position: Position) -> Checkpoint:
        return maerstanas_checkpoint(position)

    def window(self, before: Position, steps: list[Step]) -> None:
        return None

    def series(
        self, game: ReplayedGame
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]:
        series = [position.score() for position in game.main.positions()]
        specials = [
            (step.ply, step.side, step.move.kind)
            for step in game.main.steps
            if step.move.kind in ("thunder", "woden")
        ]
        return series, specials

    def explanation(self, game: ReplayedGame) -> ScoreExplanation:
        return explain_score(game.final)

    def specials_note(self, specials: list[tuple[int, int, str]]) -> str:
        return "Stones under the axis mark thunder- and Woden-stones."

    def rule_details(self, game: ReplayedGame) -> list[tuple[str, str]]:
        return rule_settings(game)

    def result_text(self, game: ReplayedGame) -> str:
        if not game.finished or game.score is None:
            return "Unfinished"
        dark, light = game.score
        winner = {"Dark": "Dark wins", "Light": "Light wins", "Tie": "A tie"}[game.result or "Tie"]
        return f"{winner}, Dark: {dark}, Light: {light}"

    # --- the HTML step-through viewer ---------------------------------------------------

    def viewer_prototypes(self) -> dict[str, tuple[Stone, str]]:
        """Each letter of `board_code` as the stone it stands for, and its SVG id."""
        return dict(_PROTOTYPES)

    def board_code(self, position: Position) -> str:
        """The position as 49 letters: X/O Dark/Light standard, T/t thunder, W/w Woden, `.`."""
        out = []
        for sq in range(SIZE * SIZE):
            owner = position.owner(sq)
            out.append("." if owner is None else _CODES[(position.kind_at(sq) or "", owner)])
        return "".join(out)

    def last_square(self, step: Step) -> int | None:
        """The square the viewer rings after `step` (None after a pass)."""
        square: int | None = step.move.square
        return square


# One letter per square in the viewer's data, as `engine.board_diagram` writes them.
_CODES = {
    ("standard", DARK): "X",
    ("standard", LIGHT): "O",
    ("thunder", DARK): "T",
    ("thunder", LIGHT): "t",
    ("woden", DARK): "W",
    ("woden", LIGHT): "w",
}
_PROTOTYPES: dict[str, tuple[Stone, str]] = {
    "X": (Stone(DARK), "ds"),
    "O": (Stone(LIGHT), "ls"),
    "T": (Stone(DARK, "thunder"), "dt"),
    "t": (Stone(LIGHT, "thunder"), "lt"),
    "W": (Stone(DARK, "woden"), "dw"),
    "w": (Stone(LIGHT, "woden"), "lw"),
}


def board_reader(game: Keyed) -> Callable[[ReplayedGame], MaerstanasReader]:
    """The capability `gamedoc.capabilities.BOARD_READERS` asks for."""
    assert isinstance(game, MaerstanasGame)
    return lambda _replayed: MaerstanasReader(game)
