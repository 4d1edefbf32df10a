"""The MJCF of a legged robot carries what users of Menagerie's quadrupeds expect: a home
keyframe standing it, an IMU on the trunk, a touch sensor per foot, and each servo's force
limited to its effort."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import ROOT, compile_program

mujoco = pytest.importorskip("mujoco")


@pytest.fixture(scope="module", params=["quad", "quad_gait"])
def model(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param)
    proc = compile_program(ROOT / "programs" / request.param, "mjcf", out)
    assert proc.returncode == 0, proc.stderr
    return mujoco.MjModel.from_xml_path(str(out / "mjcf" / f"{request.param}.xml"))


def sensor(m, name):
    i = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_SENSOR, name)
    assert i >= 0, name
    return i


def test_home_stands_the_robot_at_its_holds(model):
    key = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_KEY, "home")
    assert key >= 0
    np.testing.assert_allclose(model.key_qpos[key], model.qpos0)
    assert not model.key_ctrl[key].any()
    # the servos' holds, as the legs' joints state them (hip 0.6, knee -1.2)
    hinge = [j for j in range(model.njnt) if model.jnt_type[j] == mujoco.mjtJoint.mjJNT_HINGE]
    holds = sorted({round(float(model.key_qpos[key][model.jnt_qposadr[j]]), 6) for j in hinge})
    assert holds == [-1.2, 0.0, 0.6]


def test_the_trunk_has_an_imu(model):
    kinds = {int(model.sensor_type[sensor(model, f"base_link_imu_{n}")])
             for n in ("gyro", "accel", "quat")}
    assert kinds == {int(mujoco.mjtSensor.mjSENS_GYRO), int(mujoco.mjtSensor.mjSENS_ACCELEROMETER),
                     int(mujoco.mjtSensor.mjSENS_FRAMEQUAT)}
    d = mujoco.MjData(model)
    mujoco.mj_resetDataKeyframe(model, d, 0)
    for _ in range(300):
        mujoco.mj_step(model, d)
    accel = d.sensordata[model.sensor_adr[sensor(model, "base_link_imu_accel")]:][:3]
    assert accel[2] == pytest.approx(9.81, abs=0.3)          # standing: gravity's reaction


def test_the_feet_touch_sensors_carry_the_weight(model):
    d = mujoco.MjData(model)
    mujoco.mj_resetDataKeyframe(model, d, 0)
    for _ in range(500):
        mujoco.mj_step(model, d)
    names = [f"{leg}_foot_touch" for leg in ("front_left", "front_right", "rear_left", "rear_right")]
    pushes = [d.sensordata[model.sensor_adr[sensor(model, n)]] for n in names]
    base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base_link")
    weight = model.body_subtreemass[base] * 9.81
    assert sum(pushes) == pytest.approx(weight, rel=0.05)
    assert min(pushes) > 0.1 * weight


def test_each_servo_is_limited_to_its_effort(model):
    assert model.nu == 12
    assert all(model.actuator_forcelimited)
    np.testing.assert_allclose(model.actuator_forcerange, [[-3.0, 3.0]] * 12)
