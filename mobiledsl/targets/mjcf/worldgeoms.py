"""The world in MJCF: the ground plane and every entity as static geoms from its shapes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ...model.frames import quat_from_rpy
from ...model.world import World
from .robot import pose_attrs, primitive_geom, sub

COLOURS = {
    "Obstacle": "0.75 0.45 0.25 1",
    "SupportSurface": "0.5 0.55 0.5 1",
    "Marker": "0.1 0.7 0.3 0.6",
}


def add_world(worldbody: ET.Element, world: World | None) -> None:
    if world is None or world.ground_plane:
        sub(
            worldbody,
            "geom",
            name="ground",
            type="plane",
            size="0 0 0.05",
            rgba="0.82 0.82 0.8 1",
            friction="1 0.005 0.0001",
        )
    if world is None:
        return
    for entity in world.entities:
        x, y, z, qx, qy, qz, qw = entity.pos
        body = sub(
            worldbody,
            "body",
            name=f"world_{entity.name}",
            **pose_attrs((x, y, z), (qw, qx, qy, qz)),
        )
        solid = entity.collision and entity.entity != "Marker"
        rgba = COLOURS.get(entity.entity, "0.6 0.6 0.6 1")
        if not entity.shapes:
            sub(
                body,
                "site",
                name=f"world_{entity.name}_marker",
                type="cylinder",
                size="0.15 0.001",
                rgba=rgba,
            )
        for i, shape in enumerate(entity.shapes):
            attrs = {"rgba": rgba}
            if not solid:
                attrs.update(contype="0", conaffinity="0", group="1")
            attrs.update(pose_attrs(shape.origin_xyz, quat_from_rpy(shape.rpy)))
            name = f"world_{entity.name}_{i}"  # the robot names its geoms after components
            if shape.size is not None:  # a hull has none, and is no geom of the world
                primitive_geom(body, name, shape.type, shape.size, attrs)
