"""The motors' limits reach every target: a driven wheel's joint carries its motor's torque
and speed (URDF and SDF), Gazebo's drive system limits the base's speed and acceleration as
the analysis states them, and Nav2 backs up no faster than half the top speed unless the task
asks for more."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mobiledsl.analysis import analyse
from mobiledsl.pipeline import compile_program
from mobiledsl.targets.ros.config import REVERSE_SHARE, limits

from ..analysis import fixtures as F
from ..analysis.test_kinematics import motored_four
from ..fidelity import generated
from .conftest import PROGRAMS, ROOT, chassis_type
from .conftest import compile_program as compile_program_cli


def emitted(tmp_path, name="light_skid"):
    """A generated skid-steer robot's analysis, URDF and SDF."""
    scale = next(s for s in generated.SCALES if s.name == name)
    lib, core = generated.write(scale, tmp_path)
    result = compile_program(core, None, None, [lib], ["ros-gz-nav2"], tmp_path / "out")
    assert not result.has_errors, [d.message for d in result.diagnostics]
    pkg = tmp_path / "out" / "ros-gz-nav2" / f"{name}_bringup"
    urdf = ET.parse(pkg / "urdf" / f"{name}.urdf").getroot()
    sdf = ET.parse(next((pkg / "worlds").glob("*.sdf"))).getroot()
    return result, urdf, sdf


def motor_of(result):
    return result.robot.parts[next(c.part for c in result.robot.components
                                   if c.type == "Motor")].motor


def test_driven_wheels_carry_their_motors_torque_and_speed(tmp_path):
    result, urdf, sdf = emitted(tmp_path)
    motor = motor_of(result)
    wheels = [j for j in urdf.iter("joint") if j.get("type") == "continuous"]
    assert len(wheels) == 4
    for j in wheels:
        limit = j.find("limit")
        assert float(limit.get("effort")) == pytest.approx(motor.stall_torque_nm)
        assert float(limit.get("velocity")) == pytest.approx(motor.no_load_speed_rad_s)
    sdf_limits = [j.find("axis/limit") for j in sdf.iter("joint") if j.find("axis") is not None]
    assert len(sdf_limits) == 4
    assert all(float(lim.findtext("effort")) == pytest.approx(motor.stall_torque_nm)
               for lim in sdf_limits)


def test_wheels_without_a_motor_are_not_limited(tmp_path):
    # the demo diff_bot's wheels sit on its chassis' built-in hubs: no motor is declared
    program = ROOT / "programs" / "diff_bot"
    assert compile_program_cli(program, "ros-gz-nav2", tmp_path).returncode == 0
    pkg = tmp_path / "ros-gz-nav2" / "diff_bot_bringup"
    urdf = ET.parse(pkg / "urdf" / "diff_bot.urdf").getroot()
    sdf = ET.parse(next((pkg / "worlds").glob("*.sdf"))).getroot()
    assert all(j.find("limit") is None for j in urdf.iter("joint")
               if j.get("type") == "continuous")
    drive = next(p for p in sdf.iter("plugin") if p.get("name").endswith("DiffDrive"))
    assert drive.find("max_linear_velocity") is None


def test_the_drive_system_limits_speed_and_acceleration(tmp_path):
    result, _, sdf = emitted(tmp_path)
    drive = next(p for p in sdf.iter("plugin") if p.get("name").endswith("DiffDrive"))
    kin = result.analysis.kinematics
    assert float(drive.findtext("max_linear_velocity")) == pytest.approx(kin.max_speed_mps, abs=1e-4)
    assert float(drive.findtext("max_angular_velocity")) == pytest.approx(kin.max_yaw_rate_rad_s, abs=1e-4)
    assert float(drive.findtext("max_linear_acceleration")) == pytest.approx(kin.max_accel_mps2, abs=1e-4)
    assert float(drive.findtext("min_linear_acceleration")) == pytest.approx(-kin.max_accel_mps2, abs=1e-4)


def backup(speed):
    return F.task(F.step("BackUp", distance_m=0.5, speed_mps=speed))


