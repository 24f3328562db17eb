"""What a shared link shows (issue 22): each page's title, description and preview.

Every game page's `<title>` and description name the game, the players and the
event (two pages of one game are told apart), and `build` writes a PNG of the
final position beside each game page, which the page names as its Open Graph
image. Sheets and rulebooks carry Open Graph titles and descriptions too.
"""

from __future__ import annotations

import html
import re

import pytest
from PIL import Image

from maerstanas_print.cli import main
from maerstanas_print.commands.build import jobs
from maerstanas_print.resources import sample_path
from tests.golden_images import differing

GAME_PAGES = ["sample-game.html", "annotated-game.html", "cyngesheall-game.html"]


def head(text: str) -> dict[str, str]:
    """The page's title and its named and Open Graph meta values."""
    found = {"title": html.unescape(re.search(r"<title>(.*?)</title>", text).group(1))}
    for key, value in re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)"', text):
        found[key] = html.unescape(value)
    return found


def test_game_pages_name_game_players_and_event(products) -> None:
    heads = {name: head((products.folder / name).read_text("utf-8")) for name in GAME_PAGES}
    for name in ("sample-game.html", "annotated-game.html"):
        for key in ("title", "description", "og:title", "og:description"):
            for words in ("Random A", "Random B", "Mǽrstánas", "maerstanas_print sample game"):
                assert words in heads[name][key], (name, key, words)
    assert heads["sample-game.html"]["title"] != heads["annotated-game.html"]["title"]
    assert "evaluations" in heads["annotated-game.html"]["description"]
    cyngesheall = heads["cyngesheall-game.html"]
    assert "Cyngesheall sample game" in cyngesheall["title"]
    assert "Light wins" in cyngesheall["description"] and "14 plies" in cyngesheall["description"]


@pytest.mark.parametrize("name", GAME_PAGES)
def test_each_game_page_has_its_final_position_beside_it(name, products, tmp_path, capsys) -> None:
    meta = head((products.folder / name).read_text("utf-8"))
    image = products.folder / meta["og:image"]
    assert meta["og:image"] == name.replace(".html", ".png") and image.is_file()
    assert "final position" in meta["og:image:alt"]
    record = str(sample_path(name.replace(".html", ".mrs")))
    assert main(["diagram", record, "-o", str(tmp_path / "end.png")]) == 0
    assert differing(Image.open(image), Image.open(tmp_path / "end.png"), blur=0) == 0.0


def test_every_page_has_open_graph_words(products) -> None:
    for name, _ in jobs():
        if name.endswith(".html"):
            meta = head((products.folder / name).read_text("utf-8"))
            assert meta["og:title"] and meta["og:description"], name
            assert meta["description"] == meta["og:description"], name


def test_a_file_of_many_games_says_how_many(tmp_path, capsys) -> None:
    out = tmp_path / "casual.html"
    record = str(sample_path("casual-games.mrs"))
    assert main(["game", record, "--format", "html", "-o", str(out)]) == 0
    meta = head(out.read_text("utf-8"))
    assert meta["title"] == "Casual games: 12 games of Mǽrstánas"
    assert "og:image" not in meta  # no picture asked for, none named
    assert meta["description"].startswith("12 annotated games of Mǽrstánas between Casual A")


def test_a_preview_is_for_html_only(tmp_path, capsys) -> None:
    record = str(sample_path("sample-game.mrs"))
    code = main(["game", record, "--preview-image", "x.png", "-o", str(tmp_path / "g.pdf")])
    assert code == 2
    assert "--preview-image is for the HTML page" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_build_without_pictures_names_none() -> None:
    """Without the raster extra, build makes the pages without a preview."""
    plain = jobs(previews=False)
    assert not any(name.endswith(".png") for name, _ in plain)
    assert not any("--preview-image" in command for _, command in plain)
    assert len(jobs(previews=True)) == len(plain) + len(GAME_PAGES)
