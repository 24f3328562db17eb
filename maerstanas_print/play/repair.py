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
the most common slips first. A game's search may do more (`Search.explain`):
Mǽrstánas weighs explanations of up to three slips by a slip model
(`plugins/maerstanas/explain.py`, `play/slip_model.py`), says whether `check
--fix` may apply the first, and reports a row left out instead of fixing it.
`repair_game` then shows one error per slip, each followed by its
consequences. A valid game is never searched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from maerstanas_print.capability import Capability, Keyed
from maerstanas_print.diagnostics import Diagnostic, Source
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.notation.record import GameRecord, MoveNumber, PlyNode
from maerstanas_print.play.replayed import ReplayedGame
from maerstanas_print.play.verify import replay

# Most common slips first: how fixes of equal size and distance are ordered.
KIND_ORDER = ("reading", "removals", "score", "result", "number", "pass", "swap", "square")
# Bounds that keep the search fast on any input; real records are far below them.
MAX_PLIES = 400
MAX_CANDIDATES = 6000
# The fixes `check` lists under an error (`--json` gives them all)
SHOWN_FIXES = 3


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
    # Each slip of an explanation: what to tell the copier, and where it was made
    # (empty for a fix of one slip: `message` at `start` says it all)
    parts: tuple[tuple[str, int], ...] = ()
    cost: float = 0.0  # -ln(chance) of the slips (`slip_model`)

    @property
    def slips(self) -> int:
        return max(1, len(self.parts))

    @property
    def start(self) -> int:
        if self.parts:
            return min(offset for _message, offset in self.parts)
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
    # Whether `check --fix` may apply the first fix: no other explanation with at
    # most one more slip fits the evidence
    unique: bool = False


@dataclass(slots=True)
class Explained:
    """What a game's search found: the fixes, best first, whether the first is the
    only explanation that fits, and an error to report instead of any fix (a row
    left out, which no edit restores)."""

    fixes: list[Fix]
    unique: bool
    gap: Diagnostic | None = None
    later_gaps: list[Diagnostic] = field(default_factory=list)  # more rows left out, in order


def apply_edits(text: str, edits: tuple[Edit, ...] | list[Edit]) -> str:
    """`text` with `edits` (which must not overlap) applied."""
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        text = text[: edit.start] + edit.content + text[edit.end :]
    return text


def repair_game(
    game: GameRecord, replayed: ReplayedGame, source: Source, *, strict: bool = False
) -> Repair:
    """Search the fixes of an invalid game; see the module docstring."""
    errors = [d for d in replayed.diagnostics if d.severity == "error"]
    if not errors or len(game.mainline.nodes) > MAX_PLIES:
        return Repair(diagnostics=list(replayed.diagnostics))
    search = REPAIR_SEARCHES.of(replayed.game)
    if search is None:  # the game offers no search
        return Repair(diagnostics=list(replayed.diagnostics))
    # The error the fixes explain: the first in the movetext (a Result tag at the top
    # of the game only disagrees with how the moves end).
    first_move = game.mainline.nodes[0].start if game.mainline.nodes else game.end
    explained = min(errors, key=lambda d: (d.start < first_move, d.start))
    found = search(game, source.text, strict).explain(explained)
    if found.gap is not None:
        return _report_gap(found, replayed.diagnostics, first_move, source)
    if not found.fixes:
        return Repair(diagnostics=list(replayed.diagnostics))
    return _fold(found, replayed.diagnostics, errors, first_move, source)


