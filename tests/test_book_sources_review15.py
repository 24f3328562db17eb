"""Book sources, fifteenth review (issue 26).

1. Blocks drawn from the engine or a shipped file counted against no limit:
   4,000 `sample-game` blocks (a 76 KB source that `--check` called fine) ended
   in a MemoryError traceback at 3.8 GB; 9,000 `stone-key` blocks made a 115 MB
   page. Each drawn block now counts against the book's figures, a sample game
   (a whole game document) as ten.

Each test failed on the code it reviewed.
"""

from __future__ import annotations

import pytest

from maerstanas_print.cli import main
from maerstanas_print.io import limits
from tests.test_book_sources_review8 import book
from tests.test_book_sources_review12_blocks import HEAD, _refused

SAMPLE = "```sample-game\n```\n\n"


@pytest.mark.parametrize(
    ("block", "weight"),
    [
        (SAMPLE, limits.SAMPLE_GAME_FIGURES),
        ("```stone-key\n```\n\n", 1),
        ("```figure\nid: f{n}\ncaption: c\nstones: dark D3\n```\n\n", 1),
    ],
    ids=["sample-game", "stone-key", "figure"],
)
def test_every_drawn_block_counts_against_the_books_figures(
    tmp_path, capsys, block: str, weight: int
) -> None:
    fits = limits.MAX_BOOK_FIGURES // weight
    blocks = [block.format(n=n) for n in range(fits + 1)]
    line = HEAD.count("\n") + 1 + sum(b.count("\n") for b in blocks[:fits])
    message = _refused(tmp_path, capsys, HEAD + "".join(blocks), f"{line}:4", "R110")
    assert f"more than {limits.MAX_BOOK_FIGURES} figures, records and other drawn" in message


def test_a_book_at_the_limit_of_sample_games_is_still_made(tmp_path, capsys) -> None:
    path = book(tmp_path, HEAD + SAMPLE * (limits.MAX_BOOK_FIGURES // limits.SAMPLE_GAME_FIGURES))
    assert main(["rulebook", "--check", str(path)]) == 0, capsys.readouterr()


def test_drawn_blocks_and_figures_share_one_count(tmp_path, capsys) -> None:
    figures = "".join(
        f"```figure\nid: f{n}\ncaption: c\nstones: dark D3\n```\n\n"
        for n in range(limits.MAX_BOOK_FIGURES - limits.SAMPLE_GAME_FIGURES + 1)
    )
    path = book(tmp_path, HEAD + figures + SAMPLE)
    assert main(["rulebook", "--check", str(path)]) == 1
    assert "error R110" in capsys.readouterr().err
