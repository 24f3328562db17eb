"""The eighth re-review of book sources as untrusted input (issue 26): a panel place
that is not a number, and long words the HTML cut off where the PDF wraps them.
Each test failed on the code it reviewed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.cli import main

HEAD = "---\ngame: Maerstanas\ntitle: T\n---\n\n# Rules\n\n"  # body on line 8
TWO_PANELS = (
    "```figure\nid: f\ncaption: c\npanel: one\nstones: dark D4\nclaims:\n  legal E4\n"
    "panel: two\nstones: dark D4 E4\nclaims:\n  legal E5\n```\n"
)


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("place", ["-3", "banana", "+1", "1_0", "-0"])
def test_a_panel_place_that_is_not_a_number_names_nothing(tmp_path, capsys, place) -> None:
    """`{{ f.-3.dark-score }}` and `{{ f.banana.dark-score }}` silently gave the last
    panel's value; only ASCII digits naming an existing panel name a panel."""
    path = book(tmp_path, HEAD + f"See {{{{ f.{place}.dark-score }}}} zz.\n\n" + TWO_PANELS)
    assert main(["rulebook", "--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:8:5: error R106: {{{{ f.{place}.dark-score }}}}" in err, err


def test_a_panel_number_still_names_its_panel(tmp_path, capsys) -> None:
    path = book(
        tmp_path, HEAD + "See {{ f.1.dark-score }} and {{ f.2.dark-score }}.\n\n" + TWO_PANELS
    )
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()
