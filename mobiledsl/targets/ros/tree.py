"""The robot as a tree of links and joints, the shape URDF and SDF both describe it in.

base_footprint lies on the ground below base_link; base_link is the chassis; every other
component is a link named after it; a steered wheel hangs from its knuckle
``<wheel>_steer``; a ground contact a part declares is ``<link>_contact_<n>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

import numpy as np

from ...library.model import Inertia, Inertial, Part, Shape, TrackSpec
from ...model.frames import as_vec, quat_from_z, relative, rotate, rpy_from_quat
from ...model.frames import matrix_from_quat as matrix
from ...model.robot import Component, Robot
from ...recordtype import mutable_record, record
from ..rollers import HOLONOMIC, rollers
from ..shares import KNUCKLE_SHARE, MISSING_MASS, inertial, moved, remainder, scaled
from ..surfaces import SLIDER_FRICTION, TYRE_FRICTION
from ..wheels import wheel_axis

Vec = tuple[float, float, float]


@record
class Geometry:
    kind: str  # box | sphere | cylinder | mesh
    size: tuple[float, ...] = ()  # box sides; sphere (radius,); cylinder (radius, length)
    uri: str = ""  # mesh: path inside the package
    xyz: Vec = (0.0, 0.0, 0.0)
    rpy: Vec = (0.0, 0.0, 0.0)


@mutable_record
class LinkSpec:
    name: str
    inertial: Inertial | None = None
    visuals: list[Geometry] = field(default_factory=list)
    collisions: list[Geometry] = field(default_factory=list)
    component: str | None = None
    friction: float | None = None  # on the floor: a tyre grips, a caster or contact slides


@record
class JointSpec:
    name: str
    type: str  # fixed | continuous | revolute
    parent: str
    child: str
    xyz: Vec
    rpy: Vec
    axis: Vec | None = None
    limit: tuple[float, float] | None = None
    effort: float | None = None  # N m, what the motor turning it gives at stall
    velocity: float | None = None  # rad/s, its motor's no-load speed


@mutable_record
class Tree:
    links: list[LinkSpec] = field(default_factory=list)
    joints: list[JointSpec] = field(default_factory=list)
    meshes: dict[str, str] = field(default_factory=dict)  # package path -> hull STL key
    wheel_joints: dict[str, str] = field(default_factory=dict)  # component -> joint
    steer_joints: dict[str, str] = field(default_factory=dict)  # component -> joint
    # driven wheel -> (torque, speed) at its hub, the analysis' (Kinematics.hub_limits)
    hub_limits: dict[str, tuple[float, float]] = field(default_factory=dict)


def link_name(robot: Robot, component: str) -> str:
    return "base_link" if component == robot.chassis else component


def mesh_uri(part: Part, file: str) -> str:
    return f"meshes/{part.id}/{file}"


def shape_geometry(part: Part, shape: Shape) -> Geometry:
    xyz, rpy = as_vec(shape.origin_xyz), as_vec(shape.rpy)
    if shape.type == "hull":
        return Geometry("mesh", uri=f"meshes/hulls/{part.id}_hull.stl")
    size = shape.size
    if size is None:
        raise ValueError(f"a {shape.type!r} shape without a size")  # the library gives one
    if shape.type == "box":
        return Geometry("box", tuple(size), xyz=xyz, rpy=rpy)
    if shape.type == "sphere":
        return Geometry("sphere", (size[0] / 2,), xyz=xyz, rpy=rpy)
    return Geometry("cylinder", (size[0] / 2, size[2]), xyz=xyz, rpy=rpy)


def along(axis) -> Vec:
    """rpy that turns a z-aligned cylinder onto ``axis``."""
    return rpy_from_quat(quat_from_z(axis))


def build_tree(
    robot: Robot, ground_height: float, hub_limits: Mapping[str, tuple[float, float]] | None = None
) -> Tree:
    """``hub_limits``: each driven wheel's torque and speed at its hub, as the analysis
    states them (a wheel not named: no limit)."""
    tree = Tree(hub_limits=dict(hub_limits or {}))
    tree.links.append(LinkSpec("base_footprint"))
    frames: dict[str, tuple] = {}
    for c in robot.components:
        part = robot.parts[c.part]
        name = link_name(robot, c.name)
        frames[c.name] = (np.asarray(c.pose.xyz, float), c.pose.quat)
        spec = component_link(robot, c, part, name, tree)
        tree.links.append(spec)
        if c.parent is None:
            tree.joints.append(
                JointSpec(
                    "base_footprint_joint",
                    "fixed",
                    "base_footprint",
                    "base_link",
                    (0.0, 0.0, ground_height),
                    (0.0, 0.0, 0.0),
                )
            )
        else:
            attach(robot, c, part, name, frames, tree)
        contacts(c, part, name, tree)
        roller_links(c, part, name, tree)
        optical_frame(c, name, tree)
    return tree


CAMERAS = ("Camera", "DepthCamera", "RGBD")


def optical_frame(c: Component, name: str, tree: Tree) -> None:
    """REP 103: a camera's images are in its optical frame, z forward, x right, y down,
    turned from the body frame (x forward, z up) the part states."""
    if c.type not in CAMERAS:
        return
    link = f"{name}_optical"
    tree.links.append(LinkSpec(link))
    tree.joints.append(
        JointSpec(
            f"{link}_joint", "fixed", name, link, (0.0, 0.0, 0.0), (-np.pi / 2, 0.0, -np.pi / 2)
        )
    )


def component_link(robot: Robot, c: Component, part: Part, name: str, tree: Tree) -> LinkSpec:
    own = part.inertial
    if own is not None and c.steer is not None:
        own = scaled(own, 1.0 - KNUCKLE_SHARE)  # the rest is on its knuckle
    spec = LinkSpec(name, own, component=c.name)
    if part.visual is not None:
        spec.visuals.append(
            Geometry(
                "mesh",
                uri=mesh_uri(part, part.visual.file),
                xyz=as_vec(part.visual.xyz),
                rpy=as_vec(part.visual.rpy),
            )
        )
    if part.wheel is not None:
        conn = part.connectors[c.connector] if c.connector else None
        axis = (conn.joint.axis or conn.dir) if conn else (0.0, 0.0, 1.0)
        if c.type == "Caster":
            spec.collisions.append(Geometry("sphere", (part.wheel.radius,)))
            spec.friction = SLIDER_FRICTION
        elif c.type in HOLONOMIC:
            # the hub touches nothing: its rollers do, and carry their share of its mass
            if own is not None:
                spec.inertial = remainder(own, [r.piece for r in rollers(c, part, axis)])
        else:
            spec.collisions.append(
                Geometry("cylinder", (part.wheel.radius, part.wheel.width), rpy=along(axis))
            )
            spec.friction = TYRE_FRICTION
    elif part.track is not None:
        # in the simulators a track collides through a box on its belt's run
        spec.collisions.append(belt_box(part.track))
    elif part.collision:
        spec.collisions.extend(shape_geometry(part, s) for s in part.collision)
        for s in part.collision:
            if s.type == "hull":
                tree.meshes[f"meshes/hulls/{part.id}_hull.stl"] = part.key
    elif part.visual is not None:
        # Gazebo collides through the mesh when a part declares no shape
        spec.collisions.append(spec.visuals[0])
    return spec


def belt_box(track: TrackSpec) -> Geometry:
    """The box on a track's run on the ground: as long as the run, as wide as the belt, its
    bottom face on the run and its top at the hub (the part frame's origin)."""
    a = np.asarray(track.ground_from, float)
    b = np.asarray(track.ground_to, float)
    run = b - a
    height = max(-float(a[2] + b[2]) / 2, 0.01)
    centre = (a + b) / 2 + np.array([0.0, 0.0, height / 2])
    yaw = float(np.arctan2(run[1], run[0]))
    if abs(yaw) > np.pi / 2:  # a box is the same turned half a turn
        yaw -= float(np.copysign(np.pi, yaw))
    return Geometry(
        "box",
        (float(np.linalg.norm(run[:2])), track.width, height),
        xyz=as_vec(float(v) for v in centre),
        rpy=(0.0, 0.0, yaw),
    )


def attach(robot: Robot, c: Component, part: Part, name: str, frames: dict, tree: Tree) -> None:
    assert c.parent is not None, "the chassis is attached to none"
    parent = link_name(robot, c.parent)
    pxyz, pquat = frames[c.parent]
    if c.steer is not None:
        knuckle = f"{c.name}_steer"
        point = np.asarray(c.steer.point, float)
        kxyz, _ = relative(pxyz, pquat, point, (1.0, 0.0, 0.0, 0.0))
        kingpin = rotate((pquat[0], -pquat[1], -pquat[2], -pquat[3]), c.steer.axis)
        tree.links.append(LinkSpec(knuckle, knuckle_inertial(c, part, point)))
        tree.joints.append(
            JointSpec(
                f"{knuckle}_joint",
                "revolute",
                parent,
                knuckle,
                as_vec(kxyz),
                (0.0, 0.0, 0.0),
                as_vec(kingpin),
                (-c.steer.max_angle_rad, c.steer.max_angle_rad),
            )
        )
        tree.steer_joints[c.name] = f"{knuckle}_joint"
        parent, pxyz, pquat = knuckle, point, (1.0, 0.0, 0.0, 0.0)
    xyz, quat = relative(pxyz, pquat, c.pose.xyz, c.pose.quat)
    rpy = rpy_from_quat(quat)
    joint = f"{c.name}_joint"
    if c.joint == "continuous" and part.wheel is not None and c.type != "Caster":
        assert c.connector is not None, "a wheel is placed by its connector"
        conn = part.connectors[c.connector]
        axis = wheel_axis(c, conn.joint.axis or conn.dir)
        # the joint sits at the part frame; the axis passes through the connector point,
        # which for a wheel is its centre line
        effort, velocity = tree.hub_limits.get(c.name, (None, None))
        tree.joints.append(
            JointSpec(
                joint,
                "continuous",
                parent,
                name,
                as_vec(xyz),
                rpy,
                axis,
                effort=effort,
                velocity=velocity,
            )
        )
        tree.wheel_joints[c.name] = joint
    else:
        tree.joints.append(JointSpec(joint, "fixed", parent, name, as_vec(xyz), rpy))


def roller_links(c: Component, part: Part, name: str, tree: Tree) -> None:
    """A mecanum or omni wheel's rollers: a link each, on a continuous joint about its
    roller axis, as the MJCF has them (the same names, poses, axes and masses)."""
    if part.wheel is None or c.type not in HOLONOMIC:
        return
    assert c.connector is not None, "a wheel is placed by its connector"
    conn = part.connectors[c.connector]
    for roller in rollers(c, part, conn.joint.axis or conn.dir):
        piece = roller.piece
        tree.links.append(
            LinkSpec(
                roller.name,
                inertial(piece.mass, (0.0, 0.0, 0.0), piece.inertia, "roller ball"),
                collisions=[Geometry("sphere", (roller.radius,))],
                friction=TYRE_FRICTION,
            )
        )
        tree.joints.append(
            JointSpec(
                f"{roller.name}_joint",
                "continuous",
                name,
                roller.name,
                as_vec(float(v) for v in piece.com),
                (0.0, 0.0, 0.0),
                as_vec(float(v) for v in roller.axis),
            )
        )


def contacts(c: Component, part: Part, name: str, tree: Tree) -> None:
    for i, contact in enumerate(part.contacts):
        link = f"{name}_contact_{i}"
        spec = LinkSpec(
            link, None, collisions=[Geometry("sphere", (contact.radius,))], friction=SLIDER_FRICTION
        )
        tree.links.append(spec)
        tree.joints.append(
            JointSpec(f"{link}_joint", "fixed", name, link, as_vec(contact.xyz), (0.0, 0.0, 0.0))
        )


def knuckle_inertial(c: Component, part: Part, point: np.ndarray) -> Inertial:
    """A knuckle's share of its wheel, where the wheel's mass is (in the knuckle's frame,
    the chassis' axes at the kingpin point): knuckle and wheel weigh what the wheel states."""
    if part.inertial is None:
        return Inertial(
            MISSING_MASS * KNUCKLE_SHARE,
            (0.0, 0.0, 0.0),
            Inertia(1e-7, 0.0, 0.0, 1e-7, 0.0, 1e-7),
            "placeholder",
            "steering knuckle of the target",
        )
    return moved(
        scaled(part.inertial, KNUCKLE_SHARE),
        matrix(c.pose.quat),
        np.asarray(c.pose.xyz, float) - point,
    )
