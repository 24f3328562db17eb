"""Papers and the finished sheet: the two values every sheet and every caller share."""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.draw.shapes import Page

__all__ = ["PAPERS", "Paper", "Sheet"]


@dataclass(frozen=True, slots=True)
class Paper:
    key: str
    name: str  # as CSS @page and people write it
    width: float  # mm, as the page is drawn
    height: float
    landscape: bool = False

    @property
    def css(self) -> str:
        """The CSS `@page` size: a keyword CSS knows, else the size in mm."""
        if self.name in ("A4", "letter", "A3"):
            return f"{self.name} {'landscape' if self.landscape else 'portrait'}"
        return f"{self.width:g}mm {self.height:g}mm"

    @property
    def in_print_dialog(self) -> str:
        """The paper as a print dialog lists it: CSS's `letter` is "US Letter"."""
        return "US Letter" if self.name == "letter" else self.name

    def turned(self) -> Paper:
        """The same paper on its side (key `a4-landscape`, and so on)."""
        return Paper(f"{self.key}-landscape", self.name, self.height, self.width, True)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "letter", 215.9, 279.4),
    # Big boards (the 19x19 board at 14 mm squares): A3 and US Tabloid (11 x 17 in).
    "a3": Paper("a3", "A3", 297.0, 420.0),
    "tabloid": Paper("tabloid", "Tabloid", 279.4, 431.8),
}


@dataclass(frozen=True, slots=True)
class Sheet:
    """A finished printable: its pages plus what the PDF and HTML need to know."""

    title: str
    subject: str
    paper: Paper
    pages: tuple[Page, ...]
    file_stem: str
    next_move: int | None = None  # a score sheet that goes on: the next sheet's first move
    game_title: str = ""  # the game the sheet serves, the first of its PDF keywords
    designer: str = ""  # who designed that game: the PDF's Author (`SheetKit.designer`)
