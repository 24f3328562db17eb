"""Rule-point markers: `{§ point point}` after the words that state a rule point.

Every text this edition prints about the rules carries them: a book's Markdown
(`rulebook/concordance.py` reads them back) and the rules a game's sheets print
(`sheets.capabilities.SheetKit`). They name the points of the game's rules
concordance (`games/books/concordance/*.yaml`), so a test can hold each sentence
to the source it restates; the typesetters strip them, so no reader sees one.
This module is on the ground floor because both the sheets and the books use it.
"""

from __future__ import annotations

import re

# A marker with the blanks before it. The look-behind lets a match start only
# where a run of blanks starts: a search would otherwise read a long run that no
# marker ends again from each of its offsets (time n squared).
MARKER = re.compile(r"(?<!\s)\s*\{§([^{}]*)\}")
PUNCTUATION = r"[!-/:-@\[-`{-~]"  # ASCII punctuation: what CommonMark lets a \ escape
_ESCAPED = re.compile(r"\\(" + PUNCTUATION + ")")


def masked(text: str, chars: str = "") -> str:
    """`text` with each backslash escape (of `chars` only, when given) blanked as two
    U+001A, so places keep: brace markup found in it was not escaped by the writer.
    It reads Markdown as written and the book's markup alike (both escape with a backslash)."""
    return _ESCAPED.sub(lambda m: "\x1a\x1a" if m[1] in (chars or m[1]) else m[0], text)


# A code span: a run of backticks, then text up to a run of as many (CommonMark)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


def unquoted(text: str) -> str:
    """`text` with each code span's inside blanked as U+001A, so places keep: brace
    markup in notation (`` `{§ 1}` ``, `` `{.lead}` ``) is printed as written."""
    return _CODE_SPAN.sub(lambda m: m[1] + "\x1a" * len(m[2]) + m[1], text)


def _markers(text: str) -> list[re.Match[str]]:
    """The markers of `text` as written: an escaped brace (`\\{§ 1}`) makes words,
    and a marker inside notation is printed as written."""
    return list(MARKER.finditer(unquoted(masked(text))))


def marker_in_braces(text: str) -> bool:
    """Whether a `{§ ...}` marker of `text` stands inside other braces written there
    (`{fig:{§ 1}}`, `{{ book.{§ 1}title }}`): taking it out would leave them another
    reference (`{fig:}`), printed as its characters."""
    view = unquoted(masked(text))

    def unbalanced(start: int, end: int, more: str, less: str) -> bool:
        return view.count(more, start, end) > view.count(less, start, end)

    return any(  # a brace left open before it and closed after it
        unbalanced(0, found.start(), "{", "}") and unbalanced(found.end(), len(view), "}", "{")
        for found in MARKER.finditer(view)
    )


def holds_markers(text: str) -> bool:
    """Whether `text` holds a `{§ ...}` marker as written (not escaped, not notation)."""
    return bool(_markers(text))


def strip_markers(text: str) -> str:
    """`text` without its `{§ ...}` markers, as it is printed; an escaped brace
    (`\\{§ 1}`, `{§ 1\\}`) makes words, which are printed."""
    out, start = [], 0
    for found in _markers(text):
        out.append(text[start : found.start()])
        start = found.end()
        after = text[start : start + 1]
        if found[0][:1].isspace() and after and not after.isspace() and after not in ".,;:!?)":
            out.append(" ")  # `p {§ 1}{{ x }}`: the words on either side stay apart
    out.append(text[start:])
    return "".join(out)


def points_in(text: str) -> tuple[str, ...]:
    """The point ids the markers of `text` name, in order."""
    return tuple(word for found in _markers(text) for word in found[1].split())


def marked_spans(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """`text` cut after each marker: (the words before it, as printed, and the points
    it names). Words after the last marker come last with no points: a span without a
    point is a statement nothing stands behind."""
    spans: list[tuple[str, tuple[str, ...]]] = []
    start = 0
    for found in _markers(text):
        spans.append((" ".join(text[start : found.start()].split()), tuple(found[1].split())))
        start = found.end()
    rest = " ".join(text[start:].split())
    if rest:
        spans.append((rest, ()))
    return spans
