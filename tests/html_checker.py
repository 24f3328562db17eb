"""The Nu HTML checker (vnu.jar, run by Debian's Java) for the HTML validity tests."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Only turns a hang into a failure: Java takes seconds, longer on a loaded machine,
# and no test judges how long.
HANG_S = 600


def vnu_jar() -> Path:
    candidates = [Path(os.environ["VNU_JAR"])] if os.environ.get("VNU_JAR") else []
    candidates.append(ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar")
    for path in candidates:
        if path.is_file():
            return path
    pytest.fail(
        "the Nu HTML checker is missing (node_modules/vnu-jar/build/dist/vnu.jar); "
        "run .ci/install-deps, which installs it with npm. This test is never skipped."
    )


def html_errors(*pages: Path) -> str:
    """What the checker says is wrong with the pages ("" when all are valid HTML5)."""
    java = shutil.which("java")
    if java is None:
        pytest.fail(
            "java is missing; run .ci/install-deps (it installs default-jre-headless) "
            "to run the Nu HTML checker. This test is never skipped."
        )
    result = subprocess.run(
        [java, "-jar", str(vnu_jar()), "--errors-only", "--format", "text", *map(str, pages)],
        capture_output=True,
        text=True,
        timeout=HANG_S,
    )
    return "" if result.returncode == 0 else f"vnu found errors:\n{result.stdout}{result.stderr}"
