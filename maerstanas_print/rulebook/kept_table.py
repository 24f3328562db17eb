"""A book's table that never leaves one row alone on a page.

ReportLab splits a table after the last row that fits, so the Cyngesheall
book's Options table left one row under its repeated header at the top of a
page (a widow), and a table could as well leave its header and one row at a
page's foot (an orphan). Keeping the last two rows together fixed the first
but moved a whole table off a page of the 1992 Letter book, leaving that page
under 60 % full: the move has to weigh the page it empties. So a split that
would leave a part of one row moves one row more across when the part above
keeps two; and when neither split works, the table moves whole only if the page
above stays at least `KEEP_FILL` full, else the split stands.

A table too short to split without a part of one row (three body rows or
fewer) floats instead, as a figure does (`draw.flow`): where it does not fit,
the text after it fills the page and the table opens the next. Moved whole in
place, the 1992 book's table of the two sides pushed the rest of its chapter
down until a figure no longer fitted the next page, which it left 55 % full.
"""

from __future__ import annotations

from functools import cache

KEEP_FILL = 0.75  # a book page, other than a chapter's last, is filled at least this far
HOLD_SHARE = 0.95  # a page with this share of its height free is a fresh page
RUNT_SHARE = 0.4  # the least of a page a table's last part fills when its chapter ends the page
FLOAT_ROWS = 3  # a table of this many body rows or fewer floats rather than split


def widow_free_split(fit: int, rows: int, header: int, page_fill: float) -> int:
    """Where to split a table of `rows` rows (`header` of them repeated on each part)
    that has room for its first `fit`: `fit` itself, one row earlier, or `header`
    (no split: the table moves whole to the next page). `page_fill` is how full the
    page above stays if the table moves (1.0 where it is not known)."""
    if fit <= header or fit >= rows:
        return fit  # the table fits whole, or cannot start here at all
    here, there = fit - header, rows - fit  # body rows on this page and the next
    if here >= 2 and there >= 2:
        return fit
    if there == 1 and here >= 3:
        return fit - 1  # one more row goes over: two on each side
    return header if page_fill >= KEEP_FILL else fit


def runt_free_split(fit: int, heights: list[float], header: int, room: float, avail: float) -> int:
    """Where to split a table that ends its chapter's last page (an appendix opens the
    next), so that page is no runt: rows move over until the last part fills at least
    `RUNT_SHARE` of the page (`room` pt tall), while two body rows stay above and the
    page above stays `KEEP_FILL` full (it has `avail` pt left where the table starts).
    The Letter book's glossary left three rows alone on a page, 16 % full."""
    rows = len(heights)
    if fit <= header or fit >= rows:
        return fit
    split = fit
    while sum(heights[split:]) < RUNT_SHARE * room and split - 1 - header >= 2:
        split -= 1
    above = room - avail + sum(heights[:split])  # the page above, as the split leaves it
    return split if above >= KEEP_FILL * room else fit


@cache
def kept_table_class() -> type:
    """`KeptTable`, made on first use: ReportLab is imported only when a book is set
    (the command line starts without it)."""
    from reportlab.platypus import Table

    class KeptTable(Table):
        """A Table whose splits follow `widow_free_split`; `room` is the height (pt) of the
        frame it is set in, so it knows how full a page stays (0: not known, split as
        ReportLab does)."""

        room: float = 0.0
        whole: int = 0  # the rows of the table this part was split from (0: not split)
        ends_page = False  # the last block of a chapter that ends its page
        # The rest of a split made earlier than ReportLab's: it starts on the next page
        # (else it is split again in the room the earlier split left).
        holds = False
        moved = False  # this table's last split was made earlier than ReportLab's

        @property
        def floating(self) -> bool:
            """A book's table too short to split well floats (`draw.flow`), but keeps its
            place under its heading (`keeps_place`)."""
            header = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
            return (
                bool(self.room) and not self.whole and len(self._cellvalues) - header <= FLOAT_ROWS
            )

        keeps_place = True

        def split(self, availWidth, availHeight):  # noqa: N803 - ReportLab's names
            parts = super().split(availWidth, availHeight)
            for part in parts:
                part.room = self.room
                part.ends_page = self.ends_page
                if part is not self:
                    part.whole = self.whole or len(self._cellvalues)
            if len(parts) > 1:
                parts[-1].holds = self.moved
            return parts

        def _getFirstPossibleSplitRowPosition(self, availHeight, ignoreSpans=0):  # noqa: N802,N803
            fit = super()._getFirstPossibleSplitRowPosition(availHeight, ignoreSpans)
            if not self.room:
                return fit
            if self.holds and availHeight < HOLD_SHARE * self.room:
                return 0  # not on the page the part before it is on
            header = self.repeatRows if isinstance(self.repeatRows, int) else len(self.repeatRows)
            page_fill = max(0.0, 1 - availHeight / self.room)
            split = widow_free_split(fit, len(self._rowHeights), header, page_fill)
            if self.ends_page:
                split = runt_free_split(split, self._rowHeights, header, self.room, availHeight)
            self.moved = split < fit
            return split

    return KeptTable
