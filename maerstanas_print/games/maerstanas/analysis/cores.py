"""The two cores of the search: the kernel compiled by numba, or run as Python.

numba is optional (the `[analysis]` extra). `load("auto")` takes the compiled
core when numba imports and the Python one otherwise; both come from the one
source file `kernel.py`, so they give identical answers. The compiled copy
is made on first use only, so commands that do not analyse never pay for
importing numba, and `cache=True` keeps the machine code between runs.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Literal

from maerstanas_print.games.maerstanas.analysis import kernel
from maerstanas_print.games.maerstanas.engine import PLAIN, SQUARES, TORUS

CoreName = Literal["auto", "numba", "python"]
_COMPILED_NAME = "maerstanas_print.games.maerstanas.analysis._kernel_numba"


class CoreUnavailable(RuntimeError):
    """The compiled core was asked for and numba is not installed."""


def numba_available() -> bool:
    return importlib.util.find_spec("numba") is not None


def _compiled_kernel() -> ModuleType:
    for name in (_COMPILED_NAME, _COMPILED_NAME + "_uncached"):
        module = sys.modules.get(name)
        if module is not None:
            return module
    if not numba_available():
        raise CoreUnavailable(
            "the numba core needs numba: pip install 'maerstanas_print[analysis]'"
        )
    try:
        return _load_kernel_as(_COMPILED_NAME)
    except RuntimeError as exc:  # "cannot cache function ...: no locator available"
        if "cache" not in str(exc):
            raise
        # no folder to keep compiled code in (a read-only install, no writable
        # home): compiled for this run only
        return _load_kernel_as(_COMPILED_NAME + "_uncached")


def _load_kernel_as(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, kernel.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # numba's cache finds functions by module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def symmetry_maps() -> list[list[int]]:
    """The 8 symmetries of the square as square maps: bit 0 mirrors the columns,
    bit 1 the rows, bit 2 then swaps rows and columns. On the torus of
    wraparound play these keep every wrapped adjacency too, so they hold there."""
    maps = []
    for g in range(8):
        table = []
        for sq in range(SQUARES):
            row, col = divmod(sq, 7)
            if g & 1:
                col = 6 - col
            if g & 2:
                row = 6 - row
            if g & 4:
                row, col = col, row
            table.append(row * 7 + col)
        maps.append(table)
    return maps


def _table_words(wrap: bool) -> list[int]:
    """The constant part of the kernel's memory, NBR up to STATS (see kernel.py)."""
    geometry = TORUS if wrap else PLAIN
    words = [0] * kernel.STATS
    words[kernel.NBR : kernel.NBR + SQUARES] = geometry.neighbour_masks
    words[kernel.EDGE : kernel.EDGE + SQUARES] = PLAIN.edge_counts
    maps = symmetry_maps()
    for g, table in enumerate(maps):
        for row in range(7):
            for bits in range(128):
                mask = 0
                for col in range(7):
                    if bits >> col & 1:
                        mask |= 1 << table[row * 7 + col]
                words[kernel.SYMTAB + g * 896 + row * 128 + bits] = mask
        start = kernel.SYMSQ + g * 64
        words[start : start + 64] = table + list(range(SQUARES, 64))
        words[kernel.SYMINV + g] = next(
            h for h in range(8) if all(maps[h][table[sq]] == sq for sq in range(SQUARES))
        )
    return words


@dataclass(slots=True)
class Core:
    """One way of running the kernel."""

    name: Literal["numba", "python"]
    kernel: ModuleType
    _words: dict[bool, list[int]] = field(default_factory=dict)

    def zeros(self, size: int) -> Any:
        """The kernel's array type: numpy int64 when compiled, a list otherwise."""
        if self.name == "numba":
            import numpy

            return numpy.zeros(size, dtype=numpy.int64)
        return [0] * size

    def memory(self, scoring: int, table_size: int) -> Any:
        """A fresh kernel memory for `scoring`: the tables filled in, the rest zero."""
        wrap = scoring == 2
        words = self._words.get(wrap)
        if words is None:
            words = self._words[wrap] = _table_words(wrap)
        memory = self.zeros(kernel.TABLE + 3 * table_size)
        memory[: kernel.STATS] = words
        return memory


_CORES: dict[str, Core] = {}


def load(name: CoreName = "auto") -> Core:
    """The core called `name`; "auto" is numba when installed, else Python."""
    if name == "auto":
        name = "numba" if numba_available() else "python"
    core = _CORES.get(name)
    if core is None:
        module = _compiled_kernel() if name == "numba" else kernel
        core = Core(name, module)
        _CORES[name] = core
    return core
