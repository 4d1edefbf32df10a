"""The real consumers the tests hand outputs to, found or made from the repository alone:
check_urdf from the ``cmeel-urdfdom`` test dependency (PyPI), and the project's own
libsdformat checker, built by ``tools/setup_test_consumers.py``. When one cannot be had, the
test fails and says why (never a bare exit 127, never a silent skip)."""
from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README_COMMAND = "python tools/setup_test_consumers.py && pip install -e '.[test]' && pytest"


def _setup_module():
    spec = importlib.util.spec_from_file_location(
        "setup_test_consumers", ROOT / "tools" / "setup_test_consumers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sdfcheck() -> Path:
    """The built checker (built now when missing or older than its source)."""
    setup = _setup_module()
    if setup.checker_is_current():
        return setup.CHECKER
    try:
        return setup.build_checker()
    except setup.SetupError as exc:
        pytest.fail(f"no libsdformat checker: {exc}\n(the README's test command, "
                    f"{README_COMMAND}, installs what it needs)", pytrace=False)


def _cmeel_prefix() -> Path:
    try:
        import cmeel
    except ImportError:
        pytest.fail("check_urdf comes from the cmeel-urdfdom package, which is not "
                    "installed: pip install -e '.[test]'", pytrace=False)
    return Path(cmeel.__file__).resolve().parents[1] / "cmeel.prefix"


def run_check_urdf(urdf: Path) -> subprocess.CompletedProcess:
    """urdfdom's check_urdf on one file, the PyPI build (its libraries beside it)."""
    prefix = _cmeel_prefix()
    exe = prefix / "bin" / "check_urdf"
    if not exe.is_file():
        pytest.fail(f"cmeel-urdfdom is installed but has no {exe}; reinstall it: "
                    "pip install --force-reinstall cmeel-urdfdom", pytrace=False)
    libs = str(prefix / "lib")
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        p for p in (libs, env.get("LD_LIBRARY_PATH", "")) if p)
    return subprocess.run([str(exe), str(urdf)], capture_output=True, text=True, env=env)
