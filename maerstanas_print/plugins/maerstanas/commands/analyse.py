"""`maerstanas-print analyse FILE`: the engine's value of every position of a game.

Values are the final margin (Dark minus Light) with best play from there on,
proved (`exact`) or estimated by a depth-limited search.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, NamedTuple

from maerstanas_print.gamedoc.model import game_title
from maerstanas_print.games.maerstanas import MaerstanasGame
from maerstanas_print.games.maerstanas.analysis.cores import numba_available
from maerstanas_print.games.maerstanas.analysis.review import (
    line_notation,
    notation,
    positions_of,
    review_game,
    value_text,
)
from maerstanas_print.games.maerstanas.engine import SIDE_NAMES
from maerstanas_print.io.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE, CommandError
from maerstanas_print.play.loading import load_verified

if TYPE_CHECKING:
    from maerstanas_print.games.maerstanas.analysis.review import GameReview
    from maerstanas_print.games.maerstanas.analysis.search import Evaluation
    from maerstanas_print.games.maerstanas.engine import Position
    from maerstanas_print.play.verify import ReplayedGame

CORE_CHOICES = ("auto", "numba", "python")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help="engine analysis: the value of every move, best moves, best lines",
        description="Evaluate every position of each game's main line: the final margin "
        "(Dark minus Light) with best play, proved exactly near the end of the "
        "game and estimated by a deepening search before that; the best moves "
        "and the principal variation. An invalid record is refused with "
        "check's diagnostics.",
    )
    parser.add_argument("file", metavar="FILE", help="record file (.mrs); '-' reads stdin")
    add_engine_options(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.set_defaults(func=run)


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """The search options that analyse, annotate and puzzles share."""
    parser.add_argument(
        "--time",
        metavar="SECONDS",
        default="0.5",
        help="search time for each position the exact search does not cover (default: 0.5)",
    )
    parser.add_argument(
        "--exact-from",
        metavar="N",
        default="10",
        help="solve exactly every position at most N plies before the end "
        "of the record (default: 10)",
    )
    parser.add_argument(
        "--depth",
        metavar="PLIES",
        default=None,
        help="search each position the exact search does not cover this "
        "many plies deep instead of for --time seconds: the same "
        "values on every machine",
    )
    parser.add_argument(
        "--core",
        metavar="{auto,numba,python}",
        default="auto",
        help="the compiled core (numba, from the [analysis] extra), plain "
        "Python, or the first available (default: auto)",
    )


class EngineSettings(NamedTuple):
    seconds: float
    exact_from: int
    core: str
    depth: int | None  # plies, instead of seconds


MAX_DEPTH = 30


def engine_settings(args: argparse.Namespace) -> EngineSettings:
    """The shared options, checked (a usage error for a bad one)."""

    try:
        seconds = float(args.time)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise CommandError(
            f"--time must be a number of seconds above 0, not {args.time!r}", EXIT_USAGE
        )
    try:
        exact_from = int(args.exact_from)
    except ValueError:
        exact_from = -1
    if exact_from < 0:
        raise CommandError(
            f"--exact-from must be a whole number of plies (0 or more), not {args.exact_from!r}",
            EXIT_USAGE,
        )
    depth = None
    if args.depth is not None:
        try:
            depth = int(args.depth)
        except ValueError:
            depth = -1
        if not 1 <= depth <= MAX_DEPTH:
            raise CommandError(
                f"--depth must be a whole number of plies from 1 to "
                f"{MAX_DEPTH}, not {args.depth!r}",
                EXIT_USAGE,
            )
    if args.core not in CORE_CHOICES:
        raise CommandError(
            f"--core must be one of {', '.join(CORE_CHOICES)}, not {args.core!r}", EXIT_USAGE
        )
    if args.core == "numba" and not numba_available():
        raise CommandError(
            "--core numba needs numba: pip install 'maerstanas_print[analysis]'", EXIT_USAGE
        )
    return EngineSettings(seconds, exact_from, args.core, depth)


def load_maerstanas(path: str) -> list[ReplayedGame]:
    """The verified games of `path`; games of another game are refused (exit 1)."""

    source, games = load_verified(path)
    for game in games:
        if not isinstance(game.game, MaerstanasGame):
            raise CommandError(
                f"{source.name}: game {game.record.index} is "
                f"{game.game.title}; the engine analyses Mǽrstánas only",
                EXIT_INVALID,
            )
    return games


class Progress:
    """A one-line progress bar on standard error, only when it is a terminal."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.shown = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.shown:
            return
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(
            f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} positions"
        )
        if done >= total:
            sys.stderr.write("\r" + " " * (len(self.label) + width + 30) + "\r")
        sys.stderr.flush()


