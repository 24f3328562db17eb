"""Every option the documentation names is one the command really takes.

A page of docs/ or the README names options in code: in a command line
(`maerstanas-print game FILE --index N`, or `game --index N`), whose options
must be that command's; or on their own (`--index N`), which must belong to a
command the same section (the text under one heading) names in code, or, in a
section that names no command, to some command. Options a parser hides
(argparse.SUPPRESS) count as not taken: they exist only to refuse a mistake.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from maerstanas_print.cli import build_parser, commands

ROOT = Path(__file__).parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
CODE = re.compile(r"```[^\n]*\n(.*?)```|`([^`\n]+)`", re.S)
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")
PROGRAM = "maerstanas-print"


@cache
def options_of() -> dict[str, frozenset[str]]:
    """Each command's options, as its parser takes them."""
    found = {}
    for name in commands():
        parser = build_parser([name])
        sub = next(a for a in parser._actions if a.dest == "command").choices[name]
        found[name] = frozenset(
            option
            for action in sub._actions
            if action.help != "==SUPPRESS=="
            for option in action.option_strings
        )
    return found


def _sections(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each part of a page under one heading; fences are kept
    whole, so a `#` comment in a shell block starts no section."""
    parts, start, lines, fenced = [], 1, [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        if line.startswith("#") and not fenced and lines:
            parts.append((start, "\n".join(lines)))
            start, lines = number, []
        lines.append(line)
    parts.append((start, "\n".join(lines)))
    return parts


def _command_of(line: str) -> str | None:
    """The command a code line runs (`maerstanas-print game ...` or `game ...`)."""
    words = line.strip().removeprefix("$ ").split()
    if words and words[0] == PROGRAM:
        words = words[1:]
    return words[0] if words and words[0] in options_of() else None


def mentions(page: str) -> list[tuple[int, str, frozenset[str], str]]:
    """(line, option, the commands it may belong to, the code it stands in) for each
    option the text of a page names."""
    found = []
    for start, section in _sections(page):
        code = [(m.start(), m[1] if m[1] is not None else m[2]) for m in CODE.finditer(section)]
        named = frozenset(
            command
            for _, text in code
            for line in text.splitlines()
            if (command := _command_of(line)) is not None
        )
        # A section that names a script (`bench/bench_scan.py`) may name its options too.
        scripts = any(re.search(r"\.py\b", text) for _, text in code)
        for offset, text in code:
            for line in text.splitlines():
                words = line.strip().removeprefix("$ ").split()
                if not words:
                    continue
                command = _command_of(line)
                if command is None and not words[0].startswith("--"):
                    continue  # another program's command line, or not a command at all
                if command is None and scripts:
                    continue  # a bare option beside a script may be the script's
                context = frozenset([command]) if command else (named or frozenset(options_of()))
                number = start + section[:offset].count("\n")
                for option in OPTION.findall(line):
                    found.append((number, option, context, line.strip()))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_option_named_in_the_docs_is_taken_by_its_command(page: Path) -> None:
    wrong = [
        f"{page.name}:{line}: {option} in `{code}` is no option of {', '.join(sorted(context))}"
        for line, option, context, code in mentions(page.read_text("utf-8"))
        if not any(option in options_of()[command] for command in context)
    ]
    assert not wrong, "\n".join(wrong)


def _misplaced(page: str) -> list[str]:
    return [
        option
        for _, option, context, _ in mentions(page)
        if not any(option in options_of()[command] for command in context)
    ]


def test_the_check_finds_an_option_of_another_command() -> None:
    """The case that went wrong: `--game N` beside `game`, whose option is `--index`."""
    page = "## Limits\n\nprint fewer games (`--game N`); `game` sets one PDF\n"
    assert _misplaced(page) == ["--game"]
    assert _misplaced(page.replace("--game N", "--index N")) == []
    assert _misplaced("Run `maerstanas-print board --index 2`.") == ["--index"]
    assert _misplaced("```sh\nmaerstanas-print check --strcit x.mrs\n```\n") == ["--strcit"]
    assert _misplaced("Run `pytest --no-such-option`.") == []  # not our program
    assert _misplaced("`bench/bench_scan.py` with `--harsh`") == []  # the script's option
