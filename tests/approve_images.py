"""Approve the look of every product on purpose: `python tests/approve_images.py`.

Makes every product as `build` does (HTML printed by Debian's Chromium),
renders each page at the visual-regression resolution and compares it with
the approved image in tests/approved/. Pages that changed, are new or are
gone are listed, and a contact sheet (old | new | changed pixels) is written
to tests/_artifacts/contact-sheet.png for review. With `--write` the new
images replace the approved ones; without it nothing is approved.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from tests.browser_support import ARGS, CHROMIUM  # noqa: E402
from tests.products import APPROVED_DIR, approved_path, make_products, page_images  # noqa: E402
from tests.visual_diff import MAX_DIFFERING, contact_sheet, differing, side_by_side  # noqa: E402

ARTIFACTS = Path(__file__).parent / "_artifacts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="replace the approved images with the new ones")
    parser.add_argument("--only", metavar="TEXT", default="",
                        help="only products whose file name contains TEXT")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        products = make_products(Path(folder), browser)
        browser.close()
    tiles = []
    wanted = set()
    changed = 0
    for name, product in products.items():
        if args.only not in name:
            continue
        for number, image in enumerate(page_images(product.pdf), 1):
            path = approved_path(name, number)
            wanted.add(path)
            old = Image.open(path) if path.exists() else None
            ratio = 1.0 if old is None else differing(image, old)
            if ratio > MAX_DIFFERING:
                changed += 1
                print(f"{'new' if old is None else 'changed'}: {path.name} ({ratio:.2%})")
                tiles.append(side_by_side(old, image, f"{name} page {number}"))
            if args.write and (old is None or ratio > 0):
                APPROVED_DIR.mkdir(exist_ok=True)
                image.save(path, optimize=True)
    gone = [p for p in APPROVED_DIR.glob("*.png")
            if p not in wanted and (not args.only or args.only.replace(".", "_") in p.name)]
    for path in gone:
        print(f"gone: {path.name}")
        if args.write:
            path.unlink()
    if tiles:
        ARTIFACTS.mkdir(exist_ok=True)
        contact_sheet(tiles).save(ARTIFACTS / "contact-sheet.png")
        print(f"contact sheet: {ARTIFACTS / 'contact-sheet.png'}")
    print(f"{changed} page(s) changed or new, {len(gone)} gone"
          + ("; approved" if args.write else "; nothing approved (use --write)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
