"""The library tried with odd and hostile input, as a new user would: each test
is a mistake a review found (a silent wrong answer, or one game behaving unlike
the others), kept so it stays fixed."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import maerstanas_print as mp
from maerstanas_print import svg
from maerstanas_print.games.tafl.engine import TaflMove
from maerstanas_print.play.checking import check_games

TAFL_GAMES = ["cyngesheall", "hnefatafl1992"]


@pytest.mark.parametrize("slug", TAFL_GAMES)
def test_a_tafl_push_refuses_an_illegal_move_as_a_maerstanas_push_does(slug: str) -> None:
    # A1 holds a Light stone in both starts (Cyngesheall) or nothing (Hnefatafl);
    # Dark moving a king from there is illegal, and push must say so, not play it.
    position = mp.game_named(slug).start()
    size = position.rules.size
    with pytest.raises(mp.IllegalMove):
        position.push(TaflMove("K", 0, 1, size))
    assert position.move_stack == []
    assert position.ply == 0
    with pytest.raises(mp.IllegalMove):
        mp.Position.start().push(mp.Move.from_text("Pass"))  # the Mǽrstánas promise


def _tafl_start(slug: str) -> object:
    return mp.game_named(slug).start()


@pytest.mark.parametrize(
    "position, lastmove",
    [
        (mp.Position.start(), "D4"),  # text, not a move
        (mp.Position.start(), TaflMove("S", 27, 20, 7)),  # another game's move
        (_tafl_start("cyngesheall"), mp.Move.from_text("G7")),
        (_tafl_start("cyngesheall"), TaflMove("S", 27, 20, 19)),  # a 19x19 move on 7x7
    ],
    ids=["text", "tafl-on-maerstanas", "maerstanas-on-tafl", "hnefatafl-on-cyngesheall"],
)
def test_svg_board_refuses_a_lastmove_that_is_not_a_move_of_the_game(
    position: object, lastmove: object
) -> None:
    # Each of these used to give the drawing without any mark, or marks on the
    # wrong squares, as if the move had been understood.
    with pytest.raises((TypeError, ValueError)):
        svg.board(position, lastmove=lastmove)


def test_svg_board_still_takes_a_pass_as_lastmove() -> None:
    from maerstanas_print.games.tafl.engine import PASS

    plain = mp.Position.start()
    assert svg.board(plain, lastmove=mp.Move.from_text("Pass"), id_prefix="a") == svg.board(
        plain, id_prefix="a"
    )
    tafl = mp.game_named("cyngesheall").start()
    assert svg.board(tafl, lastmove=PASS, id_prefix="a") == svg.board(tafl, id_prefix="a")


@pytest.mark.parametrize(
    "wrong", [io.StringIO("1. D4 *"), b"1. D4 *", None], ids=["handle", "bytes", "None"]
)
def test_reading_text_that_is_not_a_str_is_a_clear_type_error(wrong: object) -> None:
    # parse and check_games take the text itself; a handle (what read_game takes)
    # used to fail with AttributeError: '_io.StringIO' object has no attribute 'startswith'.
    for read in (mp.parse, check_games):
        with pytest.raises(TypeError, match="text of a record"):
            read(wrong)  # type: ignore[arg-type]


class _LinesWithoutWeakReference:
    """A handle-like object with readline and __slots__ (so no weak reference)."""

    __slots__ = ("lines",)

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines(keepends=True)

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""


def test_read_games_reads_a_handle_that_takes_no_weak_reference() -> None:
    # read_game must keep its place between calls, so it refuses such a handle and
    # says "read it with read_games"; read_games itself used to refuse it too.
    text = '[Event "a"]\n\n1. D4 E4 *\n\n[Event "b"]\n\n1. C3 *\n'
    games = mp.read_games(_LinesWithoutWeakReference(text))
    assert [(game.index, game.tag("Event")) for game in games] == [(1, "a"), (2, "b")]
    with pytest.raises(TypeError, match="read it with read_games"):
        mp.read_game(_LinesWithoutWeakReference(text))


@pytest.mark.parametrize("size", [float("inf"), float("-inf"), float("nan")])
def test_svg_board_refuses_a_size_that_is_not_a_finite_number(size: float) -> None:
    # inf used to give an SVG with width="infmm", which no viewer can draw.
    with pytest.raises(ValueError, match="size"):
        svg.board(mp.Position.start(), size=size)


def test_a_capability_registered_before_the_first_lookup_is_not_overwritten() -> None:
    # In a fresh interpreter the built-in games' capabilities are wired just before
    # the first lookup; a program that gave a built-in game its own value first
    # used to see it silently replaced by the built-in one. (The suite's conftest
    # wires everything at start, hence the subprocess.)
    program = (
        "import maerstanas_print as mp\n"
        "from maerstanas_print.rulebook.kit import STONE_KEY_LABELS\n"
        "game = mp.game_named('maerstanas')\n"
        "STONE_KEY_LABELS.register(game, 'my label')\n"
        "print(STONE_KEY_LABELS.of(game))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout == "my label\n"


STRAY_BEFORE = '}} stray\n[Event "a"]\n\n1. D4 *\n'
BROKEN_TAG = '[Event "a"]\n\n1. D4 *\n\n[Event "b" }}\n[Event "c"]\n\n1. E4 *\n'


@pytest.mark.parametrize(
    "text, expected",
    [
        (STRAY_BEFORE, [(1, "M100", (1, 1)), (1, "M100", (1, 2)), (1, "M100", (1, 4))]),
        (BROKEN_TAG, [(2, "M100", (5, 12))]),  # the `}}` after the tag: hand-counted
    ],
    ids=["stray-before", "broken-tag-between"],
)
@pytest.mark.parametrize("how", ["path", "handle", "read_game"])
def test_problems_outside_every_game_go_with_the_next_game(
    text: str, expected: list[tuple[int, str, tuple[int, int]]], how: str, tmp_path: Path
) -> None:
    # `check` reports them; read_games by path dropped every one, and read_game
    # (and read_games of a handle) the ones before the first game, so a program
    # could not tell the file was damaged.
    path = tmp_path / "stray.mrs"
    path.write_text(text, encoding="utf-8")
    if how == "path":
        games = mp.read_games(path)
    elif how == "handle":
        games = mp.read_games(io.StringIO(text))
    else:
        handle = io.StringIO(text)
        games = list(iter(lambda: mp.read_game(handle), None))
    found = [(game.index, d.code, game.locate(d.start)) for game in games for d in game.diagnostics]
    assert found == expected


def test_str_of_a_tafl_position_is_a_board_as_for_maerstanas() -> None:
    # print(position) drew the Mǽrstánas board but dumped a tafl position's
    # dataclass fields (rules, a list of 49 letters, the repetition counter).
    record = mp.parse_game('[Game "Cyngesheall"]\n[Setup "/k6/7/7/7/7/7/6K/"]\n\n1. KG7-G1 *\n')
    assert str(record.board()) == "\n".join(
        [
            "   A B C D E F G",
            " 1 k . . . . . .",
            " 2 . . . . . . .",
            " 3 . . . . . . .",
            " 4 . . . . . . .",
            " 5 . . . . . . .",
            " 6 . . . . . . .",
            " 7 . . . . . . K",
        ]
    )
    after = str(record.root().end().board()).splitlines()
    assert after[1] == " 1 k . . . . . K" and after[7] == " 7 . . . . . . ."
    wide = str(mp.game_named("hnefatafl1992").start()).splitlines()
    assert wide[0] == "   " + " ".join("ABCDEFGHIJKLMNOPQRS")
    assert len(wide) == 20 and wide[10] == "10 " + " ".join("...s..S.SKS.S..s...")


def test_lines_starting_with_a_bracket_in_a_comment_do_not_lift_the_handle_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One game from a handle is bounded by MAX_HANDLE_GAME_CHARS characters since
    # the last tag line; any line starting with `[` counted as a tag line, so a
    # comment of `[1` lines grew one game without bound (the cut between games
    # only happens at a real tag line).
    from maerstanas_print.io import limits

    monkeypatch.setattr(limits, "MAX_HANDLE_GAME_CHARS", 1_000)
    text = '[Event "a"]\n\n1. D4 {' + "[1\n" * 2_000 + "} *\n"
    with pytest.raises(mp.LimitError):
        mp.read_game(io.StringIO(text))
    small = '[Event "a"]\n\n1. D4 {' + "[1\n" * 100 + "} *\n"
    assert mp.read_game(io.StringIO(small)).tag("Event") == "a"


def test_board_of_a_record_of_an_unknown_game_is_refused_not_a_maerstanas_board() -> None:
    # [Game "Chess"] is no game we know: board() gave an empty Mǽrstánas board
    # (and a node's board() said `e4` is not a move of Mǽrstánas), as if the
    # record were one; python-chess refuses an unknown variant the same way.
    record = mp.parse_game('[Game "Chess"]\n\n1. e4 e5 *\n')
    with pytest.raises(ValueError, match='Game "Chess" is not a game we know'):
        record.board()
    with pytest.raises(ValueError, match='Game "Chess" is not a game we know'):
        record.root().end().board()
    # a known game written in another case is still read as that game
    assert type(mp.parse_game('[Game "cyngesheall"]\n\n*\n').board()).__name__ == "TaflPosition"


@pytest.mark.parametrize("text", ["T D4xhello", "T D4x E5 junk", "T D4xZ9", "T D4x/"])
def test_a_thunder_stone_with_a_removal_list_that_is_not_squares_is_not_a_move(text: str) -> None:
    # Anything after `x` was read as the removal list and dropped, so push_text
    # played "T D4xhello" as T D4; a tafl capture list takes only squares.
    with pytest.raises(ValueError, match="is not a Mǽrstánas move"):
        mp.Position.start().push_text(text)


def test_a_thunder_stone_with_its_removal_list_is_still_read() -> None:
    position = mp.Position.start()
    position.push_text("D4")
    assert str(position.push_text("T D5xD4")) == "T D5"
    assert str(mp.Move.from_text("T E4xE3/D4")) == "T E4"


@pytest.mark.parametrize("square", ["D4", 2.5, True])
def test_svg_board_numbers_names_squares_by_index(square: object) -> None:
    # A square name as key failed with "'<=' not supported between 'int' and 'str'";
    # 2.5 and True were drawn as if they were squares.
    with pytest.raises(TypeError, match="numbers maps square indexes"):
        svg.board(mp.Position.start(), numbers={square: 1})  # type: ignore[dict-item]


def test_read_game_starts_afresh_after_the_handle_is_moved() -> None:
    # After seek(0), read_game glued the next game's first line, read ahead, to the
    # first game: two Event tags, numbered game 2, placed on line 11 (python-chess's
    # read_game simply reads the first game again).
    text = '[Event "one"]\n\n1. D4 *\n\n[Event "two"]\n\n1. E4 *\n'
    handle = io.StringIO(text)
    assert mp.read_game(handle).tag("Event") == "one"
    handle.seek(0)
    again = mp.read_game(handle)
    assert [(tag.name, tag.value) for tag in again.tags] == [("Event", "one")]
    assert (again.index, again.locate(again.start)) == (1, (1, 1))
    following = mp.read_game(handle)
    assert (following.index, following.tag("Event"), following.locate(following.start)) == (
        2,
        "two",
        (5, 1),
    )
    assert mp.read_game(handle) is None
    handle.seek(0)
    mp.read_game(handle)
    handle.seek(0)
    assert [game.tag("Event") for game in mp.read_games(handle)] == ["one", "two"]
