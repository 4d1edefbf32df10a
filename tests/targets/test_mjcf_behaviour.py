"""Every program's MJCF, loaded and stepped by MuJoCo: it settles on its wheels, drives
straight, spins, strafes and steers as its chassis type says it can."""
from __future__ import annotations

import math

import mujoco
import numpy as np
import pytest

from .conftest import PROGRAMS, chassis_type

SPIN = {"Diff_two_caster", "Diff_drive", "Tracked", "Mecanum_four_wheel", "Omni_drive",
        "Omni_three_wheel"}
HOLONOMIC = {"Mecanum_four_wheel", "Omni_drive", "Omni_three_wheel"}
STEERED = {"Tricycle", "Ackermann"}
WHEELED = [p for p in PROGRAMS if chassis_type(p) != "Legged"]


def load(built, program):
    out = built(program, "mjcf")
    xml = next(out.glob("*.xml"))
    model = mujoco.MjModel.from_xml_path(str(xml))
    return model, mujoco.MjData(model)


def twist_commands(model) -> dict[int, np.ndarray]:
    out = {}
    for i in range(model.nnumeric):
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_NUMERIC, i)
        if name.startswith("twist_"):
            act = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, name[len("twist_"):])
            adr, size = model.numeric_adr[i], model.numeric_size[i]
            out[act] = np.array(model.numeric_data[adr:adr + size])
    return out


def run(model, data, seconds, vx=0.0, vy=0.0, wz=0.0, steer=0.0):
    table = twist_commands(model)
    for act, coeff in table.items():
        data.ctrl[act] = float(coeff @ [vx, vy, wz])
    for i in range(model.nu):
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_ACTUATOR, i)
        if name.endswith("_steer"):
            data.ctrl[i] = steer
    heights = []
    for _ in range(int(seconds / model.opt.timestep)):
        mujoco.mj_step(model, data)
        heights.append(data.qpos[2])
    return np.array(heights)


def yaw(data) -> float:
    w, x, y, z = data.qpos[3:7]
    return math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))


def settled(model, data):
    heights = run(model, data, 2.0)
    return heights


def start(data):
    return data.qpos[:3].copy(), yaw(data)


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_rests_on_its_wheels(built, program):
    model, data = load(built, program)
    heights = settled(model, data)
    tail = heights[-250:]
    assert tail.max() - tail.min() < 0.002
    assert tail[-1] > 0
    for k in range(data.ncon):
        assert data.contact[k].dist > -0.002


@pytest.mark.slow
@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_drives_straight_forward(built, program):
    model, data = load(built, program)
    settled(model, data)
    (p0, y0) = start(data)
    run(model, data, 3.0, vx=0.3)
    moved = data.qpos[:3] - p0
    heading = np.array([math.cos(y0), math.sin(y0)])
    forward = float(moved[:2] @ heading)
    assert forward > 0.4, f"moved only {forward:.3f} m forward"
    assert abs(math.remainder(yaw(data) - y0, 2 * math.pi)) < math.radians(5)


@pytest.mark.slow
@pytest.mark.parametrize("program", [p for p in PROGRAMS if chassis_type(p) in SPIN],
                         ids=lambda p: p.name)
def test_spins_in_place(built, program):
    model, data = load(built, program)
    settled(model, data)
    (p0, y0) = start(data)
    run(model, data, 3.0, wz=0.8)
    turned = math.remainder(yaw(data) - y0, 2 * math.pi)
    assert abs(turned) > 0.5
    assert np.linalg.norm(data.qpos[:2] - p0[:2]) < 0.15


@pytest.mark.slow
@pytest.mark.parametrize("program", [p for p in PROGRAMS if chassis_type(p) in HOLONOMIC],
                         ids=lambda p: p.name)
def test_strafes_sideways(built, program):
    model, data = load(built, program)
    settled(model, data)
    (p0, y0) = start(data)
    run(model, data, 3.0, vy=0.2)
    moved = data.qpos[:2] - p0[:2]
    left = np.array([-math.sin(y0), math.cos(y0)])
    assert float(moved @ left) > 0.25
    assert abs(math.remainder(yaw(data) - y0, 2 * math.pi)) < math.radians(10)


@pytest.mark.parametrize("program", [p for p in PROGRAMS if chassis_type(p) in STEERED],
                         ids=lambda p: p.name)
def test_turns_when_steered(built, program):
    model, data = load(built, program)
    settled(model, data)
    (p0, y0) = start(data)
    run(model, data, 3.0, vx=0.3, steer=0.4)
    assert math.remainder(yaw(data) - y0, 2 * math.pi) > 0.2


@pytest.mark.slow
def test_two_builds_are_byte_identical(tmp_path):
    from .conftest import compile_program
    program = PROGRAMS[0]
    a, b = tmp_path / "a", tmp_path / "b"
    assert compile_program(program, "mjcf", a).returncode == 0
    assert compile_program(program, "mjcf", b).returncode == 0
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel
