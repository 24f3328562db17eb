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


def same_file(target: str | Path, source: str) -> bool:
    """Whether writing `target` would replace the input file `source`
    (also through a symlink or a hard link)."""
    if target == "-" or source == "-":
        return False
    a, b = Path(target), Path(source)
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
        return a.resolve() == b.resolve()
    except OSError:
        return False


def refuse_overwriting_input(target: str | Path, source: str) -> None:
    """Refuse (exit code 2) an output that would replace its own input: a typo
    in `-o` must not cost the user their record."""
    if same_file(target, source):
        from maerstanas_print.cli import EXIT_USAGE, CommandError

        raise CommandError(f"{target}: the output would overwrite the input; pick another -o",
                           EXIT_USAGE)


def _blocking_file(path: Path) -> Path | None:
    """The first existing ancestor of `path` that is a file, not a folder."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return None


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
        blocking = _blocking_file(path)
        why = f"{blocking} is a file, not a folder" if blocking else exc.strerror or exc
        raise OutputError(f"cannot write {path}: {why}") from None
