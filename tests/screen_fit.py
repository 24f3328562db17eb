"""What "fits the screen" means, measured in the browser (issue 22).

Four measurements of a page open at some viewport width, shared by
tests/test_pages_fit_screens.py and anyone looking at a page by hand:

- `SIDEWAYS_JS`: how far the page scrolls sideways (scrollWidth - clientWidth);
- `CUT_OFF_JS`: elements whose box reaches left of 0 or right of the viewport,
  unless a scroll container on the way is meant to hold them (overflow-x auto or
  scroll), or they are hidden on purpose (the visually-hidden pattern);
- `SMALL_TEXT_JS`: SVG text drawn smaller than a given number of CSS pixels,
  its font size times the scale its drawing is shown at;
- `CLIPPED_TEXT_JS`: SVG text that reaches past its drawing's box (the viewBox
  cuts it) or past the visible box of a frame around it that clips or scrolls:
  `CUT_OFF_JS` lets a scrolling frame hold anything, so a chart whose labels
  ("Dark ahead") ran past a phone's frame passed it.
"""

from __future__ import annotations

SIDEWAYS_JS = """
() => document.documentElement.scrollWidth - document.documentElement.clientWidth
"""

# An element is "meant to be clipped" when an ancestor scrolls sideways on purpose
# or is the 1x1 visually-hidden box; `display: none` and empty boxes are skipped.
CUT_OFF_JS = r"""
() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const held = (el) => {
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') return true;
      if (s.clip && s.clip !== 'auto') return true;
      if (s.clipPath && s.clipPath !== 'none') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('defs,symbol,clipPath,mask,title,desc,script,style')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left > -0.5 && r.right < width + 0.5) continue;
    if (held(el)) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || (s.clip && s.clip !== 'auto')) continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
      + (el.getAttribute('class') ? '.' + el.getAttribute('class').split(' ')[0] : '');
    out.push(`${name} [${r.left.toFixed(0)}, ${r.right.toFixed(0)}]`);
  }
  return out;
}
"""

# Rendered size = the computed font size (in the drawing's units) times the scale of
# the text's transform to the screen.
SMALL_TEXT_JS = r"""
(limit) => {
  const out = [];
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.textContent.trim()) continue;
    const r = t.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const s = getComputedStyle(t);
    if (s.display === 'none' || s.visibility === 'hidden') continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    const px = parseFloat(s.fontSize) * scale;
    if (px < limit) out.push(`${t.textContent.trim().slice(0, 12)} ${px.toFixed(2)}px`);
  }
  return out;
}
"""

# A text's box against its outermost <svg>'s box, and against the visible box of
# every frame around it that `fitting` selects (a frame that scrolls only when the
# screen is narrower than a phone, as a game's charts do; a rulebook's sheet that
# scrolls at any phone width on purpose is not selected), as drawn now.
CLIPPED_TEXT_JS = r"""
(fitting) => {
  const out = [];
  const past = (r, box) => r.left < box.left - 0.5 || r.right > box.right + 0.5
    || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.textContent.trim() || t.closest('defs,symbol,clipPath,mask')) continue;
    const r = t.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    let svg = t.ownerSVGElement;
    while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
    const name = t.textContent.trim().slice(0, 16);
    if (past(r, svg.getBoundingClientRect())) out.push(`${name}: past its drawing`);
    const frame = fitting && svg.parentElement.closest(fitting);
    if (frame && past(r, frame.getBoundingClientRect())) out.push(`${name}: past its frame`);
  }
  return out;
}
"""
# The frames that must hold their drawing whole from a phone's width up.
FITTING_FRAMES = ".mg-frame"

WIDTHS = (320, 390, 1280)
SMALLEST_TEXT_PX = 8.0
PHONE = 390  # the width at which figure text is measured


def fit_report(
    page, limit: float = SMALLEST_TEXT_PX, fitting: str = FITTING_FRAMES
) -> dict[str, object]:
    """The four measurements of the page open in `page` (a Playwright page); pass
    `fitting=""` below a phone's width, where every frame may scroll."""
    return {
        "sideways": page.evaluate(SIDEWAYS_JS),
        "cut_off": page.evaluate(CUT_OFF_JS),
        "small_text": page.evaluate(SMALL_TEXT_JS, limit),
        "clipped_text": page.evaluate(CLIPPED_TEXT_JS, fitting),
    }
