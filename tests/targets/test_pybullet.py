"""A second physics engine: every wheeled program's URDF loads in PyBullet and, driven by its
wheel joints at the speeds the twist map gives, goes forward and spins as its MuJoCo model
does (the same direction, the speed within 15 %). The closest check of the Gazebo package
that runs here."""
from __future__ import annotations

import math
from contextlib import contextmanager
import xml.etree.ElementTree as ET

import mujoco
import numpy as np
import pytest

from mobiledsl.model.vocabulary import CHASSIS_TYPES
from mobiledsl.targets.mjcf.drive import commands
from mobiledsl.targets.figures import skid_of

from ..fidelity.sweep import drive, settle, top_yaw
from .conftest import PROGRAMS, chassis_type

pybullet = pytest.importorskip("pybullet")

# a track is a box in the URDF (the simulators' drive systems move it), and a mecanum wheel
# a plain cylinder whose rollers no link-fixed friction can stand for
ROLLING = [p for p in PROGRAMS if chassis_type(p) not in ("Legged", "Tracked")]
HZ = 500
SECONDS = 2.0


def bullet_urdf(pkg, name):
    """The URDF with its package:// URIs made absolute, its visuals left out (PyBullet reads
    no COLLADA, and they do not move anything)."""
    root = ET.fromstring((pkg / "urdf" / f"{name}.urdf").read_text()
                         .replace(f"package://{pkg.name}/", f"{pkg}/"))
    for link in root.iter("link"):
        for visual in link.findall("visual"):
            link.remove(visual)
        if link.find("inertial") is None:
            # PyBullet gives a link without an inertial a kilogram; a frame or a moulded
            # contact weighs next to nothing (Gazebo folds them into their parent)
            inertial = ET.SubElement(link, "inertial")
            ET.SubElement(inertial, "mass", value="1e-5")
            ET.SubElement(inertial, "inertia", ixx="1e-9", ixy="0", ixz="0", iyy="1e-9",
                          iyz="0", izz="1e-9")
    path = pkg / "urdf" / f"{name}_bullet.urdf"
    ET.indent(root)           # PyBullet's reader fails on very long lines
    path.write_text(ET.tostring(root, encoding="unicode"))
    return path


@contextmanager
def bullet_world(result, out):
    """A PyBullet world with the floor and the robot's URDF on it, at the MJCF's start height:
    (client, body, joint index by name). Every surface grips as the URDF says (PyBullet reads
    each link's ``<contact>`` friction), a mecanum or omni wheel through its rollers.
    Friction is bounded along each direction apart, as Gazebo's engines (ODE, DART) bound mu1
    and mu2 and as the MJCF's pyramidal friction cone does, rather than by PyBullet's default
    implicit cone (see docs/targets.md). Every hinge turns freely, steering held straight."""
    pkg = out / "ros-gz-nav2" / f"{result.robot.name}_bringup"
    urdf = bullet_urdf(pkg, result.robot.name)
    client = pybullet.connect(pybullet.DIRECT)
    try:
        pybullet.setGravity(0, 0, -9.81, physicsClientId=client)
        pybullet.setTimeStep(1.0 / HZ, physicsClientId=client)
        pybullet.setPhysicsEngineParameter(enableConeFriction=0, physicsClientId=client)
        plane = pybullet.createCollisionShape(pybullet.GEOM_PLANE, physicsClientId=client)
        ground = pybullet.createMultiBody(0, plane, physicsClientId=client)
        # the MJCF's floor; PyBullet multiplies the two surfaces' friction, so the tyre's
        # own is what the wheel grips with
        pybullet.changeDynamics(ground, -1, lateralFriction=1.0, physicsClientId=client)
        body = pybullet.loadURDF(str(urdf), [0, 0, 0.002],
                                 flags=pybullet.URDF_USE_INERTIA_FROM_FILE,
                                 physicsClientId=client)
        joints = {}
        for j in range(pybullet.getNumJoints(body, physicsClientId=client)):
            info = pybullet.getJointInfo(body, j, physicsClientId=client)
            joints[info[1].decode()] = j
            if info[1].decode().endswith("_steer_joint"):
                pybullet.setJointMotorControl2(body, j, pybullet.POSITION_CONTROL,
                                               targetPosition=0.0, force=100.0,
                                               physicsClientId=client)
            elif info[2] == pybullet.JOINT_REVOLUTE:     # free unless driven
                pybullet.setJointMotorControl2(body, j, pybullet.VELOCITY_CONTROL, force=0,
                                               physicsClientId=client)
        yield client, body, joints
    finally:
        pybullet.disconnect(client)


