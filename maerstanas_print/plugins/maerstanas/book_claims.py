"""Statements a rulebook figure makes about its position, checked by the engine.

A figure in the book says something ("E1 is illegal: D1 would reach four
hinges"); the book's source states it as one of these claims, and the build
asks the engine whether it is true. Each claim can say itself in words, check
itself against a `Position` (returning what the engine says instead, or None
when the claim holds), and suggest the marks that show it on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from maerstanas_print.draw.board import Mark, Side
from maerstanas_print.games.maerstanas.engine import (
    DARK,
    SIDE_NAMES,
    SIZE,
    Move,
    Position,
    Scoring,
    parse_square,
    square_name,
    squares_of,
)
from maerstanas_print.rulebook.claim_base import ClaimError

SIDE_ORDER: tuple[Side, ...] = ("top", "left", "right", "bottom")


def square(name: str) -> int:
    index = parse_square(name)
    if index is None:
        raise ClaimError(f"{name!r} is not a square of the board")
    return index


def names(squares: list[int] | tuple[int, ...]) -> str:
    """ "E3", "E3 and D4", "E3, D4 and F4": squares as a sentence would list them."""
    words = [square_name(sq) for sq in squares]
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " and " + words[-1]


def neighbour(position: Position, sq: int, side: Side) -> int | None:
    """The square beyond `side` of `sq` (across the edge on the torus), or None."""
    row, col = divmod(sq, SIZE)
    dr, dc = {"top": (-1, 0), "bottom": (1, 0), "left": (0, -1), "right": (0, 1)}[side]
    r, c = row + dr, col + dc
    if position.rules.geometry.wrap:
        return (r % SIZE) * SIZE + c % SIZE
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r * SIZE + c
    return None


def hinge_sides(position: Position, sq: int) -> frozenset[Side]:
    """The sides of `sq` that are hinges now: a stone beyond them, or the board edge."""
    out = set()
    for side in SIDE_ORDER:
        n = neighbour(position, sq, side)
        if n is None or position.owner(n) is not None:
            out.add(side)
    return frozenset(out)


def over_the_limit(position: Position, sq: int) -> list[int]:
    """The stones a standard stone on `sq` would leave with four hinges (itself first)."""
    out = [sq] if position.hinges(sq) >= 4 else []
    around = position.occupied & position.rules.geometry.neighbour_masks[sq]
    return out + [n for n in squares_of(around) if position.hinges(n) >= 3]


def score_marks(position: Position, scoring: Scoring) -> tuple[dict[int, Mark], tuple[int, int]]:
    """A bead for every point, and the points counted from the beads (Dark, Light).

    A pair's bead sits on the side the two stones share, an edge point's on the
    edge. On the torus a pair joined across an edge gets one bead, on the far
    (right or bottom) edge, so counting beads always gives the score.
    """
    wrap = scoring == "wraparound"
    sides: dict[int, set[Side]] = {}
    totals = [0, 0]
    for sq in range(SIZE * SIZE):
        owner = position.owner(sq)
        if owner is None:
            continue
        row, col = divmod(sq, SIZE)
        for side in ("right", "bottom"):
            at_edge = (col == SIZE - 1) if side == "right" else (row == SIZE - 1)
            if at_edge and not wrap:
                continue
            step = 1 if side == "right" else SIZE
            other = (
                (sq + step - SIZE if side == "right" else sq + step - SIZE * SIZE)
                if at_edge
                else sq + step
            )
            if position.owner(other) == owner:
                sides.setdefault(sq, set()).add(side)
                totals[owner] += 1
        if scoring == "default":
            for side in SIDE_ORDER:
                if neighbour(position, sq, side) is None:
                    sides.setdefault(sq, set()).add(side)
                    totals[owner] += 1
    marks = {sq: Mark("points", sides=frozenset(s)) for sq, s in sides.items()}
    return marks, (totals[0], totals[1])


@dataclass(frozen=True, slots=True)
class Hinges:
    """`square` has exactly `count` hinges."""

    square: str
    count: int

    @property
    def text(self) -> str:
        return f"{self.square} has {self.count} hinge{'s' * (self.count != 1)}"

    def check(self, position: Position) -> str | None:
        got = position.hinges(square(self.square))
        return None if got == self.count else f"{self.square} has {got}"

    def marks(self, position: Position) -> dict[int, Mark]:
        sq = square(self.square)
        return {sq: Mark("hinges", sides=hinge_sides(position, sq))}


@dataclass(frozen=True, slots=True)
class Legal:
    """A standard stone may go on `square`."""

    square: str

    @property
    def text(self) -> str:
        return f"a stone may go on {self.square}"

    def check(self, position: Position) -> str | None:
        problem = position.placement_problem(square(self.square))
        return None if problem is None else f"{self.square} is illegal: {problem}"

    def marks(self, position: Position) -> dict[int, Mark]:
        sq = square(self.square)
        return {sq: Mark("ghost", sides=hinge_sides(position, sq))}


@dataclass(frozen=True, slots=True)
class Illegal:
    """A standard stone may not go on `square`; `stone` is the one that would break the limit.

    `stone` may be `square` itself (the new stone would have four hinges) or a
    neighbour (it would reach four). `reason` is the engine's problem kind.
    """

    square: str
    stone: str | None = None
    reason: Literal["four-hinges", "occupied"] = "four-hinges"

    @property
    def text(self) -> str:
        if self.reason == "occupied":
            return f"{self.square} is illegal: it is occupied"
        if self.stone in (None, self.square):
            return f"{self.square} is illegal: a stone there would have four hinges"
        return f"{self.square} is illegal: {self.stone} would reach four hinges"

    def check(self, position: Position) -> str | None:
        sq = square(self.square)
        problem = position.placement_problem(sq)
        if problem is None:
            return f"a stone may go on {self.square}"
        if problem.kind != self.reason:
            return f"{self.square} is illegal because {problem}"
        if self.reason == "four-hinges":
            over = over_the_limit(position, sq)
            if square(self.stone or self.square) not in over:
                return f"{self.square} is illegal because {problem}"
        return None

    def marks(self, position: Position) -> dict[int, Mark]:
        sq = square(self.square)
        if self.reason == "occupied":
            return {}
        stone = square(self.stone or self.square)
        if stone == sq:
            return {sq: Mark("barred", sides=hinge_sides(position, sq))}
        # The neighbour's hinges now, and the one the new stone would add.
        toward = next(side for side in SIDE_ORDER if neighbour(position, stone, side) == sq)
        return {
            sq: Mark("barred"),
            stone: Mark("hinges", sides=hinge_sides(position, stone) | {toward}),
        }


@dataclass(frozen=True, slots=True)
class ThunderRemoves:
    """The side to move may play the thunder-stone on `square`, and it removes `removed`."""

    square: str
    removed: tuple[str, ...]

    @property
    def text(self) -> str:
        gone = names([square(n) for n in self.removed])
        return f"a thunder-stone on {self.square} removes {gone}"

    def check(self, position: Position) -> str | None:
        sq = square(self.square)
        problem = position.move_problem(Move.thunder(sq))
        if problem is not None:
            return f"T {self.square} is illegal: {problem}"
        got = position.thunder_removals(sq)
        if set(got) != {square(n) for n in self.removed}:
            return f"it removes {names(got)}"
        return None

    def marks(self, position: Position) -> dict[int, Mark]:
        return {square(self.square): Mark("ghost")}


@dataclass(frozen=True, slots=True)
class WodenTarget:
    """Whether the side to move may play the Woden-stone on `square`."""

    square: str
    valid: bool = True

    @property
    def text(self) -> str:
        verb = "may" if self.valid else "may not"
        return f"the Woden-stone {verb} go on {self.square}"

    def check(self, position: Position) -> str | None:
        problem = position.move_problem(Move.woden(square(self.square)))
        if self.valid and problem is not None:
            return f"W {self.square} is illegal: {problem}"
        if not self.valid and problem is None:
            return f"W {self.square} is legal"
        if not self.valid and problem is not None and problem.kind != "woden-target":
            return f"W {self.square} is illegal for another reason: {problem}"
        return None

    def marks(self, position: Position) -> dict[int, Mark]:
        return {square(self.square): Mark("ghost" if self.valid else "barred")}


@dataclass(frozen=True, slots=True)
class MustPass:
    """The side to move has no move at all, while the opponent still has one."""

    @property
    def text(self) -> str:
        return "the side to move must pass"

    def check(self, position: Position) -> str | None:
        if position.must_pass():
            return None
        if position.is_game_over():
            return "the game is over"
        return f"{SIDE_NAMES[position.turn]} can still move"

    def marks(self, position: Position) -> dict[int, Mark]:
        return {}


@dataclass(frozen=True, slots=True)
class NoPlacement:
    """No standard stone may go anywhere on the board."""

    @property
    def text(self) -> str:
        return "no square takes a standard stone"

    def check(self, position: Position) -> str | None:
        free = squares_of(position.standard_placements())
        return None if not free else f"a stone may still go on {names(free)}"

    def marks(self, position: Position) -> dict[int, Mark]:
        return {}


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over (or, with `over=False`, it goes on)."""

    over: bool = True

    @property
    def text(self) -> str:
        return "the game is over" if self.over else "the game goes on"

    def check(self, position: Position) -> str | None:
        if position.is_game_over() == self.over:
            return None
        return "the game goes on" if self.over else "the game is over"

    def marks(self, position: Position) -> dict[int, Mark]:
        return {}


