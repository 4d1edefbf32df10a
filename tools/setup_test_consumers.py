"""Make ready the real consumers the tests feed the outputs to, on a fresh machine.

    python tools/setup_test_consumers.py

- check_urdf comes from PyPI (the ``cmeel-urdfdom`` test dependency): nothing to do here.
- libsdformat, Gazebo's SDF parser, is on no package index we can use from Python, so the
  project builds its own small checker (``tools/sdfcheck.cc``) against the system's
  libsdformat into ``.tools/sdfcheck``. This script installs what that needs (a C++
  compiler, pkg-config, libsdformat's headers) with apt-get when it can, and says what to
  install when it cannot.

Runs on the standard library alone: it comes before ``pip install``. The test session
(``tests/consumers.py``) builds the checker with the same functions when it is missing, and
fails with the reason when it cannot.
"""
from __future__ import annotations

import ctypes.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tools" / "sdfcheck.cc"
CHECKER = ROOT / ".tools" / "sdfcheck"
# Debian's names for what building the checker needs
APT_PACKAGES = ("g++", "pkg-config", "libsdformat-dev")


class SetupError(Exception):
    """A consumer cannot be made ready; the message says why and what to do."""


def sdformat_package() -> str | None:
    """The newest ``sdformatN`` that pkg-config knows, or None."""
    if shutil.which("pkg-config") is None:
        return None
    listed = subprocess.run(["pkg-config", "--list-all"], capture_output=True, text=True)
    names = re.findall(r"^(sdformat\d*)\s", listed.stdout, flags=re.M)
    return max(names, key=lambda n: int(n[8:] or 0)) if names else None


def missing() -> list[str]:
    """The Debian packages the tests still need: what building the checker needs, nginx (the
    remote artifact cache tests serve WebDAV from it), Mesa's EGL and OSMesa (offscreen
    frames of `mobiledsl run --frames`) and Chromium (the view page's tests open it in a
    real browser, headless)."""
    needs = []
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        needs.append("nginx")
    if ctypes.util.find_library("EGL") is None:
        needs += ["libegl1", "libegl-mesa0", "libgl1-mesa-dri"]
    if ctypes.util.find_library("OSMesa") is None:
        needs.append("libosmesa6")
    if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
        needs.append("chromium")
    if shutil.which("g++") is None:
        needs.append("g++")
    if shutil.which("pkg-config") is None:
        needs.append("pkg-config")
    if sdformat_package() is None:
        needs.append("libsdformat-dev")
    return needs


def install(packages: list[str]) -> None:
    """apt-get install them (as root); otherwise SetupError with the command to run."""
    command = ["apt-get", "install", "-y", "-qq", *packages]
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        raise SetupError(f"building sdfcheck needs {', '.join(packages)}; install them "
                         f"(on Debian or Ubuntu: sudo {' '.join(command[:3])} "
                         f"{' '.join(packages)}) and run this again")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for step in (["apt-get", "update", "-qq"], command):
        done = subprocess.run(step, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SetupError(f"'{' '.join(step)}' failed (exit {done.returncode}):\n"
                             + (done.stderr or done.stdout).strip())


def build_checker(out: Path = CHECKER) -> Path:
    """Compile tools/sdfcheck.cc into ``out`` (written whole or not at all)."""
    needs = missing()
    if needs:
        raise SetupError(f"building sdfcheck needs {', '.join(needs)}, which this machine "
                         "lacks: run 'python tools/setup_test_consumers.py'")
    package = sdformat_package()
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", package],
                           capture_output=True, text=True, check=True).stdout.split()
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".sdfcheck.", dir=out.parent)
    os.close(fd)
    try:
        done = subprocess.run(["g++", "-std=c++17", "-O1", str(SOURCE), "-o", tmp, *flags],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SetupError(f"g++ could not build sdfcheck against {package} "
                             f"(exit {done.returncode}):\n{done.stderr.strip()}")
        os.chmod(tmp, 0o755)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out


def checker_is_current(path: Path = CHECKER) -> bool:
    return path.is_file() and path.stat().st_mtime >= SOURCE.stat().st_mtime


def main() -> int:
    try:
        needs = missing()
        if needs:
            print(f"installing {', '.join(needs)} with apt-get", flush=True)
            install(needs)
        path = CHECKER if checker_is_current() else build_checker()
    except SetupError as exc:
        print(f"setup_test_consumers: error: {exc}", file=sys.stderr)
        return 2
    print(f"sdfcheck ready: {path.relative_to(ROOT)}; check_urdf comes with "
          "pip install -e '.[test]' (cmeel-urdfdom)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
