"""Engine values in records (issue 14): `[%eval]` commands written by `annotate`,
hidden from readers, drawn as the evaluation chart, and the better move named
under a diagram."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from maerstanas_print import parse, replay
from maerstanas_print.cli import main
from maerstanas_print.gamedoc.html import game_html
from maerstanas_print.gamedoc.model import document, evaluation_words
from maerstanas_print.gamedoc.pdf import game_pdf
from maerstanas_print.notation.embedded import (
    Command,
    EngineValue,
    evaluation_of,
    parse_eval,
    split,
)
from maerstanas_print.notation.export import export_game
from maerstanas_print.resources import sample_path
from tests.analysis_helpers import ending_file
from tests.game_helpers import load
from tests.pdf_tools import all_text
from tests.test_analysis_search import naive_value

ANNOTATED = sample_path("annotated-game.mrs")
SAMPLE = sample_path("sample-game.mrs")
# How the shipped annotated sample was made (a fixed depth: the same on every machine).
SAMPLE_SETTINGS = ["--depth", "4"]


def fmt(text: str) -> str:
    (game,) = [replay(g) for g in parse(text).games]
    return export_game(game)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


# --- the commands in a record ----------------------------------------------------------


def test_commands_leave_the_comment_text_and_fmt_writes_them_back() -> None:
    text = '[Event "x"]\n\n1. D4 {good [%eval +3] move [%clk 0:01:02]} E3 {[%eval ~-2,9]} *\n'
    (record,) = parse(text).games
    first, second = record.mainline.nodes
    assert first.comments[0].text == "good move"
    assert first.comments[0].commands == (Command("eval", "+3"), Command("clk", "0:01:02"))
    assert second.comments[0].text == ""
    once = fmt(text)
    assert "1. D4 {[%eval +3] [%clk 0:01:02] good move} 1... E3 {[%eval ~-2,9]} *" in once
    assert fmt(once) == once


@pytest.mark.parametrize(
    "written, value",
    [
        ("+3", EngineValue(3, True)),
        ("0", EngineValue(0, True)),
        ("-12", EngineValue(-12, True)),
        ("~+2,9", EngineValue(2, False, 9)),
        ("~-1", EngineValue(-1, False)),
        ("+2,9", EngineValue(2, False, 9)),  # a depth without `~`: another program's estimate
        ("0.35", None),
        ("#3", None),
        ("", None),
        ("~", None),
    ],
)
def test_eval_values_read_and_written(written: str, value: EngineValue | None) -> None:
    assert parse_eval(written) == value
    if value is not None and (value.exact or written.startswith("~")):
        assert value.command().value.lstrip("+") == written.lstrip("+")


def test_a_second_diagram_request_and_broken_commands_stay_text() -> None:
    words, diagram, commands = split('[%diagram "a"] [%diagram "b"] [%eval [%x')
    assert (words, diagram, commands) == ('[%diagram "b"] [%eval [%x', "a", ())


# --- annotate ----------------------------------------------------------------------------


def _annotate(source: Path, out: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    code, stdout, err = run(["annotate", str(source), "-o", str(out), *extra], capsys)
    assert (code, stdout, err) == (0, "", "")
    return out.read_text(encoding="utf-8")


def test_annotate_values_every_ply_as_an_exact_solve_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, positions = ending_file(tmp_path, 7, seed=6, comments={1: "A human note."})
    once = _annotate(source, tmp_path / "once.mrs", capsys, "--time", "0.02")
    assert (
        _annotate(tmp_path / "once.mrs", tmp_path / "twice.mrs", capsys, "--time", "0.02") == once
    )
    assert run(["check", str(tmp_path / "once.mrs")], capsys)[0] == 0
    assert fmt(once) == once  # fmt keeps the commands
    (game,) = [replay(g) for g in parse(once).games]
    assert len(game.main.steps) == 7
    best_lines = 0
    for index, step in enumerate(game.main.steps):
        assert step.node is not None
        assert evaluation_of(step.node.comments) == EngineValue(
            naive_value(positions[index + 1]), True
        )
        assert not any("%" in c.text for c in step.node.comments)
        for line in step.variations:  # the best line's first move keeps the value before
            best_lines += 1
            first = line.steps[0].node
            assert first is not None
            assert evaluation_of(first.comments) == EngineValue(naive_value(positions[index]), True)
    assert best_lines >= 1
    assert "{A human note.}" in once


def test_annotate_marks_estimates_with_their_depth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, _ = ending_file(tmp_path, 14, seed=6)
    out = _annotate(source, tmp_path / "out.mrs", capsys, "--exact-from", "0", "--depth", "1")
    (game,) = [replay(g) for g in parse(out).games]
    values = [evaluation_of(step.node.comments if step.node else []) for step in game.main.steps]
    assert len(values) == 14 and None not in values
    written = [" ".join(v.split()) for v in re.findall(r"\[%eval\s([^\]]*)\]", out)]
    estimates = [v for v in written if v.startswith("~")]
    assert estimates and all(re.fullmatch(r"~[+-]\d+,1", v) for v in estimates)
    # The first positions are far from the end: a 1-ply search proves nothing there.
    assert values[0] is not None and not values[0].exact and values[0].depth == 1


def test_the_shipped_annotated_sample_is_what_annotate_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numba")  # the exact solves' node cap is the compiled core's
    shipped = ANNOTATED.read_text(encoding="utf-8")
    made = _annotate(SAMPLE, tmp_path / "made.mrs", capsys, *SAMPLE_SETTINGS)
    assert made == shipped
    assert _annotate(ANNOTATED, tmp_path / "again.mrs", capsys, *SAMPLE_SETTINGS) == shipped


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (None, "maerstanas_print engine"),
        ("maerstanas_print", "maerstanas_print engine"),  # the sample read "...; ... engine"
        ("A. Person; maerstanas_print", "A. Person; maerstanas_print engine"),
        ("A. Person", "A. Person; maerstanas_print engine"),
        ("?", "maerstanas_print engine"),
    ],
)
def test_annotate_names_the_tool_once_among_the_annotators(before, after) -> None:
    from maerstanas_print.games.maerstanas.analysis.annotate import _sign

    tag = "" if before is None else f'[Annotator "{before}"]\n'
    (record,) = parse(f"{tag}\n1. D4 *\n").games
    _sign(record)
    assert record.find_tag("Annotator").value == after  # type: ignore[union-attr]


# --- what readers see ----------------------------------------------------------------------

HIDDEN = """[Event "Hidden commands"]

