"""The Gazebo world (SDF 1.9): physics and sensor systems, the ground, every entity as a static
model from its collision shapes, and the robot inline with the drive system of its chassis."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np

from ...model.frames import compose, quat_from_rpy, relative, rpy_from_quat
from ...model.robot import Component, Robot
from ...model.world import World
from ..frames import fmt, fmtv
from ..xmltext import to_text
from .scan import scan_spec
from .tree import Geometry, LinkSpec, Tree

SDF_VERSION = "1.9"


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, attrs)
    if text is not None:
        el.text = text
    return el


def pose(xyz, rpy) -> str:
    return f"{fmtv(xyz)} {fmtv(rpy)}"


def world_sdf(
    robot: Robot, world: World | None, tree: Tree, package: str, drive: dict, start_height: float
) -> bytes:
    root = ET.Element("sdf", version=SDF_VERSION)
    name = world.name if world is not None else "empty"
    w = sub(root, "world", name=name)
    physics = sub(w, "physics", name="1ms", type="ignored")
    sub(physics, "max_step_size", "0.001")
    sub(physics, "real_time_factor", "1.0")
    for plugin, cls in (
        ("gz-sim-physics-system", "Physics"),
        ("gz-sim-user-commands-system", "UserCommands"),
        ("gz-sim-scene-broadcaster-system", "SceneBroadcaster"),
        ("gz-sim-imu-system", "Imu"),
        ("gz-sim-contact-system", "Contact"),
    ):
        sub(w, "plugin", filename=plugin, name=f"gz::sim::systems::{cls}")
    sensors = sub(w, "plugin", filename="gz-sim-sensors-system", name="gz::sim::systems::Sensors")
    sub(sensors, "render_engine", "ogre2")
    light = sub(w, "light", type="directional", name="sun")
    sub(light, "cast_shadows", "true")
    sub(light, "pose", "0 0 10 0 0 0")
    sub(light, "direction", "-0.5 0.1 -0.9")
    if world is None or world.ground_plane:
        ground(w)
    if world is not None:
        for entity in world.entities:
            entity_model(w, entity, package)
    x, y, yaw = world.start if world is not None else (0.0, 0.0, 0.0)
    robot_model(w, robot, tree, package, drive, (x, y, 0.002), yaw)
    return (to_text(root, declaration=True) + "\n").encode()


def ground(w: ET.Element) -> None:
    model = sub(w, "model", name="ground_plane")
    sub(model, "static", "true")
    link = sub(model, "link", name="link")
    for tag in ("collision", "visual"):
        el = sub(link, tag, name=tag)
        plane = sub(sub(el, "geometry"), "plane")
        sub(plane, "normal", "0 0 1")
        sub(plane, "size", "100 100")


def entity_model(w: ET.Element, entity, package: str) -> None:
    x, y, z, qx, qy, qz, qw = entity.pos
    model = sub(w, "model", name=entity.name)
    sub(model, "static", "true")
    sub(model, "pose", pose((x, y, z), rpy_from_quat((qw, qx, qy, qz))))
    link = sub(model, "link", name="link")
    solid = entity.collision and entity.entity != "Marker"
    for i, shape in enumerate(entity.shapes):
        g = Geometry(
            shape.type, _sdf_size(shape), xyz=tuple(shape.origin_xyz), rpy=tuple(shape.rpy)
        )
        if solid:
            geometry_element(sub(link, "collision", name=f"collision_{i}"), g, package)
        if entity.visual is None:
            geometry_element(sub(link, "visual", name=f"visual_{i}"), g, package)
    if entity.visual is not None and entity.part is not None:
        part_id = entity.part.split("/", 1)[1]
        v = entity.visual
        geometry_element(
            sub(link, "visual", name="mesh"),
            Geometry("mesh", uri=f"meshes/{part_id}/{v.file}", xyz=tuple(v.xyz), rpy=tuple(v.rpy)),
            package,
        )


def _sdf_size(shape) -> tuple:
    if shape.type == "box":
        return tuple(shape.size)
    if shape.type == "sphere":
        return (shape.size[0] / 2,)
    return (shape.size[0] / 2, shape.size[2])


def geometry_element(parent: ET.Element, g: Geometry, package: str) -> None:
    sub(parent, "pose", pose(g.xyz, g.rpy))
    geom = sub(parent, "geometry")
    if g.kind == "box":
        sub(sub(geom, "box"), "size", fmtv(g.size))
    elif g.kind == "sphere":
        sub(sub(geom, "sphere"), "radius", fmt(g.size[0]))
    elif g.kind == "cylinder":
        cyl = sub(geom, "cylinder")
        sub(cyl, "radius", fmt(g.size[0]))
        sub(cyl, "length", fmt(g.size[1]))
    else:
        sub(sub(geom, "mesh"), "uri", f"package://{package}/{g.uri}")


def link_poses(tree: Tree) -> dict[str, tuple]:
    """Each link's pose in the model frame (base_footprint), following the joints."""
    poses: dict[str, tuple] = {"base_footprint": (np.zeros(3), (1.0, 0.0, 0.0, 0.0))}
    for j in tree.joints:
        pxyz, pquat = poses[j.parent]
        poses[j.child] = compose(pxyz, pquat, j.xyz, quat_from_rpy(j.rpy))
    return poses


