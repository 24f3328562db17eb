"""Rulebook sources: the Markdown format, its claim language, references and diagnostics.

Every claim kind is written once true and once false in a tiny source; a false one
must stop the build at the claim's own line. The expected facts (hinge counts,
removals, scores, move counts) were worked out by hand on the board.
"""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from maerstanas_print.cli import main
from maerstanas_print.plugins.maerstanas import book_claims as claims
from maerstanas_print.plugins.tafl import book_claims as tafl_claims
from maerstanas_print.rulebook.compile_source import compile_source
from maerstanas_print.rulebook.source import read_source
from maerstanas_print.rulebook.source_errors import SourceError

ROOT = Path(__file__).resolve().parents[1]
CLUB = ROOT / "maerstanas_print" / "samples" / "club-rules.md"
BOOKS = ROOT / "maerstanas_print" / "games" / "books"

# A game two random movers played to the end (Dark must pass; Light still holds T).
PASS_GAME = (
    "T B7 C6 E1 F2 F5 D2 D1 C5 C3 G5 A3 B5 C2 A5 A4 A2 E5 A7 F3 G3 A1 E3 F1 E6 "
    "G7 E7 B6 D7 D3 G4 D5 F6 W A5 W D3"
)
SHAPE = "stones: dark D3 C4; light E4"  # D4 has three hinges (D3, C4, E4)
SCORING = "stones: dark A1 B1 C2 D2 C3 D3 F4 G4 G5; light E1 F1 E2 D5 E5 D6 A6 A7"


def source(game: str, panel: str, claim: str, extra: str = "") -> str:
    """A one-figure book: the position is on line 12, the claim on line 14 (or 15 after
    an `extra` line)."""
    return (
        f"---\ngame: {game}\ntitle: Test\n---\n\n# One\n\n```figure\nid: f\n"
        f"caption: A test.\npanel: p\n{panel}\n{extra}claims:\n  {claim}\n```\n"
    )


def build(text: str, name: str = "test.md"):
    return compile_source(read_source(text, name))


# (panel, claim, true?) -- each claim kind both ways.
MAERSTANAS_CASES = [
    (SHAPE, "legal D4", True),
    ("stones: dark D3 C4; light E4 D5", "legal D4", False),
    ("stones: dark D3 C4; light E4 D5", "illegal D4", True),
    (SHAPE, "illegal D4", False),
    ("stones: dark C1 D1; light D2", "illegal E1 because D1", True),
    ("stones: dark C1 D1", "illegal E1 because D1", False),
    (SHAPE, "illegal D3 occupied", True),
    (SHAPE, "illegal D4 occupied", False),
    (SHAPE, "hinges D4 3", True),
    (SHAPE, "hinges D4 2", False),
    ("stones: empty", "hinges A1 2", True),
    ("record: 1. D4 E3 2. C5 F4 *", "removes E4: E3 D4 F4", True),
    ("record: 1. D4 E3 2. C5 F4 *", "removes E4: E3 D4", False),
    ("stones: empty", "removes G6: nothing", True),
    ("record: 1. D4 E4 2. D5 E5 *", "woden E4", True),
    ("record: 1. D4 E4 2. D5 E5 *", "woden D5", False),
    ("record: 1. D4 E4 2. D5 E5 *", "no-woden D5", True),
    ("record: 1. D4 E4 2. D5 E5 *", "no-woden E4", False),
    (f"record: {PASS_GAME} *", "pass", True),
    ("stones: empty", "pass", False),
    (f"record: {PASS_GAME} *", "full", True),
    ("stones: empty", "full", False),
    (f"record: {PASS_GAME} Pass *\nthen: T G1xF1", "over", True),
    ("stones: empty", "over", False),
    ("stones: empty", "goes-on", True),
    (f"record: {PASS_GAME} Pass *\nthen: T G1xF1", "goes-on", False),
    (SCORING, "score 12 10", True),  # counted by hand in the scoring chapter
    (SCORING, "score 12 11", False),
    (SCORING, "score 7 5 simple unmarked", True),
    (SCORING, "score 12 10 simple", False),
]

