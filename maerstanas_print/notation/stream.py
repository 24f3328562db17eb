"""Reading games from open text handles, one at a time: `read_game(handle)`.

python-chess reads PGN with `chess.pgn.read_game(handle)`; this is the same
promise for our records: any text handle (a file opened in text mode,
`io.StringIO`, standard input) gives one `GameRecord` per call, read as far
as that game and no further, and `None` once the handle is used up. A large
file is never read whole: each call reads lines until the next game's tag
block begins (the cut of `io.inputs.cut_pieces`, which knows comments, tag
values and variations).

The first line of the next game has been read from the handle by then; it
is kept, with the games already read, for the next call on the same handle
(a weak reference: a handle that is dropped takes it along). Diagnostics
keep their places: `record.locate(diagnostic.start)` gives the line and
column in the whole file, and the games are numbered through the file.

`read_games(source)` is the whole file at once, from a path or a handle.
"""

from __future__ import annotations

import io
import os
import weakref
from collections import deque
from collections.abc import Iterator
from typing import Protocol

from maerstanas_print.diagnostics import Diagnostic
from maerstanas_print.io import limits
from maerstanas_print.io.errors import InputError, LimitError
from maerstanas_print.io.inputs import cut_pieces, looks_like_tag_line, read_record
from maerstanas_print.notation.parser import RecordReader, parse
from maerstanas_print.notation.record import GameRecord, held_items

__all__ = ["TextHandle", "read_game", "read_games"]


class TextHandle(Protocol):
    """What `read_game` needs of a handle: lines of text."""

    def readline(self) -> str: ...


class _Stream:
    """What one handle has left between two calls of `read_game`."""

    __slots__ = ("pieces", "ready", "games", "held", "where", "__weakref__")

    def __init__(self, pieces: Iterator[tuple[str, int]]) -> None:
        self.pieces = pieces  # the rest of the handle, a game's text at a time
        self.ready: deque[GameRecord] = deque()  # games read but not yet returned
        self.games = 0  # games read so far: the next one's number is games + 1
        # A piece with problems but no game (text before the first game): read
        # again in front of the next piece, so its problems go with that game.
        self.held: tuple[str, int] | None = None
        self.where: object = None  # the handle's tell() when the last call returned


_STREAMS: weakref.WeakKeyDictionary[object, _Stream] = weakref.WeakKeyDictionary()


def read_game(handle: TextHandle) -> GameRecord | None:
    """The next game of an open text handle, or None at its end.

    Problems in the text are in the game's `diagnostics` (as with
    `read_games`); a game beyond a documented limit raises `LimitError`, a
    handle whose text cannot be decoded or holds NUL bytes `InputError`. A
    binary handle, or anything else that is not an open text handle, raises
    TypeError; a closed one ValueError.
    """
    stream = _stream_of(handle)
    game = _next_game(stream, _name_of(handle))
    if game is None:
        _STREAMS.pop(handle, None)
    else:
        stream.where = _position(handle)
    return game


def _position(handle: object) -> object:
    """Where a seekable handle stands (None when it cannot tell): a handle moved
    between two calls (a seek) is read afresh, not glued to the line read ahead."""
    try:
        return handle.tell() if handle.seekable() else None  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return None


def _next_game(stream: _Stream, name: str) -> GameRecord | None:
    while not stream.ready:
        piece = next(stream.pieces, None)
        if piece is None:
            return None
        text, first_line = piece
        if stream.held is not None:
            text, first_line = stream.held[0] + text, stream.held[1]
            stream.held = None
        reader = RecordReader(text, name, first_index=stream.games + 1, first_line=first_line)
        games = list(reader)
        if games and reader.diagnostics:  # problems between games go with the next one
            games[0].diagnostics[:0] = reader.diagnostics
        elif reader.diagnostics:
            stream.held = text, first_line
        stream.games += len(games)
        stream.ready.extend(games)
    return stream.ready.popleft()


def read_games(source: str | os.PathLike[str] | TextHandle) -> list[GameRecord]:
    """Every game of a record file (UTF-8, with or without a byte order mark), given
    by its path or as an open text handle (read to its end with `read_game`).

    Problems in the text are in each game's `diagnostics` (and in those of
    `replay`); a file that cannot be read raises `InputError` with a one-line
    message, a file beyond the documented limits `LimitError`.
    """
    if isinstance(source, str | os.PathLike):
        name, text = read_record(os.fspath(source))
        parsed = parse(text, name)
        _give_to_the_next_game(parsed.diagnostics, parsed.games)
        budget = WholeRecordBudget(name)  # the bounds of every record read whole
        for record in parsed.games:
            budget.take(record)
        return parsed.games
    try:
        kept = _STREAMS.pop(source, None)  # where read_game stopped, if it started
    except TypeError:
        kept = None  # no weak reference: read_game cannot have started on it
    if kept is None or kept.where != _position(source):  # unread, or moved since
        _check_handle(source)
        kept = _Stream(cut_pieces(_lines(source), least=1))
    games = []
    name = _name_of(source)
    budget = WholeRecordBudget(name)
    while (game := _next_game(kept, name)) is not None:
        budget.take(game)
        games.append(game)
    return games


