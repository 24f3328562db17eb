"""What an annotated game document says, independent of PDF or HTML.

`document(game)` turns a replayed game into plain data: the title block, the
move text as blocks of typed runs, the diagrams with their captions, the
score explanation of the final position and the score after every ply. The
PDF and HTML renderers only lay this out, so the two media cannot disagree
about a number, a caption or where a diagram goes.

The game is a parameter: what differs between Mǽrstánas and the movement
games (which pieces stand where, what a caption notes about a range of moves,
the replay checkpoint, the progress curve) comes from a board reader chosen
from the replayed game (`gamedoc.readers`); where diagrams go, the move text,
the variations and the numbering are shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from maerstanas_print.gamedoc.capabilities import reader_for
from maerstanas_print.gamedoc.parts import (
    ScoreExplanation,
    count_of,
    move_label,
    record_tag,
)
from maerstanas_print.gamedoc.readers import BoardReader, Checkpoint
from maerstanas_print.notation.embedded import (
    EngineValue,
    evaluation_of,
    loss_class,
    proved_loss,
)
from maerstanas_print.notation.engine_notes import best_line_ending
from maerstanas_print.notation.record import NAG_GLYPHS, Comment
from maerstanas_print.play.replayed import ReplayedGame, ReplayedLine, ReplayVisitor, Step
from maerstanas_print.sides import DARK, LIGHT, SIDE_NAMES

if TYPE_CHECKING:
    from maerstanas_print.games.protocol import Game
    from maerstanas_print.pieces import Stone

DEFAULT_EVERY = 10  # moves (pairs of plies) between automatic diagrams

RunKind = Literal["move", "comment", "lead", "bracket"]


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text with a role: a move (with its ply on the main line), a comment..."""

    kind: RunKind
    text: str
    ply: int | None = None  # main-line ply of a move run (for the HTML viewer)
    # The viewer's key of the position after a move run (`node_key`): "17" after the
    # main line's 17th ply, "17.2.3" three moves into the 2nd variation of ply 17.
    node: str | None = None


@dataclass(slots=True)
class Block:
    """A paragraph of move text; `depth` 0 is the main line, 1+ a variation."""

    kind: Literal["para", "variation", "diagram", "result"]
    runs: list[Run] = field(default_factory=list)
    depth: int = 0
    diagram: int | None = None  # index into Document.diagrams for kind "diagram"


@dataclass(slots=True)
class Diagram:
    """One numbered diagram: the position after `steps[-1]`, numbers for `steps`."""

    index: int
    caption: str | None  # the record's caption ("" or None when it gave none)
    kind: Literal["requested", "every", "final", "variation"]
    steps: list[Step]
    after: Any  # the game's position after the range
    stones: dict[int, Stone]
    numbers: dict[int, str]  # square -> move number on the stone now there
    last: int | None  # square of the last move (None after a pass)
    emptied: list[int]  # squares a thunder-stone emptied within the range, empty now
    range_text: str
    notes: list[str]
    checkpoint: Checkpoint
    game: Game
    variation: bool = False
    style: str = "placement"  # the kind of board that draws it (`figures.PAINTERS`)
    # The part of a big board drawn (first column, first row, columns, rows) and the
    # last move's arrow (origin, target, side); None where the game draws neither.
    window: tuple[int, int, int, int] | None = None
    arrow: tuple[int, int, int] | None = None

    @property
    def title(self) -> str:
        head = f"Diagram {self.index}"
        return f"{head}: {self.caption}" if self.caption else head

    @property
    def plies(self) -> tuple[int, int]:
        return self.steps[0].ply, self.steps[-1].ply


