"""Approve a change of look on purpose: `python tests/approve_images.py`.

Runs every test marked `golden` (the pages of every product `build` writes, as
Debian's Chromium prints them, and the single sheets, boards and screenshots
checked beside their other properties) with MAERSTANAS_APPROVE set, so that
each comparison with tests/approved/ records its verdict instead of failing
(tests/golden_images.py). Images that changed, are new or are gone are listed,
and a contact sheet (old | new | changed pixels) is written to
tests/_artifacts/contact-sheet.png for review. With `--write` the new images
replace the approved ones and the gone ones are deleted; without it nothing is
approved.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from tests.golden_images import (  # noqa: E402
    APPROVAL_LOG,
    APPROVED_DIR,
    ARTIFACT_DIR,
    TILES_DIR,
    contact_sheet,
)

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--write", action="store_true", help="replace the approved images with the new ones"
    )
    parser.add_argument(
        "--only",
        metavar="TEXT",
        default="",
        help="only tests whose name contains TEXT (pytest -k TEXT)",
    )
    args = parser.parse_args(argv)
    APPROVAL_LOG.unlink(missing_ok=True)
    shutil.rmtree(TILES_DIR, ignore_errors=True)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-m",
        "golden",
        *(["-k", args.only] if args.only else []),
        "tests",
    ]
    env = {**os.environ, "MAERSTANAS_APPROVE": "write" if args.write else "list"}
    done = subprocess.run(command, cwd=ROOT, env=env, check=False)
    if done.returncode != 0:
        print(f"the golden tests failed otherwise (exit {done.returncode}); nothing to review")
        return done.returncode
    verdicts = dict(
        line.split()[1::-1] for line in APPROVAL_LOG.read_text(encoding="utf-8").splitlines()
    )
    changed = sorted(name for name, verdict in verdicts.items() if verdict != "same")
    for name in changed:
        print(f"{verdicts[name]}: {name}.png")
    gone = [
        path
        for path in sorted(APPROVED_DIR.glob("*.png"))
        if path.stem not in verdicts and args.only in path.stem
    ]
    for path in gone:
        print(f"gone: {path.name}")
        if args.write:
            path.unlink()
    if changed:
        sheet = ARTIFACT_DIR / "contact-sheet.png"
        contact_sheet([Image.open(TILES_DIR / f"{name}.png") for name in changed]).save(sheet)
        print(f"contact sheet: {sheet}")
    print(
        f"{len(changed)} image(s) changed or new, {len(gone)} gone"
        + ("; approved" if args.write else "; nothing approved (use --write)")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