def robot_model(
    w: ET.Element, robot: Robot, tree: Tree, package: str, drive: dict, start, yaw: float
) -> None:
    model = sub(w, "model", name=robot.name)
    sub(model, "pose", pose(start, (0.0, 0.0, yaw)))
    poses = link_poses(tree)
    folded = fold_massless(tree)
    # looked up by name once: a model of a thousand links asks for each of them
    specs = {s.name: s for s in tree.links}
    onto: dict[str, list[str]] = {}
    for child, parent in folded.values():
        onto.setdefault(parent, []).append(child)
    components = {c.name: c for c in robot.components}
    for spec in tree.links:
        if spec.name in folded or spec.name == "base_footprint":
            continue
        xyz, quat = poses[spec.name]
        link = sub(model, "link", name=spec.name)
        sub(link, "pose", pose(xyz, rpy_from_quat(quat)))
        link_body(link, spec, package)
        for child in onto.get(spec.name, ()):
            extra = specs[child]
            cxyz, cquat = poses[child]
            rel_xyz, rel_quat = relative(xyz, quat, cxyz, cquat)
            for k, g in enumerate(extra.collisions):
                moved = Geometry(g.kind, g.size, g.uri, tuple(rel_xyz), rpy_from_quat(rel_quat))
                collision(link, f"{child}_collision_{k}", moved, package, extra.friction)
        if spec.component is not None:
            sensor_elements(link, robot, spec, components[spec.component])
    for j in tree.joints:
        if j.child in folded or j.parent == "base_footprint":
            continue
        joint = sub(
            model, "joint", name=j.name, type=j.type if j.type != "continuous" else "revolute"
        )
        sub(joint, "parent", j.parent)
        sub(joint, "child", j.child)
        if j.type in ("continuous", "revolute"):
            assert j.axis is not None, "the tree gives every turning joint its axis"
            axis = sub(joint, "axis")
            sub(axis, "xyz", fmtv(j.axis))
            limit = sub(axis, "limit")
            lo, hi = j.limit if j.limit else (-1e16, 1e16)
            sub(limit, "lower", fmt(lo) if j.limit else "-1e16")
            sub(limit, "upper", fmt(hi) if j.limit else "1e16")
            if j.effort is not None and j.velocity is not None:  # both or neither
                # a driven wheel: its motor's torque and speed
                sub(limit, "effort", fmt(j.effort))
                sub(limit, "velocity", fmt(j.velocity))
    for plugin in drive.get("plugins", []):
        model.append(plugin)


def fold_massless(tree: Tree) -> dict[str, tuple[str, str]]:
    """Links with no inertial (ground contacts) become collisions of their parent link."""
    parents = {j.child: j.parent for j in tree.joints}
    return {
        s.name: (s.name, parents[s.name])
        for s in tree.links
        if s.inertial is None and s.name != "base_footprint"
    }


