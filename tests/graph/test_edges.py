"""The build graph at its edges: `doit clean`, a build stopped with Ctrl-C, a program file
that is not UTF-8."""
from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mobiledsl.graph import actions
from mobiledsl.graph.positions import Positions, diagnostic_from_json
from mobiledsl.graph.reporter import BuildReporter

from .fixture import FULL_PARTS, PROGRAMS, PYPROJECT, doit, env_with_repo, executed, make_project

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


def new_project(root: Path, programs=PROGRAMS) -> Path:
    return make_project(root, FULL_PARTS, pyproject=WITH_MJCF, programs=programs)


def left_in_build(root: Path) -> list[str]:
    """What is under build/ besides doit's and the graph's own bookkeeping (the dot entries
    directly under it): files and folders alike."""
    build = root / "build"
    return sorted(p.relative_to(build).as_posix() for p in build.rglob("*")
                  if not p.relative_to(build).parts[0].startswith("."))


def outputs(root: Path) -> dict[str, bytes]:
    build = root / "build"
    return {p.relative_to(build).as_posix(): p.read_bytes() for p in sorted(build.rglob("*"))
            if p.is_file() and not p.relative_to(build).parts[0].startswith(".")}


# -- doit clean --------------------------------------------------------------------------------
@pytest.mark.slow
def test_clean_leaves_no_output_and_no_empty_folder_and_the_next_build_is_whole(tmp_path):
    root = new_project(tmp_path / "proj")
    doit(root)
    before = outputs(root)
    assert "scout/mjcf/scout.xml" in before
    proc = subprocess.run([sys.executable, "-m", "doit", "clean"], cwd=root,
                          env=env_with_repo(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert left_in_build(root) == []
    assert (root / "libraries").is_dir() and (root / "programs/scout/scout.core").is_file()
    doit(root)
    assert outputs(root) == before
    assert executed(doit(root)) == []


def test_clean_dry_run_removes_nothing(tmp_path):
    root = new_project(tmp_path / "proj")
    doit(root)
    before = outputs(root)
    proc = subprocess.run([sys.executable, "-m", "doit", "clean", "--dry-run"], cwd=root,
                          env=env_with_repo(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert outputs(root) == before


# -- Ctrl-C --------------------------------------------------------------------------------------
class _Task:
    def __init__(self, name):
        self.name = name
        self.actions = [object()]


def test_the_reporter_says_a_stopped_build_was_stopped(tmp_path):
    out = io.StringIO()
    reporter = BuildReporter(out, {})
    reporter.add_success(_Task("parse:scout"))
    try:
        try:
            raise KeyboardInterrupt
        finally:
            reporter.complete_run()            # as doit's runner does, in its finally
    except KeyboardInterrupt:
        pass
    text = out.getvalue()
    assert "interrupted" in text and "1 task(s) ran" in text
    assert "doit" in text                     # what to run to finish


def test_the_json_reporter_still_reports_a_task_stopped_midway():
    from doit.reporter import TaskResult

    from mobiledsl.graph.reporter import mend_json_reporter
    mend_json_reporter()
    mend_json_reporter()                      # twice is once
    started = TaskResult(_Task("resolve:scout"))
    started.start()                           # Ctrl-C came before it finished
    doc = started.to_dict()
    assert doc["name"] == "resolve:scout" and doc["result"] is None
    assert doc["elapsed"] >= 0


@pytest.mark.slow
def test_ctrl_c_stops_a_build_without_a_traceback_and_the_next_run_finishes_it(tmp_path):
    clean = new_project(tmp_path / "clean")
    doit(clean)
    root = new_project(tmp_path / "stopped")
    proc = subprocess.Popen([sys.executable, "-m", "doit"], cwd=root, env=env_with_repo(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    marker = root / "build/scout/records/parse.json"
    deadline = time.monotonic() + 120
    while not marker.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    if proc.returncode == 0:                    # it was done before the signal came
        return
    assert "Traceback" not in stderr, stderr
    assert "interrupted" in stdout + stderr
    assert proc.returncode in (130, -signal.SIGINT)
    doit(root)
    assert outputs(root) == outputs(clean)
    assert executed(doit(root)) == []


# -- a program file that is not UTF-8 -----------------------------------------------------------
def test_a_program_that_is_not_utf8_gets_an_error_with_its_place(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    core = Path("bad.core")
    core.write_bytes(b"Robot bad {\n    // caf\xe9\n}\n")
    out = "build/bad/records/parse.json"
    actions.phase_action("parse", out, {}, {}, files={"core": str(core)}, dependencies=[])
    record = json.loads(Path(out).read_text())
    assert record["program"] is None
    [d] = record["diagnostics"]
    assert d["code"] == "syntax.invalid_character" and "UTF-8" in d["message"]
    # the record keeps the place in its positions table, where rendering finds it
    span = Positions().span(diagnostic_from_json(d).span)
    assert (span.file, span.line, span.column) == ("bad.core", 2, 11)