def in_bullet(result, out, twist):
    """(forward m/s, leftward m/s, turn rad/s) over the run's second half, in the base's
    frame, each driven wheel at the speed the twist map gives it."""
    with bullet_world(result, out) as (client, body, joints):
        for wheel, (speed, force) in wheel_speeds(result.robot, result.analysis, twist).items():
            pybullet.setJointMotorControl2(body, joints[f"{wheel}_joint"],
                                           pybullet.VELOCITY_CONTROL, targetVelocity=speed,
                                           force=force, physicsClientId=client)
        samples = []
        steps = int(SECONDS * HZ)
        for k in range(steps):
            pybullet.stepSimulation(physicsClientId=client)
            if k >= steps // 2:
                _, q = pybullet.getBasePositionAndOrientation(body, physicsClientId=client)
                v, w = pybullet.getBaseVelocity(body, physicsClientId=client)
                yaw = pybullet.getEulerFromQuaternion(q)[2]
                samples.append((math.cos(yaw) * v[0] + math.sin(yaw) * v[1],
                                -math.sin(yaw) * v[0] + math.cos(yaw) * v[1], w[2]))
        return np.mean(samples, axis=0)


def rest_in_bullet(result, out):
    """base_link's world position and its tilt (degrees) after a second with nothing driven."""
    with bullet_world(result, out) as (client, body, joints):
        for _ in range(HZ):
            pybullet.stepSimulation(physicsClientId=client)
        state = pybullet.getLinkState(body, joints["base_footprint_joint"],
                                      computeForwardKinematics=1, physicsClientId=client)
        up = np.reshape(pybullet.getMatrixFromQuaternion(state[5]), (3, 3))[:, 2]
        return np.array(state[4]), math.degrees(math.acos(min(1.0, up[2])))


def rest_in_mujoco(out, name):
    model = mujoco.MjModel.from_xml_path(str(out / "mjcf" / f"{name}.xml"))
    data = settle(model)
    base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base_link")
    up = data.xmat[base].reshape(3, 3)[:, 2]
    return data.xpos[base].copy(), math.degrees(math.acos(min(1.0, up[2])))


def wheel_speeds(robot, analysis, twist):
    """Each driven wheel's speed (the twist map's, a driveline's motor through its reduction)
    and the torque its motor gives there."""
    out = {}
    per_actuator = commands(robot, *twist, skid_of(analysis))
    weight = 9.81 * sum(p.inertial.mass for c in robot.components
                        if (p := robot.parts[c.part]).inertial is not None)
    for c in robot.components:
        part = robot.parts[c.part]
        if part.wheel is None or not (c.driven or c.driven_by) or c.type == "Caster":
            continue
        motor = robot.part_of(c.driven_by).motor if c.driven_by else None
        reduction = c.reduction or 1.0
        if f"{c.name}_drive" in per_actuator:
            speed = per_actuator[f"{c.name}_drive"]
        else:                                  # on a driveline: its motor's speed
            speed = per_actuator[f"{c.driven_by}_drive"] / reduction
        force = motor.stall_torque_nm * reduction if motor else 1.2 * weight * part.wheel.radius
        out[c.name] = (speed, force)
    return out


def in_mujoco(out, name, kind, asked):
    model = mujoco.MjModel.from_xml_path(str(out / "mjcf" / f"{name}.xml"))
    run = drive(model, settle(model), kind, 1.0, asked, seconds=SECONDS)
    return run.reached


