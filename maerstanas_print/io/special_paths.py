"""Paths that name a device or a process's own stream, whatever they look like.

`/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1` lead (through the kernel's own
links) to whatever a shell redirected: often a regular file, the user's log.
Such a file must be written through, never replaced by rename, and `--fix`
must not take it for a record file. Both the reader of `--fix` (`editing`)
and the writer of every output (`outputs`) ask this module.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

# Paths whose files are the process's own streams or devices, whatever their type
# looks like today (`/dev/stdin` of a shell redirect is a regular file).
_SPECIAL_ROOTS = ("/dev/", "/proc/")
# ...except the one folder of /dev that holds ordinary files (a memory file system).
_ORDINARY_ROOTS = ("/dev/shm/",)
_MAX_LINK_HOPS = 40  # as the kernel's own limit on symlinks in one lookup


def is_special(path: str) -> bool:
    """Whether `path` names a device or a process's own stream (`/dev/stdin`,
    `/proc/self/fd/0`), as written, at any symlink on the way (the kernel
    resolves `/proc/self/fd/0` to the file a shell redirected, so the end of
    the chain alone does not tell), or once its links are followed. A chain that
    cannot be followed (`/proc/1/cwd` of another user) is left to the reader, which
    says so in one line when it opens the file."""
    try:
        return any(_special_place(p) for p in (*_link_chain(path), os.path.realpath(path)))
    except OSError:
        return False


def _special_place(path: str) -> bool:
    return path.startswith(_SPECIAL_ROOTS) and not path.startswith(_ORDINARY_ROOTS)


def _link_chain(path: str) -> Iterator[str]:
    """`path` made absolute, then each place its symlinks lead to, in order."""
    here = os.path.abspath(path)
    for _ in range(_MAX_LINK_HOPS):
        yield here
        folder = os.path.realpath(os.path.dirname(here))
        here = os.path.join(folder, os.path.basename(here))
        yield here
        try:
            target = os.readlink(here)
        except OSError:  # not a link (or gone): the chain ends here
            return
        here = os.path.normpath(os.path.join(folder, target))
