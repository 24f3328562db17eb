"""The document model of annotated games, against positions counted by hand.

Every expected number here was worked out from the record on paper (see the
comments), not copied from the program's output.
"""

from __future__ import annotations

from maerstanas_print.draw.board import Stone
from maerstanas_print.gamedoc.model import document
from maerstanas_print.games.maerstanas.engine import DARK, LIGHT, THUNDER, WODEN
from tests.game_helpers import HAND, WRAP, load, sq


def test_sample_diagrams_where_asked_every_ten_moves_and_at_the_end() -> None:
    doc = document(load()[0])
    got = [(d.caption, d.kind, d.plies[1]) for d in doc.diagrams]
    assert got == [
        (None, "every", 19),  # after 10... C1, ten moves in
        ("After 15. F6 E1", "requested", 29),
        ("A forced pass", "requested", 32),  # after 17. Pass
        (None, "final", 35),  # after 18... C7
    ]
    assert [d.range_text for d in doc.diagrams] == [
        "1. G4 to 10... C1",
        "11. E3 to 15... E1",
        "16. W E1! to 17. Pass",
        "17... T A6xA5/B6/A7!? to 18... C7",
    ]


def test_only_requested_diagrams_with_every_zero_and_more_with_every_five() -> None:
    game = load()[0]
    assert [d.plies[1] for d in document(game, every=0).diagrams] == [29, 32, 35]
    # Every five moves since the last diagram: after 5..., 10..., 15... E1 (asked),
    # 17. Pass (asked), then the end.
    assert [d.plies[1] for d in document(game, every=5).diagrams] == [9, 19, 29, 32, 35]


def test_dark_must_pass_checkpoint_counted_by_hand() -> None:
    # Dark's 15 placements (G4 G2 B6 F5 T G6 C4 B4 F3 C3 B2 E3 G7 E2 E6 F6) plus
    # 16. W E1, minus E3 taken by 16... W E3: 15 stones. Light's 15 placements
    # minus E1 plus the Woden-stone on E3: 15 stones. Dark has spent both
    # specials; Light still holds the thunder-stone.
    # Score (default): Dark pairs B4-C4 E6-F6 F6-G6 E1-E2 C3-C4 F5-F6 G6-G7 = 7,
    # edge sides E1 G2 G4 G6 G7x2 = 6, so 13. Light pairs C5-D5 C6-D6 A7-B7
    # C5-C6 D5-D6 E3-E4 = 6, edge sides A1x2 C1 F1 A3 A5 A7x2 B7 E7 = 10, so 16.
    diagram = document(load()[0]).diagrams[2]
    assert diagram.title == "Diagram 3: A forced pass"
    check = diagram.checkpoint
    assert check.stones == (15, 15)
    assert check.in_hand == (0, THUNDER)
    assert check.score == (13, 16)
    assert check.text() == (
        "On the board: Dark 15, Light 15 stones. In hand: Dark none, "
        "Light T. Score: Dark 13, Light 16. Light to move."
    )
    assert diagram.notes == [
        "16. W E1 replaced Light 15 with a Dark Woden-stone.",
        "16... W E3 replaced Dark 11 with a Light Woden-stone.",
        "17. Pass: Dark has no move.",
    ]
    # Numbers only on the stones played in the range, and the last move was a pass.
    assert diagram.numbers == {sq("E1"): "16", sq("E3"): "16"}
    assert diagram.stones[sq("E1")] == Stone(DARK, "woden")
    assert diagram.stones[sq("E3")] == Stone(LIGHT, "woden")
    assert diagram.last is None


def test_first_diagram_numbers_every_stone_by_its_move() -> None:
    diagram = document(load()[0]).diagrams[0]
    dark = ["G4", "G2", "B6", "F5", "G6", "C4", "B4", "F3", "C3", "B2"]
    light = ["D2", "D5", "A5", "A3", "A1", "C5", "D6", "F1", "E4", "C1"]
    expected = {sq(name): str(n) for names in (dark, light) for n, name in enumerate(names, 1)}
    assert diagram.numbers == expected
    assert diagram.stones[sq("G6")] == Stone(DARK, "thunder")
    assert diagram.last == sq("C1")
    # Dark pairs B4-C4, C3-C4 and edge sides G2 G4 G6: 5. Light pairs C5-D5,
    # D5-D6 and edge sides A1x2 C1 F1 A3 A5: 8.
    assert diagram.checkpoint.score == (5, 8)
    assert diagram.checkpoint.in_hand == (WODEN, THUNDER | WODEN)
    assert diagram.notes == ["5. T G6 removed nothing."]


def test_final_diagram_crosses_the_squares_the_thunder_emptied() -> None:
    diagram = document(load()[0]).diagrams[3]
    # 17... T A6 removed A5, B6, A7; 18. A5 refilled A5: B6 and A7 stay empty.
    assert diagram.emptied == [sq("B6"), sq("A7")]
    assert diagram.notes == ["17... T A6 removed Light 3 (A5), Dark 3 (B6) and Light 12 (A7)."]
    assert diagram.numbers == {sq("A6"): "17", sq("A5"): "18", sq("C7"): "18"}
    assert diagram.last == sq("C7")
    assert diagram.checkpoint.stones == (15, 15)
    assert diagram.checkpoint.score == (14, 16)


