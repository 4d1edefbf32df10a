"""The sim:<program> doit tasks: not default, built on the program's mjcf cell, up to date
until an input changes, failing when a step fails."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mujoco")

REPO = Path(__file__).resolve().parents[2]

WORLD = """World yard {
    ground_plane = true
    Obstacle wall(type = box, size = (0.1, 2.0, 0.4), pos = (%s, 0.0, 0.2, 0, 0, 0, 1))
}
"""
TASK = "Task t {\n    Advance(distance_m = 0.3, speed_mps = 0.3)\n}\n"


@pytest.fixture
def project(tmp_path):
    shutil.copy(REPO / "dodo.py", tmp_path / "dodo.py")
    (tmp_path / "libraries").mkdir()
    (tmp_path / "libraries" / "demo_parts").symlink_to(REPO / "libraries" / "demo_parts")
    prog = tmp_path / "programs" / "rover"
    prog.mkdir(parents=True)
    core = (REPO / "programs" / "diff_drive" / "diff_drive.core").read_text()
    (prog / "rover.core").write_text(core)
    (prog / "rover.world").write_text(WORLD % "1.5")
    (prog / "rover.task").write_text(TASK)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mobiledsl]\nlibraries = ["libraries/demo_parts"]\nprograms = "programs/*"\n'
        'targets = ["mjcf"]\n')
    return tmp_path


def doit(root: Path, *args: str) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, "-m", "doit", "--reporter=json", *args],
                          cwd=root, capture_output=True, text=True)
    return done.returncode, json.loads(done.stdout)


def results(report: dict) -> dict[str, str]:
    return {t["name"]: t["result"] for t in report["tasks"] if t["name"].startswith("sim:")}


def test_no_task_kind_takes_a_word_doit_owns(project):
    # `doit run` is doit's own command: a task kind named run would never be reached by it
    from doit.doit_cmd import DoitMain

    from mobiledsl.graph.tasks import BASENAMES
    owned = {cmd.get_name() for cmd in DoitMain.DOIT_CMDS}
    assert not owned & set(BASENAMES)
    done = subprocess.run([sys.executable, "-m", "doit", "list"], cwd=project,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert any(line.split()[:1] == ["sim"] for line in done.stdout.splitlines()), done.stdout


@pytest.mark.slow
def test_run_tasks_are_not_default_and_run_on_the_mjcf_cell(project):
    status, report = doit(project)
    assert status == 0 and results(report) == {}
    status, report = doit(project, "sim:rover")
    assert status == 0 and results(report) == {"sim:rover": "success"}
    run = json.loads((project / "build" / "rover" / "report" / "run.json").read_text())
    assert run["ok"] is True
    status, report = doit(project, "sim:rover")
    assert status == 0 and results(report) == {"sim:rover": "up-to-date"}


@pytest.mark.slow
def test_a_failed_step_fails_the_run_task(project):
    (project / "programs" / "rover" / "rover.world").write_text(WORLD % "0.3")
    status, report = doit(project, "sim:rover")
    assert status != 0 and results(report) == {"sim:rover": "fail"}
    run = json.loads((project / "build" / "rover" / "report" / "run.json").read_text())
    assert run["steps"][0]["collisions"] == ["wall"]


@pytest.mark.slow
def test_a_run_task_runs_on_the_records_and_compiles_nothing(project, monkeypatch):
    """sim:<program> reads the compile from the program's records (the parse, resolve,
    assemble and analyse records are its file_dep; the program's files are not)."""
    import contextlib

    from mobiledsl import pipeline
    from mobiledsl.graph import Graph
    from mobiledsl.run.graphtask import run_action, run_tasks
    status, _ = doit(project)
    assert status == 0
    with contextlib.chdir(project):
        graph = Graph(project)
        task = [t for t in run_tasks(graph) if t["name"] == "rover"][0]
        assert not any(dep.startswith("programs/") for dep in task["file_dep"])
        assert "build/rover/records/analyse.json" in task["file_dep"]

        def no_compile(*args, **kwargs):
            raise AssertionError("compiled again")
        monkeypatch.setattr(pipeline, "compile_program", no_compile)
        assert run_action(*task["actions"][0][1]) is True
    run = json.loads((project / "build" / "rover" / "report" / "run.json").read_text())
    assert run["ok"] is True
