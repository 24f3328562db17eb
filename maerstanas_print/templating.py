"""The one Jinja environment every HTML output renders with.

Autoescaping everywhere (records are typed by strangers), undefined names an
error, and the templates shipped in the package's `templates/` folder.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from maerstanas_print.resources import data_dir

if TYPE_CHECKING:
    from jinja2 import Environment


@cache
def environment() -> Environment:
    """Autoescaping Jinja environment over the packaged `templates/` folder."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

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
