"""POSIX access lists as Linux stores them in `system.posix_acl_*`, to give a test
folder a default access list without `setfacl` (not installed everywhere)."""

from __future__ import annotations

import struct

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
