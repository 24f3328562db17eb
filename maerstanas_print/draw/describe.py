"""A board in words, for screen readers (the SVG `<desc>`): its size, its marked
squares and edges (as its painter tells them), and every piece by side."""

from __future__ import annotations

from maerstanas_print.draw.spec import BoardSpec
from maerstanas_print.draw.specials import SPECIAL_NAMES
from maerstanas_print.draw.stones import KIND_NAMES, SIDE_WORDS
from maerstanas_print.geometry import FILES
from maerstanas_print.sides import DARK, LIGHT


def describe(spec: BoardSpec) -> str:
    """A plain-text account of the board for screen readers (the SVG `<desc>`)."""
    n = spec.squares
    painter = spec.painter
    wrap = painter.edges_note(spec)
    extra = "".join(
        f" {spec.name(sq)} is {SPECIAL_NAMES[kind]}." for sq, kind in sorted(spec.specials.items())
    )
    extra += painter.board_note(spec)
    if spec.window is not None:
        col0, row0, cols, rows = spec.window
        extra = (
            f" Part of the {n} by {n} board: columns {FILES[col0]} to "
            f"{FILES[col0 + cols - 1]}, rows {row0 + 1} to {row0 + rows}."
            + "".join(
                f" {spec.name(sq)} is {SPECIAL_NAMES[kind]}."
                for sq, kind in sorted(spec.specials.items())
                if spec.shows(sq)
            )
        )
        extra += painter.window_note(spec)
    if spec.window is not None and not any(spec.shows(sq) for sq in spec.stones):
        return f"No pieces.{extra}"
    if not spec.stones:
        return (
            f"Empty {n} by {n} board, squares {spec.cell:g} mm, columns A to "
            f"{FILES[n - 1]}, rows 1 (top) to {n}.{wrap}{extra}"
        )
    parts = []
    for side in (DARK, LIGHT):
        names = [
            spec.name(sq) + ("" if st.kind in ("standard", "man") else f" ({KIND_NAMES[st.kind]})")
            for sq, st in sorted(spec.stones.items())
            if st.side == side and spec.shows(sq)
        ]
        parts.append(f"{SIDE_WORDS[side]}: {', '.join(names) if names else 'none'}.")
    return " ".join(parts) + wrap + extra
