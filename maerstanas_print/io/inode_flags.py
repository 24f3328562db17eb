"""A file's inode flags (`chattr`/`lsattr`): what a file rewritten by rename loses.

`chattr +d` (no dump: backup tools skip the file), `+A` (no access times), `+S`
(synchronous writes) and their kin belong to the inode, not to the name, and
are no extended attributes: a new file renamed over the old one has none. So
`check --fix` writes a file that carries any of them in place (`editing`),
as it does a file with other hard links. Read through Linux's
`FS_IOC_GETFLAGS`; elsewhere, or on a file system without flags, a file has
none to lose.
"""

from __future__ import annotations

import contextlib
import os
import struct

_FS_IOC_GETFLAGS = 0x80086601  # _IOR('f', 1, long); the kernel writes an int
# Flags the file system sets by itself on every file of some kind (extents,
# inline data, large files, an index, encryption, verity, ...): none was set by
# a user, and a new file gets them as the old one did.
_AUTOMATIC = (
    0x00000100  # DIRTY (compression)
    | 0x00000200  # COMPRBLK
    | 0x00000400  # NOCOMPR
    | 0x00000800  # ENCRYPT (the folder's policy gives a new file the same)
    | 0x00001000  # INDEX (hashed folders)
    | 0x00040000  # HUGE_FILE
    | 0x00080000  # EXTENTS
    | 0x00100000  # VERITY
    | 0x00200000  # EA_INODE
    | 0x00400000  # EOFBLOCKS
    | 0x10000000  # INLINE_DATA
)
IMMUTABLE = 0x00000010  # chattr +i
APPEND_ONLY = 0x00000020  # chattr +a


def inode_flags(path: str | os.PathLike[str]) -> int:
    """The flags of the file at `path` that a user set (0 when it has none, or
    the system or file system has no such flags)."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return 0
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return 0
    try:
        buffer = bytearray(8)
        with contextlib.suppress(OSError):  # ENOTTY, EINVAL, EOPNOTSUPP: no flags here
            fcntl.ioctl(fd, _FS_IOC_GETFLAGS, buffer, True)
        return int(struct.unpack("=I", bytes(buffer[:4]))[0]) & ~_AUTOMATIC
    finally:
        os.close(fd)


_FS_IOC_SETFLAGS = 0x40086602  # _IOW('f', 2, long)
# Flags a file's owner may set on a new, empty file, and that a rewritten output
# keeps (an `-o` over a file with `chattr +d` stays out of backups): no dump, no
# access times, synchronous writes, compression, no tail merging, no copy on write.
COPYABLE = 0x00000040 | 0x00000080 | 0x00000008 | 0x00000004 | 0x00008000 | 0x00800000


def copy_inode_flags(path: str | os.PathLike[str], fd: int) -> None:
    """Give the new file `fd`, written to replace `path`, the copyable flags of
    `path`, as far as the file system lets (best effort: a flag it refuses is
    left off, as it was before flags were kept at all)."""
    wanted = inode_flags(path) & COPYABLE
    if not wanted:
        return
    import fcntl

    buffer = bytearray(8)
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, _FS_IOC_GETFLAGS, buffer, True)
        current = struct.unpack("=I", bytes(buffer[:4]))[0]
        fcntl.ioctl(fd, _FS_IOC_SETFLAGS, struct.pack("=I", current | wanted) + bytes(4))
