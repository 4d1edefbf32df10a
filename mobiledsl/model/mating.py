"""Rotation math of mating (docs/assembly.md): how a part is turned and moved so that its own
connector meets the connector its glue names.

Conventions: a rotation is a 3x3 numpy matrix taking vectors of the part frame to the
chassis frame (``base_link``); a quaternion is (w, x, y, z) with w >= 0; rpy is fixed-axis
roll, pitch, yaw (URDF's convention: R = Rz(yaw) Ry(pitch) Rx(roll)).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import overload

import numpy as np

from ..model.frames import Transform, VecLike, axis_angle, cross3, norm, unit

#: when the sine of the angle between the part's connector dir and its target is below this
#: (and the cosine negative), the two are taken as exactly opposite: the half-turn rule.
OPPOSITE = 1e-12
#: an axis whose |cos| with the part's x axis exceeds this is "along" x.
ALONG = 1.0 - 1e-9


def shortest_arc(a: VecLike, b: VecLike) -> np.ndarray:
    """The rotation of least angle taking direction ``a`` onto direction ``b``.

    For exactly opposite directions the arc is not unique; the mating rule picks a half turn
    about the part frame's x axis (its part perpendicular to ``a``), or about y when x lies
    along ``a``.
    """
    ua, ub = unit(a), unit(b)
    c = float(np.dot(ua, ub))
    v = cross3(ua, ub)
    s = float(norm(v))
    if c < 0 and s < OPPOSITE:
        x = np.array([1.0, 0.0, 0.0])
        if abs(float(np.dot(x, ua))) > ALONG:
            x = np.array([0.0, 1.0, 0.0])
        perpendicular = x - float(np.dot(x, ua)) * ua
        return axis_angle(perpendicular, math.pi)
    if s < OPPOSITE:
        return np.eye(3)
    return axis_angle(v, math.atan2(s, c))


def frame_from(dir_: VecLike, up: VecLike) -> np.ndarray:
    """An orthonormal right-handed basis (columns: dir, up, dir x up); ``up`` is made exactly
    perpendicular to ``dir`` first."""
    d = unit(dir_)
    u = np.asarray(up, dtype=float)
    u = unit(u - float(np.dot(u, d)) * d)
    return np.column_stack([d, u, cross3(d, u)])


def mating_rotation(
    own_dir: VecLike,
    own_up: VecLike | None,
    host_dir: VecLike,
    host_up: VecLike | None,
    roll: float = 0.0,
) -> np.ndarray:
    """The part's rotation in the chassis frame (read-only: it is kept for the next part
    that mates the same way).

    ``own_*`` are the part's connector in its own frame, ``host_*`` the connector it mates onto
    in the chassis frame (``host_dir`` is the glue direction). The part's dir is turned onto
    -host_dir; when both state ``up`` the part's up is turned onto the host's, otherwise the
    shortest arc is taken. ``roll`` then turns the part about host_dir (right-hand rule).
    """
    return _rotation(_bits(own_dir), _bits(own_up), _bits(host_dir), _bits(host_up), float(roll))


@overload
def _bits(v: VecLike) -> bytes: ...
@overload
def _bits(v: None) -> None: ...
@overload
def _bits(v: VecLike | None) -> bytes | None: ...


def _bits(v: VecLike | None) -> bytes | None:
    """A direction as a key: its exact float64 bits (so that -0.0 and 0.0 stay apart)."""
    return None if v is None else np.asarray(v, dtype=float).tobytes()


def _vector(bits: bytes | None) -> np.ndarray | None:
    return None if bits is None else np.frombuffer(bits)


# Parts of a kind mated alike (a row of sensors on a deck) turn alike: each rotation is
# worked out once per process and looked up for the next.
@lru_cache(maxsize=1024)
def _rotation(
    own_dir: bytes, own_up: bytes | None, host_dir: bytes, host_up: bytes | None, roll: float
) -> np.ndarray:
    part_dir, part_up = np.frombuffer(own_dir), _vector(own_up)
    glue_dir, glue_up = np.frombuffer(host_dir), _vector(host_up)
    target = -unit(glue_dir)
    if part_up is not None and glue_up is not None:
        rotation = frame_from(target, glue_up) @ frame_from(part_dir, part_up).T
    else:
        rotation = shortest_arc(part_dir, target)
    if roll:
        rotation = axis_angle(glue_dir, roll) @ rotation
    rotation.flags.writeable = False
    return rotation


def mate(
    own_pos: VecLike,
    own_dir: VecLike,
    own_up: VecLike | None,
    host_pos: VecLike,
    host_dir: VecLike,
    host_up: VecLike | None,
    roll: float = 0.0,
) -> Transform:
    """The part frame's pose in the chassis frame once its connector meets the host's."""
    rotation = mating_rotation(own_dir, own_up, host_dir, host_up, roll)
    translation = np.asarray(host_pos, dtype=float) - rotation @ np.asarray(own_pos, dtype=float)
    return Transform(rotation, translation)


def link_transform(
    xyz: VecLike, rpy: VecLike, axis: VecLike | None, angle: float | None
) -> Transform:
    """A link frame in its parent's: moved to xyz, turned by rpy, then (revolute) turned by
    ``angle`` about ``axis`` in the link's own frame."""
    t = Transform.from_xyz_rpy(xyz, rpy)
    if axis is not None and angle:
        t = t @ Transform(axis_angle(axis, angle), np.zeros(3))
    return t
