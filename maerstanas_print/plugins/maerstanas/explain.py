"""Explanations of a miscopied Mǽrstánas record: the fewest slips that fit all its evidence.

A record typed from a score sheet carries more than its moves: move numbers,
removal lists, the score line and the Result tag. A copier's slip in a move shows
later as an illegal move, a removal list that does not match, or a score line
the moves do not reach. An explanation is a set of slips (at most `MAX_SLIPS`)
after which every move is legal and every piece of evidence agrees; its cost is
the sum of the slips' costs in `play.slip_model`, and the cheapest comes first.

The search is best first: the hypotheses that need the fewest slips, then
those whose replay gets furthest, then the likeliest, are taken further first.
Where a hypothesis's replay first goes
wrong (an illegal move, a move after the end, a game not over at its score
line), some slip must lie at or before that move: it tries every board slip
there (a wrong letter or digit, two moves swapped, a row written twice, a Pass
put in or left out) and follows those that get the replay past that point, or
to it with less evidence left over before it (a removal list that now agrees).
What is still left over once every move replays (a move number, a removal list,
the score line, the Result) is one slip each, unless a board slip explains it
instead: a score line that the moves miss competes with the moves that would
reach it. Slips need not show in the order they were made, so at a move that
stays illegal the search also tries an earlier slip on a square that move's
legality reads (however far back) or one character from its square or a
neighbour's, the move meant for a square an earlier slip took (both changed at
once), the move swapped with the next onto a square an earlier slip took, and,
for a special stone already spent or a Woden-stone on its own side's stone, the
earlier move swapped that changed hands (with the stopped move's square); two
swaps that still replay, seen only in the score line, are paired by how far each
moves the score. Rows left out (up to `MAX_GAPS`) are found from the move
numbers and only reported.

The search stops after `MAX_EVALUATIONS` replays of part of the game and keeps
what it found; `complete` says whether it stopped early.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import operator
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from maerstanas_print.games.maerstanas.engine import (
    SQUARES,
    Move,
    Position,
    square_name,
    squares_of,
)
from maerstanas_print.notation.record import GameRecord, MoveNumber, PlyNode
from maerstanas_print.play.replayed import result_of
from maerstanas_print.play.slip_model import cost, removals_cost, score_cost, square_cost

MAX_SLIPS = 3
# Rows left out that the move numbers can show (each one error where it belongs)
MAX_GAPS = 2
# Replays of part of a game the search may make before it stops with what it found
# (of the tuning sets' 180 games, 8,000 puts 101 first and 139 in the first three,
# 12,000 101 and 140, 4,000 99 and 136)
MAX_EVALUATIONS = 8000
# A second or third slip is looked for this many plies before where the replay
# goes wrong (the first anywhere before it). A slip to a square played again
# later shows only there, often more than eight plies on (the tuning sets: 24
# finds more than 8 or 14 did, within the same limit of replays).
WINDOW = 24
# Two swaps seen only in the score line: the pairs whose amounts add up to within
# this many points of it are replayed, at most MAX_PAIRS of them, nearest first
PAIR_SCORE_SLACK = 2
MAX_PAIRS = 600
_PASS = Move.pass_()
_SQUARE_TEXT = re.compile(r"[A-Ga-g][1-7]")


# A board slip made: the new items, the slip, and the first index a later slip may touch
Change = tuple[list["Item"], "Slip", int]


class Item(NamedTuple):
    """One ply of the game as the explanation has it: the move, the removal list as
    it will be written, the number written before it, the written move (node) whose
    place in the text it takes (-1: inserted), and its new text (None: as written)."""

    move: Move
    removals: tuple[int, ...] | None
    number: MoveNumber | None
    slot: int
    text: str | None


@dataclass(frozen=True, slots=True)
class Slip:
    """One slip of an explanation: what to tell the copier, where, and how likely."""

    kind: str
    key: tuple[object, ...]  # what makes two slips the same slip
    cost: float
    message: str
    offset: int  # where in the text it was made
    edits: tuple[tuple[int, int, str], ...] = ()  # text edits it alone needs


@dataclass(slots=True)
class Outcome:
    """A replay of the items: where it first goes wrong (None: nowhere), and the
    evidence left that the moves do not explain."""

    stop: int | None
    numbers: list[tuple[int, MoveNumber, str]] = field(default_factory=list)
    removals: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    score: tuple[int, int] | None = None  # the computed score, when the line differs
    result: str | None = None  # the computed Result, when the tag differs

    @property
    def evidence(self) -> int:
        return (
            len(self.numbers)
            + len(self.removals)
            + (self.score is not None)
            + (self.result is not None)
        )


@dataclass(slots=True)
class Explanation:
    slips: tuple[Slip, ...]
    items: list[Item]
    outcome: Outcome

    @property
    def cost(self) -> float:
        return sum(s.cost for s in self.slips)

    @property
    def count(self) -> int:
        return len(self.slips)

    def keys(self) -> frozenset[tuple[object, ...]]:
        return frozenset(s.key for s in self.slips)


@dataclass(slots=True)
class Node:
    """A hypothesis on the way: the items, the board slips so far, the first index
    a further slip may touch, the replay's outcome, and where the items first
    differ from the record (with the position there)."""

    items: list[Item]
    slips: tuple[Slip, ...]
    lo: int
    outcome: Outcome
    first: int
    start_position: Position | None = None


@dataclass(slots=True)
class Gap:
    """A row left out: where it belongs, and what the rest of the record says of it."""

    offset: int
    index: int  # the node after the gap
    written: str  # the number written after the gap (`10.`)
    missing: int  # the number of the row left out (9)
    known: str  # what the evidence says about the missing moves


class Explainer:
    """The search for one game (see the module docstring)."""

    def __init__(
        self, game: GameRecord, text: str, start: Position, horizon: int | None = None
    ) -> None:
        """With `horizon`, only the moves before node `horizon` are explained (those
        before a row left out): the score line and Result, which the missing row
        changes, are no evidence then."""
        self.game = game
        self.text = text
        self.nodes = game.mainline.nodes[:horizon]
        self.start = start
        self.term = game.termination if horizon is None else None
        self.scored = self.term is not None and self.term.dark is not None
        self.result_tag = game.find_tag("Result") if horizon is None else None
        self.evaluations = 0
        self.complete = True
        self.found: dict[frozenset[tuple[object, ...]], Explanation] = {}
        # the explanations holding each slip (to find a new one's supersets fast)
        self.holding: dict[tuple[object, ...], set[frozenset[tuple[object, ...]]]] = {}
        self.base_positions: list[Position] = []  # before each move as written
        # per square: it, its neighbours and theirs (the squares its legality reads)
        masks = start.rules.geometry.neighbour_masks
        near = [masks[sq] | 1 << sq for sq in range(SQUARES)]
        self.reach = [
            functools.reduce(operator.or_, (near[n] for n in squares_of(near[sq])), 0)
            for sq in range(SQUARES)
        ]
        # per square: it and its neighbours; the squares one character from it (E4: E1-E7, A4-G4)
        self.near = near
        self.one_off = [
            sum(
                1 << other
                for other in range(SQUARES)
                if _one_character(square_name(sq), square_name(other)) and other != sq
            )
            for sq in range(SQUARES)
        ]
        self.written = [
            Item(node.move, node.removals, node.number, i, None)
            for i, node in enumerate(self.nodes)
        ]

    # --- replaying ------------------------------------------------------------

    def evaluate(
        self, items: list[Item], first: int, position: Position, keep: list[Position] | None
    ) -> Outcome:
        """Replay items[first:] on `position` (a copy is made); see `Outcome`.
        With `keep`, the position before each item is appended to it."""
        self.evaluations += 1
        position = position.copy(stack=False)
        place = position.place_if_legal  # the hot path: a legal placement, tested and made at once
        out = Outcome(None)
        for k in range(first, len(items)):
            item = items[k]
            move = item.move
            if keep is not None:
                keep.append(position.copy(stack=False))
            ply = position.ply
            if move.kind == "place" and place(move.square):  # type: ignore[arg-type]
                number = item.number
                if number is not None and (
                    number.number != ply // 2 + 1 or number.second != (ply % 2 == 1)
                ):
                    self._check_number(item, k, ply, None, out)
                continue
            passed = None
            if not position.has_move(position.turn):
                if position.is_game_over():
                    out.stop = k
                    return out
                if move.kind != "pass":  # a forced Pass left out: read leniently
                    passed = ply
                    position.push(_PASS, check=False)
                    ply += 1
            if position.move_problem(move) is not None:
                out.stop = k
                return out
            if item.number is not None:
                self._check_number(item, k, ply, passed, out)
            removed = position.push(move, check=False)
            if item.removals is not None and sorted(item.removals) != sorted(removed):
                out.removals.append((k, removed))
        if self.scored and not position.is_game_over():
            out.stop = len(items)
            return out
        over = position.is_game_over()
        score = position.score()
        term = self.term
        if self.scored and term is not None and (term.dark, term.light) != tuple(score):
            out.score = (score[0], score[1])
        tag = self.result_tag
        if tag is not None and tag.value in ("Dark", "Light", "Tie", "*"):
            want = result_of(score) if over else "*"
            if tag.value != want:
                out.result = want
        return out

    def _check_number(self, item: Item, k: int, ply: int, passed: int | None, out: Outcome) -> None:
        number = item.number
        assert number is not None
        for at in (ply, passed):
            if at is not None and (number.number, number.second) == (at // 2 + 1, at % 2 == 1):
                return
        out.numbers.append((k, number, f"{ply // 2 + 1}{'...' if ply % 2 else '.'}"))

    # --- the search -----------------------------------------------------------

    def run(self) -> list[Explanation]:
        """Best first: the hypotheses that need the fewest slips, then those whose
        replay gets furthest, then the likeliest, are taken further first."""
        base = self.evaluate(self.written, 0, self.start, self.base_positions)
        queue: list[tuple[tuple[int, int, float, int], Node]] = []
        counter = 0

        def push(node: Node) -> None:
            nonlocal counter
            outcome = node.outcome
            if outcome.stop is None:
                self.record(node.items, node.slips, outcome)
                if not outcome.evidence:
                    return
            if len(node.slips) >= MAX_SLIPS:
                return
            reach = len(node.items) + 1 if outcome.stop is None else outcome.stop
            cost_so_far = sum(s.cost for s in node.slips)
            counter += 1
            heapq.heappush(queue, ((len(node.slips), -reach, cost_so_far, counter), node))

        push(Node(self.written, (), 0, base, 0))
        if base.stop is None and base.score is not None and not base.numbers and not base.removals:
            self._swap_pairs(base.score)
        while queue:
            _key, node = heapq.heappop(queue)
            if self.evaluations >= MAX_EVALUATIONS:
                self.complete = False
                break
            for child in self.expand(node):
                push(child)
        return sorted(
            self.found.values(), key=lambda e: (round(e.cost, 6), e.count, -self._start(e))
        )

    def _start(self, explanation: Explanation) -> int:
        return min((s.offset for s in explanation.slips), default=0)

    def expand(self, node: Node) -> Iterator[Node]:
        """Every hypothesis with one more board slip that gets the replay further:
        past where it went wrong, or, where every move replays, with less evidence
        left unexplained."""
        items, slips, outcome = node.items, node.slips, node.outcome
        stop = outcome.stop
        high = self._last_evidence(outcome, len(items)) if stop is None else stop
        high = min(high, len(items) - 1)
        # Evidence at the end (the score line, the Result) reads every move after
        # the last slip, so a further slip may be anywhere there (a swap at move 5
        # that still replays shows only in the score line at move 20)
        at_end = stop is None and (outcome.score is not None or outcome.result is not None)
        low = node.lo if not slips or at_end else max(node.lo, high - WINDOW)
        low = max(low, node.first)
        if high < low:
            return
        positions: list[Position] = []
        before = self.start if node.first == 0 else node.start_position
        assert before is not None
        self.evaluate(items[: high + 1], node.first, before, positions)
        for j in range(high, low - 1, -1):
            if j - node.first >= len(positions):
                continue
            at = positions[j - node.first]
            for new_items, slip, nxt in self.board_slips(items, j, at):
                if stop is not None and self._cannot_pass(items, j, stop, slip):
                    continue
                if self.evaluations >= MAX_EVALUATIONS:
                    self.complete = False
                    return
                child = _before_kept(self.evaluate(new_items, j, at, None), outcome, j)
                if outcome.stop is None:
                    if child.stop is not None:
                        continue
                    if child.evidence >= outcome.evidence:
                        self.record(new_items, (*slips, slip), child)
                        continue
                elif not _further(child, outcome):
                    continue
                yield Node(new_items, (*slips, slip), nxt, child, j, at)
        if stop is None and slips and (outcome.score is not None or outcome.result is not None):
            yield from self._earlier(node)
        if stop is not None and stop < len(items) and items[stop].move.square is not None:
            yield from self._behind(node, low)

    def _swap_pairs(self, computed: tuple[int, int]) -> None:
        """Two swaps of moves that still replay, seen only in the score line: each
        swap alone misses it, so the search, which takes a slip further only when it
        explains more, never pairs them. Each swap that replays moves the score by
        some amount; the pairs whose amounts add up to about the score line are tried."""
        term = self.term
        assert term is not None
        need = (term.dark or 0) - computed[0], (term.light or 0) - computed[1]
        written = self.written
        moved: list[tuple[int, Change, tuple[int, int]]] = []  # (last index, swap, amount)
        for j in range(len(written) - 1):
            at = self.base_positions[j]
            for distance, kind in ((1, None), (2, "rows")):
                k = j + distance
                if k >= len(written) or written[k].move == written[j].move:
                    continue
                change = self._swapped(
                    written, j, k, kind or ("column" if at.ply % 2 == 0 else "swap")
                )
                if self.evaluations >= MAX_EVALUATIONS:
                    self.complete = False
                    return
                outcome = self.evaluate(change[0], j, at, None)
                if outcome.stop is None and outcome.score is not None:
                    amount = outcome.score[0] - computed[0], outcome.score[1] - computed[1]
                    moved.append((k, change, amount))
        # The score depends on the whole position, so two swaps' amounts add up
        # only roughly: the pairs nearest the score line first, a bounded number
        pairs = []
        for (last, change_a, a), (_last, change_b, b) in itertools.combinations(moved, 2):
            off = abs(a[0] + b[0] - need[0]) + abs(a[1] + b[1] - need[1])
            if off <= PAIR_SCORE_SLACK and last < self._origin(change_b[0]):
                pairs.append((off, change_a, change_b))
        pairs.sort(key=lambda pair: pair[0])
        for _off, (items_a, slip_a, _), (items_b, slip_b, _) in pairs[:MAX_PAIRS]:
            j_a, j_b = self._origin(items_a), self._origin(items_b)
            items = items_a[:j_b] + items_b[j_b:]
            if self.evaluations >= MAX_EVALUATIONS:
                self.complete = False
                return
            outcome = self.evaluate(items, j_a, self.base_positions[j_a], None)
            if outcome.stop is None:
                self.record(items, (slip_a, slip_b), outcome)

    def _behind(self, node: Node, low: int) -> Iterator[Node]:
        """Slips behind the ones `expand` tries, that the move where the replay
        stops depends on. Two slips in one game need not show in the order they
        were made: (a) after a later slip is found, an earlier one on a square the
        stopped move's legality reads (it, a neighbour or theirs) may be next,
        however far back (`6... G5` copied as `G6` shows only at ply 39, where a
        stone on F6 would have four hinges, G6 one of them); (b)
        the stopped move may be meant for a square an earlier slip took, so both
        change at once (`19. E1` meant `E4`, with `9... B4` copied as `E4`); (c)
        the stopped move is a special stone its side has already played, or a
        Woden-stone on its own side's stone: the earlier special stone, or the
        stone replaced, may be the other side's, its move swapped with a
        neighbour (whose turn it was is evidence), and the stopped move's square
        wrong too (`_whose_turn`); (a) also moves an earlier stone one character
        onto the stopped move's square or a neighbour (`6... G3` copied as `G7`,
        which `17. W G3` finds empty); (d) the stopped move swapped with the next
        lands on a square an earlier slip took: both change at once."""
        items, stop = node.items, node.outcome.stop
        assert stop is not None
        target = items[stop].move.square
        assert target is not None
        # The stone on the stopped move's square, however far back (a square
        # copied wrong shows when the game plays that square, perhaps much later)
        occupant = next(
            (i for i in range(stop - 1, -1, -1) if items[i].move.square == target), stop
        )
        # and every stone within reach of it (a neighbour's or theirs), however far
        # back: a slip there changes what the stopped move's legality reads
        squares = [item.move.square for item in items[:stop]]
        within = next(
            (i for i, sq in enumerate(squares) if sq is not None and self.reach[target] >> sq & 1),
            stop,
        )
        # and every stone one character from it or a neighbour (`G7` for `G3`, which
        # a Woden-stone on G3 later finds empty): (a) below moves it there
        near = self.near[target]
        onto = [
            i
            for i, sq in enumerate(squares)
            if sq is not None and not self.reach[target] >> sq & 1 and self.one_off[sq] & near
        ]
        # (d) below: the stopped move swapped with the next, which then lands on a
        # square an earlier stone holds (the two slips show only together)
        swaps = []
        if len(node.slips) + 2 <= MAX_SLIPS and stop + 1 < len(items):
            after = items[stop + 1]
            if after.move.kind == "place" and after.move != items[stop].move:
                held = next(
                    (i for i in range(stop - 1, -1, -1) if squares[i] == after.move.square), -1
                )
                if held >= 0:
                    swaps.append(held)
        floor = min(max(0, stop - WINDOW), occupant, within, *onto[:1], *swaps)
        begin = min(floor, self._origin(items), len(self.base_positions) - 1)
        positions: list[Position] = []
        self.evaluate(items[: stop + 1], begin, self.base_positions[begin], positions)
        if len(positions) <= stop - begin:
            return

        def untouched(i: int) -> bool:
            return items[i].text is None and items[i].slot >= 0 and items[i].move.square is not None

        changes: list[tuple[list[Item], tuple[Slip, ...], int]] = []
        if node.slips:  # (a)
            for j in range(min(low, stop) - 1, begin - 1, -1):
                square = items[j].move.square
                if untouched(j) and square is not None and self.reach[target] >> square & 1:
                    for new_items, slip, _nxt in self._squares(items, j, positions[j - begin]):
                        changes.append((new_items, (slip,), j))
            for j in reversed(onto):
                square = squares[j]
                if untouched(j) and j >= begin and square is not None:
                    for new_items, slip, _nxt in self._squares(items, j, positions[j - begin]):
                        to = new_items[j].move.square
                        if to is not None and near >> to & 1 and self.one_off[square] >> to & 1:
                            changes.append((new_items, (slip,), j))
        item = items[stop]
        if (
            untouched(stop) and item.move.kind == "place" and len(node.slips) + 2 <= MAX_SLIPS
        ):  # (b)
            placed = {items[i].move.square: i for i in range(begin, stop) if untouched(i)}
            old = square_name(target)
            written = self._item_text(item)
            found = _SQUARE_TEXT.search(written)
            for square, i in placed.items():
                assert square is not None
                new = square_name(square)
                if found is None or not _one_character(old, new):
                    continue
                moved = list(items)
                text = written[: found.start()] + new + written[found.end() :]
                moved[stop] = item._replace(move=Move.place(square), text=text)
                slip = Slip(
                    "square",
                    ("square", item.slot, new),
                    square_cost(old, new),
                    f"write {new} for {old}",
                    self.nodes[item.slot].start,
                )
                was = square_name(square)
                for new_items, earlier, _nxt in self._squares(moved, i, positions[i - begin]):
                    if _one_character(was, square_name(new_items[i].move.square)):  # type: ignore[arg-type]
                        changes.append((new_items, (earlier, slip), i))
        if untouched(stop) and item.move.kind != "place" and len(node.slips) + 2 <= MAX_SLIPS:
            changes += self._whose_turn(items, stop, begin, positions, occupant)  # (c)
        for held in swaps:  # (d)
            if not (untouched(held) and untouched(stop) and untouched(stop + 1)):
                continue
            kind = "column" if positions[stop - begin].ply % 2 == 0 else "swap"
            swapped, swap, _nxt = self._swapped(items, stop, stop + 1, kind)
            held_at = squares[held]
            assert held_at is not None
            for new_items, earlier, _n in self._squares(swapped, held, positions[held - begin]):
                to = new_items[held].move.square
                if to is not None and self.one_off[held_at] >> to & 1:
                    changes.append((new_items, (earlier, swap), held))
        for new_items, new_slips, j in changes:
            if self.evaluations >= MAX_EVALUATIONS:
                self.complete = False
                return
            at = positions[j - begin]
            child = _before_kept(self.evaluate(new_items, j, at, None), node.outcome, j)
            if not _further(child, node.outcome):
                continue
            yield Node(new_items, (*node.slips, *new_slips), node.lo, child, j, at)

    def _whose_turn(
        self, items: list[Item], stop: int, begin: int, positions: list[Position], occupant: int
    ) -> list[tuple[list[Item], tuple[Slip, ...], int]]:
        """(c) of `_behind`: a special stone at `stop` that its side has already
        played, or a Woden-stone on its own side's stone, may be legal once an
        earlier move changes hands: the earlier special stone of its kind, or the
        move that put the stone the Woden-stone replaces, swapped with the move
        before or after it; alone and with each square at `stop`."""
        item = items[stop]
        problem = positions[stop - begin].move_problem(item.move)
        if problem is None:
            return []
        earlier: int | None = None
        if problem.kind == "spent":
            earlier = next(
                (e for e in range(stop - 1, begin - 1, -1) if items[e].move.kind == item.move.kind),
                None,
            )
        elif problem.kind == "woden-target" and occupant < stop:
            earlier = occupant
        if earlier is None or earlier < begin:
            return []
        out: list[tuple[list[Item], tuple[Slip, ...], int]] = []
        for j, k in ((earlier, earlier + 1), (earlier - 1, earlier)):
            if j < begin or k >= stop or items[j].move == items[k].move:
                continue
            if min(items[j].slot, items[k].slot) < 0:
                continue
            before = positions[j - begin]
            kind = "column" if before.ply % 2 == 0 else "swap"
            swapped, slip, _nxt = self._swapped(items, j, k, kind)
            if self.evaluations >= MAX_EVALUATIONS:
                self.complete = False
                break
            kept: list[Position] = []  # the positions before items j to `stop`
            self.evaluate(swapped[: stop + 1], j, before, kept)
            if len(kept) <= stop - j:
                continue  # the swap goes wrong before the stopped move
            at = kept[stop - j]
            out.append((swapped, (slip,), j))
            for new_items, square, _n in self._squares(swapped, stop, at):
                out.append((new_items, (slip, square), j))
        return out

    def _origin(self, items: list[Item]) -> int:
        """The first index where `items` differ from the record as written."""
        written = self.written
        for i, item in enumerate(items):
            if i >= len(written) or item is not written[i]:
                return i
        return len(items)

    def _cannot_pass(self, items: list[Item], j: int, stop: int, slip: Slip) -> bool:
        """Whether a board slip at j surely leaves the placement at `stop` illegal,
        so its replay need not be made. Where every move from j to `stop` is a
        standard placement, legality depends on the occupied squares alone (not
        their colour), and more stones never make a placement legal: a swap over
        before `stop` leaves the same squares occupied there, and a square moved
        from one out of reach of `stop`'s (not it, a neighbour, or a neighbour's
        neighbour: the squares whose hinges it counts) frees none that matters."""
        if stop >= len(items) or slip.kind not in ("square", "column", "swap", "rows"):
            return False
        if any(items[i].move.kind != "place" for i in range(j, stop + 1)):
            return False
        if slip.kind == "square":
            target = items[stop].move.square
            old = items[j].move.square
            assert target is not None and old is not None
            return not self.reach[target] >> old & 1
        return j + (2 if slip.kind == "rows" else 1) < stop

    def _earlier(self, node: Node) -> Iterator[Node]:
        """A score line or Result the moves miss may come from a slip anywhere before
        the slips so far (two moves swapped that still replay show nowhere else)."""
        items, outcome = node.items, node.outcome
        for j in range(min(node.first - 3, len(self.base_positions) - 1), -1, -1):
            at = self.base_positions[j]
            for new_items, slip, _nxt in self.board_slips(items, j, at):
                if slip.kind in ("twice", "pass"):
                    continue  # the later slips' places would move
                if self.evaluations >= MAX_EVALUATIONS:
                    self.complete = False
                    return
                child = _before_kept(self.evaluate(new_items, j, at, None), node.outcome, j)
                if child.stop is not None:
                    continue
                if child.evidence >= outcome.evidence:
                    self.record(new_items, (*node.slips, slip), child)
                    continue
                yield Node(new_items, (*node.slips, slip), node.lo, child, j, at)

    def _last_evidence(self, outcome: Outcome, end: int) -> int:
        if outcome.score is not None or outcome.result is not None:
            return end - 1
        marks = [k for k, *_ in outcome.numbers] + [k for k, _ in outcome.removals]
        return max(marks)

    # --- board slips ----------------------------------------------------------

    def board_slips(
        self, items: list[Item], j: int, before: Position
    ) -> Iterator[tuple[list[Item], Slip, int]]:
        """(new items, the slip, the first index a later slip may touch) for every
        board slip at items[j]."""
        item = items[j]
        yield from self._squares(items, j, before)
        for distance, kind in ((1, None), (2, "rows")):
            k = j + distance
            if k < len(items) and items[k].move != item.move:
                if kind is None:
                    kind = "column" if before.ply % 2 == 0 else "swap"
                yield self._swapped(items, j, k, kind)
        if j >= 2 and j + 1 < len(items):
            twice = self._twice(items, j)
            if twice is not None:
                yield twice
        if item.move.kind == "pass" and item.slot >= 0:
            yield self._deleted_pass(items, j)

    def _squares(
        self, items: list[Item], j: int, before: Position
    ) -> Iterator[tuple[list[Item], Slip, int]]:
        item = items[j]
        move = item.move
        if move.square is None or item.slot < 0:
            return
        node = self.nodes[item.slot]
        written = self._item_text(item)
        for changed, old, new, start, end in square_changes(move, written, before):
            new_items = list(items)
            new_items[j] = item._replace(move=changed, text=written[:start] + new + written[end:])
            slip = Slip(
                "square",
                ("square", item.slot, new),
                square_cost(old, new),
                f"write {new} for {old}",
                node.start,
            )
            yield new_items, slip, j + 1

    def _item_text(self, item: Item) -> str:
        if item.text is not None:
            return item.text
        node = self.nodes[item.slot]
        return self.text[node.start : node.end]

    def _swapped(self, items: list[Item], j: int, k: int, kind: str) -> Change:
        a, b = items[j], items[k]
        text_a, text_b = self._item_text(a), self._item_text(b)
        new_items = list(items)
        new_items[j] = Item(b.move, b.removals, a.number, a.slot, text_b)
        new_items[k] = Item(a.move, a.removals, b.number, b.slot, text_a)
        offset = self.nodes[a.slot].start if a.slot >= 0 else 0
        slip = Slip(kind, (kind, a.slot, b.slot), cost(kind), f"swap {text_a} and {text_b}", offset)
        return new_items, slip, k + 1

    def _twice(self, items: list[Item], j: int) -> Change | None:
        """Items j, j+1 repeat j-2, j-1 (a row written twice, at a row's start)."""
        a, b = items[j], items[j + 1]
        if (a.move, b.move) != (items[j - 2].move, items[j - 1].move) or min(a.slot, b.slot) < 0:
            return None
        node_a, node_b = self.nodes[a.slot], self.nodes[b.slot]
        start = node_a.number.start if node_a.number is not None else node_a.start
        end = self._next_start(b.slot)
        written = self.text[start : node_b.end]
        new_items = items[:j] + items[j + 2 :]
        slip = Slip(
            "twice",
            ("twice", a.slot),
            cost("twice"),
            f"delete `{written}` (a row written twice)",
            start,
            ((start, end, ""),),
        )
        return new_items, slip, j

    def _deleted_pass(self, items: list[Item], j: int) -> Change:
        item = items[j]
        node = self.nodes[item.slot]
        end = self._next_start(item.slot)
        rest = items[j + 1 :]
        written = self.text[node.start : node.end]
        if item.number is not None and rest and rest[0].number is None:
            rest = [rest[0]._replace(number=item.number), *rest[1:]]
            start = node.start  # the number stays, for the next move
        else:
            start = node.number.start if node.number is not None else node.start
        slip = Slip(
            "pass",
            ("pass", item.slot),
            cost("pass"),
            f"delete `{written}`",
            node.start,
            ((start, end, ""),),
        )
        return items[:j] + rest, slip, j

    def _next_start(self, slot: int) -> int:
        """Where the text after node `slot` (and its comments) resumes."""
        node = self.nodes[slot]
        end = max([node.end] + [c.end for c in node.comments])
        while end < len(self.text) and self.text[end] in " \t":
            end += 1
        return end

    # --- what is found ----------------------------------------------------------

    def record(self, items: list[Item], slips: tuple[Slip, ...], outcome: Outcome) -> None:
        """Keep the explanation: the board slips and one slip per piece of evidence
        left, unless a part of it explains as much (one of its slips explains
        nothing)."""
        if len(slips) + outcome.evidence > MAX_SLIPS:
            return
        items = list(items)  # the evidence slips write removal lists into it
        evidence = self.evidence_slips(items, outcome)
        every = (*slips, *evidence)
        total = sum(s.cost for s in every)
        keys = frozenset(s.key for s in every)
        if any(frozenset(part) in self.found for part in _proper_parts(keys)):
            return
        smallest = min((self.holding.get(k, set()) for k in keys), key=len, default=set())
        for other in [o for o in smallest if keys < o]:
            self._forget(other)
        known = self.found.get(keys)
        if known is None or total < known.cost:
            if known is None:
                for k in keys:
                    self.holding.setdefault(k, set()).add(keys)
            self.found[keys] = Explanation(every, items, outcome)

    def _forget(self, keys: frozenset[tuple[object, ...]]) -> None:
        del self.found[keys]
        for k in keys:
            self.holding[k].discard(keys)

    def evidence_slips(self, items: list[Item], outcome: Outcome) -> list[Slip]:
        out = []
        for k, number, want in outcome.numbers:
            written = self.text[number.start : number.end]
            out.append(
                Slip(
                    "number",
                    ("number", items[k].slot, want),
                    cost("number"),
                    f"write `{want}` for `{written}`",
                    number.start,
                    ((number.start, number.end, want),),
                )
            )
        for k, removed in outcome.removals:
            item = items[k]
            text = self._item_text(item)
            at = text.lower().find("x")
            if at < 0 or item.slot < 0:
                continue
            content = "x" + "/".join(map(square_name, removed))
            node = self.nodes[item.slot]
            out.append(
                Slip(
                    "removals",
                    ("removals", item.slot, removed),
                    removals_cost(
                        tuple(map(square_name, item.removals or ())),
                        tuple(map(square_name, removed)),
                    ),
                    f"write `{content}` for `{text[at:]}`",
                    node.start + at,
                    ((node.start + at, node.end, content),) if item.text is None else (),
                )
            )
            if item.text is not None:  # the slot's new text carries the list
                items[k] = item._replace(text=text[:at] + content, removals=removed)
        term = self.term
        if outcome.score is not None and term is not None:
            dark, light = outcome.score
            content = f"Dark: {dark}, Light: {light}"
            written = self.text[term.start : term.end]
            out.append(
                Slip(
                    "score",
                    ("score", outcome.score),
                    score_cost((term.dark or 0, term.light or 0), outcome.score),
                    f"write `{content}` for `{written}`",
                    term.start,
                    ((term.start, term.end, content),),
                )
            )
        tag = self.result_tag
        if outcome.result is not None and tag is not None:
            content = f'[Result "{outcome.result}"]'
            out.append(
                Slip(
                    "result",
                    ("result", outcome.result),
                    cost("result"),
                    f"write `{content}`",
                    tag.start,
                    ((tag.start, tag.end, content),),
                )
            )
        return out

    def edits(self, explanation: Explanation) -> list[tuple[int, int, str]]:
        """The text edits of an explanation: each slot's new text, then each slip's own."""
        out = []
        for item in explanation.items:
            if item.text is not None and item.slot >= 0:
                node = self.nodes[item.slot]
                if self.text[node.start : node.end] != item.text:
                    out.append((node.start, node.end, item.text))
        for slip in explanation.slips:
            out.extend(slip.edits)
        return out

    # --- a row left out -------------------------------------------------------

    def gaps(self) -> list[Gap]:
        """The rows left out (at most `MAX_GAPS`), when the move numbers say so: from
        some row on, every written number is one row further ahead of its place
        than before it, and none before is. What the score line says of the
        missing moves goes with the last."""
        numbered = [(k, node) for k, node in enumerate(self.nodes) if node.number is not None]
        if len(numbered) < 2:
            return []
        position = self.start.copy(stack=False)
        plies = []
        for node in self.nodes:  # the plies as written (forced passes counted)
            if (
                not position.has_move(position.turn)
                and not position.is_game_over()
                and node.move.kind != "pass"
            ):
                position.push(_PASS, check=False)
            plies.append(position.ply)
            problem = position.move_problem(node.move)
            position.push(node.move if problem is None else _PASS, check=False)
        # rows each written number is ahead of its place (None: the wrong column)
        ahead: list[tuple[int, PlyNode, int | None]] = []
        for k, node in numbered:
            number = node.number
            assert number is not None
            right = number.second == (plies[k] % 2 == 1)
            ahead.append((k, node, number.number - (plies[k] // 2 + 1) if right else None))
        # One number ahead is as well explained by one miscopied number, unless the
        # game as written stops short of its score line
        short = self.scored and not position.is_game_over()
        found: list[Gap] = []
        for level in range(MAX_GAPS):
            step = _step(ahead, level, plies, 1 if short else 2)
            if step is None:
                break
            k0, first = step
            number = first.number
            assert number is not None
            written = self.text[number.start : number.end]
            found.append(Gap(number.start, k0, written, number.number - 1, ""))
            ahead = [entry for entry in ahead if entry[0] >= k0]
        if found:
            found[-1].known = self._known(position)
        return found

    def _known(self, position: Position) -> str:
        """What the evidence says of the missing moves: how far the score line is
        from what the moves as written give."""
        parts = []
        term = self.term
        if self.scored and term is not None:
            dark, light = position.score()
            need = []
            for side, have, want in (("Dark", dark, term.dark), ("Light", light, term.light)):
                if want is not None and want != have:
                    need.append(f"{side} {want - have:+d}")
            if need:
                parts.append(
                    f"the score line needs {' and '.join(need)} over what the moves as written "
                    f"score (Dark: {dark}, Light: {light})"
                )
        return "; ".join(parts)


def _step(
    ahead: list[tuple[int, PlyNode, int | None]], level: int, plies: list[int], least: int
) -> tuple[int, PlyNode] | None:
    """Where the written numbers step from `level` rows ahead of their place to more
    (a row left out there): every number before is `level` ahead, the one there
    one more, all after it but one further ahead, and the row starts with Dark's
    move."""
    further = [(k, node, rows) for k, node, rows in ahead if rows is not None and rows > level]
    if not further or further[0][2] != level + 1:  # one row at a time
        return None
    k0, first, _rows = further[0]
    after = [entry for entry in ahead if entry[0] >= k0]
    if any(rows != level for k, _node, rows in ahead if k < k0) or plies[k0] % 2:
        return None
    if len(further) < max(least, len(after) - 1):
        return None
    return k0, first


def _one_character(old: str, new: str) -> bool:
    """Whether two squares' names differ in one character (a letter or a digit)."""
    return (old[0] != new[0]) + (old[1] != new[1]) == 1


def _further(child: Outcome, parent: Outcome) -> bool:
    """Whether a slip took a stopped replay further: past where it stopped, or to
    the same stop with less evidence before it left unexplained (a removal list or
    move number that now agrees: `2. B3` for `B2` shows first as thunder-stone's
    list at ply 19 that misses B2, and only then as an illegal move at ply 30,
    which the slip at ply 2 does not change)."""
    assert parent.stop is not None
    if child.stop is None or child.stop > parent.stop:
        return True
    return child.stop == parent.stop and child.evidence < parent.evidence


def _before_kept(child: Outcome, parent: Outcome, j: int) -> Outcome:
    """The child's replay from item j on, with the parent's evidence before j (a
    removal list or move number there the slip at j leaves as it was)."""
    child.numbers = [e for e in parent.numbers if e[0] < j] + child.numbers
    child.removals = [e for e in parent.removals if e[0] < j] + child.removals
    return child


def square_changes(
    move: Move, written: str, before: Position
) -> Iterator[tuple[Move, str, str, int, int]]:
    """The move put on each other square where it is legal in `before`: (the move,
    the old square's name, the new one's, and where the square is in `written`,
    the move's text). One list of candidates for both searches of a square's slip
    (`Explainer` and `repair.MaerstanasSearch`)."""
    if move.square is None:
        return
    found = _SQUARE_TEXT.search(written)
    if found is None:
        return
    old = square_name(move.square)
    if move.kind == "place":  # the common case: every legal square at once
        legal = before.standard_placements()
        squares = [sq for sq in range(SQUARES) if legal >> sq & 1]
    else:
        squares = [sq for sq in range(SQUARES) if before.move_problem(Move(move.kind, sq)) is None]
    for square in squares:
        if square != move.square:
            yield Move(move.kind, square), old, square_name(square), found.start(), found.end()


def _proper_parts(keys: frozenset[tuple[object, ...]]) -> Iterator[tuple[tuple[object, ...], ...]]:
    """Every non-empty part of `keys` but the whole."""
    for size in range(1, len(keys)):
        yield from itertools.combinations(keys, size)


def start_position(game: GameRecord) -> Position | None:
    """The position before the first move, as the record's tags set it up (None
    when they cannot)."""
    try:
        position = game.board()
    except Exception:  # noqa: BLE001 - a broken setup is reported by the replay
        return None
    return position if isinstance(position, Position) else None