@dataclass(frozen=True, slots=True)
class Scores:
    """Under `scoring` Dark has `dark` points and Light `light`; `mark` beads every point."""

    dark: int
    light: int
    scoring: Scoring = "default"
    mark: bool = True

    @property
    def text(self) -> str:
        return f"{self.scoring} scoring gives Dark {self.dark}, Light {self.light}"

    def check(self, position: Position) -> str | None:
        got = position.score(self.scoring)
        _, counted = score_marks(position, self.scoring)
        if counted != got:  # the beads must add up to what the engine scores
            return f"the marks count {counted} but the engine scores {got}"
        if got == (self.dark, self.light):
            return None
        return f"it gives Dark {got[DARK]}, Light {got[1]}"

    def marks(self, position: Position) -> dict[int, Mark]:
        return score_marks(position, self.scoring)[0] if self.mark else {}


Claim = (
    Hinges
    | Legal
    | Illegal
    | ThunderRemoves
    | WodenTarget
    | MustPass
    | NoPlacement
    | GameOver
    | Scores
)


# --- the claim language of rulebook sources (docs/writing-rulebooks.md) -------

CLAIM_FORMS = (
    "legal D4",
    "illegal D4",
    "illegal E1 because D1",
    "illegal D4 occupied",
    "hinges A1 2",
    "removes E4: E3 D4 F4",
    "woden E4",
    "no-woden D5",
    "pass",
    "full",
    "over",
    "goes-on",
    "score 12 10 [simple|wraparound] [unmarked]",
)


