"""What an app's page says about a game besides its moves, checked against the replay.

A copied list may carry the scores (Flask `Player 1:` / `13`, Django `alice (14)`)
and the end-of-game line (`GAME OVER`, `GAME OVER - Player 2 wins`, `Tie`). When
the replayed moves disagree with them, the list was changed or cut, or the
import assumed the wrong scoring: either way the game would not be the app's.
"""

from __future__ import annotations

from collections.abc import Callable

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.games.maerstanas.replay import not_over_hint
from maerstanas_print.play.replayed import ReplayedGame, result_of
from maerstanas_print.plugins.maerstanas.applist import AppList

_SAID = {"over": "GAME OVER", "1": "Player 1 wins", "2": "Player 2 wins", "tie": "a tie"}
_RESULTS = {"1": "Dark", "2": "Light", "tie": "Tie"}


Replayer = Callable[[bool, str], ReplayedGame]


def check_claims(applist: AppList, game: ReplayedGame, rescored: Replayer) -> list[Diagnostic]:
    """M505 for scores and M506 for an end-of-game line that the replay contradicts.

    `rescored(special_stones, scoring)` replays the same moves under other
    settings, for a hint when the import was given the wrong ones.
    """
    return _scores(applist, game, rescored) + _result(applist, game, rescored)


def _scores(applist: AppList, game: ReplayedGame, rescored: Replayer) -> list[Diagnostic]:
    shown = {player: score for player, (score, _) in applist.scores.items()}
    if not shown or _agrees(shown, game.final.score()):
        return []
    dark, light = game.final.score()
    said = ", ".join(f"Player {player} {score}" for player, score in sorted(shown.items()))
    hint = None
    if game.rules.scoring in ("default", "simple"):
        other = "simple" if game.rules.scoring == "default" else "default"
        if _agrees(shown, rescored(game.rules.special_stones, other).final.score()):
            hint = f"the app's scores are those of {other} scoring: import with --scoring {other}"
    span = min((span for _, span in applist.scores.values()), key=lambda s: s.start)
    return [
        Diagnostic(
            "error",
            "M505",
            f"the app shows {said}, but the listed moves score Dark {dark}, Light {light}",
            span.start,
            span.end,
            hint,
        )
    ]


def _agrees(shown: dict[int, int], score: tuple[int, int]) -> bool:
    return all(score[player - 1] == value for player, value in shown.items())


def _result(applist: AppList, game: ReplayedGame, rescored: Replayer) -> list[Diagnostic]:
    if applist.result is None:
        return []
    said, span = applist.result
    if not game.finished:
        message = f"the list says {_SAID[said]}, but after the listed moves the game is not over"
        hint: str | None = not_over_hint(game.final)
        if (
            game.rules.special_stones
            and not any(entry.move[:2] in ("T ", "W ") for entry in applist.entries)
            and rescored(False, game.rules.scoring).finished
        ):
            hint = "the game ends here without special stones: import with --special-stones off"
    elif said != "over" and result_of(game.final.score()) != _RESULTS[said]:
        dark, light = game.final.score()
        message = (
            f"the list says {_SAID[said]}, but the listed moves end Dark {dark}, Light {light}"
        )
        hint = None
    else:
        return []
    return [Diagnostic("error", "M506", message, span.start, span.end, hint)]
