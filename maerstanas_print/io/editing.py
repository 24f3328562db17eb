"""Editing a user's record file in place, as an editor must: `check --fix`.

A record file is the user's own work, so a rewrite keeps everything the user
did not ask to change and never races them:

- Only a regular file is edited: standard input, `/dev/stdin` (also behind
  a symlink of the user's), a named pipe or a device is refused before a
  byte is read (a pipe read to its end cannot be written back). A regular
  file on `/dev/shm` is a file like any other.
- The file may not grow past the limit while it is read.
- The bytes are kept as read. The text the fix search sees leaves out a
  leading byte order mark (as every reader does); the mark is put back in
  front of the new text, and every other byte is the old file's.
- Just before writing, the file is read again, under an exclusive lock
  (`flock`): if it differs from what was read (someone saved it while the
  search ran), or the name as given now leads to another file (replaced by a
  symlink or another file, or a symlink on its path pointed elsewhere),
  nothing is written. Two runs of `--fix` on one file take turns under the
  lock: the second finds the first's change and writes nothing.
- A file the user may not write (`chmod 444`: no write bit, whoever runs
  us; `chattr +i` or `+a`) is refused. A file with other hard links, extended
  attributes (an access list, a security label, a user's note), inode flags
  (`chattr +d`, `+A`, `+S`: `inode_flags`), one whose owner or group a
  new file could not be given, or one in a folder we may not write in, is
  rewritten in place, so the inode, its other names, its owner, mode and
  attributes stay; that write leaves the old bytes or the new ones, never a
  mix (a file-size limit is refused first, a growing file's space reserved
  first, a failed write undone; every signal but SIGKILL waits
  until it is whole). Any other file is written beside itself, without the
  access list its folder would give a new file, and renamed over, so a
  stopped run leaves the old file whole.

Failures raise `InputError` (cannot be read) or `OutputError` (not written),
each with one line that says that the file was left as it was.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from io import FileIO
from pathlib import Path
from typing import NoReturn

from maerstanas_print.io import limits
from maerstanas_print.io.errors import InputError, LimitError, OutputError
from maerstanas_print.io.held import signals_held, signals_let_through
from maerstanas_print.io.inputs import decode_stream, display_name, read_record_bytes
from maerstanas_print.io.outputs import (
    keep_mode,
    reserve_space,
    size_limit_refusal,
    take_place_of,
    temporary_beside,
    write_all,
)
from maerstanas_print.io.overwrite_rules import (
    file_capabilities,
    must_write_in_place,
    why_not_writable,
)
from maerstanas_print.io.special_paths import is_special

# How long `--fix` waits for a lock another program holds on the file (seconds)
LOCK_WAIT_S = 10.0


@dataclass(frozen=True, slots=True)
class EditedFile:
    """A record file as read for an edit: its bytes, and its text as the readers
    see it (without a leading byte order mark, which `prefix` keeps)."""

    name: str  # as the user wrote it, for messages and diff headers
    path: str | None  # the file that is written (symlinks resolved); None for a stream
    data: bytes
    text: str
    prefix: bytes  # the byte order mark the text leaves out, or nothing
    identity: tuple[int, int] | None = None  # (device, inode) of the file read
    given: str | None = None  # the path as given: it must still lead to that file

    def bytes_of(self, text: str) -> bytes:
        """The whole file with `text` (a new version of `self.text`) in it."""
        return self.prefix + text.encode("utf-8")


def read_for_diff(path: str) -> EditedFile:
    """A record file, standard input or a pipe, read to show a fix as a diff."""
    if path != "-":
        with contextlib.suppress(OSError):  # a missing file is reported by the reader
            info = os.stat(path)
            _within_limit(display_name(path), info)
            if stat.S_ISREG(info.st_mode):  # read here, where its growth is bounded
                fd = os.open(path, os.O_RDONLY | os.O_NOCTTY)
                name, data, text = _read_whole(fd, display_name(path))
                return EditedFile(name, None, data, text, _prefix(data))
    name, data, text = read_record_bytes(path)
    return EditedFile(name, None, data, text, _prefix(data))


def named_before(path: str, seen: set[tuple[int, int]]) -> bool:
    """Whether `path` is a regular file an earlier name of the command line
    already named (`a.mrs ./a.mrs`, a hard link); it is added to `seen`. Its
    diff shown twice would be applied, then taken back, by `patch`."""
    if path == "-":
        return False
    try:
        info = os.stat(path)
    except OSError:  # reported by the reader
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    identity = (info.st_dev, info.st_ino)
    if identity in seen:
        return True
    seen.add(identity)
    return False


def read_for_edit(path: str) -> EditedFile:
    """A regular record file, read to be rewritten; anything else is refused."""
    name = display_name(path)
    if path == "-" or is_special(path):
        raise InputError(
            f"{name}: --fix rewrites record files only, not standard input or a "
            "device; use --diff, or save the record to a file first"
        )
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {exc.strerror or exc}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{name}: is a directory, not a record file")
        raise InputError(
            f"{name}: not a regular file (a pipe, a socket or a device); --fix "
            "rewrites record files only: use --diff, or save the record to a file"
        )
    try:
        _within_limit(name, info)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    name, data, text = _read_whole(fd, name)
    identity = (info.st_dev, info.st_ino)
    return EditedFile(name, os.path.realpath(path), data, text, _prefix(data), identity, path)


def _read_whole(fd: int, name: str) -> tuple[str, bytes, str]:
    """(name, bytes, text) of an open regular file, which it closes."""
    with os.fdopen(fd, "rb") as stream:
        raw: list[bytes] = []
        limited = _Limited(stream, name)
        text = "".join(decode_stream(limited, True, name, close=False, raw=raw))  # type: ignore[arg-type]
    return name, b"".join(raw), text


class _Limited:
    """A file read in blocks that may not grow past the limit while it is read
    (its size was checked when it was opened)."""

    def __init__(self, stream: object, name: str) -> None:
        self.stream = stream
        self.name = name
        self.done = 0

    def read(self, size: int) -> bytes:
        block: bytes = self.stream.read(size)  # type: ignore[attr-defined]
        self.done += len(block)
        if self.done > limits.MAX_EDIT_BYTES:
            raise LimitError(
                f"{self.name}: grew past the {limits.MAX_EDIT_BYTES:,} bytes --fix and "
                "--diff take while it was read; it is left as it is"
            )
        return block


def write_edit(edited: EditedFile, payload: bytes) -> None:
    """Write `payload` over `edited`'s file if it is still what was read."""
    if edited.path is None:
        raise OutputError(f"{edited.name}: read from a stream; it cannot be rewritten")
    path = Path(edited.path)
    name = edited.name
    try:
        info = os.stat(path)
    except OSError as exc:
        raise OutputError(
            f"{name}: not written: it cannot be found again ({exc.strerror or exc})"
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"{name}: not written: it is no longer a regular file")
    why = why_not_writable(path, info)
    if why is not None:
        raise OutputError(f"{name}: not written: {why}; the file is as it was")
    with _locked(path, name):  # two runs of --fix on one file take turns
        if _read_again(path, edited.identity, len(edited.data)) != edited.data or not _still_named(
            edited
        ):
            raise OutputError(_changed(name))
        _within_size_limit(name, len(payload))
        in_place = must_write_in_place(path, info)
        if in_place or not _replace_keeping_owner(path, payload, info, edited):
            _write_in_place(path, payload, edited, name)