@dataclass(slots=True)
class Document:
    """Everything one game's document shows, in reading order."""

    title: str
    subtitle: str
    details: list[tuple[str, str]]  # (label, value) for the title block
    intro: list[str]  # the game comment(s)
    blocks: list[Block]
    diagrams: list[Diagram]
    result: str
    explanation: ScoreExplanation | None  # None for movement games (won, not scored)
    series: list[tuple[int, int]]  # score (pieces, for tafl) after each ply; [0] the start
    specials: list[tuple[int, int, str]]  # (ply, side, stone kind) marked under the chart
    plies: list[tuple[str, str]] = field(default_factory=list)  # (label, move) per ply
    game: Game | None = None
    # The whole final board when the last diagram showed only part of it (a 19x19
    # game's window), else None.
    final: Any = None
    progress: Literal["score", "pieces"] = "score"
    style: str = "placement"  # the kind of board that draws it (`figures.PAINTERS`)
    specials_note: str = ""  # what the marks under the closing chart stand for
    # The engine's value after each ply of the main line, from the record's `[%eval]`
    # commands (None where a ply has none); all None: no evaluation chart.
    values: list[EngineValue | None] = field(default_factory=list)
    # The glyph of the verdict on each ply's proved loss (`?!`, `?`, `??`), None
    # where the values prove none: the marks on the evaluation chart.
    verdicts: list[str | None] = field(default_factory=list)
    players: tuple[str, ...] = ()  # the players the record names (Dark, Light)
    # The whole final board's caption, computed like every diagram's: pieces, where
    # the kings stand, whose move (or the result). Empty when `final` is None.
    final_words: str = ""

    @property
    def valued(self) -> bool:
        return any(v is not None for v in self.values)

    @property
    def game_name(self) -> str:
        assert self.game is not None
        return self.game.title

    @property
    def scored_diagram(self) -> int | None:
        """The index of the diagram drawn with the final score, or None.

        When the last diagram of the main line shows the final position, its board
        is the score board too (the final position is never drawn twice): the
        moves' numbers and notes stay, and the points are drawn on it.
        """
        if self.explanation is None or not self.diagrams:
            return None
        last = self.diagrams[-1]
        if last.variation or last.plies[1] != len(self.plies) - 1:
            return None
        return len(self.diagrams) - 1


def node_key(prefix: str, index: int) -> str:
    """The viewer's (and the address's) name of a position: a line's prefix and how
    many of its moves were played. The main line's prefix is empty ("17" is the
    position after ply 17); a variation's is its parent's key of the move it
    replaces, then its number among that move's variations ("17.2." for the 2nd
    variation of ply 17), so "17.2.3" is three moves into it, nesting alike."""
    return f"{prefix}{index}"


def variation_prefix(replaced: str, number: int) -> str:
    """The prefix of the `number`th (from 1) variation of the move keyed `replaced`."""
    return f"{replaced}.{number}."


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def step_text(step: Step, game: Game) -> str:
    """The move as the notation writes it, with its suffix glyph."""
    text = game.step_text(step)
    node = step.node
    if node is not None:
        for i, nag in enumerate(node.nags):
            text += NAG_GLYPHS[nag] if i == 0 and nag in NAG_GLYPHS else f" ${nag}"
    return text


# --- title block ------------------------------------------------------------------


def result_text(game: ReplayedGame) -> str:
    """ "Dark wins, Dark: 16, Light: 14", "Light wins (king captured)", "Unfinished"..."""
    text: str = reader_for(game).result_text(game)
    return text


def game_title(game: ReplayedGame) -> str:
    """ "Dark player – Light player"; a game with no names is called by its Event, or
    "Mǽrstánas game" (never the empty "Dark – Light")."""
    dark, light = record_tag(game, "Dark"), record_tag(game, "Light")
    if dark or light:
        return f"{dark or 'Dark'} – {light or 'Light'}"
    return record_tag(game, "Event") or f"{game.game.title} game"


def _details(game: ReplayedGame, reader: BoardReader) -> list[tuple[str, str]]:
    """The title block's lines: what the title and subtitle (players, Event, Round,
    Date) do not already say."""
    out = []
    for label, name in (("Site", "Site"), ("Annotator", "Annotator")):
        value = record_tag(game, name)
        if value is not None:
            if name == "Date":
                value = value.replace(".??", "").replace("????", "?")
            out.append((label, value))
    out += reader.rule_details(game)
    out.append(("Result", reader.result_text(game)))
    return out


# --- diagrams ---------------------------------------------------------------------


