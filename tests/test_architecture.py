"""The architecture holds: import contracts, types and style are checked like behaviour.

`lint-imports` checks the contracts in pyproject.toml (layers, the games' cores
near the bottom; engines that know nothing of records or printing; only the
registry names a game; games that do not lean on each other), with nothing
exempt; a test here finds import cycles counting every import (in functions,
under TYPE_CHECKING, named in strings); mypy checks the types (the core under
the strict flags), ruff the style. A module outside `games/` and `plugins/` that
writes a game's tag or slug as a string is branching on which game it holds:
refused.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from maerstanas_print.games import all_games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "maerstanas_print"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    # The timeout only turns a hang into a failure; mypy on a loaded machine takes minutes.
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False, timeout=600)


def test_import_contracts_are_kept() -> None:
    tool = shutil.which("lint-imports")
    assert tool is not None, "import-linter is part of the lint extra: pip install -e '.[lint]'"
    done = _run(tool, "--no-cache")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout


def test_mypy_finds_no_error() -> None:
    done = _run(sys.executable, "-m", "mypy", "--no-incremental")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_is_clean() -> None:
    done = _run(sys.executable, "-m", "ruff", "check", ".")
    assert done.returncode == 0, done.stdout[-4000:]


def test_ruff_format_is_kept() -> None:
    """The whole tree stays as `ruff format` writes it ([tool.ruff.format] in pyproject.toml)."""
    done = _run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert done.returncode == 0, "run `ruff format .`; it would change:\n" + done.stdout[-2000:]


def _names() -> set[str]:
    return {name for game in all_games() for name in (game.tag, game.slug)}


@pytest.mark.parametrize(
    "path",
    sorted(
        p
        for p in PACKAGE.rglob("*.py")
        if p.relative_to(PACKAGE).parts[0] not in ("games", "plugins")
    ),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_module_outside_the_games_names_a_game(path: Path) -> None:
    names = _names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.strip().lower() in {n.lower() for n in names}
    ]
    assert not found, f"{path.name} names a game: {found}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
# A string naming one of our modules ("maerstanas_print.x.y" or "maerstanas_print.x:name")
# is an import made later (`import_module`, a lazy capability): it counts.
_NAMED = re.compile(r"maerstanas_print(\.\w+)+(:\w+)?")


def _known(name: str) -> str | None:
    """The module `name` is, or the module it is an attribute of (`a.b.C` -> `a.b`)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imported_by(module: str) -> set[str]:
    """Every module of the package `module` imports: at the top, inside functions,
    under TYPE_CHECKING, or by naming it in a string (`import_module`, lazy wiring)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names += [f"{base}.{alias.name}" for alias in node.names]
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _NAMED.fullmatch(node.value)
        ):
            names.append(node.value.partition(":")[0])
    found = {_known(name) for name in names if name.startswith("maerstanas_print")}
    return {name for name in found if name is not None and name != module}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(graph[root])))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    return cycles


def test_no_import_cycles() -> None:
    """No module imports itself through others, counting every import: inside
    functions, under TYPE_CHECKING, and modules named in strings (lazy wiring)."""
    graph = {module: _imported_by(module) for module in MODULES}
    assert not _cycles(graph), f"import cycles: {_cycles(graph)}"


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_a_string_naming_a_module_counts_as_an_import() -> None:
    wiring = _imported_by("maerstanas_print.plugins")
    assert "maerstanas_print.plugins.maerstanas.document" in wiring


def test_only_the_readers_and_the_top_floor_ask_the_registry_of_games() -> None:
    """Every other layer takes the game from the record or position it is given."""
    readers = (
        "maerstanas_print",
        "maerstanas_print.cli",
        "maerstanas_print.svg",
        "maerstanas_print.notation.build",
        "maerstanas_print.play.verify",
        "maerstanas_print.rulebook.source",
    )
    top = ("maerstanas_print.games", "maerstanas_print.commands", "maerstanas_print.plugins")
    askers = sorted(
        module
        for module in MODULES
        if {"maerstanas_print.games", "maerstanas_print.games.registry"} & _imported_by(module)
        and not module.startswith(top)
        and module not in readers
    )
    assert not askers, f"these modules ask the registry of games: {askers}"


def _imports_in_functions() -> list[tuple[Path, int, int]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.ImportFrom)
                        and (inner.module or "").startswith("maerstanas_print")
                        or isinstance(inner, ast.Import)
                        and any(a.name.startswith("maerstanas_print") for a in inner.names)
                    ):
                        found.append((path, inner.lineno, inner.end_lineno or inner.lineno))
    return sorted(set(found))


def test_own_imports_sit_at_the_top_unless_a_comment_says_why() -> None:
    """An import of our own inside a function is for the start-up of the command line
    or of `import maerstanas_print`; each says so in a comment (on it or just above)."""
    found = _imports_in_functions()
    assert len(found) <= 12, f"{len(found)} imports inside functions: {found}"
    silent = []
    for path, line, end in found:
        lines = path.read_text(encoding="utf-8").splitlines()
        near = lines[max(0, line - 4) : end]
        if not any("#" in text for text in near):
            silent.append(f"{path.relative_to(ROOT)}:{line}")
    assert not silent, f"imports inside functions without a reason: {silent}"