@contextlib.contextmanager
def _locked(path: Path, name: str) -> Iterator[None]:
    """An exclusive lock (`flock`) on the file for the last look and the write. A
    second `check --fix` of the same file waits for the first, then finds the
    file changed (or replaced by the first one's rename) and writes nothing. A
    lock another program keeps longer than `LOCK_WAIT_S` is refused; a file
    system without locks is written as before."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        yield
        return
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:  # the checks under the lock say why it cannot be written
        yield
        return
    try:
        waited = 0.0
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if waited >= LOCK_WAIT_S:
                    raise OutputError(
                        f"{name}: not written: another program has held a lock on it "
                        f"for {LOCK_WAIT_S:.0f} s; the file is as it was"
                    ) from None
                with signals_let_through():  # Ctrl-C stops the wait: nothing is written yet
                    time.sleep(0.05)
                waited += 0.05
            except OSError:  # no locks on this file system
                break
        yield
    finally:
        os.close(fd)


def _still_named(edited: EditedFile) -> bool:
    """Whether the name as given still leads to the file read (a symlink or a
    folder on the path may have been pointed elsewhere while it was checked)."""
    if edited.given is None or edited.identity is None:
        return True
    try:
        info = os.stat(edited.given)
    except OSError:
        return False
    return (info.st_dev, info.st_ino) == edited.identity


def _within_limit(name: str, info: os.stat_result) -> None:
    if stat.S_ISREG(info.st_mode) and info.st_size > limits.MAX_EDIT_BYTES:
        raise LimitError(
            f"{name}: {info.st_size:,} bytes, more than the {limits.MAX_EDIT_BYTES:,} "
            "--fix and --diff take; check reads it in pieces (split it to fix it)"
        )


def _prefix(data: bytes) -> bytes:
    """The byte order mark the decoded text leaves out (only the first one is)."""
    return codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""


def _read_again(path: Path, identity: tuple[int, int] | None, most: int) -> bytes | None:
    """The file's bytes now (at most `most` and one more: a file that grew is
    changed, however large it grew), or None when it cannot be read or the name
    leads to another file than the one read."""
    try:  # never blocks: a named pipe swapped in for the file has no writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        if identity is not None and (info.st_dev, info.st_ino) != identity:
            return None
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as stream:
            fd = -1
            return stream.read(most + 1)
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)


def _identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return (info.st_dev, info.st_ino)


def _replace_keeping_owner(
    path: Path, payload: bytes, info: os.stat_result, edited: EditedFile
) -> bool:
    """Write a temporary file beside `path` with its mode, owner and group and
    no extended attribute (the file has none), then rename it over `path` if the
    file is still as read. False (nothing done) when no temporary file can be
    made beside it, it cannot get the owner and group, or it keeps an attribute
    the folder gave it: the caller then writes in place."""
    with signals_held():  # no signal ends the run while the temporary file exists
        try:
            fd, tmp = temporary_beside(path)
        except OSError:  # a folder the user may not write in: the file itself may be
            return False
        try:
            with os.fdopen(fd, "wb") as handle:
                try:
                    take_place_of(handle.fileno(), info, keep_owner=True)
                except OSError:
                    # Given away and now not ours to remove (a sticky folder): the
                    # next write of this file removes it as a stale temporary file.
                    with contextlib.suppress(OSError):
                        Path(tmp).unlink(missing_ok=True)
                    return False
                handle.write(payload)
                handle.flush()
                keep_mode(handle.fileno(), info)  # the write cleared set-user-ID bits
                os.fsync(handle.fileno())
            if _read_again(
                path, edited.identity, len(edited.data)
            ) != edited.data or not _still_named(edited):
                raise OutputError(_changed(edited.name))
            os.replace(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):  # given away: the next run removes it
                Path(tmp).unlink(missing_ok=True)
            raise OutputError(_as_it_was(edited.name, exc)) from None
        except BaseException:
            with contextlib.suppress(OSError):
                Path(tmp).unlink(missing_ok=True)
            raise
    return True


def _changed(name: str) -> str:
    return (
        f"{name}: not written: the file changed while it was checked; it is left "
        "as it is: run check --fix again"
    )


def _as_it_was(name: str, exc: OSError) -> str:
    return f"{name}: not written: {exc.strerror or exc}; the file is as it was"


def _write_in_place(path: Path, payload: bytes, edited: EditedFile, name: str) -> None:
    """Rewrite the file through its own inode (its other names see the change;
    its owner, group, mode and attributes stay), checking it through the same
    descriptor. The file ends with either its old bytes or the new ones:

    - a file-size limit (`ulimit -f`) the write would pass is refused first;
    - a file that grows gets its new length reserved before a byte changes, so
      a full disk or quota refuses it while it is still whole;
    - a write that fails all the same is undone with the old bytes, and the
      message says which of the two the file holds;
    - Ctrl-C, SIGTERM, SIGHUP (a closed terminal), SIGQUIT and every other
      signal but SIGKILL wait until the file is whole: stopped between the
      write and the truncation, it would be half old, half new.
    """
    try:  # never blocks on a named pipe swapped in for the file
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as exc:
        raise OutputError(f"{name}: not written: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OutputError(_changed(name))
    os.set_blocking(fd, True)
    with os.fdopen(fd, "r+b", buffering=0) as handle:
        try:
            same = (
                (edited.identity is None or _identity(fd) == edited.identity)
                and handle.read(len(edited.data) + 1) == edited.data
                and _still_named(edited)
            )
        except OSError as exc:
            raise OutputError(_as_it_was(name, exc)) from None
        if not same:
            raise OutputError(_changed(name))
        _within_size_limit(name, max(len(payload), len(edited.data)))
        with signals_held():
            before, capabilities = os.fstat(fd), file_capabilities(fd)
            _reserve(handle, name, len(payload), len(edited.data))
            try:
                handle.seek(0)
                write_all(handle, payload)
                handle.truncate(len(payload))
            except OSError as exc:
                _put_back(handle, edited, exc)
            keep_mode(fd, before, capabilities)  # the privileges a write clears
        with contextlib.suppress(OSError):
            os.fsync(fd)


def _within_size_limit(name: str, size: int) -> None:
    """Refuse a write the process's file-size limit (`ulimit -f`) would cut short."""
    refused = size_limit_refusal(size)
    if refused is not None:
        raise OutputError(f"{name}: not written: {refused}; the file is as it was")


