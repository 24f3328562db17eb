"""A rulebook source's front matter, read as YAML and held to a schema.

The front matter is untrusted input like the rest of a source, and YAML can do
much more than `key: value` lines: an alias may repeat a node a billion times
(a few hundred bytes became a 242 MB page), a tag may ask for any type, and a
date may not exist. So the YAML is composed into nodes without building
anything, aliases, anchors and tags are refused, each known key's value is
checked against its type (text, a date that exists, a list of texts, a
language the typesetter has), and only then are the values taken, each
error at its own line and column.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from maerstanas_print.io import limits
from maerstanas_print.rulebook.links import as_read, refusal
from maerstanas_print.rulebook.model import has_ink
from maerstanas_print.rulebook.source_blocks import refuse_unsettable
from maerstanas_print.rulebook.source_errors import SourceError, Where
from maerstanas_print.rulebook.words import languages

TEXT_KEYS = (
    "game",
    "title",
    "subtitle",
    "author",
    "edition",
    "licence",
    "licence-url",
    "pdf-author",
    "subject",
    "description",
)
LIST_KEYS = ("authors", "keywords")
PRINTED_KEYS = ("title", "subtitle", "author", "authors", "edition")  # set in Cardo
FRONT_KEYS = (
    "game",
    "title",
    "subtitle",
    "author",
    "edition",
    "released",
    "language",
    "licence",
    "licence-url",
    "authors",
    "pdf-author",
    "subject",
    "keywords",
    "description",
)
REQUIRED = ("game", "title")
_OTHER_BREAK = re.compile("[\r\x85\u2028\u2029]")  # the line ends YAML has besides \n
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")  # ASCII digits only (\d is any)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NULL = "tag:yaml.org,2002:null"


def book_languages() -> tuple[str, ...]:
    """The languages a book may be written in: English and every shipped catalogue."""
    return ("en", *languages())


@dataclass(frozen=True)
class FrontMatter:
    """The checked values (texts, lists of texts, a date) and the line the body starts on."""

    values: dict[str, Any]
    body_line: int


def read_front_matter(source) -> FrontMatter:
    """The front matter of `source`; SourceError R100 (R110 past its size) on a problem."""
    text = source.text
    if not text.startswith("---\n"):
        raise SourceError(
            Where.at(source, 1),
            "R100",
            "the source does not start with its front matter",
            "begin with a `---` line, `game:` and `title:` lines, and another `---` line",
        )
    end = text.find("\n---\n", 3)
    if end < 0 or end > limits.MAX_FRONT_MATTER_BYTES:
        if end < 0 and len(text) <= limits.MAX_FRONT_MATTER_BYTES:
            raise SourceError(
                Where.at(source, 1, 1, 3),
                "R100",
                "the front matter is not closed",
                "end it with a line of three hyphens, `---`",
            )
        raise SourceError(
            Where.at(source, 1, 1, 3),
            "R110",
            f"the front matter is longer than {limits.MAX_FRONT_MATTER_BYTES:,} characters "
            "(or is not closed)",
            "keep it to the `key: value` lines of docs/writing-rulebooks.md",
        )
    odd = _OTHER_BREAK.search(text, 0, end + 1)
    if odd is not None:  # YAML counts it as a line end, which would shift every place
        raise SourceError(
            Where(source, odd.start(), odd.start() + 1),
            "R100",
            f"the front matter has a line break {odd[0]!r} (U+{ord(odd[0]):04X}) that is "
            "not a newline",
            "end each line with a plain newline; write the value on one line",
        )
    root = _compose(source, text[4 : end + 1])
    values = _check(source, root)
    return FrontMatter(values, text[: end + 5].count("\n"))


def _where(source, mark) -> Where:
    """The place of a YAML mark; the front matter starts on the source's line 2."""
    return Where.at(source, mark.line + 2, mark.column + 1)


