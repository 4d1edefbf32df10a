"""Rigid transforms the targets share: quaternions are (w, x, y, z), rpy is fixed-axis
roll, pitch, yaw (URDF's convention), and a pose is (xyz, quat)."""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import numpy as np

from ..assembly.mating import matrix_from_quat as matrix

Quat = tuple[float, float, float, float]
Vec = tuple[float, float, float]


def quat_from_rpy(rpy: Sequence[float]) -> Quat:
    r, p, y = (0.5 * float(a) for a in rpy)
    cr, sr, cp, sp, cy, sy = math.cos(r), math.sin(r), math.cos(p), math.sin(p), math.cos(y), math.sin(y)
    return (cr * cp * cy + sr * sp * sy,
            sr * cp * cy - cr * sp * sy,
            cr * sp * cy + sr * cp * sy,
            cr * cp * sy - sr * sp * cy)


def quat_from_yaw(yaw: float) -> Quat:
    return (math.cos(yaw / 2), 0.0, 0.0, math.sin(yaw / 2))


def quat_mul(a: Sequence[float], b: Sequence[float]) -> Quat:
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def quat_conj(q: Sequence[float]) -> Quat:
    return (q[0], -q[1], -q[2], -q[3])


def quat_from_z(axis: Sequence[float]) -> Quat:
    """The shortest-arc turn taking +z onto ``axis`` (a cylinder's or a site's axis)."""
    a = np.asarray(axis, dtype=float)
    a = a / np.linalg.norm(a)
    z = np.array([0.0, 0.0, 1.0])
    c = float(np.dot(z, a))
    if c < -1 + 1e-12:
        return (0.0, 1.0, 0.0, 0.0)
    v = np.cross(z, a)
    return normalise((1.0 + c, *v))


def normalise(q: Iterable[float]) -> Quat:
    q = tuple(float(c) for c in q)
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q)  # type: ignore[return-value]


def rotate(q: Sequence[float], v: Sequence[float]) -> np.ndarray:
    return matrix(q) @ np.asarray(v, dtype=float)


def relative(parent_xyz, parent_quat, child_xyz, child_quat) -> tuple[np.ndarray, Quat]:
    """The child's pose in the parent's frame, both given in a common frame."""
    inv = quat_conj(parent_quat)
    xyz = rotate(inv, np.asarray(child_xyz, float) - np.asarray(parent_xyz, float))
    return xyz, normalise(quat_mul(inv, child_quat))


def compose(xyz_a, quat_a, xyz_b, quat_b) -> tuple[np.ndarray, Quat]:
    """Pose b (given in frame a) expressed in the frame a is given in."""
    return (np.asarray(xyz_a, float) + rotate(quat_a, xyz_b),
            normalise(quat_mul(quat_a, quat_b)))


def rpy_from_quat(q: Sequence[float]) -> Vec:
    w, x, y, z = q
    roll = math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
    sinp = max(-1.0, min(1.0, 2 * (w * y - z * x)))
    pitch = math.asin(sinp)
    yaw = math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
    return (roll, pitch, yaw)


def fmt(x: float) -> str:
    """Numbers as the targets write them: fixed, short, no '-0'."""
    value = float(x)
    if abs(value) < 1e-15:
        return "0"
    return f"{value:.12g}"


def fmtv(values: Iterable[float]) -> str:
    return " ".join(fmt(v) for v in values)
