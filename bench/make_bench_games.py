"""Write the speed benchmark's inputs: N valid Mǽrstánas games and N chess games of the same length.

    python bench/make_bench_games.py DIR [--games 3000] [--seed 2026]

writes `DIR/games.mrs` (random legal games of 35-45 plies with tags, move
numbers and a final score line, as people keep them) and, when python-chess is
installed (the `bench` extra), `DIR/games.pgn`: random legal chess games with
the same tags and, game by game, the same number of plies. The same seed gives
the same files byte for byte, so the files are made again rather than
committed (3,000 games are about 1.3 MB). `bench/bench_versions.py` calls it.

The games are played and written here with the engine's public names only
(`Position`, `Rules`, `square_name`), so the file does not depend on the test
helpers and older versions of the package read it as well.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from maerstanas_print import Position, Rules, square_name

TAGS = {"Event": "Bench", "Site": "Here", "Date": "2026.11.21"}


def maerstanas_game(rng: random.Random, round_number: int) -> tuple[str, int] | None:
    """One random legal game as record text and its number of plies, or None
    when its length falls outside 35-45 plies (the caller draws again)."""
    rules = Rules(
        special_stones=rng.random() < 0.7, scoring=rng.choice(["default", "default", "simple"])
    )
    position = Position.start(rules)
    words: list[str] = []
    plies = 0
    while plies < 60:
        moves = position.legal_moves()
        if not moves:
            break
        standard = [m for m in moves if m.kind in ("place", "pass")]
        move = rng.choice(standard) if standard and rng.random() > 0.08 else rng.choice(moves)
        if plies % 2 == 0:
            words.append(f"{plies // 2 + 1}.")
        removed = position.push(move)
        text = str(move)
        if removed:
            text += "x" + "/".join(square_name(square) for square in removed)
        words.append(text)
        plies += 1
    if not 35 <= plies <= 45:
        return None
    tags = {**TAGS, "Round": str(round_number), "Dark": "Player A", "Light": "Player B"}
    lines = [f'[{name} "{value}"]' for name, value in tags.items()]
    if not rules.special_stones:
        lines.append('[SpecialStones "off"]')
    if rules.scoring != "default":
        lines.append(f'[Scoring "{rules.scoring}"]')
    dark, light = position.score()
    end = f"Dark: {dark}, Light: {light}" if position.is_game_over() else "*"
    return "\n".join([*lines, "", " ".join(words), end]) + "\n", plies


def maerstanas_games(count: int, rng: random.Random) -> tuple[list[str], list[int]]:
    """`count` records and their lengths in plies."""
    records: list[str] = []
    lengths: list[int] = []
    while len(records) < count:
        made = maerstanas_game(rng, len(records) + 1)
        if made is not None:
            records.append(made[0])
            lengths.append(made[1])
    return records, lengths


def chess_games(lengths: list[int], rng: random.Random) -> list[str]:
    """Random legal chess games in PGN, one per length (fewer plies where a game ends)."""
    import chess
    import chess.pgn

    records: list[str] = []
    for index, plies in enumerate(lengths):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers.update(
            {**TAGS, "Round": str(index + 1), "White": "Player A", "Black": "Player B"}
        )
        node: chess.pgn.GameNode = game
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        records.append(str(game) + "\n")
    return records


def write(folder: Path, count: int, seed: int) -> tuple[Path, Path | None]:
    """Write the files; the PGN only when python-chess is installed."""
    rng = random.Random(seed)
    records, lengths = maerstanas_games(count, rng)
    ours = folder / "games.mrs"
    ours.write_text("\n".join(records), encoding="utf-8")
    try:
        theirs_text = "\n".join(chess_games(lengths, rng))
    except ImportError:
        return ours, None
    theirs = folder / "games.pgn"
    theirs.write_text(theirs_text, encoding="utf-8")
    return ours, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    for path in write(args.folder, args.games, args.seed):
        if path is not None:
            print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
