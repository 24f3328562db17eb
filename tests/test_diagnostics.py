"""Every diagnostic code: the record that provokes it, and where it points.

Positions are written as "the n-th occurrence of this text", worked out by
hand from the record, so a diagnostic that points at the wrong token fails.
"""

from __future__ import annotations

import pytest
from record_helpers import at, diagnostics, formatted, sample_text

from maerstanas_print.diagnostics import CODES

SAMPLE = sample_text()
SAMPLE_END = SAMPLE.index("Dark: 14")

# (code, record, the text the diagnostic points at, which occurrence, words in the message)
CASES = [
    ("M100", "1. E4 @ D4 *", "@", 1, "unexpected `@`"),
    ("M100", "1. E4 ) *", ")", 1, "closes no variation"),
    ("M100", "1. D4 xE3 *", "xE3", 1, "only a thunder-stone removes stones"),
    ("M101", "1. D4 H4 *", "H4", 1, "`H4` is not a square"),
    ("M101", "1. D4 A8 *", "A8", 1, "`A8` is not a square"),
    ("M101", "1. D4 E0 *", "E0", 1, "`E0` is not a square"),
    ("M102", "1. D4 4E *", "4E", 1, "names the row before the column"),
    ("M103", "1. D4 Pas *", "Pas", 1, "`Pas` is not a move"),
    ("M104", "1. D4 E3 2. C5 F4 3. T E4E3/D4/F4 *", "T E4E3", 1, "without its `x`"),
    ("M104", "1. D4 E3 2. C5 F4 3. T E4 E3/D4/F4 *", "T E4", 1, "without its `x`"),
    ("M105", "1. D4 E3 1O. C5 *", "1O.", 1, "letter O"),
    ("M105", "1. D4 E3\nDark: 4O, Light: 0", "4O", 1, "letter O"),
    ("M106", "1. D4 {never closed *", "{", 1, "never closed"),
    ("M106", "1. D4 E3 (1... F4 *", "(", 1, "never closed"),
    ("M106", '[Event "Club\n1. D4 *', '"Club', 1, "never closed"),
    ("M107", "! 1. D4 *", "!", 1, "annotates no move"),
    ("M107", "(1. C4) 1. D4 *", "(", 1, "must follow the move"),
    ("M108", '1. D4 ([Event "x"]) *', "[", 1, "a tag inside a variation"),
    ("M108", "1. D4 E3 2. *", "2.", 1, "move number with no move"),
    ("M109", "1. D4 " + "(1. E4 " * 60 + ")" * 60 + " *", "(", 51, "nested more than 50"),
    ("M201", "1. E4 E4 *", "E4", 2, "E4 is occupied"),
    ("M202", "1. C1 D2 2. D1 E1 *", "E1", 1, "the stone on D1 would reach four hinges"),
    ("M202", "1. B1 A2 2. A1 *", "A1", 1, "a stone on A1 would have four hinges"),
    ("M203", "1. E4 W D4 *", "W D4", 1, "D4 is empty"),
    ("M203", "1. E4 D4 2. W E4 *", "W E4", 1, "Dark's own stone"),
    ("M204", "1. T E4 T D4 2. T A1 *", "T A1", 1, "already played the thunder-stone"),
    ("M205", '[SpecialStones "off"]\n1. T E4 *', "T E4", 1, "special stones are off"),
    ("M206", "1. Pass *", "Pass", 1, "Dark can still move"),
    (
        "M207",
        SAMPLE[:SAMPLE_END] + "19. B1\n" + SAMPLE[SAMPLE_END:],
        "B1",
        1,
        "the game is already over",
    ),
    ("M208", '[Game "Cyngesheall"]\n1. E4 *', "E4", 1, "places a stone"),
    ("M209", '[Game "Cyngesheall"]\n1. F6-E5 *', "F6-E5", 1, "holds the commander"),
    ("M210", '[Game "Cyngesheall"]\n1. CF6-E5 D1-D7 *', "D1-D7", 1, "D7 is occupied"),
    (
        "M211",
        '[Game "Cyngesheall"]\n1. CF6-E5 CB2-C3 2. CE5-F6 CC3-B2 3. CF6-E5 CB2-C3 '
        "4. CE5-F6 CC3-B2 *",
        "CC3-B2",
        2,
        "third time",
    ),
    ("M312", '[Game "Cyngesheall"]\n1. CF6-E5! *', "CF6-E5", 1, "does not"),
    (
        "M406",
        '[Game "Cyngesheall"]\n1. CF6-E5 D1-F1 2. CE5-C3 A4-C4xCC3 3. F5-A5 C4-C5 '
        "4. F7-F2 CB2-E5 5. KG7-F7 B3-F3xF2 6. G4-E4xCE5 C2-C4 7. KF7-F4 C5-F5xKF4 0-1",
        "C5-F5xKF4",
        1,
        "has no `!`",
    ),
    ("M301", "1. E4 2. D4 *", "2.", 1, "should be `1...`"),
    ("M301", "1. E4 D4 3. C4 *", "3.", 1, "should be `2.`"),
    (
        "M302",
        "1. D4 E3 2. C5 F4 3. T E4xE3 *",
        "T E4xE3",
        1,
        "says E3, but the thunder-stone removes E3, D4, F4",
    ),
    (
        "M303",
        SAMPLE.replace("Dark: 14, Light: 16", "Dark: 15, Light: 16"),
        "Dark: 15",
        1,
        "scores Dark: 14, Light: 16",
    ),
    ("M304", "1. E4 D4\nDark: 0, Light: 0", "Dark: 0", 1, "not over"),
    ("M305", SAMPLE.replace('[Result "Light"]', '[Result "Dark"]'), "[Result", 1, "disagrees"),
    ("M306", '[Scoring "fancy"]\n1. E4 *', "[Scoring", 1, "not a known setting"),
    ("M307", '[Event "a"]\n[Event "b"]\n1. E4 *', '[Event "b"]', 1, "appears twice"),
    ("M401", "1. e4 D4 *", "e4", 1, "lower case"),
    ("M402", "1. D4 E3 2. C5 F4 3. T E4 *", "T E4", 1, "removes E3, D4, F4"),
    ("M403", SAMPLE.replace("17. Pass", ""), "T A6", 1, "must pass"),
    ("M404", "1. E4 D4", "", 1, "no termination"),
    ("M405", '[Scoring "Simple"]\n1. E4 *', "[Scoring", 1, "written `simple`"),
    ("M405", '[Date "21/11/2026"]\n1. E4 *', "[Date", 1, "not YYYY.MM.DD"),
    ("M407", "1. E4 {[%eval \u0661]} *", "[%eval", 1, "not an engine value"),
]


