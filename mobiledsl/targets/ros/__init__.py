"""The ros-gz-nav2 target: a ROS 2 package ``<robot>_bringup/`` that starts the robot in
Gazebo with its drive system, sensors, bridge and a Nav2 stack configured from the analysis."""
from __future__ import annotations

import posixpath
from typing import Any

from ...assembly.model import Robot, Task, World
from ...diagnostics import error
from ..emission import Emission
from ..mjcf import base_height
from ..stl import hull_files
from .config import bridge, nav2_params
from .drive import drive_system
from .occupancy import MAX_CELLS, RESOLUTION, MapTooLarge, map_yaml, occupancy, pgm
from .package import cmakelists, launch, package_xml
from .refusals import refusals
from .sdf import world_sdf
from .tree import build_tree
from .urdf import urdf

TARGET = "ros-gz-nav2"


def emit(robot: Robot, world: World | None, task: Task | None, analysis: Any) -> Emission:
    problems = refusals(robot, TARGET)
    if problems:
        return Emission(diagnostics=tuple(problems))
    package = f"{robot.name}_bringup"
    world_name = world.name if world is not None else "empty"
    height = base_height(robot, analysis)
    tree = build_tree(robot, height)
    drive = drive_system(robot, tree)
    start = world.start[:2] if world is not None else (0.0, 0.0)
    try:
        grid, origin = occupancy(world, start)
    except MapTooLarge as size:
        return Emission(diagnostics=(error(
            "target.unsupported", f"the world spans {size.args[0]:.4g} m by {size.args[1]:.4g} m: "
            f"its occupancy map would have more than {MAX_CELLS:,} cells of {RESOLUTION} m",
            world.span if world is not None else None, label="world too large to map",
            help="place the entities within about 200 m of each other and of the start"),))
    prefix = f"{package}/"
    files = {
        "package.xml": package_xml(package, robot.name),
        "CMakeLists.txt": cmakelists(package),
        f"urdf/{robot.name}.urdf": urdf(robot.name, package, tree),
        f"worlds/{world_name}.sdf": world_sdf(robot, world, tree, package, drive, height),
        "config/nav2_params.yaml": nav2_params(robot, analysis, f"{world_name}.yaml"),
        "config/bridge.yaml": bridge(robot),
        f"maps/{world_name}.pgm": pgm(grid),
        f"maps/{world_name}.yaml": map_yaml(f"{world_name}.pgm", origin).encode(),
        "launch/bringup.launch.py": launch(package, robot.name, world_name),
    }
    out = {prefix + k: v for k, v in files.items()}
    # D11's place for hulls, and the copy the package installs and its URIs name
    out.update(hull_files(robot.parts.values()))
    out.update(hull_files(robot.parts.values(), f"{prefix}meshes/hulls"))
    assets = set()
    for part in list(robot.parts.values()) + list(world.parts.values() if world else []):
        if part.visual is not None:
            d = posixpath.dirname(part.visual.file)
            assets.add((f"{part.dir}/{d}", f"{prefix}meshes/{part.id}/{d}"))
    return Emission(files=dict(sorted(out.items())),
                    assets=tuple(sorted(assets)))
