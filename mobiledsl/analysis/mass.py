"""The robot's mass, centre of mass and inertia: every part's own body and every link where
its servo holds it, summed in base_link."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np

from ..library.model import Inertial
from ..recordtype import record
from .placement import Body


@record
class MassProperties:
    mass: float
    com: np.ndarray  # base_link
    inertia: np.ndarray  # 3x3 about com, base_link axes


_EYE = np.eye(3)
_EYE.flags.writeable = False


def tensor(i: Inertial) -> np.ndarray:
    t = i.inertia
    return np.array(
        [[t.ixx, t.ixy, t.ixz], [t.ixy, t.iyy, t.iyz], [t.ixz, t.iyz, t.izz]], dtype=float
    )


def mass_properties(bodies: Sequence[Body]) -> MassProperties:
    """Each body's inertia is stated about its centre of mass in its own frame's axes; it is
    turned into base_link's axes and moved to the robot's centre of mass (parallel axes)."""
    items = []
    for b in bodies:
        if b.inertial is None:
            continue
        c = b.frame.point(b.inertial.origin_xyz)
        turn = b.frame.rotation
        items.append((b.inertial.mass, c, turn @ tensor(b.inertial) @ turn.T))
    total = sum(m for m, _, _ in items)
    if total <= 0:
        return MassProperties(0.0, np.zeros(3), np.zeros((3, 3)))
    # items is not empty (total > 0): the sum is an array, never sum()'s start of 0
    com = cast(np.ndarray, sum(m * c for m, c, _ in items)) / total
    inertia = np.zeros((3, 3))
    for m, c, I in items:
        r = c - com
        inertia += I + m * ((r @ r) * _EYE - r[:, None] * r[None, :])  # np.outer's own product
    return MassProperties(float(total), com, (inertia + inertia.T) / 2)
