"""Which links a book may print: one policy for every text of a source.

A book's source is untrusted input: whoever wrote it, its links end up as
`href` attributes in the HTML page and as URI actions in the PDF, where a
`javascript:` or `file:` address would run or open something on the reader's
machine. So a link is judged the way a browser will read it (tabs and line
breaks dropped anywhere, control characters and spaces dropped at the ends,
the scheme in any case) and only an allow-list passes: `http`, `https`,
`mailto`, and `#place` in the book itself. Everything else, a scheme we do not
know or an address without a scheme (which a browser resolves against the
file the page was opened from), is refused where it is written.
"""

from __future__ import annotations

import contextlib
import re

SCHEMES = ("http", "https", "mailto")
_DROPPED = re.compile(r"[\t\n\r]")  # a URL parser removes these wherever they are
_EDGES = "".join(map(chr, range(0x21)))  # ...and C0 controls and spaces at both ends
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_UNSAFE = re.compile(r"[\x00-\x20\x7f\"<>`]")
# A web address as a reader expects it: `//`, a host of letters, digits, dots and
# hyphens (an IDN as punycode, or written in its own letters), an optional port, and
# no user name (`https://bank.example@evil.example`) or backslash (read as `/`).
_WEB = re.compile(r"(?i:https?)://[\w.\-]+(?::[0-9]{1,5})?(?:[/?#][^\\]*)?")
_PLACE = re.compile(r"#[A-Za-z0-9][A-Za-z0-9_\-]*")


def as_read(url: str) -> str:
    """`url` as a browser's URL parser takes it in before it looks for the scheme."""
    return _DROPPED.sub("", url).strip(_EDGES)


def refusal(url: str) -> str | None:
    """Why a book may not link to `url`, or None when it may."""
    read = as_read(url)
    if read.startswith("#"):
        if _PLACE.fullmatch(read):
            return None
        return f"{url!r} is not a place in the book (write #chapter-title)"
    scheme = _SCHEME.match(read)
    if scheme is None:
        return f"the link {url!r} has no http, https or mailto address"
    if scheme[1].lower() not in SCHEMES:
        return f"a book does not link to {scheme[1].lower()}: addresses"
    if read != url or _UNSAFE.search(url):
        return f"the link {url!r} has spaces, quotes or control characters in it"
    if scheme[1].lower() in ("http", "https") and not _WEB.fullmatch(url):
        return (
            f"the link {url!r} is not a whole web address "
            "(scheme://host/path: a host, no user name, no backslash)"
        )
    host_of = url if scheme[1].lower() != "mailto" else "mailto://" + url.rpartition("@")[2]
    if scheme[1].lower() in SCHEMES and (mixed := _mixed_label(host_of)):
        label, scripts = mixed
        return (
            f"the host name {label!r} of the link mixes {' and '.join(scripts)} letters, "
            "as an address made to look like another does"
        )
    if scheme[1].lower() == "mailto" and len(url) == len("mailto:"):
        return "the mailto: link names no address"
    return None


# Scripts whose letters look alike: a host name that mixes them in one label
# (`eхample.org` with a Cyrillic х) passes for another. Browsers show such a name
# as punycode; a printed page cannot, so the book refuses it.
_LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE")


def _mixed_label(url: str) -> tuple[str, tuple[str, ...]] | None:
    """The look-alike scripts mixed in one label of `url`'s host, written in its own
    letters or as punycode (none when each label is in one script, as `bücher.example`
    and `пример.рф` are)."""
    import unicodedata

    host = re.split(r"[:/?#]", url.split("//", 1)[1], maxsplit=1)[0]
    for label in host.split("."):
        if label.lower().startswith("xn--"):  # punycode, as Markdown writes a link's host
            with contextlib.suppress(UnicodeError):  # not punycode: judged as written
                label = label.lower().encode("ascii").decode("idna")  # `XN--` too
        scripts = {unicodedata.name(char, "").split(" ")[0] for char in label if char.isalpha()}
        mixed = tuple(sorted(scripts & set(_LOOK_ALIKE_SCRIPTS)))
        if len(mixed) > 1:
            return label, tuple(name.capitalize() for name in mixed)
    return None


def allowed(url: str) -> bool:
    return refusal(url) is None


def is_place(url: str) -> bool:
    """A link to a place in the book itself (`#anchor`), not to an address."""
    return url.startswith("#")
