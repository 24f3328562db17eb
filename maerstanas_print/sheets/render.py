"""Turn a `Sheet` into a PDF (ReportLab) or an HTML page (Jinja2 + inline SVG).

Both outputs come from the same page descriptions; the HTML embeds the same
Cardo faces (as subsets) and sizes each page's SVG in millimetres, with an
`@page` rule of the same paper, so printing it from a browser at 100 % gives
the same sheet at the same scale as the PDF.
"""

from __future__ import annotations

from maerstanas_print.draw.pdf import PdfInfo, render_pdf
from maerstanas_print.draw.shapes import Shape, chars_by_face
from maerstanas_print.draw.svg import render_svgs
from maerstanas_print.fonts import font_face_css, require_glyphs
from maerstanas_print.sheets.common import Sheet
from maerstanas_print.templating import environment


def sheet_pdf(sheet: Sheet) -> bytes:
    # The sheet's own game leads the keywords: a tafl sheet is not tagged with another game.
    keywords = (
        (sheet.game_title, "board game", "printable")
        if sheet.game_title
        else ("board game", "printable")
    )
    info = PdfInfo(
        title=sheet.title,
        subject=sheet.subject,
        author=sheet.designer,
        keywords=keywords,
    )
    return render_pdf(sheet.pages, info)


def sheet_html(sheet: Sheet) -> str:
    """A self-contained HTML document: no scripts, no external files."""
    from markupsafe import Markup

    shapes: list[Shape] = [shape for page in sheet.pages for shape in page.shapes]
    faces = chars_by_face(shapes)
    for face, chars in faces.items():
        require_glyphs(chars, face)
    # SVG and CSS are built by our own code from escaped parts: safe to mark up.
    svgs = [Markup(svg) for svg in render_svgs(sheet.pages)]
    template = environment().get_template("sheet.html.j2")
    return template.render(
        title=sheet.title,
        description=sheet.subject,
        paper=sheet.paper,
        pages=[
            {"svg": svg, "label": page.label} for svg, page in zip(svgs, sheet.pages, strict=True)
        ],
        font_css=Markup(font_face_css(faces)),
    )
