"""The policy runner against a hand computation: the observation vector, term by term in the
stated order, and the action mapped onto the servos, with a small ONNX graph built here."""
from __future__ import annotations

import copy
import json
import math

import mujoco
import numpy as np
import pytest
from onnx import TensorProto, helper, save

from mobiledsl.sim import Simulation
from mobiledsl.sim.runtime import controller_path

ORDER = ["command", "gravity", "joint_angles", "phase", "linear_velocity",
         "angular_velocity", "joint_velocities", "last_action"]


def affine_policy(path, weight: np.ndarray, bias: np.ndarray) -> None:
    """action = observation @ weight + bias, as an ONNX file."""
    n_obs, n_act = weight.shape
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["obs", "W"], ["mm"]),
         helper.make_node("Add", ["mm", "B"], ["action"])], "affine",
        [helper.make_tensor_value_info("obs", TensorProto.FLOAT, [1, n_obs])],
        [helper.make_tensor_value_info("action", TensorProto.FLOAT, [1, n_act])],
        [helper.make_tensor("W", TensorProto.FLOAT, weight.shape, weight.ravel().tolist()),
         helper.make_tensor("B", TensorProto.FLOAT, bias.shape, bias.ravel().tolist())])
    save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), str(path))


def quat_matrix(q) -> np.ndarray:
    out = np.zeros(9)
    mujoco.mju_quat2Mat(out, np.asarray(q, float))
    return out.reshape(3, 3)


def rpy(r, p, y) -> np.ndarray:
    rx = np.array([[1, 0, 0], [0, math.cos(r), -math.sin(r)], [0, math.sin(r), math.cos(r)]])
    ry = np.array([[math.cos(p), 0, math.sin(p)], [0, 1, 0], [-math.sin(p), 0, math.cos(p)]])
    rz = np.array([[math.cos(y), -math.sin(y), 0], [math.sin(y), math.cos(y), 0], [0, 0, 1]])
    return rz @ ry @ rx


@pytest.fixture
def walker_model(model_xml):
    xml = model_xml("quad")
    desc = json.loads(controller_path(xml).read_text())
    assert desc["kind"] == "policy" and desc["walker"] is not None
    return mujoco.MjModel.from_xml_path(str(xml)), desc


def configured(desc, tmp_path, weight, bias, hidden=("front_right_knee",)):
    d = copy.deepcopy(desc)
    p = d["policy"]
    p["observation"] = ORDER
    p["imu"] = {"link": None, "xyz": [0.03, -0.02, 0.01], "rpy": [0.1, -0.2, 0.3]}
    p["hidden_actuators"] = list(hidden)
    p["phase"] = {"frequency": 2.0, "offsets": [0.0, math.pi / 2], "still_below": 0.05,
                  "still_at": 0.7}
    p["action_scale"] = 0.3
    affine_policy(tmp_path / "p.onnx", weight, bias)
    p["policy"] = str(tmp_path / "p.onnx")
    return d


def moving_state(sim: Simulation) -> None:
    """A tilted, moving robot with its servos off their holds."""
    rng = np.random.default_rng(3)
    d = sim.data
    d.qpos[3:7] = [0.97, 0.1, -0.15, 0.12]
    d.qpos[3:7] /= np.linalg.norm(d.qpos[3:7])
    d.qpos[7:] += rng.uniform(-0.2, 0.2, sim.model.nq - 7)
    d.qvel[:] = rng.uniform(-0.5, 0.5, sim.model.nv)
    d.time = 0.37
    mujoco.mj_forward(sim.model, d)


