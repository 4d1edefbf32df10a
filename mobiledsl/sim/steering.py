"""Steering a steered base (Ackermann, tricycle) for a body twist: each steered wheel's angle
puts its axle through the turning centre, which lies on the line of the fixed wheels' axle at
the turning radius vx / wz. The twist map drives the wheels; this sets the kingpins.

The controller description names each kingpin's position actuator (the mjcf target writes
``<wheel>_steer``), the wheel's place in base_link and the fixed axle's x; each angle is held
within the actuator's control range.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

#: below this speed the wheels keep their angle (the turning radius is undefined at rest)
STILL_MPS = 1e-3


@dataclass(frozen=True)
class Kingpin:
    actuator: int
    x: float                      # the steered wheel's place in base_link
    y: float
    low: float                    # the actuator's range (rad)
    high: float


class Steering:
    def __init__(self, kingpins: list[Kingpin], rear_x: float):
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
            out.append(min(max(delta, pin.low), pin.high))
        return out

    def apply(self, data, vx: float, wz: float) -> None:
        self.angles = self.angles_for(vx, wz)
        for pin, angle in zip(self.kingpins, self.angles):
            data.ctrl[pin.actuator] = angle


def steering_of(model, described: dict | None) -> Steering | None:
    """The kingpins the controller description names (``steering``: ``rear_x`` and
    ``kingpins``, each ``actuator``, ``x``, ``y``), or None for a base that steers none."""
    import mujoco
    if not described or not described.get("kingpins"):
        return None
    pins = []
    for pin in described["kingpins"]:
        act = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, pin["actuator"])
        if act < 0:
            raise ValueError(f"the steering names actuator {pin['actuator']!r}, "
                             "which the model does not have")
        low, high = (float(v) for v in model.actuator_ctrlrange[act])
        pins.append(Kingpin(act, float(pin["x"]), float(pin["y"]), low, high))
    return Steering(pins, float(described["rear_x"]))
