"""Every rulebook figure is checked by the engine, and a false claim stops the build."""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest

from maerstanas_print.cli import main
from maerstanas_print.fonts import FACES, missing_glyphs
from maerstanas_print.games import MAERSTANAS
from maerstanas_print.plugins.maerstanas.book_claims import (
    GameOver,
    Hinges,
    Illegal,
    Legal,
    MustPass,
    Scores,
    ThunderRemoves,
    WodenTarget,
)
from maerstanas_print.plugins.maerstanas.book_figures import Record, Stones
from maerstanas_print.rulebook import books
from maerstanas_print.rulebook.figures import Figure, FigureError, realise
from maerstanas_print.rulebook.figures import Panel as _Panel
from maerstanas_print.rulebook.inline import typeset
from maerstanas_print.rulebook.kit import kit_of
from maerstanas_print.rulebook.model import Chapter, Para, RecordText, plain
from maerstanas_print.rulebook.prepare import RulebookError, prepare

BOOK = books.book_for(MAERSTANAS)
Panel = partial(_Panel, kit=kit_of(MAERSTANAS))  # a Mǽrstánas panel


def test_every_figure_claims_something_and_the_engine_agrees() -> None:
    figures = list(BOOK.figures())
    assert len(figures) >= 9
    for number, figure in enumerate(figures, 1):
        assert any(panel.claims for panel in figure.panels), figure.key
        view = realise(figure, number)  # raises FigureError on a false claim
        assert len(view.panels) == len(figure.panels)


def test_the_book_covers_every_kind_of_claim() -> None:
    kinds = {
        type(claim)
        for figure in BOOK.figures()
        for panel in figure.panels
        for claim in panel.claims
    }
    assert {
        Legal,
        Illegal,
        Hinges,
        ThunderRemoves,
        WodenTarget,
        MustPass,
        GameOver,
        Scores,
    } <= kinds
    scorings = {
        claim.scoring
        for figure in BOOK.figures()
        for panel in figure.panels
        for claim in panel.claims
        if isinstance(claim, Scores)
    }
    assert scorings == {"default", "simple", "wraparound"}


NEIGHBOUR = Stones(dark="C1 D1", light="D2")


@pytest.mark.parametrize(
    ("claim", "engine_says"),
    [
        (Illegal("E1", "D1"), None),
        (Illegal("E1", "C1"), "E1 is illegal because the stone on D1 would reach four hinges"),
        (Legal("E1"), "E1 is illegal: the stone on D1 would reach four hinges"),
        (Illegal("F1"), "a stone may go on F1"),
        (Hinges("D1", 3), None),
        (ThunderRemoves("E1", ("D1", "F1")), "it removes D1"),
        (ThunderRemoves("D3", ("D2",)), None),
        (
            WodenTarget("C1"),
            "W C1 is illegal: C1 holds Dark's own stone; a Woden-stone must "
            "replace an opponent stone",
        ),
        (WodenTarget("D2"), None),
        (Scores(2, 1), "it gives Dark 3, Light 0"),
        (MustPass(), "Dark can still move"),
        (GameOver(), "the game goes on"),
    ],
)
def test_claims_are_put_to_the_engine(claim, engine_says) -> None:
    assert claim.check(NEIGHBOUR.position()) == engine_says


def _false_figure() -> Figure:
    return Figure(
        "false-claim",
        "A figure whose claim is false.",
        (Panel("E1", Stones(dark="C1 D1"), claims=(Illegal("E1", "D1"),)),),
    )


def test_a_false_claim_names_the_figure_and_the_claim() -> None:
    with pytest.raises(FigureError) as caught:
        realise(_false_figure(), 4)
    message = str(caught.value)
    assert "\n" not in message
    assert message == (
        "figure 4 (false-claim), panel 'E1' claims 'E1 is illegal: D1 would "
        "reach four hinges', but a stone may go on E1"
    )


def test_the_notation_of_a_shown_move_is_checked() -> None:
    record = Record("1. D4 E3 2. C5 F4 *")
    good = Figure("t", "", (Panel("after", record, then="T E4xE3/D4/F4"),))
    realise(good, 1)
    for written, why in (
        ("T E4xE3/D4", "T E4xE3/D4 is written T E4xE3/D4/F4"),
        ("T E4xD4/E3/F4", "is written T E4xE3/D4/F4"),
        ("W D4", "W D4 cannot be played"),
    ):
        bad = Figure("t", "", (Panel("after", record, then=written),))
        with pytest.raises(FigureError, match=why.replace("/", "/")):
            realise(bad, 1)


def test_an_invalid_record_setup_is_refused() -> None:
    bad = Figure("r", "", (Panel("p", Record("1. D4 D4 *")),))
    with pytest.raises(FigureError, match="figure 1 \\(r\\), panel 'p': the record is not valid"):
        realise(bad, 1)