TAFL_CASES = [
    ("stones: start", "legal G4-G1", True),
    ("stones: start", "legal F7-F1", False),
    ("stones: start", "illegal F7-F1 unreachable the way is blocked at F6", True),
    ("stones: start", "illegal F7-F1", True),
    ("stones: start", "illegal G4-G1", False),
    ("stones: dark KG7 D3 F5; light KA1 D4", "captures F5-D5: D4", True),
    ("stones: dark KG7 D3 F5; light KA1 D4", "captures F5-D5: none", False),
    ("stones: start", "moves Dark 37", True),
    ("stones: start", "moves Light 36", False),
    ("stones: dark KA5 G7; light KG1 C3\nthen: KA5-A1!", "result Dark escape", True),
    ("stones: dark KA5 G7; light KG1 C3\nthen: KA5-A1!", "result Dark", True),
    ("stones: dark KA5 G7; light KG1 C3\nthen: KA5-A1!", "result Light", False),
    ("stones: start", "goes-on", True),
    ("stones: dark KA5 G7; light KG1 C3\nthen: KA5-A1!", "goes-on", False),
    ("stones: start", "start", True),
    ("setup: /ksss3/scs4/ss5/s5S/5SS/4SCS/3SSSK/", "start", True),  # the start, as a Setup
    ("stones: dark KA5 G7; light KG1 C3", "start", False),
]


def _claim_line(text: str, claim: str) -> int:
    return text.splitlines().index(f"  {claim}") + 1


@pytest.mark.parametrize(
    ("game", "panel", "claim", "true"),
    [("Maerstanas", *case) for case in MAERSTANAS_CASES]
    + [("Cyngesheall", *case) for case in TAFL_CASES],
)
def test_claims_true_and_false(game, panel, claim, true) -> None:
    text = source(game, panel, claim)
    if true:
        build(text)
        return
    with pytest.raises(SourceError) as caught:
        build(text)
    assert caught.value.code == "R201", str(caught.value)
    assert caught.value.line == _claim_line(text, claim)


def test_the_cases_cover_every_claim_kind() -> None:
    kinds = {type(claims.read_claim(c)) for _, c, _ in MAERSTANAS_CASES}
    assert kinds == set(typing.get_args(claims.Claim))
    tafl = {type(tafl_claims.read_tafl_claim(c)) for _, c, _ in TAFL_CASES}
    assert tafl == set(typing.get_args(tafl_claims.TaflClaim))


# Positions no game can reach (R203 at the position's line, before any claim is asked):
# the old `torus-closes` figure's plain board (G4 has the edge, G3, F4 and G5), the
# same on the torus where it is reachable, and tafl boards with a piece too many.
UNREACHABLE_CASES = [
    ("Maerstanas", "stones: dark G3 F4 G5 G4", "legal A4", "G4 has four hinges on the plain"),
    ("Maerstanas", "stones: dark A1 B1 A2", "legal G7", "A1 has four hinges on the plain"),
    ("Maerstanas", "stones: dark G3 F4 G5 G4; scoring wraparound", "legal B4", None),
    ("Maerstanas", "stones: dark B1 A2 G1 A7 A1; scoring wraparound", "goes-on", "A1 has four"),
    ("Cyngesheall", "stones: dark KG7 KG6; light KA1", "goes-on", "Dark has 2 kings"),
    ("Cyngesheall", "stones: dark KG7 CF6 CE6; light KA1", "goes-on", "2 commanders"),
]


@pytest.mark.parametrize(("game", "panel", "claim", "problem"), UNREACHABLE_CASES)
def test_a_figure_shows_only_a_position_the_game_can_reach(game, panel, claim, problem) -> None:
    text = source(game, panel, claim)
    if problem is None:
        build(text)
        return
    with pytest.raises(SourceError) as caught:
        build(text)
    assert caught.value.code == "R203", str(caught.value)
    assert caught.value.line == 12  # the position's line
    assert problem in str(caught.value)


def test_a_false_claim_prints_like_check() -> None:
    text = source("Maerstanas", SHAPE, "hinges D4 2")
    with pytest.raises(SourceError) as caught:
        build(text, "rules.md")
    lines = str(caught.value).splitlines()
    assert lines[0].startswith(
        "rules.md:14:3: error R201: figure 1 (f), panel 'p' claims 'D4 has 2 hinges', but D4 has 3"
    )
    assert lines[1] == "    hinges D4 2"
    assert lines[2] == "    ^~~~~~~~~~~"
    assert lines[3].startswith("  hint: ")


