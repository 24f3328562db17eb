"""Wiring a capability by its address: registrations wait until its module is imported."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from maerstanas_print.capability import Capability, wiring

ADDRESS = "maerstanas_print_test_layer:LEGENDS"


class _Game:
    def __init__(self, tag: str) -> None:
        self.tag = tag


@pytest.fixture
def layer() -> Iterator[types.ModuleType]:
    """A layer module, imported only when the test makes its capability."""
    module = types.ModuleType("maerstanas_print_test_layer")
    yield module
    sys.modules.pop(module.__name__, None)


def test_wiring_waits_for_the_capability_and_is_handed_over(layer: types.ModuleType) -> None:
    game, other = _Game("waiting"), _Game("other")
    wiring(ADDRESS).register(game, "its own legend")
    sys.modules[layer.__name__] = layer
    layer.LEGENDS = Capability("legends", lambda game: "the default legend")
    assert layer.LEGENDS.of(game) == "its own legend"
    assert layer.LEGENDS.of(other) == "the default legend"


def test_wiring_a_capability_already_made_registers_at_once(layer: types.ModuleType) -> None:
    game = _Game("at-once")
    sys.modules[layer.__name__] = layer
    layer.LEGENDS = Capability("legends", lambda game: "the default legend")
    wiring(ADDRESS).register_lazy(game, "os.path:basename")
    assert layer.LEGENDS.has_own(game)


def test_a_registration_made_on_the_capability_wins_over_waiting_wiring(
    layer: types.ModuleType,
) -> None:
    game = _Game("both")
    wiring(ADDRESS).register(game, "wired")
    sys.modules[layer.__name__] = layer
    layer.LEGENDS = Capability("legends", lambda game: "the default legend")
    layer.LEGENDS.register(game, "registered later")
    assert layer.LEGENDS.of(game) == "registered later"


def test_an_address_or_factory_without_one_colon_is_refused() -> None:
    with pytest.raises(ValueError):
        wiring("no_colon_here")
    with pytest.raises(ValueError):
        wiring(ADDRESS).register_lazy(_Game("x"), "no.colon")
