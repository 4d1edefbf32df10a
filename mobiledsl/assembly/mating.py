"""Rotation math of mating (decisions D7): how a part is turned and moved so that its own
connector meets the connector its glue names.

Conventions: a rotation is a 3x3 numpy matrix taking vectors of the part frame to the
chassis frame (``base_link``); a quaternion is (w, x, y, z) with w >= 0; rpy is fixed-axis
roll, pitch, yaw (URDF's convention: R = Rz(yaw) Ry(pitch) Rx(roll)).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]

#: when the sine of the angle between the part's connector dir and its target is below this
#: (and the cosine negative), the two are taken as exactly opposite: the half-turn rule.
OPPOSITE = 1e-12
#: an axis whose |cos| with the part's x axis exceeds this is "along" x.
ALONG = 1.0 - 1e-9


def unit(v: Sequence[float]) -> np.ndarray:
    a = np.asarray(v, dtype=float)
    n = float(np.linalg.norm(a))
    if n == 0.0:
        raise ValueError("a zero vector has no direction")
    return a / n


def axis_angle(axis: Sequence[float], angle: float) -> np.ndarray:
    """The rotation by ``angle`` radians about ``axis`` (right-hand rule), Rodrigues' form."""
    k = unit(axis)
    kx = np.array([[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]])
    return np.eye(3) + math.sin(angle) * kx + (1.0 - math.cos(angle)) * (kx @ kx)


def rpy_matrix(rpy: Sequence[float]) -> np.ndarray:
    r, p, y = (float(a) for a in rpy)
    cr, sr, cp, sp, cy, sy = math.cos(r), math.sin(r), math.cos(p), math.sin(p), math.cos(y), math.sin(y)
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]], dtype=float)
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]], dtype=float)
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]], dtype=float)
    return rz @ ry @ rx


def cross3(a, b) -> np.ndarray:
    """a x b of two 3-vectors: np.cross's own arithmetic, without its cost per call."""
    a0, a1, a2 = float(a[0]), float(a[1]), float(a[2])
    b0, b1, b2 = float(b[0]), float(b[1]), float(b[2])
    return np.array([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0])


def shortest_arc(a: Sequence[float], b: Sequence[float]) -> np.ndarray:
    """The rotation of least angle taking direction ``a`` onto direction ``b``.

    For exactly opposite directions the arc is not unique; the rule of D7 picks a half turn
    about the part frame's x axis (its part perpendicular to ``a``), or about y when x lies
    along ``a``.
    """
    a, b = unit(a), unit(b)
    c = float(np.dot(a, b))
    v = cross3(a, b)
    s = float(np.linalg.norm(v))
    if c < 0 and s < OPPOSITE:
        x = np.array([1.0, 0.0, 0.0])
        if abs(float(np.dot(x, a))) > ALONG:
            x = np.array([0.0, 1.0, 0.0])
        perpendicular = x - float(np.dot(x, a)) * a
        return axis_angle(perpendicular, math.pi)
    if s < OPPOSITE:
        return np.eye(3)
    return axis_angle(v, math.atan2(s, c))


def frame_from(dir_: Sequence[float], up: Sequence[float]) -> np.ndarray:
    """An orthonormal right-handed basis (columns: dir, up, dir x up); ``up`` is made exactly
    perpendicular to ``dir`` first."""
    d = unit(dir_)
    u = np.asarray(up, dtype=float)
    u = unit(u - float(np.dot(u, d)) * d)
    return np.column_stack([d, u, cross3(d, u)])


def mating_rotation(own_dir: Sequence[float], own_up: Sequence[float] | None,
                    host_dir: Sequence[float], host_up: Sequence[float] | None,
                    roll: float = 0.0) -> np.ndarray:
    """The part's rotation in the chassis frame.

    ``own_*`` are the part's connector in its own frame, ``host_*`` the connector it mates onto
    in the chassis frame (``host_dir`` is the glue direction). The part's dir is turned onto
    -host_dir; when both state ``up`` the part's up is turned onto the host's, otherwise the
    shortest arc is taken. ``roll`` then turns the part about host_dir (right-hand rule).
    """
    target = -unit(host_dir)
    if own_up is not None and host_up is not None:
        rotation = frame_from(target, host_up) @ frame_from(own_dir, own_up).T
    else:
        rotation = shortest_arc(own_dir, target)
    if roll:
        rotation = axis_angle(host_dir, roll) @ rotation
    return rotation


