"""The node's description of its model (``mjcf/node.json``): where each glTF mesh goes, the
joints robot_state_publisher is told about, the step from base_footprint to base_link and
how the first lidar scans. The node reads it; it names only what the package holds."""

from __future__ import annotations

import json
from typing import Any

from ...model.frames import quat_from_rpy
from ...model.robot import Robot
from ...model.world import World
from ..ros.scan import scan_spec
from ..ros.tree import Tree, link_name
from .refusals import is_gltf

SCAN_TOPIC = "scan"


def visuals(robot: Robot, world: World | None) -> list[dict[str, Any]]:
    """Every glTF mesh of the robot's parts and the world's objects, placed on its body.
    The folders are the mjcf target's: robot/<part>/ and world/<object>/ beside the model."""
    out = []
    for c in robot.components:
        part = robot.parts[c.part]
        if part.visual is not None and is_gltf(part.visual.file):
            out.append(placed(link_name(robot, c.name), f"robot/{part.id}", part.visual))
    for entity in world.entities if world is not None else ():
        # an entity has a visual only when it is given by ref (its part)
        if (
            world is not None
            and entity.visual is not None
            and entity.part is not None
            and is_gltf(entity.visual.file)
        ):
            obj = world.parts[entity.part]
            out.append(placed(f"world_{entity.name}", f"world/{obj.id}", entity.visual))
    return out


def placed(body: str, folder: str, visual) -> dict[str, Any]:
    return {
        "body": body,
        "file": f"{folder}/{visual.file}",
        "pos": list(visual.xyz),
        "quat": list(quat_from_rpy(visual.rpy)),
    }


def scan(robot: Robot) -> dict[str, Any] | None:
    """The first lidar scans on /scan, as in the Gazebo package."""
    for c in robot.components:
        if c.type == "Lidar":
            spec = scan_spec(c.type, robot.parts[c.part])
            name = link_name(robot, c.name)
            return {
                "body": name,
                "frame": name,
                "topic": SCAN_TOPIC,
                "samples": spec.samples,
                "angle_min": spec.angle_min,
                "angle_max": spec.angle_max,
                "range_min": spec.range_min,
                "range_max": spec.range_max,
                "rate_hz": spec.rate_hz,
            }
    return None


def joints(tree: Tree) -> list[list[str]]:
    """[URDF joint, MJCF joint] for every moving joint robot_state_publisher needs: the
    mjcf target names a wheel's hinge as the URDF does, and a knuckle's (``<wheel>_steer``)
    and a roller's (``<wheel>_roller_<k>``) after the body it turns."""
    wheels = set(tree.wheel_joints.values())
    return [
        [j.name, j.name if j.name in wheels else j.child] for j in tree.joints if j.type != "fixed"
    ]


def node_description(robot: Robot, world: World | None, tree: Tree, height: float) -> bytes:
    data = {
        "model": f"{robot.name}.xml",
        "controller": f"{robot.name}.controller.json",
        "base_height": height,
        "joints": joints(tree),
        "scan": scan(robot),
        "visuals": visuals(robot, world),
    }
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode()
