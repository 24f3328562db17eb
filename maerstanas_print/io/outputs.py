"""Writing every output: files, devices, pipes and standard output, without debris.

`write_output` is the one writer. A regular file is written to a temporary
file beside it and renamed over it when complete, so a failing or stopped
run never leaves half a PDF behind or spoils a good one; the file gets the
mode, owner and group of the file it replaces, or 0666 less the umask. An
existing file is held to `check --fix`'s rules (`overwrite_rules`): one the
user may not write is refused, one a new inode would lose something of (other
hard links, attributes, flags, an owner we cannot give) is written in place. A symlink is written
through (its target is replaced, the link stays). Anything else that exists
(`/dev/null`, `/dev/full`, a named pipe, a terminal) is written directly, never
replaced; so is a file reached through `/dev/` or `/proc/` (`/dev/fd/3`), and
the file our own standard output or error goes to (`-o /dev/stdout >> log`)
is written through that stream, keeping what it holds. Temporary names have a fixed length, so any
name the file system takes can be written; a temporary file left by a killed
run of ours is removed by the next write to the same target.

`guarded_stdout` makes standard output fail with `OutputError` (a full disk,
a closed stream) instead of a traceback, and keeps a closed pipe
(`check | head -1`) from ending the run early: the rest of the output is
dropped and the exit code still tells whether the records are valid.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from maerstanas_print.diagnostics import visible
from maerstanas_print.io.errors import OutputError, SameFileError
from maerstanas_print.io.held import signals_held
from maerstanas_print.io.inode_flags import copy_inode_flags
from maerstanas_print.io.names import ERRORS, shown
from maerstanas_print.io.overwrite_rules import (
    FILE_CAPABILITIES,
    file_capabilities,
    folder_keeps_its_names,
    must_write_in_place,
    why_not_writable,
)
from maerstanas_print.io.special_paths import is_special

DEFAULT_OUTPUT_DIR = Path("output")
_STALE = re.compile(r"\.(?:[^/]*)~([0-9a-f]{8})\.([0-9]+)\.[A-Za-z0-9_]+\.part$")


def resolve_output(option: str | None, default_name: str) -> str | Path:
    """Turn the `-o` option into a target: `-`, a file, or `output/<default_name>`;
    a folder (one that exists, or any name ending in a slash) gets `default_name`."""
    if option == "-":
        return "-"
    if option is None:
        return DEFAULT_OUTPUT_DIR / default_name
    if option == "":
        raise SameFileError("-o '': names no file; give a file or folder name")
    path = Path(option)
    if os.path.isdir(path) or names_folder(option):  # never raises (a name too long)
        return path / default_name
    return path


def names_folder(option: str) -> bool:
    """Whether the name `option` can only be a folder, whatever exists: it ends
    in a slash, or its last part is `.` or `..` (`newd/.`, which Path() would
    shorten to `newd`, a file name)."""
    return option.endswith(("/", os.sep)) or os.path.basename(option) in (".", "..")


def same_file(target: str | Path, source: str) -> bool:
    """Whether writing `target` would replace the input file `source`
    (also through a symlink or a hard link). For `-`, the input is whatever
    standard input reads: a shell's `< FILE` makes `-o /dev/stdin` that file."""
    if target == "-":  # standard output: the input itself when a shell's `1<>` made it so
        return _standard_output_reads(source)  # `fmt - < f 1<>f` too
    if source == "-":
        return _is_standard_input(target)
    try:
        if os.path.exists(target) and os.path.exists(source):
            return os.path.samefile(target, source)
        return os.path.realpath(target) == os.path.realpath(source)
    except (OSError, ValueError):
        return False


