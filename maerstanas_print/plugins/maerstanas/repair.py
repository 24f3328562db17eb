"""Verified fixes for Mǽrstánas records: the corrections its rules suggest.

`repair.Search` tries what any record can get wrong; this search adds a
square's letter or digit changed where the move is legal, a thunder-stone's
removal list rewritten to what it removed, a `Pass` inserted or deleted, and
the score line and Result tag rewritten to what the replay gives.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from maerstanas_print.capability import Keyed
from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.games.base import WrittenMove
from maerstanas_print.games.maerstanas.engine import Move, Position, square_name
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.notation.record import PlyNode, Tag, Termination
from maerstanas_print.play.repair import Candidate, Edit, Explained, Fix, Search, apply_edits
from maerstanas_print.play.replayed import result_of
from maerstanas_print.play.verify import replay
from maerstanas_print.plugins.maerstanas.explain import (
    Explainer,
    Explanation,
    Gap,
    square_changes,
    start_position,
)

_PASS = Move.pass_()
# Explanations verified on the text, and fixes offered (`check --json` lists them all)
MAX_VERIFIED = 40
MAX_FIXES = 10
SURE_KINDS = frozenset({"removals", "number", "twice", "pass"})


def _shifted(fix: Fix, by: int) -> list[Edit]:
    return [Edit(e.start - by, e.end - by, e.content) for e in fix.edits]


def gap_diagnostic(gap: Gap) -> Diagnostic:
    """The one error a row left out gives, where the row belongs."""
    hint = "copy the missing row from the score sheet"
    if gap.known:
        hint = f"{gap.known}; {hint}"
    return Diagnostic(
        "error",
        "M301",
        f"a row seems left out here: the move numbers jump to `{gap.written}`; "
        f"row {gap.missing} is missing",
        gap.offset,
        gap.offset + len(gap.written),
        hint,
    )


class MaerstanasSearch(Search):
    def explain(self, first_error: Diagnostic) -> Explained:
        """The explanations of `explain.Explainer`, cheapest first, each as one fix
        verified on the text; a row left out is reported, not fixed."""
        if any(isinstance(node.move, WrittenMove) for node in self.nodes) or any(
            d.read_as is None for d in self.read_errors
        ):
            return Explained([], False)
        start = start_position(self.game)
        if start is None:
            return Explained([], False)
        explainer = Explainer(self.game, self.text, start)
        gaps = explainer.gaps()
        if gaps:
            return Explained(
                self._before_gap(gaps[0], start),
                False,
                gap_diagnostic(gaps[0]),
                [gap_diagnostic(gap) for gap in gaps[1:]],
            )
        ranked = explainer.run()
        fixes: list[Fix] = []
        checked = 0
        best_count = None
        best_kinds: set[str] = set()
        seen: set[str] = set()
        rivals = 0
        for explanation in ranked:
            if checked >= MAX_VERIFIED:
                break
            fix = self._as_fix(explainer, explanation)
            checked += 1
            if fix is None:
                continue
            fixed = apply_edits(
                self.text[self.game.start : self.game.end], _shifted(fix, self.game.start)
            )
            game_text = " ".join(fixed.split())  # the game it restores, however laid out
            if game_text in seen or not self._clean_text(fix):
                continue  # (two paths to the same game are one explanation)
            seen.add(game_text)
            if best_count is None:
                best_count = explanation.count
                best_kinds = {slip.kind for slip in explanation.slips}
            elif explanation.count <= best_count + 1:
                rivals += 1
            fixes.append(fix)
        # `--fix` applies a fix alone only where a bounded search can rule out the
        # rivals: one slip of evidence (a removal list, a move number, a row written
        # twice, a Pass, a reading), with no other explanation of two slips or fewer.
        unique = (
            bool(fixes)
            and rivals == 0
            and best_kinds <= SURE_KINDS
            and explainer.complete
            and best_count is not None
            and best_count <= 1
        )
        return Explained(fixes[:MAX_FIXES], unique)

    def _before_gap(self, gap: Gap, start: Position) -> list[Fix]:
        """A slip before a row left out is explained on the moves before it alone
        (the missing row changes the score line and Result): its fixes, each
        verified to leave no error before the gap."""
        if not any(error.start < gap.offset for error in self.read_errors) and not any(
            d.severity == "error" and self.nodes[0].start <= d.start < gap.offset
            for d in replay(replace(self.game, diagnostics=[])).diagnostics
        ):
            return []
        explainer = Explainer(self.game, self.text, start, horizon=gap.index)
        fixes: list[Fix] = []
        seen: set[tuple[Edit, ...]] = set()
        for explanation in explainer.run()[:MAX_VERIFIED]:
            fix = self._as_fix(explainer, explanation)
            if fix is None or fix.edits in seen or not self._clean_before(fix, gap.offset):
                continue
            seen.add(fix.edits)
            fixes.append(fix)
        return fixes[:MAX_FIXES]

    def _clean_before(self, fix: Fix, offset: int) -> bool:
        """The fix applied to the text reads as one game with no error in its moves
        before `offset` (where a row is left out: the errors after it are its)."""
        game = self.game
        if not all(game.start <= e.start <= e.end <= offset for e in fix.edits):
            return False
        shifted = _shifted(fix, game.start)
        text = apply_edits(self.text[game.start : game.end], shifted)
        moved = sum(len(e.content) - (e.end - e.start) for e in fix.edits)
        games = list(RecordReader(text))
        if len(games) != 1 or not games[0].mainline.nodes:
            return False
        first = games[0].mainline.nodes[0].start
        end = offset - game.start + moved
        return not any(
            d.severity == "error" and first <= d.start < end
            for d in replay(games[0], strict=self.strict).diagnostics
        )

    def _as_fix(self, explainer: Explainer, explanation: Explanation) -> Fix | None:
        edits = [Edit(a, b, c) for a, b, c in explainer.edits(explanation)]
        parts = [(slip.message, slip.offset) for slip in explanation.slips]
        for slip in self.read_errors:  # a slip the reader read as meant, written out
            if any(e.start <= slip.start < max(e.end, e.start + 1) for e in edits):
                continue
            written = self.text[slip.start : slip.end]
            message = (
                f"write `{slip.read_as}` for `{written}`" if slip.read_as else f"delete `{written}`"
            )
            edits.append(Edit(slip.start, slip.end, slip.read_as or ""))
            parts.append((message, slip.start))
        if not edits:
            return None
        edits.sort(key=lambda e: (e.start, e.end))
        if any(a.end > b.start for a, b in zip(edits, edits[1:], strict=False)):
            return None  # two slips in one place: not one explanation
        kind = explanation.slips[0].kind if explanation.slips else "reading"
        message = "; ".join(m for m, _o in sorted(parts, key=lambda p: p[1]))
        return Fix(
            message,
            tuple(edits),
            kind,
            len(parts),
            0,
            tuple(parts) if len(parts) > 1 else (),
            explanation.cost,
        )

    def run(self, first_error: Diagnostic) -> list[Fix]:
        if any(isinstance(node.move, WrittenMove) for node in self.nodes):
            return []  # a movement in a Mǽrstánas record: not a copier's slip
        return super().run(first_error)

    def _plays_through(self, candidate: Candidate) -> bool:
        """A quick necessary condition for a clean replay: from the first node
        changed, every move is legal, every removal list right, and the end agrees.
        Most candidates fail within a few moves, so few need the full replay."""
        if candidate.first < 0 or self.before[candidate.first] is None:
            return True
        position = self.before[candidate.first].copy()
        for node in candidate.game.mainline.nodes[candidate.first :]:
            move = node.move
            if not isinstance(move, Move):
                return False
            if move.kind == "place" and position.is_legal_placement(move.square):
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
        if (
            term is not None
            and term.dark is not None
            and (not position.is_game_over() or (term.dark, term.light) != position.score())
        ):
            return False
        tag = candidate.game.find_tag("Result")
        if tag is not None and tag.value in ("Dark", "Light", "Tie", "*"):
            over = position.is_game_over()
            return tag.value == (result_of(position.score()) if over else "*")
        return True

    def _candidates(self, before: list[Position | None], trouble: int) -> Iterator[Candidate]:
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

    def _end_fixes(self, trouble: int) -> Iterator[Candidate]:
        """The score line and the Result tag rewritten to what the replay gives."""
        replayed = replay(replace(self.game, diagnostics=[]))
        distance = len(self.nodes) - 1 - trouble
        term = self.game.termination
        if (
            replayed.finished
            and term is not None
            and term.dark is not None
            and (term.dark, term.light) != replayed.score
        ):
            dark, light = replayed.score or (0, 0)
            content = f"Dark: {dark}, Light: {light}"
            written = self.text[term.start : term.end]
            size = 1  # one miscount, however many digits it changes
            fixed = Termination(dark, light, term.start, term.end)
            yield Candidate(
                self._fix(
                    f"write `{content}` for `{written}`",
                    [Edit(term.start, term.end, content)],
                    "score",
                    size,
                    distance,
                ),
                replace(self.game, termination=fixed, diagnostics=[]),
            )
        tag = self.game.find_tag("Result")
        if tag is not None:
            expected = replayed.result or "*"
            if tag.value != expected:
                content = f'[Result "{expected}"]'
                tags = [
                    Tag(t.name, expected, t.start, t.end) if t is tag else t for t in self.game.tags
                ]
                yield Candidate(
                    self._fix(
                        f"write `{content}`",
                        [Edit(tag.start, tag.end, content)],
                        "result",
                        1,
                        distance,
                    ),
                    replace(self.game, tags=tags, diagnostics=[]),
                )

    def _square_changes(self, i: int, position: Position, distance: int) -> Iterator[Candidate]:
        node = self.nodes[i]
        move = node.move
        if not isinstance(move, Move) or move.square is None:
            return
        written = self.text[node.start : node.end]
        for changed, old, new, start, end in square_changes(move, written, position):
            size = (new[0] != old[0]) + (new[1] != old[1])
            edit = Edit(node.start + start, node.start + end, new)
            yield Candidate(
                self._fix(f"write {new} for {old}", [edit], "square", size, distance),
                self._changed(i, replace(node, move=changed, lowercase=False)),
                i,
            )

    def _removal_rewrite(self, i: int, position: Position, distance: int) -> Iterator[Candidate]:
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
        written = self.text[at : node.end]
        size = len(set(removed) ^ set(node.removals))
        yield Candidate(
            self._fix(
                f"write `{content}` for `{written}`",
                [Edit(at, node.end, content)],
                "removals",
                size,
                distance,
            ),
            self._changed(i, replace(node, removals=removed)),
            i,
        )

    def _passes(self, i: int, distance: int) -> Iterator[Candidate]:
        node = self.nodes[i]
        # A Pass inserted before node i: after its number (the Pass takes it) or
        # before it (node i keeps it).
        inserted = PlyNode(Move.pass_(), None, node.start, node.start, number=node.number)
        nodes = self.nodes[:i] + [inserted, replace(node, number=None)] + self.nodes[i + 1 :]
        yield Candidate(
            self._fix(
                f"insert `Pass` before {node.move}",
                [Edit(node.start, node.start, "Pass ")],
                "pass",
                1,
                distance,
            ),
            self._with_nodes(nodes),
            i,
        )
        if node.number is not None:
            at = node.number.start
            inserted = PlyNode(Move.pass_(), None, at, at)
            nodes = self.nodes[:i] + [inserted] + self.nodes[i:]
            yield Candidate(
                self._fix(
                    f"insert `Pass` before {node.move}",
                    [Edit(at, at, "Pass ")],
                    "pass",
                    1,
                    distance,
                ),
                self._with_nodes(nodes),
                i,
            )
        if isinstance(node.move, Move) and node.move.kind == "pass" and not node.variations:
            # A Pass deleted; its number (if any) stays for the next move, or goes with it.
            end = self._next_start(i)
            rest = self.nodes[i + 1 :]
            written = f"delete `{self.text[node.start : node.end]}`"
            if node.number is not None and rest and rest[0].number is None:
                kept = [replace(rest[0], number=node.number)] + rest[1:]
                yield Candidate(
                    self._fix(written, [Edit(node.start, end, "")], "pass", 1, distance),
                    self._with_nodes(self.nodes[:i] + kept),
                    i,
                )
            # With its number: a larger change than the Pass alone
            start = node.number.start if node.number is not None else node.start
            yield Candidate(
                self._fix(
                    written, [Edit(start, end, "")], "pass", 1 + (node.number is not None), distance
                ),
                self._with_nodes(self.nodes[:i] + rest),
                i,
            )


def search(_game: Keyed) -> type[MaerstanasSearch]:
    """The capability `play.repair.REPAIR_SEARCHES` asks for."""
    return MaerstanasSearch
