"""Verified fix suggestions (issue 12): each slip made in the sample game on
purpose must be undone by the first fix, exactly as the sample was written; the
edits in Ruff's format must give that text; `check` shows one error per slip."""

from __future__ import annotations

import json
import random
import re

import pytest
from record_helpers import SAMPLE, sample_text

from maerstanas_print.cli import main
from maerstanas_print.notation.parser import RecordReader
from maerstanas_print.play import checking as checking_module
from maerstanas_print.play.repair import Repair, apply_edits, repair_game
from maerstanas_print.play.verify import replay, result_of
from tests.random_games import random_game, record_text
from tests.slips import SLIPS

TEXT = sample_text()

# (what the sample says, the slip, the first fix's message). The damaged texts
# were replayed by hand in `check`: each is invalid, and the first fix is the
# slip undone.
SLIPPED = [
    ("3. B6 A5", "3. B6 A6", "write A5 for A6"),  # 5 errors later, all from this slip
    ("8. F3 F1", "8. F3 F7", "write F1 for F7"),
    ("8. F3 F1", "8. F2 F1", "write F3 for F2"),
    ("T A6xA5/B6/A7", "T A6xA5/B5/A7", "write `xA5/B6/A7` for `xA5/B5/A7`"),
    ("T A6xA5/B6/A7", "T A6xA5/A7", "write `xA5/B6/A7` for `xA5/A7`"),
    (
        "Dark: 14, Light: 16",
        "Dark: 14, Light: 17",
        "write `Dark: 14, Light: 16` for `Dark: 14, Light: 17`",
    ),
    ("11. E3", "12. E3", "write `11.` for `12.`"),
    ("6. C4 C5", "6. C4 Pass C5", "delete `Pass`"),
    ("10. B2 C1", "10. B2 Pas C1", "delete `Pas`"),  # read as Pass, which is illegal here
    ("17. Pass", "17. Pas", "write `Pass` for `Pas`"),  # read as Pass: forced, the only slip
    ('[Result "Light"]', '[Result "Dark"]', 'write `[Result "Light"]`'),
]


def first_repair(text: str) -> tuple[Repair, RecordReader]:
    reader = RecordReader(text, "t.mrs")
    game = next(iter(reader))
    replayed = replay(game)
    assert not replayed.valid
    return repair_game(game, replayed, reader.source), reader