def _nothing_behind(path: str | Path) -> str:
    """What a file that cannot be opened for writing with ENXIO is: a named pipe
    with no reader, a socket (which a file cannot be written to), or a device with
    nothing behind it (`/dev/tty` without a terminal)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "no such device or address"
    if stat.S_ISFIFO(mode):
        return "a named pipe that nobody reads"
    if stat.S_ISSOCK(mode):
        return "a socket, which takes no file written to it"
    return "a device with nothing behind it (no such device or address)"


def _is_standard_output(source: str) -> bool:
    """Whether standard output is the regular file `source` (`fmt x.mrs 1<>x.mrs`)."""
    return _same_regular_file(lambda: os.fstat(1), lambda: os.stat(source))


def _standard_output_reads(name: str) -> bool:
    """Whether standard output is the regular file input `name` (`-`: standard input)."""
    if name != "-":
        return _is_standard_output(name)
    return _same_regular_file(lambda: os.fstat(1), lambda: os.fstat(0))


def _is_standard_input(target: str | Path) -> bool:
    """Whether `target` is the regular file standard input was redirected from (a
    pipe or a terminal holds nothing to lose)."""
    return _same_regular_file(lambda: os.fstat(0), lambda: os.stat(target))


def _same_regular_file(
    stream: Callable[[], os.stat_result], other: Callable[[], os.stat_result]
) -> bool:
    """Whether the stream's file is a regular file and the same as `other`'s."""
    try:
        given, info = stream(), other()
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == (
        info.st_dev,
        info.st_ino,
    )


def refuse_overwriting_input(target: str | Path, source: str) -> None:
    """Refuse an output that would replace its own input: a typo in `-o` must not
    cost the user their record."""
    if same_file(target, source):
        where = "standard output (-)" if target == "-" else visible(str(target))
        raise SameFileError(f"{where}: the output would overwrite the input; pick another -o")


def refuse_report_over_inputs(inputs: list[str]) -> None:
    """Refuse a run whose report goes to standard output when that is one of its
    input files (`check x.mrs 1<>x.mrs`): the report would be written over the
    record it is about, and `check --fix` would lose the fixed record too."""
    for name in inputs:
        if _standard_output_reads(name):
            shown = "standard input" if name == "-" else visible(name)
            raise SameFileError(
                f"standard output is {shown}, which this run reads: its report would be "
                "written over it; send the output elsewhere"
            )


def refuse_folder_name(target: str | Path) -> None:
    """Refuse (a usage error) an output name that ends in a slash or names an
    existing folder, for a command whose `-o` takes a file only (`fmt`,
    `import`): the user meant a folder, and no file `newd` is wanted."""
    if target == "-":
        return
    if str(target) == "":
        raise SameFileError("-o '': names no file; give a file name")
    if names_folder(str(target)) or os.path.isdir(target):
        raise SameFileError(
            f"-o {visible(str(target))}: names a folder, not a file; give a file name"
        )


def write_output(target: str | Path, data: bytes | str) -> None:
    """Write `data` to `target` (standard output for `-`)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if target == "-":
        _write_stdout(payload)
        return
    if names_folder(str(target)):  # Path() would drop the slash or the `.`
        raise OutputError(f"cannot write {shown(visible(str(target)))}: names a folder, not a file")
    path = Path(target)
    try:
        info = _stat(path)
        stream = _own_stream(info)
        if stream is not None:
            _write_stream(stream, payload)
            return
        if info is not None and not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, "is a directory")
            _write_directly(path, payload, stat.S_ISFIFO(info.st_mode))
            return
        if info is not None and is_special(str(path)):
            real = Path(os.path.realpath(path))  # /proc/self/cwd/x, /dev/fd/N: the file
            if _is_the_file(real, info):  # its rules as by its own name, written in place
                refused = why_not_writable(real, info)
                if refused is not None:
                    raise OutputError(f"cannot write {shown(visible(str(path)))}: {refused}")
                _write_over(real, payload)
                return
            _write_directly(path, payload, fifo=False, truncate=True)
            return
        real = Path(os.path.realpath(path)) if path.is_symlink() else path
        refused = why_not_writable(real, info) if info is not None else None
        if refused is not None:  # the rules `check --fix` follows, for the same reasons
            raise OutputError(f"cannot write {shown(visible(str(path)))}: {refused}")
        if info is not None and must_write_in_place(real, info):
            _write_over(real, payload)
            return
        _replace(real, payload, info)
    except OSError as exc:
        blocking = _blocking_file(path)
        why = f"{blocking} is a file, not a folder" if blocking else exc.strerror or exc
        raise OutputError(f"cannot write {shown(visible(str(path)))}: {why}") from None


def _is_the_file(real: Path, info: os.stat_result) -> bool:
    """Whether `real` names the regular file `info` describes (a deleted file or
    one of no name, behind /dev/fd/N, has none)."""
    try:
        found = os.stat(real)
    except OSError:
        return False
    same = (found.st_dev, found.st_ino) == (info.st_dev, info.st_ino)
    return same and stat.S_ISREG(info.st_mode)


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None  # reported with the blocking file when the folder is made


def _own_stream(info: os.stat_result | None) -> int | None:
    """1 or 2 when the file `info` describes is the regular file this process's
    standard output or error was redirected to (`-o /dev/stdout >> log.txt`,
    or the log under any other name): it is written through that descriptor,
    at its place and in its append mode, never replaced by a new file."""
    if info is None or not stat.S_ISREG(info.st_mode):
        return None
    for fd in (1, 2):
        try:
            stream = os.fstat(fd)
        except OSError:
            continue
        if (stream.st_dev, stream.st_ino) == (info.st_dev, info.st_ino):
            return fd
    return None


