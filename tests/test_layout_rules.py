"""The layout rules, measured on every rendered product (issue 11).

Each product `build` writes, PDF and HTML (as Chromium prints it), is held
to every rule in tests/layout_rules.py. A case that breaks a rule may be
listed in KNOWN as a known failure with its reason (none is now); every other
case must pass, and a known failure that starts passing fails too (strict),
so its mark is removed.
"""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from tests.layout_rules import (
    MIN_CONTRAST,
    Problem,
    column_fills,
    column_problems,
    contrast_problems,
    edge_problems,
    fill,
    foot_crowding,
    glyphs,
    overlapping_labels,
    small_text,
    textless,
)
from tests.products import ALL_JOBS, NAMES

RULES = ("edge", "text-size", "overlap", "contrast", "fill", "columns", "svg", "foot")
# The least a page may be filled (how far down its text block the ink reaches),
# except a document's or a chapter's last page.
MIN_FILL = {"sheet": 0.8, "game": 0.75, "book": 0.75}
# A chapter's last page (not the book's) is at least a third full: four glossary rows
# alone on a page, as the Letter book printed, are a page a publisher would not print.
MIN_CHAPTER_END_FILL = 1 / 3
# The least each column of a game document's page is filled, except on its last page:
# the "about half full", per column. (A column may end early before a final
# diagram too tall for its foot, since the score chart may not pass that diagram.)
MIN_COLUMN_FILL = 1 / 2

KNOWN: dict[tuple[str, str], str] = {}

_CACHE: dict[str, list[Problem]] = {}


def chapter_last_pages(pdf: bytes) -> frozenset[int]:
    """1-based pages before each top-level bookmark: the last page of a chapter."""
    reader = PdfReader(io.BytesIO(pdf))
    starts = sorted(
        {
            reader.get_destination_page_number(entry) + 1
            for entry in reader.outline
            if not isinstance(entry, list)
        }
    )
    return frozenset(start - 1 for start in starts if start > 1)


def problems(product) -> list[Problem]:
    """Every rule's problems on one product, measured once."""
    if product.name in _CACHE:
        return _CACHE[product.name]
    found: list[Problem] = []
    document = pdfium.PdfDocument(product.pdf)
    backgrounds = textless(product.pdf)
    count = len(document)
    last = chapter_last_pages(product.pdf) if product.kind == "book" else frozenset()
    columns = []
    for index in range(count):
        page = document[index]
        number = index + 1
        marks = glyphs(page)
        found += [Problem(number, "edge", str(p)) for p in edge_problems(page, number)]
        found += [Problem(number, "text-size", str(p)) for p in small_text(marks, number)]
        found += [Problem(number, "overlap", str(p)) for p in overlapping_labels(marks, number)]
        found += [
            Problem(number, "contrast", str(p))
            for p in contrast_problems(backgrounds[index], marks, number)
        ]
        if _has_foot_line(product, number):
            found += [Problem(number, "foot", str(p)) for p in foot_crowding(marks, number)]
        if product.kind == "game" and not product.html:
            columns.append(column_fills(page))
        document_last = number == count and product.kind != "sheet"
        if not product.html and not document_last:
            least = MIN_CHAPTER_END_FILL if number in last else MIN_FILL[product.kind]
            filled = fill(page)
            if filled < least:
                found.append(
                    Problem(number, "fill", f"{filled:.0%} filled, at least {least:.0%} asked")
                )
    document.close()
    backgrounds.close()
    found += column_problems(columns, MIN_COLUMN_FILL)
    found += [Problem(0, "svg", line) for line in product.svg_overflow]
    _CACHE[product.name] = found
    return found


def _has_foot_line(product, number: int) -> bool:
    """A page whose foot is one line (a score sheet's credit, a kit's "page N of M")
    with body text above it; a kit's cover ends in its credits block, a board sheet
    in its key and notes, a quick reference in its credit paragraph."""
    if product.html:
        return False
    if product.name.startswith("scoresheet"):
        return True
    return product.name.startswith("kit") and number > 1


def _cases():
    for name in NAMES:
        for rule in RULES:
            reason = KNOWN.get((name, rule))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(name, rule, marks=marks, id=f"{name}-{rule}")


@pytest.mark.parametrize(("name", "rule"), list(_cases()))
def test_layout_rule(products, name: str, rule: str) -> None:
    broken = [p for p in problems(products[name]) if p.rule == rule]
    assert not broken, f"{name}: " + "; ".join(p.detail for p in broken[:8])


def test_contrast_floor_is_the_wcag_one() -> None:
    assert MIN_CONTRAST == 4.5


