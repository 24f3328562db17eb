"""Board sheets of every game: structure, true scale, fonts, text, looks and the
command line. Cyngesheall's board has its kings' home corners marked; the 1992
Hnefatafl's 19x19 board its throne and escape edge."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from maerstanas_print.cli import main
from maerstanas_print.draw.shapes import Group, walk
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS, all_games
from maerstanas_print.games import game_named as sheet_game
from maerstanas_print.geometry import FILES
from maerstanas_print.sheets.board_sheet import PER_PAGE_GRIDS, BoardSheetOptions, board_sheet
from maerstanas_print.sheets.common import SheetError
from maerstanas_print.sheets.render import sheet_html, sheet_pdf
from tests.golden_images import assert_looks_approved
from tests.pdf_tools import (
    all_text,
    rasterise,
    text_runs,
)
from tests.sheet_checks import (
    assert_fonts_embedded,
    assert_no_missing_glyphs,
    assert_page_size,
    assert_poppler_reads,
    has_50_mm_bar,
    measured_cells,
)


def build(**kw) -> bytes:
    return sheet_pdf(board_sheet(BoardSheetOptions(**{"game": MAERSTANAS, **kw})))


def board_pdf(game, **kw) -> bytes:
    return sheet_pdf(board_sheet(BoardSheetOptions(game=game, **kw)))


def board_labels(pdf: bytes, n: int) -> tuple[list[str], list[str], list[str], list[str]]:
    """(top, bottom, left, right) coordinate labels read back from the text layer."""
    runs = text_runs(pdf)
    letters = set(FILES[:n])
    numbers = {str(i) for i in range(1, n + 1)}
    a_rows = sorted({r.y for r in runs if r.text == "A"})
    top = [
        r.text
        for r in sorted((r for r in runs if r.y == a_rows[-1]), key=lambda r: r.x)
        if r.text in letters
    ]
    bottom = [
        r.text
        for r in sorted((r for r in runs if r.y == a_rows[0]), key=lambda r: r.x)
        if r.text in letters
    ]
    ones = sorted((r.x, r.y) for r in runs if r.text == "1")
    y_top, y_bottom = ones[0][1], min(r.y for r in runs if r.text == str(n))
    # the right-hand numbers are turned for the far player: their baselines sit higher
    side = [r for r in runs if r.text in numbers and y_bottom - 12 <= r.y <= y_top + 12]
    middle = (ones[0][0] + ones[-1][0]) / 2
    left = [r.text for r in sorted((r for r in side if r.x < middle), key=lambda r: -r.y)]
    right = [r.text for r in sorted((r for r in side if r.x > middle), key=lambda r: -r.y)]
    return top, bottom, left, right


# Every Mǽrstánas layout, and the sibling games' (boards wider than 7 squares: 1 or 2 a page).
LAYOUTS = [(MAERSTANAS, per_page) for per_page in sorted(PER_PAGE_GRIDS)] + [
    (CYNGESHEALL, 1),
    (CYNGESHEALL, 4),
    (CYNGESHEALL, 12),
    (HNEFATAFL_1992, 1),
    (HNEFATAFL_1992, 2),
]


# Looks approved in tests/approved/ (tests/golden_images.py)
LOOKS = {
    "board-a4-1up": {},
    "board-wraparound-letter-1up": {"paper": "letter", "variant": "wraparound"},
    "boards-a4-6up": {"per_page": 6},
    "boards-wraparound-letter-12up-ink-saver": {
        "paper": "letter",
        "per_page": 12,
        "variant": "wraparound",
        "theme": "ink-saver",
    },
    "board-cyngesheall-a4-1up": {"game": CYNGESHEALL},
    "board-hnefatafl1992-a4-1up": {"game": HNEFATAFL_1992},
    "boards-hnefatafl1992-letter-2up-ink-saver": {
        "game": HNEFATAFL_1992,
        "per_page": 2,
        "paper": "letter",
        "theme": "ink-saver",
    },
}


def test_every_game_has_board_sheets_here() -> None:
    assert {game.slug for game, _ in LAYOUTS} == {game.slug for game in all_games()}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "per_page"), LAYOUTS, ids=lambda v: getattr(v, "slug", str(v)))
def test_board_sheets_of_every_game(paper: str, game, per_page: int) -> None:
    sheet = board_sheet(BoardSheetOptions(game=game, paper=paper, per_page=per_page))
    pdf = sheet_pdf(sheet)
    assert_page_size(pdf, paper)
    assert_fonts_embedded(pdf)
    assert_no_missing_glyphs(sheet)
    text = all_text(pdf)
    assert "\x00" not in text
    assert game.title in text and game.credit in text
    if per_page == 1:
        top, bottom, left, right = board_labels(pdf, game.board.size)
        assert top == bottom == list(FILES[: game.board.size])
        assert left == right == [str(i) for i in range(1, game.board.size + 1)]
    runs = Counter(r.text for r in text_runs(pdf))
    assert runs["B"] == runs["2"] == 2 * per_page  # every board labelled on four sides
    if game is MAERSTANAS:
        assert "Mǽrstánas" in text
        assert "CC BY-SA 4.0" in text and "John Beers" in text
        assert ("Game" in text) == (per_page > 1)
        for label in "ABCDEFG1234567":
            assert runs[label] == 2 * per_page, (label, runs[label])
    elif game is CYNGESHEALL:
        assert "Dark’s king starts on G7 (our reading) and wins on A1" in text
        assert "Light’s king starts on A1 (our reading) and wins on G7" in text
        assert "king" in text and "commander" in text and "Woden-stone" in text
    else:
        for words in ("Black man (X)", "White man (O)", "Black king (K)", "throne", "edge"):
            assert words in text, words
        assert "Neil Bernstein" in text and "11 December 1992" in text


def test_labels_sit_on_all_four_sides_with_one_on_top() -> None:
    runs = text_runs(build())
    a = sorted((r.y, r.x) for r in runs if r.text == "A")
    ones = sorted((r.x, r.y) for r in runs if r.text == "1")
    sevens = sorted((r.x, r.y) for r in runs if r.text == "7")
    g = sorted((r.y, r.x) for r in runs if r.text == "G")
    assert a[0][0] < a[1][0] - 100  # below and above the grid
    assert ones[0][0] < ones[1][0] - 100  # left and right of the grid
    assert ones[0][1] > sevens[0][1]  # row 1 is higher on the page than row 7 (y up)
    assert g[0][1] > a[0][1]  # G is right of A


# (game, paper, boards a page, --cell-mm, the square's size in mm checked by hand or None:
# then as the sheet states it)
CELLS = [
    (MAERSTANAS, "a4", 1, None, 24.0),
    (MAERSTANAS, "a4", 1, 22.5, 22.5),
    (MAERSTANAS, "letter", 1, 25.0, 25.0),
    (MAERSTANAS, "a4", 4, 11.0, 11.0),
    (MAERSTANAS, "letter", 9, 6.5, 6.5),
    (MAERSTANAS, "a4", 2, 13.0, 13.0),
    (HNEFATAFL_1992, "a4", 1, None, 9.5),
    (HNEFATAFL_1992, "letter", 1, None, 9.5),
    (HNEFATAFL_1992, "a4", 2, None, 5.5),
    (CYNGESHEALL, "a4", 1, None, 24.0),
    (CYNGESHEALL, "letter", 4, None, None),
]


@pytest.mark.parametrize(
    ("game", "paper", "per_page", "cell", "expected"),
    CELLS,
    ids=lambda v: getattr(v, "slug", str(v)),
)
def test_cell_size_measured_from_the_drawing(
    game, paper: str, per_page: int, cell: float | None, expected: float | None
) -> None:
    pdf = board_pdf(game, paper=paper, per_page=per_page, cell=cell)
    stated = float(re.search(r"squares ([\d.]+) mm", all_text(pdf)).group(1))  # type: ignore[union-attr]
    if expected is not None:
        assert stated == expected
    for measured in measured_cells(pdf, game.board.size):
        assert abs(measured - stated) < 0.1, (measured, stated)


@pytest.mark.parametrize(
    ("game", "cell"),
    [(MAERSTANAS, "24"), (CYNGESHEALL, "24"), (HNEFATAFL_1992, "9.5")],
    ids=lambda v: getattr(v, "slug", str(v)),
)
def test_the_playing_board_has_a_50_mm_calibration_bar(game, cell: str) -> None:
    pdf = board_pdf(game)
    assert has_50_mm_bar(pdf)
    assert f"exactly 50 mm and each square {cell} mm" in all_text(pdf)


def test_rules_line_optional() -> None:
    assert "four hinges" in all_text(build())
    assert "four hinges" not in all_text(build(rules=False))
    assert "four hinges" not in all_text(build(per_page=12))
    assert "edges join" in all_text(build(variant="wraparound"))


@pytest.mark.parametrize(
    "options",
    [
        {"cell": 0.0},
        {"cell": 80.0},
        {"cell": -3.0},
        {"cell": float("nan")},
        {"per_page": 5},
        {"per_page": 4, "cell": 30.0},
        {"cell": 3.0},
        {"paper": "a5"},
        {"theme": "neon"},
        {"game": HNEFATAFL_1992, "per_page": 4},
        {"game": HNEFATAFL_1992, "per_page": 12},
        {"game": HNEFATAFL_1992, "variant": "wraparound"},
        {"game": CYNGESHEALL, "variant": "wraparound"},
        {"game": HNEFATAFL_1992, "cell": 12.0},
    ],
)
def test_bad_options_raise(options: dict) -> None:
    with pytest.raises(SheetError):
        board_sheet(BoardSheetOptions(**{"game": MAERSTANAS, **options}))


def test_1992_labels_are_right_including_i_and_d_before_e() -> None:
    top, bottom, left, right = board_labels(board_pdf(HNEFATAFL_1992), 19)
    assert "".join(top) == "".join(bottom) == "ABCDEFGHIJKLMNOPQRS"
    assert left[0] == "1" and left[-1] == "19"  # row 1 at the top


def test_special_squares_on_the_sheets() -> None:
    def titles(game) -> set[str]:
        sheet = board_sheet(BoardSheetOptions(game=game))
        return {g.title for g in walk(sheet.pages[0].shapes) if isinstance(g, Group) and g.title}

    cyng = titles(CYNGESHEALL)
    assert {"A1: Light's home corner", "G7: Dark's home corner"} <= cyng
    big = titles(HNEFATAFL_1992)
    assert "J10: the throne" in big and "The edge squares: the king escapes here" in big


def test_game_names_accepted() -> None:
    for name in (
        "maerstanas",
        "Maerstanas",
        "CYNGESHEALL",
        "cyngesheall",
        "hnefatafl1992",
        "EmailHnefatafl1992",
        "emailhnefatafl1992",
        " Hnefatafl1992 ",
    ):
        assert sheet_game(name) is not None, name
    assert sheet_game("hnefatafl") is None and sheet_game("chess") is None


@pytest.mark.parametrize(
    "options", [{"per_page": 6, "variant": "wraparound", "theme": "ink-saver"}, *LOOKS.values()]
)
def test_deterministic_pdf_and_html(options: dict) -> None:
    made = BoardSheetOptions(**{"game": MAERSTANAS, **options})
    assert sheet_pdf(board_sheet(made)) == sheet_pdf(board_sheet(made))
    assert sheet_html(board_sheet(made)) == sheet_html(board_sheet(made))


def test_one_and_twelve_boards_a_page_both_build() -> None:
    """The extremes of --per-page give a PDF and an HTML page with that many boards
    (the time this takes is in bench/bench_sheets.py)."""
    for per_page in (1, 12):
        assert build(per_page=per_page).startswith(b"%PDF-")
        html = sheet_html(board_sheet(BoardSheetOptions(game=MAERSTANAS, per_page=per_page)))
        assert html.rstrip().endswith("</html>")


def test_poppler_opens_it(tmp_path) -> None:
    assert_poppler_reads(tmp_path, build(per_page=4, variant="wraparound"))


@pytest.mark.parametrize("name", sorted(LOOKS))
@pytest.mark.golden
def test_looks_as_approved(name: str) -> None:
    sheet = board_sheet(BoardSheetOptions(**{"game": MAERSTANAS, **LOOKS[name]}))
    assert sheet.file_stem == name
    assert_looks_approved(rasterise(sheet_pdf(sheet), 50), name, blur=0)


# --- command line ----------------------------------------------------------------


def test_cli_writes_default_name(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["board"]) == 0
    out = tmp_path / "output" / "board-a4-1up.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert "wrote output/board-a4-1up.pdf" in capsys.readouterr().err
    assert (
        main(
            [
                "board",
                "--per-page",
                "6",
                "--format",
                "html",
                "--theme",
                "ink-saver",
                "--variant",
                "wraparound",
                "--paper",
                "letter",
            ]
        )
        == 0
    )
    assert (tmp_path / "output" / "boards-wraparound-letter-6up-ink-saver.html").exists()


def test_cli_default_game_is_unchanged(tmp_path) -> None:
    assert main(["board", "-o", str(tmp_path / "a.pdf")]) == 0
    assert main(["board", "--game", "Maerstanas", "-o", str(tmp_path / "b.pdf")]) == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_cli_output_file_and_folder(tmp_path) -> None:
    assert main(["board", "-o", str(tmp_path / "x.pdf"), "--cell-mm", "22"]) == 0
    assert (tmp_path / "x.pdf").exists()
    assert main(["board", "-o", str(tmp_path), "--per-page", "4"]) == 0
    assert (tmp_path / "boards-a4-4up.pdf").exists()


def test_cli_stdout(capfdbinary) -> None:
    assert main(["board", "--format", "html", "-o", "-"]) == 0
    out = capfdbinary.readouterr().out
    assert out.startswith(b"<!DOCTYPE html>") and "Mǽrstánas".encode() in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--cell-mm", "0"],
        ["--cell-mm", "80"],
        ["--per-page", "5"],
        ["--cell-mm", "abc"],
        ["--paper", "a5"],
        ["--format", "svg"],
        ["--theme", "neon"],
        ["--variant", "hex"],
        ["--per-page", "12", "--cell-mm", "9"],
        ["--game", "hnefatafl1992", "--per-page", "4"],
        ["--game", "hnefatafl1992", "--per-page", "6"],
        ["--game", "cyngesheall", "--variant", "wraparound"],
        ["--game", "hnefatafl1992", "--variant", "wraparound"],
        ["--game", "chess"],
        ["--game", "hnefatafl1992", "--cell-mm", "15"],
    ],
)
def test_cli_bad_input(tmp_path, monkeypatch, capsys, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["board", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("maerstanas-print: "), err
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize(
    ("paper", "per_page"), [("a4", 6), ("letter", 6), ("a4", 4), ("letter", 9)]
)
def test_pencil_board_name_blanks_are_long_enough_to_write_on(paper: str, per_page: int) -> None:
    """Issue 11 item 14: the Dark and Light blanks were about 15 mm long."""
    from maerstanas_print.draw.shapes import Group, Line, walk
    from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet

    sheet = board_sheet(BoardSheetOptions(game=MAERSTANAS, paper=paper, per_page=per_page))
    lines = [
        g
        for g in walk(sheet.pages[0].shapes)
        if isinstance(g, Group) and g.title == "Game, Dark player, Light player"
    ]
    assert len(lines) == per_page
    for group in lines:
        blanks = [s for s in group.children if isinstance(s, Line)]
        assert len(blanks) == 3 and min(b.x2 - b.x1 for b in blanks[1:]) >= 20.0


def test_cyngesheall_pencil_boards_are_empty_with_the_start_position_once() -> None:
    """Issue 11 item 14 set the start position on every pencil board; issue 23: pieces
    that move cannot be rubbed out, so the boards are empty grids and the start
    position stands once, small, in its own inset."""
    from maerstanas_print.draw.shapes import Group, walk
    from maerstanas_print.games import CYNGESHEALL
    from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet

    sheet = board_sheet(BoardSheetOptions(game=CYNGESHEALL, per_page=4))
    pieces = [
        g
        for g in walk(sheet.pages[0].shapes)
        if isinstance(g, Group)
        and g.title
        and g.title.startswith(("Dark ", "Light "))
        and " on " in g.title
    ]
    assert len(pieces) == len(CYNGESHEALL.start_stones())
    insets = [
        g
        for g in walk(sheet.pages[0].shapes)
        if isinstance(g, Group) and g.title == "Start position"
    ]
    assert len(insets) == 1
    inset_pieces = [g for g in walk(insets[0].children) if isinstance(g, Group) and g in pieces]
    assert len(inset_pieces) == len(pieces)


@pytest.mark.parametrize(
    ("paper", "size_pt", "cell"),
    [("a3", (841.89, 1190.55), "13.5"), ("tabloid", (792.0, 1224.0), "13")],
)
def test_big_paper_for_the_big_board(tmp_path, paper: str, size_pt, cell: str) -> None:
    """Issue 11 (new printables): the 19x19 board on A3 and Tabloid, PDF and HTML."""
    from maerstanas_print.cli import main
    from tests.pdf_tools import reader

    assert main(["board", "--game", "hnefatafl1992", "--paper", paper, "-o", f"{tmp_path}/"]) == 0
    pdf = (tmp_path / f"board-hnefatafl1992-{paper}-1up.pdf").read_bytes()
    box = reader(pdf).pages[0].mediabox
    assert abs(float(box.width) - size_pt[0]) < 0.1 and abs(float(box.height) - size_pt[1]) < 0.1
    assert f"squares {cell} mm" in all_text(pdf)
    assert main(["board", "--paper", paper, "--format", "html", "-o", f"{tmp_path}/"]) == 0
    html = (tmp_path / f"board-{paper}-1up.html").read_text(encoding="utf-8")
    expected = "A3 portrait" if paper == "a3" else "279.4mm 431.8mm"
    assert f"@page {{ size: {expected}; margin: 0; }}" in html
    assert main(["scoresheet", "--paper", paper]) == 2  # boards only


@pytest.mark.parametrize(
    "options",
    [
        dict(per_page=6),
        dict(per_page=6, paper="letter", landscape=True),
        dict(per_page=12, variant="wraparound"),
        dict(per_page=6, variant="wraparound", paper="letter"),
    ],
    ids=["a4-6up", "letter-landscape-6up", "wraparound-12up", "wraparound-letter-6up"],
)
def test_the_notes_under_pencil_boards_stand_clear_of_the_legend(options: dict) -> None:
    """Reviewed: the rune names of the legend ended 0.35 mm above the "In pencil:"
    line, and the wraparound 12-up never said that opposite edges join or what its
    chevrons mean. Measured on the drawing: the lowest descender of the legend and
    the cap height of the first note line at least 1 mm apart."""
    from maerstanas_print.draw.shapes import MM_PER_PT, Text
    from maerstanas_print.draw.wraparound import WRAP_NOTE
    from maerstanas_print.sheets.capabilities import SHEETS

    sheet = board_sheet(BoardSheetOptions(game=MAERSTANAS, **options))
    shapes = sheet.pages[0].shapes
    texts = [shape for shape in walk(shapes) if isinstance(shape, Text)]
    pencil = SHEETS.of(MAERSTANAS).pencil_line
    notes = [text for text in texts if text.text in (pencil, WRAP_NOTE)]
    assert [note.text for note in notes] == [pencil] + (
        [WRAP_NOTE] if options.get("variant") == "wraparound" else []
    )
    above = [text for text in texts if text.y < notes[0].y]  # the legend is the lowest
    lowest = max(text.y + 0.25 * text.size * MM_PER_PT for text in above)
    cap_top = notes[0].y - 0.68 * notes[0].size * MM_PER_PT
    assert cap_top - lowest >= 1.0, (cap_top, lowest)


def test_board_help_says_when_the_rules_are_left_out(capsys) -> None:
    """Reviewed: `board --help` said the rules print except with 12 boards, but the
    1992 2-board sheet left them out unless `--rules`. The help names both cases, and
    every game's sheets follow it."""
    with pytest.raises(SystemExit):
        main(["board", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "except with 12 boards and with more than one board wider than 7 × 7" in help_text
    for game in all_games():
        for per_page in PER_PAGE_GRIDS:
            options = BoardSheetOptions(per_page=per_page, game=game)
            said = per_page != 12 and not (per_page > 1 and game.board.size > 7)
            assert options.show_rules == said, (game.slug, per_page)


@pytest.mark.parametrize("game", [g for g in all_games() if g.start_stones()], ids=lambda g: g.slug)
def test_a_movement_games_pencil_boards_say_how_to_play_in_pencil(game) -> None:
    """Reviewed: the Cyngesheall and 1992 pencil sheets were empty grids that never said
    how to use them (the Mǽrstánas sheets have an "In pencil:" line). The line names a
    letter for every kind of piece the start position holds, and says to rub a piece
    out as it moves."""
    from maerstanas_print.games.tafl.score_notation import lettered_pieces
    from maerstanas_print.sheets.capabilities import SHEETS

    per_page = max(n for n in PER_PAGE_GRIDS if n <= (2 if game.board.size > 7 else 6))
    sheet = board_sheet(BoardSheetOptions(per_page=per_page, game=game))
    text = " ".join(all_text(sheet_pdf(sheet)).split())
    line = SHEETS.of(game).pencil_line
    assert line.startswith("In pencil") and line in text
    assert "rub it out" in line
    letters = set().union(*lettered_pieces(game).values()) | {"X", "O"}
    assert all(re.search(rf"\b{letter} ", line) for letter in letters), line
    # Whose piece each letter is (review 9-D: both Cyngesheall sides have a K and a C,
    # and the line said "K king" for both): a letter one side has names that side, a
    # letter both have is told apart by a ring around Light’s (as its O is a ring).
    lettered = lettered_pieces(game)
    for letter in set().union(*lettered.values()):
        sides = [name for side, name in ((0, "Dark"), (1, "Light")) if letter in lettered[side]]
        if len(sides) == 1:
            assert re.search(rf"\b{letter} {sides[0]} ", line), (letter, line)
        else:
            assert re.search(rf"Light’s [^)]*\b{letter}\b[^)]* in a ring", line), (letter, line)
