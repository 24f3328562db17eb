"""Every README example runs on shipped files (issue 12, finding 8)."""

from __future__ import annotations

import re
import shlex

import pytest
from record_helpers import ROOT

from maerstanas_print.cli import main

README = (ROOT / "README.md").read_text(encoding="utf-8")
SHELL = [
    line.split("#")[0]
    for block in re.findall(r"```sh\n(.*?)```", README, re.S)
    for line in block.splitlines()
    if line.startswith("maerstanas-print")
]


def test_every_record_a_command_reads_is_shipped() -> None:
    """... or written by an earlier example (`scan ... -o game.mrs`, then `annotate game.mrs`)."""
    named = 0
    outputs: set[str] = set()
    for line in SHELL:
        for command in line.split("&&"):
            words = shlex.split(command)
            outputs |= {words[i + 1] for i, w in enumerate(words[:-1]) if w == "-o"}
            for word in words:
                if word.endswith(".mrs") and word not in outputs:
                    named += 1
                    assert (ROOT / word).is_file(), f"{word} in `{line.strip()}`"
    assert named >= 3


@pytest.mark.parametrize("line", [line for line in SHELL if " check " in line])
def test_the_check_examples_run(line: str, monkeypatch, capsys) -> None:
    monkeypatch.chdir(ROOT)
    words = shlex.split(line)[1:]
    expected = 1 if "damaged" in line else 0
    assert main(words) == expected, capsys.readouterr()


def test_the_repaired_record_shown_is_what_check_prints(monkeypatch, capsys) -> None:
    monkeypatch.chdir(ROOT)
    shown = README.split("## Repairing a record")[1].split("```\n")[2]  # the output block
    assert main(["check", "maerstanas_print/samples/damaged-game.mrs"]) == 1
    printed = capsys.readouterr().out.splitlines()
    lines = shown.splitlines()
    assert len(lines) >= 6
    for line in lines:
        assert line in printed, line
    # And the fix gives back the sample game exactly.
    from maerstanas_print.play.checking import fix_text

    damaged = (ROOT / "maerstanas_print/samples/damaged-game.mrs").read_text(encoding="utf-8")
    assert fix_text(damaged, "d.mrs")[0].text == damaged  # other explanations fit too
    fixed, _ = fix_text(damaged, "d.mrs", choice=1)
    sample = (ROOT / "maerstanas_print/samples/sample-game.mrs").read_text(encoding="utf-8")
    assert fixed.text == sample.replace('sample game"]', 'sample game, copied with one slip"]')
