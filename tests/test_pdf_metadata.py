"""Every PDF `build` writes says what it is and whose work it is (issue 23).

A catalogue, a print shop's order list and a PDF viewer's title bar read the
metadata before anyone opens the file. Measured on main before this: game
documents titled "Random A – Random B" with no game and no keywords, and
Author "maerstanas_print" (the tool) on every sheet and game. Now, for every
PDF of every game: the title names the game, the subject too, the keywords
name it and no other game, the Creator is the tool, and the Author is the
game's designer (sheets, books, kits, quick references) or the record's
players and annotator (game documents), never the tool. A game document whose
record names no person has no Author (its designer is credited in its Subject
word for word as on its page, not as the author of a game he did not play).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from maerstanas_print.commands.build import jobs
from maerstanas_print.commands.capabilities import PRINTABLES
from maerstanas_print.draw.pdf import TOOL
from maerstanas_print.games import all_games
from maerstanas_print.games.protocol import Game
from maerstanas_print.games.registry import game_named
from maerstanas_print.sheets.capabilities import SHEETS

JOBS = jobs()
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
    assert TOOL not in author, author
    if _game_document(name):  # the people the record names, if any
        assert not author or any(role in author for role in ("(players)", "(notes)")), author
        # the printed credit and the metadata say the same
        printed = " ".join(
            PdfReader(io.BytesIO(products[name].pdf)).pages[0].extract_text().split()
        )
        assert game.credit in subject, subject
        assert game.credit in printed, name
    else:
        assert author, name
        designer = SHEETS.of(game).designer
        assert designer and designer in author, author


BUILT_PDFS = [name for name, _ in JOBS if name.endswith(".pdf")]


@pytest.mark.parametrize("name", BUILT_PDFS)
def test_the_author_names_people_and_the_tool_is_only_the_creator(products, name: str) -> None:
    """Issue 23: cyngesheall-game.pdf said Author "maerstanas_print (notes)", the books
    and kits "John Beers (game and rules); maerstanas_print (this adaptation)" typed in
    their front matter. The Author of every PDF `build` writes names people (the
    designer, the players, an annotator), never the tool, which is the Creator; a book
    or kit takes its Author from its source (the designer of the game it teaches)."""
    meta = PdfReader(io.BytesIO(products[name].pdf)).metadata
    assert meta is not None
    author = str(meta.get("/Author", ""))
    assert author or _game_document(name), f"{name}: no Author"
    assert TOOL not in author, f"{name}: Author {author!r} names the tool"
    assert meta.get("/Creator") == TOOL
    if name.startswith(("rulebook-", "quickref-", "kit-")):
        slug = next((g.slug for g in all_games() if f"-{g.slug}-" in name), "maerstanas")
        assert author == SHEETS.of(game_named(slug)).designer, (name, author)


def test_a_record_that_names_no_one_has_no_author() -> None:
    """The Cyngesheall sample has no players and the tool as its Annotator: the tool is
    the Creator, and no one is the Author (it said "John Beers (game)", crediting the
    designer with a game he neither played nor annotated); the Subject credits him
    as the page does."""
    from maerstanas_print.gamedoc.metadata import document_info
    from maerstanas_print.gamedoc.model import document
    from maerstanas_print.play.loading import load_verified
    from maerstanas_print.resources import sample_path

    _, games = load_verified(str(sample_path("cyngesheall-game.mrs")))
    info = document_info([document(games[0])], "x")
    assert info.author == ""
    assert info.subject.endswith("Cyngesheall is a game by John Beers (CC BY-SA 4.0).")
    _, games = load_verified(str(sample_path("annotated-game.mrs")))
    assert document_info([document(games[0])], "x").author == "Random A and Random B (players)"
    _, games = load_verified(str(Path(__file__).parent / "records" / "hnefatafl1992-opening.mrs"))
    info = document_info([document(games[0])], "x")
    assert info.author == "" and "Neil Bernstein" in info.subject


def test_every_game_names_its_designer() -> None:
    designers = {game.slug: SHEETS.of(game).designer for game in all_games()}
    assert designers == {
        "maerstanas": "John Beers",
        "cyngesheall": "John Beers",
        "hnefatafl1992": "Neil Bernstein (rules as posted in 1992)",
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


def test_the_scannable_sheet_is_written_as_the_other_sheets(tmp_path, capsys) -> None:
    """`scoresheet --scannable` is not among `build`'s products, so checked here: without
    --format it writes its PDF (it used to stop with a traceback, the format being None),
    and its Author is the game's designer, as on every other sheet, not the tool."""
    from maerstanas_print.cli import main
    from maerstanas_print.games.registry import game_named

    pdf = tmp_path / "scan.pdf"
    assert main(["scoresheet", "--scannable", "-o", str(pdf)]) == 0, capsys.readouterr().err
    info = PdfReader(pdf).metadata
    assert info is not None
    game = game_named("Maerstanas")
    assert info.get("/Author") == SHEETS.of(game).designer
    assert info.get("/Creator") == "maerstanas_print"
    assert main(["scoresheet", "--scannable", "-o", str(tmp_path / "scan.html")]) == 2
    assert "is a PDF" in capsys.readouterr().err
    assert not (tmp_path / "scan.html").exists()
