"""A third game, defined entirely here, gets every command without an edit to the package.

"Five Fields" is a toy placement game on a 5x5 board, made up for this test
(docs/adding-a-game.md walks through it): players take turns to put a stone on
an empty square; the game ends when the board is full or after 16 plies, and
each side scores a point for every stone of theirs that touches another of
theirs along a row or column.

A second toy, a 5x5 tafl game, is only data: a `TaflDefinition` handed to the
tafl family's `TaflGame`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from maerstanas_print import games, parse, replay
from maerstanas_print.cli import main
from maerstanas_print.draw.board import stone_shape
from maerstanas_print.games.protocol import (
    DARK,
    LIGHT,
    Game,
    Score,
    WrittenMove,
    written_move,
)
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.games.tafl.definition import TaflDefinition
from maerstanas_print.games.tafl.engine import TaflRules
from maerstanas_print.notation.export import export_game
from maerstanas_print.notation.move_kinds import register_move_kind, unregister_move_kind
from maerstanas_print.notation.record import GameRecord
from maerstanas_print.notation.scan import scan
from maerstanas_print.pieces import STONE_KINDS, Stone, register_stone_kind
from maerstanas_print.play.replayed import ReplayedGame, replay_positions
from maerstanas_print.sheets.capabilities import SHEETS, SheetKit
from tests.pdf_tools import all_text

SIZE = 5
LAST_PLY = 16


@dataclass(frozen=True, slots=True)
class FieldMove:
    square: int

    def __str__(self) -> str:
        return "ABCDE"[self.square % SIZE] + str(self.square // SIZE + 1)


def _neighbours(square: int) -> list[int]:
    row, col = divmod(square, SIZE)
    return [
        r * SIZE + c
        for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))
        if 0 <= r < SIZE and 0 <= c < SIZE
    ]


@dataclass(slots=True)
class FieldPosition:
    board: list[int | None] = field(default_factory=lambda: [None] * SIZE * SIZE)
    turn: int = DARK
    ply: int = 0
    stack: list[list[int | None]] = field(default_factory=list)

    def copy(self, *, stack: bool = True) -> FieldPosition:
        return FieldPosition(
            list(self.board), self.turn, self.ply, [list(b) for b in self.stack] if stack else []
        )

    def legal_moves(self) -> list[FieldMove]:
        if self.is_game_over():
            return []
        return [FieldMove(sq) for sq, owner in enumerate(self.board) if owner is None]

    def push(self, move: FieldMove) -> tuple[int, ...]:
        self.stack.append(list(self.board))
        self.board[move.square] = self.turn
        self.turn, self.ply = 1 - self.turn, self.ply + 1
        return ()  # nothing is ever removed

    def pop(self) -> None:
        self.board = self.stack.pop()
        self.turn, self.ply = 1 - self.turn, self.ply - 1

    def is_game_over(self) -> bool:
        return self.ply >= LAST_PLY or None not in self.board

    def score(self) -> Score:
        def points(side: int) -> int:
            return sum(
                1
                for sq, owner in enumerate(self.board)
                if owner == side and any(self.board[n] == side for n in _neighbours(sq))
            )

        return Score(points(DARK), points(LIGHT))

    def outcome(self) -> str | None:
        if not self.is_game_over():
            return None
        dark, light = self.score()
        return "Dark" if dark > light else "Light" if light > dark else "Draw"


class FiveFields(Game):
    def __init__(self) -> None:
        super().__init__(
            "FiveFields",
            "Five Fields",
            "fivefields",
            SIZE,
            "Five Fields is a toy game made up for a test.",
        )

    def read_move(
        self, kind: str, piece: str | None, square: str | None, origin: str | None
    ) -> FieldMove | WrittenMove:
        written = written_move(self.board, kind, piece, square, origin)
        if kind == "place" and written.square is not None:
            return FieldMove(written.square)
        return written  # any other kind of move: the replay refuses it

    def replay(
        self, record: GameRecord, *, strict: bool = False, keep_positions: bool = False
    ) -> ReplayedGame:
        # Every legal move is in `legal_moves()`: the generic replayer does the rest.
        return replay_positions(record, self, strict=strict, keep_positions=keep_positions)

    def start(self) -> FieldPosition:
        return FieldPosition()

    def owns(self, position: object) -> bool:
        return isinstance(position, FieldPosition)

    def move_squares(self, move: object) -> tuple[int | None, int | None]:
        return (None, move.square) if isinstance(move, FieldMove) else (None, None)

    def stones(self, position: FieldPosition) -> dict[int, Stone]:
        return {sq: Stone(owner) for sq, owner in enumerate(position.board) if owner is not None}


RECORD = """[Game "FiveFields"]
[Event "Toy club"]
[Dark "Ann"]
[Light "Bo"]

