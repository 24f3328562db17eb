"""Importing move lists copied from the author's apps (`import`).

The lists below are written by hand in the shapes the two apps' page templates
give a browser copy: the Flask app (`Player 1:` and its score on the next line,
the Suggestion button, `Moves:`, `GAME OVER`, numbered entries newest first, no
passes) and the Django app (`Game: NAME`, `alice (14)`, the result line,
`Played Moves:`, numbered entries newest first with passes). Both hold the
shipped sample game: 1. G4 D2 2. G2 D5 3. B6 A5 4. F5 A3 5. T G6 A1 6. C4 C5
7. B4 D6 8. F3 F1 9. C3 E4 10. B2 C1 11. E3 C6 12. G7 A7 13. E2 B7 14. E6 E7
15. F6 E1 16. W E1 W E3 17. Pass T A6xA5/B6/A7 18. A5 C7, Dark 14, Light 16.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from record_helpers import sample_text

from maerstanas_print import parse, replay
from maerstanas_print.cli import main
from maerstanas_print.games.maerstanas.engine import square_name
from maerstanas_print.play.verify import ReplayedGame
from maerstanas_print.plugins.maerstanas.importer import ImportedGame, LogError, record_from_log
from tests.applist_export import applist_text

FLASK = """\
Player 1:

14

Player 2:

16

Suggestion

Moves:

GAME OVER

35. C7 - standard stone (Player 2)

34. A5 - standard stone (Player 1)

33. A6 - thunder-stone (Player 2)

32. E3 - Woden-stone (Player 2)

31. E1 - Woden-stone (Player 1)

30. E1 - standard stone (Player 2)

29. F6 - standard stone (Player 1)

28. E7 - standard stone (Player 2)

27. E6 - standard stone (Player 1)

26. B7 - standard stone (Player 2)

25. E2 - standard stone (Player 1)

24. A7 - standard stone (Player 2)

23. G7 - standard stone (Player 1)

22. C6 - standard stone (Player 2)

21. E3 - standard stone (Player 1)

20. C1 - standard stone (Player 2)

19. B2 - standard stone (Player 1)

18. E4 - standard stone (Player 2)

17. C3 - standard stone (Player 1)

16. F1 - standard stone (Player 2)

15. F3 - standard stone (Player 1)

14. D6 - standard stone (Player 2)

13. B4 - standard stone (Player 1)

12. C5 - standard stone (Player 2)

11. C4 - standard stone (Player 1)

10. A1 - standard stone (Player 2)

9. G6 - thunder-stone (Player 1)

8. A3 - standard stone (Player 2)

7. F5 - standard stone (Player 1)

6. A5 - standard stone (Player 2)

5. B6 - standard stone (Player 1)

4. D5 - standard stone (Player 2)

3. G2 - standard stone (Player 1)

2. D2 - standard stone (Player 2)

