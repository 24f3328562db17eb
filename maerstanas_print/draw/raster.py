"""Pages as pictures (PNG, animated GIF) without a browser: through the PDF writer.

A page is first written as PDF by `draw/pdf.py`, then rasterised by PDFium
(`pypdfium2`) and encoded by Pillow, so a PNG shows exactly what the PDF and
the SVG show: one description of a board, every medium. Both libraries come
with the optional `raster` extra (`pip install "maerstanas_print[raster]"`);
without them `RasterUnavailable` says what to install.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from maerstanas_print.draw.pdf import PdfInfo, render_pdf
from maerstanas_print.draw.shapes import Page

if TYPE_CHECKING:
    from PIL.Image import Image

PX_PER_MM = 96 / 25.4  # a CSS pixel: a picture at scale 1 is as big as the SVG on screen
MISSING = (
    "PNG and GIF need the raster extra: pip install 'maerstanas_print[raster]'"
    " (pypdfium2 and Pillow)"
)
GIF_COLOURS = 16  # a board has few colours; 16 keep the anti-aliased edges smooth


class RasterUnavailable(RuntimeError):
    """The libraries for pictures are not installed."""


def available() -> bool:
    """Whether PNG and GIF can be written here."""
    try:
        import PIL  # noqa: F401
        import pypdfium2  # noqa: F401
    except ImportError:
        return False
    return True


def _require() -> None:
    if not available():
        raise RasterUnavailable(MISSING)


def page_images(pages: Sequence[Page], scale: float = 2.0) -> list[Image]:
    """Each page as an RGB image, `scale` pixels per CSS pixel (2: sharp on a phone)."""
    return list(_images(pages, scale))


def _images(pages: Sequence[Page], scale: float) -> Iterator[Image]:
    """Each page as an RGB image, one at a time (an animation keeps only its frames)."""
    _require()
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(render_pdf(pages, PdfInfo(title=pages[0].label or "diagram")))
    try:
        for page in pdf:  # PDF points to pixels: 72 pt an inch, 96 CSS px an inch
            yield page.render(scale=scale * 96 / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def png_bytes(page: Page, scale: float = 2.0) -> bytes:
    """One page as a PNG file."""
    image = page_images([page], scale)[0]
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def gif_bytes(pages: Sequence[Page], scale: float = 1.0, frame_ms: int = 1200) -> bytes:
    """The pages as an animated GIF that loops, one frame each, `frame_ms` apiece (the
    last one three times as long). The frames share one palette, so a frame stores
    only what changed from the one before."""
    if not pages:
        raise ValueError("an animation needs at least one page")
    from PIL import Image

    # One palette for every frame, taken from the first and the last (the start and
    # the fullest board), so unchanged pixels keep their index and compress away.
    first, last = page_images([pages[0], pages[-1]], scale)
    sample = Image.new("RGB", (first.width, first.height * 2), "white")
    sample.paste(first, (0, 0))
    sample.paste(last, (0, first.height))
    palette = sample.quantize(GIF_COLOURS, method=Image.Quantize.MEDIANCUT)
    # Each frame made as the writer asks for it, as palette indices (a byte a pixel):
    # the writer keeps its own copy of every frame until the file is written, so a
    # list of ours would hold them all twice
    frames = (
        image.quantize(palette=palette, dither=Image.Dither.NONE) for image in _images(pages, scale)
    )
    durations = [frame_ms] * len(pages)
    durations[-1] = frame_ms * 3
    out = io.BytesIO()
    next(frames).save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames,
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return out.getvalue()
