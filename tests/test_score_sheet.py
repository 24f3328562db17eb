"""Score sheets of every game: whole, deterministic, self-contained, readable by
poppler, from the command line; then each kind's own checks. Mǽrstánas's sheet:
notation-order layout, structure, fonts, looks. The movement games' sheet:
fields wide enough for the longest move and capture list, worked examples that
replay, the result and ending, `--from`."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.draw.shapes import Group, Line, Rect, Shape
from maerstanas_print.games import all_games, game_named
from maerstanas_print.games.tafl.score_notation import (
    examples,
    longest_capture,
    longest_move,
)
from maerstanas_print.notation.parser import parse_game
from maerstanas_print.plugins.maerstanas.score_sheet import ROW_H, ScoreSheetOptions, score_sheet
from maerstanas_print.plugins.tafl.score_sheet import (
    CHAR_MM,
    MARGIN,
    TaflScoreSheetOptions,
    layout,
    split_move,
)
from maerstanas_print.plugins.tafl.score_sheet import score_sheet as tafl_score_sheet
from maerstanas_print.sheets.capabilities import SHEETS
from maerstanas_print.sheets.common import PAPERS, WRITING_LINE
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from tests.golden_images import assert_looks_approved
from tests.pdf_tools import all_text, rasterise, text_runs
from tests.sheet_checks import (
    assert_fonts_embedded,
    assert_no_missing_glyphs,
    assert_page_size,
    assert_poppler_reads,
)

# --- every game ------------------------------------------------------------------------

CSS_PAGE = {"a4": "A4", "letter": "letter"}  # the paper as CSS's @page names it


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_every_games_score_sheet_is_whole_deterministic_and_self_contained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slug: str, paper: str
) -> None:
    made = {}
    for name in ("one.pdf", "two.pdf", "one.html", "two.html"):
        args = ["--format", "html"] if name.endswith(".html") else []
        assert (
            main(
                ["scoresheet", "--game", slug, "--paper", paper, *args, "-o", str(tmp_path / name)]
            )
            == 0
        )
        made[name] = (tmp_path / name).read_bytes()
    capsys.readouterr()
    assert made["one.pdf"] == made["two.pdf"] and made["one.html"] == made["two.html"]
    pdf = made["one.pdf"]
    assert_page_size(pdf, paper)
    assert_fonts_embedded(pdf)
    assert_poppler_reads(tmp_path, pdf)
    assert "\x00" not in all_text(pdf)
    html = made["one.html"].decode("utf-8")
    assert f"@page {{ size: {CSS_PAGE[paper]} portrait; margin: 0; }}" in html
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))


# --- Mǽrstánas ----------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["a4", "letter"])
def paper(request) -> str:
    return request.param


@pytest.fixture(scope="module")
def pdf(paper: str) -> bytes:
    return sheet_pdf(score_sheet(ScoreSheetOptions(game_named("maerstanas"), paper=paper)))


def test_structure(pdf: bytes, paper: str) -> None:
    assert_page_size(pdf, paper)
    assert_fonts_embedded(pdf)
    assert_no_missing_glyphs(score_sheet(ScoreSheetOptions(game_named("maerstanas"), paper=paper)))
    text = all_text(pdf)
    assert "\x00" not in text and "Mǽrstánas" in text and "CC BY-SA 4.0" in text


ROWS = {"a4": 34, "letter": 31}  # as many 7 mm rows as the page holds


def test_one_record_per_page_with_every_field(pdf: bytes, paper: str) -> None:
    runs = Counter(r.text for r in text_runs(pdf))
    assert runs["Mǽrstánas"] == 1 and runs["cut here"] == 0
    for field in (
        "Event",
        "Site",
        "Date",
        "Round",
        "Dark",
        "Light",
        "Special stones",
        "Scoring",
        "default",
        "simple",
        "wraparound",
        "on",
        "off",
        "Dark:",
        "Light:",
        "T",
        "W",
        "Pass",
        "square",
        "Final position",
        # Reviewed: the sibling sheets had these and this one did not.
        "Result",
        "Dark won",
        "Light won",
        "tie",
        "* (unfinished)",
        "Sheet",
        "of",
    ):
        assert runs[field] >= 1, field
    for row in range(1, ROWS[paper] + 1):
        assert runs[f"{row}."] == 1
    assert runs[f"{ROWS[paper] + 1}."] == 0
    for label in "ABCDEFG1234567":
        assert runs[label] >= 2  # the final-position board, labelled on four sides


def test_every_games_score_sheet_has_the_same_heading() -> None:
    """Reviewed: the Mǽrstánas sheet's heading (a small title, "game record" beside it)
    differed from every other sheet's: the title at 26 pt, "Game record" at the right."""
    heads = set()
    for game in all_games():
        sheet = SHEETS.of(game).score_sheet
        assert sheet is not None
        from maerstanas_print.draw.shapes import Text, walk

        texts = [s for s in walk(sheet("a4", 1).pages[0].shapes) if isinstance(s, Text)]
        title = next(text for text in texts if text.text == game.title)
        subtitle = next(text for text in texts if text.text == "Game record")
        heads.add((title.size, title.x, title.y, subtitle.size, subtitle.y, subtitle.anchor))
    assert len(heads) == 1, heads


