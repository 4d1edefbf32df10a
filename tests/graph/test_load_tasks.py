"""The library half of the build graph: one load task per registered part, up to date by
content hash. Each test builds a fresh copy of a three-part fixture project and counts the
tasks `doit --reporter=json` reports as executed."""
from __future__ import annotations

import json
import sqlite3

import pytest

from .fixture import LIBRARY, PARTS, PYPROJECT, doit, executed, make_project, results

LOADS = sorted(f"load:{LIBRARY}/{pid}" for pid in PARTS)
PARTS_DIR = f"libraries/{LIBRARY}/parts"


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "proj")


def record(root, pid):
    return root / "build" / LIBRARY / "parts" / f"{pid}.json"


def test_first_run_loads_every_part_and_a_second_run_executes_nothing(project):
    first = doit(project)
    assert executed(first) == sorted(LOADS + [f"manifest:{LIBRARY}"])
    for pid in PARTS:
        data = json.loads(record(project, pid).read_text())
        assert set(data) == {"part", "diagnostics"}
        assert data["part"]["id"] == pid and data["diagnostics"] == []
        # paths in records are the project's own, relative: no machine path
        assert data["part"]["file"] == f"{PARTS_DIR}/{pid}/component.yaml"
    second = doit(project)
    assert executed(second) == []
    # every phase instance is reported, as up to date
    assert all(results(second)[name] == "up-to-date" for name in LOADS)


def test_a_comment_edit_reruns_only_that_parts_load(project):
    doit(project)
    before = {pid: record(project, pid).stat().st_mtime_ns for pid in PARTS}
    yaml = project / PARTS_DIR / "standard_80" / "component.yaml"
    yaml.write_text(yaml.read_text().replace("# a plain wheel", "# a plain rubber wheel"))
    assert executed(doit(project)) == [f"load:{LIBRARY}/standard_80"]
    # the record came out the same bytes, so it was left untouched
    after = {pid: record(project, pid).stat().st_mtime_ns for pid in PARTS}
    assert after == before
    assert executed(doit(project)) == []


def test_deleting_one_output_recreates_only_it(project):
    doit(project)
    record(project, "tof_vl53l1x").unlink()
    assert executed(doit(project)) == [f"load:{LIBRARY}/tof_vl53l1x"]
    assert record(project, "tof_vl53l1x").is_file()
    assert executed(doit(project)) == []


def test_a_value_edit_changes_the_record(project):
    doit(project)
    yaml = project / PARTS_DIR / "lidar_ld06" / "component.yaml"
    yaml.write_text(yaml.read_text().replace("mass: 0.0824982", "mass: 0.09"))
    assert executed(doit(project)) == [f"load:{LIBRARY}/lidar_ld06"]
    assert json.loads(record(project, "lidar_ld06").read_text())["part"]["inertial"]["mass"] \
        == 0.09


def test_a_missing_mesh_reruns_the_load_and_the_part_is_left_out(project):
    doit(project)
    (project / PARTS_DIR / "lidar_ld06" / "assets" / "model.dae").unlink()
    report = doit(project)
    assert executed(report) == [f"load:{LIBRARY}/lidar_ld06"]
    data = json.loads(record(project, "lidar_ld06").read_text())
    assert data["part"] is None
    assert [d["code"] for d in data["diagnostics"]] == ["library.asset_missing"]
    # the problem is printed, and the task still succeeded
    task = next(t for t in report["tasks"] if t["name"] == f"load:{LIBRARY}/lidar_ld06")
    assert task["result"] == "success" and "library.asset_missing" in task["err"]


def test_a_broken_declaration_does_not_fail_its_task(project):
    yaml = project / PARTS_DIR / "standard_80" / "component.yaml"
    yaml.write_text(yaml.read_text().replace("wheel: {radius: 0.04, width: 0.03}\n", ""))
    report = doit(project)
    assert executed(report) == sorted(LOADS + [f"manifest:{LIBRARY}"])
    assert all(t["result"] != "fail" for t in report["tasks"])
    data = json.loads(record(project, "standard_80").read_text())
    assert data["part"] is None and data["diagnostics"]
    assert json.loads(record(project, "lidar_ld06").read_text())["part"] is not None


