"""Quick references (one page, checked like a book) and print-and-play kits."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.draw.shapes import Line, Stroke, Text, enlarge, translate
from maerstanas_print.games import MAERSTANAS, all_games, game_named
from maerstanas_print.rulebook.books import quickref_for
from maerstanas_print.rulebook.card import card_pdf
from maerstanas_print.rulebook.prepare import prepare
from maerstanas_print.rulebook.print_and_play import kit_pdf
from maerstanas_print.sheets.board_sheet import BoardSheetOptions, board_sheet, full_board_cell
from maerstanas_print.sheets.capabilities import SHEETS, game_score_sheet
from maerstanas_print.sheets.render import sheet_pdf
from tests.pdf_tools import MM, all_text, outline_titles, reader, text_runs
from tests.sheet_checks import (
    assert_fonts_embedded,
    assert_page_size,
    has_50_mm_bar,
    measured_cells,
)

BOOKS = Path(__file__).parent.parent / "maerstanas_print" / "games" / "books"
GAMES = [game.slug for game in all_games()]
LEVEL_MM = 5.0  # how far apart the last lines of a card's two columns may end


@functools.cache
def kit(slug: str, paper: str = "a4") -> bytes:
    """A game's kit, made once for the tests that only read it."""
    return kit_pdf(game_named(slug), paper)


def card(slug: str, paper: str = "a4") -> bytes:
    return card_pdf(prepare(quickref_for(game_named(slug))), paper)


# --- the quick reference ---------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_game_has_a_one_page_quick_reference(slug: str, paper: str) -> None:
    pdf = card(slug, paper)
    assert_page_size(pdf, paper, pages=1)
    assert_fonts_embedded(pdf)
    text = all_text(pdf)
    assert "CC BY-SA 4.0" in text  # the licence travels with the adaptation
    assert "Writing a game down" in text and "Moving" in text or "hinge" in text
    assert reader(pdf).metadata.title.endswith(("Quick reference", "in brief"))


def test_the_numbers_on_the_card_are_the_engines() -> None:
    """The scoring figure's numbers are filled in from the engine's count of the
    position (hand-checked in the rulebook: Dark 12, Light 10; pairs only 7 and 5),
    and the thunder-stone's count from its move (T E4 removes 3 stones)."""
    text = " ".join(all_text(card("maerstanas")).split())
    assert "Default scoring: Dark 12, Light 10" in text
    assert "pairs only: Dark 7, Light 5" in text
    assert "removes 3 stones" in text


def test_a_false_claim_on_a_card_stops_the_build(tmp_path, capsys) -> None:
    source = (BOOKS / "maerstanas-quickref.md").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.md"
    wrong.write_text(source.replace("  score 12 10\n", "  score 13 10\n"), encoding="utf-8")
    out = tmp_path / "wrong.pdf"
    assert main(["quickref", "--source", str(wrong), "-o", str(out)]) == 1
    assert "wrong.md:" in capsys.readouterr().err
    assert not out.exists()