def _fold(
    found: Explained,
    diagnostics: list[Diagnostic],
    errors: list[Diagnostic],
    first_move: int,
    source: Source,
) -> Repair:
    """One error per slip of the best explanation, each with its consequences
    folded under it as notes, right after it."""
    best = found.fixes[0]
    slips = sorted(offset for _message, offset in best.parts) or [best.start]
    owner_of: dict[int, Diagnostic] = {}  # id(error) -> the error it is a consequence of
    heads: dict[int, Diagnostic] = {}  # slip offset -> its error
    # An error in the tags that is no slip itself only repeats how the moves end
    for error in sorted(
        errors, key=lambda d: (d.start < first_move and d.start not in slips, d.start)
    ):
        heads.setdefault(_slip_of(error.start, slips, first_move), error)
    for error in errors:
        owner_of[id(error)] = heads[_slip_of(error.start, slips, first_move)]
    explained = min(heads.values(), key=lambda d: (d.start < first_move, d.start))
    shown: list[tuple[tuple[int, int, int], Diagnostic]] = []
    for diagnostic in diagnostics:
        head = owner_of.get(id(diagnostic))
        if head is None or head is diagnostic:
            shown.append(((diagnostic.start, 0, diagnostic.start), diagnostic))
            continue
        where = _line_column(source, head.start)
        note = replace(
            diagnostic,
            severity="note",
            hint=None,
            message=f"{diagnostic.message} (a consequence of the {head.code} at "
            f"{where[0]}:{where[1]})",
        )
        shown.append(((head.start, 1, diagnostic.start), note))
    shown.sort(key=lambda pair: pair[0])
    return Repair(found.fixes, explained, [d for _key, d in shown], found.unique)


def _slip_of(offset: int, slips: list[int], first_move: int) -> int:
    """The slip an error at `offset` comes from: the last slip made before it in
    the movetext; an error in the tags (a Result) is its own slip or the last one's."""
    if offset in slips:
        return offset
    if offset < first_move:
        return slips[-1]
    before = [s for s in slips if s <= offset]
    return before[-1] if before else slips[0]


def _report_gap(
    found: Explained, diagnostics: list[Diagnostic], first_move: int, source: Source
) -> Repair:
    """A row left out: one error where it belongs; every later error is a
    consequence. The errors before it are a slip's, folded as `_fold` does, when
    the search explained the moves before the gap (`found.fixes`)."""
    gap = found.gap
    assert gap is not None
    gaps = [gap, *found.later_gaps]

    def after_gap(diagnostic: Diagnostic) -> bool:
        return diagnostic.start >= gap.start or diagnostic.code in ("M303", "M304", "M305")

    def owner(diagnostic: Diagnostic) -> Diagnostic:
        """The row left out an error after the first comes from: the last before it."""
        if diagnostic.code in ("M303", "M304", "M305"):
            return gaps[-1]
        return [g for g in gaps if g.start <= diagnostic.start][-1]

    before = [d for d in diagnostics if not after_gap(d)]
    errors_before = [d for d in before if d.severity == "error"]
    shown_before, explained = before, gap
    if found.fixes and errors_before:
        folded = _fold(found, before, errors_before, first_move, source)
        shown_before, explained = folded.diagnostics, folded.explained or gap
    shown: list[tuple[tuple[int, int, int], Diagnostic]] = [
        ((g.start, 0, g.start), g) for g in gaps
    ]
    for diagnostic in diagnostics:
        if not after_gap(diagnostic):
            continue
        if diagnostic.severity == "error":
            head = owner(diagnostic)
            where = _line_column(source, head.start)
            note = replace(
                diagnostic,
                severity="note",
                hint=None,
                message=f"{diagnostic.message} (a consequence of the row left out at "
                f"{where[0]}:{where[1]})",
            )
            shown.append(((head.start, 1, diagnostic.start), note))
        else:
            shown.append(((diagnostic.start, 0, diagnostic.start), diagnostic))
    shown.sort(key=lambda pair: pair[0])
    fixes = found.fixes if explained is not gap else []
    return Repair(fixes, explained, [*shown_before, *(d for _key, d in shown)], False)


def _line_column(source: Source, offset: int) -> tuple[int, int]:
    """1-based line (of the file, for a piece of a large one) and column of an offset."""
    line, column = source.locate(offset)
    return line + source.first_line - 1, column


def fix_as_json(fix: Fix, source: Source) -> dict[str, object]:
    """A fix in Ruff's edit format: 1-based rows and columns in code points, end exclusive."""

    def place(offset: int) -> dict[str, int]:
        row, column = _line_column(source, offset)
        return {"row": row, "column": column}

    return {
        "message": fix.message,
        "edits": [
            {"content": e.content, "location": place(e.start), "end_location": place(e.end)}
            for e in fix.edits
        ],
    }


