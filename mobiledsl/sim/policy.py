"""The policy runner: an ONNX policy called every ``period`` with what it observes, in the
order the part states, its action setting each servo's target to its hold plus
``action_scale`` times the action. The model is stepped with the simulator options the policy
was trained in, in two halves: mj_step1, the controls, mj_step2.

A policy file is someone else's program, so it runs within bounds, and a policy that
breaks them ends the simulation with a ``PolicyError`` saying what it did and when:

- it loads only as one float32 input of [1, n] and a float32 first output of [1, m], n the
  observation's size and m the servos it moves;
- every call has ``call_budget(period)`` seconds of wall time (25 periods, at least 0.5 s and
  at most 10 s): a watchdog thread tells onnxruntime to stop the call when they are up;
- onnxruntime allocates from one arena of at most ``ARENA_BYTES`` (256 MiB) for the process,
  so a call that would make a huge tensor fails instead of taking the machine's memory, and
  the graph is run as written (no optimizer that folds constants at load);
- an action of another size, or not finite, is an error too.
"""
from __future__ import annotations

import math
import threading
import time
from pathlib import Path

import numpy as np

#: the most one process's policies may allocate, weights and every tensor of a call
ARENA_BYTES = 256 * 1024 * 1024
#: a call's wall-time budget: this many control periods, within the bounds below
BUDGET_PERIODS = 25
BUDGET_LEAST_S = 0.5
BUDGET_MOST_S = 10.0
_QUIET = 4                       # onnxruntime's log level "fatal": no model text on stderr
_arena = threading.Lock()
_arena_made = False


class PolicyError(ValueError):
    """The policy cannot be run, or broke a bound while running; the message says which."""


def call_budget(period: float) -> float:
    """Seconds of wall time one call of a policy called every ``period`` may take: generous
    (a small network takes well under a millisecond) but bounded, so a slow policy ends a
    run rather than holding it for hours."""
    return min(BUDGET_MOST_S, max(BUDGET_LEAST_S, BUDGET_PERIODS * float(period)))

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
        self.budget = call_budget(self.tick)
        self.last_action = np.zeros(len(self.observer.actuators), np.float32)
        self.last_observation: np.ndarray | None = None
        self.session = load_session(path)
        self.input, self.output = interface(self.session, self.observer.size,
                                            len(self.last_action))
        self.hold = command_hold(model, controller)

    def control(self, model, data, twist, time: float) -> None:
        twist = self.hold.correct(data, twist, self.tick)
        self.last_command = twist           # what the policy was told: the asked, held
        obs = self.observer.observe(model, data, twist, self.last_action, time)
        self.last_observation = obs
        action = self.call(obs, time)
        self.last_action = action
        data.ctrl[self.observer.actuators] = self.scale * action

    def call(self, obs: np.ndarray, time_s: float) -> np.ndarray:
        """One call within its budget; the action, or PolicyError."""
        import onnxruntime
        options = onnxruntime.RunOptions()
        options.log_severity_level = _QUIET
        watchdog = threading.Timer(self.budget, setattr, (options, "terminate", True))
        watchdog.daemon = True
        start = time.monotonic()
        watchdog.start()
        try:
            out = self.session.run([self.output], {self.input: obs.reshape(1, -1)}, options)[0]
        except Exception as exc:            # onnxruntime's own errors have no common base
            took = time.monotonic() - start
            if took >= self.budget:
                raise self.too_slow(took, time_s) from None
            raise PolicyError(f"the policy failed at t = {time_s:.3f} s: "
                              f"{_first_line(exc)}") from None
        finally:
            watchdog.cancel()
        took = time.monotonic() - start
        if took > self.budget:
            raise self.too_slow(took, time_s)
        action = np.asarray(out)
        if action.size != len(self.last_action) or action.dtype != np.float32:
            raise PolicyError(f"the policy gave {action.dtype} {list(action.shape)} at t = "
                              f"{time_s:.3f} s, not float32 [1, {len(self.last_action)}]")
        if not np.all(np.isfinite(action)):
            raise PolicyError(f"the policy gave an action that is not finite at t = "
                              f"{time_s:.3f} s")
        return action.reshape(-1)

    def too_slow(self, took: float, time_s: float) -> PolicyError:
        return PolicyError(f"a call of the policy at t = {time_s:.3f} s took {took:.2f} s of "
                           f"wall time, beyond its budget of {self.budget:g} s "
                           f"({BUDGET_PERIODS} control periods, at least {BUDGET_LEAST_S:g} s)")

    def stepping(self) -> bool:
        return False


def command_hold(model, controller: dict):
    """The heading and the path held around the policy (hold.py), on the model's free
    joint, within the command ranges the policy was made for."""
    import mujoco

    from .hold import CommandHold
    root = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, "root")
    dof = int(model.jnt_dofadr[root]) if root >= 0 else None
    qadr = int(model.jnt_qposadr[root]) if root >= 0 else None
    return CommandHold(dof, qadr, controller.get("limits") or {})


def load_session(path: Path):
    """An onnxruntime session of the file, on one thread, allocating from the bounded arena,
    the graph run as written; PolicyError when it does not load."""
    import onnxruntime
    _bound_the_arena(onnxruntime)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1       # one small network: threads only cost
    options.inter_op_num_threads = 1
    options.log_severity_level = _QUIET
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    options.add_session_config_entry("session.use_env_allocators", "1")
    try:
        return onnxruntime.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])
    except Exception as exc:                # a missing file, bad bytes, an unknown operator
        raise PolicyError(f"the policy {path.name} does not load: {_first_line(exc)}") from None


def _bound_the_arena(onnxruntime) -> None:
    """Register, once a process, the CPU arena every policy session allocates from."""
    global _arena_made
    with _arena:
        if _arena_made:
            return
        info = onnxruntime.OrtMemoryInfo("Cpu", onnxruntime.OrtAllocatorType.ORT_ARENA_ALLOCATOR,
                                         0, onnxruntime.OrtMemType.DEFAULT)
        onnxruntime.create_and_register_allocator(
            info, onnxruntime.OrtArenaCfg(ARENA_BYTES, -1, -1, -1))
        _arena_made = True


def interface(session, observed: int, actions: int) -> tuple[str, str]:
    """(input, output) names of a session that takes float32 [1, observed] and gives float32
    [1, actions] first; PolicyError otherwise (a controller description edited by hand, or
    a file the loader never saw)."""
    inputs, outputs = session.get_inputs(), session.get_outputs()
    if len(inputs) != 1 or not outputs:
        raise PolicyError(f"the policy takes {len(inputs)} inputs and gives {len(outputs)} "
                          "outputs: a policy takes one, the observation, and gives its action")
    for value, size, what in ((inputs[0], observed, "input"), (outputs[0], actions, "output")):
        shape = list(value.shape or ())
        fits = (value.type == "tensor(float)" and len(shape) == 2 and shape[1] == size
                and (shape[0] == 1 or isinstance(shape[0], str)))
        if not fits:
            raise PolicyError(f"the policy's {what} is {value.type} {shape}, not "
                              f"tensor(float) [1, {size}]")
    return inputs[0].name, outputs[0].name


def _first_line(exc: Exception) -> str:
    """onnxruntime's message without its source paths and stack: its last clause, short."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:300]
