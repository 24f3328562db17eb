"""A puzzle book as PDF or HTML: numbered diagrams, then the answers.

The boards are the game documents' boards (`draw.board` through the same
spec the diagrams use); this module only places them on pages with their
captions, six to an A4 or Letter page, and lists the solutions at the back.
"""

from __future__ import annotations

import textwrap
from html import escape

from maerstanas_print.draw.board import BoardSpec, board_shapes
from maerstanas_print.draw.pdf import PdfInfo, render_pdf
from maerstanas_print.draw.shapes import Page, Shape, Text, chars_by_face, translate
from maerstanas_print.draw.svg import render_svg
from maerstanas_print.fonts import CSS_FAMILY, font_face_css
from maerstanas_print.gamedoc.figures import cell_for
from maerstanas_print.games.maerstanas.analysis.puzzles import Puzzle
from maerstanas_print.games.maerstanas.analysis.review import notation
from maerstanas_print.games.maerstanas.engine import drawable_stones as stones_of
from maerstanas_print.plugins.maerstanas.score_sheet import DESIGNER
from maerstanas_print.sheets.common import PAPERS

MARGIN = 18.0  # mm
HEADER = 24.0  # mm above the first row of boards: the title and the introduction
WRAP = 100  # characters in a line of 9 pt text across the page
COLUMNS, ROWS = 2, 3
BOARD_WIDTH = 62.0  # mm
TITLE = "Mǽrstánas puzzles"
CREDIT = "Mǽrstánas is a game by John Beers (CC BY-SA 4.0)."
INTRO = (
    "Each position comes from a game. One move, and only one, keeps the best "
    "result the side to play can reach; every other move ends at least the margin "
    "given worse. The engine proved every answer by searching to the end of the game."
)


def caption(number: int, puzzle: Puzzle) -> tuple[str, str]:
    return (
        f"{number}. {puzzle.side} to play",
        f"Goal: {puzzle.goal()} (others {puzzle.margin}+ worse)",
    )


def _played(puzzle: Puzzle) -> str:
    return notation(puzzle.position, puzzle.played)


def board(puzzle: Puzzle, number: int) -> tuple[list[Shape], float, float]:
    spec = BoardSpec(
        cell=cell_for(BOARD_WIDTH),
        labels=frozenset(("top", "left")),
        variant="wraparound" if puzzle.position.rules.geometry.wrap else "standard",
        stones=stones_of(puzzle.position),
        title=f"Puzzle {number}",
    )
    width, height = spec.size()
    return [board_shapes(spec, 0, 0)], width, height


def pdf_pages(puzzles: list[Puzzle], paper: str) -> list[Page]:
    size = PAPERS[paper]
    width, height = size.width, size.height
    pages: list[Page] = []
    per_page = COLUMNS * ROWS
    column = (width - 2 * MARGIN) / COLUMNS
    row_height = (height - 2 * MARGIN - HEADER) / ROWS
    for start in range(0, len(puzzles), per_page):
        shapes: list[Shape] = []
        if start == 0:
            shapes.append(Text(MARGIN, MARGIN + 6, TITLE, 16, "bold"))
            for i, text in enumerate(textwrap.wrap(INTRO, WRAP)):
                shapes.append(Text(MARGIN, MARGIN + 13 + i * 4.5, text, 9))
        for offset, puzzle in enumerate(puzzles[start : start + per_page]):
            number = start + offset + 1
            x = MARGIN + (offset % COLUMNS) * column
            y = MARGIN + HEADER + (offset // COLUMNS) * row_height
            drawn, _, board_height = board(puzzle, number)
            shapes += translate(drawn, x, y)
            first, second = caption(number, puzzle)
            shapes.append(Text(x, y + board_height + 6, first, 11, "bold"))
            shapes.append(Text(x, y + board_height + 11, second, 9))
        shapes.append(Text(width / 2, height - MARGIN / 2, CREDIT, 8, anchor="middle"))
        pages.append(Page(width, height, tuple(shapes), f"{TITLE}, page {len(pages) + 1}"))
    pages += _answer_pages(puzzles, width, height)
    return pages


def _answer_pages(puzzles: list[Puzzle], width: float, height: float) -> list[Page]:
    pages = []
    lines: list[tuple[str, str]] = []
    for number, puzzle in enumerate(puzzles, 1):
        solution = f"{number}. {' '.join(puzzle.solution_text())}"
        lines += [("bold", text) for text in textwrap.wrap(solution, WRAP)]
        note = (
            f"Best play: {puzzle.side} {puzzle.goal_verb()}; the game had "
            f"{_played(puzzle)}. From {puzzle.source}."
        )
        lines += [("regular", text) for text in textwrap.wrap(note, WRAP)]
    per_page = int((height - 2 * MARGIN - 14) // 5.5)
    for start in range(0, len(lines), per_page):
        shapes: list[Shape] = [Text(MARGIN, MARGIN + 6, "Answers", 14, "bold")]
        for i, (face, text) in enumerate(lines[start : start + per_page]):
            shapes.append(Text(MARGIN, MARGIN + 16 + i * 5.5, text, 9, face))  # type: ignore[arg-type]
        pages.append(Page(width, height, tuple(shapes), f"{TITLE}, answers"))
    return pages


def render_pdf_book(puzzles: list[Puzzle], paper: str) -> bytes:
    return render_pdf(
        pdf_pages(puzzles, paper),
        # The positions are the game's, the answers the engine's: the designer is the
        # person to name (the tool is the Creator).
        PdfInfo(
            TITLE,
            "Puzzles from games",
            author=f"{DESIGNER} (game)",
            keywords=("Mǽrstánas", "puzzles"),
        ),
    )


def render_html_book(puzzles: list[Puzzle]) -> str:
    items = []
    drawn_all: list[Shape] = []
    for number, puzzle in enumerate(puzzles, 1):
        drawn, width, height = board(puzzle, number)
        drawn_all += drawn
        svg = render_svg(Page(width, height, tuple(drawn), f"Puzzle {number}"), f"pz{number}")
        first, second = caption(number, puzzle)
        items.append(
            f'<figure id="puzzle-{number}">\n{svg}<figcaption><strong>'
            f"{escape(first)}</strong><br>{escape(second)}</figcaption>\n</figure>"
        )
    answers = []
    for puzzle in puzzles:
        answers.append(
            f"<li><strong>{escape(' '.join(puzzle.solution_text()))}</strong> "
            f"Best play: {escape(puzzle.side)} {escape(puzzle.goal_verb())}; "
            f"the game had "
            f"{escape(_played(puzzle))}. From {escape(puzzle.source)}.</li>"
        )
    body = "\n".join(items)
    words = "".join(items) + "".join(answers) + TITLE + INTRO + CREDIT + "Answers"
    faces = chars_by_face(drawn_all)
    for face in ("regular", "bold"):
        faces[face] = faces.get(face, "") + words
    fonts = font_face_css(faces)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(TITLE)}</title>
<style>
{fonts}
body {{ font-family: "{CSS_FAMILY}", serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }}
.puzzles {{ display: flex; flex-wrap: wrap; gap: 2rem; }}
figure {{ margin: 0; }}
</style>
</head>
<body>
<h1>{escape(TITLE)}</h1>
<p>{escape(INTRO)}</p>
<section class="puzzles">
{body}
</section>
<h2>Answers</h2>
<ol>
{chr(10).join(answers)}
</ol>
<footer><p>{escape(CREDIT)}</p></footer>
</body>
</html>
"""
