"""What a game document's PDF says about itself: title, author, subject, keywords.

A library catalogue, a PDF viewer's title bar and a search engine read these
before anyone opens the file, so they name the game and whose game it is: the
title leads with the game ("Mǽrstánas: Random A – Random B"), the author is
who played and who annotated (the record's players and Annotator, people
only: the tool, named as annotator by its own samples, is the Creator and never
the Author), and the keywords name the game and nothing else.

A record that names no person (players "?", the tool its only annotator, as the
Cyngesheall sample) has no Author: the issue's rule gives a game document's
Author to its players or annotator, and the tool, which made the notes, is the
Creator. The page agrees: its title block names no player, its Annotator line
names the tool, and its credit line names the game's designer as the game's
author ("Cyngesheall is a game by John Beers"), which the PDF's Subject
repeats word for word; crediting the designer as the Author of a game he neither
played nor annotated would make a catalogue file it under his name.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.pdf import is_tool
from maerstanas_print.gamedoc.model import Document, game_credits


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
    kind = "game" if len(docs) == 1 else "games"
    subject = " ".join(  # the games' credits as the page's credit line gives them
        [
            f"{'An annotated' if len(docs) == 1 else 'Annotated'} {names} {kind}: {heading}.",
            *game_credits(docs),
        ]
    )
    keywords = (*games, "board game", f"annotated {kind}", "game record")
    return DocumentInfo(title, author, subject, keywords)
