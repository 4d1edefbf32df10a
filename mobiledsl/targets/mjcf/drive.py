"""How the MuJoCo model drives: which wheels turn with which actuator, in which sense, and
the wheel speeds a base twist needs. The emitter and the behaviour tests share this, so the
model and whoever commands it agree on signs.

Convention: a positive command on a wheel's actuator rolls the base forward (+x of
base_link); a wheel whose axle lies along x rolls it to the left (+y).
"""

from __future__ import annotations

import math

import numpy as np

from ...model.drivelines import transmissions
from ...model.frames import rotate
from ...model.robot import Robot
from ...recordtype import record
from ..rollers import roller_axis_at_ground
from ..wheels import axle_sign, wheel_axis

HOLONOMIC_WHEELS = ("Mecanum", "Omni_wheel")
ROLLING = ("Standard", "Mecanum", "Omni_wheel")


@record
class WheelDrive:
    component: str
    type: str
    radius: float
    centre: np.ndarray  # base_link
    axle: np.ndarray  # unit, base_link, the joint axis
    sign: int  # +1: positive joint turn rolls the base "forward"
    roller_axis: np.ndarray | None  # at the ground, base_link (holonomic wheels)


def rolling_direction(axle: np.ndarray, sign: int) -> np.ndarray:
    """The base's motion for a positive command: sign * (axle x z)."""
    d = sign * np.cross(axle, [0.0, 0.0, 1.0])
    n = np.linalg.norm(d)
    return d / n if n > 0 else d


def wheel_drives(robot: Robot) -> list[WheelDrive]:
    out = []
    for c in robot.components:
        part = robot.parts[c.part]
        if c.type not in ROLLING or part.wheel is None or c.joint_axis is None:
            continue
        axle = np.asarray(c.joint_axis, float)
        axle = axle / np.linalg.norm(axle)
        centre = np.asarray(c.pose.xyz, float)
        sign = axle_sign(axle)
        out.append(
            WheelDrive(
                c.name,
                c.type,
                part.wheel.radius,
                centre,
                axle,
                sign,
                roller_axis_at_ground(c, centre, c.type, axle),
            )
        )
    return out


def wheel_speed(drive: WheelDrive, vx: float, vy: float, wz: float) -> float:
    """The command (rad/s, in the actuator's positive sense) that a base twist needs."""
    v = np.array([vx - wz * drive.centre[1], vy + wz * drive.centre[0], 0.0])
    f = rolling_direction(drive.axle, drive.sign)
    d = drive.roller_axis if drive.roller_axis is not None else f
    along = float(np.dot(f, d))
    if abs(along) < 1e-9:
        return 0.0
    return float(np.dot(v, d)) / along / drive.radius


def yaw_of(quat) -> float:
    w, x, y, z = quat
    return math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))


__all__ = [
    "WheelDrive",
    "wheel_drives",
    "wheel_speed",
    "axle_sign",
    "wheel_axis",
    "rolling_direction",
    "roller_axis_at_ground",
    "rotate",
    "yaw_of",
]


def commands(robot: Robot, vx: float, vy: float, wz: float, skid: float) -> dict[str, float]:
    """Every drive actuator's command for a base twist: wheels by their own actuator, a
    driveline's motor at its wheels' mean speed times the reduction, a track's hub at its
    belt speed over its travel per turn. A skid-steer base's wheels turn it as if they stood
    wider apart (its contacts slide sideways), so they run faster for the same turn: by
    ``skid``, the analysis' ``Kinematics.skid_factor`` (``skid_of``)."""
    out: dict[str, float] = {}
    wz_wheels = wz * skid
    drives = {d.component: d for d in wheel_drives(robot)}
    lines: dict[str, list[float]] = {}
    geared = driveline_gears(robot)
    for c in robot.components:
        part = robot.parts[c.part]
        if c.name in drives and (c.driven or c.driven_by):
            speed = wheel_speed(drives[c.name], vx, vy, wz_wheels)
            if c.name in geared:  # on a driveline: its motor's one actuator
                motor, gear = geared[c.name]
                lines.setdefault(motor, []).append(speed * gear)
            else:
                out[f"{c.name}_drive"] = speed
        elif c.type == "Track" and part.track is not None and part.track.travel_per_turn_m:
            belt = vx - wz_wheels * c.pose.xyz[1]
            out[f"{c.name}_drive"] = belt * 2 * math.pi / part.track.travel_per_turn_m
    for motor, speeds in lines.items():
        out[f"{motor}_drive"] = sum(speeds) / len(speeds)
    return out


def driveline_gears(robot: Robot) -> dict[str, tuple[str, float]]:
    """Each wheel a driveline turns (the one on its motor's shaft with them): the motor whose
    one actuator turns it, and that actuator's gear (the reduction, 1 where none is stated)."""
    out = {}
    for t in transmissions(robot):
        if t.seat is not None:
            for w in t.wheels:
                out[w] = (t.motor, t.reduction or 1.0)
    return out
