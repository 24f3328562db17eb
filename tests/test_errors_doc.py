"""docs/errors.md and the code stay in step: it documents exactly the codes of
`CODES`, each with an example record that really produces that code when read
and replayed (for the import codes, a copied move list that `import` refuses
with it), and it lists the exit codes the command line uses."""

from __future__ import annotations

import re

import pytest
from record_helpers import ROOT

from maerstanas_print import cli
from maerstanas_print.diagnostics import CODES
from maerstanas_print.notation.parser import parse
from maerstanas_print.play.verify import replay
from maerstanas_print.plugins.maerstanas.importer import LogError, record_from_log

DOC = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
SECTIONS = dict(re.findall(r"^### (M\d{3})\b[^\n]*\n(.*?)(?=^##|\Z)", DOC, re.M | re.S))


def produced(text: str) -> set[str]:
    parsed = parse(text, "example.mrs")
    found = {d.code for d in parsed.diagnostics}
    for game in parsed.games:
        found |= {d.code for d in replay(game).diagnostics}
    return found


def test_every_code_is_documented_and_no_other() -> None:
    headings = re.findall(r"^### (M\d{3})\b", DOC, re.M)
    assert len(headings) == len(set(headings)), "a code is documented twice"
    assert set(headings) == set(CODES)
    assert headings == sorted(headings)


def imported(text: str) -> set[str]:
    """The codes `import` reports for a copied move list."""
    try:
        return {d.code for d in record_from_log(text, name="example.txt").diagnostics}
    except LogError as error:
        return {error.diagnostic.code}


@pytest.mark.parametrize("code", sorted(CODES))
def test_the_example_produces_its_code(code: str) -> None:
    section = SECTIONS.get(code)
    assert section is not None, f"{code} is not documented"
    kind, read = ("applist", imported) if code.startswith("M5") else ("mrs", produced)
    examples = re.findall(rf"```{kind}\n(.*?)```", section, re.S)
    assert examples, f"{code} has no example"
    assert code in read(examples[0]), examples[0]
    assert "Fix:" in section


def test_the_lenient_examples_are_warnings_that_strict_refuses() -> None:
    for code in (c for c in CODES if c.startswith("M4")):
        example = re.findall(r"```mrs\n(.*?)```", SECTIONS[code], re.S)[0]
        games = parse(example).games
        lenient = [d for g in games for d in replay(g).diagnostics if d.code == code]
        strict = [d for g in games for d in replay(g, strict=True).diagnostics if d.code == code]
        assert lenient and all(d.severity == "warning" for d in lenient), code
        assert strict and all(d.severity == "error" for d in strict), code


def test_the_exit_codes_are_listed() -> None:
    table = dict(re.findall(r"^\| (\d+) \| (.+) \|$", DOC.split("## Exit codes")[1], re.M))
    assert set(table) == {
        str(code)
        for code in (
            cli.EXIT_OK,
            cli.EXIT_INVALID,
            cli.EXIT_USAGE,
            cli.EXIT_IO,
            cli.EXIT_HANGUP,
            cli.EXIT_INTERRUPTED,
            cli.EXIT_QUIT,
            cli.EXIT_TERMINATED,
        )
    }
    assert "usage" in table["2"] and "interrupted" in table["130"].lower()