def _book_with(block) -> object:
    chapter = Chapter("Extra", (block,))
    return dataclasses.replace(BOOK, chapters=(*BOOK.chapters, chapter))


def test_the_command_refuses_a_false_figure_and_writes_nothing(
    tmp_path, monkeypatch, capsys
) -> None:
    monkeypatch.setattr(books, "book_for", lambda game: _book_with(_false_figure()))
    target = tmp_path / "book.pdf"
    assert main(["rulebook", "-o", str(target)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    number = len(list(BOOK.figures())) + 1  # the extra figure comes last
    assert f"figure {number} (false-claim)" in err and "E1 is illegal: D1 would reach four" in err
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_records_shown_as_text_and_figure_references_are_checked() -> None:
    with pytest.raises(RulebookError, match="is not valid"):
        prepare(_book_with(RecordText("1. D4 E4 Dark: 9, Light: 0")))
    with pytest.raises(RulebookError, match="figure 'nowhere'"):
        prepare(_book_with(Para("See {fig:nowhere}.")))


def test_cardo_sets_every_character_of_the_book() -> None:
    numbers = BOOK.figure_numbers()
    text = "".join(typeset(plain(t, numbers)) for t in BOOK.texts())
    assert {"ǽ", "Þ", "ó", "æ", "á"} <= set(text)
    for face in FACES:
        assert missing_glyphs(text, face) == [], face


def test_a_struck_stone_is_struck_visibly() -> None:
    """Issue 11, item 19: the strike through Dark's own D5 (the Woden figure) was ink on a
    dark stone; it must be a light halo under a coloured line, unlike the stone."""
    from maerstanas_print.draw.board import board_shapes

    figure = next(f for f in BOOK.figures() if f.key == "woden")
    view = realise(figure, 7)
    board = board_shapes(view.panels[0].spec, 0.0, 0.0)

    def groups(shape):
        yield shape
        for child in getattr(shape, "children", ()) or ():
            yield from groups(child)

    struck = [g for g in groups(board) if getattr(g, "title", "") == "no stone may go on D5"]
    assert len(struck) == 1
    lines = [c for c in struck[0].children if type(c).__name__ == "Line"]
    assert [line.stroke.color for line in lines] == ["#ffffff", "#b0412e"]
    assert lines[0].stroke.width > lines[1].stroke.width


def test_the_appendix_game_is_annotated_by_checked_claims() -> None:
    """Issue 11, item 24: the random sample game is replaced by a game with notes whose
    figures all make claims (checked above) and whose numbers are engine references."""
    from maerstanas_print.rulebook.model import SampleGame

    chapter = next(c for c in BOOK.chapters if c.title == "A game with notes")
    assert chapter.appendix
    assert not any(isinstance(b, SampleGame) for c in BOOK.chapters for b in c.blocks)
    figures = [b for b in chapter.blocks if isinstance(b, Figure)]
    assert len(figures) >= 4 and all(any(p.claims for p in f.panels) for f in figures)
    record = next(b for b in chapter.blocks if isinstance(b, RecordText))
    # The final score line of the record (checked on replay) agrees with the caption.
    assert record.text.endswith("Dark: 24, Light: 20")
    assert record.caption == "The game, Dark to move first. Dark wins by 24 to 20."
    assert "random" not in " ".join(BOOK.texts()).lower()


def test_the_rules_text_items_of_issue_11_stay_fixed() -> None:
    """Items 17, 20, 21 and 24 of issue 11, as the reader meets them in the books."""
    from maerstanas_print.games import CYNGESHEALL
    from maerstanas_print.rulebook.model import BlankBoards, Glossary

    text = " ".join(BOOK.texts())
    # 17: stones removed by a thunder-stone (or replaced) go back to their owners.
    assert "leave the game" not in text and "never runs short" not in text
    assert "go back to their owners" in text and "counts as no capture" in text
    # 21: the promised full-size board is there, `!`/`!?` are explained, one kind of
    # point mark (the beads of the figures; no sample-game score board with ticks).
    boards = [b for c in BOOK.chapters for b in c.blocks if isinstance(b, BlankBoards)]
    assert [b.per_page for b in boards] == [1, 6]
    assert "A full-size board and a page of small pencil boards" in text
    assert "`!` after a move marks a strong move and `!?` an interesting one" in text
    # 24: the author's credits and thanks, his Woden-stone advice, the X/O method.
    for words in (
        "Caleb, Jerome and Jesse",
        "Advanced Mǽrstánas",
        "Oferhlýp",
        "waiting to use the Woden-stone until later in the game may offer greater strategic",
        "an *X* for each Dark stone",
    ):
        assert words in text, words
    # 20: the Cyngesheall glossary's headword is the game's name.
    cyng = books.book_for(CYNGESHEALL)
    glossary = next(b for c in cyng.chapters for b in c.blocks if isinstance(b, Glossary))
    assert glossary.entries[0][0] == "Cyngesheall"
