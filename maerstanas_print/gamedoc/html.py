"""HTML for game documents: a `<section>` per game (the rulebook's contract) and
the `game` command's whole page.

Templates live in `templates/` (`game_fragment.html.j2`, `game.html.j2`,
`game.css`); the environment autoescapes, so names, tags and comments from
the record are always text. Pictures are the same shapes as the PDF, as
inline SVG. The step-through viewer is markup with the `hidden` attribute and
a small inline script that reveals it: with scripts off the page still reads
in full, diagrams and all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from maerstanas_print.draw import overlays
from maerstanas_print.draw.board import (
    BoardSpec,
    board_shapes,
    stone_shape,
)
from maerstanas_print.draw.shapes import Page, Shape, chars_by_face, translate
from maerstanas_print.draw.svg import SvgWriter, render_svg
from maerstanas_print.draw.typography import prose
from maerstanas_print.fonts import font_face_css, missing_glyphs
from maerstanas_print.gamedoc import figures, sharing
from maerstanas_print.gamedoc.capabilities import reader_for
from maerstanas_print.gamedoc.model import (
    Document,
    collection_title,
    credit_line,
    document,
    evaluation_words,
    nag_words,
    node_key,
    progress_words,
    step_text,
    variation_prefix,
)
from maerstanas_print.gamedoc.parts import listing, move_label
from maerstanas_print.gamedoc.readers import BoardReader
from maerstanas_print.play.replayed import ReplayedGame, ReplayedLine, Step
from maerstanas_print.resources import read_text
from maerstanas_print.sheets.common import PAPERS
from maerstanas_print.sides import SIDE_NAMES
from maerstanas_print.templating import environment

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game

VIEWER_CELL = 11.0
VIEWER_WIDTH = 7 * VIEWER_CELL  # a 19x19 viewer board gets the same width


def _sized(doc: Document) -> bool:
    """Does the page's viewer need the board's size (its script assumes 7 x 7 without)?"""
    return figures.painter_for(doc.style).viewer_sized or (
        doc.game is not None and doc.game.board.size != 7
    )


def _svg(shapes: list[Shape], width: float, height: float, label: str, prefix: str) -> str:
    return render_svg(Page(width, height, tuple(shapes), label), prefix, readable=True)


def _framed(svg: str, label: str):
    """A chart in a frame that scrolls sideways when the screen is too narrow for its
    readable width (game.css): a labelled region in the tab order, so the keyboard
    can scroll it too."""
    from markupsafe import Markup

    return Markup(
        '<div class="mg-frame" role="region" tabindex="0" aria-label="{}">{}</div>'
    ).format(label, Markup(svg))


def _viewer(game: ReplayedGame, doc: Document, prefix: str, theme: str) -> dict:
    """The viewer's board (empty, with stone prototypes) and the data of every ply.

    Each game's board reader codes its boards (`board_code`); the painter of its
    kind of board draws the empty board."""
    from markupsafe import Markup

    reader = reader_for(game)
    prototypes = reader.viewer_prototypes()
    ids = {code: ident for code, (_stone, ident) in prototypes.items()}
    cell, spec = figures.painter_for(doc.style).viewer(
        game.game, game.final, theme, VIEWER_CELL, VIEWER_WIDTH
    )
    w, h = spec.size()
    svg = _svg([board_shapes(spec, 0, 0)], w, h, "Step-through board", f"{prefix}-v")
    writer = SvgWriter(f"{prefix}-vp")
    defs = ["<defs>"]
    for code, (stone, _ident) in prototypes.items():
        writer.out = []
        for child in stone_shape(stone, 0, 0, cell, figures.board_theme(theme)).children:
            writer.shape(child, "    ")
        defs.append(f'  <g id="{prefix}-v-{ids[code]}">')
        defs += writer.out
        defs.append("  </g>")

    writer.out = []
    ring = overlays.last_move(spec, 0, 0, 0)
    cx, cy = overlays.centre(spec, 0, 0, 0)

    for child in translate(list(ring.children), -cx, -cy):
        writer.shape(child, "    ")
    defs.append(f'  <g id="{prefix}-v-last">')
    defs += writer.out
    defs.append("  </g>")
    writer.out = []  # the cross on a square the move emptied (thunder-stone, capture)
    for child in translate(list(overlays.emptied(spec, 0, 0, 0).children), -cx, -cy):
        writer.shape(child, "    ")
    defs.append(f'  <g id="{prefix}-v-cross">')
    defs += writer.out
    defs += ["  </g>", "</defs>", '<g class="mg-layer"></g>']
    svg = svg.replace("</svg>", "\n".join(defs) + "\n</svg>")
    gx, gy = spec.grid_origin(0, 0)
    data: dict[str, object] = {"prefix": f"{prefix}-v", "cell": cell, "ox": gx, "oy": gy}
    if _sized(doc):  # the viewer's script reads the size and the unit
        data.update(
            {"size": game.game.board.size, "unit": "pieces" if doc.progress == "pieces" else ""}
        )
    board = game.game.board
    data.update(
        {
            "names": [board.name(sq) for sq in range(board.squares)],
            "kinds": {
                code: [
                    SIDE_NAMES[stone.side].lower(),
                    stone.kind,
                    figures.piece_words(doc.style, stone.kind),
                ]
                for code, (stone, _ident) in prototypes.items()
            },
            "lines": _viewer_lines(game, reader),
            "scores": [list(s) for s in doc.series],
            "ids": ids,
        }
    )
    # JSON inside <script>: no "<", ">" or "&" can close the element or open a comment.
    payload = (
        json.dumps(data, separators=(",", ":"))
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
    )
    return {
        "svg": Markup(svg),
        "data": Markup(payload),
        "plies": len(game.main.steps),
        "chars": _viewer_chars(data["lines"]),  # type: ignore[arg-type]
    }


# The words the viewer's script and controls show besides the record's own.
VIEWER_WORDS = (
    "Step through the game Start Back Next Out Copy link Link copied Instead: Variation: "
    "The starting position After ply of (variation) The board is empty. «‹›»↑↓"
)


def _viewer_chars(lines: list[dict]) -> set[str]:
    """Every character the viewer can show, so the page's fonts carry them all."""
    chars = set(VIEWER_WORDS)
    for line in lines:
        for node in line["n"]:
            for key in ("m", "s", "c"):
                chars.update(node.get(key, ""))
            for words in node.get("g", []):
                chars.update(words)
    return chars


