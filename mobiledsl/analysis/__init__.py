"""The analysis phase: mass properties, where the robot stands, what it covers, how it moves,
and the validation rules judged on the assembled robot.

``analyse(robot, world, task) -> (Analysis, diagnostics)``; ``write_report(analysis)`` gives
the bytes of ``analysis.json`` and ``topview.svg``.
"""
from __future__ import annotations

from ..assembly.model import Robot, Task, World
from ..diagnostics import Diagnostic
from ..records import dumps
from .clearance import check_parts, check_wheels
from .footprint import Projector, check_bounded, footprint, outlines
from .ground import check_plane, find_ground
from .kinematics import analyse_kinematics
from .mass import mass_properties
from .model import Analysis, Findings, clean, clean_points, clean_vec
from .placement import bodies as place_bodies
from .power import check_power
from .statics import check_com, com_margin
from .topview import topview

__all__ = ["analyse", "write_report", "Analysis"]


def analyse(robot: Robot, world: World | None = None, task: Task | None = None
            ) -> tuple[Analysis, list[Diagnostic]]:
    """Judge the assembled robot. ``world`` is accepted for the pipeline's sake; no rule of
    this phase reads it yet (the goal of a Navigate is resolved before)."""
    out = Findings()
    bodies = place_bodies(robot)
    mp = mass_properties(bodies)
    ground = find_ground(robot)
    project = Projector(ground)

    def to_ground(p) -> tuple[float, float]:
        q = project(p)[0]
        return float(q[0]), float(q[1])

    check_plane(robot, ground, out)
    com_at, margin = com_margin(ground, mp.com)
    check_com(robot, ground, com_at, margin, mp.mass, out)
    items = outlines(robot, bodies, project)
    check_bounded(robot, out, project)
    check_wheels(robot, bodies, out, to_ground)
    check_parts(robot, bodies, out, to_ground)
    check_power(robot, out)
    kin = analyse_kinematics(robot, task, to_ground, out)

    if com_at is None:
        com_at = to_ground(mp.com)
    analysis = Analysis(
        robot=robot.name,
        mass=clean(mp.mass),
        com=clean_vec(mp.com),
        inertia=clean_points(mp.inertia),
        ground_z=clean(ground.z) if ground is not None else None,
        ground_normal=clean_vec(ground.normal) if ground is not None else None,
        support_polygon=clean_points(ground.polygon) if ground is not None else (),
        com_ground=clean_vec(com_at),
        com_margin_m=clean(margin),
        footprint=clean_points(footprint(items)),
        kinematics=kin,
        outlines=tuple(items),
        findings=tuple(out.findings),
    )
    return analysis, out.diagnostics


def write_report(analysis: Analysis) -> dict[str, bytes]:
    return {"analysis.json": dumps(analysis).encode("utf-8"),
            "topview.svg": topview(analysis)}