@pytest.mark.parametrize(
    ("text", "code", "line", "column"),
    [
        (source("Maerstanas", SHAPE, "legal Z9"), "R104", 14, 3),
        (source("Maerstanas", SHAPE, "frobnicate D4"), "R104", 14, 3),
        (source("Maerstanas", SHAPE, "captures F5-D5: D4"), "R104", 14, 3),
        (source("Cyngesheall", "stones: start", "legal D4"), "R104", 14, 3),
        (source("Maerstanas", "stones: dark D3 D3", "legal D4"), "R105", 12, 9),
        (source("Maerstanas", "stones: purple D3", "legal D4"), "R105", 12, 9),
        (source("Maerstanas", "record: 1. D4 D4 *", "legal D5"), "R105", 12, 9),
        (source("Maerstanas", SHAPE, "legal D5", "then: T D4xD3\n"), "R202", 13, 7),
        (source("Maerstanas", SHAPE, "legal D5", "marks: glow D4\n"), "R102", 13, 8),
        (source("Maerstanas", SHAPE, "legal D5", "colour: red\n"), "R102", 13, 1),
        (
            "---\ngame: Maerstanas\ntitle: T\n---\n\n# One\n\nSee {{ nowhere.figure }}.\n",
            "R106",
            8,
            5,
        ),
        ("---\ngame: Maerstanas\ntitle: T\n---\n\n# One\n\n```diagram\nid: x\n```\n", "R102", 8, 4),
        ("---\ngame: Maerstanas\ntitle: T\n---\n\n# One\n\n<b>bold</b>\n", "R101", 8, 1),
        ("---\ngame: Maerstanas\ntitle: T\n---\n\n# One\n\n### Deep\n", "R101", 8, 1),
        (
            "---\ngame: Maerstanas\ntitle: T\n---\n\n# One\n\n"
            "```record\nid: r\n\n1. D4 D4 *\n```\n",
            "R107",
            9,
            5,
        ),
        ("---\ngame: Chess\ntitle: T\n---\n\n# One\n", "R100", 2, 7),
        ("---\ngame: Maerstanas\ntitel: T\n---\n\n# One\n", "R100", 3, 1),
        ("# One\n\nNo front matter.\n", "R100", 1, 1),
        ("---\ngame: Maerstanas\ntitle: T\n---\n\nOnly small print.\n", "R101", 6, 1),
        ("---\ngame: Maerstanas\ntitle: T\nreleased: soon\n---\n# x\n", "R100", 4, 11),
        ("---\ngame: Maerstanas\ntitle: T: x\n---\n# x\n", "R100", 3, 9),
        ("---\ngame: Maerstanas\ntitle: T\n---\n# x\n```include nothing\n```\n", "R108", 6, 12),
        (
            "---\ngame: Maerstanas\ntitle: T\n---\n# x\n```sample-game\nfile: ../x.mrs\n```\n",
            "R108",
            7,
            7,
        ),
        (
            "---\ngame: Maerstanas\ntitle: T\n---\n# x\n```sample-game\n"
            "file: cyngesheall-game.mrs\n```\n",
            "R102",
            7,
            7,
        ),
        ("---\ngame: Maerstanas\ntitle: T\n---\n# x\n```setup-table\n```\n", "R102", 6, 4),
        (
            "---\ngame: Cyngesheall\ntitle: T\n---\n# x\n```options-table\n"
            "corner_access=all: x\n```\n",
            "R102",
            6,
            4,
        ),
        (
            "---\ngame: Maerstanas\ntitle: T\n---\n# x\n```figure\nid: F_1\ncaption: c\n```\n",
            "R103",
            7,
            5,
        ),
        (
            "---\ngame: Maerstanas\ntitle: T\n---\n# x\n```figure\nid: f\ncaption: c\n"
            "claims:\n  legal D4\n```\n",
            "R102",
            9,
            8,
        ),
    ],
)
def test_problems_are_found_where_they_are(text, code, line, column) -> None:
    with pytest.raises(SourceError) as caught:
        build(text)
    error = caught.value
    assert error.code == code, str(error)
    assert error.where.source.locate(error.where.start) == (line, column), str(error)