def _compose(source, text: str):
    """The YAML node tree, refusing aliases, anchors and tags before they are followed."""
    import yaml

    class Loader(yaml.SafeLoader):
        def compose_node(self, parent, index):
            event = self.peek_event()
            what = None
            if isinstance(event, yaml.AliasEvent):
                what = "an alias (`*name`)"
            elif getattr(event, "anchor", None) is not None:
                what = "an anchor (`&name`)"
            elif getattr(event, "tag", None) is not None:
                what = f"a tag ({event.tag})"
            if what is not None:
                raise SourceError(
                    _where(source, event.start_mark),
                    "R100",
                    f"the front matter may not use {what}",
                    "write each value out: `key: value`, or `key: [a, b]` for a list",
                )
            return super().compose_node(parent, index)

    try:
        return yaml.compose(text, Loader=Loader)
    except RecursionError:  # PyYAML nests a call per `[` or `{`: 16 KiB of them is too deep
        raise SourceError(
            Where.at(source, 2),
            "R100",
            "the front matter nests lists or tables too deeply",
            "write each value out: `key: value`, or `key: [a, b]` for a list",
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SourceError(
            _where(source, mark) if mark is not None else Where.at(source, 2),
            "R100",
            f"the front matter is not YAML: {getattr(exc, 'problem', None) or exc}",
            "write one `key: value` a line; quote a value with a colon in it",
        ) from None


def _check(source, root) -> dict[str, Any]:
    import yaml

    if root is None:
        raise SourceError(
            Where.at(source, 1, 1, 3),
            "R100",
            "the front matter has no `game:`",
            "for example `game: Maerstanas` and `title: Mǽrstánas`",
        )
    if not isinstance(root, yaml.MappingNode):
        raise SourceError(
            _where(source, root.start_mark),
            "R100",
            "the front matter is not a list of `key: value` lines",
        )
    values: dict[str, Any] = {}
    for key_node, value_node in root.value:
        here = _where(source, key_node.start_mark)
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key not in FRONT_KEYS:
            raise SourceError(
                here,
                "R100",
                f"{key!r} is not a front-matter key" if key else "a key is not a word",
                f"the keys are: {', '.join(FRONT_KEYS)}",
            )
        if key in values:
            raise SourceError(here, "R100", f"`{key}:` is given twice", "keep one of them")
        values[key] = _value(source, key, value_node)
    for key in REQUIRED:
        if not values.get(key):
            raise SourceError(
                Where.at(source, 1, 1, 3),
                "R100",
                f"the front matter has no `{key}:`",
                "for example `game: Maerstanas` and `title: Mǽrstánas`",
            )
    return values


def _value(source, key: str, node) -> Any:
    import yaml

    here = _where(source, node.start_mark)
    if key in LIST_KEYS:
        if not isinstance(node, yaml.SequenceNode):
            raise SourceError(
                here, "R100", f"{key} is a list of texts", f"write `{key}: [First, Second]`"
            )
        return [_text(source, key, item) for item in node.value]
    value = _text(source, key, node)
    if key == "released":
        return _date(here, value)
    if key == "language" and value not in book_languages():
        raise SourceError(
            here,
            "R100",
            f"{value!r} is not a language a book is set in",
            f"the languages are: {', '.join(book_languages())}",
        )
    if key == "licence-url":
        reason = refusal(value)
        if reason is not None or as_read(value).startswith(("#", "mailto:")):
            raise SourceError(here, "R109", reason or "a licence is an http or https address", None)
    return value


def _text(source, key: str, node) -> str:
    """A text value, as written (`edition: 1.10` is "1.10", not the number 1.1)."""
    import yaml

    here = _where(source, node.start_mark)
    if not isinstance(node, yaml.ScalarNode):
        raise SourceError(
            here,
            "R100",
            f"`{key}:` is a text here, not a list or a table",
            "write a word or a quoted text",
        )
    if node.tag == _NULL or not has_ink(node.value):  # spaces, U+200B: nothing printed
        raise SourceError(
            here,
            "R100",
            f"`{key}:` needs a text here" if key in LIST_KEYS else f"`{key}:` needs a value",
            "write a word or a quoted text; leave out a key you do not need",
        )
    value = node.value
    if len(value) > limits.MAX_FRONT_VALUE_CHARS:
        raise SourceError(
            here,
            "R110",
            f"`{key}:` is longer than {limits.MAX_FRONT_VALUE_CHARS:,} characters",
            "put long text in the small print after the front matter",
        )
    if _CONTROL.search(value):
        raise SourceError(here, "R100", f"`{key}:` has a control character in it")
    if key in PRINTED_KEYS:
        refuse_unsettable(value, here)
    return value


def _date(here: Where, value: str) -> datetime.date:
    match = _DATE.fullmatch(value)
    if match is None:
        raise SourceError(here, "R100", "released is a date written YYYY-MM-DD")
    try:
        return datetime.date(*map(int, match.groups()))
    except ValueError:
        raise SourceError(
            here, "R100", f"released: {value} is not a day of the calendar", None
        ) from None
