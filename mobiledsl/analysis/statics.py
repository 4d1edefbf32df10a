"""``validation.statics.com_over_support``: the centre of mass, projected on the ground along
its normal, must lie strictly inside the support polygon.

The margin is the signed distance from the projected centre of mass to the polygon's nearest
edge, positive inside. A margin of at most ``ON_EDGE`` (a nanometre: rounding, not design)
counts as on the edge, which is an error: a robot balanced on a tipping line falls either way.
"""
from __future__ import annotations

import numpy as np

from ..model.robot import Robot
from .geometry import polygon_margin
from .ground import Ground
from .model import Findings

CODE = "validation.statics.com_over_support"
ON_EDGE = 1e-9


def com_margin(ground: Ground | None, com: np.ndarray) -> tuple[tuple[float, float] | None, float | None]:
    """(the centre of mass on the ground, its margin), or Nones when the ground is undecided
    or the supports do not stand on one plane."""
    if ground is None:
        return None, None
    at = ground.to_ground(com)
    if not ground.ok or not ground.polygon:
        return at, None
    return at, polygon_margin(at, ground.polygon)


def check_com(robot: Robot, ground: Ground | None, at, margin: float | None, mass: float,
              out: Findings) -> None:
    if ground is None or margin is None or mass <= 0:
        return
    if margin > ON_EDGE:
        return
    where_ = f"({at[0]:.4f}, {at[1]:.4f}) m in base_footprint"
    if margin >= -ON_EDGE:
        how = "lies on the edge of the support polygon (margin 0.0 mm)"
    else:
        how = f"lies {-margin * 1000:.1f} mm outside the support polygon (margin {margin * 1000:.1f} mm)"
    n_sup = len(ground.supports)
    chassis = next((c for c in robot.components if c.name == robot.chassis), None)
    span = robot.span or (chassis.span if chassis else None)
    helps = ["move mass over the supports (a heavy part nearer the middle of the wheels), or "
             "widen the supports: a caster or a ground contact beyond the centre of mass, or "
             "wheels placed farther apart"]
    if len(ground.polygon) < 3:
        helps.append(f"the robot stands on {n_sup} support(s) on one line, which bound no "
                     "area: it needs a third support off that line")
    out.error(CODE, f"the centre of mass, projected on the ground at {where_}, {how}", span,
              components=(robot.chassis,), at=at, label="tips over", help=helps,
              notes=("the support polygon is the convex hull of where the wheels, casters, "
                     "track runs and reaching contacts touch the ground",))
