"""Verified fix suggestions: which single correction makes a whole record true.

A copier's slip (E5 for E4, two moves swapped, one wrong square in a removal
list, a miscounted score) often shows many moves after it is made. For an
invalid Mǽrstánas game, `repair_game` tries the single corrections such a slip
explains, each as an edit of the source text and the same change made to the
record model, and keeps those after which the whole game replays (through
`replay()`) with no error, so it agrees with its own score line and Result:

- a square's letter or digit (or both) changed, where the move is legal;
- two neighbouring moves swapped;
- a thunder-stone's removal list rewritten to what it removed;
- a `Pass` inserted or deleted;
- a move number, the score line or the Result tag corrected;
- a slip the reader already read as meant (`Pas`, `4E`) written out.

The fixes kept are checked once more on the text itself (edit, read, replay)
and ranked: fewest characters changed, nearest to where the trouble shows,
the most common slips first. A valid game is never searched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from maerstanas_print.diagnostics import Diagnostic, Source
from maerstanas_print.engine import SQUARES, Move, Position, square_name
from maerstanas_print.games.tafl import TaflMove
from maerstanas_print.record import (
    RESULTS,
    GameRecord,
    MoveNumber,
    PlyNode,
    Tag,
    Termination,
)
from maerstanas_print.verify import ReplayedGame, replay, result_of

if TYPE_CHECKING:
    from maerstanas_print.verify_tafl import TaflReplayedGame

# Most common slips first: how fixes of equal size and distance are ordered.
KIND_ORDER = ("reading", "removals", "score", "result", "number", "pass", "swap", "square")
# Bounds that keep the search fast on any input; real records are far below them.
MAX_PLIES = 400
MAX_CANDIDATES = 6000
# `check` searches the first invalid games of a file only: a file of thousands of
# broken games is reported in seconds, not minutes.
MAX_GAMES_SEARCHED = 200
_PASS = Move.pass_()


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace source text [start, end) (character offsets) by `content`."""

    start: int
    end: int
    content: str


@dataclass(slots=True)
class Fix:
    """One verified correction: the edits, and what to tell the copier."""

    message: str
    edits: tuple[Edit, ...]
    kind: str
    size: int  # characters changed, as the copier would count them
    distance: int  # plies between the edit and the first error

    @property
    def start(self) -> int:
        return min(edit.start for edit in self.edits)

    def rank(self) -> tuple[int, int, int, int]:
        return (self.size, self.distance, KIND_ORDER.index(self.kind), self.start)


@dataclass(slots=True)
class Repair:
    """The verified fixes of one game, best first, and the diagnostics as `check`
    shows them: the error the fixes explain, later ones as consequences (notes)."""

    fixes: list[Fix] = field(default_factory=list)
    explained: Diagnostic | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def apply_edits(text: str, edits: tuple[Edit, ...] | list[Edit]) -> str:
    """`text` with `edits` (which must not overlap) applied."""
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        text = text[:edit.start] + edit.content + text[edit.end:]
    return text


def repair_game(game: GameRecord, replayed: ReplayedGame | TaflReplayedGame, source: Source,
                *, strict: bool = False) -> Repair:
    """Search the fixes of an invalid game; see the module docstring."""
    errors = [d for d in replayed.diagnostics if d.severity == "error"]
    if not errors or len(game.mainline.nodes) > MAX_PLIES:
        return Repair(diagnostics=list(replayed.diagnostics))
    search = Search
    if not isinstance(replayed, ReplayedGame):
        from maerstanas_print.repair_tafl import TaflSearch

        search = TaflSearch
    elif any(isinstance(node.move, TaflMove) for node in game.mainline.nodes):
        return Repair(diagnostics=list(replayed.diagnostics))
    # The error the fixes explain: the first in the movetext (a Result tag at the top
    # of the game only disagrees with how the moves end).
    first_move = game.mainline.nodes[0].start if game.mainline.nodes else game.end
    explained = min(errors, key=lambda d: (d.start < first_move, d.start))
    fixes = search(game, source.text, strict).run(explained)
    if not fixes:
        return Repair(diagnostics=list(replayed.diagnostics))
    where = _line_column(source, explained.start)
    shown = []
    for diagnostic in replayed.diagnostics:
        if diagnostic.severity == "error" and diagnostic is not explained:
            diagnostic = replace(
                diagnostic, severity="note", hint=None,
                message=f"{diagnostic.message} (a consequence of the {explained.code} at "
                        f"{where[0]}:{where[1]})")
        shown.append(diagnostic)
    return Repair(fixes, explained, shown)


