"""Writing the engine's verdicts into a record: NAGs, a comment, the best line.

Only what the engine has proved is written: a move is marked when the values
before and after it are both exact and it gave points away. The classes, by
points of final margin lost (margins in Mǽrstánas are small: a random game's
standard deviation is under 3 points, so one point often decides it):

    1 point        inaccuracy  ?!  ($6)
    2 or 3 points  mistake     ?   ($2)
    4 or more      blunder     ??  ($4)

Each marked move gets a comment starting with `Engine:` and the best line as
a variation whose first comment starts the same way; the line's first move
carries its value, `[%eval +2]`. Every move of the main line carries the
value of the position it left, in a comment of its own written first: `{[%eval
+3]}` when proved, `{[%eval ~+2,9]}` for an estimate from a search 9 plies
deep (see `maerstanas_print.notation.embedded`). Moves the run's budget
left unanalysed get no value, and the last of them the comment `Engine: not
analysed up to here...`. Running the annotator again first
removes exactly those comments, commands and variations, so the output is the
same however often it runs; human comments, variations and glyphs stay (a
move the annotator already judged keeps its glyph).
"""

from __future__ import annotations

from maerstanas_print.games.maerstanas.analysis.review import GameReview, PlyReview, line_notation
from maerstanas_print.games.maerstanas.analysis.search import Evaluation
from maerstanas_print.games.maerstanas.engine import Position
from maerstanas_print.notation.embedded import EVAL, EngineValue, without
from maerstanas_print.notation.engine_notes import ENGINE_MARK, best_line_comment
from maerstanas_print.notation.record import Comment, GameRecord, Line, PlyNode, Tag
from maerstanas_print.play.replayed import Step

MARKER = ENGINE_MARK
ANNOTATOR = "maerstanas_print engine"
ASSESSMENT_NAGS = frozenset(range(1, 7))  # ! ? !! ?? !? ?!
NOT_ANALYSED = "not analysed up to here: the run's time budget (--budget) ran out."
CLASSES = ((4, "blunder", 4), (2, "mistake", 2), (1, "inaccuracy", 6))  # (from, name, NAG)


def classify(loss: int) -> tuple[str, int] | None:
    """(name, NAG) for a move that lost `loss` points, None for a move that lost none."""
    for least, name, nag in CLASSES:
        if loss >= least:
            return name, nag
    return None


def strip_engine_notes(record: GameRecord) -> None:
    """Remove what an earlier run of the annotator wrote (its comments and lines)."""
    for node in record.mainline.nodes:
        node.comments = [c for c in without(node.comments, EVAL) if not c.text.startswith(MARKER)]
        node.variations = [
            v for v in node.variations if not (v.comments and v.comments[0].text.startswith(MARKER))
        ]


def annotate(review: GameReview, positions: list[Position]) -> GameRecord:
    """The record of `review.game` with the engine's marks (changed in place)."""
    record = review.game.record
    strip_engine_notes(record)
    unanalysed = [i for i, ply in enumerate(review.plies) if not ply.after.analysed]
    for index, ply in enumerate(review.plies):
        node = _node_of(record, review.plies, index)
        if ply.after.analysed:
            node.comments.insert(0, value_comment(ply.after))
        if ply.exact and ply.loss > 0:
            _mark(node, ply, positions[index])
        if unanalysed and index == unanalysed[-1]:
            node.comments.append(Comment(f"{MARKER} {NOT_ANALYSED}"))
    _sign(record)
    return record


def engine_value(evaluation: Evaluation) -> EngineValue:
    if evaluation.exact:
        return EngineValue(evaluation.value, True)
    return EngineValue(evaluation.value, False, evaluation.depth)


def value_comment(evaluation: Evaluation) -> Comment:
    """`{[%eval +3]}`: the value of the position a move left, for programs."""
    return Comment("", commands=(engine_value(evaluation).command(),))


def _node_of(record: GameRecord, plies: list[PlyReview], index: int) -> PlyNode:
    """The record's node of ply `index`; a forced pass the record left out is
    written in, so that it can carry its value (and the next run finds it)."""
    step: Step = plies[index].step
    if step.node is None:
        written = sum(1 for ply in plies[:index] if ply.step.node is not None)
        step.node = PlyNode(step.move, None)
        record.mainline.nodes.insert(written, step.node)
    return step.node


def _mark(node: PlyNode, ply: PlyReview, before: Position) -> None:
    verdict = classify(ply.loss)
    assert verdict is not None
    name, nag = verdict
    if not ASSESSMENT_NAGS & set(node.nags):
        node.nags.insert(0, nag)
    best = line_notation(before, ply.before.best[:1])[0]
    points = "point" if ply.loss == 1 else "points"
    node.comments.append(
        Comment(
            f"{MARKER} {name}, {ply.loss} {points} lost ({ply.before.value:+d} -> "
            f"{ply.after.value:+d}, proved); {best} keeps {ply.before.value:+d}."
        )
    )
    node.variations.append(_best_line(before, ply.before))


def _best_line(before: Position, best: Evaluation) -> Line:
    board = before.copy()
    nodes = []
    for move in best.pv:
        removed = board.push(move, check=False)
        nodes.append(PlyNode(move, removed if move.kind == "thunder" else None))
    nodes[0].comments.append(value_comment(best))  # a best move keeps the value
    return Line(nodes, [Comment(best_line_comment(best.value))])


def _sign(record: GameRecord) -> None:
    """Add the engine to the record's annotators, once: a name the tool wrote before
    ("maerstanas_print", when it made the game) gives way to the engine's, so a
    header never reads "maerstanas_print; maerstanas_print engine"."""
    tag = record.find_tag("Annotator")
    if tag is None:
        record.tags.append(Tag("Annotator", ANNOTATOR))
        return
    tool = ANNOTATOR.split(" ")[0]
    people = [
        name.strip()
        for name in tag.value.split(";")
        if name.strip("? ") and name.strip().split(" ")[0] != tool
    ]
    tag.value = "; ".join([*people, ANNOTATOR])
