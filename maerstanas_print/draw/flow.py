"""The page-flow model of the books and game documents (issues 11 and 23).

Three rules a typesetter follows, for any ReportLab document they are mixed into:

- **Figures float.** A figure, diagram or chart that does not fit the rest of
  its column waits, and the text after it fills the column; the waiting
  figures open the next column (or page), in their order, and a figure that
  comes up while others wait queues behind them. A figure only ever moves
  later than its place in the text, so it never lands before the words that
  lead to it. Figures never float past the end of their chapter (or game):
  before a page break, a chapter's heading or a flowable marked `ends_floats`
  the waiting ones are set.
- **A free column is filled.** A figure marked `float_free` (an unnumbered
  chart, whose place among its neighbours nobody looks up) that fits the room
  left is set at once, even while other free figures wait; and when no text
  follows to fill the column (the charts at a game's end), the first free one
  that fits is set before waiting free ones, so the column is not left with a
  hole. A free figure never passes a numbered one: the score chart that sums
  up a game reads after the final diagram, never before it, even when that
  leaves the column's foot empty.
- **Headings keep with what follows.** A flowable that keeps with the next
  (a heading's style says `keepWithNext`) goes to the next column unless there
  is room for it and the start of what follows: the whole of a block kept
  together (a record), or a few lines of a paragraph. A figure right under a
  heading floats after the text that follows the heading (a float marked
  `keeps_place`, a short table, stays under its heading).

`FloatQueue.arrange` reorders the front of ReportLab's list of flowables just
before the document sets the first one (`BaseDocTemplate.handle_flowable`);
`FloatingFigures` does that, and the keeping, for a document template it is
mixed into. Everything depends only on the flowables' measured heights, so
the same story gives the same pages.
"""

from __future__ import annotations

from typing import Any

# pt: how much of a paragraph after a heading must fit under it (three lines of
# the books' body text), else the heading moves on with it.
FOLLOWING_LINES_PT = 48.0


def floating(flowable: Any) -> bool:
    return bool(getattr(flowable, "floating", False))


def free_floating(flowable: Any) -> bool:
    """A float that may be set before waiting ones (an unnumbered chart)."""
    return floating(flowable) and bool(getattr(flowable, "float_free", False))


def ends_chapter(flowable: Any) -> bool:
    """A chapter's heading, a game's start, a page break or a change of page
    template: figures stay before it. (A frame break, which a block kept together
    leaves when it moves to the next page, is none of these.)"""
    from reportlab.platypus import CondPageBreak, NextPageTemplate, PageBreak

    marker = getattr(flowable, "marker", None)
    return (
        (marker is not None and marker[0] == "chapter")
        or bool(getattr(flowable, "ends_floats", False))
        or isinstance(flowable, PageBreak | CondPageBreak | NextPageTemplate)
    )


def height_of(flowable: Any, width: float, canv: Any, avail: float) -> float:
    """A flowable's height in `width` (a block kept together is measured by its
    content: its own height only asks to be split)."""
    from reportlab.platypus.flowables import _listWrapOn

    content = getattr(flowable, "_content", None)
    if content is not None:
        return float(_listWrapOn(content, width, canv)[1])
    return float(flowable.wrapOn(canv, width, avail)[1])


def fits(flowable: Any, frame: Any, canv: Any) -> bool:
    """Whether `flowable` fits whole into what is left of `frame`."""
    avail = frame._y - frame._y1p
    height = height_of(flowable, frame._aW, canv, avail)
    return bool(height + flowable.getSpaceBefore() <= avail)


class FloatQueue:
    """The figures waiting for the top of the next column."""

    def __init__(self) -> None:
        self.waiting: list[Any] = []

    def arrange(self, frame: Any, canv: Any, flowables: list[Any]) -> None:
        """Reorder the front of `flowables` before the first one is set in `frame`."""
        while flowables:
            head = flowables[0]
            if self.waiting and (frame._atTop or ends_chapter(head)):
                flowables[0] = _not_postponed(head)  # it is not tried at the top this time
                flowables[0:0], self.waiting = self.waiting, []  # they open the column
                return
            if not floating(head):
                if self.waiting and len(flowables) == 1:  # the story ends: set them after it
                    flowables[1:1], self.waiting = self.waiting, []
                return
            may_go_now = not self.waiting or (
                free_floating(head) and all(free_floating(f) for f in self.waiting)
            )
            if may_go_now and (frame._atTop or fits(head, frame, canv)):
                return  # set now (a free one even while others wait)
            if not self.waiting and not self._text_follows(flowables):
                self._free_one_first(frame, canv, flowables)
                return
            self.waiting.append(flowables.pop(0))  # figures keep their order
        flowables[0:0], self.waiting = self.waiting, []  # the story ended with figures

    @staticmethod
    def _text_follows(flowables: list[Any]) -> bool:
        """Whether text of the chapter follows, past any figures right behind the first."""
        following = next((f for f in flowables[1:] if not floating(f)), None)
        return following is not None and not ends_chapter(following)

    @staticmethod
    def _free_one_first(frame: Any, canv: Any, flowables: list[Any]) -> None:
        """Only figures are left before the chapter ends and the first does not fit:
        the first free one among them that fits the room is set first, passing
        only free ones (a numbered figure keeps its place before the charts)."""
        for index in range(1, len(flowables)):
            candidate = flowables[index]
            if not floating(candidate) or not free_floating(flowables[index - 1]):
                return
            if free_floating(candidate) and fits(candidate, frame, canv):
                flowables.insert(0, flowables.pop(index))
                return