1. A2 A1 2. B1 C3 3. C2 B3 {Dark closes in.} 4. D3 E1 5. E2 D1 6. C1 D2
7. A3 B2 8. E3 A4 Dark: 8, Light: 6
"""


@pytest.fixture()
def five_fields() -> Iterator[FiveFields]:
    game = games.register(FiveFields())
    yield game
    games.unregister(game)


def _naive_final() -> FieldPosition:
    """The record's moves played by hand on the toy rules above."""
    position = FieldPosition()
    for word in re.findall(r"\b[A-E][1-5]\b", RECORD.split("\n\n", 1)[1]):
        position.push(FieldMove((int(word[1]) - 1) * SIZE + "ABCDE".index(word[0])))
    return position


def test_the_registry_finds_the_new_game(five_fields: FiveFields) -> None:
    assert games.game_named("fivefields") is five_fields
    assert games.game_named("FIVEFIELDS") is five_fields
    assert five_fields in games.all_games()
    with pytest.raises(ValueError, match="already names"):
        games.register(FiveFields())


def test_replay_checks_moves_removals_and_the_score(five_fields: FiveFields) -> None:
    game = replay(parse(RECORD).games[0], keep_positions=True)
    assert game.game is five_fields
    assert game.valid, [str(d) for d in game.diagnostics]
    # Checked by hand. Dark: B1 C1 A2 C2 E2 A3 D3 E3, each beside another Dark
    # stone: 8. Light: D1 E1 B2 D2 B3 C3 score; A1 (between B1 and A2) and A4
    # (under A3) touch none of their own: 6.
    assert game.score == _naive_final().score() == (8, 6)
    assert game.result == "Dark"
    # A wrong score line and an occupied square are errors at their place.
    bad = RECORD.replace("Dark: 8", "Dark: 9").replace("6. C1", "6. C3")
    replayed = replay(parse(bad).games[0])
    codes = [d.code for d in replayed.diagnostics if d.severity == "error"]
    assert "M201" in codes and not replayed.valid
    occupied = next(d for d in replayed.diagnostics if d.code == "M201")
    assert bad[occupied.start : occupied.end] == "C3"
    score = replay(parse(RECORD.replace("Dark: 8", "Dark: 9")).games[0])
    assert [d.code for d in score.diagnostics] == ["M303"]
    unfinished = replay(parse(RECORD.replace("8. E3 A4 Dark: 8, Light: 6", "*")).games[0])
    assert unfinished.valid and unfinished.result is None
    # A thunder-stone is not a move of this game.
    odd = replay(parse(RECORD.replace("8. E3", "8. T E3")).games[0])
    assert any(d.code == "M208" for d in odd.diagnostics)


