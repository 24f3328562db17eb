"""Coverage-guided fuzzing of the record readers and the replay with atheris.

    pip install atheris
    python bench/fuzz_atheris.py --seconds 600            # bounded run
    python bench/fuzz_atheris.py --seconds 600 -- -jobs=2  # extra libFuzzer flags

Not part of the test suite: it runs for as long as it is told. Each input is
read the way `check` reads a file (NUL bytes or invalid UTF-8: refused, as
`read_record` does; a byte order mark dropped), then goes through both readers
and both modes with the promises of tests/fuzz_support.py: every outcome is a
game or a diagnostic with a position inside the text, and strict reading agrees
with lenient reading when no M4xx warning was needed. Any exception, or an
input running longer than --timeout seconds, is a finding: libFuzzer saves it
as `crash-*` or `timeout-*` in the output folder. Copy it to
tests/fuzz_regressions/ to keep it as a regression test.

Findings already reported and waiting for a fix (KNOWN_OPEN in
tests/fuzz_support.py) are counted but not
stopped at, so a long run can find the next problem; --stop-on-known stops at
them too. The seed corpus is the sample game, the test records, the
regression inputs and every record in docs/.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))  # fuzz_support imports tests.random_games

with atheris.instrument_imports(include=["maerstanas_print", "lark", "fuzz_support"]):
    import fuzz_support  # noqa: E402  (imported under instrumentation on purpose)

counts = {"inputs": 0, "refused": 0, "known": 0}


def one_input(data: bytes, stop_on_known: bool) -> None:
    counts["inputs"] += 1
    if b"\x00" in data:
        counts["refused"] += 1
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        counts["refused"] += 1
        return
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        fuzz_support.examine(text, forgive_known=False)
    except Exception as exc:
        if not stop_on_known and fuzz_support.is_known_open(exc):
            counts["known"] += 1
            return
        raise


def seed_corpus(folder: Path) -> int:
    """Copy in the sample game, the test records, the regression inputs and the
    records in the docs."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = [
        ROOT / "maerstanas_print" / "samples" / "sample-game.mrs",
        *sorted((ROOT / "tests" / "records").glob("*.mrs")),
        *sorted(fuzz_support.REGRESSIONS.glob("*.mrs")),
    ]
    for i, source in enumerate(sources):
        shutil.copyfile(source, folder / f"seed-{i:03d}-{source.name}")
    examples = [
        example
        for doc in sorted((ROOT / "docs").glob("*.md"))
        for example in re.findall(r"```mrs\n(.*?)```", doc.read_text("utf-8"), re.S)
    ]
    for i, example in enumerate(examples):  # every kind of game the docs show
        (folder / f"seed-doc-{i:03d}.mrs").write_text(example, encoding="utf-8")
    return len(sources) + len(examples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=60, help="total run time (default 60)")
    parser.add_argument(
        "--timeout",
        type=int,
        default=10,
        help="seconds one input may take before it counts as a hang",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="folder for the corpus and the findings (default: a new temporary folder)",
    )
    parser.add_argument(
        "--stop-on-known", action="store_true", help="stop at findings already reported, too"
    )
    parser.add_argument("libfuzzer", nargs="*", help="flags for libFuzzer, after --")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="mrs-atheris-"))
    corpus = out / "corpus"
    seeds = seed_corpus(corpus)
    print(f"fuzzing for {args.seconds} s; {seeds} seeds; corpus and findings in {out}", flush=True)
    flags = [
        sys.argv[0],
        str(corpus),
        f"-max_total_time={args.seconds}",
        f"-timeout={args.timeout}",
        f"-artifact_prefix={out}/",
        "-rss_limit_mb=4096",
        "-print_final_stats=1",
        "-max_len=8192",
        *args.libfuzzer,
    ]
    started = time.monotonic()

    def run_one(data: bytes) -> None:
        one_input(data, args.stop_on_known)
        if counts["inputs"] % 20_000 == 0:  # libFuzzer exits without atexit handlers
            print(
                f"[fuzz_atheris] {counts['inputs']:,} inputs in "
                f"{time.monotonic() - started:.0f} s; refused as binary or not UTF-8: "
                f"{counts['refused']:,}; known open problem hit: {counts['known']:,}",
                file=sys.stderr,
                flush=True,
            )

    atheris.Setup(flags, run_one)
    atheris.Fuzz()  # ends the process; its last lines say "Done N runs in S second(s)"


if __name__ == "__main__":
    main()