def test_two_thunder_lines_not_a_removal_slot_per_ply(pdf: bytes) -> None:
    """Each player has one thunder-stone a game: two lines of four squares, not 50
    (issue 11, item 13)."""
    runs = Counter(r.text for r in text_runs(pdf))
    assert runs["/"] == 2 * 3
    assert runs["Dark: T"] == 1 and runs["Light: T"] == 1


def test_rows_and_boxes_are_big_enough_to_write_in() -> None:
    """7 mm rows as on chess score sheets, tick boxes of 4.5 mm, heads in ink at 8 pt
    (the old sheet: 4.8 mm rows, 3.2 mm boxes, 5.8 pt grey heads)."""
    from maerstanas_print.draw.shapes import Rect, Text, walk

    sheet = score_sheet(ScoreSheetOptions(game_named("maerstanas")))
    shapes = list(walk(sheet.pages[0].shapes))
    squares = [s for s in shapes if isinstance(s, Rect) and abs(s.w - s.h) < 1e-6]
    assert squares and min(s.w for s in squares) >= 3.5  # the tag choices
    assert Counter(round(s.w, 2) for s in squares).most_common(1)[0][0] >= 4.5  # the plies
    heads = [s for s in shapes if isinstance(s, Text) and s.text in ("T", "W", "Pass", "No.")]
    assert heads and all(s.size >= 8 and s.fill == "#000000" for s in heads)
    numbers = sorted(s.y for s in shapes if isinstance(s, Text) and re.fullmatch(r"\d+\.", s.text))
    assert all(abs(b - a - ROW_H) < 1e-6 for a, b in zip(numbers, numbers[1:], strict=False))
    assert ROW_H >= 7.0


def test_rows_run_in_notation_order(pdf: bytes, paper: str) -> None:
    """Move numbers go down the page, Dark's columns left of Light's."""
    runs = text_runs(pdf)
    ys = [next(r.y for r in runs if r.text == f"{n}.") for n in range(1, ROWS[paper] + 1)]
    assert ys == sorted(ys, reverse=True)  # PDF y grows upwards
    dark = next(r for r in runs if r.text == "Dark" and r.y > ys[0])
    light = next(r for r in runs if r.text == "Light" and abs(r.y - dark.y) < 0.5)
    assert dark.x < light.x
    tags = [next(r.y for r in runs if r.text == t) for t in ("Event", "Site", "Date", "Dark")]
    assert tags == sorted(tags, reverse=True)


def test_deterministic() -> None:
    """Two builds give the same bytes (the time a build takes is in bench/bench_sheets.py)."""
    options = ScoreSheetOptions(game_named("maerstanas"))
    first = sheet_pdf(score_sheet(options))
    html = sheet_html(score_sheet(options))
    assert first == sheet_pdf(score_sheet(options))
    assert html == sheet_html(score_sheet(options))


def test_html_is_self_contained() -> None:
    html = sheet_html(score_sheet(ScoreSheetOptions(game_named("maerstanas"), paper="letter")))
    assert "@page { size: letter portrait; margin: 0; }" in html
    assert 'width="215.9mm" height="279.4mm"' in html
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert html.count("@font-face") == 3
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))


