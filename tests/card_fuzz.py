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
FIGURE = "```figure\nid: f{n}\ncaption: {caption}\n{panels}```"
PANEL = "panel: {label}\nstones: dark D4\nclaims:\n  legal E4\n"
RECORD = "```record\nid: r{n}\ncaption: {caption}\n\n1. D4 E3 2. C5 F4 *\n```"
KINDS = ("para", "para", "list", "glossary", "glossary", "table", "note", "figure", "record")


def _words(rng: random.Random, least: int, most: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(least, most)))


def _sentence(rng: random.Random, least: int, most: int) -> str:
    return _words(rng, least, most).capitalize() + "."


def _glossary(rng: random.Random) -> str:
    entries = (f"{_words(rng, 1, 3)}: {_sentence(rng, 1, 60)}" for _ in range(rng.randint(1, 8)))
    return "```glossary\n" + "\n".join(entries) + "\n```"


def _table(rng: random.Random) -> str:
    columns = rng.randint(2, 4)
    rows = [" | ".join(_words(rng, 1, 3) for _ in range(columns))]
    rows.append(" | ".join("---" for _ in range(columns)))
    for _ in range(rng.randint(1, 8)):
        rows.append(" | ".join(_words(rng, 1, 30) for _ in range(columns)))
    return "\n".join(f"| {row} |" for row in rows)


def _block(rng: random.Random, counter: list[int]) -> str:
    kind = rng.choice((*KINDS, "section"))
    if kind == "para":
        return _sentence(rng, 3, 150)
    if kind == "list":
        mark = rng.choice(("-", "1."))
        return "\n".join(f"{mark} {_sentence(rng, 2, 40)}" for _ in range(rng.randint(1, 6)))
    if kind == "glossary":
        return _glossary(rng)
    if kind == "table":
        return _table(rng)
    if kind == "note":
        return "> " + _sentence(rng, 5, 80)
    if kind == "section":
        return "## " + _words(rng, 1, 8).capitalize() + "\n\n" + _sentence(rng, 3, 10)
    counter[0] += 1
    if kind == "record":
        return RECORD.format(n=counter[0], caption=_sentence(rng, 2, 40))
    panels = "".join(PANEL.format(label=f"p{n}") for n in range(rng.randint(1, 4)))
    return FIGURE.format(n=counter[0], caption=_sentence(rng, 2, 60), panels=panels)


def random_card(seed: int) -> tuple[str, str]:
    """A card source, and the paper to set it on, both chosen by `seed`."""
    rng = random.Random(seed)
    counter = [0]
    front = f"game: Maerstanas\ntitle: {_words(rng, 1, 12).capitalize()}\n"
    if rng.random() < 0.5:
        front += f"subtitle: {_words(rng, 1, 8)}\n"
    parts = [f"---\n{front}---"]
    if rng.random() < 0.5:  # the small print
        parts.append(_sentence(rng, 5, 100))
    for _ in range(rng.randint(1, 6)):
        parts.append("# " + _words(rng, 1, 8).capitalize())
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