def _give_to_the_next_game(problems: list[Diagnostic], games: list[GameRecord]) -> None:
    """Problems that belong to no game (text between games) go with the game after
    them, as `read_game` gives them; those after the last game go with it."""
    if not games:
        return
    for problem in problems:
        game = next((game for game in games if game.start >= problem.end), games[-1])
        place = next(
            (i for i, own in enumerate(game.diagnostics) if own.start > problem.start),
            len(game.diagnostics),
        )
        game.diagnostics.insert(place, problem)


def _stream_of(handle: TextHandle) -> _Stream:
    try:
        stream = _STREAMS.get(handle)
    except TypeError:
        stream = None  # not weakly referable: refused below
    if stream is not None and stream.where == _position(handle):
        return stream
    _check_handle(handle)
    stream = _Stream(cut_pieces(_lines(handle), least=1))
    try:
        _STREAMS[handle] = stream
    except TypeError:
        raise TypeError(
            f"read_game cannot keep its place in a {type(handle).__name__} "
            "(it takes no weak reference); read it with read_games"
        ) from None
    return stream


def _check_handle(handle: object) -> None:
    if isinstance(handle, str | bytes | os.PathLike):
        raise TypeError(
            "read_game reads from an open text handle (a file opened in text "
            "mode, io.StringIO), not a path; for a file name use read_games(path)"
        )
    if isinstance(handle, io.RawIOBase | io.BufferedIOBase):
        raise TypeError(
            "read_game reads text, not bytes: open the file in text mode, "
            "open(path, encoding='utf-8')"
        )
    if not callable(getattr(handle, "readline", None)):
        raise TypeError(f"read_game reads from an open text handle, not a {type(handle).__name__}")
    if getattr(handle, "closed", False):
        raise ValueError("read_game cannot read a closed handle")


def _name_of(handle: object) -> str:
    name = getattr(handle, "name", None)
    return name if isinstance(name, str) else "<handle>"


def _lines(handle: TextHandle) -> Iterator[str]:
    """The handle's lines, checked as `io.inputs` checks a file: text, no NUL, and
    one game's text within `limits.MAX_HANDLE_GAME_CHARS` characters."""
    name = _name_of(handle)
    since_tag = 0  # characters since the last tag line: a bound on one game's text
    while True:
        try:
            line = handle.readline()
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{name}: the text cannot be decoded ({exc.reason}); save the "
                "record as UTF-8 and open it with encoding='utf-8'"
            ) from None
        except ValueError as exc:  # a handle closed between two calls
            raise ValueError(f"read_game cannot read {name}: {exc}") from None
        if not line:
            return
        if not isinstance(line, str):
            raise TypeError(
                "read_game reads text, not bytes: open the file in text mode, "
                "open(path, encoding='utf-8')"
            )
        if "\x00" in line:
            raise InputError(f"{name}: a binary file (it holds NUL bytes), not a record")
        # Only a line that may begin a tag block resets the count: there the cut
        # between pieces happens, even inside a comment once a piece is past its
        # hard bound (any `[` would let a comment of `[1` lines grow without end).
        since_tag = 0 if looks_like_tag_line(line) else since_tag + len(line)
        if since_tag > limits.MAX_HANDLE_GAME_CHARS:
            raise LimitError(
                f"{name}: more than {limits.MAX_HANDLE_GAME_CHARS:,} characters "
                "without a tag line (the limit of one game from a handle); "
                "split the games with their tags"
            )
        yield line


class WholeRecordBudget:
    """What a record read whole may hold: `limits.MAX_WHOLE_RECORD_GAMES` games and
    `MAX_WHOLE_RECORD_MOVES` moves, variations, comments and NAGs in all. `take`
    each game as it is read; LimitError at the game that passes either (`check`,
    which holds one game at a time, reads any number)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.games = self.items = 0

    def take(self, record: GameRecord) -> None:
        most, most_items = limits.MAX_WHOLE_RECORD_GAMES, limits.MAX_WHOLE_RECORD_MOVES
        self.games += 1
        if self.games > most:
            raise LimitError(
                f"{self.name}: more than {most:,} games, the most a record read whole may "
                "have; split it (check reads a record of any length)"
            )
        self.items += held_items(record)
        if self.items > most_items:
            where = f"{self.name}:{':'.join(map(str, record.locate(record.start)))}"
            raise LimitError(
                f"{where}: game {record.index} brings the record to more "
                f"than {most_items:,} moves, variations and comments, the most a record read "
                "whole may have; split it (check reads a record of any length)"
            )
