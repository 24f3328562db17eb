"""Where generated files go, and how they are written without leaving debris.

Every command that writes a file goes through `write_output`: it writes to a
temporary file beside the target and renames it, so a failing run never leaves
half a PDF behind or spoils a good one. `-` means standard output.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

DEFAULT_OUTPUT_DIR = Path("output")


class OutputError(Exception):
    """The output could not be written (exit code 3)."""


def resolve_output(option: str | None, default_name: str) -> str | Path:
    """Turn the `-o` option into a target: `-`, a file, or `output/<default_name>`."""
    if option == "-":
        return "-"
    if option is None:
        return DEFAULT_OUTPUT_DIR / default_name
    path = Path(option)
    if path.is_dir():
        return path / default_name
    return path


def write_output(target: str | Path, data: bytes | str) -> None:
    """Write `data` to `target` atomically (or to stdout for `-`)."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if target == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(payload)
        sys.stdout.buffer.flush()
        return
    path = Path(target)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
            os.chmod(tmp, 0o644)  # mkstemp makes 0600; a printable is for sharing
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