def top(result, out):
    kin = result.analysis.kinematics
    v = kin.max_speed_mps or 1.0
    model = mujoco.MjModel.from_xml_path(str(out / "mjcf" / f"{result.robot.name}.xml"))
    return v, kin.max_yaw_rate_rad_s or top_yaw(model, v)


def kinds(program):
    """The runs a base can make: forward; a spin where it turns on the spot; sideways where it
    is holonomic."""
    chassis = CHASSIS_TYPES[chassis_type(program)]
    return ["forward"] + (["spin"] if chassis.spin else []) + \
        (["sideways"] if chassis.holonomic else [])


@pytest.mark.slow
@pytest.mark.parametrize("fraction", [0.1, 0.9])
@pytest.mark.parametrize("program", [p for p in PROGRAMS if chassis_type(p) != "Legged"],
                         ids=lambda p: p.name)
def test_drives_as_in_mujoco(both_targets, program, fraction):
    """Forward, spin and sideways (as the base can) at the two ends of its speed range."""
    if chassis_type(program) == "Tracked":
        pytest.skip("cannot be compared: a track is a box on a fixed joint in the URDF, which "
                    "nothing in PyBullet moves (Gazebo drives its surface through the "
                    "TrackController system); test_tracked_rests_as_in_mujoco compares its "
                    "stance")
    result, out = both_targets(program)
    v, w = top(result, out)
    for kind in kinds(program):
        asked = fraction * (w if kind == "spin" else v)
        axis = {"forward": 0, "sideways": 1, "spin": 2}[kind]
        twist = [0.0, 0.0, 0.0]
        twist[axis] = asked
        bullet = in_bullet(result, out, tuple(twist))[axis]
        mj = in_mujoco(out, program.name, kind, asked)
        assert bullet > 0 and mj > 0, (kind, bullet, mj)
        assert bullet == pytest.approx(mj, rel=0.15), (kind, bullet, mj)


@pytest.mark.slow
@pytest.mark.parametrize("fraction", [0.1, 0.3])
def test_a_skid_steer_base_turns_as_in_mujoco_and_as_the_analysis_says(both_targets, fraction):
    """A skid-steer spin slides every tyre sideways, so how fast the base turns rests on how
    each engine bounds a sliding contact's friction. Both reach the rate the analysis states
    (its twist map widens the track for the slide, as Coulomb friction turns the base). From
    half the top rate up PyBullet's wheels (polygons: it reads a URDF cylinder as a hull)
    hop on the floor and what it reaches follows its step (docs/targets.md); there
    test_drives_as_in_mujoco holds it to the 15 % alone."""
    program = next(p for p in PROGRAMS if chassis_type(p) == "Diff_drive")
    result, out = both_targets(program)
    asked = fraction * top(result, out)[1]
    bullet = in_bullet(result, out, (0.0, 0.0, asked))[2]
    mj = in_mujoco(out, program.name, "spin", asked)
    assert bullet == pytest.approx(mj, rel=0.15), (bullet, mj)
    assert 0.85 <= mj / asked <= 1.10 and 0.85 <= bullet / asked <= 1.10, (bullet, mj, asked)


def test_tracked_rests_as_in_mujoco(both_targets):
    """What of a tracked base PyBullet can show: it stands on its belts' boxes where the MJCF
    stands on its road wheels (base_link's height, level), and stays put undriven."""
    program = next(p for p in PROGRAMS if chassis_type(p) == "Tracked")
    result, out = both_targets(program)
    bullet, bullet_tilt = rest_in_bullet(result, out)
    mj, mj_tilt = rest_in_mujoco(out, program.name)
    assert bullet[2] == pytest.approx(mj[2], abs=2e-3)
    assert bullet_tilt < 1.0 and mj_tilt < 1.0
    assert np.linalg.norm(bullet[:2]) < 1e-3 and np.linalg.norm(mj[:2]) < 1e-3