def range_text(steps: list[Step], variation: bool, game: Game) -> str:
    first, final = (steps[0], steps[-1]) if steps else (None, None)
    if first is None or final is None:
        text = "The starting position"
    elif first is final:
        text = f"{move_label(first)} {step_text(first, game)}"
    else:
        text = (
            f"{move_label(first)} {step_text(first, game)} to "
            f"{move_label(final)} {step_text(final, game)}"
        )
    return "Variation: " + text if variation else text


def _make_diagram(
    reader: BoardReader,
    index: int,
    caption: str | None,
    kind: str,
    before: Any,
    board: Any,
    steps: list[Step],
    variation: bool,
) -> Diagram:
    """A diagram of the range `steps`, played from `before` with `board` the tracker."""
    marks = reader.marks(before, board, steps)
    after = steps[-1].after if steps else before
    assert after is not None
    window = reader.window(before, steps)
    # A window's final diagram is not called the final position: the whole board,
    # drawn after the moves, is (so the two never share a title).
    if reader.final_caption and not caption and kind == "final" and window is None:
        caption = reader.final_caption
    better = better_note(steps[-1], reader.game) if steps else None
    notes = marks.notes + [better] if better else marks.notes
    return Diagram(
        index,
        caption,
        kind,  # type: ignore[arg-type]
        steps,
        after,
        reader.stones(after),
        marks.numbers,
        marks.last,
        marks.emptied,
        range_text(steps, variation, reader.game),
        notes,
        reader.checkpoint(after),
        reader.game,
        variation,
        reader.style,
        window,
        marks.arrow,
    )


def margin_words(value: EngineValue) -> str:
    """ "Dark 2 points ahead", "Light 1 point ahead", "level" ("about ..." for an estimate)."""
    v = value.value
    side = SIDE_NAMES[DARK if v > 0 else LIGHT]
    words = f"{side} {count_of(abs(v), 'point')} ahead" if v else "level"
    return words if value.exact else f"about {words}"


def step_value(step: Step) -> EngineValue | None:
    """The engine's value of the position `step` left, from its `[%eval]` command."""
    return evaluation_of(step.node.comments) if step.node is not None else None


def better_note(step: Step, game: Game) -> str | None:
    """What a diagram after `step` says when a variation of it starts with a move
    the record values better for the mover than the move played (the engine's
    best line, say): which move, and what each keeps with best play."""
    played = step_value(step)
    if played is None:
        return None
    sign = 1 if step.side == DARK else -1
    best: tuple[int, Step, EngineValue] | None = None
    for line in step.variations:
        first = line.steps[0] if line.steps else None
        value = step_value(first) if first is not None else None
        if first is None or value is None or sign * (value.value - played.value) <= 0:
            continue
        if best is None or sign * value.value > best[0]:
            best = (sign * value.value, first, value)
    if best is None:
        return None
    _, first, value = best
    proof = "both proved" if value.exact and played.exact else "engine estimates"
    return (
        f"Better: {move_label(first)} {step_text(first, game)}, which ends "
        f"{margin_words(value)} with best play; {move_label(step)} "
        f"{step_text(step, game)} ends {margin_words(played)} ({proof})."
    )


def _requested(step: Step) -> str | None:
    """The caption of the first diagram request in the step's comments, or None."""
    if step.node is None:
        return None
    for comment in step.node.comments:
        if comment.diagram is not None:
            return comment.diagram
    return None


# --- score explanation ------------------------------------------------------------


# --- the move text ----------------------------------------------------------------