def _reserve(handle: FileIO, name: str, new_size: int, old_size: int) -> None:
    """Reserve the space a growing file needs before any of its bytes change, so
    that a full disk or quota refuses the fix while the file is whole."""
    if new_size <= old_size:
        return
    try:
        reserve_space(handle.fileno(), new_size, old_size)
    except OSError as exc:
        raise OutputError(_as_it_was(name, exc)) from None


def _put_back(handle: FileIO, edited: EditedFile, failure: OSError) -> NoReturn:
    """After a write that failed part-way, write the old bytes back (their space
    is the file's own) and say so; if even that fails, say the file is damaged
    and where its old text was saved."""
    try:
        handle.seek(0)
        write_all(handle, edited.data)
        handle.truncate(len(edited.data))
        os.fsync(handle.fileno())
    except OSError as again:
        saved = _save_elsewhere(edited)
        raise OutputError(
            f"{edited.name}: the write failed part-way ({failure.strerror or failure}) "
            f"and the old text could not be put back ({again.strerror or again}): "
            f"the file is damaged; {saved}"
        ) from None
    raise OutputError(_as_it_was(edited.name, failure)) from None


def _save_elsewhere(edited: EditedFile) -> str:
    """Save the old bytes in the temporary folder; what to tell the user."""
    import tempfile

    try:
        fd, where = tempfile.mkstemp(prefix="maerstanas-before-fix-", suffix=".mrs")
        with os.fdopen(fd, "wb") as copy:
            copy.write(edited.data)
    except OSError:
        return "its old text could not be saved anywhere"
    return f"its old text is saved in {where}"
