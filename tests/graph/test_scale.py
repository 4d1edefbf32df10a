"""The build graph at scale: one cell alone, shards, the default reporter, the analysis
report, the artifact cache, parallel builds, killed builds, a damaged database, and watch
mode. Each test builds the fixture project of ``fixture.py`` (two programs, mjcf)."""
from __future__ import annotations

import pytest
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


from .fixture import (FULL_PARTS, LIBRARY, PROGRAMS, PYPROJECT, doit, doit_subprocess,
                      env_with_repo, executed, make_project, run_doit)

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


def new_project(root: Path) -> Path:
    return make_project(root, FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)


def run(root: Path, *args: str, env: dict | None = None, check: bool = True
        ) -> subprocess.CompletedProcess:
    """doit with its default (mobiledsl) reporter."""
    proc = subprocess.run([sys.executable, "-m", "doit", *args], cwd=root,
                          env=env or env_with_repo(), capture_output=True, text=True,
                          timeout=600)
    if check:
        assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr}"
    return proc


def here(root: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """doit in this process (what ``run`` does, without Python's start-up), with ``env``
    set for the while."""
    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.txt"
            status, stdout, stderr = run_doit(root, *args, f"--output-file={out}")
            text = (out.read_text() if out.exists() else "") + stdout
    finally:
        os.environ.clear()
        os.environ.update(saved)
    assert status == 0, f"{text}\n{stderr}"
    return subprocess.CompletedProcess(args, status, text, stderr)


def outputs(root: Path) -> dict[str, bytes]:
    """Every file the build wrote, but doit's and the graph's own bookkeeping (the dot
    entries directly under build/)."""
    build = root / "build"
    out = {}
    for path in sorted(build.rglob("*")):
        rel = path.relative_to(build)
        if path.is_file() and not rel.parts[0].startswith("."):
            out[rel.as_posix()] = path.read_bytes()
    return out


def of(program: str, names: list[str]) -> list[str]:
    return [n for n in names if n.split(":", 1)[1].split("/", 1)[0] == program]


# -- the matrix ------------------------------------------------------------------------------
def test_one_cell_builds_alone(tmp_path):
    root = new_project(tmp_path / "proj")
    ran = executed(doit(root, "build:scout/mjcf"))
    assert of("ranger", ran) == []
    assert {"parse:scout", "resolve:scout", "analyse:scout", "emission:scout/mjcf",
            "build:scout/mjcf"} <= set(ran)
    # the parts scout names are loaded; the range finder only ranger carries is not
    assert f"load:{LIBRARY}/lidar_ld06" in ran and f"load:{LIBRARY}/tof_vl53l1x" not in ran
    assert (root / "build/scout/mjcf/scout.xml").is_file()
    assert not (root / "build/ranger").exists()
    # a full build then writes the rest, and leaves scout's file as it is (early cutoff)
    ran = executed(doit(root))
    assert "emission:ranger/mjcf" in ran and "emission:scout/mjcf" not in ran
    assert "emit:scout/mjcf/scout.xml" not in ran
    assert executed(doit(root)) == []
    assert executed(doit(root, "build:ranger")) == []


@pytest.mark.slow
def test_list_shows_the_tasks_by_phase(tmp_path):
    root = new_project(tmp_path / "proj")
    lines = run(root, "list").stdout.splitlines()
    assert [line.split()[0] for line in lines] == [
        "manifest", "load", "parse", "refs", "deps", "resolve", "assemble", "analyse",
        "emission", "emit", "assets", "view", "build", "sim"]
    every = run(root, "list", "--all").stdout.split()
    assert "build:scout/mjcf" in every and "build:ranger" in every


@pytest.mark.slow
def test_shards_split_the_programs(tmp_path):
    first, second = new_project(tmp_path / "a"), new_project(tmp_path / "b")
    ran1 = executed(doit(first, "shard=1/2"))
    env = dict(env_with_repo(), MOBILEDSL_SHARD="2/2")
    proc = subprocess.run([sys.executable, "-m", "doit", "--reporter=json"], cwd=second,
                          env=env, capture_output=True, text=True, timeout=600)
    ran2 = executed(json.loads(proc.stdout))
    programs1 = {n.split(":")[1] for n in ran1 if n.startswith("parse:")}
    programs2 = {n.split(":")[1] for n in ran2 if n.startswith("parse:")}
    assert programs1 == {"ranger"} and programs2 == {"scout"}     # sorted names, dealt out
    bad = run(first, "shard=3/2", check=False)
    assert bad.returncode != 0 and "shard" in bad.stderr


# -- the analysis report -----------------------------------------------------------------------
def test_analyse_writes_the_report(tmp_path):
    root = new_project(tmp_path / "proj")
    doit(root)
    report = root / "build/scout/report"
    analysis = json.loads((report / "analysis.json").read_text())
    assert analysis["robot"] == "scout" and analysis["mass"] > 0
    assert b"<svg" in (report / "topview.svg").read_bytes()[:400]
    (report / "topview.svg").unlink()
    assert executed(doit(root)) == ["analyse:scout", "view:scout"]     # the page shows the analysis
    assert (report / "topview.svg").is_file()


# -- what a person reads -----------------------------------------------------------------------
def test_the_default_reporter_ends_with_a_table_of_the_matrix(tmp_path):
    root = new_project(tmp_path / "proj")
    core = root / "programs/ranger/ranger.core"
    core.write_text(core.read_text().replace('ref = "tof_vl53l1x"', 'ref = "tof_missing"'))
    first = here(root)
    rows = {line.split()[0]: line for line in first.stdout.splitlines() if line.strip()}
    assert "mjcf" in rows["program"]
    assert "built" in rows["scout"]
    assert "failed" in rows["ranger"] and "1 error" in rows["ranger"]
    assert "error[resolve.unknown_part]" in first.stdout      # the diagnostic, as it ran
    second = here(root)
    rows = {line.split()[0]: line for line in second.stdout.splitlines() if line.strip()}
    assert "up to date" in rows["scout"] and "failed" in rows["ranger"]
    assert "0 task(s) ran" in second.stdout
    assert "error[" not in second.stdout                       # shown once, when it ran


# -- the artifact cache ------------------------------------------------------------------------
COMPUTED = ("resolve", "assemble", "analyse", "emission")


@pytest.mark.slow
def test_a_populated_cache_restores_outputs_without_running_the_phases(tmp_path):
    store = tmp_path / "store"
    env = {"MOBILEDSL_CACHE": str(store)}
    ci_1 = new_project(tmp_path / "ci-1")
    first = json.loads(here(ci_1, "--reporter=json", env=env).stdout)
    assert not any("artifact cache" in t["out"] for t in first["tasks"])
    assert (store / "entries").is_dir()
    # another checkout, an empty build/: every phase's outputs come from the store
    ci_2 = new_project(tmp_path / "ci-2")
    second = json.loads(here(ci_2, "--reporter=json", env=env).stdout)
    phases = [t for t in second["tasks"] if ":" in t["name"]
              and t["name"].split(":")[0] in COMPUTED]
    assert len(phases) == 2 * len(COMPUTED)
    assert all(t["result"] == "success" and "restored from the artifact cache" in t["out"]
               for t in phases), [(t["name"], t["out"]) for t in phases]
    assert outputs(ci_2) == outputs(ci_1)
    # an edit misses for the program it reaches, and only there
    part = ci_2 / f"libraries/{LIBRARY}/parts/tof_vl53l1x/component.yaml"
    part.write_text(part.read_text().replace("mass: 0.0005", "mass: 0.0006"))
    third = json.loads(here(ci_2, "--reporter=json", env=env).stdout)
    resolve = {t["name"]: t["out"] for t in third["tasks"] if t["name"].startswith("resolve:")
               and t["result"] == "success"}
    assert list(resolve) == ["resolve:ranger"] and "artifact cache" not in resolve[
        "resolve:ranger"]


# -- robustness --------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_parallel_build_writes_what_a_serial_one_does(tmp_path):
    serial, parallel = new_project(tmp_path / "serial"), new_project(tmp_path / "parallel")
    doit(serial)
    # the real command: doit's worker processes import the graph themselves
    ran = executed(doit_subprocess(parallel, "-n", "2"))
    assert "emit:scout/mjcf/scout.xml" in ran
    assert outputs(parallel) == outputs(serial)
    assert executed(doit(parallel, "-n", "2")) == []


@pytest.mark.slow
def test_a_killed_build_is_repaired_by_the_next(tmp_path):
    clean = new_project(tmp_path / "clean")
    doit(clean)
    root = new_project(tmp_path / "killed")
    # an edit made between runs must still be seen after the kill
    proc = subprocess.Popen([sys.executable, "-m", "doit", "--reporter=json"], cwd=root,
                            env=env_with_repo(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    marker = root / "build/scout/records/parse.json"
    deadline = time.monotonic() + 120
    while not marker.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not (root / "build/scout/mjcf/scout.xml").exists()        # it was midway
    # what a kill inside write_atomic leaves: a temporary file beside an output
    stray = root / "build/scout/records/.resolve.json.abc123de.tmp"
    stray.parent.mkdir(parents=True, exist_ok=True)
    stray.write_text("half a record")
    proc = run(root, "--reporter=json")
    assert "stopped midway" in proc.stderr and not stray.exists()
    assert outputs(root) == outputs(clean)
    assert executed(doit(root)) == []


def test_a_damaged_database_is_recovered_from(tmp_path):
    root = new_project(tmp_path / "proj")
    doit(root)
    before = outputs(root)
    db = root / "build/.doit.db"
    db.write_bytes(os.urandom(64) + b"not a database" * 50)
    proc = here(root, "--reporter=json")
    assert "build/.doit.db was damaged" in proc.stderr
    assert "moved it to build/.doit.db.damaged" in proc.stderr
    assert (root / "build/.doit.db.damaged").is_file()
    assert outputs(root) == before
    assert executed(doit(root)) == []


# -- watch mode --------------------------------------------------------------------------------
def _reader(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _wait_for(lines: queue.Queue, text: str, seen: list[str], timeout: float = 120) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        if line is None:
            return False
        seen.append(line)
        if text in line:
            return True
    return False


def _stopped(proc, lines: queue.Queue, seen: list[str]) -> int | None:
    """The watcher's exit status once Ctrl-C has stopped it; if it has not stopped within
    30 s, None, with every thread's stack (faulthandler, on SIGABRT) appended to ``seen``."""
    try:
        return proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        proc.wait(timeout=10)
        _wait_for(lines, "\0", seen, timeout=2)        # whatever it printed, to its end
        return None


@pytest.mark.slow
def test_watch_prints_the_diagnostics_of_an_edit(tmp_path):
    root = new_project(tmp_path / "proj")
    env = env_with_repo()
    env["PYTHONFAULTHANDLER"] = "1"     # a watcher that does not stop shows where it is
    proc = subprocess.Popen([sys.executable, "-m", "mobiledsl", "watch", "--root", str(root),
                             "--debounce", "0.2"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        assert _wait_for(lines, "watching", seen), "".join(seen)
        core = root / "programs/scout/scout.core"
        core.write_text(core.read_text().replace("Robot scout {", "Robot scout ("))
        assert _wait_for(lines, "error[syntax.", seen), "".join(seen)
        assert _wait_for(lines, "task(s) ran", seen), "".join(seen)
        assert any("changed: programs/scout/scout.core" in line for line in seen)
        assert "parse:scout" in seen[-1] and "; 0 error(s)" not in seen[-1]
        proc.send_signal(signal.SIGINT)
        assert _stopped(proc, lines, seen) == 0, "".join(seen)
        assert _wait_for(lines, "stopped watching", seen, timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_no_op_reads_the_saved_states_at_once_and_finds_nothing_to_do(tmp_path,
                                                                      monkeypatch):
    from doit.dependency import SqliteDB
    root = new_project(tmp_path / "proj")
    doit(root)
    asked: list[str] = []
    one_by_one = SqliteDB._get_task_data
    monkeypatch.setattr(SqliteDB, "_get_task_data",
                        lambda self, name: asked.append(name) or one_by_one(self, name))
    assert executed(doit(root)) == []
    assert [name for name in asked if ":" in name] == []    # only group tasks have no row
    # the states read at once are the states: an edit is seen, and only it runs
    core = root / "programs" / "scout" / "scout.core"
    core.write_text(core.read_text() + "\n// a comment\n")
    assert executed(doit(root)) == ["parse:scout"]
    assert executed(doit(root)) == []