1. D4 {[%eval +0]} 1... E3 {[%eval ~-1,4] A note stays.} 2. C5 {[%clk 0:05]} *
"""


def test_readers_never_see_commands_and_command_only_comments_vanish() -> None:
    (game,) = [replay(g, keep_positions=True) for g in parse(HIDDEN).games]
    doc = document(game)
    comments = [run.text for block in doc.blocks for run in block.runs if run.kind == "comment"]
    assert comments == ["A note stays."]
    pdf_text = all_text(game_pdf([game], title="t"))
    html = game_html([game], title="t")
    for shown in (pdf_text, html):
        assert "%eval" not in shown and "%clk" not in shown
        assert "A note stays." in shown


def test_the_evaluation_chart_appears_only_with_values() -> None:
    plain = load(SAMPLE)
    assert not document(plain[0]).valued
    assert "engine’s value" not in all_text(game_pdf(plain, title="t"))
    assert "engine’s value" not in game_html(plain, title="t")
    (game,) = load(ANNOTATED)
    doc = document(game)
    assert doc.valued and len(doc.values) == len(game.main.steps)
    words = evaluation_words(doc)
    proved = sum(1 for v in doc.values if v is not None and v.exact)
    estimated = sum(1 for v in doc.values if v is not None and not v.exact)
    assert f"{proved} proved values" in words["caption"]
    assert f"{estimated} estimates, searched 4 plies deep" in words["caption"]
    pdf_text = " ".join(all_text(game_pdf([game], title="t")).split())
    assert words["heading"] in pdf_text and "Dark ahead" in pdf_text
    html = game_html([game], title="t")
    assert 'id="g1-values"' in html and words["heading"] in html


def test_the_chart_draws_proved_values_filled_and_estimates_open() -> None:
    from maerstanas_print.draw.shapes import Circle, Group
    from maerstanas_print.gamedoc.figures import evaluation_shapes

    values = [EngineValue(1, False, 4), None, EngineValue(-2, True), EngineValue(0, True)]
    chart = evaluation_shapes(values, ["1. A", "1... B", "2. C", "2... D"], 100, 40)
    (points,) = [
        s for s in chart.children if isinstance(s, Group) and s.title == "The engine’s value"
    ]
    dots = [s for s in points.children if isinstance(s, Circle)]
    assert [d.fill == "#ffffff" for d in dots] == [True, False, False]
    zero = [d.cy for d in dots][2]
    assert dots[0].cy < zero < dots[1].cy  # Dark ahead above the zero line, Light below
    assert "1. A +1 (estimate); 2. C -2; 2... D +0" in (chart.desc or "")


# --- the better move under a diagram ---------------------------------------------------------

BETTER = """[Event "Better moves"]

