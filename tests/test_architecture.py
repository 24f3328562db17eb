"""The architecture holds: import contracts, types and style are checked like behaviour.

`lint-imports` checks the contracts in pyproject.toml (layers; game cores that
know nothing of records or printing; only the registry names a game; games that
do not lean on each other), mypy the types (the core under the strict flags),
ruff the style. A module outside `maerstanas_print/games/` that writes a game's
tag or slug as a string is branching on which game it holds: refused.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from maerstanas_print.games import all_games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "maerstanas_print"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False,
                          timeout=600)


def test_import_contracts_are_kept() -> None:
    tool = shutil.which("lint-imports")
    assert tool is not None, "import-linter is part of the test extras"
    done = _run(tool, "--no-cache")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout


def test_mypy_finds_no_error() -> None:
    done = _run(sys.executable, "-m", "mypy", "--no-incremental")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_is_clean() -> None:
    done = _run(sys.executable, "-m", "ruff", "check", ".")
    assert done.returncode == 0, done.stdout[-4000:]


def _names() -> set[str]:
    return {name for game in all_games() for name in (game.tag, game.slug)}


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py")
                                        if "games" not in p.relative_to(PACKAGE).parts),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_outside_the_games_names_a_game(path: Path) -> None:
    names = _names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [(node.lineno, node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and node.value.strip().lower() in {n.lower() for n in names}]
    assert not found, f"{path.name} names a game: {found}"
