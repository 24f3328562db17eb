"""The rules for writing over a user's existing regular file, in one place.

`check --fix` (`editing`) and every `-o` (`outputs`) write over files the user
already has, and both must treat them the same way: a file the user may not
write (`chmod 444`, whoever runs us, since the shell and `cp` refuse it too;
another owner's file, an access list, `chattr +i` or `+a`; a read-only mount)
is refused, and a file whose inode carries something a new file would not get
(other hard links, extended attributes, inode flags, another user's file in a
sticky folder) or that sits in a folder where no file can be replaced (`chattr
+a` or `+i` on the folder) is rewritten in place rather than replaced by rename.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from maerstanas_print.io.inode_flags import APPEND_ONLY, IMMUTABLE, inode_flags

__all__ = ["folder_keeps_its_names", "must_write_in_place", "why_not_writable"]


def why_not_writable(path: Path, info: os.stat_result) -> str | None:
    """Why the user may not write the existing regular file `path` (whose status
    is `info`), as a phrase for a message; None when they may."""
    if _on_read_only_file_system(path):
        return "it is on a read-only file system (mounted read-only)"
    mode = stat.filemode(info.st_mode)
    if not info.st_mode & 0o222:  # no write bit for anyone: root must not either
        return f"the file is read-only for you (its mode is {mode})"
    if not os.access(path, os.W_OK):
        return (
            f"you may not write it (its mode is {mode}; its owner, an access list "
            "or an immutable attribute forbids it)"
        )
    flags = inode_flags(path)
    if flags & IMMUTABLE:
        return "the file is immutable (chattr +i)"
    if flags & APPEND_ONLY:
        return "the file is append-only (chattr +a)"
    return _special_bit_lost(path, info)


# Linux capabilities (`capabilities(7)`): CAP_FOWNER lets a process change the
# mode of a file it does not own; CAP_FSETID keeps the set-user-ID and
# set-group-ID bits through a write, and lets chmod set set-group-ID for a group
# the process is not in; CAP_SETFCAP lets it give a file capabilities.
_CAP_FOWNER, _CAP_FSETID, _CAP_SETFCAP = 3, 4, 31
FILE_CAPABILITIES = "security.capability"  # the kernel removes it on any write


def _special_bit_lost(path: Path, info: os.stat_result) -> str | None:
    """Why a rewrite would silently drop a privilege of the file for good, as a
    phrase; None when every one it has is kept or given back. The kernel clears
    set-user-ID on a write by a process without CAP_FSETID, and set-group-ID when
    the group may execute the file or the writer is not in its group; a chmod
    gives them back only from the file's owner (set-group-ID: one in its group).
    It removes the file's capabilities on any write; only CAP_SETFCAP restores them."""
    # file capabilities written back from a user namespace of our own are the
    # namespace's (`[rootid=N]`), no longer the system's
    if file_capabilities(path) is not None and not (
        _capable(_CAP_SETFCAP, info) and _in_initial_namespace()
    ):
        return (
            "a rewrite would remove its file capabilities (setcap), which only a "
            "process with CAP_SETFCAP, outside any container's user namespace, may give back"
        )
    mode = info.st_mode
    if not mode & (stat.S_ISUID | stat.S_ISGID) or _capable(_CAP_FSETID, info):
        return None
    owner = os.geteuid() == info.st_uid or _capable(_CAP_FOWNER, info)
    if mode & stat.S_ISUID and not owner:
        return "a rewrite would clear its set-user-ID bit, which only its owner may set again"
    in_group = info.st_gid == os.getegid() or info.st_gid in os.getgroups()
    cleared = not in_group or bool(mode & stat.S_IXGRP)
    if mode & stat.S_ISGID and cleared and not (owner and in_group):
        return (
            "a rewrite would clear its set-group-ID bit, which only its owner, in its "
            "group, may set again"
        )
    return None


def file_capabilities(file: Path | int) -> bytes | None:
    """The file capabilities (setcap) of a file, by its path or an open descriptor;
    None when it has none."""
    try:
        return os.getxattr(file, FILE_CAPABILITIES)
    except (OSError, AttributeError):
        return None


