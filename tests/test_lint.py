"""mobiledsl/ lints and type-checks clean with the rules pyproject.toml's [tool.ruff] sets (pyflakes,
pycodestyle, bugbear, import order, pyupgrade), as the pre-commit hook runs them."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_the_package_lints_clean():
    ruff = shutil.which("ruff")
    command = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    done = subprocess.run([*command, "check", "--no-cache", "mobiledsl"], cwd=REPO,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_is_formatted():
    """ruff format's layout, pyproject.toml's [tool.ruff.format] saying which files it
    leaves as written (those a generated package carries byte for byte)."""
    ruff = shutil.which("ruff")
    command = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    done = subprocess.run([*command, "format", "--check", "--no-cache", "mobiledsl"], cwd=REPO,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_the_package_type_checks_clean(tmp_path):
    """mypy with [tool.mypy]: every record's fields known (``dataclass_transform`` on the
    record decorators), every phase's inputs and results checked. Its cache is kept in the
    test's own folder, so an earlier run cannot hide an error."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path),
                           "mobiledsl"], cwd=REPO, capture_output=True, text=True,
                          timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
