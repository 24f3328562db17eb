"""`read_game(handle)`: one game at a time from any text handle, None at the end."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import maerstanas_print as mp
from maerstanas_print.io import limits

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "maerstanas_print" / "samples"
GAME = '[Event "Game {n}"]\n[Round "{n}"]\n\n1. D4 E4 2. C3 {{a comment\n[not a tag]}} B2 *\n\n'


class CountingHandle:
    """A text handle that counts the lines taken from it (and may never end)."""

    def __init__(self, text: str, forever: bool = False) -> None:
        self.lines = text.splitlines(keepends=True)
        self.forever = forever
        self.taken = 0

    def readline(self) -> str:
        if self.taken >= len(self.lines) and not self.forever:
            return ""
        line = self.lines[self.taken % len(self.lines)]
        self.taken += 1
        return line


def _summary(records: list[mp.GameRecord]) -> list[tuple[object, ...]]:
    return [
        (
            r.index,
            [(t.name, t.value) for t in r.tags],
            [str(node.move) for node, _depth in r.walk()],
            [(d.code, r.locate(d.start)) for d in r.diagnostics],
        )
        for r in records
    ]


@pytest.mark.parametrize(
    "sample", ["casual-games.mrs", "damaged-game.mrs", "annotated-game.mrs", "cyngesheall-game.mrs"]
)
def test_a_handle_gives_the_games_a_path_gives(sample: str) -> None:
    path = SAMPLES / sample
    from_path = mp.read_games(path)
    with open(path, encoding="utf-8") as handle:
        one_by_one = []
        while (record := mp.read_game(handle)) is not None:
            one_by_one.append(record)
        assert mp.read_game(handle) is None  # and stays at the end
    with open(path, encoding="utf-8") as handle:
        all_at_once = mp.read_games(handle)
    assert from_path and _summary(one_by_one) == _summary(from_path) == _summary(all_at_once)


def test_the_first_game_comes_before_the_rest_is_read() -> None:
    handle = CountingHandle("".join(GAME.format(n=n) for n in range(1, 4)), forever=True)
    first = mp.read_game(handle)
    assert first is not None and first.tag("Event") == "Game 1"
    assert handle.taken == 7  # game 1's six lines and the next game's first line
    second = mp.read_game(handle)
    assert second is not None and (second.index, second.tag("Round")) == (2, "2")
    assert handle.taken == 13  # and no more than game 2 (its first line was taken)


def test_a_comment_with_a_tag_like_line_stays_in_its_game() -> None:
    records = mp.read_games(io.StringIO(GAME.format(n=1) + GAME.format(n=2)))
    assert [r.tag("Round") for r in records] == ["1", "2"]
    assert records[0].mainline.nodes[2].comments[0].text == "a comment [not a tag]"


def test_diagnostics_keep_their_lines_in_the_whole_handle() -> None:
    text = GAME.format(n=1) + '[Event "bad"]\n\n1. D4 H4 *\n'
    handle = io.StringIO(text)
    mp.read_game(handle)
    bad = mp.read_game(handle)
    assert bad is not None and [d.code for d in bad.diagnostics] == ["M101"]
    assert bad.locate(bad.diagnostics[0].start) == (9, 7)


def test_text_before_the_first_tags_is_read_as_the_whole_text_reads_it() -> None:
    text = "; a file comment\n\n" + GAME.format(n=1)
    records = mp.read_games(io.StringIO(text))
    assert _summary(records) == _summary(mp.parse(text).games)
    assert records[-1].tag("Round") == "1"


def test_an_empty_handle_has_no_game() -> None:
    assert mp.read_game(io.StringIO("")) is None
    assert mp.read_games(io.StringIO("")) == []


def test_bad_handles_are_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "game.mrs"
    path.write_text(GAME.format(n=1), encoding="utf-8")
    with pytest.raises(TypeError, match="not bytes: open the file in text mode"):
        mp.read_game(io.BytesIO(b'[Event "x"]\n'))
    with open(path, "rb") as binary, pytest.raises(TypeError, match="not bytes"):
        mp.read_game(binary)
    with pytest.raises(TypeError, match="not bytes"):
        mp.read_games(open(path, "rb"))  # noqa: SIM115 - closed by the collector
    with pytest.raises(TypeError, match=r"not a path; for a file name use read_games\(path\)"):
        mp.read_game(str(path))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a object"):
        mp.read_game(object())  # type: ignore[arg-type]
    handle = open(path, encoding="utf-8")  # noqa: SIM115
    handle.close()
    with pytest.raises(ValueError, match="cannot read a closed handle"):
        mp.read_game(handle)
    with pytest.raises(ValueError, match="cannot read a closed handle"):
        mp.read_games(handle)


def test_a_handle_closed_between_two_games_says_so(tmp_path: Path) -> None:
    path = tmp_path / "games.mrs"
    path.write_text(GAME.format(n=1) + GAME.format(n=2) + GAME.format(n=3), encoding="utf-8")
    handle = open(path, encoding="utf-8")  # noqa: SIM115
    assert mp.read_game(handle) is not None
    handle.close()
    with pytest.raises(ValueError, match="read_game cannot read"):
        mp.read_game(handle)


def test_text_that_is_not_a_record_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(mp.InputError, match="NUL bytes"):
        mp.read_game(io.StringIO('[Event "x"]\n\x00\n'))
    path = tmp_path / "latin.mrs"
    path.write_bytes('[Event "Ærø"]\n\n1. D4 *\n'.encode("latin-1"))
    with (
        open(path, encoding="utf-8") as handle,
        pytest.raises(mp.InputError, match="cannot be decoded"),
    ):
        mp.read_game(handle)


def test_one_game_from_a_handle_has_a_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_HANDLE_GAME_CHARS", 2_000)
    endless = CountingHandle("1. D4 E4 {a long comment that never ends}\n", forever=True)
    with pytest.raises(mp.LimitError, match="more than 2,000 characters without a tag line"):
        mp.read_game(endless)
    assert endless.taken < 100  # it stopped at the limit


def test_a_game_beyond_the_move_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_GAME_MOVES", 10)
    text = '[Event "long"]\n\n' + " ".join(["D4"] * 200) + " *\n"
    with pytest.raises(mp.LimitError, match="more than 10 moves"):
        mp.read_game(io.StringIO(text))
