"""File names as the user sees them in messages: undecodable bytes as `\\xNN`.

A file name is bytes; Python hands a name that is not UTF-8 to us with each
undecodable byte as a "surrogate escape" character, which a UTF-8 stream
refuses to write (a traceback in the middle of a run, the later files never
handled). The name is kept as it is for every file operation; only where it is
printed is each such byte shown as `\\xNN`, as `ls -b` does.
"""

from __future__ import annotations

import codecs

ERRORS = "maerstanas-bytes"  # the name of the error handler below, for streams


def _escape_bytes(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    shown = []
    for char in error.object[error.start : error.end]:
        code = ord(char)
        shown.append(f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}")
    return "".join(shown), error.end


codecs.register_error(ERRORS, _escape_bytes)


def shown(text: str) -> str:
    """`text` (a message, a file name) with its undecodable bytes as `\\xNN`."""
    if text.isascii():
        return text
    return text.encode("utf-8", ERRORS).decode("utf-8")