def _pdf(draw) -> bytes:
    """A one-page A4 PDF drawn by `draw(canvas)` in Cardo (the products' font)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from maerstanas_print.fonts import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595.28, 841.89), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _rules(pdf: bytes) -> set[str]:
    document = pdfium.PdfDocument(pdf)
    page = document[0]
    marks = glyphs(page)
    found = (
        edge_problems(page, 1)
        + small_text(marks, 1)
        + overlapping_labels(marks, 1)
        + contrast_problems(textless(pdf)[0], marks, 1)
    )
    return {p.rule for p in found}


def test_the_rules_pass_a_clean_page() -> None:
    def draw(c) -> None:
        c.setFont("Cardo", 10)
        c.drawString(100, 400, "Dark to move.")

    assert _rules(_pdf(draw)) == set()


def test_each_rule_catches_its_defect() -> None:
    """Measured on the rendered page: a line 5 mm from the edge, 5.5 pt text, two
    labels on one spot, grey numerals on hatching (the old ink-saver stones)."""

    def near_edge(c) -> None:
        c.line(100, 14, 300, 14)  # 5 mm above the bottom edge

    assert _rules(_pdf(near_edge)) == {"ink near the edge"}

    def small(c) -> None:
        c.setFont("Cardo", 5.5)
        c.drawString(100, 400, "A1 B2")

    assert _rules(_pdf(small)) == {"text below 6 pt"}

    def clash(c) -> None:
        c.setFont("Cardo", 10)
        c.drawString(100, 400, "Light")
        c.drawString(102, 401, "Dark")

    assert _rules(_pdf(clash)) == {"labels overlap"}

    def hatched(c) -> None:
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.setLineWidth(0.45)
        for k in range(0, 60, 2):  # 45° hatching, as on an ink-saver Dark stone
            c.line(100 + k, 400, 100 + k + 20, 420)
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont("Cardo", 12)
        c.drawString(112, 405, "10")

    assert _rules(_pdf(hatched)) == {"low contrast"}


_DARK_RGB = re.compile(rb"(?<![\d.])([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b")


@pytest.mark.parametrize(
    "name", [n for n in NAMES if n.endswith(".pdf") and not n.startswith("rulebook")]
)
def test_black_is_pure_k(products, name: str) -> None:
    """Issue 11 item 16: 'black' was RGB #1a1a1a, which a press prints as a mix of
    four inks. Every near-black fill and stroke is now DeviceCMYK 0 0 0 1."""
    reader = PdfReader(io.BytesIO(products[name].pdf))
    for page in reader.pages:
        data = page.get_contents().get_data()
        dark = [
            m.group(0)
            for m in _DARK_RGB.finditer(data)
            if max(float(m.group(i)) for i in (1, 2, 3)) < 0.25
        ]
        assert not dark, f"{name}: {dark[:3]}"
        assert b"0 0 0 1 k" in data or b"0 0 0 1 K" in data, name


def test_the_column_rule_catches_a_hole_and_a_page_that_would_have_flowed_back() -> None:
    """Issue 23's two game documents, as their columns measured before the flow model:
    the annotated game's p3 chart fitted into p2's left column; the sample game's p1
    right column was 60 % full."""
    annotated = [(0.88, 0.67), (0.63, 0.84), (0.27, 0.0)]
    assert [(p.page, p.rule) for p in column_problems(annotated, 2 / 3)] == [
        (2, "columns"),
        (3, "columns"),
    ]
    assert [p.page for p in column_problems([(0.99, 0.6), (0.84, 0.0)], 2 / 3)] == [1]
    assert [p.page for p in column_problems([(0.99, 0.45), (0.84, 0.0)], 1 / 2)] == [1]
    assert column_problems([(1.0, 0.98), (0.98, 0.32)], 2 / 3) == []


GAME_PDFS = [name for name, argv in ALL_JOBS if argv[0] == "game" and name.endswith(".pdf")]
_CLOSING_HEADINGS = ("Final position", "The score move by move", "The engine’s value")


@pytest.mark.parametrize("name", GAME_PDFS)
def test_a_game_closes_in_reading_order(products, name: str) -> None:
    """Issue 23 (review A): the sample game read 'Light wins', then the score chart,
    then the final position over the page. Every game document `build` writes sets
    its closing parts in the order a reader expects: final position, score, values."""
    reader = PdfReader(io.BytesIO(products[name].pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    found = [text.find(heading) for heading in _CLOSING_HEADINGS]
    present = [at for at in found if at >= 0]
    assert found[0] >= 0, f"{name}: no final position"
    assert present == sorted(present), f"{name}: closing parts at {found}"


@pytest.mark.parametrize("name", GAME_PDFS)
def test_every_diagram_says_whose_move_it_is(products, name: str) -> None:
    """Issue 23 ("compared with the best": chess books show whose move it is under
    every diagram): each diagram's caption in every game document says who moves
    next, or that the game is over. The whole final board drawn after a game shown
    in windows counts too (review 7-A #2: the 1992 opening's said only
    "Unfinished.": it carries no "Diagram" number, so the first form of this test
    never read it)."""
    reader = PdfReader(io.BytesIO(products[name].pdf))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    # a numbered diagram, or the "Final position" heading of the whole final board
    # (not a diagram's title, "Diagram 2: Final position", nor the scored closing's)
    figure = r"\bDiagram \d+\b|(?<!: )\bFinal position\b(?! and score)"
    captions = re.split(figure, text)[1:]
    assert captions, f"{name}: no diagram"
    for number, caption in enumerate(captions, 1):
        assert re.search(r"\b(Dark|Light|Black|White) to move\.|Game over\.", caption[:700]), (
            f"{name}: diagram {number} does not say whose move it is"
        )