def test_a_source_longer_than_a_page_is_refused(tmp_path, capsys) -> None:
    out = tmp_path / "book.pdf"
    book = BOOKS / "maerstanas.md"
    # The whole book has pencil-board pages and a sample game, which a card has no
    # room for at all (test below); without its appendices it is simply too long.
    text = re.split(r"\n# [^\n]*\{\.appendix\}", book.read_text(encoding="utf-8"))[0]
    long_source = tmp_path / "long.md"
    long_source.write_text(text, encoding="utf-8")
    assert main(["quickref", "--source", str(long_source), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    # at the `#` line of the first chapter that no longer fits
    assert re.search(
        r"long.md:\d+:1: error R110: the quick reference runs past one page of A4", err
    )
    assert not out.exists()


def test_a_card_has_no_room_for_pencil_boards(tmp_path, capsys) -> None:
    source = (BOOKS / "maerstanas-quickref.md").read_text(encoding="utf-8")
    boards = tmp_path / "boards.md"
    boards.write_text(
        source + "\n# Boards\n\n```pencil-boards\nper-page: 6\n```\n", encoding="utf-8"
    )
    assert main(["quickref", "--source", str(boards), "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert (
        "boards.md:" in err
        and "error R102: a quick reference has no room for ```pencil-boards" in err
    )
    assert not (tmp_path / "b.pdf").exists()


def test_quickref_options(tmp_path, capsys) -> None:
    assert (
        main(
            [
                "quickref",
                "--game",
                "maerstanas",
                "--source",
                str(BOOKS / "maerstanas-quickref.md"),
                "-o",
                str(tmp_path / "x.pdf"),
            ]
        )
        == 2
    )
    assert main(["quickref", "--paper", "b5", "-o", str(tmp_path / "x.pdf")]) == 2
    assert not (tmp_path / "x.pdf").exists()
    assert main(["quickref", "--game", "cyngesheall", "-o", f"{tmp_path}/new/"]) == 0
    assert (tmp_path / "new" / "quickref-cyngesheall-a4.pdf").is_file()


def test_on_a3_the_card_is_the_a4_card_enlarged() -> None:
    """Same text, same one page, and the type about √2 larger."""
    small, large = card("hnefatafl1992", "a4"), card("hnefatafl1992", "a3")
    assert_page_size(large, "a3", pages=1)
    assert " ".join(all_text(small).split()) == " ".join(all_text(large).split())

    def title_size(pdf: bytes) -> float:
        runs = text_runs(pdf)
        top = max(runs, key=lambda run: run.y)  # the title band's baseline
        return reader(pdf).pages[0].mediabox.height - top.y

    assert title_size(large) / title_size(small) == pytest.approx(297 / 210, rel=0.01)


# --- the kit ------------------------------------------------------------------------

KIT_PARTS = {
    "maerstanas": [
        "Contents and printing",
        "Quick reference",
        "Playing board",
        "Stones to cut out",
        "Score sheet",
        "Score sheet, return game",
    ],
    "cyngesheall": [
        "Contents and printing",
        "Quick reference",
        "Setting up",
        "Playing board",
        "Stones to cut out",
        "Score sheet",
        "Score sheet, continued",
    ],
    "hnefatafl1992": [
        "Contents and printing",
        "Quick reference",
        "Setting up",
        "Playing board",
        "Pieces to cut out",
        "Score sheet",
        "Score sheet, continued",
    ],
}


@pytest.mark.parametrize("slug", GAMES)
def test_a_kit_is_the_card_and_the_games_sheets_with_bookmarks(slug: str) -> None:
    pdf = kit(slug)
    parts = KIT_PARTS[slug]
    assert_page_size(pdf, "a4", pages=len(parts))
    assert_fonts_embedded(pdf)
    top = [title for depth, title in outline_titles(pdf) if depth == 0]
    assert top == parts
    r = reader(pdf)
    pages = {
        title: r.get_destination_page_number(entry)
        for entry in r.outline
        if not isinstance(entry, list)
        for title in [entry.title]
    }
    assert [pages[part] for part in parts] == list(range(len(parts)))
    # The board page is the page `board` prints, squares and all, under the kit's foot
    # instead of its own credit line.
    game = game_named(slug)
    board = sheet_pdf(board_sheet(BoardSheetOptions(paper="a4", game=game)))
    kit_board = r.pages[parts.index("Playing board")].extract_text().splitlines()
    alone = reader(board).pages[0].extract_text().splitlines()
    foot = [line for line in kit_board if "print-and-play kit" in line or " of " in line[-8:]]
    assert len(foot) == 2
    assert [line for line in alone if game.credit not in line] == [
        line for line in kit_board if line not in foot
    ]
    assert r.metadata.title.endswith("print-and-play kit")


@pytest.mark.parametrize("slug", GAMES)
def test_a_kits_cover_lists_its_parts_at_their_pages_and_how_to_print(slug: str) -> None:
    """Reviewed: a kit was a stack of sheets with no list of parts, no print guide and
    no page numbers. The cover's list is read back against the PDF's own bookmarks."""
    game = game_named(slug)
    pdf = kit(game.slug)
    r = reader(pdf)
    bookmarks = {
        entry.title: r.get_destination_page_number(entry) + 1
        for entry in r.outline
        if not isinstance(entry, list)
    }
    cover = [line.strip() for line in r.pages[0].extract_text().splitlines()]
    listed = {}
    for number, name, stock in zip(cover, cover[1:], cover[2:], strict=False):
        if number.isdigit() and stock in ("paper", "card"):
            listed[name] = (int(number), stock)
    assert listed.pop("This page: contents and printing") == (1, "paper")
    assert {name: page for name, (page, _) in listed.items()} == {
        name: page for name, page in bookmarks.items() if name != "Contents and printing"
    }
    cut = [name for name, (_, stock) in listed.items() if stock == "card"]
    assert cut == [name for name in listed if name.endswith("to cut out")]
    text = " ".join(r.pages[0].extract_text().split())
    assert "Print at 100 % (“actual size”), single-sided" in text
    square = full_board_cell(game, "a4")
    scale = re.search(r"the bar on page (\d+) is exactly 50 mm long", text)
    assert scale and int(scale[1]) == bookmarks["Playing board"]
    assert f"each square of the board {square:g} mm" in text
    assert f"squares {square:g} mm" in r.pages[int(scale[1]) - 1].extract_text()
    assert game.credit in text  # the credit, once, on the cover


@pytest.mark.parametrize("paper", ["a4", "a3"])  # Letter and Tabloid are drawn alike
@pytest.mark.parametrize("slug", GAMES)
def test_a_kits_scale_page_measures_true_as_drawn(slug: str, paper: str) -> None:
    """Reviewed: a kit's pages are drawn through a transform (fitted, enlarged), so the
    scale page was checked by its words only. Measured as it prints: the page the
    cover names holds a 50 mm bar, and its board's squares are the size the cover
    states, on a paper drawn as designed and on one enlarged to."""
    game = game_named(slug)
    pdf = kit(slug, paper)
    cover = " ".join(reader(pdf).pages[0].extract_text().split())
    scale = re.search(r"the bar on page (\d+) is exactly 50 mm long", cover)
    assert scale, cover
    index = int(scale[1]) - 1
    assert has_50_mm_bar(pdf, index)
    square = full_board_cell(game, paper)
    for measured in measured_cells(pdf, game.board.size, index):
        assert abs(measured - square) < 0.05, (measured, square)


@pytest.mark.parametrize("paper", ["a4", "a3", "letter", "tabloid"])
def test_a_kits_cover_says_the_paper_its_pages_are(paper: str) -> None:
    """Reviewed: the A3 kit's cover (designed on A4, enlarged) said to print on A4."""
    r = reader(kit("hnefatafl1992", paper))
    width, height = (float(v) * MM for v in r.pages[0].mediabox.upper_right)
    named = {"a4": "A4", "a3": "A3", "letter": "US Letter", "tabloid": "Tabloid"}
    sizes = {
        "A4": (210, 297),
        "A3": (297, 420),
        "US Letter": (215.9, 279.4),
        "Tabloid": (279.4, 431.8),
    }
    text = " ".join(r.pages[0].extract_text().split())
    said = re.search(r"single-sided, on (.+?): “fit to page”", text)
    assert said, text
    assert said[1] == named[paper]
    assert sizes[said[1]] == pytest.approx((width, height), abs=0.5)


@pytest.mark.parametrize("slug", GAMES)
def test_every_kit_page_after_the_cover_has_one_foot_with_its_number(slug: str) -> None:
    """Reviewed: three different credit footers in one kit and no page numbers."""
    game = game_named(slug)
    r = reader(kit(game.slug))
    total = len(r.pages)
    feet = []
    for index, page in enumerate(r.pages[1:], 2):
        lines = [line.strip() for line in page.extract_text().splitlines()]
        assert f"page {index} of {total}" in " ".join(lines), index
        assert game.credit not in " ".join(lines), index  # the sheets' own credit lines
        assert "this one-page adaptation" not in " ".join(lines), index  # the card's
        feet.append(next(line for line in lines if "print-and-play kit" in line))
    assert len(set(feet)) == 1, feet  # one foot, the same on every page


@pytest.mark.parametrize("slug", GAMES)
def test_every_kit_has_two_score_sheets(slug: str) -> None:
    from maerstanas_print.rulebook.print_and_play import kit_parts

    names = [part.name for part in kit_parts(game_named(slug), "a4")]
    assert sum(name.startswith("Score sheet") for name in names) == 2


def test_big_paper_kits_write_on_score_sheets_made_for_that_paper() -> None:
    """Reviewed: the A3 1992 kit's score sheets were the A4 sheet enlarged (25 rows,
    7.8 mm boxes). A score sheet designed for any paper is now made for A3 (7 mm rows,
    more of them). Reviewed again: the Mǽrstánas sheet was still the A4 sheet enlarged
    (34 rows of 9.9 mm); it too is now made for the big paper, with 7 mm rows."""
    from maerstanas_print.rulebook.print_and_play import kit_parts

    big = kit_parts(game_named("hnefatafl1992"), "a3")
    sheets = [part.sheet for part in big if part.name.startswith("Score sheet")]
    assert [sheet.paper.key for sheet in sheets] == ["a3", "a3"]
    a4 = game_score_sheet(game_named("hnefatafl1992"), "", "a4")
    assert sheets[0].next_move > a4.next_move + 10  # more rows, not bigger ones
    assert sheets[1].pages[0].label.split("moves ")[1].startswith(f"{sheets[0].next_move} ")
    a4_rows = _move_rows(game_score_sheet(MAERSTANAS, "", "a4"))
    for paper in ("a3", "tabloid"):
        ours = [part.sheet for part in kit_parts(MAERSTANAS, paper) if part.name.startswith("Sc")]
        assert {sheet.paper.key for sheet in ours} == {paper}
        rows = _move_rows(ours[0])
        assert rows[-1] > a4_rows[-1] + 15  # more rows of the same 7 mm, not bigger ones
        assert rows == list(range(1, rows[-1] + 1))  # two blocks number on: 1.., then on


def _move_rows(sheet) -> list[int]:
    """The move numbers of a Mǽrstánas score sheet's blocks of rows, from their titles."""
    from maerstanas_print.draw.shapes import Group

    numbers: list[int] = []

    def walk(shapes) -> None:
        for shape in shapes:
            if isinstance(shape, Group):
                match = re.fullmatch(r"Moves (\d+) to (\d+)", shape.title or "")
                if match:
                    numbers.extend(range(int(match[1]), int(match[2]) + 1))
                walk(shape.children)

    walk(sheet.pages[0].shapes)
    return numbers


def test_the_ink_saver_kit(tmp_path) -> None:
    """Reviewed: the theme existed but no kit used it."""
    assert main(["kit", "--theme", "ink-saver", "-o", str(tmp_path)]) == 0
    pdf = (tmp_path / "kit-a4-ink-saver.pdf").read_bytes()
    assert reader(pdf).metadata.title == "Mǽrstánas: print-and-play kit (ink-saver)"
    from maerstanas_print.rulebook.print_and_play import kit_parts

    stems = [part.sheet.file_stem for part in kit_parts(MAERSTANAS, "a4", "ink-saver")]
    assert [stem for stem in stems if "ink-saver" in stem] == [
        "board-a4-1up-ink-saver",
        "stones-maerstanas-a4-ink-saver",
    ]
    assert main(["kit", "--theme", "screen", "-o", str(tmp_path / "x.pdf")]) == 2
    assert main(["kit", "--tokens", "hex", "-o", str(tmp_path / "x.pdf")]) == 2
    assert not (tmp_path / "x.pdf").exists()


def test_a_kit_with_square_tokens(tmp_path) -> None:
    assert main(["kit", "--game", "hnefatafl1992", "--tokens", "square", "-o", str(tmp_path)]) == 0
    pdf = (tmp_path / "kit-hnefatafl1992-a4-square.pdf").read_bytes()
    assert "Each piece is a square of 8.3 mm" in " ".join(all_text(pdf).split())


def test_the_1992_kit_on_a3_has_the_full_size_board_and_its_pieces(tmp_path) -> None:
    """The 1992 kit had no pieces at all (there was no sheet of them): not playable.
    Now its pieces follow the A3 board's squares, at true size."""
    out = tmp_path / "kit.pdf"
    assert main(["kit", "--game", "hnefatafl1992", "--paper", "a3", "-o", str(out)]) == 0
    pdf = out.read_bytes()
    assert_page_size(pdf, "a3", pages=7)
    game = game_named("hnefatafl1992")
    square = full_board_cell(game, "a3")
    assert f"squares {square:g} mm" in reader(pdf).pages[3].extract_text()
    pieces = " ".join(reader(pdf).pages[4].extract_text().split())
    assert f"for the {square:g} mm squares of the playing board on A3" in pieces
    assert "Dark plays with 25 pieces: 1 king, 24 men; Light with 48 men." in pieces
    top = [title for depth, title in outline_titles(pdf) if depth == 0]
    assert top[4] == "Pieces to cut out"


def test_kit_options(tmp_path, capsys) -> None:
    assert main(["kit", "--game", "chess", "-o", str(tmp_path / "k.pdf")]) == 2
    assert main(["kit", "--paper", "a5", "-o", str(tmp_path / "k.pdf")]) == 2
    assert not (tmp_path / "k.pdf").exists()
    assert main(["kit", "--paper", "letter", "-o", str(tmp_path)]) == 0
    assert_page_size((tmp_path / "kit-letter.pdf").read_bytes(), "letter", pages=6)


# --- landscape pencil boards ---------------------------------------------------------


def test_six_landscape_boards_stand_three_by_two(tmp_path) -> None:
    out = tmp_path / "b.pdf"
    assert (
        main(["board", "--per-page", "6", "--paper", "letter", "--landscape", "-o", str(out)]) == 0
    )
    pdf = out.read_bytes()
    box = reader(pdf).pages[0].mediabox
    assert float(box.width) == pytest.approx(279.4 / MM, abs=0.1)
    assert float(box.height) == pytest.approx(215.9 / MM, abs=0.1)
    # One "Game" label under each board: three columns, two rows.
    games = [run for run in text_runs(pdf) if run.text.startswith("Game")]
    assert len({round(run.x) for run in games}) == 3
    assert len({round(run.y) for run in games}) == 2
    # Turning Letter is what makes the squares bigger.
    upright = (
        board_sheet(BoardSheetOptions(game=MAERSTANAS, paper="letter", per_page=6)).pages[0].label
    )
    turned = (
        board_sheet(BoardSheetOptions(game=MAERSTANAS, paper="letter", per_page=6, landscape=True))
        .pages[0]
        .label
    )

    def square(label: str) -> float:
        found = re.search(r"squares ([\d.]+) mm", label)
        assert found, label
        return float(found.group(1))

    assert square(turned) > square(upright)


def test_landscape_refuses_what_does_not_fit(capsys, tmp_path) -> None:
    assert main(["board", "--per-page", "12", "--landscape", "-o", str(tmp_path)]) == 2
    assert "landscape page of A4" in capsys.readouterr().err


# --- shapes moved and enlarged --------------------------------------------------------


def test_moving_or_enlarging_keeps_every_property() -> None:
    turned = Text(10, 20, "A", 8, "italic", "middle", "#000000", turned=True)
    assert translate([turned], 1, 2)[0] == Text(
        11, 22, "A", 8, "italic", "middle", "#000000", turned=True
    )
    line = Line(1, 2, 3, 4, Stroke("#000000", 0.5, (1.0, 2.0)))
    assert enlarge([line, turned], 2.0, 5.0, 0.0) == [
        Line(7, 4, 11, 8, Stroke("#000000", 1.0, (2.0, 4.0))),
        Text(25, 40, "A", 16, "italic", "middle", "#000000", turned=True),
    ]


@pytest.mark.parametrize("slug", GAMES)
def test_no_heading_ends_a_column(slug: str) -> None:
    pdf = card(slug)
    titles = {chapter.title for chapter in quickref_for(game_named(slug)).chapters}
    width = float(reader(pdf).pages[0].mediabox.width)
    credit_top = 20 / MM  # the credit line at the foot (under 19 mm) is not in a column
    for left in (True, False):
        runs = [run for run in text_runs(pdf) if (run.x < width / 2) == left and run.y > credit_top]
        last = min(runs, key=lambda run: run.y)
        assert last.text not in titles, (slug, last)


# --- the movement games' score sheet --------------------------------------------------


@pytest.mark.parametrize("slug", ["cyngesheall", "hnefatafl1992"])
def test_movement_games_have_a_score_sheet(tmp_path, slug: str) -> None:
    out = tmp_path / "s.pdf"
    assert main(["scoresheet", "--game", slug, "-o", str(out)]) == 0
    pdf = out.read_bytes()
    assert_page_size(pdf, "a4", pages=1)
    assert_fonts_embedded(pdf)
    text = " ".join(all_text(pdf).split())
    for field in ("Event", "Site", "Date", "Round", "Options", "Result", "1/2-1/2"):
        assert field in text
    numbers = [int(run.text[:-1]) for run in text_runs(pdf) if re.fullmatch(r"\d+\.", run.text)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 20
    # The plain example on the sheet is a legal first move of the game's start position
    # (tests/test_score_sheet.py replays every example).
    game = game_named(slug)
    legal = {move.text(game.board.size) for move in game.start().legal_moves()}
    assert legal & set(text.split()), sorted(legal)[:5]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("slug", GAMES)
def test_the_two_columns_end_level(slug: str, paper: str) -> None:
    """Reviewed: the right column ended at 44 % of the page while the left was full;
    the columns are now balanced (and spare room goes to the figures first). Balanced,
    the Letter card's right column still ended 15 mm above its left (a figure cannot
    cross); the shorter column's gaps now take up the difference (flush bottom)."""
    pdf = card(slug, paper)
    page = reader(pdf).pages[0]
    width = float(page.mediabox.width)
    credit_top = 20 / MM
    ends = []
    for left in (True, False):
        ys = [run.y for run in text_runs(pdf) if (run.x < width / 2) == left and run.y > credit_top]
        ends.append(min(ys))
    assert abs(ends[0] - ends[1]) * MM < LEVEL_MM, (slug, [e * MM for e in ends])


def test_the_card_says_a_special_stone_stays_spent() -> None:
    """Reviewed: without it a player takes a removed special stone back into hand."""
    text = " ".join(all_text(card("maerstanas")).split())
    assert "stays spent for the rest of the game" in text


def test_a_kit_has_its_own_metadata_and_top_aligns_enlarged_pages() -> None:
    pdf = kit_pdf(game_named("cyngesheall"), "tabloid")
    meta = reader(pdf).metadata
    assert meta.title == "Cyngesheall: print-and-play kit"
    assert meta.subject.startswith("Everything to play Cyngesheall from paper")
    # The cover is the Letter design enlarged from the sheets' top margin: its title
    # stands where the setup page's does (drawn for Tabloid itself), the room it
    # leaves at the foot (reviewed: centred, its title 53 mm down, jumped between pages).
    cover_title = max(run.y for run in text_runs(pdf, 0))
    setup_title = max(run.y for run in text_runs(pdf, 2))
    assert abs(setup_title - cover_title) < 3.5 / MM  # baselines: the cover's type is larger


def test_pencil_boards_say_how_to_mark_stones_in_pencil() -> None:
    """Reviewed: the pencil boards' key showed only stones; a placement game's pencil
    boards now say how its stones are marked with a pencil, without smaller squares."""
    for count in (6, 12):
        pdf = sheet_pdf(board_sheet(BoardSheetOptions(game=MAERSTANAS, paper="a4", per_page=count)))
        # The rules give X and O; which is whose is this edition's, and says so.
        assert "ours: X for Dark, O for Light" in " ".join(all_text(pdf).split())
    six = board_sheet(BoardSheetOptions(game=MAERSTANAS, paper="a4", per_page=6)).pages[0].label
    assert six.endswith("squares 8.5 mm")
    movement = sheet_pdf(
        board_sheet(BoardSheetOptions(paper="a4", per_page=6, game=game_named("cyngesheall")))
    )
    # A movement game's pieces move: its line says to rub them out (reviewed: it said nothing).
    assert "rub it out" in " ".join(all_text(movement).split())


def test_a_movement_games_kit_numbers_its_second_score_sheet_on() -> None:
    """Reviewed: one 25-move sheet and a pointer to a command is no use on paper."""
    pdf = kit("cyngesheall")
    pages = reader(pdf).pages

    def numbers(index: int) -> list[int]:
        return [
            int(run.text[:-1]) for run in text_runs(pdf, index) if re.fullmatch(r"\d+\.", run.text)
        ]

    first, second = numbers(len(pages) - 2), numbers(len(pages) - 1)
    assert first[0] == 1 and second[0] == first[-1] + 1
    assert "maerstanas-print" not in pages[-1].extract_text()


def test_a_removal_among_lettered_men_is_not_an_x() -> None:
    """Reviewed: in the 1992 game a Dark man is drawn as an X, so a removal cross made
    an emptied square look occupied; there it is a dashed ring struck through once."""
    from maerstanas_print.draw.board import Mark, board_shapes, spec_for_game
    from maerstanas_print.draw.shapes import Circle, walk

    def removal(slug: str) -> list:
        spec = spec_for_game(game_named(slug), cell=8.0, marks={8: Mark("cross")})
        group = next(
            shape
            for shape in walk([board_shapes(spec, 0, 0)])
            if str(getattr(shape, "title", "")).endswith(" emptied")
        )
        return list(group.children)

    men = removal("hnefatafl1992")
    assert [type(shape).__name__ for shape in men] == ["Circle", "Line"]
    assert isinstance(men[0], Circle) and men[0].stroke.dash
    assert [type(shape).__name__ for shape in removal("maerstanas")] == ["Line", "Line"]


def test_printed_pages_send_players_to_documents_not_commands() -> None:
    """Reviewed: a printed page cannot run `maerstanas-print ...`."""
    for slug in GAMES:
        pdf = kit(slug)
        assert "maerstanas-print" not in all_text(pdf), slug


@pytest.mark.parametrize("slug", ["cyngesheall", "hnefatafl1992"])
def test_a_following_score_sheet_has_a_slim_head_and_more_rows(slug: str) -> None:
    """Reviewed: a following sheet repeated the result and the ending, which invites
    two different results for one game."""
    game = game_named(slug)
    first = game_score_sheet(game, game.title, "a4")
    following = game_score_sheet(game, game.title, "a4", first.next_move)
    first_text = " ".join(all_text(sheet_pdf(first)).split())
    text = " ".join(all_text(sheet_pdf(following)).split())
    assert "Result" in first_text and "Ended by" in first_text
    assert "Result" not in text and "Ended by" not in text
    assert "Sheet" in text and "Event" in text
    assert following.next_move - first.next_move > first.next_move - 1


@pytest.mark.parametrize("slug", GAMES)
def test_the_kit_cover_credits_the_game_once_and_names_itself(slug: str) -> None:
    """Reviewed (issue 23, sheets): the cover printed the game's credit and then the
    quick reference's own, which credits the game again and calls itself "this
    one-page adaptation" on the cover of a six-page kit; and the Subject listed
    "score sheet, score sheet, return game", a part's own comma read as two parts."""
    game = game_named(slug)
    kit = reader(kit_pdf(game, "a4"))
    meta = kit.metadata
    cover = " ".join(kit.pages[0].extract_text().split())
    credits = cover[cover.index("Credits") :]
    person = SHEETS.of(game).designer.split(" (")[0]  # "Neil Bernstein (rules as posted ...)"
    assert credits.count(person) == 1, credits
    assert "one-page" not in credits
    assert "This kit" in credits and "The full illustrated rules" in credits
    assert "creativecommons.org/licenses/by-sa/4.0" in credits
    assert meta.subject.count(";") >= 4 and ", score sheet" not in meta.subject


def _drawn_board(page, title_start: str) -> tuple[float, float, float, float]:
    """The box of the page's board group whose title starts with `title_start`."""
    from maerstanas_print.draw.shapes import Group, extent, walk

    group = next(
        g
        for g in walk(list(page.shapes))
        if isinstance(g, Group) and str(g.title).startswith(title_start)
    )
    box = extent([group])
    assert box is not None
    return box


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("game", [g for g in all_games() if SHEETS.of(g).setup_sheet is not None])
def test_a_kits_setup_diagram_is_smaller_than_its_real_board(game, paper: str) -> None:
    """Reviewed: on A3 the setup page was the A4 design enlarged, so its diagram (19 mm
    squares times 1.41) came out larger than the real 24 mm board on the next page. A
    picture of the start position is never as large as the board it pictures: the
    setup page is made for the kit's paper, its squares at most 0.9 of the board's."""
    from maerstanas_print.rulebook.print_and_play import _fitted, kit_parts

    parts = {part.name: part.sheet.pages[0] for part in kit_parts(game, paper)}
    setup = _fitted(parts["Setting up"], paper)
    board = _fitted(parts["Playing board"], paper)
    x0, _, x1, _ = _drawn_board(setup, f"{game.title}: the start position")
    b0, _, b1, _ = _drawn_board(board, f"{game.title} board, squares")
    assert x1 - x0 <= 0.92 * (b1 - b0), (x1 - x0, b1 - b0)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("game", list(all_games()), ids=lambda game: game.slug)
def test_a_real_size_board_stands_from_the_top_with_its_key_beneath(game, paper: str) -> None:
    """Reviewed: on A3 and Tabloid the 24 mm 7x7 board floated mid-page, about 60 mm
    under the intro and its key 45 mm above the foot. On every paper the board now
    stands at most 10.5 mm under the intro, its key at most 8 mm (over the least
    gap) beneath it; the room left over goes to the foot."""
    from maerstanas_print.draw.shapes import Group, extent

    page = board_sheet(BoardSheetOptions(paper=paper, game=game)).pages[0]
    intro = next(g for g in page.shapes if isinstance(g, Group) and g.title == "Rules in brief")
    board = _drawn_board(page, f"{game.title} board, squares")
    titles = [str(getattr(shape, "title", "")) for shape in page.shapes]
    board_at = next(i for i, title in enumerate(titles) if title.startswith(f"{game.title} board"))
    key = page.shapes[board_at + 1]  # the key follows its board
    intro_box, key_box = extent([intro]), extent([key])
    assert intro_box is not None and key_box is not None
    assert board[1] - intro_box[3] <= 14.5, (board[1], intro_box[3])  # A4: 14.0
    assert key_box[1] - board[3] <= 16.0, (key_box[1], board[3])  # A4: 15.1


@pytest.mark.parametrize("slug", GAMES)
def test_the_rulebook_is_named_by_its_own_title_data_everywhere(slug: str) -> None:
    """Reviewed: the 1992 kit's cover named its book from the quick reference's typed
    words. The cover now names the rulebook by its front matter (`full_title`), and
    the quick reference's own sentence that names it must say the same."""
    from maerstanas_print.rulebook.books import book_for
    from maerstanas_print.rulebook.model import Para, plain

    game = game_named(slug)
    name = book_for(game).full_title
    cover = " ".join(reader(kit_pdf(game, "a4")).pages[0].extract_text().split())
    assert f"in this edition’s rulebook, {name}." in cover
    front = " ".join(
        plain(block.text) for block in quickref_for(game).front if isinstance(block, Para)
    )
    assert name in front, (name, front)


def _dark_share(pdf: bytes, page: int) -> float:
    """The share of a page's pixels darker than mid grey, at 40 dpi."""
    import numpy as np
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    image = document[page].render(scale=40 / 72).to_pil().convert("L")
    share = float((np.asarray(image) < 128).mean())
    document.close()
    return share


@pytest.mark.parametrize("slug", GAMES)
def test_the_ink_saver_theme_reaches_every_part_of_the_kit(slug: str) -> None:
    """Reviewed: the ink-saver kit's cover read like the standard one, its quick
    reference printed solid black stones and its score sheets the beige-filled frame.
    The one theme reaches every part: the cover names the edition, and every page but
    the plain text ones takes less ink than the standard kit's."""
    game = game_named(slug)
    saver = kit_pdf(game, "a4", "ink-saver")
    assert "This is the ink-saver edition" in " ".join(all_text(saver).split())
    standard = kit(slug)
    assert _dark_share(saver, 1) < 0.6 * _dark_share(standard, 1)  # the quick reference
    from maerstanas_print.draw.shapes import walk
    from maerstanas_print.draw.theme import THEMES
    from maerstanas_print.rulebook.print_and_play import kit_parts

    beige = THEMES["print"].band_fill
    for part in kit_parts(game, "a4", "ink-saver"):
        fills = {getattr(shape, "fill", None) for shape in walk(list(part.sheet.pages[0].shapes))}
        assert beige not in fills, part.name  # no filled frame on any sheet


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
def test_a_kit_cover_leaves_no_hole(slug: str, paper: str) -> None:
    """Reviewed: the 1992 kit's cover on Letter and Tabloid dropped its board picture
    (too little room for 3 mm squares) and left a blank band of 75 and 96 mm between
    its last section and the credits. The picture is drawn smaller, or the credits
    follow on: no band on any cover is taller than a fifth of the page."""
    import pypdfium2 as pdfium

    from tests.layout_rules import blank_bands

    document = pdfium.PdfDocument(kit(slug, paper))
    page = document[0]
    height_mm = page.get_height() * 25.4 / 72
    widest = max(blank_bands(page), default=0.0)
    document.close()
    assert widest < height_mm / 5, f"{widest:.0f} mm blank"


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_a_big_paper_kits_cover_starts_where_its_sheets_do(paper: str) -> None:
    """Reviewed: on Tabloid the enlarged cover (and the enlarged Mǽrstánas score sheets)
    stood centred, their titles 53 mm down where the next page's began 13 to 18 mm
    down. The cover is enlarged from the top margin, the sheets are made for the
    paper: every page but the quick reference (enlarged as a copier would) starts at
    the same height, to a millimetre and a half."""
    import pypdfium2 as pdfium

    from tests.layout_rules import ink_edges

    document = pdfium.PdfDocument(kit("maerstanas", paper))
    tops = [ink_edges(document[i])["top"] for i in range(len(document)) if i != 1]
    document.close()
    assert max(tops) - min(tops) < 1.5, tops


def test_kit_help_says_what_the_ink_saver_cover_says(capsys) -> None:
    """Reviewed: `kit --help` said ink-saver drew only "the board, stones and setup"
    in light lines, after the theme had come to reach every part and the cover said
    so. The help now says, word for word, what the ink-saver kit's cover says."""
    cover = " ".join(all_text(kit_pdf(MAERSTANAS, "a4", "ink-saver")).split())
    said = re.search(r"This is the ink-saver edition: (.+?)\.", cover)
    assert said, cover[:300]
    with pytest.raises(SystemExit):
        main(["kit", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"ink-saver: {said.group(1).replace(' is drawn ', ' drawn ')}" in help_text


def test_the_ink_saver_kits_stone_keys_are_drawn_like_their_figures() -> None:
    """Reviewed (23, final 9-D #1): the tafl ink-saver kits' quick reference drew its
    stone key in the print theme, solid Dark pieces and beige squares, above figures
    that hatch Dark. The kit's theme reaches every key: no print fill is left in one."""
    from maerstanas_print.draw.shapes import walk
    from maerstanas_print.draw.theme import THEMES
    from maerstanas_print.rulebook import layout
    from maerstanas_print.rulebook.model import StoneKey
    from maerstanas_print.rulebook.prepare import prepare
    from maerstanas_print.rulebook.print_and_play import inked

    keys = []
    for slug in GAMES:
        book = inked(prepare(quickref_for(game_named(slug))), "ink-saver").book
        blocks = (*book.front, *(b for chapter in book.chapters for b in chapter.blocks))
        keys += [block for block in blocks if isinstance(block, StoneKey)]
    assert len(keys) >= 2 and {key.theme for key in keys} == {"ink-saver"}  # both tafl games
    printed = {THEMES["print"].band_fill, THEMES["print"].dark_fill}
    for key in keys:
        shapes, _ = layout.stone_key(150.0, key.game, key.theme)
        fills = {getattr(shape, "fill", None) for shape in walk(shapes)}
        assert not fills & printed, (key.game, fills)
