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


def sheet_pdf(sheet: Sheet) -> bytes:
    info = PdfInfo(title=sheet.title, subject=sheet.subject,
                   keywords=("Mǽrstánas", "board game", "printable"))
    return render_pdf(sheet.pages, info)


def _environment():
    """Autoescaping Jinja environment over the packaged `templates/` folder."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    from maerstanas_print.resources import data_dir

    return Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(
            enabled_extensions=("html", "htm", "xml", "svg", "html.j2", "svg.j2", "xml.j2"),
            default_for_string=True,
            default=True,
        ),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


_ENV = None


def sheet_html(sheet: Sheet) -> str:
    """A self-contained HTML document: no scripts, no external files."""
    from markupsafe import Markup

    global _ENV
    if _ENV is None:
        _ENV = _environment()
    shapes: list[Shape] = [shape for page in sheet.pages for shape in page.shapes]
    faces = chars_by_face(shapes)
    for face, chars in faces.items():
        require_glyphs(chars, face)
    # SVG and CSS are built by our own code from escaped parts: safe to mark up.
    svgs = [Markup(svg) for svg in render_svgs(sheet.pages)]
    template = _ENV.get_template("sheet.html.j2")
    return template.render(
        title=sheet.title,
        description=sheet.subject,
        paper=sheet.paper,
        pages=[{"svg": svg, "label": page.label} for svg, page in zip(svgs, sheet.pages,
                                                                       strict=True)],
        font_css=Markup(font_face_css(faces)),
    )
