"""``validation.statics.com_over_support``: the centre of mass, projected on the ground along
its normal, must lie strictly inside the support polygon.

The margin is the signed distance from the projected centre of mass to the polygon's nearest
edge, positive inside. A margin of at most ``ON_EDGE`` (a nanometre: rounding, not design)
counts as on the edge, which is an error: a robot balanced on a tipping line falls either way.

A robot whose centre of mass lies outside also gets a second label, on the part that pulls it
out most: of every part's mass times how far its centre of mass lies past the nearest point of
the support polygon, in the direction of the miss, the largest. That is the part to move, or
to balance, first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..diagnostics import Label
from ..model.frames import norm
from ..model.robot import Robot
from .ground import Ground
from .model import Findings
from .placement import Body, where
from .planar import polygon_margin

CODE = "validation.statics.com_over_support"
ON_EDGE = 1e-9


def com_margin(
    ground: Ground | None, com: np.ndarray
) -> tuple[tuple[float, float] | None, float | None]:
    """(the centre of mass on the ground, its margin), or Nones when the ground is undecided
    or the supports do not stand on one plane."""
    if ground is None:
        return None, None
    at = ground.to_ground(com)
    if not ground.ok or not ground.polygon:
        return at, None
    return at, polygon_margin(at, ground.polygon)


def nearest_on_polygon(p, polygon: Sequence) -> np.ndarray:
    """The point of the polygon's boundary (a segment for two points) nearest to p."""
    pts = [np.asarray(v, dtype=float) for v in polygon]
    p = np.asarray(p, dtype=float)
    if len(pts) == 1:
        return pts[0]
    edges = list(zip(pts, pts[1:] + pts[:1])) if len(pts) > 2 else [(pts[0], pts[1])]
    nearest_on_edges = []
    for a, b in edges:
        ab = b - a
        t = 0.0 if not ab @ ab else float(np.clip((p - a) @ ab / (ab @ ab), 0.0, 1.0))
        nearest_on_edges.append(a + t * ab)
    return min(nearest_on_edges, key=lambda q: norm(p - q))  # the first of the nearest


def pulls_out(
    bodies: Sequence[Body], to_ground: Callable, at, polygon: Sequence
) -> tuple[str, float] | None:
    """(component, its mass) that pulls the centre of mass out most, or None when the centre
    of mass is not beyond the polygon by more than ``ON_EDGE``."""
    edge = nearest_on_polygon(at, polygon)
    miss = np.asarray(at, dtype=float) - edge
    if norm(miss) <= ON_EDGE:
        return None
    direction = miss / norm(miss)
    moments: dict[str, float] = {}
    masses: dict[str, float] = {}
    for b in bodies:  # a part and its links pull as one component
        if b.inertial is None or b.inertial.mass <= 0:
            continue
        c = np.asarray(to_ground(b.frame.point(b.inertial.origin_xyz)), dtype=float)
        name = b.component.name
        moments[name] = moments.get(name, 0.0) + b.inertial.mass * float((c - edge) @ direction)
        masses[name] = masses.get(name, 0.0) + b.inertial.mass
    if not moments:
        return None
    name = max(moments, key=lambda n: (moments[n], n))
    return (name, masses[name]) if moments[name] > 0 else None


def check_com(
    robot: Robot,
    ground: Ground | None,
    at,
    margin: float | None,
    mass: float,
    out: Findings,
    bodies: Sequence[Body] = (),
    to_ground: Callable | None = None,
) -> None:
    if ground is None or margin is None or mass <= 0:
        return
    if margin > ON_EDGE:
        return
    where_ = f"({at[0]:.4f}, {at[1]:.4f}) m in base_footprint"
    if margin >= -ON_EDGE:
        how = "lies on the edge of the support polygon (margin 0.0 mm)"
    else:
        how = (
            f"lies {-margin * 1000:.1f} mm outside the support polygon "
            f"(margin {margin * 1000:.1f} mm)"
        )
    n_sup = len(ground.supports)
    chassis = next((c for c in robot.components if c.name == robot.chassis), None)
    span = robot.span or (chassis.span if chassis else None)
    helps = [
        "move mass over the supports (a heavy part nearer the middle of the wheels), or "
        "widen the supports: a caster or a ground contact beyond the centre of mass, or "
        "wheels placed farther apart"
    ]
    if len(ground.polygon) < 3:
        helps.append(
            f"the robot stands on {n_sup} support(s) on one line, which bound no "
            "area: it needs a third support off that line"
        )
    components: tuple[str, ...] = (robot.chassis,)
    labels: tuple[Label, ...] = ()
    culprit = pulls_out(bodies, to_ground, at, ground.polygon) if to_ground else None
    if culprit is not None:
        name, part_mass = culprit
        component = robot.component(name)
        component_span = where(component)
        if component_span is not None:
            labels = (
                Label(
                    component_span,
                    f"'{name}' ({part_mass:.3g} kg) pulls the centre of mass out most",
                ),
            )
        components = tuple(dict.fromkeys((name, robot.chassis)))
        if name != robot.chassis:  # a chassis is not moved; the parts on it are
            helps.insert(
                0,
                f"'{name}' pulls the centre of mass out most: move it toward "
                "the supports, or put mass on the other side",
            )
    out.error(
        CODE,
        f"the centre of mass, projected on the ground at {where_}, {how}",
        span,
        components=components,
        at=at,
        label="tips over",
        labels=labels,
        help=helps,
        notes=(
            "the support polygon is the convex hull of where the wheels, casters, "
            "track runs and reaching contacts touch the ground",
        ),
    )
