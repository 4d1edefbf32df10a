"""Drivelines: which hubs one motor may turn together (by chassis type), a motor's torque
counted once, a driveline without its reduction said once and left unbounded in every
target, and one actuator per motor. Husky-class generated robots: four 330 mm tyres, a motor
a side turning its front and rear wheel through a chain."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import mujoco
import numpy as np
import pytest
import yaml

from mobiledsl.pipeline import compile_program

from ..fidelity import generated as G
from ..fidelity.sweep import settle, twist_table
from ..targets.conftest import ROOT
from ..targets.conftest import compile_program as cli

FIT = "validation.kinematics.drivelines_fit_the_base"
REDUCTION = "validation.kinematics.drivelines_state_their_reduction"
# a motor of about 0.03 N m at a 50 kg base's wheels, as the gearbox's input would be
SMALL_MOTOR = 0.001


def build(scale: G.Scale, tmp_path: Path, targets=()):
    lib, core = G.write(scale, tmp_path)
    result = compile_program(core, None, None, [lib], list(targets), tmp_path / "out")
    return result, lib


def codes(result, code):
    return [d for d in result.diagnostics if d.code == code]


def motor_of(result):
    return result.robot.parts[next(c.part for c in result.robot.components
                                   if c.type == "Motor")].motor


def driveline_line(lib: Path, seat: str) -> int:
    text = (lib / "parts" / "gen_base" / "component.yaml").read_text().splitlines()
    return next(i for i, line in enumerate(text, 1) if line.strip().startswith(f"{seat}:"))


# -- grouping -----------------------------------------------------------------------------
@pytest.mark.parametrize("grouping, seats", [("axles", ("seat_left", "seat_right")),
                                             ("all", ("seat_all",))])
def test_a_skid_steer_driveline_across_the_base_is_refused(grouping, seats, tmp_path):
    """The issue's reproducer: drivelines turning [fl, fr] and [rl, rr], or one for all four
    hubs, leave a Diff_drive base that cannot turn."""
    result, lib = build(G.husky(grouping=grouping), tmp_path)
    found = codes(result, FIT)
    assert len(found) == len(seats)
    for d, seat in zip(found, seats):
        assert d.severity.value == "error"
        assert "could no longer turn" in d.message and seat in d.message
        assert d.span.file.endswith("gen_base/component.yaml")
        assert d.span.line == driveline_line(lib, seat)
        assert d.help and "turns: [m_front_left_wheel, m_rear_left_wheel]"   # its own hubs in d.help[0]
    assert result.has_errors


@pytest.mark.parametrize("seat", ["apart", "front_hub"])
def test_a_chain_a_side_is_allowed(seat, tmp_path):
    result, _ = build(G.husky(seat=seat, reduction=78.71 if seat == "apart" else 1.0), tmp_path)
    assert codes(result, FIT) == [] and not result.has_errors


def test_a_mecanum_base_turning_a_side_on_one_driveline_is_refused(tmp_path):
    scale = G.Scale("mec_sides", "Mecanum_four_wheel", 2.0, 0.03, 2.0, 0.5, sides=True)
    result, _ = build(scale, tmp_path)
    found = codes(result, FIT)
    assert len(found) == 2 and all("could no longer move sideways or turn" in d.message
                                   for d in found)


@pytest.mark.parametrize("reduction", [2.0, 78.71])
def test_a_shaft_wheel_and_a_geared_chain_contradict(reduction, tmp_path):
    """The front wheel on the motor's shaft and the rear through a chain of another ratio
    cannot turn alike."""
    result, _ = build(G.husky(seat="front_hub", reduction=reduction), tmp_path)
    found = codes(result, FIT)
    assert len(found) == 2
    assert all(f"1/{reduction:g}" in d.message for d in found)


# -- a motor counted once -----------------------------------------------------------------
def start_from_rest(motor, reduction: float, mass: float, motors: int = 2) -> float:
    """By hand: the motors' pull at stall, each counted once (T g / r), less rolling
    resistance (0.015 of the weight), over the robot's mass, its four solid wheels' turning
    inertia (each 0.04 of the mass, I / r^2 = half of it) and the rotors' felt at the ground
    (J g^2 / r^2, J = 0.02 s x T / no-load speed: a small gearmotor's time constant)."""
    pull = motors * motor.stall_torque_nm * reduction / 0.165
    rotors = motors * 0.02 * motor.stall_torque_nm / motor.no_load_speed_rad_s \
        * reduction ** 2 / 0.165 ** 2
    wheels = 4 * 0.04 * mass / 2
    return (pull - 0.015 * mass * 9.81) / (mass + wheels + rotors)


@pytest.mark.parametrize("mass", [30.0, 51.12, 80.0])
@pytest.mark.parametrize("reduction", [20.0, 78.71])
def test_acceleration_counts_a_drivelines_motor_once(mass, reduction, tmp_path):
    """0.03 N m x 78.71 / 0.165 m from each of two motors over 51.12 kg: a stall pull of
    28.6 N, 0.56 m/s^2 before rolling resistance (7.5 N) takes its share, not the 1.12 that
    counting each motor at both its wheels gave; from rest, its wheels and rotors spun up too, it starts at 0.378 m/s^2."""
    ratio = 0.03 * 2 * 78.71 / (51.12 * G.G * 0.165)        # the motor, at 51.12 kg
    result, _ = build(G.husky(mass=mass, reduction=reduction, torque_ratio=ratio), tmp_path)
    motor = motor_of(result)
    m = result.analysis.mass
    kin = result.analysis.kinematics
    stall = 2 * motor.stall_torque_nm * reduction / 0.165
    assert kin.motors.stall_pull_n == pytest.approx(stall, rel=1e-6)
    assert kin.max_accel_mps2 == pytest.approx(start_from_rest(motor, reduction, m), rel=1e-6)
    if mass == 51.12 and reduction == 78.71:
        assert stall / m == pytest.approx(0.56, abs=0.005)
        assert kin.motors.pull_accel_mps2 == pytest.approx(stall / m, rel=1e-6)
        assert kin.max_accel_mps2 == pytest.approx(0.378, abs=0.002)


def test_gazebo_and_nav2_take_the_acceleration_counted_once(tmp_path):
    result, _ = build(G.husky(torque_ratio=0.06), tmp_path, ["ros-gz-nav2"])
    assert not result.has_errors
    accel = result.analysis.kinematics.max_accel_mps2
    assert accel == pytest.approx(start_from_rest(motor_of(result), 78.71, result.analysis.mass),
                                  rel=1e-6)
    pkg = tmp_path / "out" / "ros-gz-nav2" / "husky_bringup"
    sdf = ET.parse(next((pkg / "worlds").glob("*.sdf"))).getroot()
    drive = next(p for p in sdf.iter("plugin") if p.get("name").endswith("DiffDrive"))
    assert float(drive.findtext("max_linear_acceleration")) == pytest.approx(accel, abs=1e-4)
    nav2 = yaml.safe_load((pkg / "config" / "nav2_params.yaml").read_text())
    follow = nav2["controller_server"]["ros__parameters"]["FollowPath"]
    assert follow["ax_max"] == pytest.approx(accel, abs=1e-4)


# -- a missing reduction ------------------------------------------------------------------
def test_a_driveline_without_reduction_is_said_once_and_left_unbounded(tmp_path):
    result, lib = build(G.husky(reduction=None, torque_ratio=SMALL_MOTOR), tmp_path,
                        ["mjcf", "ros-gz-nav2"])
    found = codes(result, REDUCTION)
    assert [d.span.line for d in found] == [driveline_line(lib, "seat_left"),
                                            driveline_line(lib, "seat_right")]
    assert all(d.severity.value == "warning" and "no reduction" in d.message for d in found)
    assert not result.has_errors
    kin = result.analysis.kinematics
    assert kin.max_speed_mps is None and kin.max_accel_mps2 is None
    mjcf = ET.parse(tmp_path / "out" / "mjcf" / "husky.xml").getroot()
    motor = motor_of(result)
    for act in mjcf.iter("general"):
        if act.get("tendon", "").endswith("_driveline"):
            assert act.get("ctrlrange") is None                   # no speed limit
            # its torque is held only by what the tyres could pass to the floor, not by the
            # motor's torque unreduced (which crawled)
            assert float(act.get("forcerange").split()[1]) > 100 * motor.stall_torque_nm
            assert float(act.get("gainprm")) > 100 * motor.stall_torque_nm \
                / motor.no_load_speed_rad_s
    urdf = ET.parse(tmp_path / "out" / "ros-gz-nav2" / "husky_bringup" / "urdf"
                    / "husky.urdf").getroot()
    wheels = [j for j in urdf.iter("joint") if j.get("type") == "continuous"]
    assert len(wheels) == 4 and all(j.find("limit") is None for j in wheels)


@pytest.mark.slow
@pytest.mark.parametrize("mass", [20.0, 50.0])
def test_a_driveline_without_reduction_drives_the_base_as_asked(mass, tmp_path):
    """Asked 0.5 m/s for 4 s, the base went 0.021 m when the drive was the motor's own
    torque on the wheels."""
    build(G.husky(mass=mass, reduction=None, torque_ratio=SMALL_MOTOR), tmp_path, ["mjcf"])
    model = mujoco.MjModel.from_xml_path(str(tmp_path / "out" / "mjcf" / "husky.xml"))
    data = mujoco.MjData(model)
    rest = settle(model)
    data.qpos[:], data.qvel[:] = rest.qpos, rest.qvel
    for act, coeff in twist_table(model).items():
        data.ctrl[act] = float(coeff @ np.array([0.5, 0.0, 0.0]))
    start = data.qpos[:2].copy()
    for _ in range(int(4.0 / model.opt.timestep)):
        mujoco.mj_step(model, data)
    assert float(np.linalg.norm(data.qpos[:2] - start)) > 1.5


# -- one motor, one actuator --------------------------------------------------------------
def test_a_motor_on_a_hub_with_a_chain_gets_one_actuator(tmp_path):
    """A motor on the front mount, its wheel on its shaft, a 1:1 chain to the rear: one
    actuator with the motor's stall torque, not one at each wheel."""
    result, _ = build(G.husky(seat="front_hub", reduction=1.0), tmp_path, ["mjcf"])
    assert not result.has_errors
    mjcf = ET.parse(tmp_path / "out" / "mjcf" / "husky.xml").getroot()
    acts = {a.get("name"): a for a in mjcf.iter("general")}
    assert sorted(acts) == ["motor_fl_drive", "motor_fr_drive"]
    stall = motor_of(result).stall_torque_nm
    for act in acts.values():
        assert float(act.get("forcerange").split()[1]) == pytest.approx(stall, rel=1e-4)
    tendons = {t.get("name"): sorted(j.get("joint") for j in t) for t in mjcf.iter("fixed")}
    assert tendons["motor_fl_driveline"] == ["wheel_fl_joint", "wheel_rl_joint"]
    twist = {n.get("name") for n in mjcf.iter("numeric")}
    assert twist == {"twist_motor_fl_drive", "twist_motor_fr_drive"}


# -- a chain locks its wheels; a differential does not ------------------------------------
def test_a_chain_locks_its_wheels_and_an_axle_keeps_its_differential(tmp_path):
    build(G.husky(), tmp_path, ["mjcf"])
    mjcf = ET.parse(tmp_path / "out" / "mjcf" / "husky.xml").getroot()
    locks = {(e.get("joint1"), e.get("joint2"), e.get("polycoef"))
             for e in mjcf.iter("joint") if e.get("joint1")}
    assert locks == {("wheel_rl_joint", "wheel_fl_joint", "0 1 0 0 0"),
                     ("wheel_rr_joint", "wheel_fr_joint", "0 1 0 0 0")}
    assert cli(ROOT / "programs" / "ackermann", "mjcf", tmp_path / "ack").returncode == 0
    ack = ET.parse(tmp_path / "ack" / "mjcf" / "ackermann.xml").getroot()
    assert ack.find("equality") is None
    coefs = [j.get("coef") for t in ack.iter("fixed") if t.get("name").endswith("_driveline")
             for j in t]
    assert coefs == ["0.5", "0.5"]


@pytest.mark.slow
@pytest.mark.parametrize("mass, reduction", [(20.0, 20.0), (50.0, 78.71), (80.0, 40.0)])
def test_in_a_spin_a_sides_wheels_turn_alike(mass, reduction, tmp_path):
    """The Husky's front and rear wheel of a side turned at -2.69 and -3.34 rad/s in a spin
    while their chain drove their mean; locked, they turn alike and the base spins as
    asked."""
    result, _ = build(G.husky(mass=mass, reduction=reduction, torque_ratio=2.0), tmp_path,
                      ["mjcf"])
    kin = result.analysis.kinematics
    model = mujoco.MjModel.from_xml_path(str(tmp_path / "out" / "mjcf" / "husky.xml"))
    data = mujoco.MjData(model)
    rest = settle(model)
    data.qpos[:], data.qvel[:] = rest.qpos, rest.qvel
    asked = 0.7 * kin.max_yaw_rate_rad_s
    for act, coeff in twist_table(model).items():
        data.ctrl[act] = float(coeff @ np.array([0.0, 0.0, asked]))
    samples = []
    steps = int(3.0 / model.opt.timestep)
    for k in range(steps):
        mujoco.mj_step(model, data)
        if k >= steps // 2:
            samples.append([data.joint(f"wheel_{w}_joint").qvel[0] for w in
                            ("fl", "rl", "fr", "rr")] + [data.qvel[5]])
    fl, rl, fr, rr, wz = np.mean(samples, axis=0)
    assert rl == pytest.approx(fl, rel=0.02) and rr == pytest.approx(fr, rel=0.02)
    assert fl * fr < 0                                    # the sides run opposite
    assert 0.8 <= wz / asked <= 1.1


@pytest.mark.parametrize("reduction", [20.0, 78.71])
def test_the_urdf_efforts_of_a_sides_wheels_add_up_to_its_motor(reduction, tmp_path):
    """Each side's motor turns two wheels: their joints' efforts together are the motor's
    stall torque at the pack through the reduction, counted once (each wheel carried the
    whole of it, so Gazebo could push twice what the analysis counts)."""
    result, _ = build(G.husky(reduction=reduction), tmp_path, ["ros-gz-nav2"])
    kin = result.analysis.kinematics
    urdf = ET.parse(tmp_path / "out" / "ros-gz-nav2" / "husky_bringup" / "urdf"
                    / "husky.urdf").getroot()
    efforts = [float(j.find("limit").get("effort")) for j in urdf.iter("joint")
               if j.get("type") == "continuous"]
    assert len(efforts) == 4
    # the four joints' torques at the 0.165 m tyres pull what the analysis' two motors pull
    assert sum(efforts) / 0.165 == pytest.approx(kin.motors.stall_pull_n, rel=1e-3)
