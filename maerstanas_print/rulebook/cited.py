"""The titles a book's text cites, so that the PDF never hyphenates one.

A cross-reference names a chapter or a section in italics ("see *About this
edition*") or links to its place; broken across lines ("About this edi-/tion")
the title no longer reads as the name the reader is to look up, and in the
Cyngesheall book the break left the runt "tion)." alone on a line.
"""

from __future__ import annotations

from maerstanas_print.rulebook.links import is_place
from maerstanas_print.rulebook.model import Book, Heading, plain, spans

__all__ = ["book_titles", "cited_titles"]


def book_titles(book: Book) -> frozenset[str]:
    """Every chapter's and section's title, as plain words."""
    titles = {plain(chapter.title) for chapter in book.chapters}
    titles |= {
        plain(block.text)
        for chapter in book.chapters
        for block in chapter.blocks
        if isinstance(block, Heading)
    }
    return frozenset(titles)


def cited_titles(text: str, titles: frozenset[str]) -> tuple[str, ...]:
    """The words of the titles `text` cites: an italic span that is a title, or a
    link to a place in the book."""
    words: list[str] = []
    for span in spans(text):
        cites = (span.kind == "italic" and span.text.strip() in titles) or (
            span.kind == "link" and is_place(span.url)
        )
        if cites:
            words += span.text.split()
    return tuple(words)