def _viewer_lines(game: ReplayedGame, reader: BoardReader) -> list[dict]:
    """The main line and every variation, nested ones too, as the viewer steps them.

    Each line has its key prefix (`model.node_key`), where it leaves its parent
    (the parent line's index and the position index before the move it replaces)
    and a node per position: the board code, the last move's square, the squares
    the move emptied, the move as written, its NAGs in words, its comments, the
    replay checkpoint (the engine's count of what stands, is in hand, the score and
    whose move it is) and the lines that replace the next move."""
    lines: list[dict] = []

    def add(line: ReplayedLine, prefix: str, parent: list[int] | None) -> int:
        index = len(lines)
        start = line.start
        assert start is not None, "replay the game with keep_positions=True"
        nodes: list[dict] = [_viewer_node(reader, start, None, game.game)]
        entry = {"p": prefix, "f": parent, "n": nodes}
        lines.append(entry)
        for i, step in enumerate(line.steps):
            nodes.append(_viewer_node(reader, step.after, step, game.game))
            replaced = node_key(prefix, i + 1)
            subs = [
                add(sub, variation_prefix(replaced, number), [index, i])
                for number, sub in enumerate(step.variations, 1)
            ]
            if subs:
                nodes[-1]["v"] = subs
        return index

    add(game.main, "", None)
    return lines


def _viewer_node(reader: BoardReader, position: object, step: Step | None, core: Game) -> dict:
    node: dict[str, object] = {
        "b": reader.board_code(position),
        "s": " ".join(reader.checkpoint(position).sentences()),
    }
    if step is None:
        return node
    node["m"] = f"{move_label(step)} {step_text(step, core)}"
    last = reader.last_square(step)
    if last is not None:
        node["l"] = last
    if step.removed:
        node["r"] = list(step.removed)
    if step.node is not None:
        if step.node.nags:
            node["g"] = nag_words(step.node.nags)
        words = prose(" ".join(c.text for c in step.node.comments if c.text))
        if words:
            node["c"] = words
    return node