def describe(fix: Fix, source: Source) -> str:
    """`write B7 for G2 at 36:58`; for several slips, each with its place."""
    parts = fix.parts or ((fix.message, fix.start),)
    placed = []
    for message, offset in sorted(parts, key=lambda part: part[1]):
        row, column = _line_column(source, offset)
        placed.append(f"{message} at {row}:{column}")
    return "; ".join(placed)


# --- the search ---------------------------------------------------------------


@dataclass(slots=True)
class Candidate:
    fix: Fix
    game: GameRecord  # the record model with the same change made
    first: int = -1  # the first main-line node changed (-1: no node changed)


class Search:
    """What every game's search shares: the candidates that are only a matter of the
    record (a slip the reader read as meant, a move number, two moves swapped), the
    verification, the ranking. Each game's search (registered in `REPAIR_SEARCHES`) adds the
    candidates its rules suggest in `_candidates` and a quick play-through."""

    def __init__(self, game: GameRecord, text: str, strict: bool) -> None:
        self.game = game
        self.text = text
        self.strict = strict
        self.nodes = game.mainline.nodes
        # Diagnostics of the reading that stay errors whatever the moves are
        self.read_errors = [d for d in game.diagnostics if d.severity == "error"]

    def explain(self, first_error: Diagnostic) -> Explained:
        """The fixes, and whether `check --fix` may apply the first: here, when it is
        the only one (a game's search may weigh its explanations instead)."""
        fixes = self.run(first_error)
        return Explained(fixes, len(fixes) == 1)

    def run(self, first_error: Diagnostic) -> list[Fix]:
        if any(d.read_as is None for d in self.read_errors):
            return []  # the text itself is damaged: no single correction to verify
        before = self._positions()
        self.before = before
        trouble = self._trouble_index(first_error)
        self.at_move = (
            bool(self.nodes) and self.nodes[0].start <= first_error.start < self.nodes[-1].end
        )
        kept: dict[tuple[Edit, ...], Fix] = {}
        tried = 0
        for candidate in self._candidates(before, trouble):
            tried += 1
            if tried > MAX_CANDIDATES:
                break
            edits = tuple(sorted(candidate.fix.edits, key=lambda e: e.start))
            if (
                edits in kept
                or not self._plays_through(candidate)
                or not self._clean(candidate.game)
            ):
                continue
            kept[edits] = candidate.fix
        ranked = sorted(kept.values(), key=Fix.rank)
        return [fix for fix in ranked if self._clean_text(fix)][:10]

    # --- verification -------------------------------------------------------

    def _plays_through(self, candidate: Candidate) -> bool:
        """A quick necessary condition for a clean replay (the full replay follows)."""
        return True

    def _candidates(self, before: list[Any], trouble: int) -> Iterator[Candidate]:
        """The corrections to try, the likeliest first."""
        raise NotImplementedError

    def _clean(self, game: GameRecord) -> bool:
        replayed = replay(game, strict=self.strict)
        return replayed.valid

    def _clean_text(self, fix: Fix) -> bool:
        """The fix applied to the text itself reads as one game that replays cleanly."""

        game = self.game
        if not all(game.start <= e.start <= e.end <= game.end for e in fix.edits):
            return False
        shifted = tuple(
            Edit(e.start - game.start, e.end - game.start, e.content) for e in fix.edits
        )
        text = apply_edits(self.text[game.start : game.end], shifted)
        games = list(RecordReader(text))
        return len(games) == 1 and replay(games[0], strict=self.strict).valid

    # --- where to look ------------------------------------------------------

    def _positions(self) -> list[Any]:
        """The position before each main-line node (None where the replay stopped)."""
        replayed = replay(replace(self.game, diagnostics=[]), keep_positions=True)
        out: list[Any] = [None] * len(self.nodes)
        index = {id(node): i for i, node in enumerate(self.nodes)}
        for step, before in zip(replayed.main.steps, replayed.main.positions(), strict=False):
            if step.node is not None and id(step.node) in index:
                out[index[id(step.node)]] = before
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

    def _with_nodes(self, nodes: list[PlyNode], **changes: object) -> GameRecord:
        mainline = replace(self.game.mainline, nodes=nodes)
        return replace(self.game, mainline=mainline, diagnostics=[], **changes)  # type: ignore[arg-type]

    def _changed(self, i: int, node: PlyNode) -> GameRecord:
        nodes = list(self.nodes)
        nodes[i] = node
        return self._with_nodes(nodes)

    def _fix(self, message: str, edits: list[Edit], kind: str, size: int, distance: int) -> Fix:
        return Fix(message, tuple(edits), kind, size, distance)

    def _readings(self) -> Iterator[Candidate]:
        """A slip the reader read as meant, written out (the only error it may leave)."""
        if len(self.read_errors) != 1:
            return
        slip = self.read_errors[0]
        written = self.text[slip.start : slip.end]
        message = (
            f"write `{slip.read_as}` for `{written}`" if slip.read_as else f"delete `{written}`"
        )
        fix = self._fix(message, [Edit(slip.start, slip.end, slip.read_as or "")], "reading", 0, 0)
        yield Candidate(fix, replace(self.game, diagnostics=[]))

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
        written = self.text[number.start : number.end]
        yield Candidate(
            self._fix(
                f"write `{content}` for `{written}`",
                [Edit(number.start, number.end, content)],
                "number",
                1,
                distance,
            ),
            self._changed(i, replace(node, number=want)),
            i,
        )

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
        text_a, text_b = self.text[a.start : a.end], self.text[b.start : b.end]
        swapped_a = replace(
            a, move=b.move, removals=b.removals, lowercase=b.lowercase, written=b.written
        )
        swapped_b = replace(
            b, move=a.move, removals=a.removals, lowercase=a.lowercase, written=a.written
        )
        nodes = self.nodes[:i] + [swapped_a, swapped_b] + self.nodes[i + 2 :]
        yield Candidate(
            self._fix(
                f"swap {text_a} and {text_b}",
                [Edit(a.start, a.end, text_b), Edit(b.start, b.end, text_a)],
                "swap",
                1,
                distance,
            ),
            self._with_nodes(nodes),
            i,
        )


