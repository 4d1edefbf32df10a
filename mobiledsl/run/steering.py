"""Steering a steered base (Ackermann, tricycle) for a body twist: each steered wheel's angle
puts its axle through the turning centre, which lies on the line of the fixed wheels' axle at
the turning radius vx / wz. The twist map drives the wheels; this sets the kingpins.

The mjcf target names each kingpin's position actuator ``<wheel>_steer``. Only numpy and
mujoco are used here, so the runtime may take this module over as it is.
"""
from __future__ import annotations

import math

import numpy as np

from ..recordtype import record

#: below this speed the wheels keep their angle (the turning radius is undefined at rest)
STILL_MPS = 1e-3


@record
class Kingpin:
    actuator: int
    x: float                      # the steered wheel's place in base_link
    y: float
    low: float                    # the actuator's range (rad)
    high: float


class Steering:
    def __init__(self, model, kingpins: list[Kingpin], rear_x: float):
        self.kingpins = kingpins
        self.rear_x = rear_x
        self.angles = [0.0] * len(kingpins)

    def angles_for(self, vx: float, wz: float) -> list[float]:
        if abs(vx) < STILL_MPS:
            return list(self.angles)
        k = wz / vx                           # curvature of the path the rear axle follows
        out = []
        for pin in self.kingpins:
            delta = math.atan2(k * (pin.x - self.rear_x), 1.0 - k * pin.y)
            if delta > math.pi / 2:            # the centre lies behind the wheel's side
                delta -= math.pi
            elif delta < -math.pi / 2:
                delta += math.pi
            out.append(float(np.clip(delta, pin.low, pin.high)))
        return out

    def apply(self, data, vx: float, wz: float) -> None:
        self.angles = self.angles_for(vx, wz)
        for pin, angle in zip(self.kingpins, self.angles):
            data.ctrl[pin.actuator] = angle


def steering_of(model, robot) -> Steering | None:
    """The kingpins of the robot's steered wheels, or None for a base that steers none."""
    import mujoco
    steered = [c for c in robot.components if c.steer is not None]
    fixed = [c for c in robot.components
             if c.steer is None and robot.parts[c.part].wheel is not None]
    if not steered or not fixed:
        return None
    pins = []
    for c in steered:
        act = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, f"{c.name}_steer")
        if act < 0:
            continue
        low, high = (float(v) for v in model.actuator_ctrlrange[act])
        pins.append(Kingpin(act, float(c.pose.xyz[0]), float(c.pose.xyz[1]), low, high))
    if not pins:
        return None
    return Steering(model, pins, float(np.mean([c.pose.xyz[0] for c in fixed])))