def fragment_context(
    game: ReplayedGame, doc: Document, id_prefix: str, theme: str = "print"
) -> dict:
    """What `game_fragment.html.j2` needs: the model plus every picture as SVG."""
    from markupsafe import Markup

    diagrams = []
    for diagram in doc.diagrams:
        scored = doc.scored_diagram == diagram.index - 1
        if scored:  # the last diagram is the final position: drawn once, with the score
            assert doc.explanation is not None
            group, w, h = figures.score_shapes(doc.explanation, figures.SCORE_MAX, theme, diagram)
        else:
            group, w, h = figures.diagram_shapes(diagram, figures.FULL_BOARD_MAX, theme)
        svg = _svg([group], w, h, diagram.title, f"{id_prefix}-d{diagram.index}")
        diagrams.append({"model": diagram, "svg": Markup(svg), "scored": scored})
    words = progress_words(doc)
    score_svg = final_svg = None
    if doc.explanation is not None and doc.scored_diagram is None:
        group, w, h = figures.score_shapes(doc.explanation, figures.SCORE_MAX, theme)
        score_svg = Markup(
            _svg([group], w, h, "Final position with its points", f"{id_prefix}-score")
        )
    elif doc.final is not None and doc.game is not None:
        group, w, h = figures.position_shapes(
            doc.game, doc.game.stones(doc.final), FINAL_MAX, theme
        )
        final_svg = Markup(_svg([group], w, h, "Final position", f"{id_prefix}-final"))
    chart_w = CHART_WIDTH
    chart, chart_h = figures.document_chart(doc, chart_w, theme, words)
    chart_svg = _framed(
        _svg([chart], chart_w, chart_h, words["title"], f"{id_prefix}-chart"), words["title"]
    )
    values = None
    if doc.valued:
        value_words = evaluation_words(doc)
        figure, value_h = figures.document_value_chart(doc, chart_w, theme, value_words)
        values = {
            "words": value_words,
            "svg": _framed(
                _svg([figure], chart_w, value_h, value_words["title"], f"{id_prefix}-values"),
                value_words["title"],
            ),
        }
    x0, plot_w = figures.chart_plot(chart_w)
    return {
        "doc": doc,
        "p": id_prefix,
        "plot": f"{x0:g} {plot_w:g} {max(1, len(doc.plies))}",
        "diagrams": diagrams,
        "score_svg": score_svg,
        "final_svg": final_svg,
        "words": words,
        "chart_svg": chart_svg,
        "values": values,
        "viewer": _viewer(game, doc, id_prefix, theme),
        "prose": prose,  # the words set as the PDF sets them (draw.typography)
    }


FINAL_MAX = figures.FULL_BOARD_MAX  # mm: the whole 19x19 final board
# mm: a chart's width on screen. Its text must stay 8 px tall (svg.readable_width), so
# a 120 mm chart needed 363 px and its right-hand labels ("Dark ahead") sat past the
# edge of a 390 px phone's frame; at 112 mm it needs 339 px and fits whole.
CHART_WIDTH = 112.0


def game_html_fragment(
    game: ReplayedGame,
    *,
    every: int | None = None,
    numbers: bool = True,
    id_prefix: str = "g1",
    theme: str = "print",
):
    """One game as a `<section>` (valid HTML5 inside `<body>`), ids prefixed."""
    from markupsafe import Markup

    doc = document(game, every=every, numbers=numbers)
    html = (
        environment()
        .get_template("game_fragment.html.j2")
        .render(**fragment_context(game, doc, id_prefix, theme))
    )
    return Markup(html)


def game_css() -> str:
    return read_text("templates", "game.css")


# Characters every page's fonts carry whatever its games say: figures, dashes and
# quotes, and the letters of the first pages' credit line (kept so pages stay the same).
BASE_CHARS = "0123456789–…·«»‹› ()-./04ABCIJMSY_abcdeghilmnoprstuvwyáǽ"