def test_score_explanation_matches_the_engine_and_the_hand_count() -> None:
    game = load()[0]
    explanation = document(game).explanation
    assert explanation.score == game.score == (14, 16)
    assert explanation.pairs == (7, 7)  # Light gains B7-C7 and C6-C7, loses A7-B7
    assert explanation.edges == (7, 9)
    assert (DARK, sq("E1"), sq("E2")) in explanation.links
    assert (LIGHT, sq("B7"), sq("C7")) in explanation.links
    assert (DARK, sq("G7"), "bottom") in explanation.ticks


def test_score_series_follows_the_engine_after_every_ply() -> None:
    game = load()[0]
    doc = document(game)
    assert doc.series[0] == (0, 0)
    assert doc.series[1:] == [step.after.score() for step in game.main.steps]
    assert doc.specials == [
        (8, DARK, "thunder"),
        (30, DARK, "woden"),
        (31, LIGHT, "woden"),
        (33, LIGHT, "thunder"),
    ]


def test_move_text_comments_and_variations() -> None:
    doc = document(load()[0])
    paragraphs = [" ".join(r.text for r in b.runs) for b in doc.blocks if b.runs]
    assert paragraphs[0].startswith("1. G4 D2 2. G2 D5 3. B6 A5 4. F5 A3 5. T G6 Dark spends")
    assert (
        "16. W E1! Dark turns Light's stone on the top edge into a Dark Woden-stone." in paragraphs
    )
    variation = next(b for b in doc.blocks if b.kind == "variation")
    assert " ".join(r.text for r in variation.runs).startswith(
        "Instead of Light’s 16th move (16... W E3): 16... T D3xD2/C3/E3 was the other way"
    )
    kinds = [b.kind if b.kind != "diagram" else f"d{b.diagram}" for b in doc.blocks]
    # The requested diagram comes right after its move, before the comment holding it.
    i = kinds.index("d2")
    assert doc.blocks[i - 1].runs[-1].text == "17. Pass"
    assert doc.blocks[i + 1].runs[0].text.startswith("Dark has no special stone left")
    assert kinds[-1] == "result"


def test_hand_record_thunder_woden_and_a_variation_diagram() -> None:
    doc = document(load(HAND)[0])
    assert [(d.title, d.kind) for d in doc.diagrams] == [
        ("Diagram 1: Two each", "requested"),
        ("Diagram 2: Quiet line", "variation"),
        ("Diagram 3", "final"),
    ]
    two, quiet, final = doc.diagrams
    # After 1. D4 E4 2. D3: Dark D4 D3 (a pair: 1 point), Light E4 (0 points).
    assert two.numbers == {sq("D4"): "1", sq("E4"): "1", sq("D3"): "2"}
    assert two.checkpoint.stones == (2, 1) and two.checkpoint.score == (1, 0)
    assert two.last == sq("D3")
    # The variation 3. C4 instead of 3. W E4: Dark D4 C4 (pair), Light E4, T on D2.
    assert quiet.range_text == "Variation: 3. C4"
    assert quiet.numbers == {sq("C4"): "3"}
    assert quiet.checkpoint.stones == (2, 2) and quiet.checkpoint.score == (1, 0)
    assert quiet.checkpoint.in_hand == (THUNDER | WODEN, WODEN)
    # 2... T D2 removes D3; 3. W E4 replaces Light 1; 3... E3.
    assert final.emptied == [sq("D3")]
    assert final.notes == [
        "2... T D2 removed Dark 2 (D3).",
        "3. W E4 replaced Light 1 with a Dark Woden-stone.",
    ]
    assert final.numbers == {sq("D2"): "2", sq("E4"): "3", sq("E3"): "3"}
    assert final.stones[sq("D2")] == Stone(LIGHT, "thunder")
    assert final.checkpoint.stones == (2, 2)
    assert final.checkpoint.in_hand == (THUNDER, WODEN)
    assert final.checkpoint.score == (1, 0)  # D4-E4; D2 and E3 do not touch
    texts = [" ".join(r.text for r in b.runs) for b in doc.blocks if b.kind == "variation"]
    assert texts == ["Instead of Dark’s 3rd move (3. W E4): 3. C4 quiet 3... C3 ( 3... B4 )"]
    assert doc.result == "Unfinished"


def test_numbers_off_leaves_the_stones_bare() -> None:
    doc = document(load()[0], numbers=False)
    assert all(d.numbers == {} for d in doc.diagrams)
    assert doc.diagrams[3].last == sq("C7")


def test_wraparound_pair_across_the_edge() -> None:
    game = load(WRAP)[0]
    explanation = document(game).explanation
    assert explanation.links == ((DARK, sq("A2"), sq("G2")),)
    assert explanation.ticks == ()
    assert explanation.score == game.score == (1, 0)
    assert "half-bars" in explanation.text()
