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
from collections.abc import Iterator
from functools import lru_cache

from maerstanas_print.io import limits
from maerstanas_print.notation.build import Item, TooManyMoves
from maerstanas_print.notation.move_kinds import MoveKind, marked_kinds, version
from maerstanas_print.notation.record import MoveNumber


def _removal_list(removals: str | None) -> tuple[str, ...] | None:
    """The squares of a move's `x` list as written."""
    return None if removals is None else tuple(_REMOVAL_SPLIT.split(removals))


# What a game holds besides its moves, each as large as a move once read: a
# variation (even an empty one), a comment (even `{}`), a NAG
_ASIDE_KINDS = frozenset({"open", "comment", "lcomment", "nag", "glyph"})


_WS = r"[ \t\f\r\n]*"
_SQ = r"[A-Sa-s](?:1[0-9]|[1-9])(?![0-9A-Za-wyz_])"
_MARK_END = r"(?:(?![A-Za-z0-9_])|(?=[A-Sa-s][1-9]))"
_PIECE = r"[KC](?=[A-Sa-s][1-9])"

_TOKEN_PATTERN = r"""
    (?:
    (?P<pair>(?P<pn>[0-9]{{1,6}})(?P<pdots>\.\.\.|\.|\u2026){_WS}(?P<p1>{_SQ})(?!{_WS}-)
             (?:{_WS}(?P<p2>{_SQ})(?!{_WS}-))?)
  | (?P<place>{_SQ})(?!{_WS}-)
  | (?P<tag>\[{_WS}(?P<tname>[A-Za-z][A-Za-z0-9_]*){_WS}
            (?P<tvalue>"[^"\\\n]*(?:\\.[^"\\\n]*)*"){_WS}\])
  | (?P<movement>(?P<mpiece>{_PIECE})?(?P<morigin>{_SQ}){_WS}-{_WS}(?P<mtarget>{_SQ})
                 (?:{_WS}x{_WS}(?P<mrem>(?:{_PIECE})?{_SQ}(?:{_WS}/{_WS}(?:{_PIECE})?{_SQ}){{0,{_MOST_REMOVED}}}))?)
  | (?P<result>1-0|0-1|1/2-1/2)
  | (?P<number>(?P<n>[0-9]{{1,6}})(?P<dots>\.\.\.|\.|\u2026))
  {MARKED}
  | (?P<pass>[Pp][Aa][Ss][Ss](?![A-Za-z0-9_]))
  | (?P<glyph>!!|\?\?|!\?|\?!|\+\+|!|\?|\+)
  | (?P<nag>\$[0-9]{{1,3}}(?![0-9]))
  | (?P<comment>\{{[^}}]*\}})
  | (?P<lcomment>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<score>Dark{_WS}:{_WS}(?P<dark>[0-9]{{1,6}}(?![0-9])){_WS},
              {_WS}Light{_WS}:{_WS}(?P<light>[0-9]{{1,6}}(?![0-9])))
  | (?P<unfinished>\*)
    )
    """
# The marked moves the games registered (`move_kinds`): those that may write a
# removal list (`T E4xE3/D4`), then the others (`W C5`).
_WITH_REMOVALS = r"""| (?P<rmarked>(?P<rmark>[{MARKS}]){_MARK_END}{_WS}(?P<rsq>{_SQ})
                (?:{_WS}x{_WS}(?P<rrem>{_SQ}(?:{_WS}/{_WS}{_SQ}){{0,{_MOST_REMOVED}}}))?)"""
_WITHOUT_REMOVALS = r"| (?P<marked>(?P<mark>[{MARKS}]){_MARK_END}{_WS}(?P<msq>{_SQ}))"
_MOVE_KINDS = frozenset(("rmarked", "movement", "marked", "pass"))
_REMOVAL_SPLIT = re.compile(rf"{_WS}/{_WS}")
_BLANKS = re.compile(_WS)