class _Builder:
    def __init__(self, game: ReplayedGame, every: int, numbers: bool, reader: BoardReader) -> None:
        self.game = game
        self.reader = reader
        self.every = every
        self.numbers = numbers
        self.blocks: list[Block] = []
        self.diagrams: list[Diagram] = []

    def add_diagram(
        self,
        caption: str | None,
        kind: str,
        before: Any,
        board: Any,
        steps: list[Step],
        variation: bool = False,
    ) -> int:
        index = len(self.diagrams)
        self.diagrams.append(
            _make_diagram(self.reader, index + 1, caption, kind, before, board, steps, variation)
        )
        self.blocks.append(Block("diagram", diagram=index))
        return index

    def main_line(self) -> None:
        game = self.game
        line = game.main
        start = line.start
        assert start is not None, "replay the game with keep_positions=True"
        board = self.reader.tracker()
        range_board, range_before = board.copy(), start
        pending: list[Step] = []
        para: list[Run] = []
        last_diagram = -1
        steps = line.steps
        for i, step in enumerate(steps):
            before = steps[i - 1].after if i else start
            fresh = not para or para[-1].kind != "move"
            label = move_label(step)
            text = step_text(step, self.game.game)
            word = f"{label} {text}" if (not step.second or fresh) else text
            para.append(Run("move", word, step.ply, node_key("", step.ply + 1)))
            pending.append(step)
            prior = board.copy() if step.variations else None
            board.play(step)
            caption = _requested(step)
            due = caption is None and self.every > 0 and i - last_diagram >= 2 * self.every
            final = i == len(steps) - 1
            comments = step.node.comments if step.node else []
            if caption is not None or due or (final and pending):
                if caption is None:  # comments stay with their move, the diagram follows
                    para += self._comment_runs(comments)
                self._flush(para)
                para = []
                kind = "requested" if caption is not None else ("every" if due else "final")
                self.add_diagram(caption or None, kind, range_before, range_board, pending)
                pending = []
                range_board, range_before = board.copy(), step.after
                last_diagram = i
                if caption is not None:
                    para += self._comment_runs(comments)
            else:
                para += self._comment_runs(comments)
            if step.variations:
                self._flush(para)
                para = []
                assert prior is not None
                self._variations(step, before, prior)
            elif para and para[-1].kind == "comment":
                self._flush(para)
                para = []
        self._flush(para)
        self.blocks.append(Block("result", [Run("lead", self.reader.result_text(game))]))

    def _comment_runs(self, comments: list[Comment]) -> list[Run]:
        return [Run("comment", c.text) for c in comments if c.text]

    def _flush(self, runs: list[Run], depth: int = 0) -> None:
        if runs:
            self.blocks.append(Block("para" if depth == 0 else "variation", list(runs), depth))

    def _variations(self, step: Step, before: Any, board: Any) -> None:
        assert before is not None
        for number, variation in enumerate(step.variations, 1):
            lead = (
                f"Instead of {SIDE_NAMES[step.side]}’s {ordinal(step.number)} move "
                f"({move_label(step)} {step_text(step, self.game.game)}):"
            )
            prefix = variation_prefix(node_key("", step.ply + 1), number)
            walk = _VariationRuns(self.game.game, variation, board, prefix)
            walk.runs.append(Run("lead", lead))
            variation.accept(walk)
            _best_line_in_lead(walk.runs)
            self._flush(walk.runs, depth=1)
            for caption, steps, vboard in walk.diagrams:
                first = variation.steps.index(steps[0])
                start = variation.steps[first - 1].after if first else variation.start
                self.add_diagram(
                    caption, "variation", start or before, vboard, steps, variation=True
                )


def _best_line_in_lead(runs: list[Run]) -> None:
    """An engine's best line opens with its own note ("Engine: the best line, ending
    -8."); after the lead ("Instead of Dark's 14th move (14. E6?!):") that read as two
    labels in a row. The note joins the lead in one sentence: "..., the engine's best
    line, ending -8:" (the margin as the record gives it)."""
    if len(runs) < 2 or runs[0].kind != "lead" or runs[1].kind != "comment":
        return
    ending = best_line_ending(runs[1].text)
    if ending is None:
        return
    lead = runs[0].text.removesuffix(":")
    runs[0:2] = [Run("lead", f"{lead}, the engine’s best line, ending {ending}:")]


