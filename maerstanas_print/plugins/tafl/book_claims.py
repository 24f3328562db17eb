"""Figure positions and claims for the movement games (Cyngesheall, the 1992 Hnefatafl).

The tafl counterpart of `claims` and of the `Stones`/`Record` setups: a panel
starts from `TaflStones` (pieces named square by square, or the game's own
start) or `TaflRecord` (a record replayed by the verifier), and its claims are
put to `TaflPosition`: a move is legal, or illegal for a stated reason; a move
takes exactly these pieces; the game is over and who won; a side has so many
moves; the position is the game's setup. Each claim also says which marks
and arrows show it on the board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from maerstanas_print.draw.board import Arrow, Mark
from maerstanas_print.games.registry import game_named
from maerstanas_print.games.tafl import TaflGame
from maerstanas_print.games.tafl.engine import (
    EMPTY,
    SIDE_NAMES,
    TaflMove,
    TaflPosition,
    read_position,
    write_position,
)
from maerstanas_print.games.tafl.replay import move_text
from maerstanas_print.geometry import parse_square as square_index
from maerstanas_print.io.limits import MAX_NUMBER_DIGITS as MAX_DIGITS
from maerstanas_print.rulebook.claim_base import ClaimError, replayed_final, setup_fields

_MOVE = re.compile(
    r"^(?P<piece>[KC])?(?P<origin>[A-S]\d{1,2})-(?P<target>[A-S]\d{1,2})"
    r"(?:x(?P<taken>[^!\s]+))?(?P<ends>!)?$"
)
_PIECE = re.compile(r"^(?P<piece>[KC])?(?P<square>[A-S]\d{1,2})$")


def info_of(position: TaflPosition) -> TaflGame:
    game = game_named(position.rules.name)
    assert isinstance(game, TaflGame)
    return game


def tafl_square(name: str, size: int) -> int:
    index = square_index(name, size)
    if index is None:
        raise ClaimError(f"{name!r} is not a square of the {size} x {size} board")
    return index


def _info(tag: str) -> TaflGame:
    game = game_named(tag)
    if not isinstance(game, TaflGame):
        raise ClaimError(f"{tag!r} is not a movement game")
    return game


def tafl_names(squares: list[int] | tuple[int, ...], size: int) -> str:
    words = [_name(sq, size) for sq in squares]
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " and " + words[-1]


def _name(square: int, size: int) -> str:
    row, col = divmod(square, size)
    return f"{'ABCDEFGHIJKLMNOPQRS'[col]}{row + 1}"


def _options(text: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        if part.strip():
            name, _, value = part.partition("=")
            out[name.strip()] = value.strip()
    return out


@dataclass(frozen=True, slots=True)
class TaflStones:
    """A movement-game position: the game's start (`dark` and `light` empty), or pieces
    named as in the notation, separated by spaces: `H8` a plain stone or man, `KJ11`
    the king, `CF6` the commander. `options` as in the Options tag."""

    game: str
    dark: str = ""
    light: str = ""
    to_move: str = "Dark"
    options: str = ""

    def position(self) -> TaflPosition:
        info = _info(self.game)
        rules = info.tafl
        if self.options:
            chosen = _options(self.options)
            for name, value in chosen.items():
                if value not in rules.choices.get(name, ()):
                    raise ClaimError(f"option {name}={value} is not one of {info.title}'s")
            rules = rules.with_options(chosen)
        turn = SIDE_NAMES.index(self.to_move)
        if not self.dark and not self.light:
            return TaflPosition.start(rules, turn=turn)
        board = [EMPTY] * (info.board.size * info.board.size)
        for upper, text in ((True, self.dark), (False, self.light)):
            for word in text.split():
                match = _PIECE.match(word) if square_index(word, info.board.size) is None else None
                letter, name = (match["piece"] or "S", match["square"]) if match else ("S", word)
                square = tafl_square(name, info.board.size)
                if board[square] != EMPTY:
                    raise ClaimError(f"{name} is given two pieces")
                board[square] = letter if upper else letter.lower()
        if rules.throne is not None and board[rules.throne] not in (EMPTY, "K"):
            raise ClaimError("only Dark's king may stand on the throne")
        return TaflPosition.start(rules, write_position(board, info.board.size), turn)


@dataclass(frozen=True, slots=True)
class TaflRecord:
    """A position reached by replaying a movement-game record, which must be valid."""

    game: str
    text: str

    def position(self) -> TaflPosition:
        info = _info(self.game)
        text = self.text if "[Game " in self.text else f'[Game "{info.tag}"]\n\n{self.text}'
        final = replayed_final(text)
        if not isinstance(final, TaflPosition):
            raise ClaimError(f"the record is not a {info.title} game")
        return final


def read_move(written: str, position: TaflPosition) -> TaflMove:
    """`KA1-A4` (any capture list and `!` ignored) as a TaflMove."""
    match = _MOVE.match(written)
    if not match:
        raise ClaimError(f"{written!r} is not a move in the record notation")
    size = position.rules.size
    return TaflMove(
        match["piece"] or "S",
        tafl_square(match["origin"], size),
        tafl_square(match["target"], size),
        size,
    )


def move_arrow(move: TaflMove, side: int, size: int) -> Arrow:
    where = f"{_name(move.origin, size)} to {_name(move.target, size)}"
    return Arrow(move.origin, move.target, side, title=f"{SIDE_NAMES[side]} moves from {where}")


def play_tafl_written(
    position: TaflPosition, written: str
) -> tuple[TaflPosition, dict[int, Mark], tuple[Arrow, ...]]:
    """Play `written` and insist the record would write it so (captures and `!` included).

    Returns the new position, crosses on the emptied squares and the move's arrow.
    """

    move = read_move(written, position)
    problem = position.move_problem(move)
    if problem is not None:
        raise ClaimError(f"{written} cannot be played: {problem}")
    before = list(position.board)
    after = position.copy()
    mover = after.turn
    taken = after.push(move, check=False)
    ends = after.ending in ("escape", "king captured")
    canonical = move_text(move, taken, before, info_of(position), ends)
    if canonical != written:
        raise ClaimError(f"{written} is written {canonical}")
    size = position.rules.size
    return after, {sq: Mark("cross") for sq in taken}, (move_arrow(move, mover, size),)


# --- claims ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CanMove:
    """The side to move may play `move` (written without captures)."""

    move: str

    @property
    def text(self) -> str:
        return f"{self.move} is legal"

    def check(self, position: TaflPosition) -> str | None:
        problem = position.move_problem(read_move(self.move, position))
        return None if problem is None else f"{self.move} is illegal: {problem}"

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {read_move(self.move, position).target: Mark("ghost")}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        return (move_arrow(read_move(self.move, position), position.turn, position.rules.size),)


ProblemKind = Literal["wrong-piece", "unreachable", "repetition", "game-over"]


@dataclass(frozen=True, slots=True)
class CannotMove:
    """The side to move may not play `move`: the engine's reason is of `kind` and its
    words contain `words` (an empty kind or words: any reason)."""

    move: str
    kind: ProblemKind | Literal[""]
    words: str

    @property
    def text(self) -> str:
        return f"{self.move} is illegal ({self.words})" if self.words else f"{self.move} is illegal"

    def check(self, position: TaflPosition) -> str | None:
        problem = position.move_problem(read_move(self.move, position))
        if problem is None:
            return f"{self.move} is legal"
        if (self.kind and problem.kind != self.kind) or self.words not in problem.message:
            return f"{self.move} is illegal because {problem} ({problem.kind})"
        return None

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {read_move(self.move, position).target: Mark("barred")}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        move = read_move(self.move, position)
        arrow = move_arrow(move, position.turn, position.rules.size)
        size = position.rules.size
        return (
            Arrow(
                arrow.start,
                arrow.end,
                arrow.side,
                title=f"{SIDE_NAMES[position.turn]} may not move from "
                f"{_name(move.origin, size)} to {_name(move.target, size)}",
            ),
        )


@dataclass(frozen=True, slots=True)
class Takes:
    """`move` is legal and takes exactly the pieces on `taken` (none when empty)."""

    move: str
    taken: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        gone = ", ".join(self.taken) if self.taken else "nothing"
        return f"{self.move} takes {gone}"

    def check(self, position: TaflPosition) -> str | None:
        move = read_move(self.move, position)
        problem = position.move_problem(move)
        if problem is not None:
            return f"{self.move} is illegal: {problem}"
        got = position.captures(move)
        size = position.rules.size
        if set(got) != {tafl_square(name, size) for name in self.taken}:
            return f"it takes {tafl_names(got, size)}"
        return None

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {read_move(self.move, position).target: Mark("ghost")}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        return (move_arrow(read_move(self.move, position), position.turn, position.rules.size),)


@dataclass(frozen=True, slots=True)
class Ends:
    """The game is over by `ending` ("escape", "king captured", ...; "" for any) and
    `winner` won ("Dark", "Light", or "" for a draw)."""

    ending: str
    winner: str = ""

    @property
    def text(self) -> str:
        who = f", {self.winner} wins" if self.winner else ", a draw"
        how = f" ({self.ending})" if self.ending else ""
        return f"the game ends{how}{who}"

    def check(self, position: TaflPosition) -> str | None:
        if not position.over:
            return "the game goes on"
        winner = SIDE_NAMES[position.winner] if position.winner is not None else ""
        if (position.ending if self.ending else "", winner) != (self.ending, self.winner):
            return f"it ends by {position.ending}, winner {winner or 'nobody'}"
        return None

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class GoesOn:
    """The game is not over."""

    @property
    def text(self) -> str:
        return "the game goes on"

    def check(self, position: TaflPosition) -> str | None:
        return None if not position.over else f"the game is over ({position.ending})"

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class MoveCount:
    """`side` ("Dark" or "Light") would have exactly `count` legal moves here."""

    side: str
    count: int

    @property
    def text(self) -> str:
        return f"{self.side} has {self.count} moves"

    def check(self, position: TaflPosition) -> str | None:
        probe = position.copy()
        probe.turn = SIDE_NAMES.index(self.side)
        got = len(probe.legal_moves())
        return None if got == self.count else f"{self.side} has {got}"

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class IsSetup:
    """The position is the game's start position (its setup string), Dark to move."""

    @property
    def text(self) -> str:
        return "this is the start position"

    def check(self, position: TaflPosition) -> str | None:
        written = write_position(position.board, position.rules.size)
        start = write_position(
            read_position(position.rules.setup, position.rules.size), position.rules.size
        )
        if written != start:
            return f"the position is {written}, the setup {start}"
        return None if position.turn == 0 else "Light is to move"

    def marks(self, position: TaflPosition) -> dict[int, Mark]:
        return {}

    def arrows(self, position: TaflPosition) -> tuple[Arrow, ...]:
        return ()


