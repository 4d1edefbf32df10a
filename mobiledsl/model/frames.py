"""Frame maths, one home for every phase: rotations as 3x3 numpy matrices taking vectors of a
child frame to its parent's, quaternions (w, x, y, z) with w >= 0 where a phase makes one,
rpy as fixed-axis roll, pitch, yaw (URDF's convention: R = Rz(yaw) Ry(pitch) Rx(roll)), and
rigid transforms.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from ..recordtype import record

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]
# What the functions here take for a vector or a quaternion: a tuple, a list or an array
VecLike = Sequence[float] | np.ndarray


def as_vec(v: Iterable[float]) -> Vec:
    """Three numbers as a Vec, each as it is (ValueError for any other count)."""
    x, y, z = v
    return (x, y, z)


def norm(v: VecLike) -> float:
    """``np.linalg.norm`` of a vector, to the bit: the square root of its dot product with
    itself, which is what numpy computes for a vector, without numpy's checks of the
    argument that cost several times the arithmetic on three numbers."""
    a = np.asarray(v, dtype=float)
    return math.sqrt(a.dot(a))


def unit(v: VecLike) -> np.ndarray:
    a = np.asarray(v, dtype=float)
    n = norm(a)
    if n == 0.0:
        raise ValueError("a zero vector has no direction")
    return a / n


def axis_angle(axis: VecLike, angle: float) -> np.ndarray:
    """The rotation by ``angle`` radians about ``axis`` (right-hand rule), Rodrigues' form."""
    k = unit(axis)
    kx = np.array([[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]])
    return np.eye(3) + math.sin(angle) * kx + (1.0 - math.cos(angle)) * (kx @ kx)


def rpy_matrix(rpy: VecLike) -> np.ndarray:
    """The rotation matrix of roll, pitch and yaw: read-only, worked out once per process
    for each (the shapes of a part's every copy are turned alike)."""
    r, p, y = (float(a) for a in rpy)
    return _rpy_matrix(_RPY_BITS.pack(r, p, y))


_RPY_BITS = struct.Struct("3d")  # the key: exact bits, so -0.0 and 0.0 stay apart


@lru_cache(maxsize=4096)
def _rpy_matrix(bits: bytes) -> np.ndarray:
    r, p, y = _RPY_BITS.unpack(bits)
    cr, sr = math.cos(r), math.sin(r)
    cp, sp = math.cos(p), math.sin(p)
    cy, sy = math.cos(y), math.sin(y)
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]], dtype=float)
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]], dtype=float)
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]], dtype=float)
    m = rz @ ry @ rx
    m.flags.writeable = False
    return m


def cross3(a, b) -> np.ndarray:
    """a x b of two 3-vectors: np.cross's own arithmetic, without its cost per call."""
    a0, a1, a2 = float(a[0]), float(a[1]), float(a[2])
    b0, b1, b2 = float(b[0]), float(b[1]), float(b[2])
    return np.array([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0])


@record
class Transform:
    """A rigid transform: x -> rotation @ x + translation."""

    rotation: np.ndarray
    translation: np.ndarray

    @staticmethod
    def identity() -> Transform:
        return Transform(np.eye(3), np.zeros(3))

    @staticmethod
    def from_xyz_rpy(xyz: VecLike, rpy: VecLike) -> Transform:
        return Transform(rpy_matrix(rpy), np.asarray(xyz, dtype=float))

    @staticmethod
    def from_pose(xyz: VecLike, quat: VecLike) -> Transform:
        return Transform(matrix_from_quat(quat), np.asarray(xyz, dtype=float))

    def points(self, ps) -> np.ndarray:
        ps = np.asarray(ps, dtype=float).reshape(-1, 3)
        return ps @ self.rotation.T + self.translation

    def point(self, p: VecLike) -> np.ndarray:
        return self.rotation @ np.asarray(p, dtype=float) + self.translation

    def vector(self, v: VecLike) -> np.ndarray:
        return self.rotation @ np.asarray(v, dtype=float)

    def __matmul__(self, other: Transform) -> Transform:
        return Transform(
            self.rotation @ other.rotation, self.rotation @ other.translation + self.translation
        )

    @property
    def quat(self) -> Quat:
        return quat_from_matrix(self.rotation)

    @property
    def xyz(self) -> Vec:
        return clean_vec(self.translation)


def quat_from_matrix(m: np.ndarray) -> Quat:
    """A unit quaternion (w, x, y, z), w >= 0, of a proper rotation matrix."""
    # plain floats: the same IEEE arithmetic as numpy's scalars, at a fraction of the cost
    (m00, m01, m02), (m10, m11, m12), (m20, m21, m22) = np.asarray(m, dtype=float).tolist()
    tr = m00 + m11 + m22
    if tr > 0:
        s = _nonzero(math.sqrt(tr + 1.0) * 2)
        q = (0.25 * s, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s)
    elif m00 > m11 and m00 > m22:
        s = _nonzero(math.sqrt(1.0 + m00 - m11 - m22) * 2)
        q = ((m21 - m12) / s, 0.25 * s, (m01 + m10) / s, (m02 + m20) / s)
    elif m11 > m22:
        s = _nonzero(math.sqrt(1.0 + m11 - m00 - m22) * 2)
        q = ((m02 - m20) / s, (m01 + m10) / s, 0.25 * s, (m12 + m21) / s)
    else:
        s = _nonzero(math.sqrt(1.0 + m22 - m00 - m11) * 2)
        q = ((m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, 0.25 * s)
    n = math.sqrt(sum(c * c for c in q))
    u = tuple(c / n for c in q)
    if u[0] < 0 or (u[0] == 0 and next((c for c in u[1:] if c != 0), 0) < 0):
        u = tuple(-c for c in u)
    return clean_quat(u)


def _nonzero(s: float) -> float:
    """``s``, or numpy's zero when it is one (of a matrix that is no rotation): dividing by
    it then gives inf or nan as numpy's scalars do, where a float would raise."""
    return s if s != 0 else np.float64(0.0)


def matrix_from_quat(q: VecLike) -> np.ndarray:
    """The rotation matrix of a unit quaternion (w, x, y, z): read-only, since the matrix of
    each quaternion is worked out once per process (the parts of a robot mostly stand
    turned alike) and handed to every caller."""
    w, x, y, z = (float(c) for c in q)
    return _matrix_from_quat(_QUAT_BITS.pack(w, x, y, z))


_QUAT_BITS = struct.Struct("4d")  # the key: exact bits, so -0.0 and 0.0 stay apart


@lru_cache(maxsize=4096)
def _matrix_from_quat(bits: bytes) -> np.ndarray:
    w, x, y, z = _QUAT_BITS.unpack(bits)
    m = np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )
    m.flags.writeable = False
    return m