def _write_stream(fd: int, payload: bytes) -> None:
    """Write `payload` through descriptor `fd`, after what Python holds for it."""
    for held in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            held.flush()
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view) :]


def _write_directly(path: Path, payload: bytes, fifo: bool, truncate: bool = False) -> None:
    """A device, a pipe or a terminal (or, with `truncate`, a regular file named
    through `/dev/fd/N` or `/proc`): written in place, never renamed over."""
    refused = size_limit_refusal(len(payload)) if truncate else None
    if refused is not None:  # before the truncation empties the file
        raise OutputError(f"cannot write {shown(visible(str(path)))}: {refused}")
    flags = os.O_WRONLY | (os.O_NONBLOCK if fifo else 0) | (os.O_TRUNC if truncate else 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # the system's words, "No such device or address"
            raise OSError(exc.errno, _nothing_behind(path)) from None
        raise
    try:
        os.set_blocking(fd, True)
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _replace(path: Path, payload: bytes, existing: os.stat_result | None) -> None:
    """Write a regular file through a temporary file beside it and rename it;
    no signal ends the run while the temporary file exists (it is held until
    the rename or the removal; one this program handles stops the write and
    the `except` removes the temporary file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with signals_held(keep_handled=True):  # Ctrl-C, SIGTERM: cleaned up below
        # A new file is created as any program creates one (0666, less the umask or
        # as the folder's default access list says), so nothing widens it afterwards.
        fd, tmp = temporary_beside(path, 0o600 if existing is not None else 0o666)
        try:
            with os.fdopen(fd, "wb") as handle:
                if existing is not None:
                    try:
                        take_place_of(fd, existing, keep_owner=True)
                    except OSError:  # its owner or group cannot be given: write over it
                        handle.close()
                        with contextlib.suppress(OSError):
                            Path(tmp).unlink(missing_ok=True)
                        _write_over(path, payload)
                        return
                    copy_inode_flags(path, fd)  # chattr +d, +A, +S...
                handle.write(payload)
                if existing is not None:
                    handle.flush()
                    keep_mode(fd, existing)  # the write cleared set-user-ID bits
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(tmp).unlink(missing_ok=True)
            raise


def reserve_space(fd: int, size: int, old_size: int) -> None:
    """Reserve `size` bytes for the open file `fd` (now `old_size` long) before any
    of its bytes change, so that a full disk or quota refuses the write while the
    file is whole (OSError); a file system that cannot reserve is let be. A
    reservation that fails part-way is taken back: ext4 lengthens the file by each
    extent it could place before it runs out (with NUL bytes)."""
    try:
        os.posix_fallocate(fd, 0, size)
    except OSError as exc:
        if exc.errno not in (errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
            with contextlib.suppress(OSError):
                os.ftruncate(fd, old_size)  # the old bytes were never touched
            raise


def write_all(handle: IO[bytes], data: bytes) -> None:
    """Write every byte (an unbuffered write may take part of them)."""
    view = memoryview(data)
    while view:
        done = handle.write(view)
        if not done:
            raise OSError(errno.EIO, "the file took no more bytes")
        view = view[done:]


# Bytes of an existing file written over in place that are kept to be put back
# if the write fails part-way (a larger one is said to be damaged instead)
MAX_PUT_BACK_BYTES = 64 * 2**20


def size_limit_refusal(size: int) -> str | None:
    """Why this process may not write a file of `size` bytes (its file-size limit,
    `ulimit -f`, would cut the write short), as a phrase; None when it may."""
    try:
        import resource  # not on every system
    except ImportError:  # pragma: no cover - Windows
        return None
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    if limit == resource.RLIM_INFINITY or size <= limit:
        return None
    return (
        f"it takes {size:,} bytes, more than this run's file-size limit of "
        f"{limit:,} bytes (ulimit -f)"
    )


def _write_over(path: Path, payload: bytes) -> None:
    """Rewrite an existing regular file through its own inode, so its other
    names, owner, group, mode, attributes and flags stay. The file ends with its
    old bytes or the new ones: a write the file-size limit would cut short is
    refused first, the space a longer file needs is reserved before a byte
    changes (a full disk then leaves the old file whole), a write that fails all
    the same is undone with the old bytes, and no signal but SIGKILL stops the
    write half-way."""
    name = shown(visible(str(path)))
    try:
        fd, readable = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_CLOEXEC), True
    except PermissionError:  # write-only for us: nothing to put back can be read
        fd, readable = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC), False
    with signals_held(), os.fdopen(fd, "r+b" if readable else "wb", buffering=0) as handle:
        before, capabilities = os.fstat(fd), file_capabilities(fd)
        refused = size_limit_refusal(max(len(payload), before.st_size))
        if refused is not None:
            raise OutputError(f"cannot write {name}: {refused}; the file is as it was")
        old = None
        if readable and before.st_size <= MAX_PUT_BACK_BYTES:
            old = handle.read(before.st_size + 1)
        if len(payload) > before.st_size:
            try:
                reserve_space(fd, len(payload), before.st_size)
            except OSError as exc:
                keep_mode(fd, before, capabilities)
                why = exc.strerror or str(exc)
                raise OutputError(f"cannot write {name}: {why}; the file is as it was") from None
        try:
            handle.seek(0)
            write_all(handle, payload)
            handle.truncate(len(payload))
        except OSError as exc:
            raise OutputError(f"cannot write {name}: {_undone(handle, old, exc)}") from None
        keep_mode(fd, before, capabilities)
        with contextlib.suppress(OSError):
            os.fsync(fd)


def _undone(handle: IO[bytes], old: bytes | None, failure: OSError) -> str:
    """Put the old bytes back after a write that failed part-way; what to say."""
    why = failure.strerror or str(failure)
    if old is not None:
        try:
            handle.seek(0)
            write_all(handle, old)
            handle.truncate(len(old))
            return f"{why}; the file is as it was"
        except OSError:
            pass
    return f"{why}; the write stopped part-way and the file is damaged"


def keep_mode(fd: int, before: os.stat_result, capabilities: bytes | None = None) -> None:
    """Give the file `fd` back the mode it had before it was written, and its file
    `capabilities` (as read before by `file_capabilities`): the kernel clears the
    set-user-ID and set-group-ID bits on a write by a process that may not keep
    them, and the capabilities on any write (best effort: what may be set again
    is set; `why_not_writable` refuses a file whose privileges would be lost)."""
    with contextlib.suppress(OSError):
        if os.fstat(fd).st_mode != before.st_mode:
            os.fchmod(fd, stat.S_IMODE(before.st_mode))
    if capabilities is not None:
        with contextlib.suppress(OSError):
            os.setxattr(fd, FILE_CAPABILITIES, capabilities)


def take_place_of(fd: int, old: os.stat_result, keep_owner: bool) -> None:
    """Make the new file `fd`, about to be renamed over a file whose status is
    `old`, no more open than that file: its mode, (with `keep_owner`) its owner
    and group, and none of the extended attributes its folder gave it (a
    folder's default access list would become the file's own and may let more
    people read it). `check --fix` and every `-o` writer share it. OSError when
    one of them cannot be given or removed."""
    try:
        names = os.listxattr(fd)
    except (OSError, AttributeError):  # not supported here: a new file has none
        names = []
    for attribute in names:
        os.removexattr(fd, attribute)
    mode = stat.S_IMODE(old.st_mode)
    os.fchmod(fd, mode)  # while the file is still ours: after a chown it may not be
    if keep_owner:
        os.fchown(fd, old.st_uid, old.st_gid)
        if mode & (stat.S_ISUID | stat.S_ISGID):  # a chown clears them
            os.fchmod(fd, mode)


def temporary_beside(path: Path, mode: int = 0o600) -> tuple[int, str]:
    """(descriptor, name) of a new temporary file in `path`'s folder, named so
    that the next write of `path` removes it if this run is killed, created with
    `mode` (less the umask, or as the folder's default access list gives it)."""
    keeps = folder_keeps_its_names(path)
    if keeps is not None:  # the temporary file could be neither renamed nor removed
        raise PermissionError(errno.EPERM, keeps)
    key = _target_key(path)
    _remove_stale(path.parent, key)
    # bytes, not text: a name that is not UTF-8 comes as surrogate escapes, which
    # round-trip through the bytes (its first 40 bytes may end mid-character)
    short = os.fsdecode(os.fsencode(path.name)[:40])
    # os.open rather than tempfile.mkstemp: mkstemp always creates 0600, and a new
    # file then widened by chmod would override the folder's default access list
    # (tempfile, with shutil and random, is also a tenth of `check`'s start-up).
    prefix = os.path.join(os.fsencode(path.parent), os.fsencode(f".{short}~{key}.{os.getpid()}."))
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        name = prefix + os.urandom(6).hex().encode() + b".part"
        try:
            return os.open(name, flags, mode), os.fsdecode(name)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", os.fsdecode(prefix))


def _target_key(path: Path) -> str:
    return f"{zlib.crc32(os.fsencode(path.name)):08x}"


def _remove_stale(folder: Path, key: str) -> None:
    """Remove temporary files for this target left by runs that no longer exist
    (killed with SIGKILL, or a machine that lost power)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        found = _STALE.fullmatch(name)
        if found and found.group(1) == key and not _running(int(found.group(2))):
            with contextlib.suppress(OSError):
                os.unlink(folder / name)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _blocking_file(path: Path) -> Path | None:
    """The first existing ancestor of `path` that is a file, not a folder."""
    for parent in reversed(path.parents):
        if os.path.exists(parent) and not os.path.isdir(parent):
            return parent
    return None


# --- standard output --------------------------------------------------------------


def _write_stdout(payload: bytes) -> None:
    out = sys.stdout
    if out is None:
        raise OutputError("cannot write standard output: it is closed")
    out.flush()
    out.buffer.write(payload)
    out.buffer.flush()


class _Guard:
    """Shared state of a guarded standard output (its text and byte faces)."""

    def __init__(self, stream: IO[Any] | None) -> None:
        self.stream = stream
        self.pipe_closed = False

    def run(self, action: Any, *args: Any) -> Any:
        try:
            return action(*args)
        except BrokenPipeError:
            self._silence()
            self.pipe_closed = True
            return None
        except OSError as exc:
            if exc.errno is None:
                raise  # io.UnsupportedOperation and the like: not the disk
            self._silence()
            raise OutputError(f"cannot write standard output: {exc.strerror or exc}") from None

    def _silence(self) -> None:
        """Point file descriptor 1 at /dev/null, so what is still buffered goes
        nowhere instead of failing again when Python exits."""
        try:
            fd = self.stream.fileno()  # type: ignore[union-attr]
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass


class _GuardedBytes:
    def __init__(self, guard: _Guard, stream: IO[bytes]) -> None:
        self._guard, self._stream = guard, stream

    def write(self, data: bytes) -> int:
        self._guard.run(self._stream.write, data)
        return len(data)

    def flush(self) -> None:
        self._guard.run(self._stream.flush)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class GuardedText:
    """Standard output whose failures are `OutputError`s; a closed pipe is
    remembered (`pipe_closed`) and the rest of the output dropped."""

    def __init__(self, stream: IO[str] | None) -> None:
        self._guard = _Guard(stream)
        self._stream = stream

    @property
    def pipe_closed(self) -> bool:
        return self._guard.pipe_closed

    @property
    def buffer(self) -> _GuardedBytes:
        inner = getattr(self._stream, "buffer", None)
        if inner is None:
            raise OutputError("cannot write standard output: it is closed")
        return _GuardedBytes(self._guard, inner)

    def write(self, text: str) -> int:
        if self._stream is None:
            raise OutputError("cannot write standard output: it is closed")
        self._guard.run(self._stream.write, shown(text))
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            self._guard.run(self._stream.flush)

    def isatty(self) -> bool:
        return bool(self._stream is not None and self._stream.isatty())

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise OutputError("cannot write standard output: it is closed")
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[GuardedText]:
    """Guard `sys.stdout` for the length of one command."""
    before, before_errors = sys.stdout, sys.stderr
    guarded = GuardedText(before)
    sys.stdout = guarded
    errors = _escape_names(sys.stderr)
    sys.stderr = _QuietErrors(before_errors)
    try:
        yield guarded
    finally:
        sys.stdout, sys.stderr = before, before_errors
        if errors is not None:
            _escape_names(sys.stderr, errors)


class _QuietErrors:
    """Standard error that cannot fail: a message that cannot be written (`2>/dev/full`,
    `2>&-`) is lost, but the command still ends with its own exit code instead of
    an error raised while saying another."""

    def __init__(self, stream: IO[str] | None) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is not None:
            with contextlib.suppress(OSError, ValueError):
                self._stream.write(text)
                self._stream.flush()  # a message nobody can read must not wait for exit
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            with contextlib.suppress(OSError, ValueError):
                self._stream.flush()

    def isatty(self) -> bool:  # progress lines ask; a closed stream is no terminal
        return bool(self._stream is not None and self._stream.isatty())

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _escape_names(stream: IO[str] | None, errors: str = ERRORS) -> str | None:
    """Make `stream` show a file name's undecodable bytes as `\\xNN`; the error
    handler it had, or None when it cannot be changed (a test's capture)."""
    before = getattr(stream, "errors", None)
    try:
        stream.reconfigure(errors=errors)  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return None
    return before