def test_references_are_filled_in_by_the_engine() -> None:
    book = compile_source(read_source(CLUB.read_text("utf-8"), str(CLUB)))
    text = "\n".join(book.texts())
    # Simple scoring of dark A1 B1 C1 (two pairs) and light D4 D5 (one pair).
    assert "In {fig:pairs} Dark has 2 points and Light 1." in text
    # T E4 removes E3, D4 and F4; the record has six moves, one of them that thunder-stone.
    assert "removes 3 stones" in text and "A club opening: 6 moves, 3 stones removed." in text
    assert "released on 23 November 2026" in text and "edition 2 of our rules" in text
    assert "{{" not in text


def test_values_of_positions_come_from_the_game_family_modules() -> None:
    from maerstanas_print.plugins.maerstanas.book_claims import position_value
    from maerstanas_print.plugins.maerstanas.book_figures import Stones
    from maerstanas_print.plugins.tafl.book_claims import TaflStones, tafl_position_value

    # Dark A1 B1 (a pair, three edge sides: 4) against Light G7 (two edge sides: 2).
    position = Stones(dark="A1 B1", light="G7").position()
    assert position_value(position, "dark-score") == "4"
    assert position_value(position, "light-score") == "2"
    assert position_value(position, "dark-score", "simple") == "1"
    assert position_value(position, "winner") == "Dark"
    assert position_value(position, "moves") is None
    start = TaflStones("Cyngesheall").position()
    assert tafl_position_value(start, "light-moves") == "37"
    assert tafl_position_value(start, "winner") == "nobody"


def test_the_1992_books_references_count_the_opening() -> None:
    book = compile_source(read_source((BOOKS / "hnefatafl1992.md").read_text("utf-8"), "h"))
    text = "\n".join(book.texts())
    # 1. O9-O10 N6-N10xO10 2. O11-O10xN10 N3-N10xO10: four moves, three captures.
    assert "A short opening: 4 moves and 3 captures" in text


@pytest.mark.parametrize("name", ["maerstanas", "cyngesheall", "hnefatafl1992"])
def test_the_shipped_books_check_clean(name, capsys) -> None:
    assert main(["rulebook", "--check", str(BOOKS / f"{name}.md")]) == 0
    assert "no problems" in capsys.readouterr().err


def test_a_source_written_from_the_guide_builds_pdf_and_html(tmp_path) -> None:
    pdf, html = tmp_path / "club.pdf", tmp_path / "club.html"
    assert main(["rulebook", "--source", str(CLUB), "-o", str(pdf)]) == 0
    assert main(["rulebook", "--source", str(CLUB), "--format", "html", "-o", str(html)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    page = html.read_text("utf-8")
    assert "<title>Mǽrstánas at the Tuesday Club: House rules: the 2026 edition</title>" in page
    assert "Dark has 2 points and Light 1" in page


def test_one_false_claim_fails_at_its_line_and_writes_nothing(tmp_path, capsys) -> None:
    text = CLUB.read_text("utf-8").replace("  score 2 1 simple", "  score 2 2 simple")
    bad = tmp_path / "club.md"
    bad.write_text(text, "utf-8")
    line = text.splitlines().index("  score 2 2 simple") + 1
    out = tmp_path / "club.pdf"
    assert main(["rulebook", "--source", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:{line}:3: error R201:" in err and "Light 1" in err
    assert not out.exists()
    assert main(["rulebook", "--check", str(tmp_path / "missing.md")]) == 3
    assert main(["rulebook", "--check", str(tmp_path)]) == 3  # a folder
    (tmp_path / "binary.md").write_bytes(b"\xff\xfe\x00")
    assert main(["rulebook", "--check", str(tmp_path / "binary.md")]) == 3
    assert "Traceback" not in capsys.readouterr().err
    assert main(["rulebook", "--check", str(CLUB), "--game", "cyngesheall"]) == 2
    assert "does not match the source" in capsys.readouterr().err
    assert main(["rulebook", "--check", str(CLUB), "--game", "maerstanas"]) == 0


def test_the_guide_shows_every_claim_and_error_code() -> None:
    guide = (ROOT / "docs" / "writing-rulebooks.md").read_text("utf-8")
    for _, claim, _ in MAERSTANAS_CASES + TAFL_CASES:
        assert f"`{claim.split()[0]}" in guide, claim
    from maerstanas_print.rulebook.source_errors import CODES

    for code in CODES:
        assert f"| {code} |" in guide, code