1. D4 {[%eval +1] [%diagram "Here"]} (1. C4 {[%eval +3]} 1... E3) (1. B4 {[%eval +0]})
1... E3 {[%eval ~+1,6] [%diagram "There"]} (1... C3 {[%eval ~-2,6]}) 2. C5 *
"""


def test_a_diagram_after_a_valued_move_names_the_better_one() -> None:
    (game,) = [replay(g, keep_positions=True) for g in parse(BETTER).games]
    doc = document(game, every=0)
    here, there = (d for d in doc.diagrams if d.caption in ("Here", "There"))
    assert (
        "Better: 1. C4, which ends Dark 3 points ahead with best play; 1. D4 ends "
        "Dark 1 point ahead (both proved)."
    ) in here.notes
    assert (
        "Better: 1... C3, which ends about Light 2 points ahead with best play; "
        "1... E3 ends about Dark 1 point ahead (engine estimates)."
    ) in there.notes


def test_the_annotated_sample_names_the_better_move_under_its_diagram() -> None:
    (game,) = load(ANNOTATED)
    doc = document(game)
    (diagram,) = [d for d in doc.diagrams if d.caption == "After 15. F6 E1"]
    assert any(
        note.startswith("Better: 15... D1, which ends Light 9 points ahead")
        for note in diagram.notes
    )
    assert not any(
        note.startswith("Better") for d in document(load(SAMPLE)[0]).diagrams for note in d.notes
    )


def test_a_forced_pass_left_out_is_written_in_with_its_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = re.sub(
        r'17\. Pass \{\[%diagram "A forced pass"\][^}]*\}\n', "", SAMPLE.read_text(encoding="utf-8")
    )
    assert "17. Pass" not in text
    source = tmp_path / "no-pass.mrs"
    source.write_text(text, encoding="utf-8")
    once = _annotate(source, tmp_path / "once.mrs", capsys, "--depth", "2")
    assert re.search(r"17\. Pass \{\[%eval [+-]\d+\]\}", once)
    assert _annotate(tmp_path / "once.mrs", tmp_path / "twice.mrs", capsys, "--depth", "2") == once


def test_a_best_line_is_introduced_in_one_sentence() -> None:
    """Reviewed: every engine line opened "Instead of Dark's 14th move (14. E6?!):
    Engine: the best line, ending -8.", two labels in a row. The record keeps the note
    `annotate` writes; the document joins it to the lead in one sentence with the margin
    the note gives, in the PDF and the HTML alike."""
    from maerstanas_print.notation.engine_notes import best_line_comment, best_line_ending

    assert best_line_ending(best_line_comment(-8)) == "-8"
    assert best_line_comment(-8) in ANNOTATED.read_text(encoding="utf-8").replace("\n", " ")
    (game,) = [replay(g, keep_positions=True) for g in parse(ANNOTATED.read_text("utf-8")).games]
    pdf = " ".join(all_text(game_pdf([game], title="t")).split())
    html = re.sub(r"<[^>]+>", "", game_html([game], title="t"))
    for text in (pdf, " ".join(html.split())):
        assert "Instead of Dark’s 14th move (14. E6?!), the engine’s best line, ending −8:" in (
            text
        )
        assert "): Engine:" not in text


@pytest.mark.parametrize("width", [120.0, 140.0, 180.0])  # the PDF's chart, and wider
def test_verdicts_of_neighbouring_plies_never_share_a_row(width: float) -> None:
    """Review 7-A #11: drawn wide (the HTML chart), the verdicts of plies 14-16 stood
    0.4 mm apart in one row ("?! ? ? ?!"), and no reader could tell which glyph
    belonged under which dot. Glyphs of one row now stand a space apart, so verdicts
    of neighbouring plies take turns between the rows, as on the narrower PDF chart."""
    from maerstanas_print.draw.shapes import Group, Text
    from maerstanas_print.gamedoc.figures import evaluation_height, evaluation_shapes

    values = [EngineValue(-v, True) for v in range(36)]
    verdicts: list[str | None] = [None] * 36
    verdicts[26:31] = ["?!", "?", "?", "?!", "??"]  # five plies in a row, as 14. to 16.
    chart = evaluation_shapes(
        values,
        [str(i) for i in range(36)],
        width,
        evaluation_height(width, True),
        verdicts=verdicts,
    )
    (points,) = [c for c in chart.children if isinstance(c, Group) and c.title]
    marks = sorted((t.x, t.y) for t in points.children if isinstance(t, Text))
    assert len(marks) == 5
    for (_, above), (_, below) in zip(marks, marks[1:], strict=False):
        assert above != below  # neighbouring plies: different rows
