"""The Python examples in the docs run as written.

Each listed page's ```python blocks run in order in one namespace, as a reader
pasting them one after another would run them.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["docs/adding-a-game.md", "README.md"]


def _blocks(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize("page", PAGES)
def test_python_blocks_run(
    page: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocks = _blocks(page)
    assert blocks, f"{page} has no Python example"
    # As in a checkout (the examples read the shipped samples), but files they
    # write land in a scratch folder.
    (tmp_path / "maerstanas_print").symlink_to(ROOT / "maerstanas_print")
    monkeypatch.chdir(tmp_path)
    module = types.ModuleType("docs_example")  # dataclasses look their module up
    monkeypatch.setitem(sys.modules, "docs_example", module)
    for block in blocks:
        exec(compile(block, page, "exec"), module.__dict__)  # noqa: S102 - our own docs
    out = capsys.readouterr().out.splitlines()
    if page == "README.md":  # the sample's own score line and Result
        assert out[0] == "True 36 Score(dark=14, light=16) Light"


INPUTS = (".mrs", ".md", ".txt", ".jpg", ".png", ".json")
WRITES = ("-o", ">", "--preview-image")  # the option's value is a file the command writes


def _shell_commands(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return [
        command.split("#")[0]
        for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S)
        for line in block.splitlines()
        for command in line.split("&&")
        if command.strip().startswith("maerstanas-print")
    ]


@pytest.mark.parametrize(
    "page", ["README.md", *sorted(p.name for p in (ROOT / "docs").glob("*.md"))]
)
def test_every_file_a_shell_example_reads_is_shipped(page: str) -> None:
    """A reader runs the examples as written: a file a command reads is in the
    checkout, or an earlier example on the page wrote it (`-o`, `> file`)."""
    import shlex

    path = page if page == "README.md" else f"docs/{page}"
    written: set[str] = set()
    for command in _shell_commands(path):
        words = shlex.split(command.replace(">", " > "))
        written |= {words[i + 1] for i, w in enumerate(words[:-1]) if w in WRITES}
        if words[1] == "scoresheet":  # `scoresheet --scannable --layout F` writes F for `scan`
            written |= {words[i + 1] for i, w in enumerate(words[:-1]) if w == "--layout"}
        for word in words[1:]:
            if word.endswith(INPUTS) and word not in written and not word.startswith("output/"):
                assert (ROOT / word).is_file(), f"{path}: `{command.strip()}` reads {word}"
