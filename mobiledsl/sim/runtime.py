"""The Simulation: one MuJoCo model and data, the command it follows, and the controller that
turns that command into the actuators' controls (a twist map, a gait or a policy)."""
from __future__ import annotations

import json
import math
import os
from pathlib import Path

import numpy as np

from .limits import RateLimiter
from .pose import (
    FALL_HEIGHT,
    FALL_TILT,
    body_geoms,
    floor_geoms,
    floor_height,
    foot_geom,
    tilt,
    touching,
    yaw_roll_pitch,
)

BASE_BODY = "base_link"
ROOT_JOINT = "root"
CONTROLLER_SUFFIX = ".controller.json"


def controller_path(model_xml: str | os.PathLike) -> Path:
    """``<robot>.controller.json`` beside ``<robot>.xml``."""
    p = Path(model_xml)
    return p.with_name(p.stem + CONTROLLER_SUFFIX)


def load_simulation(model_xml: str | os.PathLike) -> Simulation:
    """The model and the controller description the mjcf target wrote beside it. A model
    without one drives by the twist map it carries in its custom numerics, if any."""
    import mujoco
    model = mujoco.MjModel.from_xml_path(os.fspath(model_xml))
    path = controller_path(model_xml)
    if not path.is_file():
        controller = {"kind": "wheeled", "twist_map": twist_map_of(model), "limits": {}}
        return Simulation(model, controller, base_dir=Path(model_xml).parent)
    try:
        controller = json.loads(path.read_text(encoding="utf-8"))
        return Simulation(model, controller, base_dir=Path(model_xml).parent)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        # a hand-edited description: say which file, as for any other unreadable input
        raise ValueError(f"{path.name} is not a controller description as the mjcf target "
                         f"writes it ({type(exc).__name__}: {exc})") from exc


def twist_map_of(model) -> dict[str, list[float]]:
    """The ``twist_<actuator>`` numerics the mjcf target writes into the model."""
    import mujoco
    out = {}
    for i in range(model.nnumeric):
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_NUMERIC, i) or ""
        if name.startswith("twist_"):
            adr = model.numeric_adr[i]
            out[name[len("twist_"):]] = [float(v) for v in model.numeric_data[adr:adr + 3]]
    return out


def make_controller(model, data, controller: dict, base_dir: Path | None):
    kind = controller.get("kind", "wheeled")
    if kind == "wheeled":
        from .wheeled import TwistDrive
        return TwistDrive(model, controller.get("twist_map") or {}, controller.get("steering"))
    if kind == "gait":
        from .gait import GaitDrive
        return GaitDrive(model, data, controller)
    if kind == "policy":
        from .policy import PolicyDrive
        return PolicyDrive(model, data, controller, base_dir)
    if kind == "stand":
        return Stand()
    raise ValueError(f"unknown controller kind {kind!r}: expected wheeled, gait, policy "
                     "or stand")


class Stand:
    """A legged robot with no walking controller: every servo holds where it holds."""

    def control(self, model, data, twist, time: float) -> None:
        pass

    def stepping(self) -> bool:
        return False