def _capable(capability: int, info: os.stat_result) -> bool:
    """Whether this process holds a Linux capability over the file `info` describes:
    in its effective set (read from /proc; elsewhere, or when that cannot be read,
    only root is taken to), and with the file's owner and group mapped into its
    user namespace (in a rootless container root holds every capability, but not
    over a file of a user the container does not map)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            held = next(
                (int(line.split()[1], 16) for line in status if line.startswith("CapEff:")), 0
            )
    except (OSError, ValueError, IndexError):
        return os.geteuid() == 0
    if not held >> capability & 1:
        return False
    return _mapped(info.st_uid, "/proc/self/uid_map") and _mapped(info.st_gid, "/proc/self/gid_map")


def _mapped(number: int, table: str) -> bool:
    """Whether an owner or group number is mapped into this user namespace (the
    `inside outside count` lines of /proc/self/uid_map or gid_map). An unmapped
    owner shows as the overflow number (65534), which a full map also holds: in a
    namespace of its own, that number counts as unmapped."""
    ranges = _id_map(table)
    if ranges is None:
        return True  # no user namespaces here: every owner is the system's
    if ranges != _WHOLE_MAP and number == _overflow(table):
        return False
    return any(inside <= number < inside + count for inside, _outside, count in ranges)


_WHOLE_MAP = [(0, 0, 4294967295)]  # the initial user namespace's map


def _id_map(table: str) -> list[tuple[int, ...]] | None:
    try:
        with open(table, encoding="ascii") as lines:
            return [tuple(int(n) for n in line.split()[:3]) for line in lines if line.strip()]
    except (OSError, ValueError):
        return None


def _overflow(table: str) -> int:
    """The number an unmapped owner (uid_map) or group (gid_map) shows as."""
    name = "overflowuid" if "uid" in table else "overflowgid"
    try:
        with open(f"/proc/sys/kernel/{name}", encoding="ascii") as value:
            return int(value.read())
    except (OSError, ValueError):
        return 65534


def _in_initial_namespace() -> bool:
    """Whether this process runs in the system's own user namespace."""
    ranges = _id_map("/proc/self/uid_map")
    return ranges is None or ranges == _WHOLE_MAP


def must_write_in_place(path: Path, info: os.stat_result) -> bool:
    """Whether a new file renamed over `path` would lose something the old one
    has: its other names (hard links), extended attributes (an access list, a
    label, a note), inode flags (`chattr +d`, `+A`, `+S`), or, for another
    user's file in a sticky folder, the power to rename over it at all."""
    return (
        info.st_nlink > 1
        or _has_attributes(path)
        or inode_flags(path) != 0
        or _sticky_and_not_ours(path, info)
        or folder_keeps_its_names(path) is not None
    )


def folder_keeps_its_names(path: Path) -> str | None:
    """Why no file in `path`'s folder can be renamed over or removed (`chattr +a`
    or `+i` on the folder), as a phrase; None when one can. A temporary file made
    there could never be renamed into place or removed again."""
    try:  # the flags are read through the folder opened for reading
        os.close(os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NONBLOCK))
    except PermissionError:  # a drop box (chmod 733): its flags cannot be read
        return (
            "its folder cannot be listed, so whether a file there can be renamed into "
            "place (chattr +a) cannot be told"
        )
    except OSError:
        pass  # a missing folder: what follows says why nothing can be written there
    flags = inode_flags(path.parent)
    if flags & IMMUTABLE:
        return "its folder is immutable (chattr +i): nothing can be renamed into place there"
    if flags & APPEND_ONLY:
        return "its folder is append-only (chattr +a): nothing can be renamed into place there"
    return None


def _on_read_only_file_system(path: Path) -> bool:
    """Whether the file system holding `path` is mounted read-only (EROFS: no
    mode, owner or access list is the cause then)."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


def _has_attributes(path: Path) -> bool:
    """Whether the file carries extended attributes that a new file written
    beside it would not have."""
    try:
        return bool(os.listxattr(path))
    except (OSError, AttributeError):  # not supported here: nothing to keep
        return False


def _sticky_and_not_ours(path: Path, info: os.stat_result) -> bool:
    """Whether `path` is another user's file in a sticky folder that is not ours
    either: a temporary file given to that user could then be neither renamed over
    it nor removed without the power to override owners, so it is written in place."""
    try:
        folder = os.stat(path.parent)
    except OSError:
        return False
    me = os.geteuid()
    return bool(folder.st_mode & stat.S_ISVTX) and me not in (folder.st_uid, info.st_uid)
