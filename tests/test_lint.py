"""mobiledsl/ lints clean with the rules pyproject.toml's [tool.ruff] sets (pyflakes,
pycodestyle, bugbear, import order, pyupgrade), as the pre-commit hook runs them."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_package_lints_clean():
    ruff = shutil.which("ruff")
    command = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    done = subprocess.run([*command, "check", "--no-cache", "mobiledsl"], cwd=REPO,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
