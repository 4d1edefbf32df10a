"""Builds every program in programs/ once per test session, through the command line, for the
target tests to load in the real consumers (MuJoCo, check_urdf, libsdformat)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "libraries" / "demo_parts"
PROGRAMS = sorted(p for p in (ROOT / "programs").iterdir() if (p / f"{p.name}.core").exists()) \
    if (ROOT / "programs").exists() else []


CHASSIS_TYPES = ("Diff_two_caster", "Diff_drive", "Tracked", "Mecanum_four_wheel", "Omni_drive",
                 "Omni_three_wheel", "Tricycle", "Ackermann", "Legged")


def chassis_type(program: Path) -> str:
    """The chassis type the program's .core declares (the first component line)."""
    text = (program / f"{program.name}.core").read_text()
    for line in text.splitlines():
        word = line.strip().split(" ", 1)[0]
        if word in CHASSIS_TYPES:
            return word
    raise AssertionError(f"no chassis type found in {program}")


def program_files(program: Path) -> list[str]:
    return [str(program / f"{program.name}{ext}") for ext in (".core", ".world", ".task")
            if (program / f"{program.name}{ext}").exists()]


def compile_program(program: Path, target: str, outdir: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", *program_files(program),
         "--library", str(LIBRARY), "--target", target, "-o", str(outdir)],
        capture_output=True, text=True, cwd=ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """(program name, target) -> output directory of that target, built once."""
    cache: dict[tuple[str, str], Path] = {}

    def build(program: Path, target: str) -> Path:
        key = (program.name, target)
        if key not in cache:
            out = tmp_path_factory.mktemp(f"{program.name}-{target}")
            result = compile_program(program, target, out)
            assert result.returncode == 0, result.stderr + result.stdout
            cache[key] = out / target
        return cache[key]
    return build


def check_urdf(urdf: Path) -> str:
    """urdfdom's check_urdf (the PyPI build) on the file: it must pass; its report."""
    from .. import consumers
    result = consumers.run_check_urdf(urdf)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="session")
def both_targets(tmp_path_factory):
    """program -> (CompileResult, output folder) of its mjcf and ros-gz-nav2 targets (and its
    report), on an empty floor, compiled in-process once."""
    from mobiledsl.pipeline import compile_program as compile_in_process
    cache: dict[str, tuple] = {}

    def get(program: Path):
        if program.name not in cache:
            out = tmp_path_factory.mktemp(f"both-{program.name}")
            result = compile_in_process(program / f"{program.name}.core", None, None, [LIBRARY],
                                        ["mjcf", "ros-gz-nav2"], out)
            assert not result.has_errors, [d.message for d in result.diagnostics]
            cache[program.name] = (result, out)
        return cache[program.name]
    return get
