"""docs/library.md, the library's guided tour, runs as written and prints what it shows.

Each ```python block runs in order in one namespace (as a reader pasting them
would run them); the ```output block after it is what it must print. The
drawings at the end must be one HTML page whose ids never collide.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "library.md"
BLOCK = re.compile(r"```python\n(?P<code>.*?)```\n(?:\n```output\n(?P<output>.*?)```\n)?", re.S)


def _blocks() -> list[tuple[str, str | None]]:
    text = PAGE.read_text(encoding="utf-8")
    return [(m["code"], m["output"]) for m in BLOCK.finditer(text)]


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The namespace after the whole tour, each block's output checked on the way."""
    folder = tmp_path_factory.mktemp("tour")
    (folder / "maerstanas_print").symlink_to(ROOT / "maerstanas_print")
    module = types.ModuleType("library_tour")  # dataclasses look their module up
    namespace = module.__dict__
    saved = sys.modules.get("library_tour")
    sys.modules["library_tour"] = module
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        for number, (code, expected) in enumerate(_blocks(), 1):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(code, f"{PAGE.name} block {number}", "exec"), namespace)  # noqa: S102
            if expected is not None:
                assert out.getvalue() == expected, f"block {number} printed:\n{out.getvalue()}"
    if saved is None:
        sys.modules.pop("library_tour", None)
    namespace["_folder"] = folder
    return namespace


def test_every_block_shows_its_output() -> None:
    blocks = _blocks()
    assert len(blocks) >= 8
    assert all(output is not None for _code, output in blocks)


def test_the_tour_runs_and_prints_what_it_shows(tour: dict[str, object]) -> None:
    assert "page" in tour  # every block ran, to the last


def test_the_tour_covers_what_the_library_promises() -> None:
    code = "".join(code for code, _output in _blocks())
    for call in (
        "mp.read_game(handle)",
        "mp.read_games(",
        ".board()",
        ".root()",
        ".children()",
        "push_text(",
        ".push(",
        ".pop()",
        "move_stack",
        "legal_moves()",
        "is_game_over()",
        "score()",
        "id_prefix=",
        "mp.replay(",
    ):
        assert call in code, call
    assert '[SpecialStones "off"]' in PAGE.read_text(encoding="utf-8")


def _ids(element: ET.Element) -> list[str]:
    return [node.attrib["id"] for node in element.iter() if "id" in node.attrib]


def test_two_drawings_share_no_id_and_the_page_parses(tour: dict[str, object]) -> None:
    left, right = str(tour["left"]), str(tour["right"])
    left_ids, right_ids = _ids(ET.fromstring(left)), _ids(ET.fromstring(right))
    assert left_ids and right_ids
    assert all(i.startswith("final-") for i in left_ids)
    assert all(i.startswith("tafl-") for i in right_ids)
    assert not set(left_ids) & set(right_ids)
    page = (Path(str(tour["_folder"])) / "two-boards.html").read_text(encoding="utf-8")
    root = ET.fromstring(page.removeprefix("<!DOCTYPE html>\n"))  # well-formed as XHTML
    ids = _ids(root)
    assert len(ids) == len(set(ids)) == len(left_ids) + len(right_ids)
    for node in root.iter():  # every reference finds its own drawing's element
        for reference in node.attrib.get("aria-labelledby", "").split():
            assert reference in ids
    assert len([n for n in root.iter() if n.tag.endswith("svg")]) == 2


def test_drawings_without_a_prefix_never_collide() -> None:
    import maerstanas_print as mp
    from maerstanas_print import svg

    position = mp.Position.start()
    first, second = svg.board(position), svg.board(position)
    first_ids = _ids(ET.fromstring(first.split("\n", 1)[1]))
    second_ids = _ids(ET.fromstring(second.split("\n", 1)[1]))
    assert first_ids and not set(first_ids) & set(second_ids)
    same = svg.board(position, id_prefix="x"), svg.board(position, id_prefix="x")
    assert same[0] == same[1]
    for bad in ("", "1a", "a b", 'a"'):
        with pytest.raises(ValueError, match="id_prefix"):
            svg.board(position, id_prefix=bad)
