"""Waiting for a child process by the work it has done, not by the clock.

A signal test must interrupt a command while it works. Sleeping a fixed time
first fails both ways: on a fast machine the command may have finished, on a
loaded one it may still be starting. The CPU time the child has used says where
it is, whatever the machine's speed or load.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HANG_S = 300  # only a hang fails here; no test's result depends on this number


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_busy(proc: subprocess.Popen[str], cpu: float) -> None:
    """Return once `proc` has used `cpu` seconds of CPU; fail if it ended first.
    The wall-clock guard only stops a hang from stalling the suite."""
    guard = time.monotonic() + HANG_S
    while cpu_seconds(proc.pid) < cpu:
        assert proc.poll() is None, "finished before it could be interrupted"
        if time.monotonic() > guard:
            proc.kill()
            raise TimeoutError(f"used under {cpu} s of CPU in {HANG_S} s: a hang")
        time.sleep(0.05)


def run_python(cwd: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -c code args` in `cwd`, bounded by `HANG_S`: a run with its own limits
    or descriptors (`resource.setrlimit`, `os.dup2`) set before the program starts."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HANG_S,
        check=False,
    )