def hand_observation(sim, desc, twist, last_action, time):
    p = desc["policy"]
    d, m = sim.data, sim.model
    body = quat_matrix(d.qpos[3:7])
    imu = body @ rpy(0.1, -0.2, 0.3)
    w_world = body @ d.qvel[3:6]                           # a free joint's spin is local
    offset = body @ np.array([0.03, -0.02, 0.01])
    v_world = d.qvel[0:3] + np.cross(w_world, offset)
    angles, speeds = [], []
    for name in p["actuators"]:
        j = m.actuator_trnid[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_ACTUATOR, name), 0]
        hidden = name in p["hidden_actuators"]
        angles.append(0.0 if hidden else d.qpos[m.jnt_qposadr[j]] - m.qpos0[m.jnt_qposadr[j]])
        speeds.append(0.0 if hidden else d.qvel[m.jnt_dofadr[j]])
    if math.hypot(*twist) < 0.05:
        phases = [0.7, 0.7]
    else:
        phases = [2 * math.pi * 2.0 * time, 2 * math.pi * 2.0 * time + math.pi / 2]
    terms = {"command": list(twist), "gravity": imu.T @ [0, 0, -1],
             "joint_angles": angles, "phase": [math.cos(a) for a in phases]
             + [math.sin(a) for a in phases],
             "linear_velocity": imu.T @ v_world, "angular_velocity": imu.T @ w_world,
             "joint_velocities": speeds, "last_action": list(last_action)}
    return np.concatenate([np.asarray(terms[t], float) for t in ORDER])


@pytest.mark.slow
@pytest.mark.parametrize("twist", [(0.2, -0.1, 0.3), (0.01, 0.0, 0.02)])
def test_observation_and_action_against_a_hand_computation(walker_model, tmp_path, twist):
    model, desc = walker_model
    n = len(desc["policy"]["actuators"])       # the servos the policy moves
    n_obs = 3 + 3 + n + 4 + 3 + 3 + n + n
    rng = np.random.default_rng(7)
    weight = rng.normal(0, 0.1, (n_obs, n)).astype(np.float32)
    bias = rng.normal(0, 0.1, n).astype(np.float32)
    d = configured(desc, tmp_path, weight, bias)
    sim = Simulation(model, d)
    moving_state(sim)
    drive = sim.drive
    assert drive.observer.size == n_obs
    first_action = np.arange(n, dtype=np.float32) / 10
    drive.last_action = first_action.copy()
    drive.control(sim.model, sim.data, twist, sim.time)
    # the policy is told the asked twist held on its heading and path (sim/hold.py): at the
    # first call, with nothing lost yet, within the hold's few cm/s and tenths of rad/s
    told = drive.last_command
    assert np.allclose(told, twist, atol=0.41)
    expected = hand_observation(sim, d, told, first_action, sim.time)
    np.testing.assert_allclose(drive.last_observation, expected, atol=1e-5)
    action = expected.astype(np.float32) @ weight + bias
    np.testing.assert_allclose(drive.last_action, action, atol=1e-5)
    # each servo's target is its hold plus action_scale times its action: the command the
    # model's servo takes is the offset from hold
    for k, name in enumerate(d["policy"]["actuators"]):
        a = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, name)
        assert sim.data.ctrl[a] == pytest.approx(0.3 * action[k], abs=1e-5)


def test_the_simulator_options_are_the_policys(walker_model, tmp_path):
    model, desc = walker_model
    n = len(desc["policy"]["actuators"])
    d = configured(desc, tmp_path, np.zeros((16 + 3 * n, n), np.float32),
                   np.zeros(n, np.float32))
    d["policy"]["simulator"] = {"timestep": 0.005, "integrator": "Euler", "iterations": 3,
                                "ls_iterations": 4, "eulerdamp": False}
    d["policy"]["period"] = 0.02
    sim = Simulation(model, d)
    assert model.opt.timestep == 0.005 and model.opt.iterations == 3
    assert model.opt.ls_iterations == 4
    assert model.opt.integrator == mujoco.mjtIntegrator.mjINT_EULER
    assert model.opt.disableflags & mujoco.mjtDisableBit.mjDSBL_EULERDAMP
    assert sim.steps_per_tick == 4


def test_called_once_a_period_with_its_last_action(walker_model, tmp_path):
    """A policy whose action is its last action plus one counts its calls."""
    model, desc = walker_model
    n = len(desc["policy"]["actuators"])
    n_obs = 16 + 3 * n
    weight = np.zeros((n_obs, n), np.float32)
    start = n_obs - n                       # last_action comes last in ORDER
    weight[start:, :] = np.eye(n, dtype=np.float32)
    d = configured(desc, tmp_path, weight, np.full(n, 0.001, np.float32))
    d["policy"]["period"] = 0.02
    d["policy"]["simulator"]["timestep"] = 0.002
    sim = Simulation(model, d)
    sim.advance(0.2)                        # 10 periods of 0.02 s
    assert sim.drive.last_action == pytest.approx(np.full(n, 0.010), abs=1e-6)