def _count(word: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise ClaimError(f"{word!r} is not a number")
    return int(word)


def read_claim(line: str) -> Claim:
    """One line of a figure's `claims:` as a Mǽrstánas claim (ClaimError if malformed)."""
    head, _, tail = line.partition(":")
    words = head.split()
    after = tail.split()
    kind, args = (words[0], words[1:]) if words else ("", [])
    if kind == "removes" and len(args) == 1 and tail:
        gone = () if after == ["nothing"] else tuple(after)
        for name in (args[0], *gone):
            square(name)
        return ThunderRemoves(args[0], gone)
    if tail:
        raise ClaimError("only `removes` takes a `:`")
    simple: dict[str, Claim] = {
        "pass": MustPass(),
        "full": NoPlacement(),
        "over": GameOver(),
        "goes-on": GameOver(False),
    }
    if kind in simple and not args:
        return simple[kind]
    if kind in ("legal", "woden", "no-woden") and len(args) == 1:
        square(args[0])
        if kind == "legal":
            return Legal(args[0])
        return WodenTarget(args[0], valid=kind == "woden")
    if kind == "hinges" and len(args) == 2:
        square(args[0])
        return Hinges(args[0], _count(args[1]))
    if kind == "illegal" and len(args) in (1, 2, 3):
        square(args[0])
        if args[1:] == ["occupied"]:
            return Illegal(args[0], None, "occupied")
        if len(args) == 3 and args[1] == "because":
            square(args[2])
            return Illegal(args[0], args[2])
        if len(args) == 1:
            return Illegal(args[0], args[0])
    if kind == "score" and 2 <= len(args) <= 4:
        rest = args[2:]
        mark = "unmarked" not in rest
        rest = [w for w in rest if w != "unmarked"]
        scoring = rest[0] if rest else "default"
        if len(rest) <= 1 and scoring in ("default", "simple", "wraparound"):
            return Scores(_count(args[0]), _count(args[1]), scoring, mark)  # type: ignore[arg-type]
    raise ClaimError(f"{line.strip()!r} is not a Mǽrstánas claim")


def position_value(position: Position, value: str, scoring: Scoring | None = None) -> str | None:
    """What a rulebook reference asks of a Mǽrstánas position: `dark-score` and
    `light-score` (by `scoring`, default the position's own) or the `winner`."""
    dark, light = position.score(scoring or position.rules.scoring)
    if value in ("dark-score", "light-score"):
        return str(light if value == "light-score" else dark)
    if value == "winner":
        return "nobody" if dark == light else ("Light" if light > dark else "Dark")
    return None