class _VariationRuns(ReplayVisitor):
    """The runs of one variation of the main line, nested ones in brackets, and
    the diagrams its own moves ask for (caption, the moves since the last one,
    the board before them); a nested line asks for none."""

    def __init__(self, game: Game, line: ReplayedLine, board: Any, prefix: str) -> None:
        self.game = game
        # Per line being walked: its key prefix, moves so far, the last step seen.
        self.frames: list[tuple[str, int, Step | None]] = [(prefix, 0, None)]
        self.steps = line.steps
        self.runs: list[Run] = []
        self.diagrams: list[tuple[str, list[Step], Any]] = []
        self.board = board.copy()  # as the variation's own moves leave it
        self.played = 0  # the variation's own moves so far
        self.since, self.since_board = 0, board.copy()  # where the last diagram left off
        self.depth = 0  # 0 in the variation itself, 1 in one nested in it...
        self.fresh = True  # a second player's move shows its number again

    def visit_step(self, step: Step) -> None:
        text = step_text(step, self.game)
        word = f"{move_label(step)} {text}" if not step.second or self.fresh else text
        prefix, count, _last = self.frames[-1]
        self.frames[-1] = (prefix, count + 1, step)
        self.runs.append(Run("move", word, node=node_key(prefix, count + 1)))
        self.fresh = False
        if self.depth:
            return
        self.board.play(step)
        self.played += 1
        caption = _requested(step)
        if caption is not None:
            self.diagrams.append((caption, self.steps[self.since : self.played], self.since_board))
            self.since, self.since_board = self.played, self.board.copy()

    def visit_comment(self, comment: Comment) -> None:
        if comment.text:
            self.runs.append(Run("comment", comment.text))
            self.fresh = True

    def begin_variation(self, line: ReplayedLine) -> None:
        prefix, count, last = self.frames[-1]
        assert last is not None
        number = next(i for i, v in enumerate(last.variations, 1) if v is line)
        self.frames.append((variation_prefix(node_key(prefix, count), number), 0, None))
        self.runs.append(Run("bracket", "("))
        self.depth += 1
        self.fresh = True

    def end_variation(self, line: ReplayedLine) -> None:
        self.frames.pop()
        self.runs.append(Run("bracket", ")"))
        self.depth -= 1
        self.fresh = True


def document(game: ReplayedGame, *, every: int | None = None, numbers: bool = True) -> Document:
    """The document model of one replayed game (replayed with keep_positions=True)."""
    reader: BoardReader = reader_for(game)
    builder = _Builder(game, DEFAULT_EVERY if every is None else every, numbers, reader)
    builder.main_line()
    if not numbers:
        for diagram in builder.diagrams:
            diagram.numbers = {}
    start = game.main.start
    assert start is not None
    series, specials = reader.series(game)
    intro = [c.text for c in game.record.mainline.comments if c.text]
    title = game_title(game)
    event = record_tag(game, "Event")
    round_ = record_tag(game, "Round")
    shown = None if event == title else event  # a game called by its Event says it once
    subtitle = ", ".join(
        p for p in (shown, f"round {round_}" if round_ else None, record_tag(game, "Date")) if p
    )
    plies = [(move_label(step), step_text(step, game.game)) for step in game.main.steps]
    values = [step_value(s) for s in game.main.steps]
    final = None
    if builder.diagrams and builder.diagrams[-1].window:
        final = game.final  # the last diagram showed part of the board: show it all
    return Document(
        title,
        subtitle,
        _details(game, reader),
        intro,
        builder.blocks,
        builder.diagrams,
        reader.result_text(game),
        reader.explanation(game),
        series,
        specials,
        plies,
        game.game,
        final,
        reader.progress,
        reader.style,
        reader.specials_note(specials),
        values,
        verdicts(game.main.steps, values),
        tuple(p for p in (record_tag(game, "Dark"), record_tag(game, "Light")) if p),
        reader.checkpoint(final).text() if final is not None else "",
    )


def verdicts(steps: list[Step], values: list[EngineValue | None]) -> list[str | None]:
    """Each ply's verdict glyph from the values before and after it (`?!` for one
    point proved lost, as `annotate` judges), None where nothing is proved lost."""
    out: list[str | None] = []
    for i, step in enumerate(steps):
        loss = proved_loss(values[i - 1] if i else None, values[i], step.side == DARK)
        verdict = loss_class(loss) if loss else None
        out.append(NAG_GLYPHS[verdict[1]] if verdict else None)
    return out


