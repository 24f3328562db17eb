"""What the game page's viewer is given (issue 22), checked without a browser: every
move of the text names a position the viewer has (main line and variations, nested
ones too), and the evaluation chart marks the moves the record's values prove lost
points, with the glyphs `annotate` gives them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from maerstanas_print import parse, replay
from maerstanas_print.gamedoc.html import game_html, game_html_fragment
from maerstanas_print.gamedoc.model import document
from maerstanas_print.notation.embedded import LOSS_CLASSES, loss_class
from maerstanas_print.notation.record import NAG_GLYPHS
from tests.game_helpers import load

SAMPLES = Path(__file__).parent.parent / "maerstanas_print" / "samples"
GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
NESTED = """[Event "Nested"]

1. D4 E4 2. D3 (2. C4 C5 (2... B4 3. B5) 3. C3) 2... B2 *
"""


def viewer_keys(html: str) -> set[str]:
    data = json.loads(re.search(r'class="mg-data">(.*?)</script>', html, re.S).group(1))
    keys = set()
    for index, line in enumerate(data["lines"]):
        for i in range(0 if index == 0 else 1, len(line["n"])):
            keys.add(f"{line['p']}{i}")
    return keys


def test_every_move_of_the_text_names_a_position_of_the_viewer() -> None:
    for record in ("sample-game", "annotated-game", "cyngesheall-game"):
        html = str(game_html_fragment(load(SAMPLES / f"{record}.mrs")[0]))
        in_text = set(re.findall(r'class="mg-move"[^>]* data-node="([0-9.]+)"', html))
        keys = viewer_keys(html)
        assert in_text and in_text == keys - {"0"}, record


def test_nested_variations_are_keyed_by_their_path() -> None:
    game = replay(parse(NESTED, "nested.mrs").games[0], keep_positions=True)
    html = str(game_html_fragment(game))
    moves = re.findall(r'data-node="([0-9.]+)">([^<]+)<', html)
    assert ("3.1.1", "2. C4") in moves  # the 1st variation of ply 3, one move in
    assert ("3.1.2.1.1", "2... B4") in moves  # nested: instead of its 2nd move
    assert ("3.1.2.1.2", "3. B5") in moves
    assert viewer_keys(html) >= {"3.1.3", "3.1.2.1.2", "4"}


def test_the_documents_judge_a_loss_by_annotates_classes() -> None:
    from maerstanas_print.games.maerstanas.analysis.annotate import CLASSES, classify

    assert LOSS_CLASSES == CLASSES
    for loss in range(0, 8):
        assert loss_class(loss) == classify(loss)


def test_the_chart_marks_what_the_values_prove_lost_as_annotate_judged() -> None:
    game = load(SAMPLES / "annotated-game.mrs")[0]
    doc = document(game)
    judged = {}
    for step in game.main.steps[1:]:  # ply 1 has no value before it in the record
        comments = [c.text for c in step.node.comments] if step.node else []
        engine = [t for t in comments if t.startswith("Engine:")]
        judged[step.ply] = GLYPHS[engine[0].split()[1].rstrip(",")] if engine else None
    assert any(judged.values())
    assert {i: v for i, v in enumerate(doc.verdicts) if i} == judged
    # The record's own engine NAGs agree wherever a human glyph did not stay.
    for step in game.main.steps:
        nags = step.node.nags if step.node else []
        if doc.verdicts[step.ply] and nags and nags[0] in (2, 4, 6):
            assert NAG_GLYPHS[nags[0]] == doc.verdicts[step.ply]
    page = game_html([game], title="annotated")
    values_chart = page[page.index('id="g1-values"') :]
    assert "14. E6?! -9 (?!)" in values_chart
    assert "A move the proved values show losing points has its verdict" in values_chart