1. G4 - standard stone (Player 1)
"""

DJANGO = """\
Game: maerstanas_print sample game
Random A (14)
Random B (16)
Special Stones -
Standard Scoring -
GAME OVER - Player 2 wins
Played Moves:
36. C7 - standard stone (Player 2)
35. A5 - standard stone (Player 1)
34. A6 - thunder-stone (Player 2)
33. Pass (Player 1)
32. E3 - Woden-stone (Player 2)
31. E1 - Woden-stone (Player 1)
30. E1 - standard stone (Player 2)
29. F6 - standard stone (Player 1)
28. E7 - standard stone (Player 2)
27. E6 - standard stone (Player 1)
26. B7 - standard stone (Player 2)
25. E2 - standard stone (Player 1)
24. A7 - standard stone (Player 2)
23. G7 - standard stone (Player 1)
22. C6 - standard stone (Player 2)
21. E3 - standard stone (Player 1)
20. C1 - standard stone (Player 2)
19. B2 - standard stone (Player 1)
18. E4 - standard stone (Player 2)
17. C3 - standard stone (Player 1)
16. F1 - standard stone (Player 2)
15. F3 - standard stone (Player 1)
14. D6 - standard stone (Player 2)
13. B4 - standard stone (Player 1)
12. C5 - standard stone (Player 2)
11. C4 - standard stone (Player 1)
10. A1 - standard stone (Player 2)
9. G6 - thunder-stone (Player 1)
8. A3 - standard stone (Player 2)
7. F5 - standard stone (Player 1)
6. A5 - standard stone (Player 2)
5. B6 - standard stone (Player 1)
4. D5 - standard stone (Player 2)
3. G2 - standard stone (Player 1)
2. D2 - standard stone (Player 2)
1. G4 - standard stone (Player 1)
Archive
"""

SAMPLE_MOVES = [
    "G4",
    "D2",
    "G2",
    "D5",
    "B6",
    "A5",
    "F5",
    "A3",
    "T G6",
    "A1",
    "C4",
    "C5",
    "B4",
    "D6",
    "F3",
    "F1",
    "C3",
    "E4",
    "B2",
    "C1",
    "E3",
    "C6",
    "G7",
    "A7",
    "E2",
    "B7",
    "E6",
    "E7",
    "F6",
    "E1",
    "W E1",
    "W E3",
    "Pass",
    "T A6",
    "A5",
    "C7",
]


def moves(game: ReplayedGame) -> list[str]:
    return [str(step.move) for step in game.main.steps]


def is_sample(imported: ImportedGame) -> None:
    assert imported.diagnostics == []
    game = imported.game
    assert moves(game) == SAMPLE_MOVES and len(SAMPLE_MOVES) == 36
    assert game.valid and game.finished and game.score == (14, 16)
    assert [square_name(s) for s in game.main.steps[33].removed] == ["A5", "B6", "A7"]


ENTRY = re.compile(r"(\d+\. )?([A-G][1-7] - |Pass \()")


def entry_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if ENTRY.match(line)]


def oldest_first(text: str) -> str:
    """The same page with its entries in playing order (as a user might sort them)."""
    lines = text.splitlines()
    slots = [i for i, line in enumerate(lines) if ENTRY.match(line)]
    for slot, line in zip(slots, [lines[i] for i in slots][::-1], strict=True):
        lines[slot] = line
    return "\n".join(lines) + "\n"


SHAPES = {
    "as copied": lambda t: t,
    "CRLF": lambda t: t.replace("\n", "\r\n"),
    "byte-order mark": lambda t: "\ufeff" + t,
    "no blank lines": lambda t: re.sub(r"\n+", "\n", t),
    "blank lines": lambda t: t.replace("\n", "\n\n"),
    "indented, tabs and no-break spaces": lambda t: re.sub(r"(?m)^(\d+\.) ", "\t  \\1\u00a0", t),
    "entries only": lambda t: "\n".join(entry_lines(t)) + "\n",
    "oldest first": oldest_first,
    "score on the label's line": lambda t: re.sub(r"(Player \d:)\n\n(\d+)", r"\1 \2", t),
    "Suggestion pressed": lambda t: t.replace("Suggestion\n", "Suggestion\n\nGame is over\n"),
}


@pytest.mark.parametrize("app", ["flask", "django"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_shape_of_copy_imports_as_the_apps_game(app: str, shape: str) -> None:
    text = SHAPES[shape](FLASK if app == "flask" else DJANGO)
    imported = record_from_log(text)
    is_sample(imported)
    assert imported.order == ("oldest first" if shape == "oldest first" else "newest first")
    assert imported.notes == []


def test_what_the_suggestion_button_shows_mid_game_is_skipped() -> None:
    head = "Player 1:\n\n1\n\nPlayer 2:\n\n0\n\nSuggestion\n\n{}\n\nMoves:\n\n"
    entry = "1. G4 - standard stone (Player 1)\n"
    for shown in (
        "standard stone at G3",
        "thunder-stone at B2",
        "Woden-stone at G4",
        "Pass",
        "Not sure",
    ):
        assert moves(record_from_log(head.format(shown) + entry).game) == ["G4"]
    # Only right under the button: elsewhere it is no part of a list.
    assert refused("standard stone at G3\n" + entry)[:2] == ("M501", 1)


def test_a_copy_that_missed_the_newest_entries_says_the_game_is_not_over() -> None:
    cut = "\n".join(entry_lines(DJANGO)[4:]) + "\n"  # entries 32 to 1
    imported = record_from_log(cut)
    assert imported.diagnostics == [] and moves(imported.game) == SAMPLE_MOVES[:32]
    assert imported.notes == [
        "the game is not over after these 32 moves (passes included): "
        "if the app's list goes on, copy all of it"
    ]
    # With the page's GAME OVER line or scores the cut is an error.
    assert [d.code for d in record_from_log("GAME OVER\n" + cut).diagnostics] == ["M506"]


def test_the_django_header_fills_event_and_players() -> None:
    record = record_from_log(DJANGO).game.record
    assert (record.tag("Event"), record.tag("Dark"), record.tag("Light")) == (
        "maerstanas_print sample game",
        "Random A",
        "Random B",
    )
    record = record_from_log(DJANGO, tags={"Dark": "Ann", "Event": "Club night"}).game.record
    assert (record.tag("Event"), record.tag("Dark"), record.tag("Light")) == (
        "Club night",
        "Ann",
        "Random B",
    )
    assert record_from_log(FLASK).game.record.tag("Dark") is None


def test_the_exporter_writes_what_the_hand_written_copies_show() -> None:
    game = replay(parse(sample_text()).games[0])
    assert isinstance(game, ReplayedGame)

    def folded(text: str) -> list[str]:
        chrome = ("Special Stones -", "Standard Scoring -", "Archive")
        return [line for line in text.splitlines() if line and line not in chrome]

    assert folded(applist_text(game, "flask")) == folded(FLASK)
    assert folded(applist_text(game, "django")) == folded(DJANGO)


# -- lists without numbers ----------------------------------------------------


def unnumbered(text: str) -> str:
    return re.sub(r"(?m)^\d+\. ", "", text)


@pytest.mark.parametrize("app", ["flask", "django"])
def test_an_unnumbered_copy_is_read_in_the_only_order_that_replays(app: str) -> None:
    text = unnumbered(FLASK if app == "flask" else DJANGO)
    for listed, order in ((text, "newest first"), (oldest_first(text), "oldest first")):
        imported = record_from_log(listed)
        is_sample(imported)
        assert imported.order == order
        assert imported.notes == [
            f"the list has no move numbers: read {order}, the only order "
            "that replays within the rules and agrees with the score and "
            "result shown"
        ]


# Without special stones the final position does not depend on the order, and
# with an odd number of entries the players alternate both ways: the game that
# starts G2 E2 and the one that starts G3 C7 are both legal.
REVERSIBLE = """\
G3 - standard stone (Player 1)
C7 - standard stone (Player 2)
E4 - standard stone (Player 1)
A7 - standard stone (Player 2)
B5 - standard stone (Player 1)
E2 - standard stone (Player 2)
G2 - standard stone (Player 1)
"""


def refused(text: str, **options: object) -> tuple[str, int, int, str]:
    with pytest.raises(LogError) as caught:
        record_from_log(text, **options)  # type: ignore[arg-type]
    error = caught.value
    line, column = error.source.locate(error.diagnostic.start)
    return error.diagnostic.code, line, column, error.diagnostic.message


def test_a_reversible_unnumbered_list_is_refused_not_guessed() -> None:
    for text in (REVERSIBLE, "Moves:\n" + REVERSIBLE, oldest_first(REVERSIBLE)):
        code, _, _, message = refused(text, special_stones=False)
        assert code == "M504"
        assert "both orders" in message and "copy the list again with its numbers" in message
    # The numbered copy says which game it is.
    numbered = "".join(f"{7 - i}. {line}\n" for i, line in enumerate(REVERSIBLE.splitlines()))
    game = record_from_log(numbered, special_stones=False).game
    assert moves(game) == ["G2", "E2", "B5", "A7", "E4", "C7", "G3"]


def test_with_an_even_number_of_entries_the_players_decide() -> None:
    text = "".join(line + "\n" for line in REVERSIBLE.splitlines()[:6])
    imported = record_from_log(text, special_stones=False)
    assert imported.order == "oldest first"  # newest first would start with Player 2
    assert moves(imported.game) == ["G3", "C7", "E4", "A7", "B5", "E2"]


# E5 lies below E4, so the thunder-stone removes E4 when it comes last and
# nothing when it comes first: Dark scores 0 one way and 1 (E4-E5) the other.
# Without players or numbers both orders are legal; only the score tells.
THUNDER = "E4 - standard stone\nD4 - standard stone\nE5 - thunder-stone\n"


def test_the_score_shown_decides_an_order_the_moves_cannot() -> None:
    assert refused(THUNDER)[0] == "M504"
    oldest = record_from_log("Player 1:\n0\nPlayer 2:\n0\n" + THUNDER)
    assert (moves(oldest.game), oldest.game.score) == (["E4", "D4", "T E5"], (0, 0))
    newest = record_from_log("Player 1: 1\nPlayer 2: 0\n" + THUNDER)
    assert (moves(newest.game), newest.game.score) == (["T E5", "D4", "E4"], (1, 0))
    code, line, _, message = refused("Player 1: 5\nPlayer 2: 0\n" + THUNDER)
    assert (code, line) == ("M504", 3)
    assert "neither order" in message and "M505" in message


# -- numbers, players, scores and results that do not fit ---------------------


def diagnostics(imported: ImportedGame) -> list[tuple[str, int, int]]:
    return [(d.code, *imported.source.locate(d.start)) for d in imported.diagnostics]


def test_broken_numbers_are_refused_at_their_line() -> None:
    lines = DJANGO.splitlines()
    gap = "\n".join(line for line in lines if not line.startswith("30. "))
    assert refused(gap)[:3] == ("M503", 14, 1)
    assert "entry 29. follows 31., where 30. belongs" in refused(gap)[3]
    cut = "\n".join(line for line in lines if not line.startswith(("1. ", "2. ")))
    code, line, _, message = refused(cut)
    assert (code, line) == ("M503", 41)
    assert "ends at entry 3." in message
    mixed = DJANGO.replace("12. C5", "C5")
    assert refused(mixed)[:2] == ("M503", 32)
    twice = DJANGO.replace("12. C5", "13. C5")
    assert "the same number twice" in refused(twice)[3]


def test_a_wrong_player_gets_its_own_code_at_its_line() -> None:
    text = DJANGO.replace(
        "25. E2 - standard stone (Player 1)", "25. E2 - standard stone (Player 2)"
    )
    imported = record_from_log(text)
    assert diagnostics(imported) == [("M502", 19, 1)]
    assert imported.diagnostics[0].message == (
        "the list says Player 2 (Light) made this move, but it is Dark's turn (Player 1)"
    )


def test_the_apps_rule_slip_a_second_thunder_stone_is_refused_at_its_line() -> None:
    # The Django app keeps the thunder-stone selected after it is played and
    # accepts a second one; the rules allow one per player.
    text = (
        "Played Moves:\n5. B6 - thunder-stone (Player 1)\n4. E5 - standard stone (Player 2)\n"
        "3. C3 - standard stone (Player 1)\n2. B2 - standard stone (Player 2)\n"
        "1. D4 - thunder-stone (Player 1)\n"
    )
    imported = record_from_log(text)
    assert diagnostics(imported) == [("M204", 2, 1)]
    # Nor does it check that the game is over before it places the stone selected.
    late = DJANGO.replace("Played Moves:\n", "Played Moves:\n37. B1 - thunder-stone (Player 1)\n")
    assert ("M207", 8, 1) in diagnostics(record_from_log(late))


def test_scores_that_do_not_fit_are_reported_with_the_scoring_hint() -> None:
    wrong = FLASK.replace("\n14\n", "\n15\n")
    imported = record_from_log(wrong)
    assert diagnostics(imported) == [("M505", 1, 1)]
    assert imported.diagnostics[0].message == (
        "the app shows Player 1 15, Player 2 16, but the listed moves score Dark 14, Light 16"
    )
    assert imported.diagnostics[0].hint is None
    # Simple scoring counts only friendly pairs. The sample's final position
    # (X Dark, O Light, W/T Dark's Woden/thunder, w/t Light's), counted by hand:
    #      A B C D E F G
    #   1  O . O . W O .     Dark:  E1-E2, C3-C4, B4-C4, F5-F6, E6-F6, F6-G6,
    #   2  . X . O X . X            G6-G7: 7
    #   3  O . X . w X .     Light: E3-E4, C5-D5, C5-C6, D5-D6, C6-D6, C6-C7,
    #   4  . X X . O . X            B7-C7: 7
    #   5  X . O O . X .
    #   6  t . O O X X T
    #   7  . O O . O . X
    shown = FLASK.replace("\n14\n", "\n7\n").replace("\n16\n", "\n7\n")
    imported = record_from_log(shown)
    assert [d.code for d in imported.diagnostics] == ["M505"]
    assert imported.diagnostics[0].hint == (
        "the app's scores are those of simple scoring: import with --scoring simple"
    )
    imported = record_from_log(shown, scoring="simple")
    assert imported.diagnostics == [] and imported.game.score == (7, 7)


def test_result_lines_that_do_not_fit_are_reported() -> None:
    imported = record_from_log(DJANGO.replace("Player 2 wins", "Player 1 wins"))
    assert diagnostics(imported) == [("M506", 6, 1)]
    assert imported.diagnostics[0].message == (
        "the list says Player 1 wins, but the listed moves end Dark 14, Light 16"
    )
    short = (
        "Moves:\nGAME OVER\n2. D2 - standard stone (Player 2)\n1. G4 - standard stone (Player 1)\n"
    )
    imported = record_from_log(short)
    assert diagnostics(imported) == [("M506", 2, 1)]
    assert "not over" in imported.diagnostics[0].message
    assert "standard placements remain" in (imported.diagnostics[0].hint or "")
    assert (
        record_from_log(DJANGO.replace("GAME OVER - Player 2 wins", "Tie")).diagnostics[0].code
        == "M506"
    )


# -- lines that are no part of a list -----------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        (
            "1. E4 - standard stone\n  2. E5 - fancy stone\n",
            2,
            3,
            "cannot read `2. E5 - fancy stone`",
        ),
        (
            "Moves:\n1. E4 - standard stone (Player 1)\n"
            "Moves:\n1. C3 - standard stone (Player 1)\n",
            3,
            1,
            "a second move list",
        ),
        (
            "2. D4 - standard stone (Player 2)\nArchive\n1. E4 - standard stone (Player 1)\n",
            3,
            1,
            "after the end of the list",
        ),
        ("GAME OVER\nTie\n", 2, 1, "a second end-of-game line"),
        ("Player 1:\nMoves:\n", 1, 1, "`Player 1:` with no score after it"),
        ("Moves:\nGAME OVER\n", 1, 1, "no move entries found"),
        ("x" * 250_000 + "\n", 1, 1, "a line of 250000 characters"),
        ("E4 - standard stone\n" * 600, 501, 1, "more than 500 entries"),
        ("\x1b]0;owned\x07 Mǽrstánas\n", 1, 1, "cannot read `\\x1b]0;owned\\x07 Mǽrstánas`"),
    ],
)
def test_unreadable_lines_are_refused_where_they_are(
    text: str, line: int, column: int, words: str
) -> None:
    code, at_line, at_column, message = refused(text)
    assert (code, at_line, at_column) == ("M501", line, column)
    assert words in message


def test_long_lines_cost_linear_time() -> None:
    """Every pattern of the reader, on 250 KB lines built to make a backtracking
    engine try every split: a quadratic or exponential pattern would not finish."""
    from maerstanas_print.plugins.maerstanas import applist

    patterns = [value for value in vars(applist).values() if isinstance(value, re.Pattern)]
    assert len(patterns) >= 6
    size = 250_000
    nasty = [
        "1" * size,
        " " * size,
        "1. " * (size // 3),
        "player 1 " * (size // 9),
        "(" * size,
        "a1 - " * (size // 5),
        "game over - " * (size // 12),
        "moves " * (size // 6),
        "9" * size + "x",
        "e4 - standard stone" + " " * size + "x",
        "e4 - standard stone (" + " " * size,
    ]
    for pattern in patterns:
        for text in nasty:
            assert pattern.fullmatch(text) is None
    # The whole reader on a list with such a line in the middle.
    text = "1. E4 - standard stone (Player 1)\n" + "(" * size + " (14)\n"
    assert refused(text)[0:2] == ("M501", 2)
    # Spaces are folded first: an entry padded with them still reads.
    text = "1. E4 - standard stone" + " \t" * size + "(Player 1)\n"
    assert moves(record_from_log(text).game) == ["E4"]


# -- the command --------------------------------------------------------------


def test_cli_writes_the_record_with_the_tags_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.txt"
    log.write_bytes(("\ufeff" + FLASK).replace("\n", "\r\n").encode("utf-8"))
    out = tmp_path / "game.mrs"
    assert (
        main(
            [
                "import",
                str(log),
                "-o",
                str(out),
                "--event",
                "Club night",
                "--dark",
                "Ann",
                "--light",
                "Bo",
                "--date",
                "2026-11-20",
                "--site",
                "Leeds",
            ]
        )
        == 0
    )
    record = out.read_text(encoding="utf-8")
    assert record.startswith(
        '[Event "Club night"]\n[Site "Leeds"]\n[Date "2026.11.20"]\n'
        '[Round "?"]\n[Dark "Ann"]\n[Light "Bo"]\n[Result "Light"]\n'
    )
    assert record.endswith("17. Pass T A6xA5/B6/A7 18. A5 C7\nDark: 14, Light: 16\n")
    assert main(["check", str(out)]) == 0
    assert capsys.readouterr().err == ""


def test_cli_reports_the_decided_order_and_refuses_without_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "list.txt"
    log.write_text(unnumbered(DJANGO), encoding="utf-8")
    assert main(["import", str(log)]) == 0
    captured = capsys.readouterr()
    assert captured.out.endswith("Dark: 14, Light: 16\n")
    assert captured.err == (
        f"{log}: note: the list has no move numbers: read newest first, the "
        "only order that replays within the rules and agrees with the score "
        "and result shown\n"
    )
    out = tmp_path / "out.mrs"
    log.write_text(
        DJANGO.replace("25. E2 - standard stone (Player 1)", "25. E2 - standard stone (Player 2)"),
        encoding="utf-8",
    )
    assert main(["import", str(log), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{log}:19:1: error M502: the list says Player 2 (Light)")
    assert err.endswith(f"{log}: not imported: 1 error\n")
    assert not out.exists()
    log.write_text(REVERSIBLE, encoding="utf-8")
    assert main(["import", str(log), "-o", str(out), "--special-stones", "off"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{log}:1:1: error M504: the list has no move numbers, and both")
    assert not out.exists()


@pytest.mark.parametrize(
    "options",
    [
        ["--scoring", "fancy"],
        ["--date", "2026.13.40"],
        ["--date", "yesterday"],
        ["--dark", " "],
        ["--event", "two\nlines"],
    ],
)
def test_cli_usage_errors(
    tmp_path: Path, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.txt"
    log.write_text(FLASK, encoding="utf-8")
    assert main(["import", str(log), *options]) == 2
    assert capsys.readouterr().out == ""


def test_the_notation_docs_example_imports_as_shown() -> None:
    from record_helpers import ROOT

    doc = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = doc.split("## Importing the author's apps' move lists")[1].split("\n## ")[0]
    (listed,) = re.findall(r"```applist\n(.*?)```", section, re.S)
    (record,) = re.findall(r"```mrs\n(.*?)```", section, re.S)
    imported = record_from_log(listed, tags={"Dark": "Ann", "Light": "Bo", "Date": "2026.11.20"})
    from maerstanas_print.notation.export import export_game

    assert export_game(imported.game) == record
    assert "--dark Ann --light Bo --date\n2026-11-20" in section


def test_the_shipped_django_copy_is_the_sample_game_and_the_readme_command_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from record_helpers import ROOT, SAMPLE

    shipped = SAMPLE.with_name("sample-game-django.txt")
    text = shipped.read_text(encoding="utf-8")
    assert re.sub(r"\n+", "\n", text) == DJANGO  # a browser copy of the hand-written page
    command = (
        "maerstanas-print import maerstanas_print/samples/sample-game-django.txt --date 2026-11-21"
    )
    assert command in (ROOT / "README.md").read_text(encoding="utf-8")
    out = tmp_path / "sample.mrs"
    args = command.split()[1:]
    args[1] = str(ROOT / args[1])
    assert main([*args, "-o", str(out)]) == 0
    game = replay(parse(out.read_text(encoding="utf-8")).games[0])
    sample = replay(parse(sample_text()).games[0])
    assert isinstance(game, ReplayedGame) and isinstance(sample, ReplayedGame)
    assert game.valid and moves(game) == moves(sample) and game.score == sample.score
    assert game.record.tag("Date") == sample.record.tag("Date") == "2026.11.21"


def test_a_list_that_reads_the_same_both_ways_is_that_game() -> None:
    # Light's thunder-stone on E5 removes Dark's E4, and Dark plays E4 again.
    text = "E4 - standard stone\nE5 - thunder-stone\nE4 - standard stone\n"
    imported = record_from_log(text)
    assert moves(imported.game) == ["E4", "T E5", "E4"] and imported.diagnostics == []
    assert imported.notes == [
        "the list has no move numbers, but it reads as the same game both ways",
        "the game is not over after these 3 moves (passes included): if the app's list goes "
        "on, copy all of it",
    ]
    # Only a score shown: the note names only it.
    imported = record_from_log("Player 1: 0\nPlayer 2: 0\n" + THUNDER)
    assert imported.notes[0].endswith(
        "the only order that replays within the rules and agrees with the score shown"
    )