def _clean(x: float) -> float:
    x = float(x)
    return 0.0 if abs(x) < 1e-12 else x


def clean_vec(v: VecLike) -> Vec:
    """Plain floats, with rounding dust below 1e-12 (and -0.0) written as 0."""
    return tuple(_clean(c) for c in v)  # type: ignore[return-value]


def clean_quat(q: VecLike) -> Quat:
    return tuple(_clean(c) for c in q)  # type: ignore[return-value]


def quat_from_rpy(rpy: VecLike) -> Quat:
    r, p, y = (0.5 * float(a) for a in rpy)
    cr, sr = math.cos(r), math.sin(r)
    cp, sp = math.cos(p), math.sin(p)
    cy, sy = math.cos(y), math.sin(y)
    return (
        cr * cp * cy + sr * sp * sy,
        sr * cp * cy - cr * sp * sy,
        cr * sp * cy + sr * cp * sy,
        cr * cp * sy - sr * sp * cy,
    )


def quat_from_yaw(yaw: float) -> Quat:
    return (math.cos(yaw / 2), 0.0, 0.0, math.sin(yaw / 2))


def quat_mul(a: VecLike, b: VecLike) -> Quat:
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    )


def quat_conj(q: VecLike) -> Quat:
    return (q[0], -q[1], -q[2], -q[3])


def quat_from_z(axis: VecLike) -> Quat:
    """The shortest-arc turn taking +z onto ``axis`` (a cylinder's or a site's axis)."""
    a = np.asarray(axis, dtype=float)
    a = a / norm(a)
    z = np.array([0.0, 0.0, 1.0])
    c = float(np.dot(z, a))
    if c < -1 + 1e-12:
        return (0.0, 1.0, 0.0, 0.0)
    v = cross3(z, a)
    return normalise((1.0 + c, *v))


def normalise(q: Iterable[float]) -> Quat:
    q = tuple(float(c) for c in q)
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q)  # type: ignore[return-value]


def rotate(q: VecLike, v: VecLike) -> np.ndarray:
    return matrix_from_quat(q) @ np.asarray(v, dtype=float)


def relative(parent_xyz, parent_quat, child_xyz, child_quat) -> tuple[np.ndarray, Quat]:
    """The child's pose in the parent's frame, both given in a common frame."""
    inv = quat_conj(parent_quat)
    xyz = rotate(inv, np.asarray(child_xyz, float) - np.asarray(parent_xyz, float))
    return xyz, normalise(quat_mul(inv, child_quat))


def compose(xyz_a, quat_a, xyz_b, quat_b) -> tuple[np.ndarray, Quat]:
    """Pose b (given in frame a) expressed in the frame a is given in."""
    return (np.asarray(xyz_a, float) + rotate(quat_a, xyz_b), normalise(quat_mul(quat_a, quat_b)))


def rpy_from_quat(q: VecLike) -> Vec:
    w, x, y, z = q
    roll = math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
    sinp = max(-1.0, min(1.0, 2 * (w * y - z * x)))
    pitch = math.asin(sinp)
    yaw = math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
    return (roll, pitch, yaw)


# -- lines, bases and planes ------------------------------------------------------------


def rotation_about(axis: VecLike, point: VecLike, angle: float) -> Transform:
    """The turn by ``angle`` about the line through ``point`` along ``axis``."""
    R = axis_angle(axis, angle)
    p = np.asarray(point, dtype=float)
    return Transform(R, p - R @ p)


def unit_or_zero(v) -> np.ndarray:
    """``v`` scaled to unit length; the zero vector as it is (``unit`` refuses it)."""
    v = np.asarray(v, dtype=float)
    n = float(norm(v))
    return v / n if n > 0 else v


def perpendiculars(axis: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors completing ``axis`` to a right-handed orthonormal basis."""
    a = unit_or_zero(axis)
    helper = np.array([1.0, 0.0, 0.0]) if abs(a[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    u = unit_or_zero(np.cross(a, helper))
    return u, np.cross(a, u)


def ground_basis(n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The x and y axes of base_footprint on a plane of normal ``n``: base_link's x laid
    onto the plane, and n x that."""
    x = np.array([1.0, 0.0, 0.0])
    ex = x - (x @ n) * n
    if norm(ex) < 1e-9:
        ex = np.array([0.0, 1.0, 0.0]) - n[1] * n
    ex = unit_or_zero(ex)
    return ex, np.cross(n, ex)
