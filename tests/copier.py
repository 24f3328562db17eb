"""A copier who slips several times a game: held-out sets for the explanation search.

`sheet_game` plays a game on the engine (random movers, special stones now and
then) and writes it as a score sheet is typed: tags with the Result, numbered
rows four to a line, removal lists, the score line. `copy_with_slips` makes one
to three slips of the kinds in `KINDS` in it, each in its own row, the way a
copier makes them (a wrong character is a handwriting confusion half the time),
and keeps only copies that `check` finds invalid. Everything comes from the seed,
so a set is the same bytes on every run: `copied_set(seed, ...)`.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass

from maerstanas_print.games.maerstanas.engine import Position, square_name
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.play.slip_model import CONFUSABLE, DIGITS, LETTERS
from maerstanas_print.play.verify import replay, result_of
from tests.random_games import random_game

# The slips a copier makes (the kinds of `play.slip_model`), by the row they touch.
# ISSUE_KINDS are issue 24's: a wrong row or column (digit, letter), two moves
# swapped (neighbouring moves, within a row or across a row's end), a wrong square
# in a removal list, a wrong score; KINDS adds one column of two rows swapped and
# a row written twice.
ISSUE_KINDS = ("letter", "digit", "swapped", "removals", "score")
KINDS = ("letter", "digit", "swap", "column", "rows", "twice", "removals", "score")
ROWS_PER_LINE = 4


@dataclass(slots=True)
class Sheet:
    """A game as rows of [number, Dark's move, Light's move] (Light's may be absent),
    with its tags and score line."""

    tags: list[str]
    rows: list[list[str]]
    end: str

    def text(self) -> str:
        words = [" ".join(row) for row in self.rows]
        lines = [
            " ".join(words[i : i + ROWS_PER_LINE]) for i in range(0, len(words), ROWS_PER_LINE)
        ]
        return "\n".join([*self.tags, "", *lines, self.end]) + "\n"


@dataclass(slots=True)
class Copy:
    original: str
    damaged: str
    kinds: tuple[str, ...]
    plies: int
    gap: tuple[int, int] | None = None  # (line, column) where a skipped row belongs
    # Slips drawn for this copy that left a valid game (nothing shows them: no one
    # could find them, so they are drawn again), and slips drawn in all
    undetectable: int = 0
    drawn: int = 0


def sheet_game(rng: random.Random, plies: tuple[int, int]) -> Sheet:
    while True:
        moves = random_game(rng, special_chance=0.15)
        if plies[0] <= len(moves) <= plies[1]:
            break
    position = Position.start()
    words = []
    for move, _ in moves:
        removed = position.push(move)
        words.append(str(move) + ("x" + "/".join(map(square_name, removed)) if removed else ""))
    rows = [[f"{i // 2 + 1}.", *words[i : i + 2]] for i in range(0, len(words), 2)]
    dark, light = position.score()
    tags = ['[Event "Club night"]', f'[Result "{result_of(position.score())}"]']
    return Sheet(tags, rows, f"Dark: {dark}, Light: {light}")


def _character(old: str, rng: random.Random) -> str:
    alphabet = LETTERS if old in LETTERS else DIGITS
    confusable = [c for c in alphabet if frozenset((old, c)) in CONFUSABLE]
    if confusable and rng.random() < 0.5:
        return rng.choice(confusable)
    return rng.choice([c for c in alphabet if c != old])


_SQUARE = re.compile(r"(?:[TW] )?([A-G])([1-7])")


def _slip(sheet: Sheet, kind: str, row: int, rng: random.Random) -> bool:
    """Make one slip of `kind` in row `row` (and the next, for two rows); False
    where this row offers no place for it."""
    rows = sheet.rows
    cells = rows[row]
    if kind == "swapped":
        kind = rng.choice(("swap", "column"))
    if kind in ("letter", "digit"):
        cell = rng.randrange(1, len(cells))
        found = _SQUARE.match(cells[cell])
        if found is None or cells[cell] == "Pass":
            return False
        group = 1 if kind == "letter" else 2
        new = _character(found.group(group), rng)
        cells[cell] = cells[cell][: found.start(group)] + new + cells[cell][found.end(group) :]
        return True
    if kind == "column":
        if len(cells) < 3 or cells[1] == cells[2]:
            return False
        cells[1], cells[2] = cells[2], cells[1]
        return True
    if row + 1 >= len(rows) or len(rows[row + 1]) < 3 or len(cells) < 3:
        return False
    after = rows[row + 1]
    if kind == "swap":  # Light's move of one row and Dark's of the next
        cells[2], after[1] = after[1], cells[2]
        return True
    if kind == "rows":  # one column, two neighbouring rows
        column = rng.choice((1, 2))
        cells[column], after[column] = after[column], cells[column]
        return True
    if kind == "twice":
        rows.insert(row + 1, list(cells))
        return True
    if kind == "skipped":
        del rows[row]
        return True
    if kind == "removals":
        lists = [c for c in range(1, len(cells)) if "x" in cells[c]]
        if not lists:
            return False
        cell = rng.choice(lists)
        move, listed = cells[cell].split("x")
        squares = listed.split("/")
        at = rng.randrange(len(squares))
        old = squares[at]
        if rng.random() < 0.5:
            squares[at] = old[0] + _character(old[1], rng)
        else:
            squares[at] = _character(old[0], rng) + old[1]
        cells[cell] = move + "x" + "/".join(squares)
        return True
    raise ValueError(kind)


def _score_slip(sheet: Sheet, rng: random.Random) -> None:
    found = re.fullmatch(r"Dark: (\d+), Light: (\d+)", sheet.end)
    assert found is not None
    numbers = [int(found.group(1)), int(found.group(2))]
    which = rng.randrange(2)
    numbers[which] = max(0, numbers[which] + rng.choice((-2, -1, 1, 2)))
    sheet.end = f"Dark: {numbers[0]}, Light: {numbers[1]}"


def copy_with_slips(
    rng: random.Random, slips: int, plies: tuple[int, int], kinds: tuple[str, ...] = KINDS
) -> Copy:
    """A game copied with `slips` slips of `kinds`, in rows apart, that `check` finds
    invalid. Every slip shows on its own: the game copied with that slip alone is
    invalid (a slip that leaves a valid game, such as one player's moves of two
    rows swapped where both still replay, leaves nothing to find it by: such
    slips are drawn again, and counted in `Copy.undetectable`)."""
    undetectable = drawn = 0
    while True:
        sheet = sheet_game(rng, plies)
        original = sheet.text()
        plies_played = sum(len(row) - 1 for row in sheet.rows)
        chosen: list[tuple[str, int, int]] = []  # (kind, row or -1 for the score, seed)
        used: set[int] = set()  # rows touched so far: the slips stay apart
        tries = 0
        while len(chosen) < slips and tries < 60:
            tries += 1
            kind = rng.choice(kinds)
            seed = rng.randrange(1 << 30)
            row = -1
            if kind == "score":
                if any(k == "score" for k, _r, _s in chosen):
                    continue
            else:
                row = rng.randrange(1, len(sheet.rows) - 1)
                if used & {row - 1, row, row + 1, row + 2}:
                    continue
            alone = copy.deepcopy(sheet)
            if not _apply(alone, kind, row, seed):
                continue
            drawn += 1
            if _valid(alone.text()):
                undetectable += 1
                continue
            chosen.append((kind, row, seed))
            used |= {row, row + 1}
        if len(chosen) < slips:
            continue
        damaged_sheet = copy.deepcopy(sheet)
        # Later rows first: a row added or left out moves none of the others
        for kind, row, seed in sorted(chosen, key=lambda c: -c[1]):
            _apply(damaged_sheet, kind, row, seed)
        damaged = damaged_sheet.text()
        if _valid(damaged):  # slips that together leave a valid game
            undetectable += len(chosen)
            continue
        gap = None
        for kind, row, _seed in chosen:
            if kind == "skipped":
                gap = _gap_place(damaged, int(sheet.rows[row][0][:-1]) + 1)
        kinds_made = tuple(kind for kind, _r, _s in chosen)
        return Copy(original, damaged, kinds_made, plies_played, gap, undetectable, drawn)


def _apply(sheet: Sheet, kind: str, row: int, seed: int) -> bool:
    if kind == "score":
        _score_slip(sheet, random.Random(seed))
        return True
    return _slip(sheet, kind, row, random.Random(seed))


def _valid(text: str) -> bool:
    games = list(RecordReader(text))
    return len(games) == 1 and replay(games[0]).valid


def _gap_place(text: str, number: int) -> tuple[int, int]:
    """(line, column) of the row numbered `number`, after the row left out before it."""
    body = text.index("\n\n")
    found = re.compile(rf"(?<!\S){number}\.(?=\s)").search(text, body)
    assert found is not None
    line = text.count("\n", 0, found.start()) + 1
    return line, found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1


@dataclass(frozen=True, slots=True)
class SetSpec:
    """One set of copies: its name, seed, slips a game, game lengths and kinds."""

    name: str
    seed: int
    slips: int
    plies: tuple[int, int] = (30, 45)
    kinds: tuple[str, ...] = ISSUE_KINDS

    def copies(self, count: int) -> list[Copy]:
        return copied_set(self.seed, count, self.slips, self.plies, self.kinds)


# The held-out sets `bench/bench_explain.py` measures (seeds 101 and up); the
# tuning sets are the same specs with seeds 1-8, the only ones the slip model's
# chances may be fitted on (`bench/fit_slip_model.py`).
HELD_OUT_SETS = (
    SetSpec("one slip", 101, 1),
    SetSpec("two slips", 102, 2),
    SetSpec("two slips, second set", 103, 2),
    SetSpec("three slips", 104, 3),
    SetSpec("skipped row", 105, 1, kinds=("skipped",)),
    SetSpec("skipped row and a slip", 106, 2, kinds=("skipped", "letter", "digit", "removals")),
    SetSpec("one slip, every kind", 107, 1, kinds=KINDS),
    SetSpec("two slips, every kind", 108, 2, kinds=KINDS),
)
TUNING_SETS = tuple(
    SetSpec(spec.name, spec.seed - 100, spec.slips, spec.plies, spec.kinds)
    for spec in HELD_OUT_SETS
)


def copied_set(
    seed: int,
    count: int,
    slips: int,
    plies: tuple[int, int] = (30, 45),
    kinds: tuple[str, ...] = KINDS,
) -> list[Copy]:
    """`count` copies, each with `slips` slips: the same for the same arguments."""
    rng = random.Random(seed)
    return [copy_with_slips(rng, slips, plies, kinds) for _ in range(count)]