@pytest.mark.parametrize(
    ("code", "text", "needle", "nth", "words"),
    CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)],
)
def test_code_is_reported_at_the_token(
    code: str, text: str, needle: str, nth: int, words: str
) -> None:
    found = diagnostics(text)
    matching = [d for d in found if d[1] == code]
    assert matching, f"{code} not reported; got {found}"
    severity, _, line, column, message = matching[0]
    if needle:
        assert (line, column) == at(text, needle, nth), found
    else:  # at the end of the text
        assert (line, column) == (text.count("\n") + 1, len(text.rsplit("\n", 1)[-1]) + 1)
    assert words in message
    assert severity == ("warning" if code.startswith("M4") else "error")


def test_every_code_has_a_case_and_a_doc_line() -> None:
    from record_helpers import ROOT

    # The import codes (M5xx) are about copied move lists: tests/test_import.py.
    assert {case[0] for case in CASES} == {code for code in CODES if code[:2] != "M5"}
    doc = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    for code in CODES:
        if not code.startswith("M4"):
            assert f"| {code} |" in doc, code
        else:
            assert code in doc, code


def test_strict_turns_every_warning_into_an_error() -> None:
    for code, text, *_ in CASES:
        if code.startswith("M4"):
            strict = diagnostics(text, strict=True)
            assert any(d[1] == code and d[0] == "error" for d in strict), code


def test_caret_excerpt_and_hint() -> None:
    text = '[Event "x"]\n1. C1 D2 2. D1 E1 *\n'
    out = formatted(text)
    assert out.splitlines()[:4] == [
        "t.mrs:2:16: error M202: Light's E1 is illegal: the stone on D1 would reach four hinges",
        "  1. C1 D2 2. D1 E1 *",
        "                 ^~",
        "  hint: no stone may have four hinges (stones of either colour and board edges count)",
    ]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("1. D4 4E *", "`E4`"),
        ("1. D4 Pas *", "`Pass`"),
        ("1. D4 E3 2. C5 F4 3. T E4E3 *", "`T E4xE3`"),
        ("1O. E4 *", "`10.`"),
        ("1. e4 *", "upper case"),
        ("1. D4 E3 2. C5 F4 3. T E4 *", "`T E4xE3/D4/F4`"),
    ],
)
def test_hints_for_transcription_slips(text: str, hint: str) -> None:
    assert "hint: " in formatted(text)
    assert hint in formatted(text)


def test_all_problems_are_reported_not_just_the_first() -> None:
    text = "1. D4 H4 2. 4E E5 3. Pas C4 *\n1. E4 E4 2. W D1 *\n"
    codes = [d[1] for d in diagnostics(text)]
    assert codes == ["M101", "M102", "M103", "M201", "M203"]


def test_a_removal_list_in_any_order_is_accepted() -> None:
    text = "1. D4 E3 2. C5 F4 3. T E4xF4/D4/E3 *"
    assert diagnostics(text) == []


def test_the_game_goes_on_after_an_illegal_placement() -> None:
    # E1 is illegal but placed, so Dark's F1 then fails too: F1's neighbour E1
    # has the edge, D1 and (now) F1 around it... it is E1 that reaches three
    # hinges after F1? No: E1 has edge + D1 = 2 hinges, F1 makes 3, which is
    # allowed. So only E1 is reported, and the replay continues legally.
    text = "1. C1 D2 2. D1 E1 3. F3 *"
    assert [d[1] for d in diagnostics(text)] == ["M202"]
