"""`build` writes what the single commands write, under their names, and docs/printables.md
lists every file (issue 11 item 16: `board` wrote `board-a4-1up.pdf` while `build`
wrote `board-a4.pdf`, and the docs named a third)."""

from __future__ import annotations

import re
from pathlib import Path

from maerstanas_print.commands.build import jobs
from maerstanas_print.resources import sample_path

JOBS = jobs()
SAMPLE_GAME = str(sample_path("sample-game.mrs"))
SAMPLE_CYNGESHEALL = str(sample_path("cyngesheall-game.mrs"))
SAMPLE_ANNOTATED = str(sample_path("annotated-game.mrs"))

ROOT = Path(__file__).resolve().parents[1]
SHORT = {
    SAMPLE_GAME: "maerstanas_print/samples/sample-game.mrs",
    SAMPLE_CYNGESHEALL: "maerstanas_print/samples/cyngesheall-game.mrs",
    SAMPLE_ANNOTATED: "maerstanas_print/samples/annotated-game.mrs",
}


def test_each_file_has_the_name_its_command_gives_it(products) -> None:
    """The products are made with `-o FOLDER/`: each command picks its own name."""
    assert {name: products.chosen[name] for name, _ in JOBS} == {name: name for name, _ in JOBS}


def test_the_docs_list_every_file_build_writes() -> None:
    """docs/printables.md lists them (the README points there)."""
    page = (ROOT / "docs" / "printables.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([^`]+)` \| `maerstanas-print ([^`]+)` \|", page, re.M)
    listed = {name: args.split() for name, args in rows}
    expected = {name: [SHORT.get(a, a) for a in command] for name, command in JOBS}
    assert listed == expected
    assert len({name for name, _ in JOBS}) == len(JOBS)