def test_the_limits_table_gives_the_limits_of_the_code() -> None:
    from maerstanas_print.io import limits
    from maerstanas_print.rulebook import card, card_band

    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \| [^|]+ \|$", DOC.split("## Limits")[1], re.M)
    values = {name.strip(): value.strip() for name, value in rows[1:]}  # after the header
    assert values == {
        "input read from a pipe, a device or standard input": (
            f"{limits.MAX_STREAM_BYTES // 2**20} MiB"
        ),
        "waiting for a writer on a named pipe given as input": f"{limits.FIFO_WAIT_SECONDS:g} s",
        "moves in one game, every variation included": f"{limits.MAX_GAME_MOVES:,}",
        "variations open at once": f"{limits.MAX_OPEN_VARIATIONS:,} (deeper than 50 is M109)",
        "characters in one tag value": f"{limits.MAX_TAG_CHARS:,}",
        "pixels of a photo given to `scan` (width times height, read from its header before "
        "it is decoded)": f"{limits.MAX_PHOTO_PIXELS:,}",
        "scans of a JPEG given to `scan` (start-of-scan markers, counted before it is decoded: "
        "the decoder passes over the whole picture once a scan)": f"{limits.MAX_JPEG_SCANS:,}",
        "characters of a record file read whole (every command but `check`, which reads one "
        "in pieces: `fmt`, `game`, `diagram`, `analyse`, `annotate`, `puzzles`, `read_games`; "
        "they hold all its games and their positions)": (f"{limits.MAX_WHOLE_RECORD_CHARS:,}"),
        "games of a record file read whole (the same commands; each is held with its "
        "positions)": f"{limits.MAX_WHOLE_RECORD_GAMES:,}",
        "moves, variations, comments and NAGs of a record file read whole, all its games "
        "together (the same commands; at the limit they hold about 0.3 GB for Mǽrstánas, "
        "1.7 GB for the 1992 Hnefatafl's 19x19 board)": f"{limits.MAX_WHOLE_RECORD_MOVES:,}",
        "moves, variations, comments and NAGs of the games one `game` document shows, and "
        "one for each game (HTML or PDF: each move's position is drawn or held, each "
        "variation and comment set; on a board of more than 121 squares each counts in "
        "proportion, three times on 19x19)": (f"{limits.MAX_DOCUMENT_MOVES:,}"),
        "move numbers written apart from a move in one game (each stands before a move)": (
            f"{limits.MAX_GAME_MOVES:,}"
        ),
        "squares of one removal or capture list (the largest board's squares; a wrong list's "
        "message names the first 12 and how many)": f"{limits.MAX_REMOVAL_SQUARES:,}",
        "problems (errors and warnings) found reading one game, each kept to be reported "
        "with its line": f"{limits.MAX_GAME_PROBLEMS:,}",
        "variations, comments, NAGs and tags in one game, empty ones (`()`, `{}`) included, "
        "and each `[%command]` of a comment": (f"{limits.MAX_GAME_ASIDES:,}"),
        "frames of an animated GIF (`diagram -o X.gif`: the start and one a ply, all kept "
        "until the file is written; at both GIF limits, 399 plies of the 19 x 19 board with "
        "a 24-line comment at each, the run took 470 MB and 13 s here)": (
            f"{limits.MAX_GIF_FRAMES:,}"
        ),
        "lines of a comment under an animated GIF's board (every frame is as tall as the "
        "longest)": f"{limits.MAX_GIF_CAPTION_LINES:,}",
        "characters of one game read from an open text handle by `read_game`, counted from "
        "its last tag line": f"{limits.MAX_HANDLE_GAME_CHARS:,}",
        "characters of text in one game set as PDF (whitespace runs counted once)": (
            f"{limits.MAX_PDF_GAME_CHARS:,}"
        ),
        "characters of text in one PDF document, all its games together": (
            f"{limits.MAX_PDF_DOCUMENT_CHARS:,}"
        ),
        "bytes of a rulebook or quick-reference source (`rulebook --source`, "
        "`rulebook --check`, `quickref --source`, `quickref --check`), from a file, "
        "a pipe or a device": f"{limits.MAX_BOOK_SOURCE_BYTES // 2**20} MiB",
        "a source's front matter; one front-matter value": (
            f"{limits.MAX_FRONT_MATTER_BYTES // 2**10} KiB; "
            f"{limits.MAX_FRONT_VALUE_CHARS:,} characters"
        ),
        "characters of one paragraph of a book (list item, note), as written and again as "
        "printed": (f"{limits.MAX_BOOK_PARAGRAPH_CHARS:,}"),
        "characters of one heading or caption of a book (figure, record, `alt`, panel label, "
        "glossary term), or of a record block": f"{limits.MAX_BOOK_CAPTION_CHARS:,}",
        "characters of one heading of a book; of one header cell of a table (neither is ever "
        "split across pages)": (
            f"{limits.MAX_HEADING_CHARS}; {limits.MAX_TABLE_HEADER_CELL_CHARS}"
        ),
        "characters of a book's whole text, references filled in (each text counts as at "
        f"least {limits.MIN_BOOK_TEXT_CHARGE})": f"{limits.MAX_BOOK_TEXT_CHARS:,}",
        "figures, record blocks and other drawn blocks in one book (a `sample-game` counts "
        f"as {limits.SAMPLE_GAME_FIGURES})": f"{limits.MAX_BOOK_FIGURES:,}",
        "chapters and sections in one book; appendices": (
            f"{limits.MAX_BOOK_HEADINGS:,}; {limits.MAX_BOOK_APPENDICES} (A to H)"
        ),
        "lines of a rulebook source": f"{limits.MAX_BOOK_SOURCE_LINES:,}",
        "panels of one figure in a book": f"{limits.MAX_FIGURE_PANELS}",
        "columns of one table in a book; the narrowest column's share of the width": (
            f"{limits.MAX_TABLE_COLUMNS}; 1/{round(1 / limits.MIN_TABLE_COLUMN_SHARE)}"
        ),
        "characters of one table cell; of one table row or glossary entry; of one table or "
        "glossary": (
            f"{limits.MAX_BOOK_TABLE_CELL_CHARS:,}; {limits.MAX_BOOK_TABLE_ROW_CHARS:,}; "
            f"{limits.MAX_BOOK_TABLE_CHARS:,}"
        ),
        "characters of one word of a heading of a book, as written and with its references "
        "filled in (a longer word is a mistake; one wider than its line is split at the "
        "line's edge)": str(limits.MAX_HEADING_WORD_CHARS),
        "lines of a quick reference's title band (the title and subtitle, wrapped at the "
        "band's width)": str(card_band.MAX_BAND_LINES),
        "height of a quick reference's credit (the small print before the first chapter)": (
            f"{card.BODY_BOTTOM_MM - card.FOOT_MM - card.CREDIT_GAP_MM + card.MAX_FOOT_EXTRA_MM:g}"
            " mm"
        ),
        **_bounded_work_limits(),
    }


