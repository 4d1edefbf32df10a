"""A mecanum or omni wheel's rollers, laid out once for every target: free balls round the rim,
each on a hinge about its own roller axis, so the wheel grips only across that axis and the
base can move sideways. The MJCF, the URDF and the SDF all carry exactly these bodies, so they
agree on every roller's pose, axis and mass (its share comes out of the wheel, shares.py)."""

from __future__ import annotations

import math

import numpy as np

from ..library.model import Part
from ..model.frames import rotate
from ..model.robot import Component
from ..recordtype import record
from .shares import KNUCKLE_SHARE, MISSING_MASS, ROLLER_SHARE, Piece

ROLLERS = 16
HOLONOMIC = ("Mecanum", "Omni_wheel")


def roller_axis_at_ground(
    component: Component, centre: np.ndarray, wheel_type: str, axle: np.ndarray
) -> np.ndarray | None:
    """A mecanum wheel's rollers meet the ground at 45 degrees: front-left and rear-right
    wheels along (1, -1), the other two along (1, 1) (the usual X pattern seen from above,
    which lets the base strafe). An omni wheel's rollers lie along its rolling direction."""
    fwd = np.cross(axle, [0.0, 0.0, 1.0])
    fwd = fwd / (np.linalg.norm(fwd) or 1.0)
    if wheel_type == "Omni_wheel":
        return fwd
    if wheel_type != "Mecanum":
        return None
    return _mecanum_roller_axis(centre)


def _mecanum_roller_axis(centre: np.ndarray) -> np.ndarray:
    front = centre[0] >= 0
    left = centre[1] >= 0
    d = np.array([1.0, -1.0, 0.0]) if front == left else np.array([1.0, 1.0, 0.0])
    return d / np.linalg.norm(d)


@record
class Roller:
    name: str  # the body (link) of the roller: <wheel>_roller_<k>
    piece: Piece  # its mass, centre and inertia in the wheel's (part's) frame
    axis: np.ndarray  # unit, the wheel's frame: the hinge it turns on
    radius: float  # of its ball


def _inverse(quat) -> tuple:
    return (quat[0], -quat[1], -quat[2], -quat[3])


def _down(c: Component, axis: np.ndarray) -> np.ndarray:
    """The direction from the hub to the ground, in the wheel's frame, across the axle."""
    down = rotate(_inverse(c.pose.quat), [0.0, 0.0, -1.0])
    ref = down - np.dot(down, axis) * axis
    return ref / np.linalg.norm(ref)


def roller_pieces(c: Component, part: Part, radius: float, axis: np.ndarray) -> list[Piece]:
    """The rollers as masses round the rim (a ball of half the wheel's ``radius`` each), their
    share of the wheel's mass (its knuckle's share first taken out). ``axis``: the unit axle
    in the wheel's frame."""
    stated = part.inertial.mass if part.inertial else MISSING_MASS
    if c.steer is not None:
        stated *= 1.0 - KNUCKLE_SHARE
    mass = stated * ROLLER_SHARE / ROLLERS
    r_ball = radius / 2
    ref = _down(c, axis)
    other = np.cross(axis, ref)
    out = []
    for k in range(ROLLERS):
        phi = 2 * math.pi * k / ROLLERS
        radial = math.cos(phi) * ref + math.sin(phi) * other
        out.append(Piece(mass, radial * (radius - r_ball), 0.4 * mass * r_ball**2 * np.eye(3)))
    return out


def _tilt(c: Component, axis: np.ndarray) -> float:
    """How far a roller's axis leans along the axle: 0 for an omni wheel (along the rim);
    +-1 (45 degrees) for a mecanum wheel, the sign that lays the roller at the ground along
    the X pattern (the part states no handedness: where the wheel sits decides)."""
    if c.type != "Mecanum":
        return 0.0
    wanted = rotate(_inverse(c.pose.quat), _mecanum_roller_axis(np.asarray(c.pose.xyz, float)))
    down = rotate(_inverse(c.pose.quat), [0.0, 0.0, -1.0])
    plus = (np.cross(axis, down) + axis) / math.sqrt(2)
    return 1.0 if abs(np.dot(plus, wanted)) > 0.9 else -1.0


def rollers(c: Component, part: Part, axis) -> list[Roller]:
    """The rollers of a mecanum or omni wheel (none for any other), ``axis`` its axle in its
    own frame."""
    if c.type not in HOLONOMIC or part.wheel is None:
        return []
    axis = np.asarray(axis, float)
    axis = axis / np.linalg.norm(axis)
    tilt = _tilt(c, axis)
    radius = part.wheel.radius
    r_ball = radius / 2
    out = []
    for k, piece in enumerate(roller_pieces(c, part, radius, axis)):
        tangent = np.cross(axis, piece.com / (radius - r_ball))
        roller_axis = tangent + tilt * axis
        out.append(
            Roller(f"{c.name}_roller_{k}", piece, roller_axis / np.linalg.norm(roller_axis), r_ball)
        )
    return out
