"""Every product, made as a user makes it, for the layout rules and the visual regression.

`build`'s own job list is the catalogue (so a file `build` starts writing is
checked from then on), plus the ink-saver game documents, whose hatched
stones are the hardest case for contrast. HTML products are printed to PDF by
Debian's Chromium, so they are measured as a reader's printer gets them, and
their inline SVGs are checked for ink outside the viewBox on the way.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from maerstanas_print.cli import main
from maerstanas_print.commands.build import jobs
from maerstanas_print.resources import sample_path
from tests.browser_support import new_context
from tests.layout_rules import SVG_OVERFLOW_JS

JOBS = jobs()
SAMPLE_GAME = str(sample_path("sample-game.mrs"))
SAMPLE_CYNGESHEALL = str(sample_path("cyngesheall-game.mrs"))

OPENING_1992 = str(Path(__file__).parent / "records" / "hnefatafl1992-opening.mrs")
EXTRA_JOBS: list[tuple[str, list[str]]] = [
    ("hnefatafl1992-opening.pdf", ["game", OPENING_1992]),  # windows on the 19x19 board
    ("hnefatafl1992-opening.html", ["game", OPENING_1992, "--format", "html"]),
    ("sample-game-ink-saver.pdf", ["game", SAMPLE_GAME, "--theme", "ink-saver"]),
    ("sample-cyngesheall-ink-saver.pdf", ["game", SAMPLE_CYNGESHEALL, "--theme", "ink-saver"]),
]
ALL_JOBS = JOBS + EXTRA_JOBS
# The pages to measure and compare: PDF and HTML (a game page's preview PNG is
# made with the rest and checked in tests/test_sharing.py).
NAMES = [name for name, _ in ALL_JOBS if name.endswith((".pdf", ".html"))]
REGRESSION_DPI = 24  # small and fast: a page of A4 is 198 x 281 pixels
LEVELS = 16  # gray levels kept in the approved PNGs (smaller files, same verdicts)


@dataclass
class Product:
    name: str  # the file name `build` writes
    pdf: bytes  # the PDF itself, or the HTML as Chromium prints it
    svg_overflow: list[str] = field(default_factory=list)  # HTML only

    @property
    def kind(self) -> str:
        """What the command that writes it makes: a game document (every `game`
        job, whatever its game), a book, or a sheet (kits and cards too)."""
        command = dict(ALL_JOBS)[self.name][0]
        return {"game": "game", "rulebook": "book"}.get(command, "sheet")

    @property
    def html(self) -> bool:
        return self.name.endswith(".html")


def make_files(folder: Path) -> dict[str, str]:
    """Run every job's command line into `folder` with `-o FOLDER/`, so each file gets
    the name its command gives it; returns job name -> the name the command chose
    (they must agree: `build` writes what the single commands write)."""
    folder.mkdir(parents=True, exist_ok=True)
    chosen: dict[str, str] = {}
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for name, command in ALL_JOBS:
            before = set(folder.iterdir())
            # build's own jobs name themselves; the extras would overwrite them
            target = f"{folder}/" if (name, command) in JOBS else str(folder / name)
            code = main([*command, "-o", target])
            assert code == 0, (name, code)
            made = set(folder.iterdir()) - before
            chosen[name] = ",".join(sorted(p.name for p in made))
    return chosen


def print_html(browser, path: Path) -> tuple[bytes, list[str]]:
    """The HTML file printed by Chromium at its CSS page size, and its SVG overflows."""
    context = new_context(browser, viewport={"width": 900, "height": 1200})
    page = context.new_page()
    page.goto(path.as_uri())
    page.evaluate("document.fonts.ready.then(() => true)")
    overflow = page.evaluate(SVG_OVERFLOW_JS)
    page.emulate_media(media="print")
    overflow += [f"print: {line}" for line in page.evaluate(SVG_OVERFLOW_JS)]
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    context.close()
    return pdf, overflow


class Products(dict):
    """name -> Product, plus `chosen`: the file name each command wrote by default,
    and `folder`: where the files are (the browser tests open the HTML there)."""

    chosen: dict[str, str]
    folder: Path


def make_products(folder: Path, browser) -> Products:
    products = Products()
    products.folder = folder
    products.chosen = make_files(folder)
    for name in NAMES:
        path = folder / name
        if name.endswith(".html"):
            pdf, overflow = print_html(browser, path)
            products[name] = Product(name, pdf, overflow)
        else:
            products[name] = Product(name, path.read_bytes())
    return products


def page_images(pdf: bytes, dpi: int = REGRESSION_DPI) -> list[Image.Image]:
    """Every page as a small grayscale image, quantised to LEVELS grays."""
    document = pdfium.PdfDocument(pdf)
    step = 256 // LEVELS
    out = []
    for page in document:
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        out.append(
            image.point(lambda v: min(255, (v // step) * step + step // 2) if v < 250 else 255)
        )
    document.close()
    return out


def page_image_name(name: str, page: int) -> str:
    """The golden image's name of a product's page (tests/golden_images.py)."""
    return f"{name.replace('.', '_')}-p{page:02d}"
