"""What stands around the robot where it starts: the world's obstacles, support surfaces and
markers seen from above, in the robot's ground coordinates (base_footprint at the world's
start pose), for the top view. Nothing here judges them; it only places them."""

from __future__ import annotations

import math

import numpy as np

from ..model.frames import Transform as Frame
from ..model.world import Entity, World
from .footprint import Projector
from .geometry import shape_solid
from .model import Outline, clean_polygon
from .planar import convex_polygon

# how an entity type is drawn
KIND = {"Obstacle": "obstacle", "SupportSurface": "surface", "Marker": "marker"}


def _world_to_start(start: tuple[float, float, float]) -> Frame:
    """World coordinates into the robot's: the inverse of its start pose (x, y, yaw)."""
    x, y, yaw = start
    c, s = math.cos(yaw), math.sin(yaw)
    rotation = np.array([[c, s, 0.0], [-s, c, 0.0], [0.0, 0.0, 1.0]])
    return Frame(rotation, -(rotation @ np.array([x, y, 0.0])))


def _entity_frame(entity: Entity) -> Frame:
    x, y, z, qx, qy, qz, qw = entity.pos
    return Frame.from_pose((x, y, z), (qw, qx, qy, qz))


def surroundings(world: World | None) -> tuple[Outline, ...]:
    """One outline a shape of every entity of the world, in the order the world lists them."""
    if world is None:
        return ()
    to_start = _world_to_start(world.start)
    drop = Projector(None)  # the world's floor is the robot's ground
    out = []
    for entity in world.entities:
        frame = to_start @ _entity_frame(entity)
        for shape in entity.shapes:
            shadow = drop.solid(shape_solid(shape, frame))
            out.append(
                Outline(
                    entity.name,
                    KIND.get(entity.entity, "obstacle"),
                    entity.name,
                    clean_polygon(convex_polygon(shadow)),
                )
            )
    return tuple(out)
