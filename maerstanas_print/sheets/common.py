"""Paper, page furniture and small layout helpers shared by all printed sheets."""

from __future__ import annotations

from maerstanas_print.draw.board import (
    DARK_HOME_TINT,
    ESCAPE_TINT,
    THEMES,
    THRONE_TINT,
    BoardSpec,
    Stone,
    StoneKind,
    stone_shape,
)
from maerstanas_print.draw.runes import rune_shapes
from maerstanas_print.draw.shapes import (
    MM_PER_PT,
    Group,
    Line,
    Page,
    Rect,
    Shape,
    Stroke,
    Text,
    translate,
)
from maerstanas_print.draw.typography import prose, wrap_text
from maerstanas_print.fonts import Face, text_width_mm
from maerstanas_print.games.protocol import Game
from maerstanas_print.sheets.capabilities import SHEETS, SheetKit
from maerstanas_print.sheets.paper import PAPERS as PAPERS  # where every sheet finds it
from maerstanas_print.sheets.paper import Paper, Sheet
from maerstanas_print.sides import DARK, LIGHT

INK = "#000000"
SOFT = "#6b6b6b"


def game_licence(game: Game) -> str:
    """The credit line a sheet of `game` carries."""
    return f"{game.credit} Sheet made with maerstanas_print."


class SheetError(ValueError):
    """Options that cannot make a sheet (e.g. a board too big for the paper)."""


MAX_FIRST = 9999  # the highest first move number a continued score sheet takes


def score_sheet_of(
    game_title: str,
    paper: Paper,
    page: Page,
    file_stem: str,
    next_move: int | None = None,
    *,
    designer: str,
) -> Sheet:
    """A game's score sheet: one page, the same title and subject for every game."""
    return Sheet(
        title=f"{game_title}: score sheet",
        subject=f"A paper record of one {game_title} game, in notation order",
        paper=paper,
        pages=(page,),
        file_stem=file_stem,
        next_move=next_move,
        game_title=game_title,
        designer=designer,
    )


def paragraph(
    text: str,
    x: float,
    y: float,
    width: float,
    size: float,
    face: Face = "regular",
    fill: str = INK,
    leading: float = 1.25,
    anchor: str = "start",
) -> tuple[list[Shape], float]:
    """Wrapped lines with the first baseline at y; returns shapes and the last baseline.
    The text is set as prose (`draw.typography.prose`: curly apostrophes, a number
    kept with its unit)."""
    text = prose(text)
    step = size * leading * MM_PER_PT
    shapes: list[Shape] = []
    ax = {"start": x, "middle": x + width / 2, "end": x + width}[anchor]
    for i, line in enumerate(wrap_text(text, face, size, width)):
        shapes.append(Text(ax, y + i * step, line, size, face, anchor, fill))  # type: ignore[arg-type]
    return shapes, y + (len(shapes) - 1) * step


def header(paper: Paper, margin: float, subtitle: str, title: str) -> tuple[list[Shape], float]:
    """Title at the top left, a description at the right, a rule below; returns its bottom."""
    base = margin + 9.0
    shapes: list[Shape] = [
        Text(margin, base, title, 26, "bold", "start", INK),
        Text(paper.width - margin, base, subtitle, 10, "italic", "end", SOFT),
        Line(margin, base + 3.2, paper.width - margin, base + 3.2, Stroke(INK, 0.3)),
    ]
    return [Group(tuple(shapes), title=f"{title}: {subtitle}")], base + 3.2


# Home printers clip near the paper's edge: nothing but crop marks comes closer
# than SAFE_MM, and the licence line's baseline sits FOOT_MM above the bottom
# edge (its descenders stay clear of SAFE_MM).
SAFE_MM = 10.0
FOOT_MM = 11.5
# Body text keeps clear of the foot line: its baselines sit at least FOOT_CLEAR_MM
# above the foot's, so a note at the end of the body never reads as part of the foot
# (about 2.8 mm of white under 7 pt text).
FOOT_CLEAR_MM = 4.5


def body_floor(paper: Paper) -> float:
    """The lowest baseline a sheet's body text may have on `paper` (`FOOT_CLEAR_MM`)."""
    return paper.height - FOOT_MM - FOOT_CLEAR_MM


