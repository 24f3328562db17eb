"""`diagram` and `svg.board` (issue 22): one position as SVG or PNG, a game as a GIF.

The pictures are checked against the engine: each stone of the SVG (through its
`data-square` and `data-stone`) is the engine's stone after that ply, and each
square of the PNG is dark where a dark stone stands and light where none does.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from maerstanas_print import svg
from maerstanas_print.cli import main
from maerstanas_print.commands.diagram import CELL_MM, PNG_SCALE
from maerstanas_print.draw.board import spec_for_game
from maerstanas_print.draw.raster import PX_PER_MM
from maerstanas_print.draw.spec import square_centre
from maerstanas_print.play.loading import load_verified
from maerstanas_print.resources import sample_path
from maerstanas_print.sides import DARK
from tests.golden_images import differing

SAMPLE = str(sample_path("sample-game.mrs"))
CYNGESHEALL = str(sample_path("cyngesheall-game.mrs"))
OPENING_1992 = str(Path(__file__).parent / "records" / "hnefatafl1992-opening.mrs")
RECORDS = [SAMPLE, CYNGESHEALL, OPENING_1992]
GIF_LIMIT = 100_000  # bytes: the sample game's animation, small enough to share

STONE = re.compile(r'<g [^>]*data-square="([A-Z]+[0-9]+)" data-stone="(dark|light)"')


def stones_in(svg_text: str) -> dict[str, str]:
    return dict(STONE.findall(svg_text))


def engine_stones(path: str, ply: int) -> dict[str, str]:
    _, games = load_verified(path)
    game = games[0]
    position = game.main.positions()[ply]
    return {
        game.game.board.name(square): "dark" if stone.side == DARK else "light"
        for square, stone in game.game.stones(position).items()
    }


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("path", RECORDS)
def test_svg_shows_the_engines_position_stone_by_stone(path, tmp_path, capsys) -> None:
    _, games = load_verified(path)
    ply = min(17, games[0].plies)
    out = tmp_path / "after.svg"
    code, _ = run(["diagram", path, "--ply", str(ply), "-o", str(out)], capsys)
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert f'data-ply="{ply}"' in text.split(">", 2)[1]  # on the root <svg>
    assert stones_in(text) == engine_stones(path, ply)
    assert stones_in(text)  # the check saw stones at all


def test_svg_board_carries_the_same_data(capsys) -> None:
    _, games = load_verified(CYNGESHEALL)
    game = games[0]
    drawing = svg.board(game.main.positions()[5], ply=5)
    assert re.search(r'<svg [^>]*data-ply="5"', drawing)
    assert stones_in(drawing) == engine_stones(CYNGESHEALL, 5)
    assert 'data-ply="' not in svg.board(game.final)
    with pytest.raises(ValueError, match="ply"):
        svg.board(game.final, ply=-1)


def test_png_has_dark_stones_where_the_engine_has_them(tmp_path, capsys) -> None:
    out = tmp_path / "end.png"
    code, _ = run(["diagram", SAMPLE, "--ply", "20", "-o", str(out)], capsys)
    assert code == 0
    image = Image.open(out).convert("L")
    _, games = load_verified(SAMPLE)
    game = games[0]
    stones = game.game.stones(game.main.positions()[20])
    spec = spec_for_game(game.game, cell=CELL_MM, labels=frozenset(("top", "left")))
    gx, gy = spec.grid_origin(0, 0)
    scale = PX_PER_MM * PNG_SCALE
    seen = {"dark": 0, "empty": 0}
    for square in range(game.game.board.squares):
        x, y = square_centre(spec, gx, gy, square)
        shade = image.getpixel((round(x * scale), round(y * scale)))
        if square not in stones:
            assert shade > 200, (spec.name(square), shade)
            seen["empty"] += 1
        elif stones[square].side == DARK:
            assert shade < 80, (spec.name(square), shade)
            seen["dark"] += 1
    assert seen["dark"] > 3 and seen["empty"] > 3


def test_caption_stands_under_the_board(tmp_path, capsys) -> None:
    bare, captioned = tmp_path / "bare.png", tmp_path / "captioned.png"
    assert run(["diagram", SAMPLE, "-o", str(bare)], capsys)[0] == 0
    words = "The final position: Light wins by two points"
    assert run(["diagram", SAMPLE, "--caption", words, "-o", str(captioned)], capsys)[0] == 0
    a, b = Image.open(bare), Image.open(captioned)
    assert a.width == b.width and b.height > a.height
    board = b.crop((0, 0, a.width, a.height))
    assert differing(board, a) < 0.01  # the same board above the caption (to a sub-pixel)
    assert b.convert("L").crop((0, a.height, b.width, b.height)).getextrema()[0] < 100  # ink
    text = tmp_path / "captioned.svg"
    assert run(["diagram", SAMPLE, "--caption", words, "-o", str(text)], capsys)[0] == 0
    assert words in text.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", RECORDS)
def test_gif_has_a_frame_a_ply(path, tmp_path, capsys) -> None:
    out = tmp_path / "game.gif"
    assert run(["diagram", path, "-o", str(out)], capsys)[0] == 0
    _, games = load_verified(path)
    image = Image.open(out)
    assert image.n_frames == games[0].plies + 1
    image.seek(image.n_frames - 1)
    last = image.convert("L")
    image.seek(0)
    assert last.tobytes() != image.convert("L").tobytes()  # the board fills


def test_sample_gif_is_small_and_shows_the_comments(tmp_path, capsys) -> None:
    from maerstanas_print.commands.diagram import frame_captions

    out = tmp_path / "sample.gif"
    assert run(["diagram", str(sample_path("annotated-game.mrs")), "-o", str(out)], capsys)[0] == 0
    assert run(["diagram", SAMPLE, "-o", str(out)], capsys)[0] == 0
    assert out.stat().st_size < GIF_LIMIT
    _, games = load_verified(str(sample_path("annotated-game.mrs")))
    captions = frame_captions(games[0])
    commented = [c for c in captions if len(c.split()) > 2]
    assert commented, "the annotated game has comments to show"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ply", "999"], "plies"),
        (["--ply", "x"], "--ply must be a whole number"),
        (["--index", "2"], "there is no game 2"),
        (["--index", "0"], "from 1"),
        (["--format", "jpeg"], "--format must be one of"),
        (["-o", "{tmp}/out.jpg"], "not .jpg"),
        (["--ply", "3", "-o", "{tmp}/out.gif"], "--ply and --caption are for SVG and PNG"),
    ],
)
def test_bad_options_are_refused_and_nothing_is_written(args, message, tmp_path, capsys) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if "-o" not in args:
        args += ["-o", str(tmp_path / "out.svg")]
    code, err = run(["diagram", SAMPLE, *args], capsys)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_folder_gets_the_records_name(tmp_path, capsys) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    assert run(["diagram", SAMPLE, "--format", "gif", "-o", f"{folder}/"], capsys)[0] == 0
    assert (folder / "sample-game.gif").read_bytes()[:6] == b"GIF89a"
    assert Image.open(io.BytesIO((folder / "sample-game.gif").read_bytes())).format == "GIF"
