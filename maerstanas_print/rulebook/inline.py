"""The book's inline markup (see `model`) as ReportLab paragraph markup and as HTML.

Both translations escape the text themselves, so nothing written in the book
can turn into markup by accident, and both set quotes the same way. A link
goes out only when the link policy (`links`) allows its address, whoever
built the book; the PDF sets a link to a place in the book as its words.
"""

from __future__ import annotations

import re
from html import escape

from markupsafe import Markup

from maerstanas_print.draw.typography import NBSP, bind_moves
from maerstanas_print.rulebook.links import allowed, is_place
from maerstanas_print.rulebook.model import Span, plain, spans
from maerstanas_print.rulebook.words import typography, words

NOTATION_COLOUR = "#6b2a1c"
LINK_COLOUR = "#6b2a1c"
# A space before a full stop or comma that ends a phrase: the source's line break
# after a figure reference, "(figure 5)\n.", read as a space. ("..." is kept.)
_BEFORE_STOP = re.compile(r" +(?=[.,](?:\s|$))")
WHOLE_TITLE = 32  # characters: a cited title this long or shorter is set on one line
LONG_CODE = 24  # characters: longer notation (a tag, an option list) may wrap on screen


def notation_words(text: str) -> str:
    """A code span as the PDF sets it: one unbreakable word when short; when longer
    than `LONG_CODE`, its moves held whole and free to break between them (a span
    wider than its line was split at the line's edge, "19. D" / "4 E3")."""
    if len(text) > LONG_CODE:  # a tag pair (`[Setup "..."]`) and a comment are words too
        return _WHOLE_IN_NOTATION.sub(lambda part: part[0].replace(" ", NBSP), bind_moves(text))
    return text.replace(" ", NBSP)


# A tag pair and a comment inside notation: never broken, so never hyphenated either
_WHOLE_IN_NOTATION = re.compile(r"\[[^\[\]]*\]|\{[^{}]*\}")


def typeset(text: str, language: str = "en", quote_open: bool = False) -> str:
    """The language's quotes and apostrophes for running text (never for notation).

    `quote_open` says a quotation opened in an earlier span is still open."""
    return _typeset_span(text, language, quote_open)[0]


def heading_entry(text: str, language: str = "en") -> str:
    """A heading's words as a contents list or an outline shows them: no markup,
    quotes and apostrophes set as the page sets them. The PDF's and the HTML's
    contents both take their entries from here, so they cannot differ."""
    return typeset(plain(text), language)


def _typeset_span(text: str, language: str, quote_open: bool) -> tuple[str, bool]:
    """`typeset`, and whether a quotation is left open at the span's end.

    Straight quotes alternate open and close through a whole paragraph, not
    within one span, so a quotation with emphasis inside ("if they *were*
    historical") still gets both its marks."""
    marks = typography(language)
    text = _BEFORE_STOP.sub("", text)
    pieces = text.split('"')
    out = [pieces[0]]
    for piece in pieces[1:]:
        out.append(marks.close_quote if quote_open else marks.open_quote)
        quote_open = not quote_open
        out.append(piece)
    return "".join(out).replace("'", marks.apostrophe), quote_open


def _figure_words(span: Span, figures: dict[str, int], language: str) -> str:
    if span.text not in figures:
        raise KeyError(f"the text refers to an unknown figure {span.text!r}")
    return (
        words(language)("figure {number}").format(number=figures[span.text]).replace(" ", "\u00a0")
    )


# How each kind of span is written: ReportLab paragraph markup, and HTML.
_REPORTLAB = {
    "text": "{}",
    "code": f'<font color="{NOTATION_COLOUR}">{{}}</font>',
    "bold": "<b>{}</b>",
    "italic": "<i>{}</i>",
    "link": f'<a href="{{url}}" color="{LINK_COLOUR}">{{}}</a>',
    "fig": "{}",
}
_HTML = {
    "text": "{}",
    "code": '<code class="notation">{}</code>',
    "bold": "<strong>{}</strong>",
    "italic": "<em>{}</em>",
    "link": '<a href="{url}">{}</a>',
    "fig": '<a href="#fig-{key}">{}</a>',
}


def _render(
    text: str,
    figures: dict[str, int],
    forms: dict[str, str],
    code_space: str,
    language: str,
    whole: frozenset[str] = frozenset(),
) -> str:
    out = []
    quote_open = False
    for span in spans(text):
        if span.kind == "fig":
            body = _figure_words(span, figures, language)
        elif span.kind == "code":  # notation is never broken inside a move
            if len(span.text) > LONG_CODE:  # it may wrap, between moves, in print too
                body = escape(notation_words(span.text), quote=False)
                if forms is _HTML:  # and on a phone
                    out.append(f'<code class="notation long">{body.replace(NBSP, " ")}</code>')
                    continue
            else:
                body = escape(span.text, quote=False).replace(" ", code_space)
        else:
            typeset_text, quote_open = _typeset_span(span.text, language, quote_open)
            body = escape(bind_moves(typeset_text), quote=False)  # a move in prose stays whole
            cites = span.kind in ("italic", "link")  # a heading's own words may break
            if cites and span.text.strip() in whole and len(span.text) <= WHOLE_TITLE:
                body = body.replace(" ", "\u00a0")  # a cited title is never broken
        kind = span.kind
        in_pdf = forms is _REPORTLAB
        if kind == "link" and (not allowed(span.url) or (in_pdf and is_place(span.url))):
            kind = "text"
        out.append(forms[kind].format(body, url=escape(span.url), key=span.text))
    return "".join(out)


def to_reportlab(
    text: str, figures: dict[str, int], language: str = "en", whole: frozenset[str] = frozenset()
) -> str:
    """`text` as paragraph markup; an italic span or a link whose words are one of
    `whole` (the titles a cross-reference cites) is set on one line."""
    return _render(text, figures, _REPORTLAB, "\u00a0", language, whole)


def to_html(text: str, figures: dict[str, int], language: str = "en") -> Markup:
    return Markup(_render(text, figures, _HTML, " ", language))
