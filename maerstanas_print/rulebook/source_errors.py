"""Where a rulebook source is wrong: one diagnostic, printed like the record checker's.

Every problem found in a source (a false claim, an unknown reference, a
malformed block) becomes a `SourceError` that knows its file, line and
column, and prints as `file:line:column: error R201: message`, the source line
with a caret under the fault, and a hint, exactly as `check` prints a record's.
"""

from __future__ import annotations

from dataclasses import dataclass

from maerstanas_print.diagnostics import Diagnostic, Source

# The rulebook source codes (docs/writing-rulebooks.md lists them with examples).
CODES: dict[str, str] = {
    "R100": "front matter cannot be read (missing, not YAML, unknown or missing key)",
    "R101": "Markdown the typesetter does not set (raw HTML, images, deep headings, ...)",
    "R102": "a fenced block of an unknown kind, or a block with a malformed line",
    "R103": "a figure or record block without its id, or two blocks with one id",
    "R104": "a claim that cannot be read",
    "R105": "a position that cannot be set up (unknown square, a square given twice, ...)",
    "R106": "a reference to a figure or record the book does not have, or to an unknown value",
    "R107": "a record that does not replay",
    "R108": "a file named in the source cannot be read",
    "R109": "a link to an address a book may not link to (only http, https, mailto, #place)",
    "R110": "a source beyond a limit (front matter, paragraph, caption, text, panels)",
    "R201": "a claim the engine refutes",
    "R202": "a shown move that cannot be played or is written differently",
    "R203": "a figure's position that no game can reach (a stone with four hinges, ...)",
}


@dataclass(frozen=True)
class Where:
    """A place in a source: the source and a character range in it."""

    source: Source
    start: int
    end: int

    @classmethod
    def at(cls, source: Source, line: int, column: int = 1, width: int = 1) -> Where:
        """The place `width` characters long at 1-based `line` and `column`."""
        starts = source._starts()  # cached by the Source: a book asks for hundreds of places
        line = max(1, min(line, len(starts)))
        offset = starts[line - 1] + column - 1
        return cls(source, offset, offset + max(1, width))

    def find(self, needle: str) -> Where:
        """The first occurrence of `needle` at or after this place (this place if none)."""
        found = self.source.text.find(needle, self.start)
        return Where(self.source, found, found + len(needle)) if found >= 0 else self


class SourceError(ValueError):
    """A source that cannot become a book; `str()` is the full diagnostic."""

    def __init__(self, where: Where, code: str, message: str, hint: str | None = None):
        self.where, self.code, self.message, self.hint = where, code, message, hint
        diagnostic = Diagnostic("error", code, message, where.start, where.end, hint)
        super().__init__(where.source.format(diagnostic))

    @property
    def line(self) -> int:
        return self.where.source.locate(self.where.start)[0]
