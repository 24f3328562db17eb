"""The marked moves a record may write: an open set each game extends.

A placement (`E4`), a movement (`A1-A4`) and `Pass` belong to the notation
itself. A move written as a letter and a square (`T E4`, `W C5`) is a kind a
game brings: it registers the mark and the kind's name in its core, and the
scanner and the grammar build their patterns from every kind registered (so a
new game with a new kind of move needs no edit outside its package).

A mark is one upper-case letter the notation does not use already: not a
file letter (A-S), not `K` or `C` (the pieces in front of a movement), not
`X` (it opens a removal list), not `P` (Pass). A kind `with_removals` may
write the squares it emptied (`T E4xE3/D4`).
"""

from __future__ import annotations

__all__ = ["MoveKind", "marked_kinds", "register_move_kind", "unregister_move_kind", "version"]

_TAKEN = frozenset("ABCDEFGHIJKLMNOPQRSX")


class MoveKind:
    """One registered kind of marked move (a plain class: a dataclass would cost the
    command line's start a millisecond, and every start reads this module)."""

    __slots__ = ("kind", "mark", "with_removals")

    def __init__(self, mark: str, kind: str, with_removals: bool = False) -> None:
        self.mark = mark  # the letter in front of the square, upper case: "T"
        self.kind = kind  # the kind's name in a move's payload and the grammar: "thunder"
        self.with_removals = with_removals  # may write the squares it emptied: `T E4xE3/D4`

    def _key(self) -> tuple[str, str, bool]:
        return self.mark, self.kind, self.with_removals

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoveKind) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"MoveKind({self.mark!r}, {self.kind!r}, with_removals={self.with_removals})"


_KINDS: dict[str, MoveKind] = {}
_version = 0


def register_move_kind(mark: str, kind: str, *, with_removals: bool = False) -> MoveKind:
    """Let records write `mark` and a square for a move of `kind` (again: no change)."""
    global _version
    found = MoveKind(mark, kind, with_removals)
    if len(mark) != 1 or not "A" <= mark <= "Z" or mark in _TAKEN:  # (no regex: start-up)
        raise ValueError(f"a move's mark is a free upper-case letter (T-Z but X), not {mark!r}")
    if not (
        kind.isascii() and kind.isidentifier() and kind.islower() and kind[0] != "_"
    ) or kind in ("place", "move", "pass"):
        raise ValueError(f"a kind of move is a new lower-case name, not {kind!r}")
    mine = _KINDS.get(mark)
    if mine == found:
        return found
    if mine is not None or any(k.kind == kind for k in _KINDS.values()):
        raise ValueError(f"the mark {mark!r} or the kind {kind!r} is taken")
    _KINDS[mark] = found
    _version += 1
    return found


def unregister_move_kind(mark: str) -> None:
    """Forget a mark (a test's toy game, when it is done)."""
    global _version
    if _KINDS.pop(mark, None) is not None:
        _version += 1


def marked_kinds() -> tuple[MoveKind, ...]:
    """Every registered kind, in the order registered."""
    return tuple(_KINDS.values())


def version() -> int:
    """Changes whenever a kind comes or goes: the readers rebuild their patterns."""
    return _version
