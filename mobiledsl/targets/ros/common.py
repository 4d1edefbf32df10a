"""What both ROS targets write alike: the package's name and folder, the URDF that
robot_state_publisher serves, Nav2's parameters, the occupancy map, the hulls and the
meshes the URDF names. Each target adds its simulator's files around these."""

from __future__ import annotations

import posixpath
from typing import Any

from ...diagnostics import Diagnostic, error
from ...model.robot import Robot
from ...model.world import World
from ...recordtype import record
from ..figures import hub_limits_of
from ..ground import base_height
from ..stl import HULLS, hull_files
from .config import nav2_params
from .occupancy import MAX_CELLS, RESOLUTION, MapTooLarge, map_yaml, occupancy, pgm
from .tree import Tree, build_tree
from .urdf import urdf


@record
class RosPackage:
    name: str  # <robot>_bringup
    world_name: str
    height: float  # base_link above base_footprint
    tree: Tree
    files: dict[str, bytes]  # relative to the target's folder, the package prefixed
    assets: tuple[tuple[str, str], ...]

    @property
    def prefix(self) -> str:
        return f"{self.name}/"


def map_too_large(world: World | None, size: MapTooLarge) -> Diagnostic:
    """The refusal of a world whose occupancy map ``occupancy`` would not draw."""
    return error(
        "target.unsupported",
        f"the world spans {size.args[0]:.4g} m by {size.args[1]:.4g} m: "
        f"its occupancy map would have more than {MAX_CELLS:,} cells of {RESOLUTION} m",
        world.span if world is not None else None,
        label="world too large to map",
        help="place the entities within about 200 m of each other and of the start",
    )


def ros_package(robot: Robot, world: World | None, analysis: Any, task: Any = None) -> RosPackage:
    package = f"{robot.name}_bringup"
    world_name = world.name if world is not None else "empty"
    height = base_height(robot, analysis)
    tree = build_tree(robot, height, hub_limits_of(analysis))
    start = world.start[:2] if world is not None else (0.0, 0.0)
    grid, origin = occupancy(world, start)
    prefix = f"{package}/"
    files = {
        f"urdf/{robot.name}.urdf": urdf(robot.name, package, tree),
        "config/nav2_params.yaml": nav2_params(robot, analysis, f"{world_name}.yaml", task),
        f"maps/{world_name}.pgm": pgm(grid),
        f"maps/{world_name}.yaml": map_yaml(f"{world_name}.pgm", origin).encode(),
    }
    out = {prefix + k: v for k, v in files.items()}
    # the hulls' place every target shares, and the copy the package installs and its URIs name
    out.update(hull_files(robot.parts.values(), HULLS, f"{prefix}meshes/hulls"))
    assets = set()
    for part in list(robot.parts.values()) + list(world.parts.values() if world else []):
        if part.visual is not None:
            d = posixpath.dirname(part.visual.file)
            assets.add((f"{part.dir}/{d}", f"{prefix}meshes/{part.id}/{d}"))
    return RosPackage(package, world_name, height, tree, out, tuple(sorted(assets)))