@pytest.mark.parametrize("asked, expected", [
    (None, None),                   # no BackUp speed asked: half the top speed
    (0.1, None),                    # slower than half: still half
    (0.3, 0.3),                     # faster than half: what the task asks
    (0.4, "top"),                   # above the top speed: the top speed itself
])
def test_nav2_reverses_at_half_speed_unless_asked(asked, expected):
    robot = motored_four()
    analysis, _ = analyse(robot, None, None)
    # 10 rad/s x 0.04 m unloaded, less the 0.6 % of it the four motors' 78 N stalled pull
    # spends on rolling the 3.2 kg base (0.47 N): 0.3976 m/s
    top = analysis.max_speed_mps
    assert top == pytest.approx(0.4 * (1 - 0.015 * 3.2 * 9.81 / 78), abs=1e-6)
    want = REVERSE_SHARE * top if expected is None else top if expected == "top" else expected
    task = backup(asked) if asked is not None else F.task()
    assert limits(robot, analysis, task)["reverse"] == pytest.approx(want, abs=1e-4)


def nav2_follow(pkg):
    import yaml
    nav2 = yaml.safe_load((pkg / "config" / "nav2_params.yaml").read_text())
    return nav2["controller_server"]["ros__parameters"]["FollowPath"]


@pytest.mark.parametrize("name", ["light_mecanum", "heavy_mecanum"])
def test_mecanum_drive_turns_as_fast_as_nav2_plans(name, tmp_path):
    """MecanumDrive (gz-sim 8) sets its one max_velocity on its linear and its angular
    limiter alike: held to the top speed, it spun the base at 28 % of Nav2's wz_max."""
    result, _, sdf = emitted(tmp_path, name)
    drive = next(p for p in sdf.iter("plugin") if p.get("name").endswith("MecanumDrive"))
    kin = result.analysis.kinematics
    follow = nav2_follow(tmp_path / "out" / "ros-gz-nav2" / f"{name}_bringup")
    limit = float(drive.findtext("max_velocity"))
    # the base's turn rate where it is the larger (light: 10 rad/s against 0.3 m/s), else
    # its top speed, which then holds the turn above its rate
    assert limit == pytest.approx(max(kin.max_yaw_rate_rad_s, kin.max_speed_mps), abs=1e-4)
    assert limit >= kin.max_yaw_rate_rad_s - 1e-4
    assert float(drive.findtext("min_velocity")) == pytest.approx(-limit)
    for planned in (follow["wz_max"], follow["vx_max"], follow["vy_max"]):
        assert planned <= limit + 1e-9
    assert max(follow["ax_max"], follow["az_max"]) <= float(drive.findtext("max_acceleration"))


def test_ackermann_steering_lets_nav2s_plan_through(tmp_path):
    program = ROOT / "programs" / "ackermann"
    assert compile_program_cli(program, "ros-gz-nav2", tmp_path).returncode == 0
    pkg = tmp_path / "ros-gz-nav2" / "ackermann_bringup"
    sdf = ET.parse(next((pkg / "worlds").glob("*.sdf"))).getroot()
    drive = next(p for p in sdf.iter("plugin") if p.get("name").endswith("AckermannSteering"))
    follow = nav2_follow(pkg)
    limit = float(drive.findtext("max_velocity"))
    assert limit == pytest.approx(max(follow["vx_max"], follow["wz_max"]), abs=1e-4)
    assert max(follow["ax_max"], follow["az_max"]) <= float(drive.findtext("max_acceleration"))


@pytest.mark.parametrize("program", [p for p in PROGRAMS if chassis_type(p) != "Legged"],
                         ids=lambda p: p.name)
def test_the_runtime_ramps_the_command_at_the_rates_nav2_plans_with(program, built):
    """ros-mujoco-nav2: the controller description's ramp (the runtime's ax, az) is the
    velocity smoother's and the controller's acceleration limits, from one source."""
    import json

    import yaml
    pkg = next(built(program, "ros-mujoco-nav2").glob("*_bringup"))
    ramp = json.loads(next((pkg / "mjcf").glob("*.controller.json")).read_text())["limits"]
    params = yaml.safe_load((pkg / "config" / "nav2_params.yaml").read_text())
    smoother = params["velocity_smoother"]["ros__parameters"]
    assert smoother["max_accel"][0] == pytest.approx(ramp["ax"])
    assert smoother["max_accel"][2] == pytest.approx(ramp["az"])
    text = (pkg / "config" / "nav2_params.yaml").read_text()
    assert f"ax_max: {ramp['ax']}" in text and f"az_max: {ramp['az']}" in text
