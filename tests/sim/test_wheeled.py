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


# -- steered bases: the runtime sets the kingpins for the twist ------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("program", ["ackermann", "tricycle"])
@pytest.mark.parametrize("wz", [-0.4, 0.4])
def test_a_steered_base_turns_as_told_either_way(model_xml, program, wz):
    """Through the whole turn the yaw follows the asked rate (the wheels' angles put every
    axle through one centre); both ways, so a sign slip cannot pass."""
    xml = model_xml(program)
    desc = json.loads(controller_path(xml).read_text())
    assert desc["steering"]["kingpins"], "a steered base names its kingpins"
    sim = load_simulation(xml)
    sim.settle(0.3)
    sim.command(0.4, 0.0, wz)
    sim.advance(1.0)                            # up to speed (1 m/s^2, 2 rad/s^2)
    yaw0 = sim.pose2d()[2]
    sim.advance(2.0)
    rate = (sim.pose2d()[2] - yaw0) / 2.0
    assert rate == pytest.approx(wz, rel=0.2)
    assert not sim.fell()


@pytest.mark.slow
@pytest.mark.parametrize("program", ["ackermann", "tricycle"])
def test_kingpins_hold_their_angle_at_rest_and_straighten_going_ahead(model_xml, program):
    sim = load_simulation(model_xml(program))
    steer = sim.drive.steering
    sim.command(0.3, 0.0, 0.5)
    sim.advance(1.0)
    turned = list(steer.angles)
    assert all(abs(a) > 0.05 for a in turned)
    # at rest the turning radius is undefined: the wheels keep the angle they have
    assert steer.angles_for(0.0, 0.5) == turned
    assert steer.angles_for(0.0, -0.5) == turned
    sim.command(0.3, 0.0, 0.0)
    sim.advance(1.0)
    assert steer.angles == pytest.approx([0.0] * len(turned), abs=1e-9)


@pytest.mark.slow
def test_an_unsteered_base_describes_no_steering(model_xml):
    desc = json.loads(controller_path(model_xml("diff_bot")).read_text())
    assert desc["steering"] is None


def test_a_kingpin_the_model_lacks_is_refused(model_xml):
    import mujoco
    xml = model_xml("ackermann")
    desc = json.loads(controller_path(xml).read_text())
    desc["steering"]["kingpins"][0]["actuator"] = "no_such_kingpin"
    with pytest.raises(ValueError, match="no_such_kingpin"):
        Simulation(mujoco.MjModel.from_xml_path(str(xml)), desc)
