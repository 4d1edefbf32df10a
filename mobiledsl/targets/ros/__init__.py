"""The ros-gz-nav2 target: a ROS 2 package ``<robot>_bringup/`` that starts the robot in
Gazebo with its drive system, sensors, bridge and a Nav2 stack configured from the analysis."""

from __future__ import annotations

from typing import Any

from ...model.robot import Robot
from ...model.world import Task, World
from ..emission import Emission
from ..figures import skid_of
from ..overrides import Overrides
from .common import map_too_large, ros_package
from .config import bridge, limits
from .drive import drive_system
from .occupancy import MapTooLarge
from .package import Renderer, cmakelists, launch, package_xml
from .refusals import refusals
from .sdf import world_sdf

TARGET = "ros-gz-nav2"


def emit(
    robot: Robot,
    world: World | None,
    task: Task | None,
    analysis: Any,
    templates: Overrides | None = None,
) -> Emission:
    """``templates``: the project's own templates, which replace ours of the same name."""
    problems = refusals(robot, TARGET)
    if problems:
        return Emission(diagnostics=tuple(problems))
    try:
        pkg = ros_package(robot, world, analysis, task)
    except MapTooLarge as size:
        return Emission(diagnostics=(map_too_large(world, size),))
    # the drive system limits the base where the analysis knows its motors
    known = getattr(analysis, "max_speed_mps", None) is not None
    drive = drive_system(
        robot, pkg.tree, limits(robot, analysis, task) if known else None, skid=skid_of(analysis)
    )
    renderer = Renderer(templates)
    files = {
        "package.xml": package_xml(renderer, pkg.name, robot.name),
        "CMakeLists.txt": cmakelists(renderer, pkg.name),
        f"worlds/{pkg.world_name}.sdf": world_sdf(
            robot, world, pkg.tree, pkg.name, drive, pkg.height
        ),
        "config/bridge.yaml": bridge(robot),
        "launch/bringup.launch.py": launch(renderer, pkg.name, robot.name, pkg.world_name),
    }
    if renderer.diagnostics:
        return Emission(diagnostics=tuple(renderer.diagnostics))
    out = dict(pkg.files)
    out.update({pkg.prefix + k: v for k, v in files.items()})
    return Emission(files=dict(sorted(out.items())), assets=pkg.assets)
