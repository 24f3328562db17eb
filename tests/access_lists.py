"""POSIX access lists as Linux stores them in `system.posix_acl_*`, to give a test
folder a default access list without `setfacl` (not installed everywhere)."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

ACL_USER_OBJ, ACL_USER, ACL_GROUP_OBJ, ACL_MASK, ACL_OTHER = 0x01, 0x02, 0x04, 0x10, 0x20
NOBODY = 65534  # the user id of `nobody`
ANY = 0xFFFFFFFF  # the id of an entry that names no one user or group


def acl(*entries: tuple[int, int, int]) -> bytes:
    """An access list of (tag, permissions, id) entries, in the kernel's layout."""
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)


# A folder's default list that lets `nobody` read and write what is made in it.
NOBODY_MAY_READ = acl(
    (ACL_USER_OBJ, 7, ANY),
    (ACL_USER, 7, NOBODY),
    (ACL_GROUP_OBJ, 5, ANY),
    (ACL_MASK, 7, ANY),
    (ACL_OTHER, 0, ANY),
)


def moved_into_shared_folder(tmp_path: Path, name: str, content: bytes) -> Path:
    """A 0640 file moved into a folder whose default list lets `nobody` read: a file
    moved in keeps no list of its own, so what a later write gives it shows.

    Skips the test where the file system keeps no access lists."""
    folder = tmp_path / "shared"
    folder.mkdir()
    try:
        os.setxattr(folder, "system.posix_acl_default", NOBODY_MAY_READ)
    except OSError as exc:
        pytest.skip(f"this file system keeps no access lists ({exc.strerror}); see the next test")
    outside = tmp_path / name
    outside.write_bytes(content)
    outside.chmod(0o640)
    inside = folder / name
    os.rename(outside, inside)
    assert os.listxattr(inside) == []
    return inside
