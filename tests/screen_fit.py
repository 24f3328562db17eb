"""What "fits the screen" means, measured in the browser (issue 22).

Three measurements of a page open at some viewport width, shared by
tests/test_pages_fit_screens.py and anyone looking at a page by hand:

- `SIDEWAYS_JS`: how far the page scrolls sideways (scrollWidth - clientWidth);
- `CUT_OFF_JS`: elements whose box reaches left of 0 or right of the viewport,
  unless a scroll container on the way is meant to hold them (overflow-x auto or
  scroll), or they are hidden on purpose (the visually-hidden pattern);
- `SMALL_TEXT_JS`: SVG text drawn smaller than a given number of CSS pixels,
  its font size times the scale its drawing is shown at.
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

WIDTHS = (320, 390, 1280)
SMALLEST_TEXT_PX = 8.0
PHONE = 390  # the width at which figure text is measured


def fit_report(page, limit: float = SMALLEST_TEXT_PX) -> dict[str, object]:
    """The three measurements of the page open in `page` (a Playwright page)."""
    return {
        "sideways": page.evaluate(SIDEWAYS_JS),
        "cut_off": page.evaluate(CUT_OFF_JS),
        "small_text": page.evaluate(SMALL_TEXT_JS, limit),
    }
