"""Random quick-reference sources, for the promise that a card `quickref --check` passes
is a card `quickref --source` sets (issue 26). The seventh review found cards with a
glossary the build crashed on while the check passed them; these mix every block a
card holds, in random lengths, so such a disagreement shows up in a few dozen tries.

Used by tests/test_book_sources_review7.py (a few seeds) and bench/bench_card_fuzz.py
(a hundred and more).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from maerstanas_print.rulebook.card import card_pdf
from maerstanas_print.rulebook.card_check import check_card
from maerstanas_print.rulebook.compile_source import compile_source
from maerstanas_print.rulebook.prepare import RulebookError, prepare
from maerstanas_print.rulebook.source import read_source
from maerstanas_print.rulebook.source_errors import SourceError

WORDS = (
    "stone",
    "board",
    "move",
    "turn",
    "corner",
    "edge",
    "point",
    "score",
    "light",
    "dark",
    "hinge",
    "woden",
    "thunder",
    "square",
    "rule",
    "game",
    "pass",
    "player",
)
PAPERS = ("a4", "letter", "a3", "tabloid")
FIGURE = """```figure
id: f{n}
caption: {caption}
panel: {label}
stones: dark D4
claims:
  legal E4
```"""
RECORD = """```record
id: r{n}
caption: {caption}

1. D4 E3 2. C5 F4 *
```"""


def _words(rng: random.Random, least: int, most: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(least, most)))


def _sentence(rng: random.Random, least: int, most: int) -> str:
    return _words(rng, least, most).capitalize() + "."


def _block(rng: random.Random, counter: list[int]) -> str:
    kind = rng.choice(
        ("para", "para", "para", "list", "glossary", "glossary", "table", "note", "figure")
        + ("record", "section")
    )
    if kind == "para":
        return _sentence(rng, 3, 90)
    if kind == "list":
        mark = rng.choice(("-", "1."))
        return "\n".join(f"{mark} {_sentence(rng, 2, 30)}" for _ in range(rng.randint(1, 6)))
    if kind == "glossary":
        entries = (
            f"{_words(rng, 1, 3)}: {_sentence(rng, 1, 60)}" for _ in range(rng.randint(1, 7))
        )
        return "```glossary\n" + "\n".join(entries) + "\n```"
    if kind == "table":
        columns = rng.randint(2, 4)
        rows = [" | ".join(_words(rng, 1, 3) for _ in range(columns))]
        rows.append(" | ".join("---" for _ in range(columns)))
        rows += [
            " | ".join(_words(rng, 1, 12) for _ in range(columns)) for _ in range(rng.randint(1, 8))
        ]
        return "\n".join(f"| {row} |" for row in rows)
    if kind == "note":
        return "> " + _sentence(rng, 5, 80)
    if kind == "section":
        return "## " + _words(rng, 1, 5).capitalize()
    counter[0] += 1
    form = FIGURE if kind == "figure" else RECORD
    return form.format(n=counter[0], caption=_sentence(rng, 2, 30), label=_words(rng, 1, 2))


def random_card(seed: int) -> tuple[str, str]:
    """A card source, and the paper to set it on, both chosen by `seed`."""
    rng = random.Random(seed)
    counter = [0]
    parts = [f"---\ngame: Maerstanas\ntitle: {_words(rng, 1, 8).capitalize()}\n---"]
    for _ in range(rng.randint(1, 4)):
        parts.append("# " + _words(rng, 1, 6).capitalize())
        parts.append(_sentence(rng, 3, 40))  # a chapter opens with text
        parts += [_block(rng, counter) for _ in range(rng.randint(0, 5))]
    return "\n\n".join(parts) + "\n", rng.choice(PAPERS)


@dataclass
class Outcome:
    """What the check and the build made of one card."""

    checked: bool  # the check passed it
    built: bool  # the build set it (one page of PDF)
    problem: str = ""


def check_then_build(text: str, paper: str) -> Outcome:
    """Check `text` as `quickref --check` does, then, if it passed, build it as
    `quickref --source` does. Any other exception is left to the caller to see."""
    try:
        read = read_source(text, "card.md")
        book = compile_source(read)
        check_card(read, book, paper)
    except SourceError as exc:
        return Outcome(False, False, exc.code)
    try:
        data = card_pdf(prepare(book), paper)
    except RulebookError as exc:
        return Outcome(True, False, str(exc))
    return Outcome(True, data.startswith(b"%PDF"))
