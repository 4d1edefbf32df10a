"""The ros-mujoco-nav2 target: the ROS 2 package ``<robot>_bringup/`` of the Gazebo target's
shape, simulated by MuJoCo through a node of the package's own.

The package holds the mjcf target's model under ``mjcf/`` with the node's description of it,
and the node under ``<robot>_bringup/``: its ROS shell, its headless core, its glTF reader
and a copy of the simulation runtime, so it needs nothing of mobiledsl on the ROS machine.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from ...diagnostics import has_errors
from ...model.robot import Robot
from ...model.world import Task, World
from ..emission import Emission
from ..mjcf import emit as emit_mjcf
from ..overrides import Overrides
from ..ros.common import map_too_large, ros_package
from ..ros.occupancy import MapTooLarge
from ..ros.package import Renderer, cmakelists, launch, package_xml
from .refusals import refusals
from .scene import node_description

TARGET = "ros-mujoco-nav2"
NODE = "mujoco_node.py"
NODE_FILES = (NODE, "mujoco_core.py", "gltf_reader.py", "gltf_document.py", "package_files.py")
TEXTSAFE = "textsafe.py"  # mobiledsl's one escaping rule, copied beside the node
RUNTIME = "mobiledsl.sim"  # copied whole into the node's folder as ``sim``
DEPENDS = (
    "robot_state_publisher",
    "nav2_bringup",
    "launch",
    "launch_ros",
    "rclpy",
    "rosgraph_msgs",
    "tf2_msgs",
    "nav_msgs",
    "sensor_msgs",
    "geometry_msgs",
    "python3-numpy",
)
PIP = "mujoco>=4.0\nnumpy>=1.26\npygltflib>=1.16\n"  # the versions it was tried with
FOLDERS = ("urdf", "mjcf", "config", "maps", "launch", "meshes")


def emit(
    robot: Robot,
    world: World | None,
    task: Task | None,
    analysis: Any,
    templates: Overrides | None = None,
) -> Emission:
    """``templates``: the project's own templates, which replace ours of the same name."""
    problems = refusals(robot, world, TARGET)
    if problems:
        return Emission(diagnostics=tuple(problems))
    model = emit_mjcf(robot, world, task, analysis)
    if has_errors(model.diagnostics):
        return Emission(diagnostics=model.diagnostics)
    try:
        pkg = ros_package(robot, world, analysis, task)
    except MapTooLarge as size:
        return Emission(diagnostics=(map_too_large(world, size),))
    mjcf = f"{pkg.prefix}mjcf/"
    renderer = Renderer(templates)
    files = {
        "package.xml": package_xml(
            renderer,
            pkg.name,
            robot.name,
            simulator="MuJoCo",
            depends=DEPENDS,
            note="the node also needs mujoco and pygltflib from PyPI: "
            "pip install -r requirements.txt",
        ),
        "requirements.txt": PIP.encode(),
        "CMakeLists.txt": cmakelists(renderer, pkg.name, FOLDERS, node=NODE),
        "launch/bringup.launch.py": launch(
            renderer, pkg.name, robot.name, pkg.world_name, simulator="mujoco"
        ),
        "mjcf/node.json": node_description(robot, world, pkg.tree, pkg.height),
    }
    if renderer.diagnostics:
        return Emission(diagnostics=tuple(model.diagnostics) + tuple(renderer.diagnostics))
    files.update({f"{pkg.name}/{name}": data for name, data in node_files().items()})
    out = dict(pkg.files)
    out.update({pkg.prefix + k: v for k, v in files.items()})
    out.update({mjcf + k: v for k, v in model.files.items()})
    assets = pkg.assets + tuple((src, mjcf + dest) for src, dest in model.assets)
    return Emission(
        files=dict(sorted(out.items())), assets=tuple(sorted(assets)), diagnostics=model.diagnostics
    )


def node_files() -> dict[str, bytes]:
    """The node's own modules and the simulation runtime, read from the installed
    mobiledsl, so the package carries the very code the tests here run."""
    here = resources.files(__package__).joinpath("node")
    out = {name: here.joinpath(name).read_bytes() for name in NODE_FILES}
    out[TEXTSAFE] = resources.files("mobiledsl").joinpath(TEXTSAFE).read_bytes()
    runtime = resources.files(RUNTIME)
    for entry in sorted(runtime.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".py"):
            out[f"sim/{entry.name}"] = entry.read_bytes()
    return out
