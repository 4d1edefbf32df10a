"""The build graph with hostile input: a part that cannot be read fails that part's load with
a diagnostic (no hang, no crash), a link planted in build/ is never written through, and the
other programs build."""
from __future__ import annotations

import pytest
import os
import subprocess
import sys

from tests.graph.fixture import (FULL_PARTS, LIBRARY, PROGRAMS, PYPROJECT, doit, env_with_repo,
                                 make_project)

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


def test_hostile_parts_and_a_planted_link_leave_the_other_program_built(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    parts = root / "libraries" / LIBRARY / "parts"
    ranger_only = "tof_vl53l1x"                       # the range finder only ranger names
    (parts / ranger_only / "component.yaml").unlink()
    os.mkfifo(parts / ranger_only / "component.yaml")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "build" / "ranger").mkdir(parents=True)
    os.symlink(elsewhere, root / "build" / "ranger" / "mjcf")
    report = doit(root)
    results = {t["name"]: t for t in report["tasks"]}
    load = results[f"load:{LIBRARY}/{ranger_only}"]
    assert load["result"] == "success" and "library.not_a_file" in load["err"]
    assert list(elsewhere.iterdir()) == []            # nothing through the link
    assert (root / "build" / "scout" / "mjcf" / "scout.xml").is_file()
    assert not any("Traceback" in t.get("err", "") and t["name"].startswith("load:")
                   for t in report["tasks"])


@pytest.mark.slow
def test_a_link_planted_where_outputs_go_fails_that_cell_only(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "build" / "scout").mkdir(parents=True)
    os.symlink(elsewhere, root / "build" / "scout" / "mjcf")
    done = subprocess.run([sys.executable, "-m", "doit"], cwd=root, env=env_with_repo(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode != 0                       # scout's files are refused ...
    assert "symbolic link" in done.stdout + done.stderr
    assert list(elsewhere.iterdir()) == []            # ... and none went through the link
    assert (root / "build" / "ranger" / "mjcf" / "ranger.xml").is_file()
