"""The bodies and geoms of an emitted MJCF model, each posed in the world at the model's
rest (qpos0): the view draws the robot the target emitted, not a second reading of the parts.

Only what the mjcf target writes is read: body and geom ``pos`` and ``quat`` (w x y z), geom
``type``, ``size``, ``rgba``, ``mesh``, ``group``, ``contype`` and ``conaffinity``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]  # w x y z, as MJCF writes it

IDENTITY: Quat = (1.0, 0.0, 0.0, 0.0)


def qmul(a: Quat, b: Quat) -> Quat:
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    )


def rotate(q: Quat, v: Vec) -> Vec:
    _, x, y, z = qmul(qmul(q, (0.0, *v)), (q[0], -q[1], -q[2], -q[3]))
    return (x, y, z)


def compose(pos: Vec, quat: Quat, local_pos: Vec, local_quat: Quat) -> tuple[Vec, Quat]:
    p = rotate(quat, local_pos)
    return (pos[0] + p[0], pos[1] + p[1], pos[2] + p[2]), qmul(quat, local_quat)


def inverse(pos: Vec, quat: Quat) -> tuple[Vec, Quat]:
    conj = (quat[0], -quat[1], -quat[2], -quat[3])
    p = rotate(conj, pos)
    return (-p[0], -p[1], -p[2]), conj


def _floats(text: str | None, default: tuple) -> tuple:
    if not text:
        return default
    try:
        return tuple(float(v) for v in text.split())
    except ValueError:
        return default


@dataclass
class Geom:
    name: str
    type: str
    size: tuple
    pos: Vec  # in its body's frame
    quat: Quat
    rgba: tuple
    mesh: str | None  # the asset's file, relative to the model's folder
    visual: bool  # collides with nothing: drawn only


@dataclass
class Body:
    name: str
    parent: str | None
    pos: Vec  # in the world, at rest
    quat: Quat
    free: bool  # has a free joint: the robot's base
    geoms: list[Geom] = field(default_factory=list)


def read_bodies(xml_text: str) -> list[Body]:
    """Every body of the model's worldbody, parents first, posed at rest in the world."""
    root = ET.fromstring(xml_text)
    meshes = {m.get("name"): m.get("file") for m in root.iter("mesh")}
    worldbody = root.find("worldbody")
    out: list[Body] = []
    if worldbody is None:
        return out
    world = Body("world", None, (0.0, 0.0, 0.0), IDENTITY, False)
    world.geoms = [_geom(g, meshes) for g in worldbody.findall("geom")]
    out.append(world)

    def walk(element, parent: Body) -> None:
        for child in element.findall("body"):
            pos, quat = compose(
                parent.pos,
                parent.quat,
                _floats(child.get("pos"), (0.0,) * 3),
                _floats(child.get("quat"), IDENTITY),
            )
            body = Body(
                child.get("name") or f"body{len(out)}",
                parent.name,
                pos,
                quat,
                child.find("freejoint") is not None,
            )
            body.geoms = [_geom(g, meshes) for g in child.findall("geom")]
            out.append(body)
            walk(child, body)

    walk(worldbody, world)
    return out


def _geom(element, meshes: dict) -> Geom:
    kind = element.get("type") or "sphere"
    # MJCF's default: a geom collides (contype and conaffinity 1)
    visual = element.get("contype", "1") == "0" and element.get("conaffinity", "1") == "0"
    return Geom(
        element.get("name") or "",
        kind,
        _floats(element.get("size"), ()),
        _floats(element.get("pos"), (0.0,) * 3),
        _floats(element.get("quat"), IDENTITY),
        _floats(element.get("rgba"), (0.5, 0.5, 0.5, 1.0)),
        meshes.get(element.get("mesh")) if kind == "mesh" else None,
        visual,
    )
