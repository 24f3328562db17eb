"""Rulebook figures of Mǽrstánas: positions laid out stone by stone or replayed,
one more move played and checked in its notation, claims put to the engine,
and the board as the sheets draw it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maerstanas_print.draw.board import BoardSpec, Mark, Stone, Variant
from maerstanas_print.games.maerstanas.engine import (
    DARK,
    LIGHT,
    SIDE_NAMES,
    THUNDER,
    WODEN,
    IllegalMove,
    Move,
    Position,
    Rules,
    Scoring,
    move_text,
)
from maerstanas_print.plugins.maerstanas.book_claims import square
from maerstanas_print.rulebook.claim_base import ClaimError, replayed_final, setup_fields
from maerstanas_print.rulebook.figures import FigureError, Panel, PanelView, check_claim

_MOVE = re.compile(r"^(?:(?P<kind>[TW]) )?(?P<square>[A-G][1-7])(?:x(?P<removed>\S+))?$|^Pass$")


def _hand(text: str) -> int:
    return (THUNDER if "T" in text else 0) | (WODEN if "W" in text else 0)


@dataclass(frozen=True, slots=True)
class Stones:
    """A position given square by square (squares separated by spaces).

    `thunder`/`woden` name squares among `dark`/`light` that hold those special
    stones; `hands` says which specials each side still holds ("TW", "T", "W", "").
    """

    dark: str = ""
    light: str = ""
    thunder: str = ""
    woden: str = ""
    to_move: str = "Dark"
    hands: tuple[str, str] = ("TW", "TW")
    scoring: Scoring = "default"

    def position(self) -> Position:
        rules = Rules(scoring=self.scoring)
        masks = [0, 0]
        for side, text in ((DARK, self.dark), (LIGHT, self.light)):
            for name in text.split():
                bit = 1 << square(name)
                if (masks[0] | masks[1]) & bit:
                    raise ClaimError(f"{name} is given two stones")
                masks[side] |= bit
        thunder = sum(1 << square(n) for n in self.thunder.split())
        woden = sum(1 << square(n) for n in self.woden.split())
        if (thunder | woden) & ~(masks[0] | masks[1]):
            raise ClaimError("a special stone is named on an empty square")
        turn = SIDE_NAMES.index(self.to_move)
        return Position(rules, masks, thunder, woden, [_hand(h) for h in self.hands], turn)


@dataclass(frozen=True, slots=True)
class Record:
    """A position reached by replaying a record (tags allowed), which must be valid."""

    text: str

    def position(self) -> Position:
        final = replayed_final(self.text)
        if not isinstance(final, Position):
            raise ClaimError("the record is not a Mǽrstánas game")
        return final


def read_stones(text: str) -> Stones:
    """A source's `stones:` line (`dark D3 C4; light E4; thunder D3; to-move Light;
    hands TW W; scoring simple`, or `empty`) as Stones."""
    if text.strip() == "empty":
        return Stones()
    fields = setup_fields(
        text, ("dark", "light", "thunder", "woden", "to-move", "hands", "scoring")
    )
    hands = fields.get("hands", "TW TW").split()
    if len(hands) != 2 or any(set(h) - set("TW-") for h in hands):
        raise ClaimError("hands is two words such as `TW W` (Dark's, then Light's; - for none)")
    scoring = fields.get("scoring", "default")
    if scoring not in ("default", "simple", "wraparound"):
        raise ClaimError(f"scoring {scoring!r} is not default, simple or wraparound")
    to_move = fields.get("to-move", "Dark")
    if to_move not in SIDE_NAMES:
        raise ClaimError(f"to-move {to_move!r} is not Dark or Light")
    stones = Stones(
        fields.get("dark", ""),
        fields.get("light", ""),
        fields.get("thunder", ""),
        fields.get("woden", ""),
        to_move,
        (hands[0].strip("-"), hands[1].strip("-")),
        scoring,  # type: ignore[arg-type]
    )
    stones.position()  # every square named must exist, once
    return stones


def play_written(position: Position, written: str) -> tuple[Position, dict[int, Mark]]:
    """Play `written` (e.g. `T E4xE3/D4`) and insist the record would write it so.

    Returns the new position and crosses on the squares a thunder emptied.
    """
    match = _MOVE.match(written)
    if not match:
        raise ClaimError(f"{written!r} is not a move in the record notation")
    if written == "Pass":
        move = Move.pass_()
    else:
        kind = {"T": "thunder", "W": "woden", None: "place"}[match["kind"]]
        move = Move(kind, square(match["square"]))  # type: ignore[arg-type]
    after = position.copy()
    try:
        removed = after.push(move)
    except IllegalMove as exc:
        raise ClaimError(f"{written} cannot be played: {exc.problem}") from None
    canonical = move_text(move, removed)
    if canonical != written:
        raise ClaimError(f"{written} is written {canonical}")
    return after, {sq: Mark("cross") for sq in removed}


def realise_maerstanas_panel(panel: Panel, where: str, cell: float, index: int = 0) -> PanelView:
    """Replay a Mǽrstánas panel, check its claims, and describe its board."""
    if panel.window:  # read by the movement games only: never dropped unsaid here
        raise FigureError(
            f"{where}: `window:` is for the movement games; a Mǽrstánas board is drawn whole",
            index,
            "window",
        )
    part = "setup"
    try:
        position = panel.setup.position()
        unreachable = position.unreachable_because()
        if unreachable is not None:
            raise FigureError(f"{where}: {unreachable}", index, "reachable")
        marks: dict[int, Mark] = {}
        if panel.then:
            part = "then"
            position, marks = play_written(position, panel.then)
    except ClaimError as exc:
        raise FigureError(f"{where}: {exc}", index, part) from None
    for n, claim in enumerate(panel.claims):
        if hasattr(claim, "arrows"):
            raise FigureError(
                f"{where}: claim {claim.text!r} is about a movement game, not Mǽrstánas",
                index,
                "claim",
                n,
            )
        check_claim(claim, position, where, index, n)
        if panel.show_claim_marks:
            marks.update(claim.marks(position))
    try:
        for name, mark in panel.marks.items():
            marks[square(name)] = mark
    except ClaimError as exc:
        raise FigureError(f"{where}: {exc}", index, "marks") from None
    return PanelView(panel.label, _spec(position, marks, cell, panel.label), position)


def _spec(position: Position, marks: dict[int, Mark], cell: float, label: str) -> BoardSpec:
    stones = {}
    for side in (DARK, LIGHT):
        for sq in range(49):
            if position.owner(sq) == side:
                stones[sq] = Stone(side, position.kind_at(sq) or "standard")
    variant: Variant = "wraparound" if position.rules.geometry.wrap else "standard"
    return BoardSpec(
        cell=cell,
        labels=frozenset(("top", "left")),
        variant=variant,
        stones=stones,
        marks=marks,
        title=label,
    )
