"""Find the data folders (`grammar/`, `templates/`) shipped with the package.

The folders live at the top of the checkout and are mapped into the package
by setuptools (`package-dir`), so `importlib.resources` finds them in wheel and
editable installs alike; a plain checkout falls back to the folder on disk.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """Return the folder `name` ("grammar" or "templates") as a real path."""
    try:
        packaged = resources.files(f"maerstanas_print.{name}")
        path = Path(str(packaged))
        if path.is_dir():
            return path
    except ModuleNotFoundError:
        pass
    checkout = _CHECKOUT / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"data folder {name!r} is not installed with maerstanas_print")


def read_text(folder: str, filename: str) -> str:
    return (data_dir(folder) / filename).read_text(encoding="utf-8")


def sample_path(filename: str) -> Path:
    """A sample record shipped in `maerstanas_print/samples/`."""
    return Path(str(resources.files("maerstanas_print") / "samples" / filename))
