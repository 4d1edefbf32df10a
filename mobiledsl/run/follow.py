"""Following a planned path: pure pursuit, shaped by what the chassis can do.

A holonomic base slides toward the point ahead without turning; a base that spins turns on
the spot when the point ahead lies well to its side, and otherwise arcs toward it; a steered
base (Ackermann, tricycle) always rolls and never turns tighter than its turning radius.
The follower is a pure function of the pose: the simulator is not needed to test it.
"""

from __future__ import annotations

import math

import numpy as np

from ..recordtype import record

#: turn on the spot (where the base can) while the point ahead is further aside than this
TURN_IN_PLACE_RAD = math.radians(50)
#: the slowest a base is asked to creep while it is still short of its goal
CREEP_MPS = 0.04


@record
class Chassis:
    """What the follower may ask of the base."""

    holonomic: bool
    can_spin: bool
    max_speed: float  # m/s ahead
    max_turn: float  # rad/s
    min_radius: float = 0.0  # m: a steered base's tightest turn (0: turns on the spot)
    brake: float = 0.5  # m/s^2 the follower plans to stop with


def wrap(angle: float) -> float:
    return (angle + math.pi) % (2 * math.pi) - math.pi


class Follower:
    """Pure pursuit along ``path`` at ``speed``. ``command(pose)`` gives the twist to ask for
    at that pose; ``remaining(pose)`` the distance left to the goal."""

    def __init__(self, path, chassis: Chassis, speed: float):
        self.path = np.asarray(path, float).reshape(-1, 2)
        self.chassis = chassis
        self.speed = min(speed, chassis.max_speed)
        self.lookahead = max(0.25, 1.2 * self.speed, 1.2 * chassis.min_radius)
        seg = np.diff(self.path, axis=0)
        self._lengths = np.linalg.norm(seg, axis=1)
        self._along = np.concatenate([[0.0], np.cumsum(self._lengths)])
        self._progress = 0.0  # arc length reached; never goes back

    @property
    def goal(self) -> np.ndarray:
        return self.path[-1]

    def remaining(self, pose) -> float:
        return float(np.hypot(*(self.goal - pose[:2])))

    def _project(self, p: np.ndarray) -> float:
        """The arc length of the path point nearest ``p``, looking only ahead of the
        progress made (and a lookahead further), so a path that doubles back is followed in
        order."""
        best, best_s = math.inf, self._progress
        window = self._progress + 2 * self.lookahead
        for k, length in enumerate(self._lengths):
            if self._along[k + 1] < self._progress or self._along[k] > window:
                continue
            a = self.path[k]
            t = (
                0.0
                if length == 0
                else float(np.clip((p - a) @ (self.path[k + 1] - a) / length**2, 0.0, 1.0))
            )
            s = self._along[k] + t * length
            d = float(np.hypot(*(a + t * (self.path[k + 1] - a) - p)))
            if d < best and s >= self._progress:
                best, best_s = d, s
        return best_s

    def _point_at(self, s: float) -> np.ndarray:
        s = min(s, float(self._along[-1]))
        k = int(np.searchsorted(self._along, s, side="right")) - 1
        k = min(max(k, 0), len(self._lengths) - 1) if len(self._lengths) else 0
        if not len(self._lengths) or self._lengths[k] == 0:
            return self.path[min(k + 1, len(self.path) - 1)]
        t = (s - self._along[k]) / self._lengths[k]
        return self.path[k] + t * (self.path[k + 1] - self.path[k])

    def command(self, pose) -> tuple[float, float, float]:
        x, y, yaw = pose
        p = np.array([x, y])
        self._progress = self._project(p)
        target = self._point_at(self._progress + self.lookahead)
        left = float(self._along[-1]) - self._progress
        to_goal = self.remaining(pose)
        # slow down in time to stop at the goal
        v = min(
            self.speed,
            max(CREEP_MPS, math.sqrt(2 * self.chassis.brake * max(min(left, to_goal), 0.0))),
        )
        d = target - p
        c, s = math.cos(yaw), math.sin(yaw)
        bx, by = c * d[0] + s * d[1], -s * d[0] + c * d[1]  # the target in the body frame
        dist = math.hypot(bx, by)
        if dist < 1e-9:
            return 0.0, 0.0, 0.0
        ch = self.chassis
        if ch.holonomic:
            return v * bx / dist, v * by / dist, 0.0
        alpha = math.atan2(by, bx)
        if ch.can_spin:
            if abs(alpha) > TURN_IN_PLACE_RAD:
                return 0.0, 0.0, math.copysign(min(ch.max_turn, 1.5 * abs(alpha)), alpha)
            v *= max(math.cos(alpha), 0.0)
            wz = 2 * max(v, CREEP_MPS) * math.sin(alpha) / dist + 0.8 * alpha
            return v, 0.0, float(np.clip(wz, -ch.max_turn, ch.max_turn))
        # a steered base: an arc of curvature 2 sin(alpha) / L, no tighter than it can turn
        curvature = 2 * math.sin(alpha) / dist
        if ch.min_radius > 0:
            limit = 1.0 / ch.min_radius
            curvature = float(np.clip(curvature, -limit, limit))
        v = max(v, CREEP_MPS)
        return v, 0.0, float(np.clip(v * curvature, -ch.max_turn, ch.max_turn))