def test_registering_a_part_runs_only_its_load_and_the_manifest(project):
    doit(project)
    lib = project / "libraries" / LIBRARY
    extra = lib / "parts" / "wheel_b"
    extra.mkdir()
    (extra / "assets").mkdir()
    (extra / "assets" / "model.dae").write_text("<mesh/>\n")
    (extra / "component.yaml").write_text(
        (lib / "parts" / "standard_80" / "component.yaml").read_text()
        .replace("id: standard_80", "id: wheel_b"))
    (lib / "library.yaml").write_text((lib / "library.yaml").read_text() + "  - wheel_b\n")
    assert executed(doit(project)) == [f"load:{LIBRARY}/wheel_b", f"manifest:{LIBRARY}"]


def test_doits_database_is_sqlite_under_build(project):
    doit(project)
    db = project / "build" / ".doit.db"
    assert db.read_bytes()[:16] == b"SQLite format 3\x00"
    with sqlite3.connect(db) as conn:
        names = {row[0] for row in conn.execute("select task_id from doit")}
    assert set(LOADS) <= names
    assert not list(project.glob(".doit.db*"))


def test_two_doit_processes_at_once_both_succeed(project):
    import subprocess
    import sys

    from .fixture import env_with_repo
    procs = [subprocess.Popen([sys.executable, "-m", "doit", "--reporter=json"], cwd=project,
                              env=env_with_repo(), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        json.loads(out)
    assert executed(doit(project)) == []


def test_a_library_that_is_not_there_gives_no_tasks(tmp_path):
    root = make_project(tmp_path / "proj",
                        pyproject=PYPROJECT.replace("libraries/fix_parts", "libraries/absent"))
    report = doit(root)
    assert report["tasks"] == []


def test_no_tool_mobiledsl_table_gives_no_tasks(tmp_path):
    root = make_project(tmp_path / "proj", pyproject='[project]\nname = "x"\n')
    assert doit(root)["tasks"] == []


def test_a_registered_walker_has_a_task_of_its_own(project):
    manifest = project / "libraries" / LIBRARY / "library.yaml"
    manifest.write_text(manifest.read_text() + "walkers:\n  - strider\n")
    report = doit(project)
    assert f"walker:{LIBRARY}/strider" in executed(report)
    data = json.loads((project / "build" / LIBRARY / "walkers" / "strider.json").read_text())
    assert data["walker"] is None                      # no walker.yaml: left out, a warning
    assert [d["severity"] for d in data["diagnostics"]] == ["warning"]
    assert executed(doit(project)) == []


def test_a_changed_policy_file_loads_its_walker_again(project):
    """The loader reads a controller's ONNX file, so its content is an input of the load:
    the same names with other bytes re-run the walker's task (and only it)."""
    manifest = project / "libraries" / LIBRARY / "library.yaml"
    manifest.write_text(manifest.read_text() + "walkers:\n  - strider\n")
    folder = project / "libraries" / LIBRARY / "walkers" / "strider"
    (folder / "assets").mkdir(parents=True)
    (folder / "walker.yaml").write_text("controller:\n  policy: assets/walk.bin\n")
    (folder / "assets" / "walk.bin").write_bytes(b"one")
    doit(project)
    assert executed(doit(project)) == []
    (folder / "assets" / "walk.bin").write_bytes(b"two")
    assert executed(doit(project)) == [f"walker:{LIBRARY}/strider"]
    assert executed(doit(project)) == []


def test_a_changed_onnx_file_loads_its_part_again(project):
    policy = project / PARTS_DIR / "standard_80" / "assets" / "policy.onnx"
    policy.write_bytes(b"one")
    doit(project)
    policy.write_bytes(b"two")
    assert executed(doit(project)) == [f"load:{LIBRARY}/standard_80"]
    assert executed(doit(project)) == []
