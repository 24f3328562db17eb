"""A replayed game as the author's web apps show its move list, copied from the browser.

The inverse of `import`, for checking that the two agree and for showing users
what the importer reads: the Flask app's right-hand column (scores, the
Suggestion button, `Moves:`, `GAME OVER`, entries without passes) or the Django
app's page (`Game: NAME`, `alice (14)`, the result line, `Played Moves:`,
entries with passes), newest entry first, with the blank line a browser copy
puts between paragraphs.
"""

from __future__ import annotations

from typing import Literal

from maerstanas_print.games.maerstanas.engine import DARK, square_name
from maerstanas_print.play.replayed import ReplayedGame

App = Literal["flask", "django"]
_STONES = {"place": "standard stone", "thunder": "thunder-stone", "woden": "Woden-stone"}


def applist_text(game: ReplayedGame, app: App) -> str:
    """The copied page text; ValueError for a game the apps cannot play."""
    rules = game.rules
    if rules.first_player != DARK or rules.scoring == "wraparound":
        raise ValueError(
            "the apps always start with Player 1 (Dark) and have no wraparound scoring"
        )
    entries = []
    for step in game.main.steps:
        player = step.side - DARK + 1
        if step.move.kind == "pass":
            if app == "django":  # the Flask app passes silently
                entries.append(f"Pass (Player {player})")
            continue
        square = square_name(step.move.square)
        entries.append(f"{square} - {_STONES[step.move.kind]} (Player {player})")
    numbered = [f"{number}. {entry}" for number, entry in enumerate(entries, 1)][::-1]
    dark, light = game.final.score()
    if app == "flask":
        head = ["Player 1:", str(dark), "Player 2:", str(light), "Suggestion", "Moves:"]
        head += ["GAME OVER"] * game.finished
    else:
        head = [f"Game: {event}"] if (event := _tag(game, "Event")) else []
        head += [
            f"{_tag(game, 'Dark') or 'player1'} ({dark})",
            f"{_tag(game, 'Light') or 'player2'} ({light})",
        ]
        if game.finished:
            head.append(
                {
                    "Dark": "GAME OVER - Player 1 wins",
                    "Light": "GAME OVER - Player 2 wins",
                    "Tie": "Tie",
                }[game.result or "Tie"]
            )
        head.append("Played Moves:")
    return "\n\n".join(head + numbered) + "\n"


def _tag(game: ReplayedGame, name: str) -> str | None:
    value = game.record.tag(name)
    return value if value and value != "?" else None
