"""A task's goals checked against its world when the program is compiled: a Navigate whose
marker no path reaches from the robot's start (the marker inside an obstacle, or walled off)
is an error at the step, naming the obstacles, before anything is simulated.

It asks what ``mobiledsl run`` asks when it plans the step: the same occupancy grid
(``plan.world_grid``), the same clearance for the robot's centre (the footprint's reach and
a margin) and the same cells opened around a start or goal that lies close to something
(``plan.open_cells``), so compile and run cannot disagree on what is reachable. Only
whether a way exists is asked (connected cells), not the way itself: scikit-image, the
planner's search, is not imported here, nor scipy for a small world (``gridops``).
"""

from __future__ import annotations

import math

import numpy as np

from ..diagnostics import Diagnostic, Label, error
from .gridops import grown, region_of
from .plan import MARGIN_M, footprint_radii, open_cells, world_grid

GOAL_REACHABLE = "validation.kinematics.goal_reachable"


def goal_findings(analysis, world, task) -> list[Diagnostic]:
    """One error a Navigate step whose marker cannot be reached from the world's start."""
    if analysis is None or world is None or task is None:
        return []
    steps = [s for s in task.steps if s.kind == "Navigate"]
    markers = {e.name: e for e in world.entities if e.entity == "Marker"}
    if not steps or not markers:
        return []
    from ..targets.ros.occupancy import MapTooLarge

    start = (float(world.start[0]), float(world.start[1]))
    try:
        grid = world_grid(world, start)
    except MapTooLarge:
        return []  # run.map_too_large, at run time, says it
    radius = footprint_radii(analysis.footprint)[1]
    found = []
    for step in steps:
        marker = markers.get(step.args.get("goal"))
        if marker is None:
            continue
        why = _why_unreachable(grid, world, start, marker, radius)
        if why is not None:
            found.append(_finding(step, marker, world, task, why, radius))
    return found


def _why_unreachable(grid, world, start, marker, radius: float) -> tuple[str, list[str]] | None:
    """(how it is cut off, the obstacles that do it), or None when a way may exist."""
    goal = (float(marker.pos[0]), float(marker.pos[1]))
    a, b = grid.cell(*start), grid.cell(*goal)
    if a is None or b is None:
        return None
    open_, reason = open_cells(grid, a, b, radius)
    if reason.startswith("the goal"):
        return "inside", obstacles_at(world, [goal])
    if reason:  # the robot starts inside something: the analysis's to say
        return None
    robots = region_of(open_, a)
    if robots[b]:
        return None
    # what closes off the smaller of the two regions (the goal's pocket, or the robot's)
    pocket = min(robots, region_of(open_, b), key=np.count_nonzero)
    reach = math.ceil((radius + MARGIN_M) / grid.resolution) + 1
    ring = grown(pocket, reach) & ~pocket
    rows, cols = np.nonzero(ring)
    points = [grid.centre(i, j) for i, j in zip(rows, cols)]
    return "walled", obstacles_at(world, points)


def obstacles_at(world, points) -> list[str]:
    """The colliding entities whose shadow on the floor holds any of ``points``."""
    from ..targets.ros.occupancy import inside_convex, shape_outline

    pts = np.asarray(points, float).reshape(-1, 2)
    names = []
    for entity in world.entities:
        if entity.entity == "Marker" or not entity.collision or not len(pts):
            continue
        if any(inside_convex(pts, shape_outline(entity, shape)).any() for shape in entity.shapes):
            names.append(entity.name)
    return names


def _finding(step, marker, world, task, why, radius: float) -> Diagnostic:
    how, names = why
    named = ", ".join(f"'{n}'" for n in names) or "the world's obstacles"
    gap = 2 * (radius + MARGIN_M)
    if how == "inside":
        message = (
            f"Navigate's goal '{marker.name}' lies inside {named} in world "
            f"'{world.name}': no path of task '{task.name}' reaches it"
        )
        help_ = (
            f"move marker '{marker.name}' out of {named}, at least {radius + MARGIN_M:.2f} m "
            "from its edge (the robot's reach from its centre and a margin), or move "
            f"{named}"
        )
    else:
        message = (
            f"Navigate's goal '{marker.name}' is walled off by {named} in world "
            f"'{world.name}': no path of task '{task.name}' reaches it from the start"
        )
        help_ = (
            f"open a gap of at least {gap:.2f} m (the robot's footprint turning, and a "
            f"margin) in {named}, or move marker '{marker.name}' where the robot can "
            "drive"
        )
    labels = [Label(marker.span, f"'{marker.name}' is here")] if marker.span else []
    return error(
        GOAL_REACHABLE,
        message,
        step.arg_spans.get("goal") or step.span,
        label="no path reaches this goal",
        labels=labels,
        help=help_,
        notes=("computed on the occupancy map `mobiledsl run` plans over (5 cm a cell)",),
    )