def _line_column(source: Source, offset: int) -> tuple[int, int]:
    """1-based line (of the file, for a piece of a large one) and column of an offset."""
    line, column = source.locate(offset)
    return line + source.first_line - 1, column


def fix_as_json(fix: Fix, source: Source) -> dict[str, object]:
    """A fix in Ruff's edit format: 1-based rows and columns in code points, end exclusive."""
    def place(offset: int) -> dict[str, int]:
        row, column = _line_column(source, offset)
        return {"row": row, "column": column}

    return {"message": fix.message,
            "edits": [{"content": e.content, "location": place(e.start),
                       "end_location": place(e.end)} for e in fix.edits]}


def describe(fix: Fix, source: Source) -> str:
    """`write B7 for G2 at 36:58`."""
    row, column = _line_column(source, fix.start)
    return f"{fix.message} at {row}:{column}"


# --- the search ---------------------------------------------------------------

_SQUARE_TEXT = re.compile(r"[A-Ga-g][1-7]")


@dataclass(slots=True)
class Candidate:
    fix: Fix
    game: GameRecord  # the record model with the same change made
    first: int = -1  # the first main-line node changed (-1: no node changed)


class Search:
    """The search for a Mǽrstánas game; repair_tafl.TaflSearch is the movement games'."""

    def __init__(self, game: GameRecord, text: str, strict: bool) -> None:
        self.game = game
        self.text = text
        self.strict = strict
        self.nodes = game.mainline.nodes
        # Diagnostics of the reading that stay errors whatever the moves are
        self.read_errors = [d for d in game.diagnostics if d.severity == "error"]

    def run(self, first_error: Diagnostic) -> list[Fix]:
        if any(d.read_as is None for d in self.read_errors):
            return []  # the text itself is damaged: no single correction to verify
        before = self._positions()
        self.before = before
        trouble = self._trouble_index(first_error)
        self.at_move = bool(self.nodes) and self.nodes[0].start <= first_error.start < \
            self.nodes[-1].end
        kept: dict[tuple[Edit, ...], Fix] = {}
        tried = 0
        for candidate in self._candidates(before, trouble):
            tried += 1
            if tried > MAX_CANDIDATES:
                break
            edits = tuple(sorted(candidate.fix.edits, key=lambda e: e.start))
            if edits in kept or not self._plays_through(candidate) or \
                    not self._clean(candidate.game):
                continue
            kept[edits] = candidate.fix
        ranked = sorted(kept.values(), key=Fix.rank)
        return [fix for fix in ranked if self._clean_text(fix)][:10]

    # --- verification -------------------------------------------------------

    def _plays_through(self, candidate: Candidate) -> bool:
        """A quick necessary condition for a clean replay: from the first node
        changed, every move is legal, every removal list right, and the end agrees.
        Most candidates fail within a few moves, so few need the full replay."""
        if candidate.first < 0 or self.before[candidate.first] is None:
            return True
        position = self.before[candidate.first].copy()  # type: ignore[union-attr]
        for node in candidate.game.mainline.nodes[candidate.first:]:
            move = node.move
            if not isinstance(move, Move):
                return False
            if move.kind == "place" and position.is_legal_placement(move.square):  # type: ignore[arg-type]
                position.push(move, check=False)  # the common case: no need to ask more
                continue
            if not position.has_move(position.turn):
                if position.is_game_over():
                    return False
                if move.kind != "pass":  # a forced Pass left out: only a warning
                    position.push(_PASS, check=False)
            if position.move_problem(move) is not None:
                return False
            removed = position.push(move, check=False)
            if node.removals is not None and sorted(node.removals) != sorted(removed):
                return False
        term = candidate.game.termination
        if term is not None and term.dark is not None and \
                (not position.is_game_over() or (term.dark, term.light) != position.score()):
            return False
        tag = candidate.game.find_tag("Result")
        if tag is not None and tag.value in RESULTS:
            over = position.is_game_over()
            return tag.value == (result_of(position.score()) if over else "*")
        return True

    def _clean(self, game: GameRecord) -> bool:
        replayed = replay(game, strict=self.strict)
        return replayed.valid

    def _clean_text(self, fix: Fix) -> bool:
        """The fix applied to the text itself reads as one game that replays cleanly."""
        from maerstanas_print.parser import RecordReader

        game = self.game
        if not all(game.start <= e.start <= e.end <= game.end for e in fix.edits):
            return False
        shifted = tuple(Edit(e.start - game.start, e.end - game.start, e.content)
                        for e in fix.edits)
        text = apply_edits(self.text[game.start:game.end], shifted)
        games = list(RecordReader(text))
        return len(games) == 1 and replay(games[0], strict=self.strict).valid

    # --- where to look ------------------------------------------------------

    def _positions(self) -> list[Any]:
        """The position before each main-line node (None where the replay stopped)."""
        replayed = replay(replace(self.game, diagnostics=[]), keep_positions=True)
        out: list[Any] = [None] * len(self.nodes)
        index = {id(node): i for i, node in enumerate(self.nodes)}
        previous = replayed.main.start
        for step in replayed.main.steps:
            if step.node is not None and id(step.node) in index:
                out[index[id(step.node)]] = previous
            previous = step.after
        return out

    def _trouble_index(self, first_error: Diagnostic) -> int:
        """The main-line node where the first error shows (the last node when it
        shows in the tags or at the score line)."""
        if self.nodes and first_error.start >= self.nodes[0].start:
            for i, node in enumerate(self.nodes):
                if node.end > first_error.start:
                    return i
        return len(self.nodes) - 1

    # --- the candidates -----------------------------------------------------

    def _candidates(self, before: list[Position | None], trouble: int
                    ) -> Iterator[Candidate]:
        yield from self._readings()
        yield from self._end_fixes(trouble)
        for i in range(min(trouble, len(self.nodes) - 1), -1, -1):
            position = before[i]
            # Trouble only at the end says nothing about where the slip is
            distance = trouble - i if self.at_move else 0
            if position is not None:
                yield from self._square_changes(i, position, distance)
                yield from self._removal_rewrite(i, position, distance)
                yield from self._numbers(i, position.ply, distance)
            yield from self._passes(i, distance)
            if i + 1 < len(self.nodes):
                yield from self._swap(i, distance)

    def _with_nodes(self, nodes: list[PlyNode], **changes: object) -> GameRecord:
        mainline = replace(self.game.mainline, nodes=nodes)
        return replace(self.game, mainline=mainline, diagnostics=[], **changes)  # type: ignore[arg-type]

    def _changed(self, i: int, node: PlyNode) -> GameRecord:
        nodes = list(self.nodes)
        nodes[i] = node
        return self._with_nodes(nodes)

    def _fix(self, message: str, edits: list[Edit], kind: str, size: int,
             distance: int) -> Fix:
        return Fix(message, tuple(edits), kind, size, distance)

    def _readings(self) -> Iterator[Candidate]:
        """A slip the reader read as meant, written out (the only error it may leave)."""
        if len(self.read_errors) != 1:
            return
        slip = self.read_errors[0]
        written = self.text[slip.start:slip.end]
        message = f"write `{slip.read_as}` for `{written}`" if slip.read_as else \
            f"delete `{written}`"
        fix = self._fix(message, [Edit(slip.start, slip.end, slip.read_as or "")],
                        "reading", 0, 0)
        yield Candidate(fix, replace(self.game, diagnostics=[]))

    def _end_fixes(self, trouble: int) -> Iterator[Candidate]:
        """The score line and the Result tag rewritten to what the replay gives."""
        replayed = replay(replace(self.game, diagnostics=[]))
        assert isinstance(replayed, ReplayedGame)
        distance = len(self.nodes) - 1 - trouble
        term = self.game.termination
        if replayed.finished and term is not None and term.dark is not None and \
                (term.dark, term.light) != replayed.score:
            dark, light = replayed.score
            content = f"Dark: {dark}, Light: {light}"
            written = self.text[term.start:term.end]
            size = 1  # one miscount, however many digits it changes
            fixed = Termination(dark, light, term.start, term.end)
            yield Candidate(self._fix(f"write `{content}` for `{written}`",
                                       [Edit(term.start, term.end, content)], "score",
                                       size, distance),
                             replace(self.game, termination=fixed, diagnostics=[]))
        tag = self.game.find_tag("Result")
        if tag is not None:
            expected = result_of(replayed.score) if replayed.finished else "*"
            if tag.value != expected:
                content = f'[Result "{expected}"]'
                tags = [Tag(t.name, expected, t.start, t.end) if t is tag else t
                        for t in self.game.tags]
                yield Candidate(self._fix(f"write `{content}`",
                                           [Edit(tag.start, tag.end, content)], "result", 1,
                                           distance),
                                 replace(self.game, tags=tags, diagnostics=[]))

    def _square_changes(self, i: int, position: Position, distance: int
                        ) -> Iterator[Candidate]:
        node = self.nodes[i]
        move = node.move
        if not isinstance(move, Move) or move.square is None:
            return
        found = _SQUARE_TEXT.search(self.text, node.start, node.end)
        if found is None:
            return
        old = square_name(move.square)
        for square in range(SQUARES):
            if square == move.square:
                continue
            changed = Move(move.kind, square)
            if position.move_problem(changed) is not None:
                continue
            new = square_name(square)
            size = (new[0] != old[0]) + (new[1] != old[1])
            edit = Edit(found.start(), found.end(), new)
            yield Candidate(self._fix(f"write {new} for {old}", [edit], "square", size,
                                       distance),
                             self._changed(i, replace(node, move=changed, lowercase=False)), i)

    def _removal_rewrite(self, i: int, position: Position, distance: int
                         ) -> Iterator[Candidate]:
        node = self.nodes[i]
        move = node.move
        if not isinstance(move, Move) or move.kind != "thunder" or node.removals is None:
            return
        removed = position.thunder_removals(move.square)  # type: ignore[arg-type]
        if sorted(removed) == sorted(node.removals) or not removed:
            return
        at = self.text.find("x", node.start, node.end)
        if at < 0:
            at = self.text.find("X", node.start, node.end)
        if at < 0:
            return
        content = "x" + "/".join(map(square_name, removed))
        written = self.text[at:node.end]
        size = len(set(removed) ^ set(node.removals))
        yield Candidate(self._fix(f"write `{content}` for `{written}`",
                                   [Edit(at, node.end, content)], "removals", size, distance),
                         self._changed(i, replace(node, removals=removed)), i)

    def _numbers(self, i: int, ply: int, distance: int) -> Iterator[Candidate]:
        """The move number rewritten to the one its place in the game gives."""
        node = self.nodes[i]
        number = node.number
        if number is None:
            return
        want = MoveNumber(ply // 2 + 1, ply % 2 == 1, number.start, number.end)
        if (want.number, want.second) == (number.number, number.second):
            return
        content = f"{want.number}{'...' if want.second else '.'}"
        written = self.text[number.start:number.end]
        yield Candidate(self._fix(f"write `{content}` for `{written}`",
                                   [Edit(number.start, number.end, content)], "number", 1,
                                   distance),
                         self._changed(i, replace(node, number=want)), i)

    def _passes(self, i: int, distance: int) -> Iterator[Candidate]:
        node = self.nodes[i]
        # A Pass inserted before node i: after its number (the Pass takes it) or
        # before it (node i keeps it).
        inserted = PlyNode(Move.pass_(), None, node.start, node.start, number=node.number)
        nodes = self.nodes[:i] + [inserted, replace(node, number=None)] + self.nodes[i + 1:]
        yield Candidate(self._fix(f"insert `Pass` before {node.move}",
                                   [Edit(node.start, node.start, "Pass ")], "pass", 1,
                                   distance), self._with_nodes(nodes), i)
        if node.number is not None:
            at = node.number.start
            inserted = PlyNode(Move.pass_(), None, at, at)
            nodes = self.nodes[:i] + [inserted] + self.nodes[i:]
            yield Candidate(self._fix(f"insert `Pass` before {node.move}",
                                       [Edit(at, at, "Pass ")], "pass", 1, distance),
                             self._with_nodes(nodes), i)
        if isinstance(node.move, Move) and node.move.kind == "pass" and not node.variations:
            # A Pass deleted; its number (if any) stays for the next move, or goes with it.
            end = self._next_start(i)
            rest = self.nodes[i + 1:]
            written = f"delete `{self.text[node.start:node.end]}`"
            if node.number is not None and rest and rest[0].number is None:
                kept = [replace(rest[0], number=node.number)] + rest[1:]
                yield Candidate(self._fix(written, [Edit(node.start, end, "")],
                                           "pass", 1, distance),
                                 self._with_nodes(self.nodes[:i] + kept), i)
            # With its number: a larger change than the Pass alone
            start = node.number.start if node.number is not None else node.start
            yield Candidate(self._fix(written, [Edit(start, end, "")], "pass",
                                       1 + (node.number is not None), distance),
                             self._with_nodes(self.nodes[:i] + rest), i)

    def _next_start(self, i: int) -> int:
        """Where the text after node i (and its comments) resumes."""
        node = self.nodes[i]
        end = max([node.end] + [c.end for c in node.comments])
        while end < len(self.text) and self.text[end] in " \t":
            end += 1
        return end

    def _swap(self, i: int, distance: int) -> Iterator[Candidate]:
        a, b = self.nodes[i], self.nodes[i + 1]
        if a.variations or b.variations or a.move == b.move:
            return
        text_a, text_b = self.text[a.start:a.end], self.text[b.start:b.end]
        swapped_a = replace(a, move=b.move, removals=b.removals, lowercase=b.lowercase,
                            written=b.written)
        swapped_b = replace(b, move=a.move, removals=a.removals, lowercase=a.lowercase,
                            written=a.written)
        nodes = self.nodes[:i] + [swapped_a, swapped_b] + self.nodes[i + 2:]
        yield Candidate(self._fix(f"swap {text_a} and {text_b}",
                                   [Edit(a.start, a.end, text_b), Edit(b.start, b.end, text_a)],
                                   "swap", 1, distance), self._with_nodes(nodes), i)



# --- what `check` shows and does ----------------------------------------------


def fix_lines(repair: Repair, source: Source, game: GameRecord) -> list[str]:
    """The lines `check` prints under the error the fixes explain."""
    if not repair.fixes:
        return []
    agrees = []
    if game.termination is not None and game.termination.dark is not None:
        agrees.append("the score line")
    if game.find_tag("Result") is not None:
        agrees.append("the Result")
    then = "the rest of the game then replays" + (
        f" and {' and '.join(agrees)} agree{'s' * (len(agrees) == 1)}" if agrees else "")
    lines = [f"  fix: {describe(repair.fixes[0], source)}; {then}"]
    others = [describe(fix, source) for fix in repair.fixes[1:3]]
    if others:
        more = len(repair.fixes) - 1 - len(others)
        lines.append(f"  or: {'; or: '.join(others)}" + (f" ({more} more in --json)"
                                                          if more else ""))
    return lines


@dataclass(slots=True)
class FixedText:
    """A record text with every game's one verified fix applied."""

    text: str
    applied: list[tuple[Fix, Diagnostic]] = field(default_factory=list)  # (fix, error it fixes)
    unsure: int = 0  # invalid games with several verified fixes: left as they are
    unfixable: int = 0  # invalid games with no verified fix


def fix_text(text: str, name: str, *, strict: bool = False) -> tuple[FixedText, Source]:
    """Apply the fix of each invalid game that has exactly one verified fix."""
    from maerstanas_print.parser import RecordReader

    reader = RecordReader(text, name)
    result = FixedText(text)
    edits: list[Edit] = []
    for game in reader:
        replayed = replay(game, strict=strict)
        if replayed.valid:
            continue
        repair = repair_game(game, replayed, reader.source, strict=strict)
        if len(repair.fixes) == 1 and repair.explained is not None:
            result.applied.append((repair.fixes[0], repair.explained))
            edits += repair.fixes[0].edits
        elif repair.fixes:
            result.unsure += 1
        else:
            result.unfixable += 1
    if reader.diagnostics:
        result.unfixable += 1
    result.text = apply_edits(reader.text, edits)
    return result, reader.source