# --- what `check` shows and does ----------------------------------------------


def fix_lines(repair: Repair, source: Source, game: GameRecord) -> list[str]:
    """The lines `check` prints under the error the fixes explain: the fixes,
    numbered as `check --fix N` takes them when there are several."""
    if not repair.fixes:
        return []
    agrees = []
    if game.termination is not None and game.termination.dark is not None:
        agrees.append("the score line")
    if game.find_tag("Result") is not None:
        agrees.append("the Result")
    then = "the rest of the game then replays" + (
        f" and {' and '.join(agrees)} agree{'s' * (len(agrees) == 1)}" if agrees else ""
    )
    if len(repair.fixes) == 1:
        return [f"  fix: {describe(repair.fixes[0], source)}; {then}"]
    lines = [f"  fix 1: {describe(repair.fixes[0], source)}; {then}"]
    shown = repair.fixes[1:SHOWN_FIXES]
    lines += [f"  fix {n}: {describe(fix, source)}" for n, fix in enumerate(shown, 2)]
    more = len(repair.fixes) - 1 - len(shown)
    if more:
        lines[-1] += f" ({more} more in --json)"
    tied = _tied_first(repair.fixes)
    if tied > 1:
        which = "fix 1 and fix 2" if tied == 2 else f"fixes 1 to {tied}"
        lines.append(
            f"  {which} fit all the evidence equally well: only the score sheet can tell "
            "which game was played"
        )
    if not repair.unique:
        lines.append(
            "  no fix is sure: another explanation fits about as well; "
            "`check --fix N` applies fix N"
        )
    return lines


def _tied_first(fixes: list[Fix]) -> int:
    """How many fixes share the first one's cost: explanations the slip model
    finds equally likely, each restoring a game that agrees with all the evidence
    (a search that ranks its fixes another way leaves their cost at 0)."""
    first = fixes[0].cost
    if first <= 0:
        return 1
    return next((i for i, fix in enumerate(fixes) if abs(fix.cost - first) > 1e-6), len(fixes))


def _no_search(_game: Keyed) -> type[Search] | None:
    return None


# Each game's `Search` subclass for its verified fixes; a game without one (None)
# is reported on without suggested fixes.
REPAIR_SEARCHES: Capability[type[Search] | None] = Capability("fix search", _no_search)
