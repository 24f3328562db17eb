"""The fourth re-review of book sources as untrusted input (issue 26): a table whose
rows hold several long cells, class markup a book does not know, a link in a chapter
title, and a line break in a file name. Each test failed on the code it reviewed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maerstanas_print.cli import main

HEAD = "---\ngame: Maerstanas\ntitle: Corner Rules\n---\n\n# Rules\n\n"  # body on line 8


def book(tmp_path: Path, text: str, name: str = "book.md") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("breaker", ["\n", "\r", "\x85", "\u2028", "\u2029"])
def test_a_file_name_cannot_forge_a_line_of_the_output(tmp_path, capsys, breaker) -> None:
    """A newline in a file name split the one-line error in two (the ESC was escaped)."""
    named = book(tmp_path, HEAD + "x\n", f"a{breaker}forged.md")
    assert main(["rulebook", "--check", str(named)]) == 0
    assert main(["quickref", "--check", str(tmp_path / f"gone{breaker}x.md")]) == 3
    assert main(["check", str(tmp_path / f"gone{breaker}y.mrs")]) == 3
    out = tmp_path / f"o{breaker}.html"
    assert main(["rulebook", "--format", "html", "--source", str(named), "-o", str(out)]) == 0
    assert main(["rulebook", "--source", str(named), "-o", str(named)]) == 2
    html = book(tmp_path, HEAD + "x\n", f"b{breaker}.html")
    assert main(["rulebook", "--format", "html", "--source", str(html), "-o", str(html)]) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 6, err
    assert lines[0].endswith("forged.md: checked 0 figures and 0 claims; no problems")
    assert lines[1].endswith("x.md: no such file") and lines[2].endswith("y.mrs: no such file")
    assert lines[3].startswith("wrote ") and lines[3].endswith(".html")
    assert lines[4].endswith("forged.md: this command writes .pdf or .html files, not .md")
    assert lines[5].endswith(".html: the output would overwrite the input; pick another -o")