def link_body(link: ET.Element, spec: LinkSpec, package: str) -> None:
    if spec.inertial is not None:
        i = spec.inertial
        inertial = sub(link, "inertial")
        sub(inertial, "pose", pose(i.origin_xyz, (0, 0, 0)))
        sub(inertial, "mass", fmt(i.mass))
        t = i.inertia
        m = sub(inertial, "inertia")
        for key in ("ixx", "ixy", "ixz", "iyy", "iyz", "izz"):
            sub(m, key, fmt(getattr(t, key)))
    for k, g in enumerate(spec.visuals):
        geometry_element(sub(link, "visual", name=f"visual_{k}"), g, package)
    for k, g in enumerate(spec.collisions):
        collision(link, f"collision_{k}", g, package, spec.friction)


def collision(
    link: ET.Element, name: str, g: Geometry, package: str, friction: float | None
) -> None:
    el = sub(link, "collision", name=name)
    geometry_element(el, g, package)
    if friction is not None:
        ode = sub(sub(sub(el, "surface"), "friction"), "ode")
        sub(ode, "mu", fmt(friction))
        sub(ode, "mu2", fmt(friction))


def sensor_elements(link: ET.Element, robot: Robot, spec: LinkSpec, c: Component) -> None:
    """The sensor of the component ``c`` a link is made from, if it is one."""
    part = robot.parts[c.part]
    kind = c.type
    if kind in ("Lidar", "Lidar3D", "Range", "Ultrasonic"):
        s = sub(link, "sensor", name=c.name, type="gpu_lidar")
        sub(s, "topic", f"{c.name}/scan")
        sub(s, "gz_frame_id", spec.name)
        scanner = scan_spec(kind, part)
        sub(s, "update_rate", fmt(scanner.rate_hz))
        lidar = sub(s, "lidar")
        scan = sub(lidar, "scan")
        h = sub(scan, "horizontal")
        sub(h, "samples", str(scanner.samples))
        sub(h, "resolution", "1")
        sub(h, "min_angle", fmt(scanner.angle_min))
        sub(h, "max_angle", fmt(scanner.angle_max))
        if kind == "Lidar3D":
            v = sub(scan, "vertical")
            sub(v, "samples", "16")
            sub(v, "min_angle", "-0.26")
            sub(v, "max_angle", "0.26")
        r = sub(lidar, "range")
        sub(r, "min", fmt(scanner.range_min))
        sub(r, "max", fmt(scanner.range_max))
        sub(s, "always_on", "true")
        sub(s, "visualize", "false")
    elif kind == "IMU":
        s = sub(link, "sensor", name=c.name, type="imu")
        sub(s, "topic", "imu")
        sub(s, "gz_frame_id", spec.name)
        sub(s, "update_rate", "100")
        sub(s, "always_on", "true")
    elif kind in ("Camera", "DepthCamera", "RGBD"):
        gz_type = {"Camera": "camera", "DepthCamera": "depth_camera", "RGBD": "rgbd_camera"}[kind]
        s = sub(link, "sensor", name=c.name, type=gz_type)
        # an RGBD camera publishes <topic>/image, <topic>/depth_image and <topic>/points
        sub(s, "topic", c.name if kind == "RGBD" else f"{c.name}/image")
        # images are stamped in the optical frame (REP 103: z forward, x right, y down)
        sub(s, "gz_frame_id", f"{spec.name}_optical")
        sub(s, "update_rate", "30")
        cam = sub(s, "camera")
        sub(cam, "horizontal_fov", "1.047")
        image = sub(cam, "image")
        sub(image, "width", "640")
        sub(image, "height", "480")
        clip = sub(cam, "clip")
        sub(clip, "near", "0.05")
        sub(clip, "far", "50")
        sub(s, "always_on", "true")
    elif kind == "Bumper" and part.collision:
        s = sub(link, "sensor", name=c.name, type="contact")
        sub(s, "topic", f"{c.name}/contact")
        contact = sub(s, "contact")
        sub(contact, "collision", "collision_0")
        sub(s, "always_on", "true")
