"""The mjcf target: one MJCF file holding the robot and its world, loadable by MuJoCo's own
compiler, with the assets of every part it uses and its hulls as binary STL."""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as ET
from typing import Any

from ...model.frames import quat_from_yaw
from ...model.robot import Robot
from ...model.world import Task, World
from ..emission import Emission
from ..figures import skid_of, volts_shares_of
from ..frames import fmt, fmtv
from ..ground import base_height
from ..stl import hull_files
from ..xmltext import to_text
from .controller import controller_file, policy_assets
from .drive import commands
from .legged import add_keyframe, add_legged_sensors
from .refusals import refusals
from .robot import TIMESTEP, RobotBuilder, RobotXml, ramp_time
from .sensors import add_sensors
from .worldgeoms import add_world


def emit(robot: Robot, world: World | None, task: Task | None, analysis: Any) -> Emission:
    problems = refusals(robot)
    if problems:
        return Emission(diagnostics=tuple(problems))
    out = RobotXml()
    root = ET.Element("mujoco", model=robot.name)
    ET.SubElement(root, "compiler", angle="radian", autolimits="true", meshdir=".")
    ET.SubElement(root, "option", timestep=fmt(TIMESTEP), integrator="implicitfast")
    visual = ET.SubElement(root, "visual")
    ET.SubElement(visual, "headlight", ambient="0.4 0.4 0.4", diffuse="0.6 0.6 0.6")
    asset = ET.SubElement(root, "asset")
    worldbody = ET.SubElement(root, "worldbody")
    ET.SubElement(worldbody, "light", name="sun", pos="0 0 5", dir="0 0 -1", directional="true")
    add_world(worldbody, world)
    start_xyz, start_quat = start_pose(robot, world, analysis)
    builder = RobotBuilder(robot, out, ramp_time(analysis), volts_shares_of(analysis))
    base = builder.build(worldbody, start_xyz, start_quat)
    builder.drivelines()
    add_sensors(builder, robot)
    add_legged_sensors(builder, robot)
    for text in reversed(out.comments):
        base.insert(0, ET.Comment(f" {text} "))
    for name, file in sorted(out.meshes.items()):
        ET.SubElement(asset, "mesh", name=name, file=file)
    if len(asset) == 0:
        root.remove(asset)
    rows = twist_rows(robot, skid_of(analysis))
    custom = twist_map(rows)
    for tag, items in (
        ("equality", out.equalities),
        ("tendon", out.tendons),
        ("actuator", out.actuators),
        ("sensor", out.sensors),
        ("custom", custom),
    ):
        if items:
            section = ET.SubElement(root, tag)
            section.extend(items)
    add_keyframe(root, robot, len(out.actuators))
    xml = to_text(root)
    files = {f"{robot.name}.xml": (xml + "\n").encode("utf-8")}
    files.update([controller_file(robot, analysis, rows)])
    files.update(hull_files(robot.parts.values()))
    assets = sorted(set(asset_dirs(robot, world)) | set(policy_assets(robot, analysis)))
    return Emission(files=files, assets=tuple(assets))


def twist_rows(robot: Robot, skid: float) -> dict[str, list[float]]:
    """For each drive actuator, the command per unit base twist (vx, vy, wz): its command
    for any twist is the dot product, so whoever drives the model needs nothing else.
    ``skid``: the analysis' skid factor, how much faster a skid-steer base's wheels run to
    turn it."""
    unit = [
        commands(robot, 1.0, 0.0, 0.0, skid),
        commands(robot, 0.0, 1.0, 0.0, skid),
        commands(robot, 0.0, 0.0, 1.0, skid),
    ]
    return {name: [float(fmt(u.get(name, 0.0))) for u in unit] for name in sorted(unit[0])}


def twist_map(rows: dict[str, list[float]]) -> list[ET.Element]:
    """The twist map as the model's custom numerics, ``twist_<actuator>``."""
    return [
        ET.Element("numeric", {"name": f"twist_{name}", "data": fmtv(row)})
        for name, row in rows.items()
    ]


def start_pose(robot: Robot, world: World | None, analysis: Any):
    x, y, yaw = world.start if world is not None else (0.0, 0.0, 0.0)
    height = base_height(robot, analysis)
    return (x, y, height + 0.002), quat_from_yaw(yaw)


def asset_dirs(robot: Robot, world: World | None) -> list[tuple[str, str]]:
    """Each used part's mesh directory goes into the output whole."""
    dirs: set[tuple[str, str]] = set()
    for part in robot.parts.values():
        visuals = [part.visual] + [link.visual for link in part.links]
        for v in visuals:
            if v is not None:
                d = posixpath.dirname(v.file)
                dirs.add((f"{part.dir}/{d}", f"robot/{part.id}/{d}"))
    if world is not None:
        for part in world.parts.values():
            if part.visual is not None:
                d = posixpath.dirname(part.visual.file)
                dirs.add((f"{part.dir}/{d}", f"world/{part.id}/{d}"))
    return sorted(dirs)