def apply_ruff_edits(text: str, fix: dict) -> str:
    """Apply edits given as 1-based rows and code-point columns (end exclusive),
    written apart from the code under test."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(place: dict) -> int:
        return starts[place["row"] - 1] + place["column"] - 1

    edits = sorted(fix["edits"], key=lambda e: offset(e["location"]), reverse=True)
    for edit in edits:
        begin, end = offset(edit["location"]), offset(edit["end_location"])
        text = text[:begin] + edit["content"] + text[end:]
    return text


@pytest.mark.parametrize(("right", "wrong", "message"), SLIPPED, ids=[case[1] for case in SLIPPED])
def test_the_first_fix_undoes_the_slip(right: str, wrong: str, message: str) -> None:
    damaged = TEXT.replace(right, wrong, 1)
    repair, _ = first_repair(damaged)
    assert repair.fixes, "no verified fix"
    assert repair.fixes[0].message == message
    assert apply_edits(damaged, repair.fixes[0].edits) == TEXT


def test_one_slip_is_one_error_and_its_consequences_are_notes(capsys, tmp_path) -> None:
    damaged = tmp_path / "d.mrs"
    damaged.write_text(TEXT.replace("3. B6 A5", "3. B6 A6"), encoding="utf-8")
    assert main(["check", str(damaged)]) == 1
    out = capsys.readouterr().out
    # Seven errors, all from one slip: the first stays an error, the rest are notes.
    assert out.count(": error M") == 1 and out.count(": note M") == 6
    assert f"{damaged}:19:8: error M202" in out
    assert (
        "  fix 1: write A5 for A6 at 15:25; the rest of the game then replays and the "
        "score line and the Result agree" in out
    )
    assert "(a consequence of the M202 at 19:8)" in out
    assert out.rstrip().endswith("1 game, 1 invalid (1 error, 6 consequences)")


def test_json_fixes_in_ruffs_edit_format_give_the_corrected_record(capsys, tmp_path) -> None:
    damaged_text = TEXT.replace("8. F3 F1", "8. F2 F1")
    damaged = tmp_path / "d.mrs"
    damaged.write_text(damaged_text, encoding="utf-8")
    assert main(["check", "--json", str(damaged)]) == 1
    report = json.loads(capsys.readouterr().out)
    diagnostics = report["files"][0]["games"][0]["diagnostics"]
    with_fixes = [d for d in diagnostics if "fixes" in d]
    assert len(with_fixes) == 1 and with_fixes[0]["severity"] == "error"
    assert {d["severity"] for d in diagnostics if "fixes" not in d} == {"note"}
    fix = with_fixes[0]["fixes"][0]
    assert fix == {
        "message": "write F3 for F2",
        "edits": [
            {
                "content": "F3",
                "location": {"row": 18, "column": 22},
                "end_location": {"row": 18, "column": 24},
            }
        ],
    }
    assert apply_ruff_edits(damaged_text, fix) == TEXT


def test_columns_count_code_points(capsys, tmp_path) -> None:
    # A non-ASCII comment before the slip on the same line: columns are code points.
    text = TEXT.replace("8. F3 F1", "{Mǽrstánas ✓} 8. F2 F1")
    damaged = tmp_path / "d.mrs"
    damaged.write_text(text, encoding="utf-8")
    main(["check", "--json", str(damaged)])
    report = json.loads(capsys.readouterr().out)
    fix = next(d for d in report["files"][0]["games"][0]["diagnostics"] if "fixes" in d)
    fixed = apply_ruff_edits(text, fix["fixes"][0])
    assert fixed == TEXT.replace("8. F3 F1", "{Mǽrstánas ✓} 8. F3 F1")


def test_fix_rewrites_the_file_and_says_what_changed(capsys, tmp_path) -> None:
    damaged = tmp_path / "d.mrs"
    damaged.write_text(TEXT.replace("T A6xA5/B6/A7", "T A6xA5/B5/A7"), encoding="utf-8")
    assert main(["check", "--fix", str(damaged)]) == 0
    out = capsys.readouterr().out
    assert f"{damaged}:26:7: fixed M302: write `xA5/B6/A7` for `xA5/B5/A7` at 26:11" in out
    assert f"{damaged}: 1 game, valid" in out
    assert damaged.read_text(encoding="utf-8") == TEXT
    assert [p.name for p in tmp_path.iterdir()] == ["d.mrs"]  # no temporary file left


def test_fix_leaves_a_game_with_several_fixes_alone(capsys, tmp_path) -> None:
    text = TEXT.replace("Dark: 14, Light: 16", "Dark: 14, Light: 17")
    damaged = tmp_path / "d.mrs"
    damaged.write_text(text, encoding="utf-8")
    repair, _ = first_repair(text)
    assert len(repair.fixes) > 1
    assert main(["check", "--fix", str(damaged)]) == 1
    assert "more than one verified fix left as written" in capsys.readouterr().out
    assert damaged.read_text(encoding="utf-8") == text


def test_diff_shows_the_fix_and_writes_nothing(capsys, tmp_path) -> None:
    text = TEXT.replace("11. E3", "12. E3")
    damaged = tmp_path / "d.mrs"
    damaged.write_text(text, encoding="utf-8")
    assert main(["check", "--diff", str(damaged)]) == 1
    out = capsys.readouterr().out
    assert f"--- {damaged}" in out and f"+++ {damaged}" in out
    assert (
        "\n-6. C4 C5 7. B4 D6 8. F3 F1 9. C3 E4 10. B2 C1 12. E3 C6 12. G7 A7\n"
        "+6. C4 C5 7. B4 D6 8. F3 F1 9. C3 E4 10. B2 C1 11. E3 C6 12. G7 A7\n" in out
    )
    assert damaged.read_text(encoding="utf-8") == text
    assert main(["check", "--diff", str(SAMPLE)]) == 0
    assert capsys.readouterr().out == ""


def test_fix_refuses_stdin_and_json(capsys) -> None:
    assert main(["check", "--fix", "-"]) == 3  # a FILE it cannot rewrite (docs/errors.md)
    assert "<stdin>: --fix rewrites record files only" in capsys.readouterr().err
    assert main(["check", "--diff", "--json", str(SAMPLE)]) == 2
    assert "--diff cannot go with --json" in capsys.readouterr().err


def test_a_valid_file_never_searches(monkeypatch, capsys) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("searched a valid game")

    monkeypatch.setattr(checking_module, "repair_game", refuse)
    assert main(["check", str(SAMPLE)]) == 0
    assert main(["check", "--json", str(SAMPLE)]) == 0


CYNGESHEALL = SAMPLE.with_name("cyngesheall-game.mrs").read_text(encoding="utf-8")
TAFL_SLIPPED = [
    ("3. F5-A5", "3. F5-A6", "write A5 for A6"),  # not on a line: M210 where it is
    ("3. F5-A5", "3. F4-A5", "write F5 for F4"),  # an empty origin, three later errors
    ("C5-F5xKF4", "C5-F5xKF3", "write `xKF4` for `xKF3`"),
    ("Cyngesheall.} 0-1", "Cyngesheall.} 1-0", "write `0-1` for `1-0`"),
    ('[Result "Light"]', '[Result "Dark"]', 'write `[Result "Light"]`'),
    ("6... C2-C4", "7... C2-C4", "write `6...` for `7...`"),
]


@pytest.mark.parametrize(
    ("right", "wrong", "message"), TAFL_SLIPPED, ids=[case[1] for case in TAFL_SLIPPED]
)
def test_the_first_fix_undoes_a_slip_in_a_movement_game(
    right: str, wrong: str, message: str
) -> None:
    damaged = CYNGESHEALL.replace(right, wrong, 1)
    assert damaged != CYNGESHEALL
    repair, _ = first_repair(damaged)
    assert repair.fixes and repair.fixes[0].message == message
    assert apply_edits(damaged, repair.fixes[0].edits) == CYNGESHEALL


def test_a_slip_in_the_1992_hnefatafl_on_its_19x19_board() -> None:
    from maerstanas_print.games import game_named
    from tests.random_games import random_tafl_game

    info = game_named("Hnefatafl1992")
    assert info is not None and info.board.size == 19
    original = random_tafl_game(random.Random(5), info, max_plies=30)
    # Move the first move's target one square along its line, off by one.
    first = re.search(r"1\. K?([A-S])(1[0-9]|[1-9])-([A-S])(1[0-9]|[1-9])", original)
    assert first is not None
    damaged = None
    for shift in (1, -1, 2, -2):
        if first.group(1) == first.group(3):  # along a column: change the row
            row = int(first.group(4)) + shift
            new = f"{first.group(3)}{row}"
        else:
            new = f"{chr(ord(first.group(3)) + shift)}{first.group(4)}"
        candidate = original[: first.start(3)] + new + original[first.end(4) :]
        if not replay(next(iter(RecordReader(candidate)))).valid:
            damaged = candidate
            break
    assert damaged is not None
    repair, _ = first_repair(damaged)
    assert original in [apply_edits(damaged, fix.edits) for fix in repair.fixes[:3]]


def corpus(per_kind: int) -> list[tuple[str, str, str]]:
    """(kind, original, damaged): random games, each with one slip that makes it invalid
    (a left-out Pass is mostly only a warning, so it adds few)."""
    from maerstanas_print.games.maerstanas.engine import Position

    rng = random.Random(7)
    originals = []
    while len(originals) < per_kind * 2:
        moves = random_game(rng, special_chance=0.15)
        if 30 <= len(moves) <= 45:
            position = Position.start()
            for move, _ in moves:
                position.push(move)
            originals.append(record_text(moves, tags={"Result": result_of(position.score())}))
    out = []
    for kind, slip in SLIPS.items():
        made = 0
        for original in originals:
            damaged = slip(original, rng)
            if (
                made < per_kind
                and damaged is not None
                and not replay(next(iter(RecordReader(damaged)))).valid
            ):
                out.append((kind, original, damaged))
                made += 1
    return out


def test_every_fix_on_a_corpus_gives_a_valid_record_and_most_give_the_original() -> None:
    found = first = 0
    cases = corpus(3)
    for _kind, original, damaged in cases:
        repair, _ = first_repair(damaged)
        for fix in repair.fixes:
            fixed = RecordReader(apply_edits(damaged, fix.edits))
            games = list(fixed)
            assert len(games) == 1 and replay(games[0]).valid, (damaged, fix)
        texts = [apply_edits(damaged, fix.edits) for fix in repair.fixes]
        found += original in texts[:3]
        first += texts[:1] == [original]
        if _kind == "removal list":
            assert texts[:1] == [original], (damaged, repair.fixes[:1])
        if _kind == "score line":  # the score line is evidence: moves that reach it compete
            assert original in texts[:3], (damaged, repair.fixes[:3])
    assert found >= 0.85 * len(cases) and first >= 0.7 * len(cases), (found, first)


def test_check_searches_only_the_first_invalid_games_of_a_file(
    monkeypatch, capsys, tmp_path
) -> None:
    monkeypatch.setattr(checking_module, "MAX_GAMES_SEARCHED", 1)
    two = tmp_path / "two.mrs"
    slipped = TEXT.replace("11. E3", "12. E3")
    two.write_text(slipped + "\n" + slipped, encoding="utf-8")
    assert main(["check", str(two)]) == 1
    out = capsys.readouterr().out
    assert out.count("  fix: ") == 1 and out.count(": error M301") == 2


def test_the_search_never_fails_on_mutated_records() -> None:
    """Random copier's slips (the fuzz suite's mutations) on random records, some
    with wraparound scoring, special stones off, no numbers or no score line:
    the search never raises, and every fix it keeps gives a valid record."""
    from fuzz_support import mutate, valid_record

    rng = random.Random(3)
    searched = 0
    for _ in range(36):
        text = valid_record(rng)
        tokens = text.split(" ")
        op = rng.choice(["delete", "duplicate", "swap", "insert", "replace_char", "cut_char"])
        damaged = " ".join(
            mutate(
                tokens,
                op,
                rng.randrange(1 << 16),
                rng.choice(["Pass", "E4", "T", "x", "4", "B", ","]),
            )
        )
        reader = RecordReader(damaged, "m.mrs")
        for game in reader:
            replayed = replay(game)
            if replayed.valid:
                continue
            searched += 1
            result = repair_game(game, replayed, reader.source)
            for fix in result.fixes:
                games = list(RecordReader(apply_edits(damaged, fix.edits)))
                assert any(replay(g).valid for g in games), (damaged, fix)
    assert searched >= 12


# --- issue 24: several slips, a skipped row, --fix only when sure ----------------


def test_two_slips_in_one_game_are_one_explanation_with_both_edits() -> None:
    damaged = TEXT.replace("3. B6 A5", "3. B6 A6").replace("T A6xA5/B6/A7", "T A6xA5/B5/A7")
    repair, _ = first_repair(damaged)
    assert apply_edits(damaged, repair.fixes[0].edits) == TEXT
    assert repair.fixes[0].slips == 2


def test_a_skipped_row_is_one_error_at_the_gap_without_a_star_hint(capsys, tmp_path) -> None:
    damaged = tmp_path / "d.mrs"
    damaged.write_text(TEXT.replace("8. F3 F1 ", ""), encoding="utf-8")
    assert main(["check", str(damaged)]) == 1
    out = capsys.readouterr().out
    assert out.count(": error M") == 1
    # Where `8.` belonged: the column of `9.` on line 18
    assert f"{damaged}:18:19: error M301: a row seems left out here" in out
    assert "row 8 is missing" in out and "the score line needs" in out
    assert "`*`" not in out


def test_the_score_line_is_evidence_so_fix_leaves_a_swap_alone(capsys, tmp_path) -> None:
    """Two moves swapped that still replay: only the score line disagrees. Rewriting
    the score line and swapping the moves back both fit: --fix changes nothing."""
    damaged_text = TEXT.replace("9. C3 E4", "9. E4 C3")
    assert not replay(next(iter(RecordReader(damaged_text)))).valid
    repair, _ = first_repair(damaged_text)
    texts = [apply_edits(damaged_text, fix.edits) for fix in repair.fixes]
    assert TEXT in texts[:3] and not repair.unique
    damaged = tmp_path / "d.mrs"
    damaged.write_text(damaged_text, encoding="utf-8")
    assert main(["check", "--fix", str(damaged)]) == 1
    assert damaged.read_text(encoding="utf-8") == damaged_text
    capsys.readouterr()
    chosen = texts.index(TEXT) + 1
    main(["check", "--fix", str(chosen), str(damaged)])
    assert damaged.read_text(encoding="utf-8") == TEXT


def test_notes_follow_the_error_they_depend_on(capsys, tmp_path) -> None:
    damaged = tmp_path / "d.mrs"
    damaged.write_text(TEXT.replace("3. B6 A5", "3. B6 A6"), encoding="utf-8")
    main(["check", str(damaged)])
    lines = [
        line
        for line in capsys.readouterr().out.splitlines()
        if ": error " in line or ": note " in line
    ]
    assert ": error M202" in lines[0] and any("note M305" in line for line in lines[1:])


def test_fix_never_writes_another_game_on_a_small_held_out_set() -> None:
    from tests.copier import copied_set

    for copy in copied_set(7, 6, 2):
        repair, _ = first_repair(copy.damaged)
        if repair.unique:
            fixed = apply_edits(copy.damaged, repair.fixes[0].edits)
            assert fixed.split() == copy.original.split(), copy.damaged