def _bounded_work_limits() -> dict[str, str]:
    """The rows of the limits that bound --fix, import, charts and analysis (issue 26)."""
    from maerstanas_print.gamedoc.figures import MAX_VALUE_GRIDLINES
    from maerstanas_print.games.maerstanas.analysis.review import DEPTH_NODE_CAP, EXACT_NODE_CAP
    from maerstanas_print.io import limits
    from maerstanas_print.play.checking import MAX_GAMES_SEARCHED
    from maerstanas_print.plugins.maerstanas.commands import analyse

    return {
        "bytes of a file `check --fix` rewrites or `check --diff` shows (the whole text is "
        "searched at once)": f"{limits.MAX_EDIT_BYTES // 2**20} MiB",
        "invalid games of one file searched for fixes (`check`, `check --fix`, `check --diff`)": (
            f"the first {MAX_GAMES_SEARCHED:,}"
        ),
        "characters of a move list given to `import`": (
            f"{limits.MAX_IMPORT_CHARS // 2**20} MiB ({limits.MAX_IMPORT_CHARS:,})"
        ),
        "gridlines of an engine-value chart, each side of zero": (
            f"{MAX_VALUE_GRIDLINES} (steps of 1, 2 or 5 times a power of ten)"
        ),
        "digits of a whole number given to an option (`--fix`, `--index`, `--depth`, "
        "`--ply`, `--exact-from`, ...), leading zeros left out": f"{limits.MAX_NUMBER_DIGITS}",
        "seconds of one timed search (`--time`)": f"{analyse.MAX_SECONDS:,}",
        f"seconds of a whole analysis run (`--budget`; default {analyse.DEFAULT_BUDGET})": (
            f"{analyse.MAX_BUDGET:,}"
        ),
        "nodes of one `--depth` search, and of its principal variation": (
            f"{DEPTH_NODE_CAP:,} nodes each"
        ),
        "nodes of one exact solve (`analyse`, `annotate`, `puzzles`)": (
            f"{EXACT_NODE_CAP['numba']:,} (numba), {EXACT_NODE_CAP['python']:,} (Python)"
        ),
    }


def test_the_reliability_page_gives_the_same_limits() -> None:
    from maerstanas_print.io import limits

    page = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    table = page.split("| limit | value |")[1].split("\n\n")[0]
    for shown in (
        f"{limits.MAX_STREAM_BYTES // 2**20} MiB",
        f"{limits.FIFO_WAIT_SECONDS:g} s",
        f"| {limits.MAX_GAME_MOVES:,} |",
        f"| {limits.MAX_OPEN_VARIATIONS:,} (",
        f"| {limits.MAX_TAG_CHARS:,} |",
        f"| {limits.MAX_PDF_GAME_CHARS:,} characters",
        f"| {limits.MAX_PDF_DOCUMENT_CHARS:,} characters |",
        f"| {limits.MAX_WHOLE_RECORD_CHARS // 2**20} Mi characters, "
        f"{limits.MAX_WHOLE_RECORD_GAMES:,} games, {limits.MAX_WHOLE_RECORD_MOVES:,} moves, ",
        "NAGs and tags in one game, empty ones too (each `[%command]` too) | "
        f"{limits.MAX_GAME_ASIDES:,} |",
        f"(HTML or PDF) | {limits.MAX_DOCUMENT_MOVES:,} |",
        f"| {limits.MAX_BOOK_SOURCE_BYTES // 2**20} MiB |",
        f"| {limits.MAX_FRONT_MATTER_BYTES // 2**10} KiB; {limits.MAX_FRONT_VALUE_CHARS:,} ",
        f"| {limits.MAX_BOOK_PARAGRAPH_CHARS:,}; {limits.MAX_BOOK_CAPTION_CHARS:,}; "
        f"{limits.MAX_BOOK_TEXT_CHARS:,} characters |",
        f"| {limits.MAX_BOOK_HEADINGS}; {limits.MAX_BOOK_FIGURES} |",
        f"| {limits.MAX_FIGURE_PANELS}; {limits.MAX_TABLE_COLUMNS} |",
    ):
        assert shown in table, shown


def test_the_slip_model_is_documented_with_its_chances() -> None:
    from maerstanas_print.play.slip_model import SLIP_CHANCE

    section = DOC.split("## Fixes and consequences")[1].split("\n## ")[0]
    rows = re.findall(r"^\| (\w+) \| [^|]+ \| ([0-9.]+)", section, re.M)
    assert {kind: float(chance) for kind, chance in rows} == SLIP_CHANCE
    assert "severity `note`" in section and '"end_location"' in section
