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
# A word wider than this share of its line is not hyphenated: ReportLab puts the
# rest of a hyphenated word on the next line whole, never splitting it again, so a
# word wider than the line ran past it (a card's column, into the next column).
# Not hyphenated, a word wider than the line is split bare at the line's edge. The
# share leaves room for a bold or italic word measured in the paragraph's font.
HYPHENATED_SHARE = 0.85

Hyphenator = Callable[[str], Iterator[tuple[str, str]]]

__all__ = ["book_paragraph", "letters", "refusing"]


def letters(word: str) -> str:
    """A word's letters alone, lower case: how a refused word is recognised whatever
    punctuation, hyphen or case ReportLab hands the hyphenator with it."""
    return "".join(ch for ch in word if ch.isalpha()).lower()


def refusing(
    hyphenate: Hyphenator,
    kept: frozenset[str],
    too_wide: Callable[[str], bool] = lambda word: False,
) -> Hyphenator:
    """`hyphenate`, except that a word whose `letters` are in `kept`, or that is
    `too_wide`, never breaks."""

    def breaks(word: str) -> Iterator[tuple[str, str]]:
        if letters(word) in kept or too_wide(word):
            return iter(())
        return hyphenate(word)

    return breaks


def wider_than(font: str, size: float, width: float) -> Callable[[str], bool]:
    """Whether a word set in `font` at `size` is wider than `width` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return lambda word: stringWidth(word, font, size) > width


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
            self._widest: float | None = None  # points a hyphenated word may take
            # set without hyphens for good once a line ran past its room (a part
            # split off to the next page, a new paragraph of the style, too)
            self._bare = bool(getattr(style, "_bare", False))
            super().__init__(text, self._style_keeping(style, self._kept), **kw)

        def _style_keeping(self, style: Any, kept: frozenset[str]) -> Any:
            if self._bare:
                bare = ParagraphStyle(style.name, parent=style, hyphenationLang="")
                bare._bare = True
                return bare
            if not (kept or self._widest) or not callable(self._base_hyphenator):
                return style
            too_wide = (
                wider_than(style.fontName, style.fontSize, self._widest)
                if self._widest
                else lambda word: False
            )
            kept_style = ParagraphStyle(
                style.name,
                parent=style,
                hyphenationLang=refusing(self._base_hyphenator, kept, too_wide),
            )
            # A part split off to the next page is a new paragraph of this style: it
            # keeps the same words whole.
            kept_style._base_hyphenator = self._base_hyphenator
            kept_style._kept_whole = kept
            return kept_style

        def _restyle(self, change: Callable[[Any], Any]) -> None:
            """Set the paragraph's style to `change(style)` (ReportLab's untyped field)."""
            setattr(self, "style", change(getattr(self, "style")))  # noqa: B009, B010

        def breakLines(self, width: Any) -> Any:  # noqa: N802 - ReportLab's name
            widths = list(width) if isinstance(width, list | tuple) else [width]
            widest = HYPHENATED_SHARE * min(widths) if widths else None
            if widest != self._widest:  # set for this width: wider words split bare
                self._widest = widest
                self._restyle(lambda style: self._style_keeping(style, self._kept))
            lines = super().breakLines(width)
            if _overfull(lines, getattr(self, "style")) and callable(self._base_hyphenator):  # noqa: B009
                # A piece ReportLab split off a word (at a hyphen or an address's
                # slash) is never split again: set without hyphenation, a word
                # wider than the line is split bare at its edge.
                self._bare = True
                self._restyle(lambda style: self._style_keeping(style, self._kept))
                return super().breakLines(width)
            for _ in range(resets):
                word = _second_of_stacked_hyphens(lines)
                if word is None or word in self._kept or not callable(self._base_hyphenator):
                    break
                self._kept = self._kept | {word}
                self._restyle(lambda style: self._style_keeping(style, self._kept))
                lines = super().breakLines(width)
            return lines

    return BookParagraph


def _overfull(lines: Any, style: Any) -> bool:
    """Whether a set line is wider than its room, beyond the shrinking of its spaces
    ReportLab allows (`spaceShrinkage` of a space each, a few points a line)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    shrink = style.spaceShrinkage * stringWidth(" ", style.fontName, style.fontSize)
    for line in lines.lines:
        spare = getattr(line, "extraSpace", None)
        if spare is None:  # one font: (spare width, words)
            spare, spaces = line[0], len(line[1]) - 1
        else:
            spaces = getattr(line, "wordCount", 1) - 1
        if spare < -(shrink * max(spaces, 0) + 1.0):
            return True
    return False


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
