"""A book's boxed note that never splits across a page turn when it fits a page.

A note is one paragraph set on a tinted box (the "note" style). ReportLab
splits a paragraph after the last line that fits, so the Letter book's six-line
"Our reading" box on wraparound printed three lines at the foot of p10 and
three at the top of p11: a box read as two. A box that fits a page now moves
whole to the next one. The issue also asks that the page it leaves stay at
least `LEAVE_FILL` full; a box short enough to be a note (under two thirds of a
page) always leaves that much behind when it does not fit, and where a taller
box cannot keep both, the box is kept whole: a page left short is a blank a
reader skips, a box cut in two is an argument read in two halves. (The layout
rules measure every page `build` writes, so such a short page would show.) A box
taller than a page splits as any paragraph does.
"""

from __future__ import annotations

from functools import cache
from typing import Any

LEAVE_FILL = 1 / 3  # the least a page stays filled when a box moves off it


def moves_whole(height: float, avail: float, room: float) -> bool:
    """Whether a box `height` pt tall that has `avail` pt left in a frame `room` pt
    tall goes whole to the next frame (True) or stays and splits (False)."""
    return room > 0 and avail < height <= room  # it does not fit here, a page holds it


@cache
def kept_box_class() -> type:
    """`KeptBox`, made on first use: ReportLab is imported only when a book is set."""
    from reportlab.platypus import KeepTogether
    from reportlab.platypus.doctemplate import FrameBreak

    class KeptBox(KeepTogether):
        """A boxed note following `moves_whole`; `room` is the height (pt) of the frame
        it is set in (0: not known, it splits as ReportLab does)."""

        room: float = 0.0

        def split(self, aW: float, aH: float) -> list[Any]:  # noqa: N803 - ReportLab's names
            if getattr(self, "_wrapInfo", None) != (aW, aH):
                self.wrap(aW, aH)
            content = self._content[:]
            frame = getattr(self, "_frame", None)
            at_top = frame is not None and getattr(frame, "_atTop", False)
            if not at_top and moves_whole(self._H, aH, self.room):
                return [FrameBreak(), *content]
            if len(content) == 1 and aH < self._H:
                # One paragraph taller than the room left: split it here, as ReportLab
                # would have (handed back whole, it was "a splitting error" that no
                # page could mend: a long note never built)
                parts = content[0].split(aW, aH)
                if parts:
                    return parts
                if not at_top:  # no room for two of its lines here: it starts a page
                    return [FrameBreak(), *content]
            return content

    return KeptBox
