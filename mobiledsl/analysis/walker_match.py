"""Whether the robot is a walker's robot: its Legged body the walker's body and its legs the
walker's limbs (docs/legged.md, "Walkers").

Each of the walker's limbs stands where its glue places it on the body, as the assembly
places a leg; the walker's load works that out and the walker record keeps it
(``Limb.frame``, ``library/limbframes.py``, which says why there), so the analysis places
nothing itself. A program's leg is that limb when it is the same part, its frame within
``SAME_PLACE_M`` of the limb's and turned within ``SAME_TURN_RAD`` of it. The robot is the
walker's when its legs and the walker's limbs pair off one to one so (in any declaration
order), whatever else it carries.

A limb whose glue names no connector of the body, or two, has no frame: the walker is then
no robot's (undecided, and nothing is reported: the loader judges walker files).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from ..library.model import Limb, Walker
from ..model.frames import Transform, matrix_from_quat, norm
from ..model.robot import Component, Robot
from .model import WalkerDrive

SAME_PLACE_M = 0.001
SAME_TURN_RAD = 0.001
_SLACK = 1e-12


def walker_key(w: Walker) -> str:
    return f"{w.library}/{w.id}"


def turn_between(a: np.ndarray, b: np.ndarray) -> float:
    """The angle of the rotation taking rotation matrix ``a`` onto ``b`` (rad)."""
    r = a.T @ b
    # from the skew part and the trace together: accurate for small angles too
    s = 0.5 * math.sqrt(
        (r[2, 1] - r[1, 2]) ** 2 + (r[0, 2] - r[2, 0]) ** 2 + (r[1, 0] - r[0, 1]) ** 2
    )
    c = 0.5 * (float(np.trace(r)) - 1.0)
    return math.atan2(s, c)


def limb_place(limb: Limb) -> Transform | None:
    """Where the walker's load placed ``limb`` on the body (base_link), or None."""
    frame = limb.frame
    if frame is None:
        return None
    return Transform(np.array(frame.rotation, dtype=float), np.array(frame.xyz, dtype=float))


def same_place(c: Component, t: Transform) -> bool:
    at = np.asarray(c.pose.xyz, dtype=float)
    if float(norm(at - t.translation)) > SAME_PLACE_M + _SLACK:
        return False
    return turn_between(matrix_from_quat(c.pose.quat), t.rotation) <= SAME_TURN_RAD + _SLACK


def _one_to_one(edges: list[list[int]], n_right: int) -> list[int] | None:
    """Pair every left node with a right node of its own (Kuhn's augmenting paths): for
    each right node, its left one; None when they do not pair off. The caller makes the two
    sides equal in number."""
    owner = [-1] * n_right

    def augment(i: int, seen: list[bool]) -> bool:
        for j in edges[i]:
            if seen[j]:
                continue
            seen[j] = True
            if owner[j] < 0 or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    if not all(augment(i, [False] * n_right) for i in range(len(edges))):
        return None
    return owner


def walks_by(robot: Robot, walker: Walker) -> bool:
    """Whether the robot is ``walker``'s robot."""
    return limb_components(robot, walker) is not None


def limb_components(robot: Robot, walker: Walker) -> dict[str, str] | None:
    """Which leg of the robot is which limb of the walker (limb name -> component name),
    or None when the robot is not the walker's."""
    if robot.chassis_type != "Legged":
        return None
    try:
        chassis = robot.component(robot.chassis)
    except KeyError:
        return None
    if chassis.part != f"{walker.library}/{walker.body}":
        return None
    body = robot.parts.get(chassis.part)
    legs = [c for c in robot.components if c.type == "Leg"]
    if body is None or len(legs) != len(walker.limbs):
        return None
    places: list[tuple[str, Transform]] = []
    for limb in walker.limbs:
        key = f"{walker.library}/{limb.part}"
        t = limb_place(limb) if key in robot.parts else None
        if t is None:
            return None
        places.append((key, t))
    edges = [
        [j for j, (key, t) in enumerate(places) if c.part == key and same_place(c, t)] for c in legs
    ]
    owner = _one_to_one(edges, len(places))
    if owner is None:
        return None
    return {walker.limbs[j].name: legs[i].name for j, i in enumerate(owner)}


def walker_drive(robot: Robot, walker: Walker) -> WalkerDrive | None:
    """How ``walker`` drives the robot: its joints ("limb/link") named as the model names
    the robot's servos ("<leg>_<link>")."""
    legs = limb_components(robot, walker)
    if legs is None:
        return None

    def servo(joint) -> str:
        limb, _, link = str(joint).partition("/")
        return f"{legs.get(limb, limb)}_{link}" if link else f"{robot.chassis}_{limb}"

    joints = [servo(j) for j in walker.controller.get("joints") or ()]
    hidden = [servo(j) for j in walker.controller.get("hidden") or ()]
    return WalkerDrive(
        walker_key(walker),
        walker.dir,
        walker.gait,
        dict(walker.controller),
        tuple(joints),
        tuple(hidden),
    )


def matching_walkers(robot: Robot, walkers: Mapping[str, Walker] | None) -> list[str]:
    """The keys ("library/id") of the walkers whose robot this is, sorted."""
    if not walkers:
        return []
    return sorted(key for key, w in walkers.items() if walks_by(robot, w))
