"""The words an engine's annotator writes into a record's comments, and reading them back.

`annotate` signs every comment it writes with `Engine:` and opens each best
line it adds with `Engine: the best line, ending +N.` (N the final margin the
line keeps). That is the record's format and stays as it is; a document reads
the best line's note back here, so the line can be introduced in one sentence
("Instead of Dark's 14th move (14. E6?!), the engine's best line, ending −8:
...") instead of two labels in a row. Writer and reader share this module,
so the document cannot miss a note whose wording changed.
"""

from __future__ import annotations

import re

ENGINE_MARK = "Engine:"
_BEST_LINE = re.compile(rf"^{ENGINE_MARK} the best line, ending ([+-]?[0-9]+)\.$")

__all__ = ["ENGINE_MARK", "best_line_comment", "best_line_ending"]


def best_line_comment(value: int) -> str:
    """The comment that opens an engine's best line ending with margin `value`."""
    return f"{ENGINE_MARK} the best line, ending {value:+d}."


def best_line_ending(text: str) -> str | None:
    """The margin (as written, "-8") a best line's opening comment gives, or None
    when `text` is not such a comment."""
    found = _BEST_LINE.match(text.strip())
    return found.group(1) if found else None