def licence_line(paper: Paper, size: float = 7.0, *, text: str) -> Shape:
    """The credit line at the foot of a sheet (`game_licence`)."""
    return Text(paper.width / 2, paper.height - FOOT_MM, text, size, "italic", "middle", SOFT)


def without_licence_line(page: Page, game: Game) -> Page:
    """`page` without the credit line `licence_line` drew for `game`: a kit gives
    the credit once and puts its own foot on every page."""
    credit = game_licence(game)

    def kept(shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
        out: list[Shape] = []
        for shape in shapes:
            if isinstance(shape, Group):
                out.append(Group(kept(shape.children), shape.title, shape.desc))
            elif not (isinstance(shape, Text) and shape.text == credit):
                out.append(shape)
        return tuple(out)

    return Page(page.width, page.height, kept(page.shapes), page.label)


def checkbox(x: float, y: float, size: float, stroke: Stroke) -> Rect:
    """A square tick box with its top-left corner at (x, y)."""
    return Rect(x, y, size, size, stroke, None)


WRITING_LINE = Stroke("#8c8c8c", 0.15)  # a hairline to write on
TICK_BOX = Stroke(INK, 0.2)


def writing_field(x: float, y: float, width: float, label: str, size: float = 8.0) -> list[Shape]:
    """`Label ________` across `width`, the writing line on baseline y."""
    lw = text_width_mm(label, "italic", size)
    return [
        Text(x, y, label, size, "italic", "start", INK),
        Line(x + lw + 1.2, y + 0.6, x + width, y + 0.6, WRITING_LINE),
    ]


def sheet_number_field(x: float, y: float, width: float) -> list[Shape]:
    """`Sheet __ of __` on baseline y: which of a game's (or a match's) sheets this is."""
    label_w = text_width_mm("Sheet", "italic", 9)
    of_w = text_width_mm("of", "italic", 9)
    blank = min(18.0, (width - label_w - of_w - 4.0) / 2)
    of_x = x + label_w + 1.2 + blank + 1.5
    return [
        Text(x, y, "Sheet", 9, "italic", "start", INK),
        Line(x + label_w + 1.2, y + 0.6, x + label_w + 1.2 + blank, y + 0.6, WRITING_LINE),
        Text(of_x, y, "of", 9, "italic", "start", INK),
        Line(of_x + of_w + 1.2, y + 0.6, of_x + of_w + 1.2 + blank, y + 0.6, WRITING_LINE),
    ]


def choice_boxes(
    x: float, y: float, label: str, options: tuple[str, ...], size: float = 7.5
) -> tuple[list[Shape], float]:
    """`Label ☐ a ☐ b ☐ c` on baseline y; returns the shapes and the right end."""
    out: list[Shape] = [Text(x, y, label, size, "italic", "start", INK)]
    box = 3.5
    cursor = x + text_width_mm(label, "italic", size) + 2.0
    for option in options:
        out.append(checkbox(cursor, y - box + 0.6, box, TICK_BOX))
        cursor += box + 1.0
        out.append(Text(cursor, y, option, size, "regular", "start", INK))
        cursor += text_width_mm(option, "regular", size) + 2.6
    return out, cursor


def calibration_bar(
    x: float,
    y: float,
    cell: float,
    theme: str = "print",
    note: str | None = None,
    width: float | None = None,
) -> tuple[Group, float]:
    """A 50 mm scale with mm ticks, and the square size, so a print can be checked.

    (x, y) is the left end of the bar's base line; returns the group and its width.
    `note` replaces the sentence about the square size (e.g. on a sheet of stones).
    Given a `width`, a note too long for it goes on two lines beside the bar, so the
    bar can stand at the left edge of what it measures.
    """
    ink = THEMES[theme].ink
    stroke = Stroke(ink, 0.25)
    out: list[Shape] = [Line(x, y, x + 50, y, Stroke(ink, 0.35))]
    for mm in range(51):
        tick = 3.2 if mm % 10 == 0 else (2.2 if mm % 5 == 0 else 1.2)
        out.append(Line(x + mm, y, x + mm, y - tick, stroke))
    for mm in range(0, 51, 10):
        out.append(Text(x + mm, y + 3.2, str(mm), 6.5, "regular", "middle", ink))
    if note is None:
        note = (
            f"This bar is exactly 50 mm and each square {cell:g} mm when printed at 100 % "
            "(“actual size”, no “fit to page”)."
        )
    lines = [note]
    if width is not None and 54 + text_width_mm(note, "italic", 7.5) > width:
        lines = _two_lines(note, width - 54)
    first = y - 0.4 - 3.4 * (len(lines) - 1) / 2  # two lines stand either side of one
    for number, line in enumerate(lines):
        out.append(Text(x + 54, first + 3.4 * number, line, 7.5, "italic", "start", ink))
    width = 54 + max(text_width_mm(line, "italic", 7.5) for line in lines)
    desc = (
        f"Measure this bar: it should be 50 mm. Squares are {cell:g} mm."
        if cell
        else ("Measure this bar: it should be 50 mm.")
    )
    return Group(tuple(out), title="50 mm calibration bar", desc=desc), width


def _two_lines(text: str, width: float) -> list[str]:
    """`text` broken at the last space that lets its first line fit `width` mm."""
    words = text.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first = " ".join(words[:cut])
        if text_width_mm(first, "italic", 7.5) <= width:
            return [first, " ".join(words[cut:])]
    return [text]


def legend(
    x: float,
    y: float,
    width: float,
    theme: str,
    cell: float = 9.0,
    size: float = 8.5,
    items: tuple[tuple[StoneKind, str, str | None, str], ...] = (),
) -> tuple[Group, float]:
    """The three stone kinds, Dark and Light, each with its name and rune.

    (x, y) is the top-left; the items share `width` evenly. Returns the group
    and its height.
    """
    ink = THEMES[theme].ink
    out: list[Shape] = []
    slot = width / len(items)
    cy = y + cell / 2
    for i, (kind, name, rune, rune_name) in enumerate(items):
        left = x + i * slot
        parts: list[Shape] = [
            stone_shape(Stone(DARK, kind), left + cell / 2, cy, cell, theme),
            stone_shape(Stone(LIGHT, kind), left + cell * 1.5 + 0.6, cy, cell, theme),
        ]
        tx = left + 2 * cell + 2.4
        if rune is None:
            parts.append(
                Text(tx, cy + 0.34 * size * MM_PER_PT, name, size, "regular", "start", ink)
            )
        else:
            parts.append(Text(tx, cy - 0.4, name, size, "regular", "start", ink))
            rune_h = size * MM_PER_PT * 0.95
            parts.append(
                rune_shapes(
                    rune,
                    tx + rune_h * 0.25,
                    cy + 1.1 + rune_h / 2 - 0.3,
                    rune_h,
                    ink,
                    rune_h * 0.11,
                    titled=True,
                )
            )
            parts.append(
                Text(
                    tx + rune_h * 0.7 + 0.8,
                    cy + 1.1 + rune_h * 0.62,
                    rune_name,
                    size * 0.92,
                    "italic",
                    "start",
                    ink,
                )
            )
        title = f"Legend: {name}" + (f", rune {rune} ({rune_name})" if rune else "")
        out.append(Group(tuple(parts), title=title))
    return Group(tuple(out), title="Stones"), cell


def _swatch(kind: str, x: float, y: float, side: float, theme: str) -> list[Shape]:
    """A small square showing how the board marks a special square (top-left at x, y)."""
    t = THEMES[theme]
    line = Stroke(t.ink, 0.25)
    frame = Stroke(t.grid, 0.2)
    inset = 0.09 * side
    parts: list[Shape] = []
    if kind == "escape":
        parts.append(Rect(x, y, side, side, frame, ESCAPE_TINT if t.band_fill else None))
        parts.append(Line(x, y, x, y + side, Stroke(t.ink, 0.55)))  # the board's edge
        parts.append(Line(x + side, y, x + side, y + side, Stroke(t.ink, 0.45)))  # the ring's
        return parts
    fill = {"dark-home": DARK_HOME_TINT, "throne": THRONE_TINT}.get(kind)
    parts.append(Rect(x, y, side, side, frame, fill if t.band_fill else None))
    if kind == "dark-home" and not t.band_fill:
        gap = max(1.2, 0.09 * side)
        k = gap
        while k < 2 * side:
            a = (max(0.0, k - side), min(side, k))
            b = (min(side, k), max(0.0, k - side))
            parts.append(Line(x + a[0], y + a[1], x + b[0], y + b[1], Stroke(t.grid, 0.12)))
            k += gap
    insets = (0.1 * side, 0.2 * side) if kind == "throne" else (inset,)
    for d in insets:
        parts.append(Rect(x + d, y + d, side - 2 * d, side - 2 * d, line, None))
    return parts


def _item(
    parts: list[Shape], tx: float, cy: float, name: str, note: str, size: float, ink: str
) -> None:
    """A legend label: the name, and under it a smaller italic note."""
    if note:
        parts.append(Text(tx, cy - 0.4, name, size, "regular", "start", ink))
        parts.append(
            Text(tx, cy + 0.4 + size * MM_PER_PT * 0.85, note, size * 0.88, "italic", "start", ink)
        )
    else:
        parts.append(Text(tx, cy + 0.34 * size * MM_PER_PT, name, size, "regular", "start", ink))


def notes_legend(
    kit: SheetKit,
    x: float,
    y: float,
    width: float,
    theme: str,
    cell: float = 9.0,
    size: float = 8.5,
) -> tuple[Group, float]:
    """A legend that names each piece and each marked square with a note (the sheet
    kit's `piece_notes` and `square_notes`: the 1992 game's X, O, K, throne, edge)."""
    ink = THEMES[theme].ink
    entries: list[tuple[list[Shape], str, str]] = []
    for side, kind, name, note in kit.piece_notes:
        entries.append(([stone_shape(Stone(side, kind), 0, 0, cell, theme)], name, note))
    for swatch, name, note in kit.square_notes:
        entries.append((_swatch(swatch, -cell * 0.45, -cell * 0.45, cell * 0.9, theme), name, note))
    out: list[Shape] = []
    slot = width / len(entries)
    cy = y + cell / 2
    for i, (glyph, name, note) in enumerate(entries):
        left = x + i * slot
        parts = translate(glyph, left + cell / 2, cy)
        _item(parts, left + cell + 2.0, cy, name, note, size, ink)
        out.append(Group(tuple(parts), title=f"Legend: {name}, {note}"))
    return Group(tuple(out), title="Pieces and squares"), cell


def corners_line(
    spec: BoardSpec,
    kit: SheetKit,
    x: float,
    y: float,
    width: float,
    theme: str,
    size: float = 8.0,
) -> tuple[Group, float]:
    """One line per side, with a swatch: where each king starts and where it wins.

    The squares are read from the board's own special squares, so they always
    match the board; the words are the game's marked `corners_notes` (which corner
    is whose may be a reading, and the rules concordance holds that text to it).
    `y` is the top; returns the group and its height.
    """
    ink = THEMES[theme].ink
    homes: dict[str, str] = {kind: spec.name(square) for square, kind in spec.specials.items()}
    side_h = size * MM_PER_PT * 1.5
    out: list[Shape] = []
    slot = width / 2
    for i, (kind, goal) in enumerate((("dark-home", "light-home"), ("light-home", "dark-home"))):
        text = kit.corners_line(i, homes.get(kind, ""), homes.get(goal, ""))
        if kind not in homes or not text:
            continue
        text_w = text_width_mm(text, "regular", size) + side_h + 2.0
        left = x + i * slot + (slot - text_w) / 2
        parts = _swatch(kind, left, y, side_h, theme)
        parts.append(
            Text(
                left + side_h + 2.0,
                y + side_h / 2 + 0.34 * size * MM_PER_PT,
                text,
                size,
                "regular",
                "start",
                ink,
            )
        )
        out.append(Group(tuple(parts), title=text))
    return Group(tuple(out), title="Home corners"), side_h


def game_legend(
    game: Game,
    spec: BoardSpec,
    x: float,
    y: float,
    width: float,
    theme: str,
    cell: float = 9.0,
    size: float = 8.5,
) -> tuple[Group, float]:
    """The legend a board of `game` needs under it; returns the group and its height."""
    kit = SHEETS.of(game)
    if kit.piece_notes:
        return notes_legend(kit, x, y, width, theme, cell, size)
    items = kit.legend
    if "dark-home" not in spec.specials.values():
        return legend(x, y, width, theme, cell, size, items)
    stones, height = legend(x, y, width, theme, cell, size, items)
    gap = max(2.5, cell * 0.4)
    if not any(kit.corners_notes):
        return stones, height
    corners, corners_h = corners_line(spec, kit, x, y + height + gap, width, theme, size * 0.95)
    return Group((stones, corners), title="Legend"), height + gap + corners_h
