"""URDF of the robot: the description robot_state_publisher serves."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..frames import fmt, fmtv
from ..xmltext import to_text
from .tree import Geometry, LinkSpec, Tree


def urdf(robot_name: str, package: str, tree: Tree) -> bytes:
    root = ET.Element("robot", name=robot_name)
    for link in tree.links:
        _link(root, link, package)
    for j in tree.joints:
        joint = ET.SubElement(root, "joint", name=j.name, type=j.type)
        ET.SubElement(joint, "parent", link=j.parent)
        ET.SubElement(joint, "child", link=j.child)
        ET.SubElement(joint, "origin", xyz=fmtv(j.xyz), rpy=fmtv(j.rpy))
        if j.axis is not None:
            ET.SubElement(joint, "axis", xyz=fmtv(j.axis))
        if j.type == "revolute":
            assert j.limit is not None, "the tree gives each revolute joint (a knuckle) its limit"
            lo, hi = j.limit
            ET.SubElement(joint, "limit", lower=fmt(lo), upper=fmt(hi), effort="10", velocity="3")
        elif j.effort is not None and j.velocity is not None:  # both or neither
            # a driven wheel: its motor's torque and speed
            ET.SubElement(joint, "limit", effort=fmt(j.effort), velocity=fmt(j.velocity))
    for link in tree.links:
        if link.friction is not None:
            _gazebo_friction(root, link.name, link.friction)
    return (to_text(root, declaration=True) + "\n").encode()


def _link(root: ET.Element, spec: LinkSpec, package: str) -> None:
    link = ET.SubElement(root, "link", name=spec.name)
    if spec.inertial is not None:
        i = spec.inertial
        el = ET.SubElement(link, "inertial")
        ET.SubElement(el, "origin", xyz=fmtv(i.origin_xyz), rpy="0 0 0")
        ET.SubElement(el, "mass", value=fmt(i.mass))
        t = i.inertia
        ET.SubElement(
            el,
            "inertia",
            ixx=fmt(t.ixx),
            ixy=fmt(t.ixy),
            ixz=fmt(t.ixz),
            iyy=fmt(t.iyy),
            iyz=fmt(t.iyz),
            izz=fmt(t.izz),
        )
    for k, g in enumerate(spec.visuals):
        _geometry(ET.SubElement(link, "visual", name=f"{spec.name}_visual_{k}"), g, package)
    for k, g in enumerate(spec.collisions):
        _geometry(ET.SubElement(link, "collision", name=f"{spec.name}_collision_{k}"), g, package)
    if spec.friction is not None:
        # PyBullet reads a link's contact friction here (other URDF readers pass it by)
        contact = ET.SubElement(link, "contact")
        ET.SubElement(contact, "lateral_friction", value=fmt(spec.friction))


def _gazebo_friction(root: ET.Element, link: str, friction: float) -> None:
    """Gazebo's URDF extension: the friction of the link's collisions, the same both ways
    (mu1, mu2), as the SDF's world states it."""
    ext = ET.SubElement(root, "gazebo", reference=link)
    ET.SubElement(ext, "mu1").text = fmt(friction)
    ET.SubElement(ext, "mu2").text = fmt(friction)


def _geometry(parent: ET.Element, g: Geometry, package: str) -> None:
    ET.SubElement(parent, "origin", xyz=fmtv(g.xyz), rpy=fmtv(g.rpy))
    geom = ET.SubElement(parent, "geometry")
    if g.kind == "box":
        ET.SubElement(geom, "box", size=fmtv(g.size))
    elif g.kind == "sphere":
        ET.SubElement(geom, "sphere", radius=fmt(g.size[0]))
    elif g.kind == "cylinder":
        ET.SubElement(geom, "cylinder", radius=fmt(g.size[0]), length=fmt(g.size[1]))
    else:
        ET.SubElement(geom, "mesh", filename=f"package://{package}/{g.uri}")
