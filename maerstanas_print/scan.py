"""A fast reader for well-formed records, checked against the grammar.

`check` spends most of its time reading text, and Lark's LALR parser costs a
few microseconds per token. Most files are well formed, so this scanner reads
them with one regular expression and yields the same items as the grammar's
reader. It gives up (returns None) at the first thing it does not fully
understand; the Lark reader then reads the file and explains the problem.
The test suite checks on generated and mutated records that whenever this
scanner succeeds, the grammar reads exactly the same items.
"""

from __future__ import annotations

import re

from maerstanas_print.build import Item
from maerstanas_print.record import MoveNumber

_WS = r"[ \t\f\r\n]*"
_SQ = r"[A-Ga-g][1-7](?![0-9A-Za-wyz_])"
_MARK_END = r"(?:(?![A-Za-z0-9_])|(?=[A-Ga-g][1-7]))"

_TOKEN = re.compile(
    rf"""
    (?P<ws>[ \t\f\r\n]+)
  | (?P<number>(?P<n>[0-9]+)(?P<dots>\.\.\.|\.|\u2026))
  | (?P<place>{_SQ})
  | (?P<thunder>(?P<tmark>[Tt]){_MARK_END}{_WS}(?P<tsq>{_SQ})
                (?:{_WS}x{_WS}(?P<trem>{_SQ}(?:{_WS}/{_WS}{_SQ})*))?)
  | (?P<woden>(?P<wmark>[Ww]){_MARK_END}{_WS}(?P<wsq>{_SQ}))
  | (?P<pass>[Pp][Aa][Ss][Ss](?![A-Za-z0-9_]))
  | (?P<glyph>!!|\?\?|!\?|\?!|!|\?)
  | (?P<nag>\$[0-9]+)
  | (?P<comment>\{{[^}}]*\}})
  | (?P<lcomment>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<tag>\[{_WS}(?P<tname>[A-Za-z][A-Za-z0-9_]*){_WS}(?P<tvalue>"(?:\\.|[^"\\\n])*"){_WS}\])
  | (?P<score>Dark{_WS}:{_WS}(?P<dark>[0-9]+){_WS},{_WS}Light{_WS}:{_WS}(?P<light>[0-9]+))
  | (?P<unfinished>\*)
    """,
    re.VERBOSE,
)
_REMOVAL_SPLIT = re.compile(rf"{_WS}/{_WS}")
_G = _TOKEN.groupindex
_N, _DOTS = _G["n"], _G["dots"]
_TMARK, _TSQ, _TREM = _G["tmark"], _G["tsq"], _G["trem"]
_WMARK, _WSQ = _G["wmark"], _G["wsq"]
_TNAME, _TVALUE, _DARK, _LIGHT = _G["tname"], _G["tvalue"], _G["dark"], _G["light"]


def scan(text: str) -> list[Item] | None:
    """The items of `text`, or None when it needs the full grammar to read."""
    items: list[Item] = []
    append = items.append
    match = _TOKEN.match
    pos, length, depth = 0, len(text), 0
    while pos < length:
        m = match(text, pos)
        if m is None:
            return None
        kind = m.lastgroup
        end = m.end()
        if kind == "place":
            append(("move", pos, end, ("place", None, m.group(), None)))
        elif kind == "ws":
            pass
        elif kind == "number":
            append(("number", pos, end,
                    MoveNumber(int(m.group(_N)), m.group(_DOTS) != ".", pos, end)))
        elif kind == "thunder":
            removals = m.group(_TREM)
            append(("move", pos, end, ("thunder", m.group(_TMARK), m.group(_TSQ),
                                       tuple(_REMOVAL_SPLIT.split(removals))
                                       if removals is not None else None)))
        elif kind == "woden":
            append(("move", pos, end, ("woden", m.group(_WMARK), m.group(_WSQ), None)))
        elif kind == "pass":
            append(("move", pos, end, ("pass", m.group(), None, None)))
        elif kind == "open":
            depth += 1
            append(("open", pos, end, None))
        elif kind == "close":
            if depth == 0:
                return None
            depth -= 1
            append(("close", pos, end, None))
        elif kind in ("tag", "score", "unfinished"):
            if depth:
                return None
            if kind == "tag":
                append(("tag", pos, end, (m.group(_TNAME), m.group(_TVALUE))))
            elif kind == "score":
                append(("score", pos, end, (int(m.group(_DARK)), int(m.group(_LIGHT)))))
            else:
                append(("unfinished", pos, end, None))
        else:  # glyph, nag, comment, lcomment
            append((kind, pos, end, m.group()))
        pos = end
    return items if depth == 0 else None
