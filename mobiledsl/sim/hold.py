"""The command held around a walker's policy: a policy walks the twist it is told only as
well as it was trained to, and drifts (the demo quad's turns 51 degrees in 10 s told to walk
straight). As a real robot's estimator would, the runtime integrates the trunk's measured
yaw rate and velocity into a heading and a path, integrates the asked twist into the heading
and the path it asks, and tells the policy the asked twist plus what brings the robot back
onto them: a turn for the heading lost, a step aside for the path left."""
from __future__ import annotations

import math

import numpy as np

HEADING_GAIN = 1.5          # 1/s: the turn told per rad of heading lost
HEADING_SETTLE = 0.3        # 1/s^2: and per rad s of it, so a steady drift is undone too
LATERAL_GAIN = 1.5          # 1/s: the speed aside told per m off the asked path
MOST_TURN = 0.4             # rad/s: the most turn added
MOST_ASIDE = 0.1            # m/s: the most speed aside added
STILL = 1e-6                # a command smaller than this is no command


def wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


class CommandHold:
    """The estimate (heading, position in the plane) from the trunk's rates, and the asked
    ones from the command, both integrated every working of the controller."""

    def __init__(self, root_dof: int | None, root_qadr: int | None, limits: dict):
        self.dof, self.qadr, self.limits = root_dof, root_qadr, limits or {}
        self.heading = self.asked_heading = 0.0
        self.position = np.zeros(2)
        self.asked_position = np.zeros(2)
        self.holding = False
        self.lost_sum = 0.0

    def _measured(self, data) -> tuple[np.ndarray, float]:
        """The trunk's velocity in the plane (world) and its yaw rate, as an IMU and a leg
        odometry read them (here: the free joint's velocity)."""
        assert self.dof is not None and self.qadr is not None, "correct measures a free joint"
        import mujoco
        v = data.qvel[self.dof:self.dof + 6]
        rot = np.zeros(9)
        mujoco.mju_quat2Mat(rot, data.qpos[self.qadr + 3:self.qadr + 7])
        w_world = rot.reshape(3, 3) @ np.asarray(v[3:6])   # the free joint's turn is local
        return np.array(v[:2]), float(w_world[2])

    def correct(self, data, twist, dt: float) -> tuple[float, float, float]:
        """The twist to tell the policy for the asked ``twist``, over the last ``dt``."""
        if self.dof is None or not any(abs(t) > STILL for t in twist):
            self.holding = False            # standing: nothing to hold, the drift forgiven
            return tuple(twist)
        velocity, yaw_rate = self._measured(data)
        if not self.holding:                # a new walk: its path starts where it stands
            self.holding = True
            self.asked_heading = self.heading
            self.asked_position = self.position.copy()
            self.lost_sum = 0.0
        self.heading += yaw_rate * dt
        self.position += velocity * dt
        vx, vy, wz = twist
        h = self.asked_heading
        self.asked_position += dt * np.array([vx * math.cos(h) - vy * math.sin(h),
                                              vx * math.sin(h) + vy * math.cos(h)])
        self.asked_heading += wz * dt
        lost = wrap(self.asked_heading - self.heading)
        off = self.asked_position - self.position         # in the world; taken in the body
        aside = -math.sin(self.heading) * off[0] + math.cos(self.heading) * off[1]
        self.lost_sum = max(-MOST_TURN, min(MOST_TURN, self.lost_sum + HEADING_SETTLE * lost * dt))
        turn = max(-MOST_TURN, min(MOST_TURN, HEADING_GAIN * lost + self.lost_sum))
        step = max(-MOST_ASIDE, min(MOST_ASIDE, LATERAL_GAIN * aside))
        return vx, self._within("vy", vy + step), self._within("wz", wz + turn)

    def _within(self, key: str, value: float) -> float:
        limit = self.limits.get(key)
        if not limit:
            return value
        lo, hi = limit if not isinstance(limit, (int, float)) else (-abs(limit), abs(limit))
        return max(lo, min(hi, value))
