"""The human rendering of a handful of errors, byte for byte, as a user sees them on a
terminal without colour. Each case is a folder: robot.core (a broken diff_bot), expected.txt, and
sometimes lib/, a library of the user's own passed after the demo library. Set GOLDEN_UPDATE=1 to rewrite the expectations after a deliberate change,
then read the diff."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
CASES = sorted(p.name for p in HERE.iterdir() if (p / "robot.core").exists())
# the glue error first, so that it is the first case run and reported
CASES.sort(key=lambda name: name != "glue_error")


@pytest.mark.parametrize("case", CASES)
def test_human_rendering(case):
    core = (HERE / case / "robot.core").relative_to(ROOT)
    libraries = ["--library", "libraries/demo_parts"]
    if (HERE / case / "lib").is_dir():          # a library of the user's own beside it
        libraries += ["--library", str((HERE / case / "lib").relative_to(ROOT))]
    result = subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", str(core), *libraries, "--check",
         "--color", "never"],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "NO_COLOR": "1"})
    assert result.returncode == 1
    expected = HERE / case / "expected.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        expected.write_text(result.stderr)
    assert result.stderr == expected.read_text()