class _Token:
    """The scanner's pattern for the kinds of move registered now, its groups, and
    each mark's kind (both cases)."""

    def __init__(self, kinds: tuple[MoveKind, ...]) -> None:
        parts = {
            "_SQ": _SQ,
            "_WS": _WS,
            "_PIECE": _PIECE,
            "_MARK_END": _MARK_END,
            # a longer list is left to the grammar (and refused by the builder):
            # `re` keeps a little state for every repetition it may go back on
            "_MOST_REMOVED": limits.MAX_REMOVAL_SQUARES - 1,
        }
        marked = ""
        for pattern, removals in ((_WITH_REMOVALS, True), (_WITHOUT_REMOVALS, False)):
            marks = "".join(k.mark + k.mark.lower() for k in kinds if k.with_removals == removals)
            if marks:
                marked += pattern.format(MARKS=marks, **parts) + "\n"
        self.pattern = re.compile(_TOKEN_PATTERN.format(MARKED=marked, **parts), re.VERBOSE)
        self.kind_of = {m: k.kind for k in kinds for m in (k.mark, k.mark.lower())}
        g = self.pattern.groupindex
        # (a kind of marked move no game registered has no groups: 0 stands in)
        self.groups = (
            g["n"],
            g["dots"],
            g.get("rmark", 0),
            g.get("rsq", 0),
            g.get("rrem", 0),
            g.get("mark", 0),
            g.get("msq", 0),
            g["tname"],
            g["tvalue"],
            g["dark"],
            g["light"],
            g["mpiece"],
            g["morigin"],
            g["mtarget"],
            g["mrem"],
            g["pn"],
            g["pdots"],
            g["p1"],
            g["p2"],
        )


@lru_cache(maxsize=4)
def _token(kinds_version: int) -> _Token:
    return _Token(marked_kinds())


def scan(text: str) -> list[Item] | None:
    """The items of `text`, or None when it needs the full grammar to read."""
    items: list[Item] = []
    for chunk in scan_games(text):
        if isinstance(chunk, int):
            return None
        items += chunk[0]
    return items


