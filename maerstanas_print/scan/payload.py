"""What a scannable sheet's QR code says: the kind of sheet, the game, the paper,
the page and the game's settings, so a photo tells the reader what it shows.

One line of QR's alphanumeric characters (capitals, digits, space and `$%*+-./:`)
keeps the code small enough to read from a phone photo at arm's length:
`MPSCAN1 MAERSTANAS A4 1/2 SS:ON`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["MAGIC", "PagePayload", "PayloadError"]

MAGIC = "MPSCAN1"
_WORD = re.compile(r"[A-Z0-9-]+")
_SETTING = re.compile(r"([A-Z0-9]+):([A-Z0-9-]+)")


class PayloadError(ValueError):
    """A QR code that is not one of our scannable sheets'."""


@dataclass(frozen=True, slots=True)
class PagePayload:
    game: str  # the game's slug
    paper: str  # "a4" or "letter"
    page: int  # from 1
    pages: int
    settings: dict[str, str] = field(default_factory=dict)  # lower-case keys and values

    def text(self) -> str:
        words = [MAGIC, self.game.upper(), self.paper.upper(), f"{self.page}/{self.pages}"]
        words += [f"{key.upper()}:{value.upper()}" for key, value in sorted(self.settings.items())]
        return " ".join(words)

    @classmethod
    def read(cls, text: str) -> PagePayload:
        words = text.strip().split(" ")
        if len(words) < 4 or words[0] != MAGIC:
            raise PayloadError("the QR code is not a maerstanas_print scannable sheet's")
        game, paper, count = words[1], words[2], words[3]
        numbers = re.fullmatch(r"([0-9]{1,2})/([0-9]{1,2})", count)
        if not _WORD.fullmatch(game) or not _WORD.fullmatch(paper) or numbers is None:
            raise PayloadError(f"the sheet's QR code is damaged ({text!r})")
        page, pages = int(numbers[1]), int(numbers[2])
        if not 1 <= page <= pages:
            raise PayloadError(f"the sheet's QR code is damaged ({text!r})")
        settings: dict[str, str] = {}
        for word in words[4:]:
            found = _SETTING.fullmatch(word)
            if found is None:
                raise PayloadError(f"the sheet's QR code is damaged ({text!r})")
            settings[found[1].lower()] = found[2].lower()
        return cls(game.lower(), paper.lower(), page, pages, settings)
