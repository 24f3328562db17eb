"""Pages as pictures (PNG, animated GIF) without a browser: through the PDF writer.

A page is first written as PDF by `draw/pdf.py`, then rasterised by PDFium
(`pypdfium2`) and encoded by Pillow, so a PNG shows exactly what the PDF and
the SVG show: one description of a board, every medium. Both libraries come
with the optional `raster` extra (`pip install "maerstanas_print[raster]"`);
without them `RasterUnavailable` says what to install.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
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
    _require()
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(render_pdf(pages, PdfInfo(title=pages[0].label or "diagram")))
    try:
        # PDF points to pixels: 72 pt an inch, 96 CSS px an inch.
        return [page.render(scale=scale * 96 / 72).to_pil().convert("RGB") for page in pdf]
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
    images = page_images(pages, scale)
    from PIL import Image

    # One palette for every frame, taken from the first and the last (the start and
    # the fullest board), so unchanged pixels keep their index and compress away.
    sample = Image.new("RGB", (images[0].width, images[0].height * 2), "white")
    sample.paste(images[0], (0, 0))
    sample.paste(images[-1], (0, images[0].height))
    palette = sample.quantize(GIF_COLOURS, method=Image.Quantize.MEDIANCUT)
    frames = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    durations = [frame_ms] * len(frames)
    durations[-1] = frame_ms * 3
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return out.getvalue()