# What a reader calls the suffix glyphs (PGN's first six NAGs), for the viewer's panel.
NAG_WORDS = {
    1: "good move",
    2: "mistake",
    3: "brilliant move",
    4: "blunder",
    5: "interesting move",
    6: "dubious move",
}


def nag_words(nags: list[int]) -> list[str]:
    """ "?! dubious move", "$14": each NAG of a move as the viewer's panel names it."""
    return [f"{NAG_GLYPHS[n]} {NAG_WORDS[n]}" if n in NAG_WORDS else f"${n}" for n in nags]


def progress_words(doc: Document) -> dict[str, str]:
    """The closing chart's heading, caption and labels (the same in PDF and HTML)."""
    caption = "Dark: solid line, filled dots. Light: dashed line, open dots."
    if doc.specials_note:
        caption += " " + doc.specials_note
    if doc.progress == "score":
        return {
            "heading": "The score move by move",
            "unit": "points",
            "title": "The score after every move",
            "what": "Score after each move",
            "caption": caption,
        }
    return {
        "heading": "Pieces on the board move by move",
        "unit": "pieces",
        "title": "Pieces on the board after every move",
        "what": "Pieces on the board after each move",
        "caption": caption,
    }


def evaluation_words(doc: Document) -> dict[str, str]:
    """The evaluation chart's heading, caption and labels (the same in PDF and HTML),
    counted from the values the record carries."""
    values = [v for v in doc.values if v is not None]
    proved = sum(v.exact for v in values)
    depths = sorted({v.depth for v in values if not v.exact and v.depth is not None})
    parts = []
    if proved:
        parts.append(f"filled dots: {proved} proved value{'s' * (proved != 1)}")
    if len(values) - proved:
        deep = (
            f", searched {depths[0]} plies deep"
            if len(depths) == 1
            else f", searched {depths[0]} to {depths[-1]} plies deep"
            if depths
            else ""
        )
        parts.append(
            f"open dots: {len(values) - proved} estimate{'s' * (len(values) - proved != 1)}{deep}"
        )
    missing = len(doc.values) - len(values)
    gaps = f" {count_of(missing, 'move')} without a value leave gaps." if missing else ""
    dots = "; ".join(parts)
    caption = (
        "The engine’s value after every move: the final margin with best play "
        "from there, Dark minus Light; above the zero line Dark ends ahead, below "
        f"it Light. {dots[:1].upper()}{dots[1:]}.{gaps}"
    )
    if any(doc.verdicts):
        caption += (
            " A move the proved values show losing points has its verdict under its "
            "move number: ?! (1 point), ? (2 or 3) or ?? (4 or more)."
        )
    return {
        "heading": "The engine’s value move by move",
        "unit": "margin",
        "title": "The engine’s value after every move",
        "what": "Final margin with best play, Dark minus Light, after each move",
        "caption": caption,
    }


def game_credits(docs: list[Document]) -> list[str]:
    """Each game's credit once ("Cyngesheall is a game by John Beers (CC BY-SA 4.0)."):
    the printed credit line and the PDF's Subject both say it."""
    games: list[Game] = []
    for doc in docs:
        if doc.game is not None and doc.game not in games:
            games.append(doc.game)
    return [game.credit for game in games]


def credit_line(docs: list[Document], made: str) -> str:
    """The credit under a document: the games' credits, then `made` ("Document made")."""
    return " ".join([*game_credits(docs), f"{made} with maerstanas_print."])


def event_of(doc: Document) -> str | None:
    """The game's Event tag as the title block shows it (None when unknown)."""
    return dict(doc.details).get("Event")


def collection_title(docs: list[Document], fallback: str) -> str:
    """What a reader calls a document of `docs`: the Event all its games share,
    else the players of a lone game, else `fallback` (the file's name)."""
    events = {event_of(doc) for doc in docs}
    if docs and len(events) == 1 and None not in events:
        return events.pop()  # type: ignore[return-value]
    if len(docs) == 1:
        return docs[0].title
    return fallback
