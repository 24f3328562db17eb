"""The `Game` core stays small and typed (issue 20: at most about 20 members, no
hook typed `Any`).

Everything a layer needs beyond rules, notation and replay is a capability of
that layer (`maerstanas_print/capability.py`), so a new game implements a short
list and every hook says what it takes and gives. Members are counted as the
issue counts them: the public attributes, properties and methods `Game` defines
(its own and its bases' below `object`), not `__init__`, `__repr__` or private
helpers.
"""

from __future__ import annotations

import inspect
import re

from maerstanas_print.games.protocol import Game

MOST_MEMBERS = 20


def _public_members(cls: type) -> dict[str, object]:
    found: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__ in ("builtins", "abc"):
            continue
        for name in inspect.get_annotations(klass):
            found.setdefault(name, None)
        for name, value in vars(klass).items():
            if not name.startswith("_"):
                found[name] = value
    return {name: value for name, value in found.items() if not name.startswith("_")}


def test_game_has_at_most_twenty_members() -> None:
    members = _public_members(Game)
    assert len(members) <= MOST_MEMBERS, sorted(members)


def test_the_count_sees_attributes_properties_and_methods() -> None:
    class Sample:
        kind: str
        size = 3

        @property
        def area(self) -> int:
            return self.size * self.size

        def grow(self) -> None:
            self.size += 1

        def _hidden(self) -> None:
            pass

    assert sorted(_public_members(Sample)) == ["area", "grow", "kind", "size"]


def test_no_hook_or_attribute_of_game_is_typed_any() -> None:
    any_word = re.compile(r"\bAny\b")
    typed = dict(inspect.get_annotations(Game))
    for name, value in _public_members(Game).items():
        hook = value.fget if isinstance(value, property) else value
        if callable(hook):
            for part, annotation in inspect.get_annotations(hook).items():
                typed[f"{name}.{part}"] = annotation
    assert typed, "nothing of Game is annotated"
    assert not [name for name, annotation in typed.items() if any_word.search(str(annotation))]