def game_html(
    games: list[ReplayedGame],
    *,
    title: str,
    paper: str = "a4",
    every: int | None = None,
    numbers: bool = True,
    theme: str = "print",
    progress: Callable | None = None,
    preview_image: str | None = None,
) -> str:
    """A self-contained page of every game: contents, fragments, viewer, print CSS.

    Its title and description name the game, the players and the event
    (`sharing`); `preview_image` is the address of a picture of the first game's
    final position (a PNG `diagram` wrote), named in the Open Graph tags so a
    shared link shows the position."""
    from markupsafe import Markup

    env = environment()
    template = env.get_template("game_fragment.html.j2")
    sections = []
    entries = []
    shapes: list[Shape] = []
    chars: set[str] = set(title + BASE_CHARS)
    bar = progress(len(games), "writing") if progress else None
    docs = [document(game, every=every, numbers=numbers) for game in games]
    heading = collection_title(docs, title)
    credit = credit_line(docs, "Page made")
    chars.update(heading)
    if any(_sized(doc) for doc in docs):
        chars.update(credit)
    for i, (game, doc) in enumerate(zip(games, docs, strict=True), 1):
        context = fragment_context(game, doc, f"g{i}", theme)
        sections.append(Markup(template.render(**context)))
        entries.append({"id": f"g{i}", "title": doc.title, "subtitle": doc.subtitle})
        chars.update(_document_chars(doc))
        chars.update(context["viewer"]["chars"])
        if i == 1:
            shapes.append(board_shapes(BoardSpec(cell=9.0), 0, 0))
        if bar:
            bar.step()
    if bar:
        bar.close()
    faces = chars_by_face(shapes)
    text = "".join(sorted(chars))
    for face in ("regular", "italic", "bold"):
        faces[face] = "".join(
            sorted(set(faces.get(face, "")) | set(text) - set(missing_glyphs(text, face)))
        )
    return env.get_template("game.html.j2").render(
        title=heading,
        page_title=sharing.page_title(games, docs, heading),
        description=sharing.page_description(games, docs),
        preview_image=preview_image,
        preview_alt=sharing.preview_alt(docs),
        head_left=Markup(css_string(docs[0].title if len(docs) == 1 else heading)),
        head_right=Markup(
            css_string(
                heading
                if len(docs) == 1 and heading != docs[0].title
                else docs[0].game_name
                if len(docs) == 1
                else _games_name(docs)
            )
        ),
        paper=PAPERS[paper],
        games=entries,
        sections=sections,
        font_css=Markup(font_face_css(faces)),
        css=Markup(game_css()),
        sized=any(_sized(doc) for doc in docs),
        licence=credit,
    )


def _games_name(docs: list[Document]) -> str:
    """The running head's right side for several games: their game, or their games."""
    return listing(list(dict.fromkeys(doc.game_name for doc in docs)))


def css_string(text: str) -> str:
    """`text` as a quoted CSS string with every character but ASCII letters and digits
    written as a six-digit escape: record text inside a <style> element can then
    neither end the string nor the element."""
    return (
        '"' + "".join(c if c.isascii() and c.isalnum() else f"\\{ord(c):06x}" for c in text) + '"'
    )


def _document_chars(doc: Document) -> set[str]:
    """Every character the page shows for `doc`, its words as `prose` sets them."""
    chars = set(doc.title + prose(doc.subtitle) + doc.result)
    for label, value in doc.details:
        chars.update(label + prose(value))
    for text in doc.intro:
        chars.update(prose(text))
    for block in doc.blocks:
        for run in block.runs:
            chars.update(run.text + prose(run.text))
    for diagram in doc.diagrams:
        chars.update(diagram.title + diagram.range_text + prose(diagram.checkpoint.text()))
        for note in diagram.notes:
            chars.update(prose(note))
    if doc.explanation is not None:
        chars.update(prose(doc.explanation.text()))
    if _sized(doc):
        for text in progress_words(doc).values():
            chars.update(text)
        chars.update("Final position" + prose(doc.final_words))
    if doc.valued:
        for text in evaluation_words(doc).values():
            chars.update(text)
        chars.update("+ahead proved estimate")
    return chars
