"""What a shared link to a game page shows: its title, description and preview words.

A browser tab, a search result and a chat's link preview all read the page's
`<title>`, `<meta name="description">` and Open Graph tags; each names the game,
the players and the event, so two pages of the same game (plain and with the
engine's evaluations) are told apart. Every word comes from the record or from
the replay, never from the page's file name unless the record names nothing.
"""

from __future__ import annotations

from maerstanas_print.gamedoc.model import Document
from maerstanas_print.gamedoc.parts import record_tag
from maerstanas_print.play.replayed import ReplayedGame

SEPARATOR = " · "


def _distinct(parts: list[str | None]) -> list[str]:
    """The parts that say something new: none empty, none contained in one before."""
    kept: list[str] = []
    for part in parts:
        if part and not any(part.casefold() in seen.casefold() for seen in kept):
            kept.append(part)
    return kept


def _event(game: ReplayedGame) -> str | None:
    event, round_ = record_tag(game, "Event"), record_tag(game, "Round")
    if event and round_:
        return f"{event}, round {round_}"
    return event


def page_title(games: list[ReplayedGame], docs: list[Document], heading: str) -> str:
    """The page's title: players, game and event of a lone game ("with the engine's
    evaluations" when it has them); for several, the Event they share (else
    `heading`), how many games and of which game."""
    if len(docs) == 1:
        doc, game = docs[0], games[0]
        parts = _distinct([doc.title, doc.game_name, _event(game)])
        if doc.valued:
            parts.append("with the engine's evaluations")
        return SEPARATOR.join(parts)
    names = list(dict.fromkeys(doc.game_name for doc in docs))
    events = {record_tag(game, "Event") for game in games}
    event = events.pop() if len(events) == 1 else None
    return f"{event or heading}: {len(docs)} games of {' and '.join(names)}"


def _players(game: ReplayedGame) -> str | None:
    dark, light = record_tag(game, "Dark"), record_tag(game, "Light")
    if not (dark or light):
        return None
    return f"{dark or 'Dark'} (Dark) against {light or 'Light'} (Light)"


def page_description(games: list[ReplayedGame], docs: list[Document]) -> str:
    """One or two sentences for a search result or a link preview."""
    if len(docs) > 1:
        players = sorted({name for g in games for name in _names(g)})
        shown = ", ".join(players[:6]) + (" and others" if len(players) > 6 else "")
        names = " and ".join(dict.fromkeys(doc.game_name for doc in docs))
        between = f" between {shown}" if shown else ""
        return f"{len(docs)} annotated games of {names}{between}."
    doc, game = docs[0], games[0]
    opening = f"An annotated game of {doc.game_name}"
    where = _distinct([_players(game), _event(game), record_tag(game, "Date")])
    sentence = ", ".join([opening, *where])
    plies = len(doc.plies)
    count = f"{plies} {'ply' if plies == 1 else 'plies'}"
    ending = f"{doc.result} ({count})" if doc.result else f"{count} played"
    extra = " With the engine's evaluations." if doc.valued else ""
    return f"{sentence}: {ending}.{extra}"


def _names(game: ReplayedGame) -> list[str]:
    return [n for n in (record_tag(game, "Dark"), record_tag(game, "Light")) if n]


def preview_alt(docs: list[Document]) -> str:
    """The words for the preview picture (the first game's final position)."""
    return f"The final position of {docs[0].title} ({docs[0].game_name})"
