"""Every PDF `build` writes says what it is and whose work it is (issue 23).

A catalogue, a print shop's order list and a PDF viewer's title bar read the
metadata before anyone opens the file. Measured on main before this: game
documents titled "Random A – Random B" with no game and no keywords, and
Author "maerstanas_print" (the tool) on every sheet and game. Now, for every
PDF of every game: the title names the game, the subject too, the keywords
name it and no other game, the Creator is the tool, and the Author is the
game's designer (sheets, books, kits, quick references) or the record's
players and annotator (game documents), never the tool alone.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from maerstanas_print.commands.capabilities import PRINTABLES
from maerstanas_print.games import all_games
from maerstanas_print.games.protocol import Game
from maerstanas_print.sheets.capabilities import SHEETS

PDFS = [
    (game, name) for game in all_games() for name, _ in PRINTABLES.of(game) if name.endswith(".pdf")
]


def _name_word(game: Game) -> str:
    """The word a reader knows the game by: the longest of its title's words."""
    return max(game.title.replace("(", " ").replace(")", " ").split(), key=len)


def _game_document(name: str) -> bool:
    return name.endswith("game.pdf")


@pytest.mark.parametrize(("game", "name"), PDFS, ids=[name for _, name in PDFS])
def test_every_pdf_names_its_game_and_credits_its_author(products, game: Game, name: str) -> None:
    meta = PdfReader(io.BytesIO(products[name].pdf)).metadata
    assert meta is not None
    title, subject = str(meta.get("/Title", "")), str(meta.get("/Subject", ""))
    author, creator = str(meta.get("/Author", "")), str(meta.get("/Creator", ""))
    keywords = [k.strip() for k in str(meta.get("/Keywords", "")).split(",") if k.strip()]
    word = _name_word(game)
    assert word in title, title
    assert word in subject, subject
    assert keywords and any(word in k for k in keywords), keywords
    others = {_name_word(other) for other in all_games() if other is not game} - {word}
    assert not [k for k in keywords if any(o in k for o in others)], keywords
    assert creator == "maerstanas_print"
    assert author and author != "maerstanas_print", author
    if _game_document(name):
        assert "(players)" in author or "(notes)" in author, author
    else:
        designer = SHEETS.of(game).designer
        assert designer and designer in author, author


def test_every_game_names_its_designer() -> None:
    designers = {game.slug: SHEETS.of(game).designer for game in all_games()}
    assert designers == {
        "maerstanas": "John Beers",
        "cyngesheall": "John Beers",
        "hnefatafl1992": "Neil Bernstein",
    }


def test_a_game_called_by_its_event_says_it_once() -> None:
    """The Cyngesheall sample (no players) showed "Cyngesheall sample game" as its
    title and again as its subtitle."""
    from maerstanas_print.gamedoc.model import document
    from maerstanas_print.play.loading import load_verified
    from maerstanas_print.resources import sample_path

    _, games = load_verified(str(sample_path("cyngesheall-game.mrs")))
    doc = document(games[0])
    assert doc.title == "Cyngesheall sample game"
    assert doc.title not in doc.subtitle
