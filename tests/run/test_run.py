"""`mobiledsl run` end to end in MuJoCo: each step kind reached and failed, a blocked world
gives run.no_path, a wall across an Advance gives run.collision, a spin on an Ackermann base
is refused before any simulation, and the same run twice writes the same bytes."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
import math
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mujoco")

from mobiledsl.run.plan import MARGIN_M, footprint_radii, path_clearance, world_grid  # noqa: E402
from mobiledsl.run.program import run_program  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "libraries" / "demo_parts"
DIFF = ROOT / "programs" / "diff_drive" / "diff_drive.core"     # a skid-steer rover
MECANUM = ROOT / "programs" / "mecanum" / "mecanum.core"
ACKERMANN = ROOT / "programs" / "ackermann" / "ackermann.core"

GOAL = 'Marker goal(type = cylinder, size = (0.3, 0.3, 0.002), pos = (2.0, 0.0, 0.001, 0, 0, 0, 1))'


def files(tmp_path: Path, world: str, task: str) -> tuple[Path, Path]:
    w = tmp_path / "t.world"
    w.write_text("World t {\n    ground_plane = true\n" + world + "\n}\n")
    t = tmp_path / "t.task"
    t.write_text("Task t {\n" + task + "\n}\n")
    return w, t


def run(tmp_path: Path, core: Path, world: str, task: str, name: str = "out"):
    w, t = files(tmp_path, world, task)
    return run_program(core, w, t, [LIBRARY], tmp_path / name)


def codes(result) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in result.diagnostics if d.is_error]


@pytest.mark.slow
def test_advance_backup_spin_and_navigate_are_reached(tmp_path):
    crate = 'Obstacle crate(type = box, size = (0.4, 0.4, 0.4), pos = (1.0, 0.0, 0.2, 0, 0, 0, 1))'
    result = run(tmp_path, DIFF, crate + "\n" + GOAL, """\
    BackUp(distance_m = 0.2, speed_mps = 0.2)
    Advance(distance_m = 0.2, speed_mps = 0.3)
    Spin(direction = left, angle_rad = 0.8)
    Spin(direction = right, angle_rad = 0.8)
    Navigate(goal = @world/goal, speed_mps = 0.4)""")
    assert codes(result) == []
    report = json.loads((tmp_path / "out" / "report" / "run.json").read_text())
    assert report["ok"] is True
    assert [s["kind"] for s in report["steps"]] == ["BackUp", "Advance", "Spin", "Spin",
                                                      "Navigate"]
    for s in report["steps"]:
        assert s["ok"] and s["collisions"] == [] and s["seconds"] > 0
    nav = report["steps"][-1]
    assert nav["reached"]["to_goal_m"] <= 0.15
    assert 0 < nav["closest_m"]["crate"] < 1.0
    # the planned path keeps the footprint's reach (and the margin) from the crate
    compiled = result.compiled
    radius = footprint_radii(compiled.analysis.footprint)[1]
    grid = world_grid(compiled.world, tuple(nav["path"][0]))
    assert len(nav["path"]) > 2
    assert path_clearance(grid, [tuple(p) for p in nav["path"]]) >= radius + MARGIN_M - 1e-9
    svg = (tmp_path / "out" / "report" / "run.svg").read_text()
    assert svg.count('class="ok"') == 5 and 'data-name="crate"' in svg
    ET.fromstring(svg.encode())                    # well-formed


@pytest.mark.slow
def test_a_wall_across_an_advance_is_a_collision_at_the_step(tmp_path):
    wall = 'Obstacle wall(type = box, size = (0.1, 2.0, 0.4), pos = (0.5, 0.0, 0.2, 0, 0, 0, 1))'
    result = run(tmp_path, DIFF, wall, "    Advance(distance_m = 0.2)\n"
                                       "    Advance(distance_m = 1.0, speed_mps = 0.3)")
    assert codes(result) == [("run.collision", 3)]
    report = result.report
    assert [s["ok"] for s in report["steps"]] == [True, False]
    assert report["steps"][1]["collisions"] == ["wall"]
    assert report["steps"][1]["closest_m"]["wall"] == 0.0
    svg = (tmp_path / "out" / "report" / "run.svg").read_text()
    assert 'class="failed"' in svg
    # the contact: named, when, and where the robot met the wall's face (x 0.45), which is
    # where run.svg puts its cross, not at the base's centre
    (contact,) = report["steps"][1]["contacts"]     # pressed against it: one contact
    assert contact["obstacle"] == "wall" and contact["t"] > 0
    assert contact["x"] == pytest.approx(0.45, abs=0.03) and contact["base_x"] < 0.4
    cross = ET.fromstring(svg.encode()).find(".//{*}g[@id='collisions']/{*}path")
    first = cross.get("d").split()[1]                 # the cross's corner, mm from the origin
    assert float(first.split(",")[0]) / 1000 == pytest.approx(0.45, abs=0.05)


@pytest.mark.slow
def test_a_wall_behind_a_backup_is_a_collision(tmp_path):
    wall = 'Obstacle wall(type = box, size = (0.1, 2.0, 0.4), pos = (-0.35, 0.0, 0.2, 0, 0, 0, 1))'
    result = run(tmp_path, DIFF, wall, "    BackUp(distance_m = 0.5, speed_mps = 0.2)")
    assert codes(result) == [("run.collision", 2)]


@pytest.mark.slow
def test_a_post_in_the_way_of_a_spin_is_a_collision(tmp_path):
    # beside the rover, clear of it standing still, inside the circle its corners sweep
    post = 'Obstacle post(type = cylinder, size = (0.04, 0.04, 0.5), pos = (0.0, 0.17, 0.25, 0, 0, 0, 1))'
    result = run(tmp_path, DIFF, post, "    Spin(direction = left, angle_rad = 1.57)")
    assert codes(result) == [("run.collision", 2)]


def test_a_goal_walled_off_is_found_at_compile_before_any_simulation(tmp_path):
    pen = "\n".join(
        f'Obstacle {n}(type = box, size = ({sx}, {sy}, 0.4), pos = ({x}, {y}, 0.2, 0, 0, 0, 1))'
        for n, x, y, sx, sy in (("west", 1.5, 0, 0.1, 1.1), ("east", 2.5, 0, 0.1, 1.1),
                                ("north", 2.0, 0.5, 1.1, 0.1), ("south", 2.0, -0.5, 1.1, 0.1)))
    result = run(tmp_path, DIFF, pen + "\n" + GOAL,
                 "    Navigate(goal = @world/goal)\n    Advance(distance_m = 0.2)")
    assert codes(result) == [("validation.kinematics.goal_reachable", 2)]
    assert result.report is None                       # found on the map, not in MuJoCo
    (d,) = [d for d in result.diagnostics if d.is_error]
    assert "walled off by 'west', 'east', 'north', 'south'" in d.message   # world order


@pytest.mark.slow
def test_no_way_out_of_where_the_robot_stands_is_no_path_at_run(tmp_path):
    # reachable from the start, so the compile lets it through; from inside a corridor
    # narrower than the rover turning, the planner finds no way
    corridor = "\n".join(
        f'Obstacle {n}(type = box, size = (1.6, 0.1, 0.4), pos = (1.2, {y}, 0.2, 0, 0, 0, 1))'
        for n, y in (("side_n", 0.25), ("side_s", -0.25)))
    back = 'Marker back(type = cylinder, size = (0.3, 0.3, 0.002), pos = (-1.0, -1.0, 0.001, 0, 0, 0, 1))'
    result = run(tmp_path, DIFF, corridor + "\n" + back,
                 "    Advance(distance_m = 1.2, speed_mps = 0.3)\n"
                 "    Navigate(goal = @world/back)\n    BackUp(distance_m = 0.2)")
    assert codes(result) == [("run.no_path", 3)]
    assert [s["ok"] for s in result.report["steps"]] == [True, False, True]   # it goes on
    assert "no way" in result.report["steps"][1]["why"]


@pytest.mark.slow
def test_strafe_is_reached_and_a_strafe_into_a_wall_collides(tmp_path):
    wall = 'Obstacle wall(type = box, size = (2.0, 0.1, 0.4), pos = (0.0, -0.6, 0.2, 0, 0, 0, 1))'
    result = run(tmp_path, MECANUM, wall, "    Strafe(direction = left, distance_m = 0.3)\n"
                                          "    Strafe(direction = right, distance_m = 1.2)")
    assert codes(result) == [("run.collision", 3)]
    first = result.report["steps"][0]
    assert first["ok"] and abs(first["reached"]["distance_m"] - 0.3) <= 0.02


@pytest.mark.slow
def test_a_spin_on_an_ackermann_base_is_refused_before_any_simulation(tmp_path):
    w, t = files(tmp_path, GOAL, "    Spin(direction = left, angle_rad = 1.0)")
    done = subprocess.run([sys.executable, "-m", "mobiledsl", "run", str(ACKERMANN), str(w),
                           str(t), "--library", str(LIBRARY), "-o", str(tmp_path / "out"),
                           "--diagnostics", "json"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1
    found = [d["code"] for d in json.loads(done.stdout)["diagnostics"]]
    assert found == ["validation.kinematics.spin_supported"]
    assert not (tmp_path / "out" / "report" / "run.json").exists()


@pytest.mark.slow
def test_the_cli_reports_a_failed_step_in_every_format(tmp_path):
    wall = 'Obstacle wall(type = box, size = (0.1, 2.0, 0.4), pos = (0.4, 0.0, 0.2, 0, 0, 0, 1))'
    w, t = files(tmp_path, wall, "    Advance(distance_m = 0.5, speed_mps = 0.3)")
    base = [sys.executable, "-m", "mobiledsl", "run", str(DIFF), str(w), str(t), "--library",
            str(LIBRARY), "-o", str(tmp_path / "out")]
    done = subprocess.run(base + ["--diagnostics", "json"], capture_output=True, text=True)
    assert done.returncode == 1
    (d,) = json.loads(done.stdout)["diagnostics"]
    assert (d["code"], d["file"], d["line"], d["column"]) == ("run.collision", str(t), 2, 5)
    sarif = subprocess.run(base + ["--diagnostics", "sarif"], capture_output=True, text=True)
    assert sarif.returncode == 1
    assert json.loads(sarif.stdout)["runs"][0]["results"][0]["ruleId"] == "run.collision"
    human = subprocess.run(base, capture_output=True, text=True)
    assert human.returncode == 1 and "error[run.collision]" in human.stderr
    # every step said: reached or not, its time, what was left
    (line,) = [l for l in human.stderr.splitlines() if l.startswith("step 1 Advance:")]
    assert line.startswith("step 1 Advance: not reached (run.collision) in ")
    assert " m left; touched 'wall'" in line


@pytest.mark.slow
def test_the_same_run_twice_writes_the_same_bytes(tmp_path):
    world = 'Obstacle crate(type = box, size = (0.4, 0.4, 0.4), pos = (1.0, 0.2, 0.2, 0, 0, 0, 1))\n' + GOAL
    task = "    Advance(distance_m = 0.3)\n    Navigate(goal = @world/goal, speed_mps = 0.4)"
    outs = []
    for name in ("one", "two"):
        result = run(tmp_path, DIFF, world, task, name)
        assert result.ok
        report = tmp_path / name / "report"
        outs.append(((report / "run.json").read_bytes(), (report / "run.svg").read_bytes()))
    assert outs[0] == outs[1]


@pytest.mark.slow
def test_frames_are_drawn_or_the_run_says_why_not(tmp_path):
    w, t = files(tmp_path, GOAL, "    Advance(distance_m = 0.2)")
    result = run_program(DIFF, w, t, [LIBRARY], tmp_path / "out", frames=3)
    assert result.ok                          # pictures never decide the run
    frames = tmp_path / "out" / "report" / "frames"
    if result.frames.startswith("wrote"):
        assert sorted(p.name for p in frames.iterdir()) == [
            "contact_sheet.png", "frame_0000.png", "frame_0001.png", "frame_0002.png"]
    else:
        assert "no OpenGL context" in result.frames


def test_no_frames_asked_none_drawn(tmp_path):
    w, t = files(tmp_path, GOAL, "    Advance(distance_m = 0.2)")
    result = run_program(DIFF, w, t, [LIBRARY], tmp_path / "out")
    assert result.ok and result.frames == ""
    assert not (tmp_path / "out" / "report" / "frames").exists()


DEMOS = sorted(p for p in (ROOT / "programs").iterdir() if (p / f"{p.name}.task").exists())


@pytest.mark.slow
@pytest.mark.parametrize("program", DEMOS, ids=[p.name for p in DEMOS])
def test_every_demo_programs_task_is_reached_or_the_run_says_why(program, tmp_path):
    f = [program / f"{program.name}{ext}" for ext in (".core", ".world", ".task")]
    result = run_program(f[0], f[1], f[2], [LIBRARY], tmp_path / "out")
    assert result.report is not None
    if result.compiled.robot.chassis_type != "Legged":
        assert result.ok, [d.message for d in result.diagnostics if d.is_error]
        return
    # a legged robot walks only as well as its gait or walker does: a step it does not
    # reach says what drives it, or that the robot fell, or why it was not run
    assert result.report["driven_by"]
    for d in result.diagnostics:
        if d.is_error:
            assert d.code.startswith("run.")
            assert any("driven by" in n for n in d.notes) or "not run" in d.message \
                or d.code == "run.tipped_over"
