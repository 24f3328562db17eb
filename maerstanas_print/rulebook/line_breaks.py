"""Where a book's paragraph ends its lines: titles stay whole, hyphens never stack.

ReportLab breaks lines greedily and hyphenates any word that does not fit, so
two things an editor marks crept into the books. A cross-reference's title
broke ("see *About this edi-/tion*"), leaving the runt "tion)." alone on the
paragraph's last line; and lines in a row ended in hyphens ("(tradi-" above
"(tradi-"), which TeX avoids with a penalty on consecutive hyphenated lines.
Here a paragraph's hyphenator refuses the words of the titles it cites
(`keep_whole`), and a paragraph whose lines end in two hyphens in a row sets
itself again with the second of those words kept whole; that word then opens
the next line, and the search repeats a few times at most (where keeping a
word whole only moves the stack down, the paragraph keeps its last setting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

MAX_RESETS = 4  # settings of one paragraph while two hyphens end lines in a row

Hyphenator = Callable[[str], Iterator[tuple[str, str]]]

__all__ = ["book_paragraph", "letters", "refusing"]


def letters(word: str) -> str:
    """A word's letters alone, lower case: how a refused word is recognised whatever
    punctuation, hyphen or case ReportLab hands the hyphenator with it."""
    return "".join(ch for ch in word if ch.isalpha()).lower()


def refusing(hyphenate: Hyphenator, kept: frozenset[str]) -> Hyphenator:
    """`hyphenate`, except that a word whose `letters` are in `kept` never breaks."""

    def breaks(word: str) -> Iterator[tuple[str, str]]:
        if letters(word) in kept:
            return iter(())
        return hyphenate(word)

    return breaks


def book_paragraph(
    text: str, style: Any, keep_whole: Iterable[str] = (), resets: int = MAX_RESETS
) -> Any:
    """A ReportLab paragraph of `text` whose words in `keep_whole` never hyphenate and
    whose lines do not end in two hyphens in a row where one of at most `resets`
    settings can avoid it (0: ReportLab's own setting, which every page can split)."""
    return _paragraph_class(resets)(text, style, keep_whole=keep_whole)


@cache
def _paragraph_class(resets: int) -> type:
    # Defined on first use: the books import ReportLab only when they draw.
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    class BookParagraph(Paragraph):
        """A paragraph that sets itself again while two lines in a row end in hyphens."""

        def __init__(self, text: Any, style: Any, keep_whole: Iterable[str] = (), **kw) -> None:
            self._base_hyphenator = getattr(style, "_base_hyphenator", style.hyphenationLang)
            self._kept = frozenset(letters(w) for w in keep_whole) | getattr(
                style, "_kept_whole", frozenset()
            )
            super().__init__(text, self._style_keeping(style, self._kept), **kw)

        def _style_keeping(self, style: Any, kept: frozenset[str]) -> Any:
            if not kept or not callable(self._base_hyphenator):
                return style
            kept_style = ParagraphStyle(
                style.name, parent=style, hyphenationLang=refusing(self._base_hyphenator, kept)
            )
            # A part split off to the next page is a new paragraph of this style: it
            # keeps the same words whole.
            kept_style._base_hyphenator = self._base_hyphenator
            kept_style._kept_whole = kept
            return kept_style

        def breakLines(self, width: Any) -> Any:  # noqa: N802 - ReportLab's name
            lines = super().breakLines(width)
            for _ in range(resets):
                word = _second_of_stacked_hyphens(lines)
                if word is None or word in self._kept or not callable(self._base_hyphenator):
                    break
                self._kept = self._kept | {word}
                style: Any = getattr(self, "style")  # noqa: B009 - ReportLab's untyped field
                setattr(self, "style", self._style_keeping(style, self._kept))  # noqa: B010
                lines = super().breakLines(width)
            return lines

    return BookParagraph


def _line_text(line: Any) -> str:
    """The text of one set line: a (spare width, words) pair for a paragraph in one
    font, a line of fragments (each with its `text`) for one in several."""
    words = getattr(line, "words", None)
    if words is None:
        return " ".join(str(w) for w in line[1])
    return "".join(getattr(w, "text", "") for w in words)


def _second_of_stacked_hyphens(lines: Any) -> str | None:
    """The word (its `letters`) broken at the end of the second of two lines in a row
    that end in a hyphen, or None where no two do."""
    texts = [_line_text(line).rstrip() for line in lines.lines]
    for i in range(1, len(texts) - 1):
        if texts[i - 1].endswith("-") and texts[i].endswith("-"):
            tail = texts[i].split()[-1] if texts[i].split() else ""
            head = texts[i + 1].split()[0] if texts[i + 1].split() else ""
            return letters(tail + head)
    return None