def scan_games(text: str, pos: int = 0) -> Iterator[tuple[list[Item], int] | int]:
    """The items of `text` from `pos`, one game at a time, each with the offset
    where the game's text ends. A final int is where the scanner gave up: the
    grammar must read from the end of the last game yielded.

    A game ends where the record builder would end it: at a tag after
    movetext, or at anything but a comment after a termination. A game with
    more moves than the limit raises TooManyMoves before it is held whole.
    """
    items: list[Item] = []
    append = items.append
    depth = 0
    game_start = pos
    moves = asides = numbers = 0  # numbers: those written apart from a move
    most = limits.MAX_GAME_MOVES
    moves_seen = ended = False
    token = _token(version())
    kind_of = token.kind_of
    (
        _N,
        _DOTS,
        _RMARK,
        _RSQ,
        _RREM,
        _MARK,
        _MSQ,
        _TNAME,
        _TVALUE,
        _DARK,
        _LIGHT,
        _MPIECE,
        _MORIGIN,
        _MTARGET,
        _MREM,
        _PN,
        _PDOTS,
        _P1,
        _P2,
    ) = token.groups
    # The blanks before each token are skipped once, then the token is matched
    # where they end: a search (`finditer`) would, at blanks that no token
    # follows, re-read the whole run from each of its offsets (time n squared).
    skip_blanks = _BLANKS.match
    match_token = token.pattern.match
    while True:
        blanks = skip_blanks(text, pos)  # always a match, perhaps an empty one
        m = match_token(text, blanks.end() if blanks else pos)
        if m is None:
            break
        kind = m.lastgroup
        assert kind is not None  # every alternative of the pattern is a named group
        start, end = m.start(kind), m.end()
        pos = end
        if kind == "pair":
            # A move number and the placement or two after it (`12. E3 A7`), the
            # bulk of most records, in one match: the same items as three
            # matches of `number` and `place` would give.
            if ended:
                yield items, start
                items, ended, moves_seen = [], False, False
                append = items.append
                game_start, moves, asides, numbers = start, 0, 0, 0
            moves_seen = True
            digits, dots, square, second = m.group(_PN, _PDOTS, _P1, _P2)  # one call
            number_end = start + len(digits) + len(dots)
            append(
                (
                    "number",
                    start,
                    number_end,
                    MoveNumber(int(digits), dots != ".", start, number_end),
                )
            )
            first = m.start(_P1)
            moves += 1 if second is None else 2
            if moves > most:
                raise TooManyMoves(game_start)
            append(("move", first, first + len(square), ("place", None, square, None, None)))
            if second is not None:  # it ends the match
                append(("move", end - len(second), end, ("place", None, second, None, None)))
            continue
        if kind == "place":
            if ended:
                yield items, start
                items, ended = [], False
                append = items.append
                game_start, moves, asides, numbers = start, 0, 0, 0
            moves_seen = True
            moves += 1
            if moves > most:
                raise TooManyMoves(game_start)
            append(("move", start, end, ("place", None, m.group(kind), None, None)))
            continue
        if kind == "tag" and depth:
            yield start  # a tag inside a variation: the grammar explains
            return
        if (ended and kind not in ("comment", "lcomment")) or (kind == "tag" and moves_seen):
            yield items, start
            items, ended, moves_seen = [], False, False
            append = items.append
            game_start, moves, asides, numbers = start, 0, 0, 0
        if kind == "tag":  # held as an aside is (9 million tag lines reached 4 GB)
            asides += 1
            if asides > limits.MAX_GAME_ASIDES:
                raise TooManyMoves(game_start, "asides")
            append(("tag", start, end, m.group(_TNAME, _TVALUE)))
            continue
        moves_seen = True
        if kind in _MOVE_KINDS:
            moves += 1
            if moves > most:
                raise TooManyMoves(game_start)
        elif kind in _ASIDE_KINDS:
            asides += 1
            if asides > limits.MAX_GAME_ASIDES:
                raise TooManyMoves(game_start, "asides")
        if kind == "number":
            numbers += 1  # each stands before a move: `1.` a million times is no game
            if numbers > most:
                raise TooManyMoves(game_start, "numbers")
            append(
                (
                    "number",
                    start,
                    end,
                    MoveNumber(int(m.group(_N)), m.group(_DOTS) != ".", start, end),
                )
            )
        elif kind == "rmarked":
            removals, mark = m.group(_RREM), m.group(_RMARK)
            append(
                (
                    "move",
                    start,
                    end,
                    (
                        kind_of[mark],
                        mark,
                        m.group(_RSQ),
                        _removal_list(removals),
                        None,
                    ),
                )
            )
        elif kind == "movement":
            removals = m.group(_MREM)
            append(
                (
                    "move",
                    start,
                    end,
                    (
                        "move",
                        m.group(_MPIECE),
                        m.group(_MTARGET),
                        _removal_list(removals),
                        m.group(_MORIGIN),
                    ),
                )
            )
        elif kind == "marked":
            mark = m.group(_MARK)
            append(("move", start, end, (kind_of[mark], mark, m.group(_MSQ), None, None)))
        elif kind == "pass":
            append(("move", start, end, ("pass", m.group(kind), None, None, None)))
        elif kind == "open":
            depth += 1
            if depth > limits.MAX_OPEN_VARIATIONS:
                raise TooManyMoves(start, "deep")
            append(("open", start, end, None))
        elif kind == "close":
            if depth == 0:
                yield start
                return
            depth -= 1
            append(("close", start, end, None))
        elif kind in ("score", "unfinished", "result"):
            if depth:
                yield start
                return
            if kind == "score":
                append(("score", start, end, (int(m.group(_DARK)), int(m.group(_LIGHT)))))
            elif kind == "result":
                append(("result", start, end, m.group(kind)))
            else:
                append(("unfinished", start, end, None))
            ended = True
        else:  # glyph, nag, comment, lcomment
            append((kind, start, end, m.group(kind)))
    if depth or text[pos:].strip(" \t\f\r\n"):
        yield pos
        return
    if items:
        yield items, len(text)
