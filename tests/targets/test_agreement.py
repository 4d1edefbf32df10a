"""The targets agree with each other and with the analysis: every program's MJCF read back by
MuJoCo, its URDF and its SDF (their XML) give the same total mass, centre of mass and
inertia as the analysis, and every link stands at the same pose in each; every wheel hinge
turns the same way, through the wheel's centre."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import mujoco
import numpy as np
import pytest

from mobiledsl.model.frames import matrix_from_quat as matrix, quat_from_rpy

from .conftest import PROGRAMS, chassis_type

WHEELED = [p for p in PROGRAMS if chassis_type(p) != "Legged"]
TOL = 1e-6


def pose(xyz, rpy):
    t = np.eye(4)
    t[:3, :3] = matrix(quat_from_rpy(rpy))
    t[:3, 3] = xyz
    return t


def floats(text, n=3):
    return [float(v) for v in (text or " ".join(["0"] * n)).split()]


def summed(bodies):
    """bodies: (name, 4x4 frame in base_link, mass, com in frame, 3x3 inertia in frame axes)
    -> (mass, com, inertia about com in base_link axes)."""
    items = [(m, T[:3, :3] @ c + T[:3, 3], T[:3, :3] @ I @ T[:3, :3].T)
             for _, T, m, c, I in bodies if m > 0]
    mass = sum(m for m, _, _ in items)
    com = sum(m * c for m, c, _ in items) / mass
    inertia = sum(I + m * ((c - com) @ (c - com) * np.eye(3) - np.outer(c - com, c - com))
                  for m, c, I in items)
    return mass, com, inertia


def tensor(el):
    g = {k: float(el.get(k) if el.get(k) is not None else el.findtext(k)) for k in
         ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")}
    return np.array([[g["ixx"], g["ixy"], g["ixz"]], [g["ixy"], g["iyy"], g["iyz"]],
                     [g["ixz"], g["iyz"], g["izz"]]])


def from_mjcf(xml):
    model = mujoco.MjModel.from_xml_path(str(xml))
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base_link")
    to_base = np.linalg.inv(frame(data.xpos[base], data.xmat[base]))
    bodies, frames = [], {}
    for b in range(1, model.nbody):
        if model.body_rootid[b] != base:
            continue
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_BODY, b)
        T = to_base @ frame(data.xpos[b], data.xmat[b])
        frames[name] = T
        R_i = data.ximat[b].reshape(3, 3)
        I_world = R_i @ np.diag(model.body_inertia[b]) @ R_i.T
        R = data.xmat[b].reshape(3, 3)
        com = R.T @ (data.xipos[b] - data.xpos[b])
        bodies.append((name, T, float(model.body_mass[b]), com, R.T @ I_world @ R))
    return summed(bodies), frames, model


def frame(xpos, xmat):
    t = np.eye(4)
    t[:3, :3] = np.asarray(xmat).reshape(3, 3)
    t[:3, 3] = xpos
    return t


def inertials(links, frames, origin):
    """Frames moved into base_link's, and each link's inertial there: ``origin(inertial)``
    gives its pose in the link and its mass (URDF and SDF write them differently)."""
    to_base = np.linalg.inv(frames["base_link"])
    frames = {k: to_base @ T for k, T in frames.items()}
    bodies = []
    for link in links:
        el = link.find("inertial")
        if el is not None:
            at, mass = origin(el)
            bodies.append((link.get("name"), frames[link.get("name")] @ at, mass, np.zeros(3),
                           tensor(el.find("inertia"))))
    return frames, bodies


def from_urdf(path):
    root = ET.parse(path).getroot()
    frames = {"base_footprint": np.eye(4)}
    joints = root.findall("joint")
    axes = {}
    while len(frames) < len(root.findall("link")):
        for j in joints:
            parent, child = j.find("parent").get("link"), j.find("child").get("link")
            if parent in frames and child not in frames:
                o = j.find("origin")
                frames[child] = frames[parent] @ pose(floats(o.get("xyz")), floats(o.get("rpy")))
                if j.find("axis") is not None:
                    axes[j.get("name")] = (child, np.array(floats(j.find("axis").get("xyz"))))
    def origin(el):
        o = el.find("origin")
        return pose(floats(o.get("xyz")), floats(o.get("rpy"))), float(el.find("mass").get("value"))
    frames, bodies = inertials(root.findall("link"), frames, origin)
    return summed(bodies), frames, axes


def from_sdf(path, robot):
    root = ET.parse(path).getroot()
    model = next(m for m in root.iter("model") if m.get("name") == robot)
    frames = {}
    for link in model.findall("link"):
        p = floats(link.findtext("pose"), 6)
        frames[link.get("name")] = pose(p[:3], p[3:])
    def origin(el):
        p = floats(el.findtext("pose"), 6)
        return pose(p[:3], p[3:]), float(el.findtext("mass"))
    frames, bodies = inertials(model.findall("link"), frames, origin)
    axes = {j.get("name"): (j.findtext("child"), np.array(floats(j.find("axis").findtext("xyz"))))
            for j in model.findall("joint") if j.find("axis") is not None}
    return summed(bodies), frames, axes


def analysis_of(out):
    import json
    report = json.loads(next((out / "report").glob("*.json")).read_text())
    return report["mass"], np.array(report["com"]), np.array(report["inertia"])


def close(a, b, scale=1.0):
    return np.allclose(a, b, rtol=0, atol=TOL * max(scale, 1.0))


def read_all(both_targets, program):
    _, out = both_targets(program)
    name = program.name
    mj, mj_frames, model = from_mjcf(out / "mjcf" / f"{name}.xml")
    pkg = out / "ros-gz-nav2" / f"{name}_bringup"
    ur, ur_frames, ur_axes = from_urdf(pkg / "urdf" / f"{name}.urdf")
    sdf = next((pkg / "worlds").glob("*.sdf"))
    sd, sd_frames, sd_axes = from_sdf(sdf, name)
    return out, (mj, mj_frames, model), (ur, ur_frames, ur_axes), (sd, sd_frames, sd_axes)


@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_mass_com_and_inertia_agree(both_targets, program):
    out, (mj, _, _), (ur, _, _), (sd, _, _) = read_all(both_targets, program)
    mass, com, inertia = analysis_of(out)
    for label, (m, c, i) in (("mjcf", mj), ("urdf", ur), ("sdf", sd)):
        assert m == pytest.approx(mass, rel=TOL), label
        assert close(c, com), (label, c, com)
        assert close(i, inertia, np.abs(inertia).max()), (label, i, inertia)


@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_every_link_stands_at_the_same_pose(both_targets, program):
    _, (_, mj_frames, _), (_, ur_frames, _), (_, sd_frames, _) = read_all(both_targets, program)
    shared = set(mj_frames) & set(ur_frames)
    components = [n for n in mj_frames if "_roller_" not in n and "_roadwheel_" not in n]
    assert set(components) <= set(ur_frames), set(components) - set(ur_frames)
    for name in sorted(shared):
        assert close(mj_frames[name], ur_frames[name]), name
        if name in sd_frames:
            assert close(sd_frames[name], ur_frames[name]), name


@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_every_hinge_turns_the_same_way_through_the_wheel_centre(both_targets, program):
    _, (_, mj_frames, model), (_, ur_frames, ur_axes), (_, _, sd_axes) = \
        read_all(both_targets, program)
    checked = 0
    for jname, (child, axis) in ur_axes.items():
        j = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, jname)
        if j < 0:          # MuJoCo names a knuckle's hinge after its body
            j = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, jname.removesuffix("_joint"))
        assert j >= 0, jname
        body = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_BODY, model.jnt_bodyid[j])
        assert body == child
        assert close(model.jnt_axis[j], axis), (jname, model.jnt_axis[j], axis)
        assert close(sd_axes[jname][1], axis), jname
        if jname.endswith("_joint") and not jname.endswith("_steer_joint"):
            assert close(model.jnt_pos[j], np.zeros(3)), (jname, model.jnt_pos[j])
        checked += 1
    assert checked > 0 or chassis_type(program) == "Tracked"   # a track has no hinge there
