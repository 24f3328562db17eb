"""Figures that float, as a book typesetter places them (issue 11, item 23).

A figure that does not fit the rest of the page waits, and the text after it
fills the page; the waiting figures open the next page, in their order, and a
figure that comes up while others wait queues behind them. Figures never float
past the end of their chapter: before a page break or the next chapter's
heading the waiting ones are set. A figure only ever moves later than its
place in the text, so it never lands on a page before the one that refers to it.

`FloatQueue.arrange` reorders the front of ReportLab's list of flowables just
before the document sets the first one (`BaseDocTemplate.handle_flowable`);
`FloatingFigures` does that for a document template it is mixed into. A
flowable floats when it has `floating = True`.
"""

from __future__ import annotations

from typing import Any


def floating(flowable: Any) -> bool:
    return bool(getattr(flowable, "floating", False))


def ends_chapter(flowable: Any) -> bool:
    """A chapter's heading, a page break or a change of page template: figures stay
    before it. (A frame break, which a block kept together leaves when it moves to
    the next page, is none of these.)"""
    from reportlab.platypus import CondPageBreak, NextPageTemplate, PageBreak

    marker = getattr(flowable, "marker", None)
    return (marker is not None and marker[0] == "chapter") or isinstance(
        flowable, PageBreak | CondPageBreak | NextPageTemplate
    )


def fits(flowable: Any, frame: Any, canv: Any) -> bool:
    """Whether `flowable` fits whole into what is left of `frame` (a block kept
    together is measured by its content: its own height only asks to be split)."""
    from reportlab.platypus.flowables import _listWrapOn

    avail = frame._y - frame._y1p
    content = getattr(flowable, "_content", None)
    if content is not None:
        height = _listWrapOn(content, frame._aW, canv)[1]
    else:
        height = flowable.wrapOn(canv, frame._aW, avail)[1]
    return bool(height + flowable.getSpaceBefore() <= avail)


class FloatQueue:
    """The figures waiting for the top of the next page."""

    def __init__(self) -> None:
        self.waiting: list[Any] = []

    def arrange(self, frame: Any, canv: Any, flowables: list[Any]) -> None:
        """Reorder the front of `flowables` before the first one is set in `frame`."""
        while flowables:
            head = flowables[0]
            if self.waiting and (frame._atTop or ends_chapter(head)):
                flowables[0:0], self.waiting = self.waiting, []  # they open the page
                return
            if not floating(head):
                if self.waiting and len(flowables) == 1:  # the story ends: set them after it
                    flowables[1:1], self.waiting = self.waiting, []
                return
            if not self.waiting and not self._may_wait(frame, canv, flowables):
                return
            self.waiting.append(flowables.pop(0))  # figures keep their order

    @staticmethod
    def _may_wait(frame: Any, canv: Any, flowables: list[Any]) -> bool:
        """A figure waits when it does not fit and text of its chapter follows to fill
        the page (past any figures right behind it)."""
        if frame._atTop or fits(flowables[0], frame, canv):
            return False
        following = next((f for f in flowables[1:] if not floating(f)), None)
        return following is not None and not ends_chapter(following)


class FloatingFigures:
    """Mixed in before ReportLab's `BaseDocTemplate`: its figures float."""

    floats: FloatQueue
    canv: Any  # the document's canvas (ReportLab's)

    def beforeDocument(self) -> None:
        self.floats = FloatQueue()  # each pass of `multiBuild` starts afresh
        super().beforeDocument()  # type: ignore[misc]

    def handle_flowable(self, flowables: list[Any]) -> None:
        frame = getattr(self, "frame", None)
        if frame is not None:
            self.floats.arrange(frame, self.canv, flowables)
        super().handle_flowable(flowables)  # type: ignore[misc]