def review_all(games: list[ReplayedGame], args: argparse.Namespace) -> list[GameReview]:
    settings = engine_settings(args)
    return [
        review_game(
            game,
            seconds=settings.seconds,
            exact_from=settings.exact_from,
            core=settings.core,
            depth=settings.depth,
            progress=Progress(f"game {game.record.index}"),
        )
        for game in games
    ]


def run(args: argparse.Namespace) -> int:
    engine_settings(args)  # a usage error before any reading
    games = load_maerstanas(args.file)
    reviews = review_all(games, args)
    if args.json:
        json.dump(
            {"games": [review_json(r) for r in reviews]}, sys.stdout, ensure_ascii=False, indent=2
        )
        sys.stdout.write("\n")
    else:
        for review in reviews:
            print_review(review)
    return EXIT_OK


def _evaluation_json(position: Position, evaluation: Evaluation) -> dict[str, Any]:
    return {
        "value": evaluation.value,
        "exact": evaluation.exact,
        "best": [notation(position, m) for m in evaluation.best],
        "pv": line_notation(position, evaluation.pv),
    }


def review_json(review: GameReview) -> dict[str, Any]:
    positions = positions_of(review.game)
    plies = []
    for index, ply in enumerate(review.plies):
        position = positions[index]
        plies.append(
            {
                "ply": ply.step.ply + 1,
                "move": notation(position, ply.step.move),
                "side": SIDE_NAMES[ply.step.side],
                "value_before": ply.before.value,
                "value_after": ply.after.value,
                "exact": ply.exact,
                "best": [notation(position, m) for m in ply.before.best],
                "pv": line_notation(position, ply.before.pv),
            }
        )
    return {
        "index": review.game.record.index,
        "plies": plies,
        "final": _evaluation_json(review.final_position, review.final),
    }


def print_review(review: GameReview) -> None:
    game = review.game
    print(
        f"Game {game.record.index}: {game_title(game)}  "
        f"(values: final margin, Dark minus Light; ~ marks an estimate, dN its depth)"
    )
    positions = positions_of(game)
    for index, ply in enumerate(review.plies):
        position = positions[index]
        step = ply.step
        number = f"{step.number}{'...' if step.second else '.'}"
        move = notation(position, step.move)
        played_best = step.move in ply.before.best
        best = ", ".join(notation(position, m) for m in ply.before.best[:4])
        more = f" +{len(ply.before.best) - 4}" if len(ply.before.best) > 4 else ""
        verdict = "best" if played_best else f"best {best}{more}"
        print(
            f"  {number:>5} {move:<18} {value_text(ply.before):>11} -> "
            f"{value_text(ply.after):<11} {verdict}"
        )
        if not played_best:
            print(f"        line: {' '.join(line_notation(position, ply.before.pv))}")
    final = review.final
    if final.pv:
        print(
            f"  final position: {value_text(final)}, best "
            f"{', '.join(notation(review.final_position, m) for m in final.best)}; line: "
            f"{' '.join(line_notation(review.final_position, final.pv))}"
        )
    else:
        print(f"  final position: game over, {value_text(final)}")
