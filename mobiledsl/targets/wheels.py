"""Which way a wheel's hinge turns: the sense every target gives its joint axis, so that a
positive turn rolls the base forward (or, for an axle along x, to its left), as Gazebo's
drive systems command it and the MJCF's actuators assume."""

from __future__ import annotations

import numpy as np

from ..model.frames import rotate
from ..model.robot import Component


def axle_sign(axle: np.ndarray) -> int:
    if abs(axle[1]) > 1e-6:
        return 1 if axle[1] > 0 else -1
    return 1 if axle[0] < 0 else -1


def wheel_axis(c: Component, axis) -> tuple[float, float, float]:
    """The wheel's joint axis in its own frame, turned so that a positive turn rolls the base
    forward (or, for an axle along x, to its left): every target writes its hinge so, as
    Gazebo's drive systems command it."""
    a = np.asarray(axis, float)
    base_axle = rotate(c.pose.quat, a)
    sign = axle_sign(base_axle / np.linalg.norm(base_axle))
    x, y, z = (float(v) for v in sign * a)
    return x, y, z
