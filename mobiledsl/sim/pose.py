"""The base's pose read from MuJoCo's state: position, heading, tilt, and what touches the
floor."""
from __future__ import annotations

import math

import numpy as np

FALL_TILT = math.radians(45.0)
#: a legged trunk below this share of its standing height has fallen, however level it lies
FALL_HEIGHT = 0.6


def yaw_roll_pitch(quat) -> tuple[float, float, float]:
    """Z-Y-X Euler angles of a (w, x, y, z) quaternion."""
    w, x, y, z = (float(v) for v in quat)
    yaw = math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
    roll = math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y))
    pitch = math.asin(max(-1.0, min(1.0, 2 * (w * y - z * x))))
    return yaw, roll, pitch


def floor_geoms(model) -> set[int]:
    """The floor: every plane of the world body (the ground the world writes)."""
    import mujoco
    return {g for g in range(model.ngeom)
            if model.geom_bodyid[g] == 0 and model.geom_type[g] == mujoco.mjtGeom.mjGEOM_PLANE}


def floor_height(model, floor: set[int]) -> float:
    """The height of the floor's highest plane (the world writes one, at 0)."""
    return max((float(model.geom_pos[g][2]) for g in floor), default=0.0)


def touching(data, geoms: set[int], floor: set[int]) -> set[int]:
    """Which of ``geoms`` touch the floor now."""
    out = set()
    for i in range(data.ncon):
        c = data.contact[i]
        a, b = int(c.geom1), int(c.geom2)
        if a in floor and b in geoms:
            out.add(b)
        elif b in floor and a in geoms:
            out.add(a)
    return out


def foot_geom(model, name: str, geom: str) -> int:
    """The geom a foot (``component.foot``) names, or ValueError."""
    import mujoco
    g = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_GEOM, geom)
    if g < 0:
        raise ValueError(f"foot {name!r} names geom {geom!r}, which the model lacks")
    return g


def body_geoms(model, body: int) -> set[int]:
    return {g for g in range(model.ngeom) if model.geom_bodyid[g] == body
            and (model.geom_contype[g] or model.geom_conaffinity[g])}


def tilt(quat) -> float:
    """The larger of roll and pitch (rad)."""
    _, roll, pitch = yaw_roll_pitch(quat)
    return max(abs(roll), abs(pitch))


def unit(v) -> np.ndarray:
    v = np.asarray(v, float)
    n = np.linalg.norm(v)
    return v / n if n > 0 else v


def rotate_into(quat, v) -> np.ndarray:
    """World vector ``v`` in the frame turned by (w, x, y, z) ``quat``."""
    import mujoco
    out = np.zeros(3)
    q = np.asarray(quat, float)
    mujoco.mju_rotVecQuat(out, np.asarray(v, float), np.array([q[0], -q[1], -q[2], -q[3]]))
    return out


def wrap(angle: float) -> float:
    """An angle within [-pi, pi)."""
    return (angle + math.pi) % (2 * math.pi) - math.pi


def reached_share(start, end, twist, seconds: float) -> float:
    """How much of the asked twist a robot reached between two poses (x, y, heading) taken
    ``seconds`` apart: the distance along the asked direction (from the heading at the
    start) over the time, against the asked speed; for a turn on the spot, the turn."""
    (x0, y0, h0), (x1, y1, h1) = start, end
    speed = math.hypot(twist[0], twist[1])
    if speed > 0:
        way = h0 + math.atan2(twist[1], twist[0])
        along = (x1 - x0) * math.cos(way) + (y1 - y0) * math.sin(way)
        return along / seconds / speed
    return wrap(h1 - h0) / seconds / twist[2]