@dataclass(frozen=True)
class Transform:
    """A rigid transform: x -> rotation @ x + translation."""

    rotation: np.ndarray
    translation: np.ndarray

    @staticmethod
    def identity() -> "Transform":
        return Transform(np.eye(3), np.zeros(3))

    @staticmethod
    def from_xyz_rpy(xyz: Sequence[float], rpy: Sequence[float]) -> "Transform":
        return Transform(rpy_matrix(rpy), np.asarray(xyz, dtype=float))

    @staticmethod
    def from_pose(xyz: Sequence[float], quat: Sequence[float]) -> "Transform":
        return Transform(matrix_from_quat(quat), np.asarray(xyz, dtype=float))

    def points(self, ps) -> np.ndarray:
        ps = np.asarray(ps, dtype=float).reshape(-1, 3)
        return ps @ self.rotation.T + self.translation

    def point(self, p: Sequence[float]) -> np.ndarray:
        return self.rotation @ np.asarray(p, dtype=float) + self.translation

    def vector(self, v: Sequence[float]) -> np.ndarray:
        return self.rotation @ np.asarray(v, dtype=float)

    def __matmul__(self, other: "Transform") -> "Transform":
        return Transform(self.rotation @ other.rotation,
                         self.rotation @ other.translation + self.translation)

    @property
    def quat(self) -> Quat:
        return quat_from_matrix(self.rotation)

    @property
    def xyz(self) -> Vec:
        return clean_vec(self.translation)


def mate(own_pos: Sequence[float], own_dir: Sequence[float], own_up: Sequence[float] | None,
         host_pos: Sequence[float], host_dir: Sequence[float],
         host_up: Sequence[float] | None, roll: float = 0.0) -> Transform:
    """The part frame's pose in the chassis frame once its connector meets the host's."""
    rotation = mating_rotation(own_dir, own_up, host_dir, host_up, roll)
    translation = np.asarray(host_pos, dtype=float) - rotation @ np.asarray(own_pos, dtype=float)
    return Transform(rotation, translation)


def link_transform(xyz: Sequence[float], rpy: Sequence[float], axis: Sequence[float] | None,
                   angle: float | None) -> Transform:
    """A link frame in its parent's: moved to xyz, turned by rpy, then (revolute) turned by
    ``angle`` about ``axis`` in the link's own frame."""
    t = Transform.from_xyz_rpy(xyz, rpy)
    if axis is not None and angle:
        t = t @ Transform(axis_angle(axis, angle), np.zeros(3))
    return t


def quat_from_matrix(m: np.ndarray) -> Quat:
    """A unit quaternion (w, x, y, z), w >= 0, of a proper rotation matrix."""
    m = np.asarray(m, dtype=float)
    tr = m[0, 0] + m[1, 1] + m[2, 2]
    if tr > 0:
        s = math.sqrt(tr + 1.0) * 2
        q = (0.25 * s, (m[2, 1] - m[1, 2]) / s, (m[0, 2] - m[2, 0]) / s, (m[1, 0] - m[0, 1]) / s)
    elif m[0, 0] > m[1, 1] and m[0, 0] > m[2, 2]:
        s = math.sqrt(1.0 + m[0, 0] - m[1, 1] - m[2, 2]) * 2
        q = ((m[2, 1] - m[1, 2]) / s, 0.25 * s, (m[0, 1] + m[1, 0]) / s, (m[0, 2] + m[2, 0]) / s)
    elif m[1, 1] > m[2, 2]:
        s = math.sqrt(1.0 + m[1, 1] - m[0, 0] - m[2, 2]) * 2
        q = ((m[0, 2] - m[2, 0]) / s, (m[0, 1] + m[1, 0]) / s, 0.25 * s, (m[1, 2] + m[2, 1]) / s)
    else:
        s = math.sqrt(1.0 + m[2, 2] - m[0, 0] - m[1, 1]) * 2
        q = ((m[1, 0] - m[0, 1]) / s, (m[0, 2] + m[2, 0]) / s, (m[1, 2] + m[2, 1]) / s, 0.25 * s)
    n = math.sqrt(sum(c * c for c in q))
    q = tuple(c / n for c in q)
    if q[0] < 0 or (q[0] == 0 and next((c for c in q[1:] if c != 0), 0) < 0):
        q = tuple(-c for c in q)
    return clean_quat(q)


def matrix_from_quat(q: Sequence[float]) -> np.ndarray:
    w, x, y, z = (float(c) for c in q)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


def _clean(x: float) -> float:
    x = float(x)
    return 0.0 if abs(x) < 1e-12 else x


def clean_vec(v: Sequence[float]) -> Vec:
    """Plain floats, with rounding dust below 1e-12 (and -0.0) written as 0."""
    return tuple(_clean(c) for c in v)  # type: ignore[return-value]


def clean_quat(q: Sequence[float]) -> Quat:
    return tuple(_clean(c) for c in q)  # type: ignore[return-value]
