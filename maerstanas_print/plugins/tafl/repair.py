"""Verified fixes for the movement games (Cyngesheall, the 1992 e-mail Hnefatafl).

The same promise as for Mǽrstánas (`repair.Search` and the Mǽrstánas search),
with the corrections a copier's slip explains in a movement game: one square
of a move (its origin or its target) changed where the move first goes wrong,
a capture list rewritten to
what the move took, a move number, the result and the Result and Termination
tags corrected. A tafl replay costs far more than a Mǽrstánas one, so squares
are tried only at the move where the trouble shows and the one before it,
each first played on quickly until a move fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from maerstanas_print.capability import Keyed
from maerstanas_print.games.tafl.engine import TaflMove
from maerstanas_print.games.tafl.replay import move_text
from maerstanas_print.notation.record import MoveNumber, Tag, Termination
from maerstanas_print.play.repair import Candidate, Edit, Search
from maerstanas_print.play.verify import replay

_SQUARE = re.compile(r"[A-Sa-s](?:1[0-9]|[1-9])(?![0-9])")
_TOKENS = {"Dark": "1-0", "Light": "0-1", "Draw": "1/2-1/2"}


class TaflSearch(Search):
    def _plays_through(self, candidate: Candidate) -> bool:
        """Every move from the first one changed is legal and takes what its list says."""
        if candidate.first < 0 or self.before[candidate.first] is None:
            return True
        position = self.before[candidate.first].copy()
        for node in candidate.game.mainline.nodes[candidate.first :]:
            move = node.move
            if (
                not isinstance(move, TaflMove)
                or position.over
                or position.move_problem(move) is not None
            ):
                return False
            taken = position.push(move, check=False)
            if node.removals is not None and sorted(node.removals) != sorted(taken):
                return False
        return True

    def _candidates(self, before: list[Any], trouble: int) -> Iterator[Candidate]:
        yield from self._endings()
        replayed = replay(replace(self.game, diagnostics=[]))
        plies = {id(step.node): step for step in replayed.main.steps}
        for i in range(min(trouble, len(self.nodes) - 1), max(trouble - 2, -1), -1):
            if before[i] is not None:
                yield from self._squares(i, before[i], trouble - i)
        for i, node in enumerate(self.nodes[: trouble + 1]):
            step = plies.get(id(node))
            if step is None:
                continue
            if node.number is not None:
                want = MoveNumber(
                    step.ply // 2 + 1, step.ply % 2 == 1, node.number.start, node.number.end
                )
                if (want.number, want.second) != (node.number.number, node.number.second):
                    content = f"{want.number}{'...' if want.second else '.'}"
                    written = self.text[node.number.start : node.number.end]
                    yield Candidate(
                        self._fix(
                            f"write `{content}` for `{written}`",
                            [Edit(node.number.start, node.number.end, content)],
                            "number",
                            1,
                            trouble - i,
                        ),
                        self._changed(i, replace(node, number=want)),
                        i,
                    )
            if (
                step.applied
                and node.removals is not None
                and sorted(node.removals) != sorted(step.removed)
                and before[i] is not None
            ):
                yield from self._captures(i, before[i], step.removed, trouble - i)

    def _squares(self, i: int, position: Any, distance: int) -> Iterator[Candidate]:
        """The written move with its origin or its target changed to give a legal move."""
        node = self.nodes[i]
        move = node.move
        if not isinstance(move, TaflMove):
            return
        found = list(_SQUARE.finditer(self.text, node.start, node.end))[:2]
        if len(found) < 2:
            return
        name = self._info().board.name
        for legal in position.legal_moves():
            if legal.piece.upper() != move.piece.upper() or (legal.origin != move.origin) == (
                legal.target != move.target
            ):
                continue  # only one square changes, and the piece letter stays right
            at, old, new = (
                (found[0], move.origin, legal.origin)
                if legal.origin != move.origin
                else (found[1], move.target, legal.target)
            )
            new_text, old_text = name(new), name(old)
            size = sum(a != b for a, b in zip(new_text, old_text, strict=False)) + abs(
                len(new_text) - len(old_text)
            )
            changed = replace(
                node,
                lowercase=False,
                move=TaflMove(move.piece, legal.origin, legal.target, move.size),
            )
            yield Candidate(
                self._fix(
                    f"write {new_text} for {old_text}",
                    [Edit(at.start(), at.end(), new_text)],
                    "square",
                    size,
                    distance,
                ),
                self._changed(i, changed),
                i,
            )

    def _captures(
        self, i: int, position: Any, taken: tuple[int, ...], distance: int
    ) -> Iterator[Candidate]:
        node = self.nodes[i]
        at = self.text.find("x", node.start, node.end)
        if at < 0 or not taken:
            return
        text = move_text(node.move, taken, list(position.board), self._info())
        content = text[text.index("x") :]
        letters = tuple(piece for piece in re.findall(r"(?<=[x/])([KC]?)", content))
        yield Candidate(
            self._fix(
                f"write `{content}` for `{self.text[at : node.end]}`",
                [Edit(at, node.end, content)],
                "removals",
                len(set(taken) ^ set(node.removals or ())) or 1,
                distance,
            ),
            self._changed(i, replace(node, removals=taken, removal_pieces=letters)),
            i,
        )

    def _endings(self) -> Iterator[Candidate]:
        """The result, the Result tag and the Termination tag as the replay ends."""
        replayed = replay(replace(self.game, diagnostics=[]))
        outcome = replayed.result  # "Dark", "Light", "Draw" or None (not over)
        term = self.game.termination
        if (
            term is not None
            and term.result is not None
            and outcome is not None
            and term.result != outcome
        ):
            content = _TOKENS[outcome]
            fixed = Termination(None, None, term.start, term.end, outcome)
            yield Candidate(
                self._fix(
                    f"write `{content}` for `{_TOKENS[term.result]}`",
                    [Edit(term.start, term.end, content)],
                    "score",
                    1,
                    0,
                ),
                replace(self.game, termination=fixed, diagnostics=[]),
            )
        for name, value in (("Result", outcome or "*"), ("Termination", replayed.ending)):
            tag = self.game.find_tag(name)
            if tag is None or value is None or tag.value == value:
                continue
            content = f'[{name} "{value}"]'
            tags = [Tag(t.name, value, t.start, t.end) if t is tag else t for t in self.game.tags]
            yield Candidate(
                self._fix(
                    f"write `{content}`", [Edit(tag.start, tag.end, content)], "result", 1, 0
                ),
                replace(self.game, tags=tags, diagnostics=[]),
            )

    def _info(self) -> Any:
        return replay(replace(self.game, diagnostics=[])).game


def search(_game: Keyed) -> type[TaflSearch]:
    """The capability `play.repair.REPAIR_SEARCHES` asks for."""
    return TaflSearch
