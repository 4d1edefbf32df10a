"""`mobiledsl run` is bounded: a step that asks for 1e30 ends at the run's cap of simulated
time (run.too_long, the later steps not run), and a world its map cannot hold is a
diagnostic at the entity that lies furthest out (run.map_too_large), never an internal
error. The robot is the skid-steer rover of test_run."""
from __future__ import annotations

import pytest

pytest.importorskip("mujoco")

from mobiledsl.cli import main  # noqa: E402
from mobiledsl.run.execute import MAX_RUN_S  # noqa: E402
from tests.run.test_run import DIFF, GOAL, codes, files, run  # noqa: E402
from mobiledsl.run.program import run_program  # noqa: E402
from tests.run.test_run import LIBRARY  # noqa: E402

CAP_S = 3.0


def capped(tmp_path, world: str, task: str, cap: float = CAP_S):
    w, t = files(tmp_path, world, task)
    return run_program(DIFF, w, t, [LIBRARY], tmp_path / "out", max_seconds=cap)


@pytest.mark.parametrize("step", ["Advance(distance_m = 1e30)",
                                  "Spin(direction = left, angle_rad = 1e30)"])
def test_a_step_of_1e30_ends_at_the_runs_cap(tmp_path, step):
    result = capped(tmp_path, "", f"    {step}\n    Advance(distance_m = 0.1)")
    assert codes(result) == [("run.too_long", 2), ("run.step_not_reached", 3)]
    first, second = result.report["steps"]
    assert first["out_of_time"] is True and first["seconds"] <= CAP_S + 0.1
    assert "cap of 3 s" in second["why"]
    assert result.simulated_s <= CAP_S + 1.5         # the cap and the first settling


def test_a_task_within_the_cap_is_not_cut(tmp_path):
    result = capped(tmp_path, "", "    Advance(distance_m = 0.2)", cap=20.0)
    assert codes(result) == [] and "out_of_time" not in result.report["steps"][0]


@pytest.mark.parametrize("where", ["1e30", "1e6"])
def test_a_marker_too_far_to_map_is_a_diagnostic_at_the_marker(tmp_path, where):
    world = (f"Marker far(type = cylinder, size = (0.3, 0.3, 0.002), "
             f"pos = ({where}, 0.0, 0.001, 0, 0, 0, 1))")
    result = capped(tmp_path, world, "    Navigate(goal = @world/far)\n"
                    "    Advance(distance_m = 0.1)", cap=30.0)
    errors = [d for d in result.diagnostics if d.is_error]
    assert [d.code for d in errors] == ["run.map_too_large"]
    assert errors[0].span.file.endswith("t.world") and errors[0].span.line == 3
    assert errors[0].labels[0].span.line == 2                      # the Navigate step
    assert [s["ok"] for s in result.report["steps"]] == [False, True]   # the run goes on


def test_an_obstacle_far_out_names_the_obstacle(tmp_path):
    world = (GOAL + "\n    Obstacle rock(type = box, size = (1, 1, 1), "
             "pos = (0, 1e5, 0.5, 0, 0, 0, 1))")
    result = capped(tmp_path, world, "    Navigate(goal = @world/goal)", cap=30.0)
    errors = [d for d in result.diagnostics if d.is_error]
    assert [d.code for d in errors] == ["run.map_too_large"]
    assert errors[0].span.line == 4 and "'rock'" in errors[0].label


def test_an_obstacle_far_but_on_the_map_is_planned_around(tmp_path):
    world = (GOAL + "\n    Obstacle rock(type = box, size = (1, 1, 1), "
             "pos = (0, 20, 0.5, 0, 0, 0, 1))")
    result = capped(tmp_path, world, "    Navigate(goal = @world/goal)", cap=60.0)
    assert codes(result) == []


@pytest.mark.parametrize("value", ["0", "-1", "601", "nan"])
def test_max_seconds_is_above_0_and_at_most_the_cap(tmp_path, value, capsys):
    w, t = files(tmp_path, "", "    Advance(distance_m = 0.1)")
    assert main(["run", str(DIFF), str(w), str(t), "--library", str(LIBRARY),
                 "--max-seconds", value]) == 2
    assert "--max-seconds" in capsys.readouterr().err
    assert MAX_RUN_S == 600.0


def test_the_run_without_a_cap_asked_is_held_to_600_s(tmp_path, monkeypatch):
    """run_program's default and anything above it are the cap itself."""
    seen = []
    import mobiledsl.run.program as program
    real = program._simulate
    monkeypatch.setattr(program, "_simulate",
                        lambda xml, compiled, cap: seen.append(cap) or real(xml, compiled, 5.0))
    w, t = files(tmp_path, "", "    Advance(distance_m = 0.1)")
    run_program(DIFF, w, t, [LIBRARY], tmp_path / "a")
    run_program(DIFF, w, t, [LIBRARY], tmp_path / "b", max_seconds=1e9)
    assert seen == [600.0, 600.0]


def test_the_unbounded_run_helper_is_unchanged(tmp_path):
    """test_run's helper still runs with the default cap."""
    result = run(tmp_path, DIFF, "", "    Advance(distance_m = 0.1)")
    assert codes(result) == []