def test_poppler_opens_it(tmp_path, pdf: bytes) -> None:
    assert_poppler_reads(tmp_path, pdf)


@pytest.mark.golden
def test_looks_as_approved(pdf: bytes, paper: str) -> None:
    assert_looks_approved(rasterise(pdf, 50), f"scoresheet-{paper}", blur=0)


def test_cli(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["scoresheet", "--paper", "letter"]) == 0
    assert (tmp_path / "output" / "scoresheet-letter.pdf").read_bytes().startswith(b"%PDF")
    assert main(["scoresheet", "--format", "html", "-o", "s.html"]) == 0
    assert (tmp_path / "s.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    capsys.readouterr()
    assert main(["scoresheet", "--paper", "legal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--paper" in err


# --- the movement games --------------------------------------------------------------

SLUGS = ["cyngesheall", "hnefatafl1992"]
# The longest texts a reader can write by hand from the rules: on 19x19 a king's move
# between two-digit squares, and the king taken with two men, all on two-digit squares;
# on 7x7 the commander arriving diagonally takes four, the king and commander among them.
LONGEST = {
    "hnefatafl1992": ("KJ10-J12!", "xKJ10/I11/K11!"),
    "cyngesheall": ("KA5-A1!", "xKB3/CC4/D3/C2!"),
}
DOCS = Path(__file__).resolve().parents[1] / "docs" / "printables.md"


def _moves_groups(shapes: tuple[Shape, ...]) -> list[Group]:
    out = []
    for shape in shapes:
        if isinstance(shape, Group):
            if (shape.title or "").startswith("Moves "):
                out.append(shape)
            else:
                out += _moves_groups(shape.children)
    return out


def _fields(slug: str, paper: str = "a4") -> tuple[list[float], list[float]]:
    """The widths (mm) of every move box and every capture line on the sheet."""
    page = tafl_score_sheet(TaflScoreSheetOptions(game_named(slug), paper)).pages[0]
    boxes: list[float] = []
    lines: list[float] = []
    for group in _moves_groups(page.shapes):
        rules = [
            s
            for s in group.children
            if isinstance(s, Line) and s.y1 == s.y2 and s.stroke == WRITING_LINE
        ]
        full = max(s.x2 - s.x1 for s in rules)
        lines += [s.x2 - s.x1 for s in rules if s.x2 - s.x1 < full / 2]
        boxes += [s.w for s in group.children if isinstance(s, Rect)]
    return boxes, lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("slug", SLUGS)
def test_fields_hold_the_longest_move_and_capture_by_hand(slug: str, paper: str) -> None:
    move, capture = LONGEST[slug]
    game = game_named(slug)
    assert len(longest_move(game)) >= len(move)
    assert len(longest_capture(game)) >= len(capture)
    boxes, lines = _fields(slug, paper)
    assert boxes and len(boxes) == len(lines)
    assert min(boxes) >= len(move) * CHAR_MM, (min(boxes), move)
    assert min(lines) >= len(capture) * CHAR_MM, (min(lines), capture)


@pytest.mark.parametrize("slug", SLUGS)
def test_worked_examples_are_real_moves_of_the_game(slug: str) -> None:
    """Each example replays without a word from the checker in its position; the
    capture takes what it says, and the king's capture ends the game with `!`."""
    game = game_named(slug)
    cases = examples(game)
    assert len(cases) == 4  # a move, a lettered move, a capture, the king taken
    for case in cases:
        first = "Light" if case.first else "Dark"
        record = (
            f'[Game "{game.tag}"]\n[Setup "{case.setup}"]\n[FirstPlayer "{first}"]\n\n'
            f"{case.text} *\n"
        )
        replayed = game.replay(parse_game(record))
        assert replayed.diagnostics == [], (case, replayed.diagnostics)
        (step,) = replayed.main.steps
        assert bool(step.removed) == ("x" in case.text), case
    plain, lettered, capture, king = (case.text for case in cases)
    assert plain[0] not in "KC" and lettered[0] in "KC"
    assert re.search(r"x[A-Z]\d+(/[A-Z]\d+)+$", capture)  # two taken, `/` between
    assert re.search(r"xK[A-Z]\d+!$", king)  # the king keeps his letter, `!` comes last


@pytest.mark.parametrize("slug", SLUGS)
def test_sheet_shows_examples_result_ending_and_sheet_number(tmp_path, slug: str) -> None:
    out = tmp_path / "s.pdf"
    assert main(["scoresheet", "--game", slug, "-o", str(out)]) == 0
    text = " ".join(all_text(out.read_bytes()).split())
    for case in examples(game_named(slug)):  # as a row holds it: move, then what it took
        move, taken = split_move(case.text)
        assert f"{move} {taken}".strip() in text, case
    dark, light = ("Black", "White") if slug == "hnefatafl1992" else ("Dark", "Light")
    for field in (
        f"1-0 ({dark} won)",
        f"0-1 ({light} won)",
        "1/2-1/2",
        "* (unfinished)",
        "Ended by",
        "escape",
        "king captured",
        "no legal move",
        "repetition",
        "agreed",
        "Sheet",
        "of",
    ):
        assert field in text, field


def _numbers(pdf: bytes) -> list[int]:
    return [int(run.text[:-1]) for run in text_runs(pdf) if re.fullmatch(r"\d+\.", run.text)]


@pytest.mark.parametrize("slug", SLUGS)
def test_from_numbers_a_following_sheet(tmp_path, slug: str) -> None:
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    assert main(["scoresheet", "--game", slug, "-o", str(first)]) == 0
    numbers = _numbers(first.read_bytes())
    assert numbers == list(range(1, len(numbers) + 1))
    following = numbers[-1] + 1
    # The foot names the next sheet's first move (a page is no place for a command).
    assert f"moves start at {following}" in all_text(first.read_bytes())
    assert main(["scoresheet", "--game", slug, "--from", str(following), "-o", str(second)]) == 0
    more = _numbers(second.read_bytes())  # the slim head of a following sheet leaves more
    assert more == list(range(following, following + len(more))) and len(more) > len(numbers)


@pytest.mark.parametrize("value", ["0", "-3", "x", "1.5", "10000"])
def test_from_refuses_what_is_not_a_move_number(capsys, value: str) -> None:
    assert main(["scoresheet", "--game", "cyngesheall", f"--from={value}", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "--from" in err and "Traceback" not in err


def test_from_is_refused_for_a_sheet_that_holds_a_whole_game(capsys) -> None:
    assert main(["scoresheet", "--from", "5", "-o", "-"]) == 2
    err = capsys.readouterr().err
    assert "one sheet" in err and "Traceback" not in err


def test_docs_give_what_the_sheet_holds() -> None:
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    for paper, name in (("a4", "A4"), ("letter", "Letter")):
        counts = {len(_fields(slug, paper)[0]) // 2 for slug in SLUGS}
        assert len(counts) == 1, counts  # the same for every movement game
        assert f"{next(iter(counts))} moves on {name}" in text
        if paper == "a4":  # the example command numbers the second A4 sheet
            assert f"--game hnefatafl1992 --from {next(iter(counts)) + 1}`" in text
    assert "one on A4 and Letter" in text
    sheet = SHEETS.of(game_named("hnefatafl1992")).score_sheet("a4", 1)
    following = SHEETS.of(game_named("hnefatafl1992")).score_sheet("a4", sheet.next_move)
    assert f"room for more rows ({following.next_move - sheet.next_move} moves on A4)" in text
    for slug in SLUGS:
        for paper in ("a4", "letter"):
            assert layout(game_named(slug), PAPERS[paper].width - 2 * MARGIN, 99)[0] == 1
    big, small = game_named("hnefatafl1992"), game_named("cyngesheall")
    assert (
        f"{len(longest_move(big))} characters for a move and "
        f"{len(longest_capture(big))} for a capture list in the 1992 game"
    ) in text
    assert f"{len(longest_move(small))} and {len(longest_capture(small))} in Cyngesheall" in text
    for move, capture in LONGEST.values():
        assert f"`{move}`" in text and f"`{capture}`" in text
    assert f"`{examples(big)[-1].text}` on the 1992 sheet" in text
