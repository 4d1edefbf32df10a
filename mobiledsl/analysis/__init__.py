"""The analysis phase: mass properties, where the robot stands, what it covers, how it moves,
and the validation rules judged on the assembled robot.

``analyse(robot, world, task, *, walkers=None) -> (Analysis, diagnostics)``;
``write_report(analysis)`` gives the bytes of ``analysis.json`` and ``topview.svg``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..diagnostics import Diagnostic
from ..library.model import Walker
from ..model.robot import Robot
from ..model.world import Task, World
from .clearance import check_parts, check_wheels
from .drivelines import check_drivelines
from .footprint import Projector, check_bounded, footprint, outlines
from .ground import check_plane, find_ground
from .kinematics import analyse_kinematics
from .legged import (
    check_feet,
    check_gait,
    check_legs,
    check_links_clear,
    check_walker_gains,
    check_walkers,
)
from .mass import mass_properties
from .model import Analysis, Findings, clean, clean_matrix, clean_polygon, clean_xy, clean_xyz
from .placed import place
from .power import check_power
from .servos import check_servos
from .statics import check_com, com_margin
from .surroundings import surroundings
from .walker_match import walker_drive

__all__ = ["analyse", "write_report", "Analysis"]


def analyse(
    robot: Robot,
    world: World | None = None,
    task: Task | None = None,
    *,
    walkers: Mapping[str, Walker] | None = None,
) -> tuple[Analysis, list[Diagnostic]]:
    """Judge the assembled robot. No rule of this phase reads ``world`` yet (the goal of a
    Navigate is resolved before); its entities are placed around the robot for the top
    view. ``walkers`` are the
    libraries' walkers by "library/id" (``Library.walkers`` of each loaded library): the
    robot walks by the one whose robot it is. Without them no robot walks by a walker and
    ``one_walker`` is undecided."""
    out = Findings()
    # the frames and solids every rule below judges, worked out once
    placed = place(robot)
    bodies = placed.bodies
    mp = mass_properties(bodies)
    ground = find_ground(robot, placed)
    project = Projector(ground)

    def to_ground(p) -> tuple[float, float]:
        q = project(p)[0]
        return float(q[0]), float(q[1])

    check_plane(robot, ground, out)
    check_feet(robot, placed, ground, out)
    check_links_clear(robot, placed, ground, out)
    check_legs(robot, out)
    walker = check_walkers(robot, walkers, out)
    check_walker_gains(robot, walkers[walker] if walker and walkers is not None else None, out)
    check_gait(robot, walker, out)
    com_at, margin = com_margin(ground, mp.com)
    check_com(robot, ground, com_at, margin, mp.mass, out, bodies, to_ground)
    peaks = check_servos(robot, ground, placed, mp.mass, mp.com, out, walker=walker, task=task)
    items = outlines(robot, placed, project)
    check_bounded(robot, placed, out, project)
    check_wheels(robot, placed, out, to_ground)
    check_parts(robot, placed, out, to_ground)
    check_power(robot, out)
    check_drivelines(robot, out)
    kin = analyse_kinematics(
        _walking_by(robot, walker, walkers), placed, task, to_ground, out, mass=mp.mass
    )

    if com_at is None:
        com_at = to_ground(mp.com)
    analysis = Analysis(
        robot=robot.name,
        mass=clean(mp.mass),
        com=clean_xyz(mp.com),
        inertia=clean_matrix(mp.inertia),
        ground_z=clean(ground.z) if ground is not None else None,
        ground_normal=clean_xyz(ground.normal) if ground is not None else None,
        support_polygon=clean_polygon(ground.polygon) if ground is not None else (),
        com_ground=clean_xy(com_at),
        com_margin_m=clean(margin),
        footprint=clean_polygon(footprint(items)),
        kinematics=kin,
        outlines=tuple(items),
        findings=tuple(out.findings),
        walker=walker,
        surroundings=surroundings(world),
        walker_drive=(
            walker_drive(robot, walkers[walker]) if walker and walkers is not None else None
        ),
        walking_peaks=peaks,
    )
    return analysis, out.diagnostics


def _walking_by(robot: Robot, walker: str | None, walkers: Mapping[str, Walker] | None) -> Robot:
    """The robot as the kinematics judge it: a robot that walks by a walker takes the command
    the walker takes, whatever its body's gait states."""
    if walker is None or not walkers or walker not in walkers:
        return robot
    key = robot.component(robot.chassis).part
    parts = dict(robot.parts)
    parts[key] = dataclasses.replace(parts[key], gait=walkers[walker].gait)
    return dataclasses.replace(robot, parts=parts)


def write_report(analysis: Analysis) -> dict[str, bytes]:
    from ..records import dumps  # a compile with --check writes no report (nor JSON)
    from .topview import topview

    return {"analysis.json": dumps(analysis).encode("utf-8"), "topview.svg": topview(analysis)}