TaflClaim = CanMove | CannotMove | Takes | Ends | GoesOn | MoveCount | IsSetup


# --- the claim language of rulebook sources (docs/writing-rulebooks.md) -------

TAFL_CLAIM_FORMS = (
    "legal G4-G1",
    "illegal F7-F1 [unreachable|wrong-piece|repetition|game-over] [words of the reason]",
    "captures F5-D5: D4",
    "captures D7-D4: none",
    "moves Dark 37",
    "result Light [king captured|escape|...]",
    "goes-on",
    "start",
)
_PROBLEM_KINDS = ("wrong-piece", "unreachable", "repetition", "game-over")


def _move_word(word: str) -> str:
    if not _MOVE.match(word) or "x" in word or word.endswith("!"):
        raise ClaimError(f"{word!r} is not a move such as G4-G1 (no capture list, no `!`)")
    return word


def read_tafl_claim(line: str) -> TaflClaim:
    """One line of a figure's `claims:` as a movement-game claim (ClaimError if malformed)."""
    head, colon, tail = line.partition(":")
    words = head.split()
    kind, args = (words[0], words[1:]) if words else ("", [])
    if kind == "captures" and len(args) == 1 and colon:
        taken = tail.split()
        return Takes(_move_word(args[0]), () if taken == ["none"] else tuple(taken))
    if colon:
        raise ClaimError("only `captures` takes a `:`")
    if kind == "legal" and len(args) == 1:
        return CanMove(_move_word(args[0]))
    if kind == "illegal" and args:
        move = _move_word(args[0])
        rest = args[1:]
        problem = rest.pop(0) if rest and rest[0] in _PROBLEM_KINDS else ""
        return CannotMove(move, problem, " ".join(rest))  # type: ignore[arg-type]
    if (
        kind == "moves"
        and len(args) == 2
        and args[0] in SIDE_NAMES
        and args[1].isascii()
        and args[1].isdigit()
    ):
        if len(args[1].lstrip("0")) > MAX_DIGITS:  # int() would refuse it
            raise ClaimError(f"a move count of {len(args[1]):,} digits; say at most {MAX_DIGITS}")
        return MoveCount(args[0], int(args[1]))
    if kind == "result" and args and args[0] in ("Dark", "Light", "draw"):
        winner = "" if args[0] == "draw" else args[0]
        return Ends(" ".join(args[1:]), winner)
    if kind == "goes-on" and not args:
        return GoesOn()
    if kind == "start" and not args:
        return IsSetup()
    raise ClaimError(f"{line.strip()!r} is not a claim about a movement game")