def test_check_fmt_board_and_game_commands(
    five_fields: FiveFields, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "toy.mrs"
    record.write_text(RECORD, encoding="utf-8")
    assert main(["check", str(record)]) == 0
    bad = tmp_path / "bad.mrs"
    bad.write_text(RECORD.replace("Dark: 8", "Dark: 9"), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert "M303" in capsys.readouterr().out

    clean = tmp_path / "clean.mrs"
    assert main(["fmt", str(record), "-o", str(clean)]) == 0
    written = clean.read_text(encoding="utf-8")
    assert written.startswith('[Game "FiveFields"]\n[Event "Toy club"]')
    assert written.rstrip().endswith("Dark: 8, Light: 6")
    again = replay(parse(written).games[0])
    assert again.valid and export_game(again) == written

    for fmt in ("pdf", "html"):
        out = tmp_path / f"board.{fmt}"
        assert main(["board", "--game", "fivefields", "--format", fmt, "-o", str(out)]) == 0
        assert out.stat().st_size > 1000
    assert "Five Fields" in all_text((tmp_path / "board.pdf").read_bytes())

    pdf, html = tmp_path / "toy.pdf", tmp_path / "toy.html"
    assert main(["game", str(record), "-o", str(pdf)]) == 0
    assert main(["game", str(record), "--format", "html", "-o", str(html)]) == 0
    text = all_text(pdf.read_bytes())
    for expected in ("Ann", "Bo", "Dark wins, Dark: 8, Light: 6", "Dark closes in."):
        assert expected in text
    page = html.read_text(encoding="utf-8")
    assert "Five Fields" in page and "Dark closes in." in page
    # The viewer's data: 17 boards of 25 squares, the last one the final position.
    data = re.search(r'class="mg-data">(.*?)</script>', page)
    assert data is not None
    codes = [node["b"] for node in json.loads(data.group(1))["lines"][0]["n"]]
    assert len(codes) == 17 and all(len(code) == 25 for code in codes)
    final = _naive_final()
    assert [c.isupper() for c in codes[-1] if c != "."] == [
        owner == DARK for owner in final.board if owner is not None
    ]


# --- a 5x5 tafl game: data only ---------------------------------------------------------


def _little_tafl() -> TaflGame:
    rules = TaflRules(
        name="LittleTafl",
        size=5,
        setup="/2s2/5/s1K1s/5/2s2/",
        diagonal_pieces=frozenset(),
        throne=12,
        king_capture="two-sides",
        king_goal="edge",
        options={
            "no_legal_move": "lose",
            "repetition": "draw3",
            "king_armed": "yes",
            "throne_king_may_stop": "yes",
            "throne_hostile_to_king": "yes",
        },
        choices={"no_legal_move": ("lose", "draw"), "repetition": ("draw3", "ignore")},
    )
    return TaflGame(
        TaflDefinition(
            tag="LittleTafl",
            title="Little Tafl",
            slug="littletafl",
            credit="Little Tafl is a toy made up for a test.",
            rules=rules,
            pieces="men",
            sheet_rules=("Dark's king escapes at any edge square.",),
            legend=(),
            sample=None,
            rulebook=None,
        )
    )


LITTLE_RECORD = """[Game "LittleTafl"]

1. KC3-C2 {Up, out of the throne.} E3-E2 2. KC2-A2! 1-0
"""


def test_a_tafl_variant_from_a_definition(tmp_path: Path) -> None:
    game = games.register(_little_tafl())
    try:
        replayed = replay(parse(LITTLE_RECORD).games[0], keep_positions=True)
        assert replayed.valid, [str(d) for d in replayed.diagnostics]
        # The king steps up to C2, then slides to A2 on the edge: Dark wins by escape.
        assert (replayed.result, replayed.ending, replayed.plies) == ("Dark", "escape", 3)
        record = tmp_path / "little.mrs"
        record.write_text(LITTLE_RECORD, encoding="utf-8")
        assert main(["check", str(record)]) == 0
        clean = tmp_path / "clean.mrs"
        assert main(["fmt", str(record), "-o", str(clean)]) == 0
        assert '[Termination "escape"]' in clean.read_text(encoding="utf-8")
        for args in (
            ["board", "--game", "littletafl"],
            ["setup", "--game", "littletafl"],
            ["game", str(record)],
            ["game", str(record), "--format", "html"],
        ):
            kind = "html" if "html" in args else "pdf"  # -o's extension names the format
            out = tmp_path / f"{args[0]}-{len(args)}.{kind}"
            assert main([*args, "-o", str(out)]) == 0, args
            assert out.stat().st_size > 1000
        assert "Dark wins (the king escaped)" in all_text((tmp_path / "game-2.pdf").read_bytes())
    finally:
        games.unregister(game)


# --- a placement game whose moves remove stones --------------------------------------


class CapturePosition(FieldPosition):
    """Five Fields where a stone put down removes every enemy stone beside it that is
    then left with no empty square next to it."""

    def copy(self, *, stack: bool = True) -> CapturePosition:
        return CapturePosition(
            list(self.board), self.turn, self.ply, [list(b) for b in self.stack] if stack else []
        )

    def push(self, move: FieldMove) -> tuple[int, ...]:
        mover = self.turn
        super().push(move)
        removed = tuple(
            n
            for n in _neighbours(move.square)
            if self.board[n] == 1 - mover and all(self.board[m] is not None for m in _neighbours(n))
        )
        for square in removed:
            self.board[square] = None
        return removed


class CaptureFields(FiveFields):
    def __init__(self) -> None:
        Game.__init__(
            self,
            "CaptureFields",
            "Capture Fields",
            "capturefields",
            SIZE,
            "Capture Fields is a toy game made up for a test.",
        )

    def start(self) -> CapturePosition:
        return CapturePosition()

    def owns(self, position: object) -> bool:
        return isinstance(position, CapturePosition)


def test_placements_that_remove_stones_need_no_removal_list(tmp_path: Path) -> None:
    """The notation gives placements no `x` list: the replay neither asks for one
    nor writes one, so what `fmt` writes reads back."""
    game = games.register(CaptureFields())
    try:
        # Checked by hand: B1 leaves Light's A1 no free side; B2 does the same to
        # Dark's C2 (C1, B2, D2, C3 taken) and A4 to Dark's A3. At the end Dark's
        # B1 C1 E2 D3 E3 touch one of their own (A2 does not): 5; Light's D1 E1 B2
        # D2 B3 C3 do (A4 does not): 6.
        text = (
            '[Game "CaptureFields"]\n\n1. A2 A1 2. B1 C3 3. C2 B3 4. D3 E1 5. E2 D1 '
            "6. C1 D2 7. A3 B2 8. E3 A4 Dark: 5, Light: 6\n"
        )
        replayed = replay(parse(text).games[0])
        assert replayed.valid and replayed.diagnostics == []
        removed = {
            str(s.move): [game.board.name(sq) for sq in s.removed]
            for s in replayed.main.steps
            if s.removed
        }
        assert removed == {"B1": ["A1"], "B2": ["C2"], "A4": ["A3"]}
        written = export_game(replayed)
        assert "x" not in written.split("\n\n", 1)[1]
        again = replay(parse(written).games[0])
        assert again.valid and again.score == (5, 6)
    finally:
        games.unregister(game)


def test_a_capability_is_one_registration(five_fields: FiveFields, tmp_path: Path) -> None:
    """The core alone gets the sheets' defaults; one registration gives the board
    sheet the game's own rules in brief (and nothing else changes)."""
    out = tmp_path / "board.pdf"
    assert main(["board", "--game", "fivefields", "-o", str(out)]) == 0
    assert "scores a point" not in all_text(out.read_bytes())
    SHEETS.register(
        five_fields,
        SheetKit(
            rules={
                "standard": (
                    "Each stone touching one of your own along a row or column scores a point.",
                )
            }
        ),
    )
    try:
        assert main(["board", "--game", "fivefields", "-o", str(out)]) == 0
        assert "scores a point" in all_text(out.read_bytes())
        assert not SHEETS.of(five_fields).has_cut_outs  # the kit's other defaults stand
    finally:
        SHEETS.unregister(five_fields)
    assert SHEETS.of(five_fields).rules_for("standard") == ()


def test_a_new_kind_of_piece_is_one_registration() -> None:
    """Stone kinds are an open set: a game adds its own, and drawings name it."""
    register_stone_kind("bead", "bead")
    try:
        drawn = stone_shape(Stone(DARK, "bead"), 0, 0, 10.0)
        assert drawn.title == "Dark bead"
        with pytest.raises(ValueError):
            register_stone_kind("bead", "pearl")
    finally:
        del STONE_KINDS["bead"]


# --- a new kind of move, marked `Z`: the game registers it in its core, nothing else changes


@dataclass(frozen=True, slots=True)
class ZapMove:
    """Zap the opponent's stone on a square: it goes, and nothing is placed."""

    square: int

    def __str__(self) -> str:
        return f"Z {FieldMove(self.square)}"


class ZapPosition(FieldPosition):
    def copy(self, *, stack: bool = True) -> ZapPosition:
        return ZapPosition(
            list(self.board), self.turn, self.ply, [list(b) for b in self.stack] if stack else []
        )

    def legal_moves(self) -> list[FieldMove | ZapMove]:  # type: ignore[override]
        if self.is_game_over():
            return []
        return [
            *super().legal_moves(),
            *(ZapMove(sq) for sq, owner in enumerate(self.board) if owner == 1 - self.turn),
        ]

    def push(self, move: FieldMove | ZapMove) -> tuple[int, ...]:
        if isinstance(move, FieldMove):
            return super().push(move)
        self.stack.append(list(self.board))
        self.board[move.square] = None
        self.turn, self.ply = 1 - self.turn, self.ply + 1
        return ()


class ZapFields(FiveFields):
    def __init__(self) -> None:
        Game.__init__(
            self,
            "ZapFields",
            "Zap Fields",
            "zapfields",
            SIZE,
            "Zap Fields is a toy game made up for a test.",
        )
        register_move_kind("Z", "zap")  # the one thing a new kind of move needs

    def read_move(
        self, kind: str, piece: str | None, square: str | None, origin: str | None
    ) -> FieldMove | ZapMove | WrittenMove:
        if kind == "zap":
            found = written_move(self.board, kind, piece, square, origin).square
            assert found is not None
            return ZapMove(found)
        return super().read_move(kind, piece, square, origin)

    def start(self) -> ZapPosition:
        return ZapPosition()

    def owns(self, position: object) -> bool:
        return isinstance(position, ZapPosition)

    def move_squares(self, move: object) -> tuple[int | None, int | None]:
        return (None, move.square) if isinstance(move, ZapMove) else super().move_squares(move)


ZAP_RECORD = '[Game "ZapFields"]\n\n1. A1 B1 2. z b1 A2 *\n'


def test_a_new_kind_of_move_is_one_registration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`Z B1` is read (by the fast scanner and by the grammar alike), replayed,
    checked and written back by `fmt`, and refused by a game without it."""
    game = games.register(ZapFields())
    try:
        assert scan(ZAP_RECORD) is not None  # the fast reader knows the new mark
        record = parse(ZAP_RECORD).games[0]
        assert [type(node.move) for node in record.mainline.nodes] == [
            FieldMove,
            FieldMove,
            ZapMove,
            FieldMove,
        ]
        replayed = replay(record)
        assert replayed.game is game and replayed.valid, replayed.diagnostics
        assert replayed.final.board[1] is None  # B1 zapped
        path = tmp_path / "zap.mrs"
        path.write_text(ZAP_RECORD, encoding="utf-8")
        assert main(["check", str(path)]) == 0
        capsys.readouterr()
        assert main(["fmt", str(path)]) == 0
        assert "2. Z B1 A2" in capsys.readouterr().out
        # The grammar reads it too: the first error is after it, not at it.
        broken = parse(ZAP_RECORD.replace("*", "(* *")).games[0]
        assert all(d.start > ZAP_RECORD.index("A2") for d in broken.diagnostics)
        # Mǽrstánas has no zap: its replay says so at the move.
        other = replay(parse("1. A1 Z B1 *\n").games[0])
        refused = next(d for d in other.diagnostics if d.code == "M208")
        assert refused.message == "`Z B1` is not a move of Mǽrstánas"
    finally:
        games.unregister(game)
        unregister_move_kind("Z")
    # Once the game is gone, `Z` is no mark any more.
    assert scan(ZAP_RECORD) is None
    assert parse("1. A1 Z B1 *\n").games[0].diagnostics


def test_a_mark_the_notation_uses_already_is_refused() -> None:
    """`X` opens a removal list, `K` a king's movement, `E` a square, `T` is thunder's."""
    for mark, kind in (
        ("X", "cross"),
        ("K", "kick"),
        ("E", "east"),
        ("T", "tap"),
        ("Z", "thunder"),
        ("Z", "Zap"),
        ("Z", "pass"),
    ):
        with pytest.raises(ValueError):
            register_move_kind(mark, kind)
    assert register_move_kind("T", "thunder", with_removals=True).kind == "thunder"  # again
