"""The same input gives byte-identical output, run after run: every command's
PDF and HTML (with its inline SVG) and `fmt`'s text, made in two separate
processes with different hash seeds (so set and dict order cannot leak into a
file) at different moments (so no clock can).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from record_helpers import ROOT, SAMPLE

HAND = ROOT / "tests" / "records" / "hand-annotated.mrs"

# Everything `build` makes (board, score sheet, game and rulebook, PDF and
# HTML), and the rest of the options that change what is drawn.
DRIVER = """
import sys
from pathlib import Path
from maerstanas_print.cli import main

out, sample, hand, both = Path(sys.argv[1]), *sys.argv[2:5]
jobs = [
    ["build", "-o", str(out / "build")],
    ["board", "--per-page", "4", "--theme", "ink-saver", "--format", "html"],
    ["board", "--variant", "wraparound", "--paper", "letter"],
    ["scoresheet", "--paper", "letter", "--format", "html"],
    ["game", hand, "--theme", "screen", "--numbers", "off"],
    ["game", hand, "--format", "html", "--every", "2"],
    ["game", both, "--paper", "letter"],
    ["game", both, "--format", "html"],
    ["fmt", hand],
    ["fmt", both],
]
for i, job in enumerate(jobs):
    name = f"{i:02d}-{job[0]}"
    if job[0] == "build":
        pass
    elif job[0] == "fmt":
        job += ["-o", str(out / f"{name}.mrs")]
    else:
        fmt = "html" if "html" in job else "pdf"
        job += ["-o", str(out / f"{name}.{fmt}")]
    code = main(job)
    if code:
        sys.exit(f"{job}: exit {code}")
"""


def _start(folder: Path, seed: str, both: Path) -> subprocess.Popen:
    folder.mkdir()
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(folder), str(SAMPLE), str(HAND), str(both)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_make_byte_identical_files(tmp_path: Path) -> None:
    both = tmp_path / "both.mrs"
    both.write_text(
        SAMPLE.read_text(encoding="utf-8") + "\n" + HAND.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    first = _start(tmp_path / "one", "1", both)
    time.sleep(1.1)  # a different second on the clock for the second run
    second = _start(tmp_path / "two", "2", both)
    for proc in (first, second):
        _, err = proc.communicate(timeout=300)  # only a hang fails here
        assert proc.returncode == 0, err
    one = {
        p.relative_to(tmp_path / "one"): p.read_bytes()
        for p in sorted((tmp_path / "one").rglob("*"))
        if p.is_file()
    }
    two = {
        p.relative_to(tmp_path / "two"): p.read_bytes()
        for p in sorted((tmp_path / "two").rglob("*"))
        if p.is_file()
    }
    assert sorted(one) == sorted(two)
    kinds = {p.suffix for p in one}
    assert kinds == {".pdf", ".html", ".mrs", ".png"}  # the game pages' preview pictures
    assert len(one) >= 13 + 9
    assert all(b"<svg" in data for path, data in one.items() if path.suffix == ".html")
    different = [str(path) for path in one if one[path] != two[path]]
    assert different == []
