"""What the end of a build says: a cell is built only when a task of its own ran, a task
restored from the artifact cache is counted as such, the closing line says where the outputs
are, and watch mode names the programs it rebuilt."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from mobiledsl.graph.cache import RESTORED
from mobiledsl.graph.matrix import Matrix, Program
from mobiledsl.graph.reporter import BuildReporter, cell_state
from mobiledsl.graph.watch import describe, programs_rebuilt


class _Action:
    def __init__(self, out: str = ""):
        self.out, self.err = out, ""


class _Task:
    def __init__(self, name: str, out: str = ""):
        self.name = name
        self.actions = [_Action(out)]


class _Graph:
    """The little of tasks.Graph the reporter reads."""

    def __init__(self, root: Path, programs: list[str], targets: tuple[str, ...]):
        self.root = root
        self.shard = None
        self.matrix = Matrix(root, (), tuple(Program(p, f"programs/{p}", f"{p}.core")
                                             for p in programs), targets)

    def programs(self):
        return list(self.matrix.programs)

    def targets_available(self):
        return list(self.matrix.targets)


def finish(tmp_path, monkeypatch, results: dict[str, str], targets=("mjcf", "ros-gz-nav2"),
           restored: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Run a reporter through the given results; returns the table's rows and the last two
    lines, by first word."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    reporter = type("R", (BuildReporter,), {"graph": _Graph(tmp_path, ["alpha", "beta"],
                                                             targets)})(out, {})
    for name, result in results.items():
        task = _Task(name, f"{RESTORED} (0123456789abcdef) at /srv/cache\n" if name in restored else "")
        {"run": reporter.add_success, "up": reporter.skip_uptodate}[result](task)
    reporter.complete_run()
    lines = [line.rstrip() for line in out.getvalue().splitlines() if line.strip()]
    return {line.split()[0]: line.split(None, 1)[1] if " " in line else "" for line in lines}


PROGRAM = ["parse", "resolve", "assemble", "analyse"]


def test_one_cell_built_leaves_the_other_cells_not_in_this_run(tmp_path, monkeypatch):
    results = {f"{p}:alpha": "run" for p in PROGRAM}
    results["emission:alpha/mjcf"] = "run"
    rows = finish(tmp_path, monkeypatch, results)
    assert rows["alpha"].split() == ["built", "not", "in", "this", "run"]
    assert rows["beta"].split() == ["not", "in", "this", "run"] * 2


def test_a_full_build_with_nothing_to_do_is_up_to_date(tmp_path, monkeypatch):
    results = {f"{p}:{prog}": "up" for p in PROGRAM for prog in ("alpha", "beta")}
    results.update({f"emission:{prog}/{t}": "up" for prog in ("alpha", "beta")
                    for t in ("mjcf", "ros-gz-nav2")})
    rows = finish(tmp_path, monkeypatch, results)
    assert rows["alpha"].split() == ["up", "to", "date"] * 2
    assert rows["0"].startswith("task(s) ran (0 restored from the cache), 12 up to date")


def test_restored_tasks_are_counted_and_their_cells_say_so(tmp_path, monkeypatch):
    results = {f"{p}:alpha": "run" for p in PROGRAM}
    results.update({"emission:alpha/mjcf": "run", "emission:alpha/ros-gz-nav2": "run"})
    rows = finish(tmp_path, monkeypatch, results,
                  restored=("resolve:alpha", "emission:alpha/mjcf"))
    assert rows["alpha"].split()[:2] == ["restored", "built"]
    assert rows["6"].startswith("task(s) ran (2 restored from the cache), 0 up to date")


def test_the_last_line_says_where_the_outputs_are(tmp_path, monkeypatch):
    rows = finish(tmp_path, monkeypatch, {"parse:alpha": "run"})
    assert rows["outputs:"] == "build/<program>/<target>/, the analysis and top view in " \
                               "build/<program>/report/"


@pytest.mark.parametrize("cell, program, errors, word", [
    ({"run"}, {"up-to-date"}, 0, "built"),
    ({"run", "restored"}, set(), 0, "built"),
    ({"restored"}, {"restored"}, 0, "restored"),
    ({"up-to-date"}, {"run"}, 0, "up to date"),      # re-analysed, same emission
    (set(), {"run"}, 0, "not in this run"),          # the program ran for another cell
    (set(), {"up-to-date"}, 0, "up to date"),
    (set(), set(), 0, "not in this run"),
    ({"run"}, set(), 1, "failed"),
    (set(), {"fail"}, 0, "failed"),
])
def test_cell_state(cell, program, errors, word):
    assert cell_state(cell, program, errors)[0] == word


def test_watch_names_the_programs_it_rebuilt():
    ran = [{"name": "parse:scout", "result": "success"},
           {"name": "emission:scout/mjcf", "result": "success"},
           {"name": "emission:scout/ros-gz-nav2", "result": "success"},
           {"name": "parse:ranger", "result": "fail"},
           {"name": "load:demo/wheel", "result": "success"}]
    assert programs_rebuilt(ran) == "ranger (failed), scout (mjcf, ros-gz-nav2)"
    assert programs_rebuilt([{"name": "load:demo/wheel", "result": "success"}]) == ""
    out = io.StringIO()
    describe({"tasks": ran}, "", 0.5, out)
    lines = out.getvalue().splitlines()
    assert "rebuilt: ranger (failed), scout (mjcf, ros-gz-nav2)" in lines
    assert lines[-1].startswith("5 task(s) ran")
    quiet = io.StringIO()
    describe({"tasks": []}, "", 0.1, quiet)
    assert "rebuilt" not in quiet.getvalue()


def test_watch_says_failed_for_a_program_whose_phase_reported_an_error():
    # a phase that finds an error in the files succeeds as a doit task: its err says it
    glue = "error[validation.assembly.glue_on_connector]: the glue of 'wheel_l' matches no"
    ran = [{"name": "parse:first_bot", "result": "success", "err": ""},
           {"name": "assemble:first_bot", "result": "success", "err": glue},
           {"name": "emission:first_bot/mjcf", "result": "success", "err": ""},
           {"name": "emission:first_bot/ros-gz-nav2", "result": "success", "err": ""}]
    assert programs_rebuilt(ran) == "first_bot (failed)"
    warned = [dict(ran[1], err="warning[library.asset_missing]: no mesh")]
    assert programs_rebuilt(warned) == "first_bot"


def test_watch_says_failed_for_the_one_cell_that_failed():
    refused = "error[target.unsupported]: the ROS target refuses a legged base"
    ran = [{"name": "emission:quad/mjcf", "result": "success", "err": ""},
           {"name": "emission:quad/ros-gz-nav2", "result": "success", "err": refused}]
    assert programs_rebuilt(ran) == "quad (mjcf, ros-gz-nav2 failed)"
    out = io.StringIO()
    describe({"tasks": ran}, "", 0.2, out)
    assert "rebuilt: quad (mjcf, ros-gz-nav2 failed)" in out.getvalue().splitlines()
