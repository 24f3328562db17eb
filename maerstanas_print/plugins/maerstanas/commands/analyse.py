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
from maerstanas_print.games.maerstanas.analysis.budget import RunBudget
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
from maerstanas_print.io.numbers import decimal_number, whole_number
from maerstanas_print.io.outputs import refuse_report_over_inputs
from maerstanas_print.play.loading import load_verified

if TYPE_CHECKING:
    from maerstanas_print.games.maerstanas.analysis.review import GameReview
    from maerstanas_print.games.maerstanas.analysis.search import Evaluation
    from maerstanas_print.games.maerstanas.engine import Position
    from maerstanas_print.notation.record import GameRecord
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
    add_budget_option(parser)


MAX_DEPTH = 30
MAX_SECONDS = 3600  # one timed search
DEFAULT_BUDGET = 120  # the whole run: 125 plies at the default --time take about 65 s
MAX_BUDGET = 86_400


def add_budget_option(parser: argparse.ArgumentParser) -> None:
    """--budget, the whole run's time: analyse, annotate and puzzles."""
    parser.add_argument(
        "--budget",
        metavar="SECONDS",
        default=str(DEFAULT_BUDGET),
        help="time for the whole run, every game and position together; the "
        "positions it leaves are marked as not analysed (default: "
        f"{DEFAULT_BUDGET:g}, at most {MAX_BUDGET:,})",
    )


class EngineSettings(NamedTuple):
    seconds: float
    exact_from: int
    core: str
    depth: int | None  # plies, instead of seconds
    budget: float  # seconds for the whole run


def seconds_option(value: str, option: str, most: int, what: str) -> float:
    """A number of seconds above 0 and at most `most`, or a usage error that names both."""
    read = decimal_number(value)
    seconds = -1.0 if read is None else read
    if not 0 < seconds <= most:
        raise CommandError(
            f"{option} must be a number of seconds above 0 and at most {most:,} "
            f"({what}), not {value!r}",
            EXIT_USAGE,
        )
    return seconds


def run_budget(args: argparse.Namespace, core: str) -> RunBudget:
    """The run's budget from --budget (checked)."""
    seconds = seconds_option(args.budget, "--budget", MAX_BUDGET, "the whole run")
    if core == "auto":
        core = "numba" if numba_available() else "python"
    return RunBudget(seconds, core)


def say_unanalysed(
    budget: RunBudget, what: str = "not analysed", why: str = "the --budget of {} s ran out"
) -> None:
    """One line on standard error when the budget left work undone."""
    if budget.unanalysed:
        count = budget.unanalysed
        print(
            f"maerstanas-print: {count} position{'s' * (count != 1)} {what}: "
            + why.format(f"{budget.seconds:g}"),
            file=sys.stderr,
        )


def engine_settings(args: argparse.Namespace) -> EngineSettings:
    """The shared options, checked (a usage error for a bad one)."""

    seconds = seconds_option(args.time, "--time", MAX_SECONDS, "each search")
    budget = seconds_option(args.budget, "--budget", MAX_BUDGET, "the whole run")
    read = whole_number(args.exact_from, "--exact-from")
    exact_from = -1 if read is None else read
    if exact_from < 0:
        raise CommandError(
            f"--exact-from must be a whole number of plies (0 or more), not {args.exact_from!r}",
            EXIT_USAGE,
        )
    depth = None
    if args.depth is not None:
        read = whole_number(args.depth, "--depth")
        depth = -1 if read is None else read
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
    return EngineSettings(seconds, exact_from, args.core, depth, budget)


def load_maerstanas(path: str) -> list[ReplayedGame]:
    """The verified games of `path`; games of another game are refused (exit 1)."""

    def screen(record: GameRecord) -> None:
        """Refused as it is read, before its replay (a long movement game costs more)."""
        game = record.definition
        if not isinstance(game, MaerstanasGame):
            name = record.source.name if record.source is not None else path
            title = getattr(game, "title", "another game")
            raise CommandError(
                f"{name}: game {record.index} is {title}; the engine analyses Mǽrstánas only",
                EXIT_INVALID,
            )

    return load_verified(path, screen=screen)[1]


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
    """Every game reviewed within one budget for the whole run; a line on standard
    error says how many positions it left unanalysed."""
    settings = engine_settings(args)
    budget = run_budget(args, settings.core)
    reviews = [
        review_game(
            game,
            seconds=settings.seconds,
            exact_from=settings.exact_from,
            core=settings.core,
            depth=settings.depth,
            progress=Progress(f"game {game.record.index}"),
            budget=budget,
        )
        for game in games
    ]
    say_unanalysed(budget)
    return reviews


def run(args: argparse.Namespace) -> int:
    engine_settings(args)  # a usage error before any reading
    refuse_report_over_inputs([args.file])
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
        "value": evaluation.value if evaluation.analysed else None,
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
                "value_before": ply.before.value if ply.before.analysed else None,
                "value_after": ply.after.value if ply.after.analysed else None,
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
        if not ply.before.analysed:
            verdict = "not analysed (--budget ran out)"
            played_best = True  # no line to show
        print(
            f"  {number:>5} {move:<18} {value_text(ply.before):>11} -> "
            f"{value_text(ply.after):<11} {verdict}"
        )
        if not played_best:
            print(f"        line: {' '.join(line_notation(position, ply.before.pv))}")
    final = review.final
    if not final.analysed:
        print("  final position: not analysed (--budget ran out)")
    elif final.pv:
        print(
            f"  final position: {value_text(final)}, best "
            f"{', '.join(notation(review.final_position, m) for m in final.best)}; line: "
            f"{' '.join(line_notation(review.final_position, final.pv))}"
        )
    else:
        print(f"  final position: game over, {value_text(final)}")
