"""``mobiledsl new NAME``: a project whose ``doit``, ``compile --check`` and ``run`` pass
at once, and a refusal of a folder that holds anything."""
from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BOT = ["programs/bot/bot.core", "programs/bot/bot.world", "programs/bot/bot.task"]


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    env.pop("MOBILEDSL_CACHE", None)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def mobiledsl(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return run(cwd, "-m", "mobiledsl", *args)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    made = mobiledsl(tmp_path, "new", "my-robot")
    assert made.returncode == 0, made.stderr
    return tmp_path / "my-robot"


def test_new_makes_a_project_whose_config_names_its_library_programs_and_targets(project):
    config = tomllib.loads((project / "pyproject.toml").read_text())
    assert config["project"]["name"] == "my-robot"
    assert config["tool"]["mobiledsl"] == {
        "libraries": ["libraries/my_parts"], "programs": "programs/*",
        "targets": ["mjcf", "ros-gz-nav2", "ros-mujoco-nav2"]}
    for path in ["dodo.py", ".gitignore", "libraries/my_parts/library.yaml", *BOT]:
        assert (project / path).is_file(), path
    check = mobiledsl(project, "compile", *BOT, "--check")
    assert check.returncode == 0 and "0 errors, 0 warnings" in check.stderr, check.stderr
    strict = mobiledsl(project, "library", "check", "--strict")
    assert strict.returncode == 0, strict.stderr


@pytest.mark.slow
def test_doit_builds_the_new_project_and_run_reaches_every_step(project):
    built = run(project, "-m", "doit")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "0 failed" in built.stdout + built.stderr
    for target in ("mjcf", "ros-gz-nav2", "ros-mujoco-nav2"):
        assert any((project / "build" / "bot" / target).iterdir()), target
    # as the scaffold's last line says: `run` takes the project's libraries
    ran = mobiledsl(project, "run", *BOT)
    assert ran.returncode == 0, ran.stderr
    assert "4 of 4 steps reached" in ran.stdout + ran.stderr


def test_new_refuses_a_folder_that_holds_anything(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    refused = mobiledsl(tmp_path, "new", "taken")
    assert refused.returncode == 2 and "not empty" in refused.stderr
    assert os.listdir(tmp_path / "taken") == ["notes.txt"]
    (tmp_path / "empty").mkdir()
    assert mobiledsl(tmp_path, "new", "empty").returncode == 0
    assert (tmp_path / "empty" / "dodo.py").is_file()
    # no staging folder is left beside them
    assert sorted(os.listdir(tmp_path)) == ["empty", "taken"]


def test_the_scaffold_data_is_package_data_and_its_parts_are_the_demo_libraries():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["mobiledsl"]
    data = REPO / "mobiledsl" / "scaffold_data"
    for path in data.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            rel = path.relative_to(REPO / "mobiledsl").as_posix()
            assert any(fnmatch.fnmatch(rel, g) for g in globs), rel
    # the copies stay the demo library's parts, byte for byte
    for part in (data / "library" / "parts").iterdir():
        for path in part.rglob("*"):
            if path.is_file():
                demo = REPO / "libraries" / "demo_parts" / "parts" / path.relative_to(
                    data / "library" / "parts")
                assert path.read_bytes() == demo.read_bytes(), path


def test_the_scaffolds_dodo_is_the_repositorys():
    # a copy, since an installed mobiledsl has no checkout to take it from: a change to the
    # repository's dodo.py (a task renamed) is a change to the scaffold's too
    assert (REPO / "mobiledsl" / "scaffold_data" / "dodo.py").read_text() == \
        (REPO / "dodo.py").read_text(), "copy dodo.py to mobiledsl/scaffold_data/dodo.py"
