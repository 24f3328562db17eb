"""The drawing code chooses painters from tables: per kind of board, piece, special
square and removal mark, never by asking which game a board belongs to."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from maerstanas_print.draw import board_kinds
from maerstanas_print.draw.board import BoardSpec, board_shapes, describe, spec_for_game
from maerstanas_print.draw.escape_edge import EscapeEdgeBoard
from maerstanas_print.draw.marks import removal_shapes
from maerstanas_print.draw.shapes import Circle, Group, Line, Shape, Stroke
from maerstanas_print.draw.square_board import BoardGeometry, SquareBoard
from maerstanas_print.draw.theme import Theme
from maerstanas_print.draw.wraparound import WraparoundBoard
from maerstanas_print.games import CYNGESHEALL, HNEFATAFL_1992, MAERSTANAS

DRAW = Path(__file__).resolve().parent.parent / "maerstanas_print" / "draw"
# What a test in the drawing code must never be about: the game, or the kind of board.
GAME_WORDS = {"pieces", "lettered", "variant", "escape_edge", "game", "slug", "wrap"}


def _tested_names(node: ast.expr) -> set[str]:
    return {
        n.attr if isinstance(n, ast.Attribute) else n.id
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute | ast.Name)
    }


@pytest.mark.parametrize("module", sorted(p.name for p in DRAW.glob("*.py")))
def test_no_drawing_code_branches_on_the_game_or_the_kind_of_board(module: str) -> None:
    tree = ast.parse((DRAW / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        test = (
            node.test
            if isinstance(node, ast.If | ast.IfExp | ast.While)
            else node
            if isinstance(node, ast.Compare)
            else None
        )
        if test is not None:
            assert not _tested_names(test) & GAME_WORDS, (
                f"{module}:{node.lineno} branches on {ast.unparse(test)}"
            )


@pytest.mark.parametrize(
    ("game", "painter"),
    [(MAERSTANAS, SquareBoard), (CYNGESHEALL, SquareBoard), (HNEFATAFL_1992, EscapeEdgeBoard)],
    ids=lambda x: getattr(x, "slug", getattr(x, "__name__", "")),
)
def test_each_game_gets_the_painter_of_its_board(game: object, painter: type) -> None:
    spec = spec_for_game(game)  # type: ignore[arg-type]
    assert type(spec.painter) is painter
    wrapped = spec_for_game(game, variant="wraparound")  # type: ignore[arg-type]
    assert isinstance(wrapped.painter, WraparoundBoard)


def test_an_unknown_kind_of_board_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="no painter draws a 'hexagonal' board"):
        board_shapes(BoardSpec(variant="hexagonal"), 0, 0)  # type: ignore[arg-type]


class _CentreDot(SquareBoard):
    """A board kind of a test: a dot over the centre of the grid."""

    def over_grid(self, board: BoardGeometry, theme: Theme, gx: float, gy: float) -> list[Shape]:
        return [Circle(gx + board.side / 2, gy + board.side / 2, 1.0, None, theme.ink)]

    def edges_note(self, board: BoardGeometry) -> str:
        return " A dot marks the centre."


def test_a_new_kind_of_board_is_one_registration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(board_kinds._PAINTERS, ("dotted", False), _CentreDot())
    spec = BoardSpec(cell=10.0, variant="dotted")  # type: ignore[arg-type]
    drawn = board_shapes(spec, 0, 0)
    gx, gy = spec.grid_origin(0, 0)
    assert Circle(gx + 35.0, gy + 35.0, 1.0, None, "#000000") in drawn.children
    assert describe(spec).endswith("rows 1 (top) to 7. A dot marks the centre.")
    plain = board_shapes(BoardSpec(cell=10.0), 0, 0)
    assert len(drawn.children) == len(plain.children) + 1


def test_the_removal_mark_follows_the_pieces() -> None:
    stroke = Stroke("#000000", 0.5)
    crossed = removal_shapes(spec_for_game(MAERSTANAS), 5.0, 5.0, 2.0, stroke)
    struck = removal_shapes(spec_for_game(HNEFATAFL_1992), 5.0, 5.0, 2.0, stroke)
    assert [type(s) for s in crossed] == [Line, Line]
    assert [type(s) for s in struck] == [Circle, Line]


def test_the_escape_edge_is_drawn_under_the_grid_and_named() -> None:
    spec = spec_for_game(HNEFATAFL_1992, cell=6.0)
    drawn = board_shapes(spec, 0, 0)
    titles = [c.title for c in drawn.children if isinstance(c, Group)]
    assert "The edge squares: the king escapes here" in titles
    assert "the king escapes, are marked" in describe(spec)
    assert "escapes" not in describe(spec_for_game(CYNGESHEALL))
