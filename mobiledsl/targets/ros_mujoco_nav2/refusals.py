"""What the ros-mujoco-nav2 target refuses (target.unsupported): what the ROS targets do not
write yet (links, legged bases), what MuJoCo cannot collide (the mjcf target's refusals),
and an object of which nothing would be in the scene."""

from __future__ import annotations

from ...diagnostics import Diagnostic, error
from ...model.robot import Robot
from ...model.world import World
from ..mjcf.refusals import refusals as mjcf_refusals
from ..ros.refusals import refusals as ros_refusals

GLTF = (".glb", ".gltf")


def is_gltf(file: str) -> bool:
    return file.lower().endswith(GLTF)


def refusals(robot: Robot, world: World | None, target: str) -> list[Diagnostic]:
    # both lists hold the shared moving-joint refusals: each once
    found = dict.fromkeys(ros_refusals(robot, target) + mjcf_refusals(robot, target))
    return list(found) + object_refusals(world, target)


def object_refusals(world: World | None, target: str) -> list[Diagnostic]:
    """The node shows an object's glTF mesh, or else the shapes it collides by: an object
    whose mesh is not glTF and that has no shapes would not be in the scene at all."""
    if world is None:
        return []
    problems = []
    for entity in world.entities:
        if entity.part is None or entity.visual is None or entity.shapes:
            continue
        if is_gltf(entity.visual.file):
            continue
        part = world.parts[entity.part]
        problems.append(
            error(
                "target.unsupported",
                f"'{entity.name}' ({part.key}) only shows its mesh '{entity.visual.file}', which "
                f"the {target} target does not read (it reads glTF) and has no collision shape "
                "to show instead, so nothing of it would be in the scene",
                entity.span,
                label="nothing to show",
                help=f"give the object a glTF mesh (.glb or .gltf) or a collision shape in "
                f"{part.file}, or leave it out of this world",
            )
        )
    return problems
