"""The policy runner: an ONNX policy called every ``period`` with what it observes, in the
order the part states, its action setting each servo's target to its hold plus
``action_scale`` times the action. The model is stepped with the simulator options the policy
was trained in, in two halves: mj_step1, the controls, mj_step2."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

INTEGRATORS = {"Euler": "mjINT_EULER", "implicit": "mjINT_IMPLICIT",
               "implicitfast": "mjINT_IMPLICITFAST"}


def apply_simulator(model, simulator: dict) -> None:
    """The <option> the policy was trained in, set on the model."""
    import mujoco
    if "timestep" in simulator:
        model.opt.timestep = float(simulator["timestep"])
    if "integrator" in simulator:
        model.opt.integrator = getattr(mujoco.mjtIntegrator, INTEGRATORS[simulator["integrator"]])
    if "iterations" in simulator:
        model.opt.iterations = int(simulator["iterations"])
    if "ls_iterations" in simulator:
        model.opt.ls_iterations = int(simulator["ls_iterations"])
    if "eulerdamp" in simulator:
        bit = int(mujoco.mjtDisableBit.mjDSBL_EULERDAMP)
        if simulator["eulerdamp"]:
            model.opt.disableflags &= ~bit
        else:
            model.opt.disableflags |= bit


def rpy_matrix(rpy) -> np.ndarray:
    """Fixed-axis roll, pitch, yaw as a rotation matrix (Rz Ry Rx)."""
    r, p, y = (float(a) for a in rpy)
    cr, sr, cp, sp = math.cos(r), math.sin(r), math.cos(p), math.sin(p)
    cy, sy = math.cos(y), math.sin(y)
    return np.array([[cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
                     [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
                     [-sp, cp * sr, cp * cr]])


class Observer:
    """Builds the observation vector from the simulation's state."""

    def __init__(self, model, stated: dict):
        import mujoco
        self._mj = mujoco
        self.terms = list(stated["observation"])
        names = list(stated["actuators"])
        self.actuators = np.array([self._id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, n) for n in names])
        joints = [int(model.actuator_trnid[a, 0]) for a in self.actuators]
        self.qadr = np.array([model.jnt_qposadr[j] for j in joints], int)
        self.dofs = np.array([model.jnt_dofadr[j] for j in joints], int)
        self.hold = model.qpos0[self.qadr].copy()
        hidden = set(stated.get("hidden_actuators") or ())
        self.seen = np.array([0.0 if n in hidden else 1.0 for n in names])
        imu = stated.get("imu") or {}
        body = stated.get("imu_body") or "base_link"
        self.body = self._id(model, mujoco.mjtObj.mjOBJ_BODY, body)
        self.offset = np.asarray(imu.get("xyz") or (0, 0, 0), float)
        self.turn = rpy_matrix(imu.get("rpy") or (0, 0, 0))
        self.phase = stated.get("phase")
        self.size = sum(self.term_size(t) for t in self.terms)

    def _id(self, model, kind, name: str) -> int:
        i = self._mj.mj_name2id(model, kind, name)
        if i < 0:
            raise ValueError(f"the policy names {name!r}, which the model lacks")
        return i

    def term_size(self, term: str) -> int:
        n = len(self.actuators)
        return {"linear_velocity": 3, "angular_velocity": 3, "gravity": 3, "command": 3,
                "joint_angles": n, "joint_velocities": n, "last_action": n,
                "phase": 2 * len((self.phase or {}).get("offsets") or ())}[term]

    def imu_frame(self, data) -> np.ndarray:
        """The IMU's turn in the world (its body's turn, then its own)."""
        return data.xmat[self.body].reshape(3, 3) @ self.turn

    def imu_velocity(self, model, data) -> tuple[np.ndarray, np.ndarray]:
        """The IMU's linear and angular velocity, in its own frame."""
        vel = np.zeros(6)
        # the body frame itself (XBODY), not its inertial frame
        self._mj.mj_objectVelocity(model, data, self._mj.mjtObj.mjOBJ_XBODY, self.body, vel, 1)
        w_body, v_body = vel[:3], vel[3:]
        v_point = v_body + np.cross(w_body, self.offset)
        return self.turn.T @ v_point, self.turn.T @ w_body

    def phases(self, twist, time: float) -> np.ndarray:
        spec = self.phase or {}
        angles = np.array([2 * math.pi * float(spec["frequency"]) * time + float(o)
                           for o in spec.get("offsets") or ()])
        below = spec.get("still_below")
        if below is not None and math.sqrt(sum(v * v for v in twist)) < float(below):
            angles[:] = float(spec["still_at"])
        return np.concatenate([np.cos(angles), np.sin(angles)])

    def observe(self, model, data, twist, last_action: np.ndarray, time: float) -> np.ndarray:
        lin, ang = self.imu_velocity(model, data)
        parts = {
            "linear_velocity": lambda: lin,
            "angular_velocity": lambda: ang,
            "gravity": lambda: self.imu_frame(data).T @ np.array([0.0, 0.0, -1.0]),
            "command": lambda: np.asarray(twist, float),
            "joint_angles": lambda: (data.qpos[self.qadr] - self.hold) * self.seen,
            "joint_velocities": lambda: data.qvel[self.dofs] * self.seen,
            "last_action": lambda: last_action,
            "phase": lambda: self.phases(twist, time),
        }
        return np.concatenate([parts[t]() for t in self.terms]).astype(np.float32)


class PolicyDrive:
    """Calls the ONNX policy every ``period`` and sets the servos' targets from it."""

    def __init__(self, model, data, controller: dict, base_dir: Path | None):
        stated = controller["policy"]
        apply_simulator(model, stated.get("simulator") or {})
        self.tick = float(stated["period"])
        self.scale = float(stated["action_scale"])
        self.observer = Observer(model, stated)
        path = Path(stated["policy"])
        if not path.is_absolute() and base_dir is not None:
            path = base_dir / path
        import onnxruntime
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1       # one small network: threads only cost
        self.session = onnxruntime.InferenceSession(str(path), options,
                                                    providers=["CPUExecutionProvider"])
        self.input = self.session.get_inputs()[0].name
        self.last_action = np.zeros(len(self.observer.actuators), np.float32)
        self.last_observation: np.ndarray | None = None

    def control(self, model, data, twist, time: float) -> None:
        obs = self.observer.observe(model, data, twist, self.last_action, time)
        self.last_observation = obs
        out = self.session.run(None, {self.input: obs.reshape(1, -1)})[0]
        action = np.asarray(out, np.float32).reshape(-1)[:len(self.last_action)]
        self.last_action = action
        data.ctrl[self.observer.actuators] = self.scale * action

    def stepping(self) -> bool:
        return False
