"""The runtime drives a wheeled model by its twist map, through the controller description
the mjcf target writes beside it."""
from __future__ import annotations

import json
import math

import pytest

from mobiledsl.sim import Simulation, load_simulation
from mobiledsl.sim.runtime import controller_path


def test_controller_description_beside_the_model(model_xml):
    xml = model_xml("diff_drive")
    desc = json.loads(controller_path(xml).read_text())
    assert desc["kind"] == "wheeled" and desc["base"] == "Diff_drive"
    assert desc["feet"] is None and desc["walker"] is None
    assert desc["limits"]["vy"] == [0.0, 0.0]          # a differential base goes no way aside
    # the twist map drives both sides alike ahead and oppositely to turn
    rows = desc["twist_map"].values()
    assert all(r[0] > 0 for r in rows)
    assert {math.copysign(1, r[2]) for r in rows} == {-1.0, 1.0}


def test_drives_ahead_and_reads_its_pose(model_xml):
    sim = load_simulation(model_xml("diff_drive"))
    sim.settle(0.3)
    x0, y0, _ = sim.pose2d()
    sim.command(0.3, 0.0, 0.0)
    sim.advance(2.0)
    x, y, yaw = sim.pose2d()
    assert 0.3 * 2.0 * 0.7 < x - x0 < 0.3 * 2.0 * 1.2
    assert abs(y - y0) < 0.05 and abs(yaw) < 0.1
    assert not sim.fell() and sim.feet_down() is None
    assert sim.time == pytest.approx(2.3, abs=1e-9)


def test_turns_left_when_told(model_xml):
    sim = load_simulation(model_xml("diff_drive"))
    sim.command(0.0, 0.0, 1.0)
    sim.advance(1.5)
    assert sim.pose2d()[2] > 0.1


def test_without_a_description_it_drives_by_the_models_numerics(model_xml, tmp_path):
    import mujoco
    xml = model_xml("diff_drive")
    model = mujoco.MjModel.from_xml_path(str(xml))
    from_numerics = {"kind": "wheeled",
                     "twist_map": __import__("mobiledsl.sim.runtime", fromlist=["x"])
                     .twist_map_of(model)}
    desc = json.loads(controller_path(xml).read_text())
    assert sorted(from_numerics["twist_map"]) == sorted(desc["twist_map"])
    for actuator, row in desc["twist_map"].items():
        assert list(from_numerics["twist_map"][actuator]) == pytest.approx(row)
    sim = Simulation(model, from_numerics)
    sim.command(0.3, 0, 0)
    sim.advance(1.0)
    assert sim.pose2d()[0] > 0.1


def test_an_unknown_actuator_in_the_twist_map_is_refused(model_xml):
    import mujoco
    model = mujoco.MjModel.from_xml_path(str(model_xml("diff_drive")))
    with pytest.raises(ValueError, match="no_such_drive"):
        Simulation(model, {"kind": "wheeled", "twist_map": {"no_such_drive": [1, 0, 0]}})
