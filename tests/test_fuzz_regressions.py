"""Every input a fuzzer (hypothesis or bench/fuzz_atheris.py) ever broke the
readers with is kept in tests/fuzz_regressions/ and replayed here: read as a
file, through both readers and both modes (holding under 50 MiB), and
through `check` itself.

An input whose fix is still to come is listed in OPEN with the reason; its
test is a strict xfail, so the suite stays green now and turns red the day
the fix lands, as a reminder to move the file out of OPEN.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from fuzz_support import KNOWN_OPEN, REGRESSIONS, examine

from maerstanas_print.cli import main
from maerstanas_print.io.errors import InputError
from maerstanas_print.io.inputs import read_record

# file name -> (the exception it raises now, why): fixes still to come.
OPEN: dict[str, tuple[type[BaseException], str]] = {}  # every input found so far reads


# No input may make the readers hold more than this (a record is small).
PEAK_BYTES = 50 * 2**20


INPUTS = sorted(p for p in REGRESSIONS.iterdir() if p.is_file() and p.name != "README.md")


def _cases() -> list:
    return [
        pytest.param(
            path,
            id=path.name,
            marks=[
                pytest.mark.xfail(strict=True, raises=OPEN[path.name][0], reason=OPEN[path.name][1])
            ]
            if path.name in OPEN
            else [],
        )
        for path in INPUTS
    ]


def test_the_collection_is_there() -> None:
    assert len(INPUTS) >= 3
    assert set(OPEN) <= {p.name for p in INPUTS}
    # the fuzz tests step over exactly the crashes that are open here
    assert {kind for kind, _ in OPEN.values()} - {AssertionError} == {
        kind for kind, _ in KNOWN_OPEN
    }


@pytest.mark.parametrize("path", _cases())
def test_regression_input_reads_to_games_or_diagnostics(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        _name, text = read_record(str(path))
    except InputError as refusal:  # a binary or non-UTF-8 input: refused in one line
        assert "\n" not in str(refusal)
        return
    tracemalloc.start()
    try:
        examine(text, forgive_known=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < PEAK_BYTES + 20 * len(text), f"{peak / 2**20:.0f} MiB at the peak"
    assert main(["check", str(path)]) in (0, 1)
    assert main(["check", "--strict", "--json", str(path)]) in (0, 1)
    capsys.readouterr()
