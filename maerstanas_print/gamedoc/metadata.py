"""What a game document's PDF says about itself: title, author, subject, keywords.

A library catalogue, a PDF viewer's title bar and a search engine read these
before anyone opens the file, so they name the game and whose game it is: the
title leads with the game ("Mǽrstánas: Random A – Random B"), the author is
who played and who annotated (the record's players and Annotator, people
only: the tool, named as annotator by its own samples, is the Creator and never
the Author), or the game's designer when the record names no one, and the
keywords name the game and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.pdf import is_tool
from maerstanas_print.gamedoc.model import Document
from maerstanas_print.sheets.capabilities import SHEETS


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    title: str
    author: str
    subject: str
    keywords: tuple[str, ...]


def _unique(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if item and item not in out:
            out.append(item)
    return out


def _joined(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def document_info(docs: list[Document], heading: str) -> DocumentInfo:
    """The metadata of a PDF of `docs`, whose title block or contents say `heading`."""
    games = _unique([doc.game_name for doc in docs])
    names = _joined(games)
    title = heading if any(game in heading for game in games) else f"{names}: {heading}"
    players = _unique([player for doc in docs for player in doc.players])
    annotators = _unique(  # an Annotator tag may name several, `;` between them
        [
            name.strip()
            for doc in docs
            for label, value in doc.details
            if label == "Annotator"
            for name in value.split(";")
            if not is_tool(name)
        ]
    )
    author = "; ".join(
        part
        for part in (
            f"{_joined(players)} (players)" if players else "",
            f"{_joined(annotators)} (notes)" if annotators else "",
        )
        if part
    )
    if not author:  # a record that names no one: the game is its designer's
        designers = _unique([SHEETS.of(doc.game).designer for doc in docs if doc.game])
        # "John Beers (game)"; a credit that already names its role, such as
        # "Neil Bernstein (rules as posted in 1992)", is given as it stands.
        plain = [d for d in designers if not d.endswith(")")]
        with_role = [d for d in designers if d.endswith(")")]
        author = "; ".join(([f"{_joined(plain)} (game)"] if plain else []) + with_role)
    kind = "game" if len(docs) == 1 else "games"
    subject = f"{'An annotated' if len(docs) == 1 else 'Annotated'} {names} {kind}: {heading}"
    keywords = (*games, "board game", f"annotated {kind}", "game record")
    return DocumentInfo(title, author, subject, keywords)