class Simulation:
    """Drive a robot model by a body twist. See the package's docstring."""

    def __init__(self, model, controller: dict, base_dir: str | os.PathLike | None = None):
        import mujoco
        self._mj = mujoco
        self.model = model
        self.controller = controller
        self.limiter = RateLimiter(dict(controller.get("limits") or {}))
        self.data = mujoco.MjData(model)
        self.drive = make_controller(model, self.data, controller,
                                     Path(base_dir) if base_dir is not None else None)
        self.dt = float(model.opt.timestep)
        # the controller is worked out every ``tick`` seconds: a whole number of steps
        tick = getattr(self.drive, "tick", None) or self.dt
        self.steps_per_tick = max(1, int(round(tick / self.dt)))
        self._step = 0
        self.base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, BASE_BODY)
        if self.base < 0:
            raise ValueError(f"the model has no body {BASE_BODY!r}")
        joint = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, ROOT_JOINT)
        self._qadr = int(model.jnt_qposadr[joint]) if joint >= 0 else None
        self._floor = floor_geoms(model)
        self._body = body_geoms(model, self.base)
        self._feet = self._foot_geoms(controller.get("feet"))
        mujoco.mj_forward(model, self.data)
        # the model places a legged base standing, every servo at its hold
        self.standing_height = self._height() if self._feet else None
        if hasattr(self.drive, "start"):
            self.drive.start(model, self.data)

    def _foot_geoms(self, feet) -> list[int] | None:
        if not feet:
            return None
        return [foot_geom(self.model, name, geom) for name, geom in sorted(feet.items())]

    # -- commanding and stepping -----------------------------------------------------
    def command(self, vx: float, vy: float, wz: float) -> None:
        """Ask for a body twist (m/s ahead, m/s to the left, rad/s turning left). It is held
        within the limits, and the robot is told it at a bounded rate."""
        self.limiter.ask(vx, vy, wz)

    @property
    def time(self) -> float:
        return float(self.data.time)

    @property
    def twist(self) -> tuple[float, float, float]:
        """The twist the controller is following now (after the rate limit)."""
        return self.limiter.now

    def advance(self, seconds: float) -> None:
        """Step the model ``seconds`` (rounded to whole steps), working the controller out at
        its own rate: mj_step1, the controls, mj_step2."""
        mj = self._mj
        for _ in range(max(0, int(round(seconds / self.dt)))):
            if self._step % self.steps_per_tick == 0:
                mj.mj_step1(self.model, self.data)
                twist = self.limiter.step(self.steps_per_tick * self.dt)
                self.drive.control(self.model, self.data, twist, self.time)
                mj.mj_step2(self.model, self.data)
            else:
                mj.mj_step(self.model, self.data)
            self._step += 1

    def settle(self, seconds: float = 1.0) -> None:
        """Ask for a stop and step ``seconds``; a gait ends with every foot down."""
        self.command(0.0, 0.0, 0.0)
        self.advance(seconds)

    # -- reading the state -----------------------------------------------------------
    def base_pose(self) -> tuple[np.ndarray, np.ndarray]:
        """The base's position and (w, x, y, z) orientation in the world, read from its free
        joint (xpos lags the state by a step after mj_step)."""
        if self._qadr is None:
            return self.data.xpos[self.base].copy(), self.data.xquat[self.base].copy()
        q = self.data.qpos[self._qadr:self._qadr + 7]
        return q[:3].copy(), q[3:7].copy()

    def pose2d(self) -> tuple[float, float, float]:
        pos, quat = self.base_pose()
        return float(pos[0]), float(pos[1]), yaw_roll_pitch(quat)[0]

    def _height(self) -> float:
        return float(self.base_pose()[0][2]) - floor_height(self.model, self._floor)

    def fell(self) -> bool:
        """Rolled or pitched beyond 45 degrees, the body itself touching the floor, or a
        legged trunk sunk below 60 % of its standing height."""
        return self.fall() is not None

    def fall(self) -> str | None:
        """How the robot has fallen, in words, or None while it stands."""
        _, quat = self.base_pose()
        if tilt(quat) > FALL_TILT:
            return f"it tilted {math.degrees(tilt(quat)):.0f} degrees (beyond " \
                   f"{math.degrees(FALL_TILT):.0f})"
        if touching(self.data, self._body, self._floor):
            return "its body touches the floor"
        if self.standing_height:
            share = self._height() / self.standing_height
            if share < FALL_HEIGHT:
                return (f"its trunk sank to {share * 100:.0f} % of its standing height "
                        f"(below {FALL_HEIGHT * 100:.0f} %)")
        return None

    def feet_down(self) -> bool | None:
        """Every foot on the floor; None for a base without feet."""
        if self._feet is None:
            return None
        return len(touching(self.data, set(self._feet), self._floor)) == len(self._feet)

    def stepping(self) -> bool:
        """Whether a gait is still stepping (False for wheels and policies at rest)."""
        return bool(self.drive.stepping())
