"""What one layer asks of a game, looked up per game, with the layer's own default.

A game's core (`games.protocol.Game`) is its rules, notation and replay. What a
layer needs beyond that (a document's board reader, a sheet's legend, a book's
kit, a fix search, the apps' importer) the layer declares itself as a
`Capability`, with a default that suits a game with only a core. The module at
the top floor (`maerstanas_print.plugins`) registers each game's own values;
the layer asks `CAPABILITY.of(game)` and never needs to know which games exist.

A value can be registered lazily, as `"module:factory"`: the factory is
imported and called with the game on first use, so wiring every game costs the
command line nothing until a layer asks. The capability itself can be named the
same way (`wiring("package.module:NAME")`): registrations for it wait here until
its layer's module is imported, so the wiring loads no layer a run never uses
(`check` of a valid game needs no sheets, books or documents).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Generic, Protocol, TypeVar, cast

T = TypeVar("T")

__all__ = ["Capability", "Keyed", "Wiring", "before_first_lookup", "wiring"]

# Run once, before any capability is first looked up: the package's front door
# puts the wiring of the built-in games here (`maerstanas_print.plugins`), so a
# library user gets every game's capabilities without importing the top floor.
_first_lookup: list[Callable[[], object]] = []


def before_first_lookup(hook: Callable[[], object]) -> None:
    """Call `hook` once, just before the first lookup of any capability."""
    _first_lookup.append(hook)


def _run_first_lookup_hooks() -> None:
    while _first_lookup:
        _first_lookup.pop(0)()


# Registrations for capabilities whose modules were not imported when they were
# wired, by the capability's address ("package.module:NAME"): (method, game, value).
_waiting: dict[str, list[tuple[str, object, object]]] = {}
# Whether a capability was made since the waiting registrations were last handed
# out: only then can one of them have found its capability.
_made_since_handed_out = False


def _live(address: str) -> Capability[object] | None:
    """The capability at `address`, if its module is imported (and has made it)."""
    module, _, name = address.partition(":")
    found = getattr(sys.modules.get(module), name, None)
    return found if isinstance(found, Capability) else None


def _hand_out_waiting() -> None:
    """Give every capability made since last time the registrations waiting for it."""
    global _made_since_handed_out
    _made_since_handed_out = False
    for address in list(_waiting):
        capability = _live(address)
        if capability is not None:
            for method, game, value in _waiting.pop(address):
                getattr(capability, method)(game, value)


class Wiring:
    """Registrations for the capability at `address` ("package.module:NAME"), made
    without importing its module: they are handed to the capability once its
    module is imported (at once, if it already is). What `wiring()` returns."""

    __slots__ = ("address",)

    def __init__(self, address: str) -> None:
        if address.count(":") != 1:
            raise ValueError(f"a capability's address is 'module:NAME', not {address!r}")
        self.address = address

    def __repr__(self) -> str:
        return f"<Wiring {self.address}>"

    def _send(self, method: str, game: Keyed | type, value: object) -> None:
        capability = _live(self.address)
        if capability is not None:
            getattr(capability, method)(game, value)
        else:
            _waiting.setdefault(self.address, []).append((method, game, value))

    def register(self, game: Keyed | type, value: object) -> None:
        """As `Capability.register`, once the capability exists."""
        self._send("register", game, value)

    def register_lazy(self, game: Keyed | type, factory: str) -> None:
        """As `Capability.register_lazy`, once the capability exists."""
        if factory.count(":") != 1:
            raise ValueError(f"a lazy capability is 'module:function', not {factory!r}")
        self._send("register_lazy", game, factory)


def wiring(address: str) -> Wiring:
    """Registrations for the capability at `address` ("package.module:NAME")."""
    return Wiring(address)


class Keyed(Protocol):
    """Anything with a Game tag (every `Game`): capabilities are kept by tag."""

    @property
    def tag(self) -> str: ...


class Capability(Generic[T]):
    """One thing a layer asks of every game: a value per game, or the layer's default.

    `default` makes the value for a game nobody registered one for (it is given
    the game). `register` gives a game (or every game of a class, such as the
    tafl family's `TaflGame`) its own value; `register_lazy` names a factory
    (`"package.module:function"`, called with the game) to import only when the
    value is first asked for. A game's own entry wins over its class's.
    """

    def __init__(self, name: str, default: Callable[[Keyed], T]) -> None:
        global _made_since_handed_out
        _made_since_handed_out = True  # registrations may be waiting for it
        self.name = name
        self._default = default
        self._values: dict[str | type, T] = {}
        self._lazy: dict[str | type, str] = {}
        self._made: dict[str, T] = {}  # lazy values made, per game

    def __repr__(self) -> str:
        return f"<Capability {self.name}>"

    @staticmethod
    def _key(game: Keyed | type) -> str | type:
        return game if isinstance(game, type) else game.tag

    def register(self, game: Keyed | type, value: T) -> None:
        """Give `game` (or every game of a class) its own value, replacing any before
        (the built-in games are wired first, so a program's own value wins)."""
        _run_first_lookup_hooks()
        if _made_since_handed_out:  # the wiring first, so that this one wins
            _hand_out_waiting()
        key = self._key(game)
        self._lazy.pop(key, None)
        self._values[key] = value
        self._made.clear()

    def register_lazy(self, game: Keyed | type, factory: str) -> None:
        """Give `game` (or every game of a class) the value `factory(game)` makes,
        imported on first use; `factory` is written `"package.module:function"`."""
        if factory.count(":") != 1:
            raise ValueError(f"a lazy capability is 'module:function', not {factory!r}")
        _run_first_lookup_hooks()
        if _made_since_handed_out:  # the wiring first, so that this one wins
            _hand_out_waiting()
        key = self._key(game)
        self._values.pop(key, None)
        self._lazy[key] = factory
        self._made.clear()

    def unregister(self, game: Keyed | type) -> None:
        """Forget `game`'s own value: it gets its class's, or the default, again."""
        _run_first_lookup_hooks()
        if _made_since_handed_out:  # the wiring first, so that this one wins
            _hand_out_waiting()
        key = self._key(game)
        self._values.pop(key, None)
        self._lazy.pop(key, None)
        self._made.clear()

    def _own_key(self, game: Keyed) -> str | type | None:
        for key in (game.tag, *type(game).__mro__):
            if key in self._values or key in self._lazy:
                return key
        return None

    def has_own(self, game: Keyed) -> bool:
        """Whether `game` (or its class) registered a value of its own."""
        if _first_lookup:
            _run_first_lookup_hooks()
        if _made_since_handed_out:
            _hand_out_waiting()
        return self._own_key(game) is not None

    def of(self, game: Keyed) -> T:
        """The value for `game`: its own, else its class's, else the layer's default."""
        if _first_lookup:
            _run_first_lookup_hooks()
        if _made_since_handed_out:
            _hand_out_waiting()
        made = self._made.get(game.tag)
        if made is not None:
            return made
        key = self._own_key(game)
        if key is None:
            return self._default(game)
        if key in self._values:
            return self._values[key]
        module, _, name = self._lazy[key].partition(":")
        factory = cast("Callable[[Keyed], T]", getattr(import_module(module), name))
        value = self._made[game.tag] = factory(game)
        return value