def read_tafl_stones(game: str, text: str) -> TaflStones:
    """`dark KG7 D3; light KA1 D4; to-move Light; options a=b` (or `start`) as TaflStones."""
    fields = (
        {}
        if text.strip() == "start"
        else setup_fields(text, ("dark", "light", "to-move", "options"))
    )
    to_move = fields.get("to-move", "Dark")
    if to_move not in SIDE_NAMES:
        raise ClaimError(f"to-move {to_move!r} is not Dark or Light")
    return TaflStones(
        game,
        dark=fields.get("dark", ""),
        light=fields.get("light", ""),
        to_move=to_move,
        options=fields.get("options", "").replace(",", ";"),
    )


def tafl_position_value(position: TaflPosition, value: str) -> str | None:
    """What a rulebook reference asks of a movement-game position: `dark-moves` and
    `light-moves` (the legal moves that side would have) or the `winner`."""
    if value in ("dark-moves", "light-moves"):
        probe = position.copy()
        probe.turn = SIDE_NAMES.index("Light" if value == "light-moves" else "Dark")
        return str(len(probe.legal_moves()))
    if value == "winner":
        return "nobody" if position.winner is None else SIDE_NAMES[position.winner]
    return None


def _digits(word: str) -> bool:
    """Whether `word` is a count in the digits 0-9 (not another script's)."""
    return word.isascii() and word.isdigit()