def _not_postponed(flowable: Any) -> Any:
    """`flowable`, without ReportLab's mark that it was put off to the next column
    once. ReportLab gives up (LayoutError) when a flowable so marked does not fit
    again, taking it for one taller than any column; but when waiting figures open
    the column ahead of it, it never had the top of a column, and a long run of
    figures (twelve variations with a diagram each) may fill column after column.
    Each such column sets at least one figure, so the run still ends. A copy
    loses the mark: the original keeps it for ReportLab's own undoing between
    the passes of a `multiBuild`."""
    if "_postponed" not in getattr(flowable, "__dict__", {}):
        return flowable
    import copy

    fresh = copy.copy(flowable)
    del fresh.__dict__["_postponed"]
    return fresh


def _keep_with_next_class():
    from reportlab.platypus import KeepTogether

    class KeepWithNext(KeepTogether):
        """Flowables that keep with the next (headings, and the markers before them)
        and what follows them: it moves to the next column unless the heads and
        `following` points of what follows fit; when they fit, each is set on its
        own (a paragraph may split under its heading)."""

        def __init__(self, flowables: list[Any], heads: int, whole: bool) -> None:
            super().__init__(flowables)
            self.heads, self.whole = heads, whole

        def split(self, aW: float, aH: float) -> list[Any]:
            from reportlab.platypus.doctemplate import FrameBreak

            if getattr(self, "_wrapInfo", None) != (aW, aH):
                self.wrap(aW, aH)
            content = self._content[:]
            canv = self.canv

            def room(flowable: Any) -> float:  # as the frame sets it, with its spaces
                spaces = flowable.getSpaceBefore() + flowable.getSpaceAfter()
                return height_of(flowable, aW, canv, aH) + spaces

            need = sum(room(f) for f in content[: self.heads])
            rest = sum(room(f) for f in content[self.heads :])
            # a paragraph of up to five lines moves whole (no widow, no orphan)
            short = rest <= 2 * FOLLOWING_LINES_PT
            need += rest if self.whole or short else FOLLOWING_LINES_PT
            frame = getattr(self, "_frame", None)
            at_top = frame is not None and getattr(frame, "_atTop", False)
            if need > aH and not at_top:
                content.insert(0, FrameBreak())
            return content

    return KeepWithNext


def keep_with_next(flowables: list[Any], undo: Any = None) -> None:
    """Group the flowables at the front that keep with the next with what follows
    them (ReportLab's own grouping leaves a heading alone when a block kept
    together follows it, as a record or a figure is). `undo`, when given, is told
    how to restore each flowable changed (`multiBuild` sets the story again)."""
    from reportlab.platypus import KeepTogether

    heads = 0
    while heads < len(flowables) and flowables[heads].getKeepWithNext():
        heads += 1
    if not heads or heads == len(flowables):
        return
    following = flowables[heads]
    if floating(following) and not getattr(following, "keeps_place", False):
        # A figure right under a heading moves after the text that follows it (a
        # figure only ever moves later), and the heading keeps with that text.
        text = next(
            (i for i in range(heads + 1, len(flowables)) if not floating(flowables[i])), None
        )
        if text is None or ends_chapter(flowables[text]):
            return
        flowables.insert(heads, flowables.pop(text))
        following = flowables[heads]
    for flowable in flowables[:heads]:
        if undo is not None:
            if "keepWithNext" in flowable.__dict__:
                undo((setattr, flowable, "keepWithNext", flowable.keepWithNext))
            else:
                undo((delattr, flowable, "keepWithNext"))
        flowable.__dict__["keepWithNext"] = 0  # grouped once, not again when set
    if isinstance(following, KeepTogether):
        content, whole = list(following._content), True
    else:
        content, whole = [following], False
    group = _keep_with_next_class()([*flowables[:heads], *content], heads, whole)
    flowables[: heads + 1] = [group]


class FloatingFigures:
    """Mixed in before ReportLab's `BaseDocTemplate`: its figures float and its
    headings keep with what follows."""

    floats: FloatQueue
    canv: Any  # the document's canvas (ReportLab's)

    def beforeDocument(self) -> None:
        self.floats = FloatQueue()  # each pass of `multiBuild` starts afresh
        super().beforeDocument()  # type: ignore[misc]

    def handle_flowable(self, flowables: list[Any]) -> None:
        frame = getattr(self, "frame", None)
        if frame is not None:
            self.floats.arrange(frame, self.canv, flowables)
        if flowables:
            keep_with_next(flowables, getattr(self, "_multiBuildEdits", None))
        super().handle_flowable(flowables)  # type: ignore[misc]
