"""Where each fillable mark of a scannable sheet is: the model the sheet, the
`--layout` file and the photo reader share, so a box is measured where it was
drawn and nowhere else.

Boxes are millimetres from the page's top-left corner. A ply's marks belong to
groups (a file, a row, a kind of move): the reader asks, per ply, which marks of
each group are filled.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

__all__ = ["Box", "MarkBox", "PageLayout", "ScanLayout"]

Box = tuple[float, float, float, float]  # x, y, width, height in mm


@dataclass(frozen=True, slots=True)
class MarkBox:
    """One mark to fill: the ply it belongs to (from 1), what it says, and where."""

    ply: int
    value: str
    box: Box
    page: int  # from 1


@dataclass(frozen=True, slots=True)
class PageLayout:
    """One page's marks and the plies they cover."""

    number: int
    first_ply: int
    last_ply: int
    marks: tuple[MarkBox, ...]


@dataclass(frozen=True, slots=True)
class ScanLayout:
    """Every page of a scannable sheet: the paper (mm) and each page's marks."""

    paper: tuple[float, float]
    pages: tuple[PageLayout, ...]

    @property
    def marks(self) -> tuple[MarkBox, ...]:
        return tuple(mark for page in self.pages for mark in page.marks)

    def to_json(self) -> str:
        """The `--layout` file: `paper`, then one entry per mark (ply, value, box);
        `pages` adds which plies each page holds, for sheets of several pages."""

        def mm(value: float) -> float:
            return round(value, 2)

        data = {
            "paper": [mm(self.paper[0]), mm(self.paper[1])],
            "marks": [
                {"ply": mark.ply, "value": mark.value, "box": [mm(v) for v in mark.box]}
                for mark in self.marks
            ],
            "pages": [
                {"page": page.number, "plies": [page.first_ply, page.last_ply]}
                for page in self.pages
            ],
        }
        return json.dumps(data, indent=1) + "\n"
