"""Round trips through the apps' move lists, on games played by the naive reference rules.

Each game is played by `reference_rules.RefGame` (not our engine) and written
here, by a writer of this test's own, as each app's page shows it: the Flask
app numbers its entries and never lists a pass, the Django app lists passes;
both show the newest entry first with the scores and, once the game is over,
the result line. Importing must give back exactly the game played, with the
reference score. A list whose numbers (and players) a user deleted must give
back the same game or be refused: never another game.
"""

from __future__ import annotations

import random
import re

import pytest
from reference_rules import DARK, RefGame, RefMove, square_name

from maerstanas_print import parse, replay
from maerstanas_print.play.verify import ReplayedGame
from maerstanas_print.plugins.maerstanas.importer import LogError, record_from_log
from tests.applist_export import applist_text

STONES = {"place": "standard stone", "thunder": "thunder-stone", "woden": "Woden-stone"}
NOTATION = {"place": "", "thunder": "T ", "woden": "W "}


def played_game(seed: int) -> tuple[RefGame, list[tuple[int, RefMove]], bool]:
    """A random game, finished or stopped early, with who played each move."""
    rng = random.Random(seed)
    ref = RefGame(specials=seed % 5 != 0, scoring="simple" if seed % 4 == 0 else "default")
    stop = None if seed % 3 else rng.randrange(1, 40)
    played: list[tuple[int, RefMove]] = []
    rate = (0.0, 0.08, 0.3)[seed // 3 % 3]
    while (legal := ref.legal_moves()) and len(played) != stop:
        specials = [m for m in legal if m[0] in ("thunder", "woden")]
        others = [m for m in legal if m not in specials] or legal
        # Keeping the specials to the end makes forced passes likely.
        move = rng.choice(specials if specials and rng.random() < rate else others)
        played.append((ref.turn, move))
        ref.play(move)
    return ref, played, not legal


def page(
    ref: RefGame,
    played: list[tuple[int, RefMove]],
    over: bool,
    app: str,
    names: tuple[str, str] = ("ann", "bo"),
) -> str:
    entries = []
    for side, (kind, square) in played:
        player = 1 if side == DARK else 2
        if square is None:
            if app == "django":
                entries.append(f"Pass (Player {player})")
        else:
            entries.append(f"{square_name(square)} - {STONES[kind]} (Player {player})")
    listed = [f"{n}. {entry}" for n, entry in enumerate(entries, 1)][::-1]
    dark, light = ref.score()
    if app == "flask":
        head = [f"Player 1:\n\n{dark}", f"Player 2:\n\n{light}", "Suggestion", "Moves:"]
        head += ["GAME OVER"] * over
    else:
        winner = (
            "GAME OVER - Player 1 wins"
            if dark > light
            else "GAME OVER - Player 2 wins"
            if light > dark
            else "Tie"
        )
        head = [f"{names[0]} ({dark})", f"{names[1]} ({light})", *[winner] * over, "Played Moves:"]
    return "\n\n".join(head + listed) + "\n"


def expected_moves(played: list[tuple[int, RefMove]], app: str = "django") -> list[str]:
    """The game's moves in our notation, as the app's list can tell them."""
    out = [
        "Pass" if square is None else NOTATION[kind] + square_name(square)
        for _, (kind, square) in played
    ]
    if app == "flask" and out and out[-1] == "Pass":
        # The Flask app does not list a pass, so a list stopped right after
        # one cannot show it: the game it tells ends before it.
        out.pop()
    return out


def moves(game: ReplayedGame) -> list[str]:
    return [str(step.move) for step in game.main.steps]


SEEDS = range(36)


def cases() -> list[tuple[int, RefGame, list[tuple[int, RefMove]], bool]]:
    """The seeded games, and each game with a pass also cut right after its first pass."""
    out = []
    for seed in SEEDS:
        ref, played, over = played_game(seed)
        out.append((seed, ref, played, over))
        passes = [i for i, (_, (kind, _)) in enumerate(played) if kind == "pass"]
        if passes:
            cut = played[: passes[0] + 1]
            short = RefGame(specials=ref.specials, scoring=ref.scoring)
            for _, move in cut:
                short.play(move)
            out.append((seed, short, cut, False))
    return out


@pytest.mark.parametrize("app", ["flask", "django"])
def test_a_played_game_comes_back_from_each_apps_list(app: str) -> None:
    for seed, ref, played, over in cases():
        text = page(ref, played, over, app)
        imported = record_from_log(text, special_stones=ref.specials, scoring=ref.scoring)
        assert imported.diagnostics == [], (seed, text)
        game = imported.game
        assert moves(game) == expected_moves(played, app), seed
        # A pass leaves the board as it was: the score is the app's either way.
        assert game.finished == over and game.score == ref.score(), seed


@pytest.mark.parametrize("app", ["flask", "django"])
def test_a_list_without_numbers_is_the_game_or_refused(app: str) -> None:
    decided = refused = 0
    for seed, ref, played, over in cases():
        text = page(ref, played, over, app)
        for bare in (_strip(text, players=False), _strip(text, players=True)):
            try:
                imported = record_from_log(bare, special_stones=ref.specials, scoring=ref.scoring)
            except LogError as error:
                assert error.diagnostic.code == "M504", (seed, bare)
                refused += 1
                continue
            decided += 1
            assert imported.diagnostics == [], (seed, bare)
            assert moves(imported.game) == expected_moves(played, app), (seed, bare)
            assert imported.game.score == ref.score(), seed
    assert decided > refused > 0  # both outcomes really happen


def _strip(text: str, players: bool) -> str:
    text = re.sub(r"(?m)^\d+\. ", "", text)
    return re.sub(r" \(Player \d\)", "", text) if players else text


@pytest.mark.parametrize("app", ["flask", "django"])
def test_a_record_exported_as_each_apps_list_imports_as_the_same_game(app: str) -> None:
    for seed, ref, played, over in cases():
        tags = f'[SpecialStones "{"on" if ref.specials else "off"}"] [Scoring "{ref.scoring}"]'
        game = replay(parse(tags + " ".join(expected_moves(played)) + " *").games[0])
        assert isinstance(game, ReplayedGame)
        text = applist_text(game, app)  # type: ignore[arg-type]
        assert text == page(ref, played, over, app, ("player1", "player2")), seed
        back = record_from_log(text, special_stones=ref.specials, scoring=ref.scoring).game
        assert moves(back) == expected_moves(played, app), seed
        assert [s.removed for s in back.main.steps] == [s.removed for s in game.main.steps][
            : len(back.main.steps)
        ]


def test_a_game_without_special_stones_imported_with_them_gets_the_hint() -> None:
    finished = [(ref, played) for _, ref, played, over in cases() if over and not ref.specials]
    assert len(finished) >= 3
    for ref, played in finished:
        imported = record_from_log(page(ref, played, True, "flask"), scoring=ref.scoring)
        assert [d.code for d in imported.diagnostics] == ["M506"]
        assert imported.diagnostics[0].hint == (
            "the game ends here without special stones: import with --special-stones off"
        )
